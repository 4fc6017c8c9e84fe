"""Battle rules: the suit cycle, ties, junk and return, towers and damage, aces, Jokers (seed 000 · 伤害计算及牌去处,
特殊规则1–2, 特殊牌1–5; gaps 0-13 … 0-21)."""

from __future__ import annotations

import pytest
from wt_support import (
    BLUE,
    ORANGE,
    PURPLE,
    c,
    kinds,
    legal,
    names,
    of_kind,
    phase,
    play,
    said,
    start,
    stop_drawing,
)

import tablecraft
from tablecraft.games.wizard_towers.rules import ATTACK, DEFENCE, NOBODY, Special, resolve_battle


def _duel(orange: list[str], blue: list[str], **options: object) -> object:
    s = start({"hands": {"orange": orange, "blue": blue}}, **options)
    stop_drawing(s)
    return s


def _vs_tower(
    orange: list[str], towers: dict[str, list[str]], purple: list[str] | None = None, **options: object
) -> object:
    s = start({"hands": {"orange": orange, "purple": purple or []}, "towers": towers}, **options)
    stop_drawing(s)
    return s


# ------------------------------------------------------------------------------------- 特殊规则1: suit cycle
SUIT_CASES = [
    # attack suit, defence suit, bonus (attack, defence)
    # ♠ beats ♦ and ♣; ♦ and ♣ beat ♥; ♥ beats ♠
    ("S", "D", (1, 0)),
    ("S", "C", (1, 0)),
    ("D", "H", (1, 0)),
    ("C", "H", (1, 0)),
    ("H", "S", (1, 0)),
    # the same pairs the other way round: the defence gets the point
    ("D", "S", (0, 1)),
    ("C", "S", (0, 1)),
    ("H", "D", (0, 1)),
    ("H", "C", (0, 1)),
    ("S", "H", (0, 1)),
    # ♦ vs ♣, and equal suits: no bonus
    ("D", "C", (0, 0)),
    ("C", "D", (0, 0)),
    ("S", "S", (0, 0)),
    ("H", "H", (0, 0)),
    ("C", "C", (0, 0)),
    ("D", "D", (0, 0)),
]


@pytest.mark.parametrize(("att", "dfn", "bonus"), SUIT_CASES, ids=[f"{a}-vs-{d}" for a, d, _ in SUIT_CASES])
def test_suit_cycle_gives_the_beating_suit_one_point(att: str, dfn: str, bonus: tuple[int, int]) -> None:
    out = resolve_battle(c("9" + att), 0, c("5" + dfn), 0)
    assert out.bonus == bonus
    assert (out.loser, out.damage) == (DEFENCE, 4 + bonus[0] - bonus[1])


def test_suit_bonus_follows_the_action_card_not_the_other_card() -> None:
    # ♥5 + ♠4 against ♣9: leading the ♠ beats ♣ (+1); leading the ♥ is beaten by ♣ (+1 to the defence).
    spade_lead = resolve_battle(c("5H", "4S"), 1, c("9C"), 0)
    heart_lead = resolve_battle(c("5H", "4S"), 0, c("9C"), 0)
    assert spade_lead.bonus == (1, 0) and spade_lead.loser == DEFENCE and spade_lead.damage == 1
    assert heart_lead.bonus == (0, 1) and heart_lead.loser == ATTACK and heart_lead.damage == 1


def test_spade_beats_clubs_by_one_in_play() -> None:
    s = _duel(["7S"], ["5C"])
    events = play(s, "attack blue", "play 7S", "play 5C")
    assert s.hp == [100, 97, 150]
    assert said(events, "damage") == ["blue (warrior) takes 3 battle damage: 7 (7♠) + 1 (♠ suit bonus) − 5 (5♣) = 3 (HP 97)"]


def test_hearts_beat_spades_even_for_the_defender_in_play() -> None:
    s = _duel(["7S"], ["5H"])
    play(s, "attack blue", "play 7S", "play 5H")
    assert s.hp == [100, 99, 150]  # 7 − (5 + 1)


