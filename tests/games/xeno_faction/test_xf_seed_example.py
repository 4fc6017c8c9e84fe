"""The seed's worked example (seed 001 · 额外区效果 例子): 方块5 in the extra zone calls ♦1+♦4 or ♦2+♦3 from the
next turn on, one pair only."""

from __future__ import annotations

from typing import Any

import pytest
from xf_support import ALPHA, BETA, legal, names, play, row, start, table


def _example_after_placing_the_five(**options: Any) -> Any:
    """Alpha puts ♦5 in the ♦ extra zone on turn 3 holding ♦A ♦2 ♦3 ♦4; beta has nothing to do on turn 4."""
    s = start(table(["5D", "AD", "2D", "3D", "4D"], []), **options)
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


@pytest.mark.parametrize("pair_uses_row", [True, False])
def test_diamond_five_allows_only_one_pair_a_turn(pair_uses_row: bool) -> None:
    # with pair_uses_row=false row 1 stays open, so only 不过只能放置一组 can keep the second pair out
    s = _example_after_placing_the_five(pair_uses_row=pair_uses_row)
    play(s, "done", "pair AD 4D")
    assert "pair 2D 3D" not in legal(s)
    assert row(s, ALPHA, 1) == ["AD", "4D"] and sorted(names(s.hands[ALPHA])) == ["2D", "3D"]


def test_diamond_five_calls_no_pair_of_another_suit_or_sum() -> None:
    s = start(table(["AD", "4D", "AH", "4H", "2D", "AS"], [], extra={"D": {"owner": "alpha", "card": "5D",
                                                                        "since": 1}}))
    # ♥A+♥4 also make 5 but are not ♦ (花色相同); ♦2+♦4 and ♦A+♦2 are ♦ but do not make 5
    assert [a for a in legal(s) if a.startswith("pair")] == ["pair AD 4D"]


def test_one_pair_a_turn_holds_across_two_extra_zones() -> None:
    s = start(table(["AD", "4D", "AS", "5S"], [], extra={"D": {"owner": "alpha", "card": "5D", "since": 1},
                                                       "S": {"owner": "alpha", "card": "6S", "since": 1}}))
    assert {"pair AD 4D", "pair AS 5S"} <= set(legal(s))
    play(s, "pair AD 4D")
    assert "pair AS 5S" not in legal(s)  # row 2 is untouched: only 只能放置一组 keeps it out


def test_diamond_five_calls_again_on_each_later_turn() -> None:
    s = start(table(["AD", "2D", "3D", "4D"], ["9S"], extra={"D": {"owner": "alpha", "card": "5D", "since": 1}}))
    play(s, "pair AD 4D", "done", "pass")
    assert s.turn_seat == BETA
    play(s, "place 9S row2", "pass")
    assert s.turn == 5 and "pair 2D 3D" in legal(s)
