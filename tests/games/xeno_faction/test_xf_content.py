"""xeno-faction's content for the lab (``State.content()``): special cards of the opening hand and played."""

from __future__ import annotations

import tablecraft
from tablecraft.core.cards import card_str


def test_the_opening_hands_special_cards_are_listed_and_nothing_is_played_yet() -> None:
    s = tablecraft.load("xeno-faction").new_initial_state(seed=4)
    assert {"QS", "KS"} <= {card_str(c) for c in s.hands[0]}
    # seat 0 holds QS and KS, but only KS was dealt: QS came with the first player's draw
    assert s.content() == {"opening": [["KS"], ["JS", "KD"]], "played": [[], []]}


def test_a_face_card_placed_from_the_hand_is_listed_as_played() -> None:
    s = tablecraft.load("xeno-faction").new_initial_state(seed=2)
    s.apply("place QC")
    assert s.content()["played"] == [["QC"], []]
    s.apply("place 5S row2")  # a number card is no content
    assert s.content()["played"] == [["QC"], []]