def test_two_joker_leads_cancel_out() -> None:
    out = resolve_battle(c("JKR"), 0, c("JKB"), 0)
    assert out.bonus == (0, 0)
    assert (out.loser, out.damage) == (NOBODY, 0)


# ---------------------------------------------------------------------------------------------------- ties
def test_equal_totals_deal_no_damage_and_junk_both_sides() -> None:
    s = _duel(["7D"], ["7C"])
    events = play(s, "attack blue", "play 7D", "play 7C")
    assert s.hp == [100, 100, 150]
    assert of_kind(events, "damage") == []
    assert names(s.junk) == ["7D", "7C"]
    assert s.hands[ORANGE] == [] and s.hands[BLUE] == []


def test_a_suit_bonus_can_make_a_tie_that_deals_no_damage() -> None:
    # 8♠ (+1 over ♣) against 9♣: effective 9 = 9, no damage; 8 ≤ 9 is junked, 9 > 8 goes home.
    out = resolve_battle(c("8S"), 0, c("9C"), 0)
    assert (out.loser, out.damage, out.bonus) == (NOBODY, 0, (1, 0))
    s = _duel(["8S"], ["9C"])
    events = play(s, "attack blue", "play 8S", "play 9C")
    assert s.hp == [100, 100, 150]
    assert of_kind(events, "damage") == []
    assert names(s.junk) == ["8S"]
    assert names(s.hands[BLUE]) == ["9C"]


def test_a_tie_made_by_a_suit_bonus_is_explained_with_the_bonus() -> None:
    out = resolve_battle(c("8S"), 0, c("9C"), 0)
    assert out.explain() == "8 (8S) + 1 (♠ suit bonus) = 9 (9C): no damage"


# ------------------------------------------------------------------------------------- junk and going home
def test_cards_up_to_the_other_sides_face_total_are_junked_and_the_rest_go_home() -> None:
    s = _duel(["KD", "5D"], ["QC"])
    play(s, "attack blue", "play KD", "play 5D", "lead 1", "play QC")
    assert s.hp == [100, 94, 150]  # 18 − 12, ♦ vs ♣ no bonus
    assert names(s.junk) == ["5D", "QC"]  # 5 ≤ 12, 12 ≤ 18
    assert names(s.hands[ORANGE]) == ["KD"]  # 13 > 12 returns


def test_an_undefended_attack_returns_all_attack_cards() -> None:
    s = _duel(["KD", "JKB"], [])
    events = play(s, "attack blue", "play KD", "play JKB", "lead 2")
    assert s.hp == [100, 72, 150]  # 28, and no bonus against an empty side
    assert "13 (K♦) + 15 (JKB) = 28" in said(events, "damage")[0]
    assert names(s.hands[ORANGE]) == ["KD", "JKB"]
    assert s.junk == []


def test_surviving_tower_cards_go_back_to_their_tower() -> None:
    s = _vs_tower(["3H"], {"left": ["KS"], "right": ["2S"], "main": ["4S", "5S"]})
    play(s, "attack left", "play 3H", "play left#1")
    assert s.hp == [91, 100, 150]  # 13 − (3 + 1 for ♥ over ♠)
    assert names(s.towers[0]) == ["KS"]
    assert names(s.junk) == ["3H"]


# ------------------------------------------------------------------------------------------ towers and damage
def test_side_tower_takes_no_damage() -> None:
    s = _vs_tower(["KH"], {"left": ["2S"], "right": ["3S"], "main": ["4S", "5S"]})
    events = play(s, "attack left", "play KH", "play left#1")
    assert s.hp == [100, 100, 150]
    assert of_kind(events, "damage") == []
    assert of_kind(events, "tower_unharmed")[0]["amount"] == 12  # 13 + 1 − 2, void
    assert s.towers[0] == []  # the tower is broken


def test_main_tower_damage_goes_to_the_wizard() -> None:
    s = _vs_tower(["KH"], {"left": [], "right": ["3S"], "main": ["4S", "2C"]})
    events = play(s, "attack main", "play KH", "play main#1", "done")
    assert s.hp == [100, 100, 140]  # 13 + 1 (♥ over ♠) − 4
    [dmg] = of_kind(events, "damage")
    assert (dmg["seat"], dmg["amount"]) == (PURPLE, 10)


