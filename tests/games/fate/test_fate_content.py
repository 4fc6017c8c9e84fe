"""fate's content for the lab (``State.content()``): heroes, the neutral's fate card, skills and cards used."""

from __future__ import annotations

import tablecraft

SETUP = {"heroes": ["axe", "lich", "juggernaut", "elf_lily", "centaur"],
         "identities": ["sentinel", "scourge", "neutral", "sentinel", "scourge"], "fate": "puppet",
         "hands": [["atk:AS"], [], [], [], []], "turn_seat": 0, "start": "play"}


def state():
    return tablecraft.load("fate", num_seats=5).new_initial_state(seed=1, setup=SETUP)


def test_content_names_each_seats_hero_and_gives_the_fate_card_to_the_neutral_only() -> None:
    content = state().content()
    assert content["hero"] == [["axe"], ["lich"], ["juggernaut"], ["elf_lily"], ["centaur"]]
    assert content["fate"] == [[], [], ["puppet"], [], []]
    assert content["skill"] == content["card"] == [[], [], [], [], []]


def test_a_card_used_is_listed_for_its_user() -> None:
    s = state()
    s.apply("use atk:AS")
    s.apply("target 4")
    assert s.content()["card"] == [["atk"], [], [], [], []]


def test_a_skill_used_is_listed_for_its_hero() -> None:
    s = state()
    for action in ("skill 0", "pick atk:AS", "target 1"):  # axe's 战斗饥渴 on the lich
        s.apply(action)
    assert s.content()["skill"] == [["battle_hunger"], [], [], [], []]


def test_a_1v1_player_has_all_three_of_its_heroes() -> None:
    s = tablecraft.load("fate", num_seats=2).new_initial_state(seed=4)
    while s.content()["hero"] == [[], []]:
        s.apply(s.legal_actions()[0])
    while not s.is_terminal() and any(len(h) < 3 for h in s.content()["hero"]):
        s.apply(s.legal_actions()[0])
    heroes = s.content()["hero"]
    assert [len(h) for h in heroes] == [3, 3] and heroes == [sorted(c.split("+")) for c in s.characters()]
