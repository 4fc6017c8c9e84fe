"""Seed 004 · 一–五 (the standard preparation) and the documented setup format (``setup.py``)."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from fate_support import deciding, hand, legal, start

import tablecraft
from tablecraft.core.errors import SetupError
from tablecraft.games.fate.content import DECK_SIZE, FATES, HEROES

TABLE = {  # seed 004 · 三、决定身份: (近卫, 天灾, 中立) by players
    (4, "2/2/2"): (2, 2, 0),
    (5, "2/2/2"): (2, 2, 1),
    (6, "2/2/2"): (2, 2, 2),
    (6, "3/3/0"): (3, 3, 0),
    (7, "2/2/2"): (3, 3, 1),
    (8, "2/2/2"): (3, 3, 2),
}


def fresh(n: int, seed: int, **options: Any) -> Any:
    return tablecraft.load("fate", num_seats=n, **options).new_initial_state(seed=seed)


def prepared(n: int, seed: int, **options: Any) -> Any:
    """The standard preparation with every seat picking its first candidate."""
    s = fresh(n, seed, **options)
    while deciding(s)[1] == "pick_hero":
        s.apply(s.legal_actions()[0])
    return s


# ------------------------------------------------------------------------------------------ 一、确定宿命
@pytest.mark.parametrize(("n", "split"), [(4, "2/2/2"), (6, "3/3/0")])
def test_no_fate_card_is_drawn_when_no_neutral_sits(n: int, split: str) -> None:
    for seed in range(5):
        s = fresh(n, seed, six_split=split)
        assert s.view(None)["fate"] is None
        assert "fate" not in [e.kind for e in s.events()]


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_a_fate_card_is_drawn_face_up_when_a_neutral_sits(n: int) -> None:
    codes = {f.code for f in FATES}
    drawn = set()
    for seed in range(30):
        s = fresh(n, seed)
        fate = s.view(None)["fate"]
        assert fate in codes
        assert all(s.view(p)["fate"] == fate for p in range(n))
        drawn.add(fate)
    assert len(drawn) >= 5  # a random card of the eight


# ------------------------------------------------------------------------------------------ 二、挑选英雄
@pytest.mark.parametrize("n", [4, 5, 8])
def test_each_player_is_dealt_three_hero_candidates_no_two_alike(n: int) -> None:
    s = fresh(n, 7)
    cands = [s.view(p)["candidates"] for p in range(n)]
    assert all(len(c) == 3 for c in cands)
    assert len({h for c in cands for h in c}) == 3 * n
    assert deciding(s) == (0, "pick_hero")
    assert legal(s) == {f"hero {h}" for h in cands[0]}
    assert s.view(None)["candidates"] == []


def test_a_seat_sees_only_its_own_candidates() -> None:
    s = fresh(5, 2)
    mine = s.view(1)["candidates"]
    others = {h for p in (0, 2, 3, 4) for h in s.view(p)["candidates"]}
    for seat in (0, 2, None):
        strings = str(s.view(seat)) + str(s.log(seat))
        assert not any(f"'{h}'" in strings for h in mine), seat
    assert not any(f"'{h}'" in str(s.log(1)) for h in others)


def test_picks_stay_hidden_until_every_player_has_picked() -> None:
    s = fresh(4, 3)
    first = s.view(0)["candidates"][1]
    s.apply(f"hero {first}")
    assert s.view(0)["my_pick"] == first
    assert s.view(0)["players"][0]["hero"] is None
    for seat in (1, 2, 3, None):
        v = s.view(seat)
        assert v["picked"] == [True, False, False, False]
        assert v["my_pick"] is None
        assert f"'{first}'" not in str(v) + str(s.log(seat))
    for _ in (1, 2):
        s.apply(s.legal_actions()[0])
    assert all(s.view(None)["players"][p]["hero"] is None for p in range(4))
    s.apply(s.legal_actions()[0])
    heroes = [pl["hero"] for pl in s.view(None)["players"]]
    assert heroes[0] == first and None not in heroes
    assert [e for e in s.log(None) if e["kind"] == "heroes"] == [{"kind": "heroes", "heroes": heroes}]


# ------------------------------------------------------------------------------------------ 三、决定身份
@pytest.mark.parametrize(("n", "split"), sorted(TABLE))
def test_identities_are_dealt_by_the_seed_table(n: int, split: str) -> None:
    want = TABLE[(n, split)]
    dealt = set()
    for seed in range(8):
        s = prepared(n, seed, six_split=split)
        counts = Counter(s.roles())
        assert (counts["sentinel"], counts["scourge"], counts["neutral"]) == want
        dealt.add(tuple(s.roles()))
    assert len(dealt) > 1  # dealt at random


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_each_seat_knows_its_own_identity_and_its_next_seats_only(n: int) -> None:
    s = prepared(n, 11)
    roles = s.roles()
    for seat in range(n):
        shown = [pl["identity"] for pl in s.view(seat)["players"]]
        nxt = (seat + 1) % n
        assert shown == [roles[p] if p in (seat, nxt) else None for p in range(n)]
    assert [pl["identity"] for pl in s.view(None)["players"]] == [None] * n


def test_identities_are_dealt_after_the_heroes_are_picked() -> None:
    s = fresh(5, 4)
    assert all(pl["identity"] is None for pl in s.view(0)["players"])
    kinds = [e.kind for e in prepared(5, 4).events()]
    assert kinds.index("heroes") < kinds.index("identity")


# ------------------------------------------------------------------------------------------ 四、五
def test_heroes_start_at_their_hp_limit_with_no_rage_and_four_cards() -> None:
    s = prepared(6, 5)
    v = s.view(None)
    for pl in v["players"]:
        h = next(x for x in HEROES if x.code == pl["hero"])
        assert (pl["hp"], pl["max_hp"], pl["rage"], pl["hand_limit"]) == (h.hp, h.hp, 0, h.hand)
    first = v["turn_seat"]
    # four each, and the first player has drawn its two for its first turn
    assert [pl["hand_size"] for pl in v["players"]] == [6 if p == first else 4 for p in range(6)]
    assert v["deck"] == DECK_SIZE - 4 * 6 - 2
    assert v["discard"] == [] and v["turn"] == 1


def test_the_first_player_is_random() -> None:
    firsts = Counter(prepared(5, seed).view(None)["turn_seat"] for seed in range(40))
    assert set(firsts) == set(range(5))


def test_the_starting_hands_are_seen_only_by_their_owners() -> None:
    s = prepared(4, 9)
    for p in range(4):
        mine = hand(s, p)
        assert len(mine) >= 4
        for seat in [q for q in range(4) if q != p] + [None]:
            assert s.view(seat)["players"][p]["hand"] is None
            assert not set(mine) & set(str(s.log(seat)).replace("'", " ").split())


# ------------------------------------------------------------------------------------------ setup format
def test_a_setup_places_every_card_it_names_and_starts_in_the_play_phase() -> None:
    s = start(["axe", "lich", "juggernaut", "elf_lily", "troll_warlord"],
              identities=["sentinel", "scourge", "neutral", "sentinel", "scourge"], fate="plague",
              hp=[4, 2, 4, 3, 1], rage=[0, 3, 1, 0, 2], hands=[["atk:AS", "dodge:6H"], [], ["salve:AH"], [], []],
              weapon=[None, "skadi:JS", None, None, None], armour=[None, None, None, "cloak:2C", None],
              status=[[], [], ["siren:5C"], [], []], deck=["salve:2H", "dodge:6H#2"], discard=["chaos:3H"],
              turn_seat=0)
    v = s.view(0)
    p = v["players"]
    assert [x["hp"] for x in p] == [4, 2, 4, 3, 1] and [x["rage"] for x in p] == [0, 3, 1, 0, 2]
    assert p[0]["hand"] == ["atk:AS", "dodge:6H"] and [x["hand_size"] for x in p] == [2, 0, 1, 0, 0]
    assert p[1]["weapon"] == "skadi:JS" and p[3]["armour"] == "cloak:2C" and p[2]["status"] == ["siren:5C"]
    assert v["discard"] == ["chaos:3H"] and v["fate"] == "plague" and v["deck"] == DECK_SIZE - 7
    assert deciding(s) == (0, "play")
    s.apply("pass")  # seat 0 ends its turn; seat 1 draws the listed top cards, in order
    assert deciding(s)[0] == 1
    assert hand(s, 1) == ["dodge:6H#2", "salve:2H"]


def test_a_setup_starting_at_the_turn_start_runs_the_whole_turn() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], deck=["salve:AH", "dodge:6H"], start="turn",
              turn_seat=2)
    assert deciding(s) == (2, "play")
    assert hand(s, 2) == ["dodge:6H", "salve:AH"]


def test_a_setup_leaves_unplaced_cards_in_the_deck() -> None:
    s = start(["axe", "lich", "juggernaut", "elf_lily"], hands=[["atk:AS"], ["atk:2S"], [], []])
    assert s.view(None)["deck"] == DECK_SIZE - 2
    assert sorted(s.deck + [c for h in s.hands for c in h]) == list(range(DECK_SIZE))


def test_a_setup_in_the_identity_game_shows_each_seat_its_own_and_its_next_seats_identity() -> None:
    s = start(["axe", "lich", "juggernaut", "elf_lily", "troll_warlord"],
              identities=["sentinel", "scourge", "neutral", "sentinel", "scourge"], fate="puppet")
    assert [pl["identity"] for pl in s.view(4)["players"]] == ["sentinel", None, None, None, "scourge"]


def test_a_setup_may_seat_dead_heroes_whose_identities_are_public() -> None:
    s = start(["axe", "lich", "juggernaut", "elf_lily", "troll_warlord"], hp=[4, 0, 4, 3, 4],
              identities=["sentinel", "scourge", "neutral", "sentinel", "scourge"], fate="puppet")
    assert [pl["alive"] for pl in s.view(None)["players"]] == [True, False, True, True, True]
    assert s.view(None)["players"][1]["identity"] == "scourge"


def test_a_setup_deals_identities_by_the_table_when_none_are_given() -> None:
    g = tablecraft.load("fate", num_seats=7)
    s = g.new_initial_state(seed=1, setup={"heroes": ["axe", "lich", "juggernaut", "elf_lily", "troll_warlord",
                                                      "chen", "ursa"]})
    assert Counter(s.roles()) == Counter({"sentinel": 3, "scourge": 3, "neutral": 1})
    assert s.view(None)["fate"] is not None


def test_a_2v2_setup_without_identities_seats_a_with_its_upstream() -> None:
    g = tablecraft.load("fate", num_seats=4, mode="2v2")
    s = g.new_initial_state(seed=1, setup={"heroes": ["axe", "lich", "juggernaut", "elf_lily"]})
    assert s.roles() == ["sentinel", "scourge", "scourge", "sentinel"]


BAD: list[tuple[str, dict[str, Any], str]] = [
    ("unknown card", {"hands": [["atk:ZZ"], [], [], []]}, "unknown card 'atk:ZZ'"),
    ("unknown hero", {"heroes": ["axe", "lich", "pudge", "elf_lily"]}, "unknown hero 'pudge'"),
    ("unknown fate", {"identities": ["sentinel", "scourge", "neutral", "scourge"], "fate": "doom"},
     "unknown fate 'doom'"),
    ("fate without a neutral", {"fate": "puppet"}, "no neutral"),
    ("duplicate card", {"hands": [["atk:AS"], [], [], []], "discard": ["atk:AS"]}, "card atk:AS is placed twice"),
    ("duplicate in one hand", {"hands": [["atk:AS", "atk:AS"], [], [], []]}, "card atk:AS is placed twice"),
    ("too few heroes", {"heroes": ["axe", "lich", "juggernaut"]}, "3 heroes for 4 seats"),
    ("short hp", {"hp": [4, 3]}, "hp has 2 entries for 4 seats"),
    ("long hands", {"hands": [[], [], [], [], []]}, "hands has 5 entries for 4 seats"),
    ("short identities", {"identities": ["sentinel", "scourge"]}, "identities has 2 entries"),
    ("short weapons", {"weapon": [None]}, "weapon has 1 entries"),
    ("bad turn seat", {"turn_seat": 4}, "turn_seat 4 is not a seat"),
    ("negative turn seat", {"turn_seat": -1}, "turn_seat -1 is not a seat"),
    ("dead turn seat", {"hp": [0, 3, 4, 3], "turn_seat": 0}, "turn_seat 0 is dead"),
    ("hp above limit", {"hp": [5, 3, 4, 3]}, "seat 0 has 5 HP, above its limit 4"),
    ("rage above limit", {"rage": [0, 4, 0, 0]}, "seat 1 has 4 rage"),
    ("dead hero with cards", {"hp": [4, 0, 4, 3], "hands": [[], ["atk:AS"], [], []]}, "seat 1 is dead"),
    ("salve as weapon", {"weapon": ["salve:AH", None, None, None]}, "salve:AH cannot be in seat 0's weapon"),
    ("weapon as armour", {"armour": [None, "skadi:JS", None, None]}, "skadi:JS cannot be in seat 1's armour"),
    ("attack as status", {"status": [[], [], ["atk:AS"], []]}, "atk:AS cannot be in seat 2's status"),
    ("dodge as bomb", {"bombs": [[], [], [], ["dodge:6H"]]}, "dodge:6H cannot be in seat 3's bombs"),
    ("armour with 圣者遗物", {"weapon": ["relic:KC", None, None, None], "armour": ["ring:JD", None, None, None]},
     "seat 0 wears ring:JD with relic:KC, which forbids armour"),
    ("unknown key", {"hand": [[], [], [], []]}, "hand"),
    ("bad identity word", {"identities": ["sentinel", "scourge", "rebel", "scourge"]}, "rebel"),
    ("bad start word", {"start": "draw"}, "start"),
    ("bench outside 1v1", {"bench": [[], [], [], []]}, "only in 1v1"),
]


@pytest.mark.parametrize(("what", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_malformed_setup_is_rejected_naming_the_problem(what: str, change: dict[str, Any], message: str) -> None:
    game = tablecraft.load("fate", num_seats=4)
    setup = {"heroes": ["axe", "lich", "juggernaut", "elf_lily"],
             "identities": ["sentinel", "scourge", "sentinel", "scourge"], **change}
    before = copy.deepcopy(setup)
    options = dict(game.options)
    with pytest.raises(SetupError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game.new_initial_state(seed=1, setup=setup)
    assert setup == before and game.options == options  # nothing was changed
    assert game.new_initial_state(seed=1, setup={"heroes": ["axe", "lich", "juggernaut", "elf_lily"]})


@pytest.mark.parametrize(("mode", "n"), [("1v1", 2), ("1v1v1", 3)])
def test_the_small_table_modes_take_no_identities_in_a_setup(mode: str, n: int) -> None:
    game = tablecraft.load("fate", num_seats=n, mode=mode)
    heroes = ["axe", "lich", "juggernaut"][:n]
    with pytest.raises(SetupError, match=f"mode {mode} has no identities"):
        game.new_initial_state(seed=1, setup={"heroes": heroes, "identities": ["sentinel"] * n})


def test_a_2v2_setup_needs_two_against_two() -> None:
    game = tablecraft.load("fate", num_seats=4, mode="2v2")
    with pytest.raises(SetupError, match="two sentinel and two scourge"):
        game.new_initial_state(seed=1, setup={"heroes": ["axe", "lich", "juggernaut", "elf_lily"],
                                              "identities": ["sentinel", "scourge", "neutral", "scourge"]})


def test_a_1v1_setup_cannot_place_the_removed_sirens() -> None:
    game = tablecraft.load("fate", num_seats=2)
    with pytest.raises(SetupError, match="海妖之歌 are out of the game in 1v1"):
        game.new_initial_state(seed=1, setup={"heroes": ["axe", "lich"], "hands": [["siren:5C"], []]})
    s = game.new_initial_state(seed=1, setup={"heroes": ["axe", "lich"]})
    assert sorted(s.view(None)["removed"]) == ["siren:5C", "siren:5C#2"]
    assert s.view(None)["deck"] == DECK_SIZE - 2


def test_a_1v1_setup_bench_rejects_a_hero_already_in_the_game() -> None:
    game = tablecraft.load("fate", num_seats=2)
    with pytest.raises(SetupError, match="hero axe is in the game twice"):
        game.new_initial_state(seed=1, setup={"heroes": ["axe", "lich"], "bench": [["juggernaut"], ["axe"]]})
    with pytest.raises(SetupError, match="rests 3 heroes"):
        game.new_initial_state(seed=1, setup={"heroes": ["axe", "lich"],
                                              "bench": [["juggernaut", "chen", "ursa"], []]})