def test_attacker_losing_to_a_side_tower_takes_the_damage() -> None:
    s = _vs_tower(["5D"], {"left": ["KS"], "right": ["3S"], "main": ["4S", "5S"]})
    play(s, "attack left", "play 5D", "play left#1")
    assert s.hp == [91, 100, 150]  # 13 + 1 (♠ over ♦) − 5


# ------------------------------------------------------------------------------------------ cards per side
def test_an_attack_takes_one_or_two_cards() -> None:
    s = _duel(["KD", "5D", "2C"], ["3C"])
    play(s, "attack blue")
    assert legal(s) == ["play 2C", "play 5D", "play KD"]  # no "done": an attack commits at least one card
    play(s, "play KD")
    assert legal(s) == ["play 2C", "play 5D", "done"]
    play(s, "play 5D")
    assert phase(s) == "ATTACK_LEAD"  # two cards: no third is offered
    assert legal(s) == ["lead 1", "lead 2"]


def test_a_warrior_defends_with_up_to_two_cards_or_none() -> None:
    s = _duel(["KD"], ["2C", "3C", "4C"])
    play(s, "attack blue", "play KD")
    assert legal(s) == ["play 2C", "play 3C", "play 4C", "done"]
    play(s, "play 2C", "play 3C")
    assert phase(s) == "DEFEND_LEAD"
    events = play(s, "lead 1")
    assert of_kind(events, "battle")[0]["defence"] == ["2C", "3C"]
    assert names(s.hands[BLUE]) == ["4C"]


# ------------------------------------------------------------------------------------------------- the aces
def test_ace_fires_only_as_the_action_card() -> None:
    as_lead = resolve_battle(c("AS", "2S"), 0, c("5C"), 0)
    other_lead = resolve_battle(c("AS", "2S"), 1, c("5C"), 0)
    assert as_lead.special is Special.ASSASSINATION
    assert other_lead.special is None and other_lead.special_damage == 0
    s = _duel(["AS", "2S"], ["5C"])
    events = play(s, "attack blue", "play AS", "play 2S", "lead 2", "play 5C")
    assert s.hp == [99, 100, 150]  # 5 − 3 − 1: only battle damage, no assassination
    assert [d["source"] for d in of_kind(events, "damage")] == ["battle"]


def test_ace_fires_only_when_its_sides_face_total_is_lower() -> None:
    higher = resolve_battle(c("AS", "KS"), 0, c("5C"), 0)
    equal = resolve_battle(c("AS", "4D"), 0, c("5C"), 0)
    assert higher.special is None and equal.special is None
    assert (equal.loser, equal.damage) == (DEFENCE, 1)  # 5 + 1 (♠ over ♣) − 5
    s = _duel(["AS", "KS"], ["5C"])
    events = play(s, "attack blue", "play AS", "play KS", "lead 1", "play 5C")
    assert s.hp == [100, 90, 150]  # 14 + 1 − 5, and no assassination on top
    assert [d["source"] for d in of_kind(events, "damage")] == ["battle"]


def test_a_defending_ace_fires_for_the_defence() -> None:
    out = resolve_battle(c("5C"), 0, c("AS", "2D"), 0)
    assert (out.special, out.special_side, out.special_damage) == (Special.ASSASSINATION, DEFENCE, 4)
    s = _duel(["5C"], ["AS", "2D"])
    play(s, "attack blue", "play 5C", "play AS", "play 2D", "lead 1")
    assert s.hp == [96, 99, 150]


def test_spade_ace_special_damage_is_void_against_a_side_tower() -> None:
    s = _vs_tower(["AS", "2D"], {"left": ["5C"], "right": ["3S"], "main": ["4S", "6S"]})
    events = play(s, "attack left", "play AS", "play 2D", "lead 1", "play left#1")
    assert s.hp == [99, 100, 150]
    assert [u.get("special") for u in of_kind(events, "tower_unharmed")] == ["assassination"]


