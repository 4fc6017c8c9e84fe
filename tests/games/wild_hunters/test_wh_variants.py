"""Variant options for the readings careful players dispute (issue 15): each default and its alternative, on
positions built from the documented setup format (docs/rules/wild-hunters.md §3, §6, §10, §12).

The hero stands on a water tile at (1, -2); its neighbours are e (2, -2), w (0, -2), sw (0, -1), se (1, -1).
"""

from __future__ import annotations

from typing import Any

from wh_support import cell, kinds, legal, of_kind, play, setup, start, where

AT = (1, -2)
SE_OF, SW_OF = (1, -1), (0, -1)


def _scene(hand: list[str], se: str, deck: list[str] | None = None, **options: Any) -> Any:
    """The hero on water, its south-east neighbour face up with element ``se``."""
    return start(setup(hand=hand, deck=deck, at=AT, elements={AT: "W", SE_OF: se}, up=[SE_OF]), **options)


# ------------------------------------------------------------------- 移動 ①/② (gap 3-15): move_match
def test_by_default_one_card_must_have_the_face_up_tiles_element() -> None:
    s = _scene(["F", "F", "R", "T", "G"], "W")
    play(s, "move se")  # no water card: only the fire pair (an element other than the tile's) pays, unasked
    assert where(s) == SE_OF and kinds(s.discards[0]) == ["F", "F"]


def test_with_move_match_origin_any_one_card_moves_onto_a_tile_of_the_heros_own_element() -> None:
    s = _scene(["F", "F", "R", "T", "G"], "W", move_match="origin")
    play(s, "move se")
    assert legal(s) == ["pay F", "pay R", "pay T", "pay G", "cancel"]
    play(s, "pay R")
    assert where(s) == SE_OF and kinds(s.discards[0]) == ["R"]


def test_by_default_one_card_of_a_tiles_element_moves_onto_a_tile_of_another_element() -> None:
    s = _scene(["F", "F", "W", "T", "G"], "F")
    play(s, "move se")  # one fire card settles it: paid without asking
    assert where(s) == SE_OF and kinds(s.discards[0]) == ["F"]


def test_with_move_match_origin_a_tile_of_another_element_takes_two_cards_sharing_an_element() -> None:
    s = _scene(["F", "F", "W", "T", "G"], "F", move_match="origin")
    play(s, "move se")  # the fire pair is the only pair: both paid without asking
    assert where(s) == SE_OF and kinds(s.discards[0]) == ["F", "F"]


def test_with_move_match_origin_a_tile_of_another_element_is_closed_to_a_hand_without_a_pair() -> None:
    s = _scene(["F", "W", "R", "T", "G"], "F", move_match="origin")
    assert "move se" not in legal(s)
    assert "move se" in legal(_scene(["F", "W", "R", "T", "G"], "F"))


def test_with_move_match_origin_a_face_down_tile_still_takes_three_different_elements() -> None:
    s = start(setup(hand=["W", "W", "R", "R", "G"], at=AT, elements={AT: "W"}), move_match="origin")
    assert "move sw" in legal(s)
    play(s, "move sw", "pay W", "pay R")
    assert where(s) == SW_OF and s.cell_up(cell(s, SW_OF)) and kinds(s.discards[0]) == ["G", "R", "W"]


# ------------------------------------------------------------------- 「以下至少一項」 (W-8): acquire_counts
def _at_a_fire_tile(**options: Any) -> Any:
    return start(setup(at=AT, elements={AT: "F"}, row=["FR", "TG"]), **options)


def test_by_default_a_draw_on_the_supply_is_the_turns_action_and_the_hero_may_end() -> None:
    s = _at_a_fire_tile()
    play(s, "acquire FR")
    assert s.acted and "end" in legal(s)


def test_with_acquire_counts_off_the_hero_must_also_take_one_of_the_seeds_four_actions() -> None:
    s = _at_a_fire_tile(acquire_counts=False)
    assert "end" not in legal(s)
    play(s, "acquire FR")
    assert not s.acted and "end" not in legal(s) and "rest" in legal(s)
    play(s, "rest", "pay FR")
    assert s.acted and "end" in legal(s)


# --------------------------------------------------------------- 「手牌及專屬牌庫…4張或更少」 (W-6): exhaustion
def _paying_three_with_six_cards(**options: Any) -> Any:
    """Six cards in hand and deck; entering a face-down tile costs three of them."""
    s = start(setup(hand=["W", "R", "T", "G", "G"], deck=["W"], at=AT, elements={AT: "W"}), **options)
    play(s, "move sw", "pay W")
    return s


def test_by_default_the_exhaustion_loss_comes_the_moment_the_fifth_card_from_last_is_paid() -> None:
    s = _paying_three_with_six_cards()
    events = play(s, "pay R")  # hand and deck now hold 4
    assert s.is_terminal() and s.end_reason == "exhausted" and s.returns() == [-1.0]
    assert where(s) == AT and not s.cell_up(cell(s, SW_OF)) and of_kind(events, "moved") == []


def test_with_exhaustion_action_the_hero_still_finishes_the_move_before_losing() -> None:
    s = _paying_three_with_six_cards(exhaustion="action")
    play(s, "pay R")
    assert not s.is_terminal() and legal(s) == ["pay T", "pay G"]  # a choice that cannot change the outcome
    play(s, "pay G")
    assert where(s) == SW_OF and s.is_terminal() and s.end_reason == "exhausted"


def test_with_exhaustion_action_a_final_blow_paid_with_the_last_cards_seals_the_demon_king() -> None:
    spec = setup(hand=["W", "F", "R", "T", "G"], deck=[], at=(0, -1), elements={(0, 0): "W", (0, -1): "T"},
                 up=[(0, 0)], main="knight")
    spec["king"]["hp"] = 1
    s = start(spec, exhaustion="action")
    play(s, "attack")
    assert s.total_cards(0) == 4 and s.end_reason == "sealed" and s.returns() == [1.0]


def _third_sword_energy_with_five_cards(**options: Any) -> Any:
    return start(setup(hand=["W", "F", "R", "T", "G"], deck=[], at=AT, elements={AT: "W"}, energy=["W", "W"]),
                 **options)


def test_by_default_the_third_sword_energy_that_leaves_four_cards_loses_before_a_profession_is_chosen() -> None:
    s = _third_sword_energy_with_five_cards()
    events = play(s, "focus W")
    assert s.is_terminal() and s.end_reason == "exhausted" and of_kind(events, "milestone") == []


def test_with_exhaustion_action_the_milestones_profession_is_still_chosen_first() -> None:
    s = _third_sword_energy_with_five_cards(exhaustion="action")
    play(s, "focus W")
    assert s.phase.name == "PROFESSION" and not s.is_terminal()
    play(s, legal(s)[0])
    assert s.is_terminal() and s.end_reason == "exhausted"
