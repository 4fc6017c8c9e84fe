"""The setup format reaches every position of a game under way (issue 15; docs/rules/fate.md §11.2): faith cards,
a revealed Roshan, 重生 already used, a pending 时间静止 skip, 海妖之歌's protection, this turn's cast states and
card effects, and in 1v1 the right-hand bench and wounded resting heroes. Each key is set up and the game played on
from it; each malformed value is refused, naming the problem."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from fate_support import act, deciding, hand, kinds, legal, of_kind, pass_until, start
from fate_support import act_undispelled as go

import tablecraft
from tablecraft.core.errors import SetupError

S, C, N = "sentinel", "scourge", "neutral"
TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (5 HP), 1 巨魔战将 (4), 2 地穴编织者 (3), 3 龙骑士 (4)."""


def player(s: Any, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """One seat as ``viewer`` sees it."""
    return s.view(viewer)["players"][seat]


# ------------------------------------------------------------------------------------------------ faith
def test_faith_cards_set_up_on_a_guardian_knight_are_its_own_to_take_in_its_play_phase() -> None:
    s = start(["guardian_knight", "centaur", "weaver", "chen"], faith=[["salve:AH", "dodge:9D"], [], [], []])
    assert player(s, 0, 0)["pile_cards"] == ["dodge:9D", "salve:AH"]
    assert player(s, 0, 1)["pile"] == 2 and player(s, 0, 1)["pile_cards"] is None
    assert "skill 1" in legal(s)  # 信仰: take them into the hand
    act(s, "skill 1")
    assert hand(s, 0) == ["dodge:9D", "salve:AH"] and player(s, 0)["pile"] == 0


# ------------------------------------------------------------------------------------------------ Roshan
def _roshan(**setup: Any) -> Any:
    return start(["axe", "lich", "troll_warlord", "elf_lily"], identities=[S, C, N, S], fate="roshan", roshan=2,
                 **setup)


def test_a_revealed_roshan_is_public_and_is_not_asked_again() -> None:
    s = _roshan(start="turn", turn_seat=2)
    assert player(s, 2, 0)["identity"] == N and s.view(0)["roshan"] == 2
    assert deciding(s) == (2, "play")  # no roshan_ask: already revealed
    drew = [(e["seat"], e["count"]) for e in s.log(None) if e["kind"] == "drew"]
    assert drew == [(2, 2 + 3)] and player(s, 2)["hand_limit"] == 4 + 3  # X = 3 other living heroes


def test_when_a_set_up_roshan_dies_every_other_hero_wins() -> None:
    s = _roshan(hp=[4, 3, 1, 3], hands=[[], [], [], ["atk:AS"]], turn_seat=3)
    go(s, "use atk:AS", "target 2")
    assert s.is_terminal() and s.winners() == [0, 1, 3]


# ------------------------------------------------------------------------------------------------ 重生 used
def _skeleton_king_hit(used: bool) -> tuple[Any, list[dict[str, Any]]]:
    s = start(["skeleton_king", "centaur", "weaver", "axe"], hands=[[], ["atk:2S"], [], []], hp=[1, 5, 3, 4],
              turn_seat=1, reborn=[used, False, False, False])
    assert player(s, 0)["reborn"] is used
    return s, go(s, "use atk:2S", "target 0")


def test_by_a_setup_with_reincarnation_unused_it_is_offered_to_the_dying_skeleton_king() -> None:
    s, _ = _skeleton_king_hit(False)
    assert deciding(s) == (0, "rescue_ask") and "skill 0" in legal(s)


def test_reincarnation_set_up_as_used_is_not_offered_again_and_the_skeleton_king_dies() -> None:
    s, ev = _skeleton_king_hit(True)
    assert "died" in kinds(ev) and not s.alive[0]


# ------------------------------------------------------------------------------------------------ 时间静止
def test_a_pending_time_lock_skip_takes_the_seats_next_draw_play_and_discard() -> None:
    six = ["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S", "atk:6S"]
    s = start(TABLE, hands=[[], six, [], []], skip_next=[False, True, False, False], deck=["salve:AH", "salve:2H"])
    assert player(s, 1)["skip_next"]
    ev = act(s, "pass")
    assert [e["seat"] for e in of_kind(ev, "turn")] == [1, 2]  # seat 1's turn is skipped: no draw, play, discard
    assert hand(s, 1) == sorted(six) and deciding(s) == (2, "play") and not player(s, 1)["skip_next"]


# ------------------------------------------------------------------------------------------------ 海妖之歌
def test_a_set_up_siren_protection_holds_until_the_turn_it_names_begins() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], shielded=[None, 1, None, None])
    assert player(s, 1)["shielded"]
    go(s, "use atk:AS")
    assert legal(s) == {"target 3"}  # seat 1 is out of reach
    act(s, "target 3")
    act(s, "pass")
    assert deciding(s) == (1, "play") and not player(s, 1)["shielded"]