def test_spade_ace_special_damage_on_the_main_tower_goes_to_the_wizard() -> None:
    s = _vs_tower(["AS", "2D"], {"left": [], "right": ["3S"], "main": ["5C"]})
    events = play(s, "attack main", "play AS", "play 2D", "lead 1", "play main#1")
    assert s.hp == [99, 100, 146]
    assert [(d["seat"], d["amount"], d["source"]) for d in of_kind(events, "damage")] == [
        (ORANGE, 1, "battle"),
        (PURPLE, 4, "assassination"),
    ]


def test_club_ace_special_damage_is_void_against_a_side_tower_but_immunity_holds() -> None:
    s = _vs_tower(["AC", "2D"], {"left": ["5S"], "right": ["3S"], "main": ["4S", "6S"]})
    events = play(s, "attack left", "play AC", "play 2D", "lead 1", "play left#1")
    assert s.hp == [100, 100, 150]
    assert of_kind(events, "damage") == []
    assert [u.get("special") for u in of_kind(events, "tower_unharmed")] == ["archery"]


def test_club_ace_special_damage_on_the_main_tower_goes_to_the_wizard() -> None:
    s = _vs_tower(["AC", "2D"], {"left": [], "right": ["3S"], "main": ["5S"]})
    play(s, "attack main", "play AC", "play 2D", "lead 1", "play main#1")
    assert s.hp == [100, 100, 148]


def test_club_ace_rounds_half_up_and_spade_ace_rounds_down() -> None:
    archery = resolve_battle(c("AC", "4D"), 0, c("KS"), 0)  # 5 ÷ 2 = 2.5 → 3
    assassination = resolve_battle(c("AS", "4D"), 0, c("KH"), 0)  # 5 × 1.5 = 7.5 → 7
    assert archery.special_damage == 3
    assert assassination.special_damage == 7


def test_heart_ace_heals_the_largest_card_on_the_board_including_a_joker() -> None:
    out = resolve_battle(c("AH", "2D"), 0, c("JKB", "3S"), 0)
    assert (out.special, out.heal) == (Special.SUPPLY, 15)


def test_heart_ace_healing_is_uncapped_by_default() -> None:
    s = _duel(["AH", "8D"], ["KS"])
    play(s, "attack blue", "play AH", "play 8D", "lead 1", "play KS")
    assert s.hp[ORANGE] == 110


def test_heart_ace_healing_stops_at_starting_hp_with_heal_cap() -> None:
    s = _duel(["AH", "8D"], ["KS"], heal_cap=True)
    events = play(s, "attack blue", "play AH", "play 8D", "lead 1", "play KS")
    assert s.hp[ORANGE] == 100
    assert [(h["seat"], h["amount"], h["full"], h["hp"]) for h in of_kind(events, "healed")] == [(ORANGE, 3, 13, 100)]
    assert "capped at the starting HP: 3 of 13" in said(events, "healed")[0]


def test_heart_ace_of_a_side_tower_heals_the_wizard() -> None:
    s = start(
        {
            "hands": {"orange": ["KS"]},
            "towers": {"left": ["AH"], "right": ["3S"], "main": ["4S", "6S"]},
            "hp": {"purple": 100},
        }
    )
    stop_drawing(s)
    play(s, "attack left", "play KS", "play left#1")
    assert s.hp == [100, 100, 113]  # the side tower's 12 damage is void, the supply heals 13


def test_diamond_ace_attacker_takes_the_main_towers_largest_card_into_hand() -> None:
    s = _vs_tower(["AD", "3C"], {"left": [], "right": ["3S"], "main": ["QH", "2H"]})
    # The second tower card moves up to position main#1 once the first has left the tower.
    play(s, "attack main", "play AD", "play 3C", "lead 1", "play main#1", "play main#1", "lead 1")
    # 4 (+1, ♦ over ♥) against 14: the attacker takes 9; ♦A fires; QH (12 > 4) survives and changes owner.
    assert s.hp == [91, 100, 150]
    assert names(s.hands[ORANGE]) == ["QH"]
    assert s.towers[2] == []
    assert set(names(s.junk)) == {"AD", "3C", "2H"}


