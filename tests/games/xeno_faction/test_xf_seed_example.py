"""The seed's worked example (seed 001 · 额外区效果 例子): 方块5 in the extra zone calls ♦1+♦4 or ♦2+♦3 from the
next turn on, one pair only."""

from __future__ import annotations

from typing import Any

from xf_support import ALPHA, BETA, legal, play, row, start, table


def _example_after_placing_the_five() -> Any:
    """Alpha puts ♦5 in the ♦ extra zone on turn 3 holding ♦A ♦2 ♦3 ♦4; beta has nothing to do on turn 4."""
    s = start(table(["5D", "AD", "2D", "3D", "4D"], []))
    play(s, "extra 5D")
    return s


def test_diamond_five_calls_no_pair_on_the_turn_it_is_placed() -> None:
    s = _example_after_placing_the_five()
    assert not [a for a in legal(s) if a.startswith("pair")]  # 放置之后，下一回合开始


def test_diamond_five_calls_one_and_four_or_two_and_three_from_the_next_turn() -> None:
    s = _example_after_placing_the_five()
    play(s, "done")
    assert s.turn == 5 and s.turn_seat == ALPHA  # beta's turn 4 had nothing to decide
    assert [a for a in legal(s) if a.startswith("pair")] == ["pair AD 4D", "pair 2D 3D"]


def test_diamond_five_places_both_cards_of_the_chosen_pair_at_once() -> None:
    s = _example_after_placing_the_five()
    play(s, "done", "pair 2D 3D")
    assert row(s, ALPHA, 1) == ["2D", "3D"]


def test_diamond_five_allows_only_one_pair_a_turn() -> None:
    s = _example_after_placing_the_five()
    play(s, "done", "pair AD 4D")
    assert "pair 2D 3D" not in legal(s)  # 不过只能放置一组
    assert row(s, ALPHA, 1) == ["AD", "4D"]


def test_diamond_five_calls_again_on_each_later_turn() -> None:
    s = start(table(["AD", "2D", "3D", "4D"], ["9S"], extra={"D": {"owner": "alpha", "card": "5D", "since": 1}}))
    play(s, "pair AD 4D", "done", "pass")
    assert s.turn_seat == BETA
    play(s, "place 9S row2", "pass")
    assert s.turn == 5 and "pair 2D 3D" in legal(s)
