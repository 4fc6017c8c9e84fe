"""Moving (seed 003 · 移動): the three prices, wild cards, turning tiles up, and where a hero may not go.

The hero stands on (1, -2); its neighbours are e (2, -2), ne —, nw —, w (0, -2), sw (0, -1), se (1, -1).
"""

from __future__ import annotations

from typing import Any

import pytest
from wh_support import cell, duo, kinds, legal, of_kind, play, setup, start, where

import tablecraft

AT = (1, -2)
W_OF, SW_OF, SE_OF, E_OF = (0, -2), (0, -1), (1, -1), (2, -2)


def _scene(hand: list[str], elements: dict[tuple[int, int], str], up: list[tuple[int, int]], **kw: Any) -> Any:
    return start(setup(hand=hand, at=AT, elements={AT: "W", **elements}, up=up, **kw))


def test_one_card_of_a_face_up_tiles_element_moves_the_hero_onto_it() -> None:
    s = _scene(["F", "W", "R", "T", "G"], {SE_OF: "F"}, [SE_OF])
    events = play(s, "move se")
    assert where(s) == SE_OF
    assert of_kind(events, "moved")[0]["paid"] == ["F"]
    assert kinds(s.discards[0]) == ["F"]


def test_a_single_card_of_another_element_cannot_pay_for_a_face_up_tile() -> None:
    s = _scene(["W", "R", "T", "G", "FR"], {SE_OF: "F"}, [SE_OF], deck=["W", "W"])
    play(s, "rest", "pay FR")  # four cards left, all of different elements and none of fire
    assert "move se" not in legal(s)


def test_two_cards_sharing_one_element_move_the_hero_onto_a_face_up_tile_of_another_element() -> None:
    s = _scene(["T", "T", "R", "R", "W"], {SE_OF: "F"}, [SE_OF])
    play(s, "move se")
    assert s.phase.name == "PAY" and where(s) == AT and legal(s) == ["pay R", "pay T", "cancel"]
    play(s, "pay T")  # the second thunder card is the only one that completes the pair: paid without asking
    assert where(s) == SE_OF and kinds(s.discards[0]) == ["T", "T"]


def test_the_second_card_must_share_an_element_other_than_the_tiles_with_the_first() -> None:
    s = _scene(["T", "WT", "R", "WR", "W"], {SE_OF: "F"}, [SE_OF])
    play(s, "move se", "pay W")
    assert legal(s) == ["pay WR", "pay WT"]


def test_three_cards_of_different_elements_move_the_hero_onto_a_face_down_tile_and_turn_it_up() -> None:
    s = _scene(["W", "R", "T", "G", "G"], {SW_OF: "F"}, [])
    assert not s.cell_up(cell(s, SW_OF))
    events = play(s, "move sw", "pay W", "pay R", "pay T")
    assert where(s) == SW_OF and s.cell_up(cell(s, SW_OF))
    assert of_kind(events, "flipped") == [{"at": [0, -1], "tile": "wasteland", "element": "F"}]


def test_cards_repeating_an_element_cannot_enter_a_face_down_tile() -> None:
    s = _scene(["W", "W", "R", "R", "WR"], {}, [])
    assert "move sw" not in legal(s)


def test_a_spirit_card_counts_as_either_of_its_elements() -> None:
    s = _scene(["WF", "R", "R", "T", "G"], {SE_OF: "F", W_OF: "W"}, [SE_OF, W_OF])
    assert {"move se", "move w"} <= set(legal(s))
    play(s, "move se", "pay WF")
    assert where(s) == SE_OF


def test_a_god_card_fills_in_for_a_missing_element_among_three_different_ones() -> None:
    s = _scene(["W", "W", "R", "WRT", "G"], {}, [])
    play(s, "move sw")
    assert set(legal(s)) == {"pay W", "pay R", "pay WRT", "pay G", "cancel"}
    play(s, "pay W", "pay R")
    assert set(legal(s)) == {"pay WRT", "pay G"}  # the god card may be thunder
    play(s, "pay WRT")
    assert where(s) == SW_OF


def test_a_card_that_would_leave_no_way_to_finish_paying_is_not_offered() -> None:
    s = _scene(["T", "T", "W", "W", "R"], {SE_OF: "F"}, [SE_OF])
    play(s, "move se")
    assert s.phase.name == "PAY" and legal(s) == ["pay W", "pay T", "cancel"]  # the lone rock card has no partner
    with pytest.raises(tablecraft.IllegalActionError, match="could no longer be paid"):
        s.apply("pay R")


def test_when_only_one_card_can_pay_it_is_paid_without_asking() -> None:
    s = _scene(["F", "W", "R", "T", "G"], {SE_OF: "F"}, [SE_OF])
    play(s, "move se")
    assert s.phase.name == "ACTION" and where(s) == SE_OF


def test_no_hero_may_enter_the_demon_kings_tile() -> None:
    s = _scene(["F", "F", "W", "R", "T"], {SE_OF: "F"}, [SE_OF], king_at=SE_OF)
    assert "move se" not in legal(s)
    with pytest.raises(tablecraft.IllegalActionError, match="demon king stands there"):
        s.apply("move se")


def test_there_is_no_move_off_the_map() -> None:
    s = _scene(["F", "W", "R", "T", "G"], {}, [])
    with pytest.raises(tablecraft.IllegalActionError, match="no tile to the ne"):
        s.apply("move ne")


def test_heroes_may_share_a_tile_and_enter_a_camp() -> None:
    s = start(setup(hand=["F", "W", "R", "T", "G"], at=(0, -2), elements={(0, -2): "F"}))
    play(s, "move nw")  # the water camp is a face-up water tile: its one water card is paid
    assert where(s) == (0, -3)


def test_paid_cards_leave_the_hand_for_good() -> None:
    s = _scene(["W", "R", "T", "G", "G"], {}, [], deck=["F", "F"])
    before = s.total_cards(0)
    play(s, "move sw", "pay W", "pay R", "pay T")
    assert s.total_cards(0) == before - 3 and len(s.discards[0]) == 3


def test_a_forced_payment_is_still_asked_when_other_heroes_cannot_see_the_hand() -> None:
    # One card of each element: only the tile's element pays, so the step is forced — but the fire hero cannot
    # know that, and skipping the question would tell it what the water hero's hand lacks.
    s = start(duo({"at": list(AT), "hand": ["F", "W", "R", "T", "G"]}, {}, ["water-1", "fire-1", "water-2", "fire-2", "water-stun", "fire-stun"],
                  up=[SE_OF]), seats=2)
    play(s, "move se")
    assert s.phase.name == "PAY" and where(s) == AT
    assert len(s.forward_actions()) == 1 and str(s.legal_actions()[-1]) == "cancel"  # asked, and still unpaid
    play(s, str(s.legal_actions()[0]))
    assert where(s) == SE_OF


def test_a_forced_payment_is_made_without_asking_when_the_hero_plays_alone() -> None:
    s = _scene(["F", "W", "R", "T", "G"], {SE_OF: "F"}, [SE_OF])
    play(s, "move se")
    assert where(s) == SE_OF and kinds(s.discards[0]) == ["F"]