def test_a_towers_diamond_ace_puts_the_attackers_largest_card_on_that_tower_unseen_by_a_forgetful_wizard() -> None:
    # 特殊牌5 for a tower's side (gap 0-18): the attacker's K takes the place the tower's A came from; by
    # 巫师特殊规则5 without memory the wizard cannot look at it there, though everyone saw it revealed.
    s = _vs_tower(["KH"], {"left": ["AD"], "right": ["3S"], "main": ["4S", "6S"]}, wizard_remembers_towers=False)
    events = play(s, "attack left", "play KH", "play left#1")
    [swap] = of_kind(events, "arcane_swap")
    assert swap == {"attack_card": "KH", "defence_card": "AD", "attack_card_to": "tower:left",
                    "defence_card_to": "hand:orange", "base": 1, "other": 13}
    assert names(s.towers[0]) == ["KH"] and s.hands[ORANGE] == []
    assert names(s.junk) == ["AD"]  # 1 ≤ 13; the K (13 > 1) survives and changes owner
    assert s.hp == [100, 100, 150]  # 13 − (1 + 1 for ♦ over ♥) = 11, void on a side tower
    assert s.view(ORANGE)["towers"][0]["cards"] == ["KH"]
    assert s.view(PURPLE)["towers"][0]["cards"] == [None]
    back = [e for e in s.log(PURPLE) if e["kind"] == "returned" and e["to"] == "tower:left"]
    assert back == [{"kind": "returned", "to": "tower:left"}]  # his log does not name it either
    assert {"kind": "returned", "to": "tower:left", "card": "KH"} in s.log(ORANGE)


def test_a_wizard_who_remembers_sees_the_card_a_diamond_ace_puts_on_his_tower() -> None:
    s = _vs_tower(["KH"], {"left": ["AD"], "right": ["3S"], "main": ["4S", "6S"]})
    play(s, "attack left", "play KH", "play left#1")
    assert s.view(PURPLE)["towers"][0]["cards"] == ["KH"]
    assert {"kind": "returned", "to": "tower:left", "card": "KH"} in s.log(PURPLE)


# --------------------------------------------------------------------------------------- Jokers must lead
def test_a_played_joker_is_the_only_action_card_the_lead_step_offers() -> None:
    s = _duel(["JKR", "5H"], ["10C"])
    play(s, "attack blue", "play JKR", "play 5H")
    assert phase(s) == "ATTACK_LEAD"  # asked all the same: skipping it would tell blue of the Joker
    assert legal(s) == ["lead 1"]
    play(s, "lead 1", "play 10C")
    assert s.hp == [100, 89, 150]  # 15 + 5 + 1 (Joker beats any suit) − 10


def test_without_joker_must_lead_another_card_may_lead_and_the_joker_adds_only_fifteen() -> None:
    s = _duel(["JKR", "5H"], ["10C"], joker_must_lead=False)
    play(s, "attack blue", "play JKR", "play 5H")
    assert legal(s) == ["lead 1", "lead 2"]
    events = play(s, "lead 2", "play 10C")
    assert s.hp == [100, 91, 150]  # 20 − (10 + 1 for ♣ over ♥)
    assert "15 (JKR) + 5 (5♥) − 10 (10♣) − 1 (♣ suit bonus) = 9" in said(events, "damage")[0]


def test_with_a_joker_played_no_other_action_card_can_be_named() -> None:
    s = _duel(["5H", "JKR"], ["10C"])
    play(s, "attack blue", "play 5H", "play JKR")
    assert phase(s) == "ATTACK_LEAD"
    with pytest.raises(tablecraft.IllegalActionError):
        s.apply("lead 1")
    assert "battle" not in kinds(s.events())
    events = play(s, "lead 2", "play 10C")
    assert of_kind(events, "battle")[0]["leads"] == [1, 0]  # the Joker, played second, led