# ------------------------------------------------------------------------------------------------ this turn's effects
def test_a_set_up_unlimited_mark_lets_the_turns_hero_attack_twice() -> None:
    s = start(TABLE, hands=[["atk:AS", "atk:2S"], [], [], []], marks=[["unlimited"], [], [], []])
    go(s, "use atk:AS", "target 1")
    assert "use atk:2S" in legal(s)
    s = start(TABLE, hands=[["atk:AS", "atk:2S"], [], [], []])
    go(s, "use atk:AS", "target 1")
    assert "use atk:2S" not in legal(s)


def test_a_set_up_shallow_grave_cast_state_brings_its_hero_back_to_one_hp() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], hp=[5, 1, 3, 4], marks=[[], ["save_at_one"], [], []])
    assert player(s, 1)["marks"] == ["save_at_one"]
    ev = go(s, "use atk:AS", "target 1")
    assert "shallow_grave" in kinds(ev) and s.hp[1] == 1 and s.alive[1]


def test_a_set_up_heartstopper_cast_state_stops_healing() -> None:
    s = start(TABLE, hands=[["salve:AH"], [], [], []], hp=[3, 4, 3, 4], marks=[["no_heal"], [], [], []])
    assert "use salve:AH" not in legal(s)


# ------------------------------------------------------------------------------------------------ 1v1 benches
def test_a_hero_resting_on_the_right_is_not_offered_and_comes_back_when_another_joins_it() -> None:
    s = start(["axe", "lich"], bench=[["ursa"], ["elf_lily", "chen"]], bench_right=[["troll_warlord"], []],
              bench_hp={"troll_warlord": 2}, bench_rage={"troll_warlord": 1}, hands=[[], []])
    v = s.view(None)["draft"]
    assert v["right"][0] == ["troll_warlord"] and v["bench_hp"]["troll_warlord"] == 2
    act(s, "pass")
    assert deciding(s) == (0, "rotate_ask") and legal(s) == {"hero ursa"}
    act(s, "hero ursa")  # axe joins troll on the right: both move back to the left
    assert s.view(None)["draft"]["left"][0] == ["troll_warlord", "axe"]
    pass_until(s, 0, "rotate_ask")
    ev = act(s, "hero troll_warlord")
    assert of_kind(ev, "rotated") == [{"kind": "rotated", "seat": 0, "hero": "troll_warlord", "hp": 2, "rage": 1}]


# ------------------------------------------------------------------------------------------------ refusals
BAD_4 = [
    ("faith on a hero without 信仰", {"faith": [["salve:AH"], [], [], []]}, "no 信仰"),
    ("roshan without its fate", {"roshan": 2}, "only in an identity game whose fate is roshan"),
    ("roshan on a sentinel", {"identities": [S, C, N, S], "fate": "roshan", "roshan": 0}, "living neutral"),
    ("reborn without 重生", {"reborn": [True, False, False, False]}, "no 重生"),
    ("skip for the dead", {"hp": [4, 0, 4, 3], "skip_next": [False, True, False, False]}, "seat 1 is dead"),
    ("shield until a missing seat", {"shielded": [None, 7, None, None]}, "shielded until the turn"),
    ("marks at the turn start", {"marks": [["unlimited"], [], [], []], "start": "turn"}, "need start 'play'"),
    ("unknown mark", {"marks": [["flying"], [], [], []]}, "unknown effect 'flying'"),
    ("bench outside 1v1", {"bench_right": [[], [], [], []]}, "only in 1v1"),
    ("resting hp outside 1v1", {"bench_hp": {"axe": 2}}, "only in 1v1"),
]
BAD_2 = [
    ("two on the right", {"bench_right": [["ursa", "chen"], []]}, "two heroes gathered on the right"),
    ("four heroes", {"bench": [["ursa", "chen"], []], "bench_right": [["juggernaut"], []]}, "rests 3 heroes"),
    ("hp of a hero not resting", {"bench": [["ursa"], []], "bench_hp": {"chen": 2}}, "'chen' is not a resting hero"),
    ("resting hp of 5", {"bench": [["ursa"], []], "bench_hp": {"ursa": 5}}, "ursa has 5"),
    ("resting rage of 4", {"bench": [["ursa"], []], "bench_rage": {"ursa": 4}}, "ursa has 4"),
]


@pytest.mark.parametrize(("what", "change", "message"), BAD_4 + BAD_2, ids=[b[0] for b in BAD_4 + BAD_2])
def test_a_malformed_mid_game_setup_is_refused_naming_the_problem(what: str, change: dict[str, Any],
                                                                   message: str) -> None:
    two = (what, change, message) in BAD_2
    game = tablecraft.load("fate", num_seats=2 if two else 4)
    setup: dict[str, Any] = {"heroes": ["axe", "lich"] if two else ["axe", "lich", "juggernaut", "elf_lily"]}
    if not two:
        setup["identities"] = [S, C, S, C]
    setup.update(change)
    before = copy.deepcopy(setup)
    with pytest.raises(SetupError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game.new_initial_state(seed=1, setup=setup)
    assert setup == before
