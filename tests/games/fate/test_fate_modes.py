"""Seed 004 · 附加规则: 1v1 three-hero rotation, 1v1v1 kill-your-upstream, 2v2 teams."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from fate_support import act, deciding, legal, of_kind, start

import tablecraft
from tablecraft.core.errors import OptionError
from tablecraft.games.fate.content import DECK_SIZE


def duel(seed: int) -> Any:
    return tablecraft.load("fate", num_seats=2).new_initial_state(seed=seed)


def drafted(seed: int) -> Any:
    """A 1v1 game through its draft: every pick, keep and starter is the first option."""
    s = duel(seed)
    while deciding(s)[1] == "draft_ask":
        s.apply(sorted(legal(s))[0])
    return s


def until(s: Any, decision: str) -> None:
    """Pass (or take the first option) until someone faces ``decision``."""
    for _ in range(200):
        if deciding(s)[1] == decision:
            return
        options = legal(s)
        s.apply("pass" if "pass" in options else sorted(options)[0])
    raise AssertionError(f"never reached {decision}")


# ------------------------------------------------------------------------------------------ 1v1
def test_1v1_removes_both_sirens_from_the_deck() -> None:
    for seed in range(3):
        v = duel(seed).view(None)
        assert sorted(v["removed"]) == ["siren:5C", "siren:5C#2"] and v["deck"] == DECK_SIZE - 2
        s = drafted(seed)
        cards = s.deck + s.discard + [c for h in s.hands for c in h]
        assert len(cards) == DECK_SIZE - 2 and len(set(cards)) == DECK_SIZE - 2


def test_1v1_drafts_one_two_two_two_two_one_from_ten_face_up_heroes() -> None:
    s = duel(4)
    v = s.view(None)
    a = of_kind(s.log(None), "draft_pool")[0]["first"]
    pool = list(v["draft"]["pool"])
    assert len(pool) == 10 and len(set(pool)) == 10
    assert [s.view(p)["draft"]["pool"] for p in (0, 1)] == [pool, pool]
    order = []
    for _ in range(10):
        who, what = deciding(s)
        assert what == "draft_ask"
        assert legal(s) == {f"hero {h}" for h in s.view(None)["draft"]["pool"]}
        order.append(who)
        s.apply(sorted(legal(s))[-1])
    b = 1 - a
    assert order == [a, b, b, a, a, b, b, a, a, b]
    picks = s.view(None)["draft"]["drafted"]
    assert sorted(picks[0] + picks[1]) == sorted(pool) and len(picks[0]) == len(picks[1]) == 5
    assert [e["seat"] for e in of_kind(s.log(None), "drafted")] == order  # the picks are public


def test_1v1_both_keep_three_in_secret_before_a_then_b_names_a_starter() -> None:
    s = duel(4)
    a = of_kind(s.log(None), "draft_pool")[0]["first"]
    b = 1 - a
    for _ in range(10):
        s.apply(sorted(legal(s))[0])
    steps = []
    while deciding(s)[1] == "draft_ask":
        who = deciding(s)[0]
        steps.append((who, len(legal(s))))
        if len(steps) <= 6:  # keeping: B does not see A's three
            assert s.view(b)["draft"]["left"][a] is None and s.view(a)["draft"]["left"][b] is None
            assert s.view(None)["draft"]["left"] == [None, None]
        s.apply(sorted(legal(s))[0])
        if len(steps) == 7:  # A has named a starter: A's heroes are revealed, B's still hidden
            assert s.view(b)["draft"]["left"][a] is not None and s.view(a)["draft"]["left"][b] is None
    assert steps == [(a, 5), (a, 4), (a, 3), (b, 5), (b, 4), (b, 3), (a, 3), (b, 3)]
    kept = [e for e in s.log(None) if e["kind"] == "kept"]
    assert kept == [{"kind": "kept", "seat": p} for p in (a, a, a, b, b, b)]
    assert len([e for e in s.log(a) if e["kind"] == "kept" and "hero" in e]) == 3


def test_1v1_heroes_have_four_hp_and_a_hand_limit_of_four() -> None:
    for seed in range(4):
        s = drafted(seed)
        for p in s.view(None)["players"]:
            assert (p["hp"], p["max_hp"], p["hand_limit"], p["rage"]) == (4, 4, 4, 0)
        assert all(hp == 4 for hp in s.view(None)["draft"]["bench_hp"].values())


def test_1v1_the_first_drafter_plays_first_with_four_cards_each() -> None:
    s = drafted(6)
    a = of_kind(s.log(None), "draft_pool")[0]["first"]
    turns = of_kind(s.log(None), "turn")
    assert turns == [{"kind": "turn", "seat": a, "turn": 1}]
    drew = [(e["seat"], e["count"]) for e in of_kind(s.log(None), "drew")]
    assert drew[:2] == [(0, 4), (1, 4)]


def test_1v1_rotates_heroes_after_the_discard_phase_and_nobody_plays_twice_running() -> None:
    s = drafted(5)
    a = s.view(None)["turn_seat"]
    played = {0: [s.view(None)["players"][0]["hero"]], 1: [s.view(None)["players"][1]["hero"]]}
    for _ in range(12):
        until(s, "rotate_ask")
        who = deciding(s)[0]
        v = s.view(None)
        left = v["draft"]["left"][who]
        assert legal(s) == {f"hero {h}" for h in left}
        assert played[who][-1] not in left
        s.apply(sorted(legal(s))[-1])
        played[who].append(s.view(None)["players"][who]["hero"])
    for p in (0, 1):
        seq = played[p]
        assert all(x != y for x, y in zip(seq, seq[1:], strict=False))
        assert len(set(seq)) == 3
    assert of_kind(s.log(None), "turn")[0]["seat"] == a


def test_1v1_a_hero_may_play_two_of_three_turns_as_the_seeds_rotation_allows() -> None:
    # 二人规则7: not "one turn in three" — after the forced pick both heroes on the right move back to the left, so
    # the hero that rested one turn may come straight back (docs/rules/fate.md §9.2)
    s = start(["axe", "lich"], bench=[["troll_warlord", "ursa"], ["elf_lily", "chen"]], hands=[[], []])
    played = ["axe"]
    for pick in ("troll_warlord", "ursa", "axe", "troll_warlord", "axe"):
        until(s, "rotate_ask")
        while deciding(s)[0] != 0:
            s.apply(sorted(legal(s))[0])
            until(s, "rotate_ask")
        assert f"hero {pick}" in legal(s)
        act(s, f"hero {pick}")
        played.append(pick)
    assert played == ["axe", "troll_warlord", "ursa", "axe", "troll_warlord", "axe"]


def test_1v1_rotation_happens_right_after_the_discard_phase_so_the_end_phase_is_the_new_heros() -> None:
    # G-20: 龙骑士 comes in after axe's discard phase, and its 龙族血统 acts in this turn's end phase
    s = start(["axe", "lich"], bench=[["dragon_knight", "ursa"], ["elf_lily", "chen"]],
              hands=[["atk:AS", "dodge:6H", "dodge:7H", "dodge:8H", "dodge:2D"], []])
    act(s, "pass")
    assert deciding(s) == (0, "discard")
    act(s, "pick dodge:2D")
    assert deciding(s) == (0, "rotate_ask")
    act(s, "hero dragon_knight")
    assert deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    assert s.view(None)["turn_seat"] == 0 and s.view(None)["players"][0]["hero"] == "dragon_knight"


def test_1v1_a_resting_hero_keeps_its_own_hp_and_rage() -> None:
    s = start(["axe", "lich"], bench=[["troll_warlord", "ursa"], ["elf_lily", "chen"]], hp=[2, 4], rage=[3, 0],
              hands=[[], []])
    act(s, "pass")
    assert deciding(s) == (0, "rotate_ask") and legal(s) == {"hero troll_warlord", "hero ursa"}
    events = act(s, "hero ursa")
    assert of_kind(events, "rotated") == [{"kind": "rotated", "seat": 0, "hero": "ursa", "hp": 4, "rage": 0}]
    v = s.view(None)
    assert v["draft"]["right"][0] == ["axe"] and v["draft"]["bench_hp"]["axe"] == 2
    assert v["draft"]["bench_rage"]["axe"] == 3
    until(s, "rotate_ask")  # 1 rotates
    s.apply(sorted(legal(s))[0])
    until(s, "rotate_ask")
    assert deciding(s)[0] == 0 and legal(s) == {"hero troll_warlord"}  # axe rests; ursa just played
    act(s, "hero troll_warlord")
    assert s.view(None)["draft"]["left"][0] == ["axe", "ursa"] and s.view(None)["draft"]["right"][0] == []
    until(s, "rotate_ask")
    s.apply(sorted(legal(s))[0])
    until(s, "rotate_ask")
    events = act(s, "hero axe")
    assert of_kind(events, "rotated") == [{"kind": "rotated", "seat": 0, "hero": "axe", "hp": 2, "rage": 3}]


def test_1v1_a_setup_without_resting_heroes_keeps_its_hero() -> None:
    s = start(["axe", "lich"])
    act(s, "pass")
    assert deciding(s)[0] == 1 and s.view(None)["players"][0]["hero"] == "axe"


def test_1v1_is_won_when_the_opponents_hero_dies() -> None:
    s = start(["axe", "lich"], bench=[["troll_warlord", "ursa"], ["elf_lily", "chen"]], hp=[4, 1],
              hands=[["atk:AS"], []])
    act(s, "use atk:AS", "target 1")
    assert s.is_terminal()
    assert s.winners() == [0] and s.returns() == [1.0, -1.0]


def test_1v1_the_kept_heroes_are_hidden_from_the_opponent_until_revealed() -> None:
    s = duel(8)
    for _ in range(11):  # the draft and A's first keep
        s.apply(sorted(legal(s))[0])
    a = of_kind(s.log(None), "draft_pool")[0]["first"]
    mine = [e["hero"] for e in s.log(a) if e["kind"] == "kept"]
    assert len(mine) == 1
    assert f"'{mine[0]}'" in str(s.view(a)["draft"]["left"])
    assert s.view(1 - a)["draft"]["left"][a] is None and s.view(1 - a)["draft"]["kept"][a] == 1


# ------------------------------------------------------------------------------------------ 1v1v1
TRIO = ["axe", "troll_warlord", "ursa"]


def trio(killer: int, **setup: Any) -> Any:
    hands: list[list[str]] = [[], [], []]
    hands[killer] = ["atk:AS"]
    return start(TRIO, hands=hands, turn_seat=killer, **setup)


def kill(s: Any, target: int) -> None:
    act(s, "use atk:AS", f"target {target}")
    while not s.is_terminal() and deciding(s)[1] in ("reply", "rescue_ask"):
        s.apply("pass")


def test_1v1v1_has_no_identities_and_no_fate() -> None:
    s = tablecraft.load("fate", num_seats=3).new_initial_state(seed=2)
    while deciding(s)[1] == "pick_hero":
        s.apply(s.legal_actions()[0])
    v = s.view(None)
    assert v["mode"] == "1v1v1" and v["fate"] is None
    assert [p["identity"] for p in v["players"]] == [None, None, None]
    assert "identity" not in [e["kind"] for e in s.log(None)]


def test_1v1v1_killing_your_upstream_wins_at_once() -> None:
    s = trio(0, hp=[4, 4, 1])  # 0's 上家 is 2
    kill(s, 2)
    assert s.winners() == [0] and s.returns() == [1.0, -1.0, -1.0]


def test_1v1v1_killing_your_downstream_wins_nothing_and_earns_only_a_draw() -> None:
    s = trio(0, hp=[4, 1, 4])
    kill(s, 1)
    assert not s.is_terminal()
    assert deciding(s) == (0, "reward_ask") and legal(s) == {"draw"}


def test_1v1v1_when_your_upstream_is_killed_by_another_your_next_upstream_becomes_the_target() -> None:
    # 1 kills 2 (1's 下家, no win); 0's 上家 was 2 and is now 1 (gap 4-15): 0 kills 1 and wins
    s = start(TRIO, hp=[4, 1, 1], hands=[["atk:2S"], ["atk:AS"], []], turn_seat=1,
              deck=["atk:3S", "atk:4S", "atk:5S", "atk:6S"])
    kill(s, 2)
    assert not s.is_terminal()
    act(s, "draw", "pass")  # 1 ends its turn; 2 is dead, so 0 plays next
    assert deciding(s) == (0, "play")
    act(s, "use atk:2S", "target 1")
    while not s.is_terminal() and deciding(s)[1] in ("reply", "rescue_ask"):
        s.apply("pass")
    assert s.winners() == [0] and s.returns() == [1.0, -1.0, -1.0]


def test_1v1v1_killing_yourself_wins_nothing() -> None:
    s = start(TRIO, hp=[1, 4, 4], hands=[["frenzy:AD"], [], []])
    act(s, "use frenzy:AD")
    while not s.is_terminal() and deciding(s)[1] in ("reply", "rescue_ask"):
        s.apply("pass")
    assert not s.is_terminal() and not s.view(None)["players"][0]["alive"]
    assert deciding(s)[0] == 1


# ------------------------------------------------------------------------------------------ 2v2
def test_2v2_seats_the_first_player_with_its_upstream_against_the_other_two() -> None:
    firsts: Counter[int] = Counter()
    for seed in range(24):
        s = tablecraft.load("fate", num_seats=4, mode="2v2").new_initial_state(seed=seed)
        while deciding(s)[1] == "pick_hero":
            s.apply(s.legal_actions()[0])
        a = of_kind(s.log(None), "turn")[0]["seat"]
        firsts[a] += 1
        d = (a - 1) % 4
        roles = s.roles()
        assert roles[a] == roles[d] and len({roles[a], roles[(a + 1) % 4], roles[(a + 2) % 4]}) == 2
        assert roles[(a + 1) % 4] == roles[(a + 2) % 4] != roles[a]
        for seat in (0, 1, 2, 3, None):  # the teams are public
            assert [p["identity"] for p in s.view(seat)["players"]] == roles
        assert s.view(None)["fate"] is None
    assert set(firsts) == {0, 1, 2, 3}


def test_2v2_a_team_wins_when_both_opponents_are_dead_and_its_dead_member_wins_too() -> None:
    s = start(["axe", "troll_warlord", "ursa", "lich"], options={"mode": "2v2"},
              identities=["sentinel", "scourge", "scourge", "sentinel"], hp=[4, 1, 0, 0], hands=[["atk:AS"], [], [], []])
    kill(s, 1)
    assert s.winners() == [0, 3] and s.returns() == [1.0, -1.0, -1.0, 1.0]


def test_2v2_one_opponent_down_is_not_a_win_and_the_reward_is_a_draw() -> None:
    s = start(["axe", "troll_warlord", "ursa", "lich"], options={"mode": "2v2"},
              identities=["sentinel", "scourge", "scourge", "sentinel"], hp=[4, 1, 4, 3], hands=[["atk:AS"], [], [], []])
    kill(s, 1)
    assert not s.is_terminal() and deciding(s) == (0, "reward_ask") and legal(s) == {"draw"}


@pytest.mark.parametrize(("mode", "seats"), [("1v1", 3), ("1v1v1", 4), ("2v2", 5), ("identity", 3)])
def test_a_mode_refuses_the_wrong_number_of_seats(mode: str, seats: int) -> None:
    with pytest.raises(OptionError, match=f"mode {mode} is played by"):
        tablecraft.load("fate", num_seats=seats, mode=mode)
