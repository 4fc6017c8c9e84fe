"""Malformed setups raise ``SetupError`` naming the problem; illegal and unknown actions raise and change
nothing."""

from __future__ import annotations

from typing import Any

import pytest
from wt_support import ORANGE, legal, start, stop_drawing

import tablecraft
from tablecraft.core.errors import NotYourTurnError


# ---------------------------------------------------------------------------------------------------- setups
@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"hands": {"orange": ["ZZ"]}}, ["ZZ", "hands.orange"]),
        ({"hands": {"orange": ["AS"], "blue": ["AS"]}}, ["AS", "twice"]),
        ({"hands": {"orange": ["AS"]}, "towers": {"main": ["AS"]}}, ["AS", "twice"]),
        ({"bags": {"orange": ["2C"], "blue": [], "green": []}}, ["53", "no place"]),
        ({"hands": {"orange": ["2C", "3C", "4C", "5C"]}}, ["orange", "hand limit"]),
        ({"hands": {"purple": ["2C", "3C", "4C", "5C", "6C", "7C"]}}, ["purple", "hand limit"]),
        ({"towers": {"left": ["2C", "3C"]}}, ["left", "limit"]),
        ({"towers": {"main": ["2C", "3C", "4C"]}}, ["main", "limit"]),
        ({"frobnicate": 1}, ["frobnicate"]),
        ({"hp": {"orange": 0}, "hands": {"orange": ["AS"]}}, ["orange", "dead"]),
        ({"hp": {"blue": -3}, "coins": {"blue": ["green"]}}, ["blue", "dead"]),
        ({"hp": {"purple": 0}, "towers": {"left": ["2C"]}}, ["wizard", "dead"]),
        ({"coins": {"orange": ["green"], "blue": ["green"]}}, ["green", "twice"]),
        ({"hp": {"orange": 0}, "to_move": "orange"}, ["to_move", "dead"]),
        ({"hp": {"orange": 0, "blue": 0}}, ["two players"]),
        ({"hands": {"orange": ["AS", "A♠"]}}, ["AS", "twice"]),
        ({"junk": ["9D"], "bags": {"orange": ["9D"], "blue": [], "green": []}}, ["9D", "twice"]),
        ({"hand_limit": {"orange": 1}, "hands": {"orange": ["2C", "3C"]}}, ["orange", "hand limit 1"]),
        ({"hand_limit": {"blue": 0}}, ["hand_limit.blue", "at least 1"]),
        ({"capacity": {"orange": 2}}, ["orange bag", "capacity 2"]),
        ({"capacity": {"green": 56}}, ["green bag", "capacity 56"]),
        ({"coins": {"orange": ["green", "green"]}}, ["green", "twice"]),
        ({"coins": {"orange": ["red"]}}, ["coins.orange"]),
        ({"hands": {"pink": ["AS"]}}, ["hands.pink"]),
        ({"hp": {"orange": "40"}}, ["hp.orange", "integer"]),
        ({"hp": {"orange": True}}, ["hp.orange", "integer"]),
        ({"hands": {"orange": "AS KD"}}, ["hands.orange", "list"]),
        ({"to_move": "green"}, ["to_move"]),
        ({"shuffle": "some"}, ["shuffle"]),
        ({"turn": -1}, ["turn", "0 or more"]),
        ({"turn": 600}, ["turn 600", "max_turns"]),
        ([], ["JSON object"]),
    ],
    ids=[
        "unknown-card",
        "duplicate-in-hands",
        "duplicate-hand-and-tower",
        "missing-cards",
        "warrior-hand-over-limit",
        "wizard-hand-over-limit",
        "side-tower-over-limit",
        "main-tower-over-limit",
        "unknown-key",
        "dead-player-holding-cards",
        "dead-player-holding-a-coin",
        "dead-wizard-with-towers",
        "coin-held-twice",
        "dead-to-move",
        "one-player-alive",
        "duplicate-in-one-hand-by-symbol",
        "duplicate-junk-and-bag",
        "hand-over-a-setup-hand-limit",
        "hand-limit-below-one",
        "bag-over-its-capacity",
        "capacity-over-the-whole-deck",
        "coin-held-twice-by-one-seat",
        "unknown-bag-for-a-coin",
        "unknown-seat",
        "hp-as-a-string",
        "hp-as-a-boolean",
        "hand-not-a-list",
        "unknown-to-move",
        "unknown-shuffle",
        "negative-turn",
        "turn-at-the-cap",
        "not-an-object",
    ],
)
def test_malformed_setups_raise_a_setup_error_naming_the_problem(setup: Any, words: list[str]) -> None:
    with pytest.raises(tablecraft.SetupError) as info:
        start(setup)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


def test_a_setup_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        start({"hands": {"orange": ["ZZ"]}})


def test_a_valid_setup_with_every_card_placed_is_accepted() -> None:
    from wt_support import with_bags

    s = start(with_bags({"hands": {"orange": ["AS"]}, "junk": ["2S"], "towers": {"main": ["3S", "4S"]}}))
    assert sum(len(b) for b in s.bags) == 54 - 4


# --------------------------------------------------------------------------------------------------- actions
def test_an_illegal_action_raises_names_itself_lists_the_legal_ones_and_changes_nothing() -> None:
    s = start(
        {"hands": {"orange": ["KH"]}, "towers": {"left": ["2S"], "right": ["3S"], "main": ["4S", "5S"]}}
    )
    stop_drawing(s)
    before = s.to_json()
    with pytest.raises(tablecraft.IllegalActionError) as info:
        s.apply("attack purple")
    message = str(info.value)
    assert "attack purple" in message
    for action in legal(s):
        assert action in message
    assert s.to_json() == before


def test_playing_a_card_one_does_not_hold_is_illegal() -> None:
    s = start({"hands": {"orange": ["KH"], "blue": ["AS"]}})
    stop_drawing(s)
    s.apply("attack blue")
    before = s.to_json()
    with pytest.raises(tablecraft.IllegalActionError, match="play AS"):
        s.apply("play AS")
    assert s.to_json() == before


def test_an_action_of_the_wrong_step_is_illegal() -> None:
    s = start({"hands": {"orange": ["KH"]}})
    before = s.to_json()
    with pytest.raises(tablecraft.IllegalActionError, match="draw step"):
        s.apply("pass")
    assert s.to_json() == before


def test_acting_for_another_seat_is_refused() -> None:
    s = start(None)
    before = s.to_json()
    with pytest.raises(NotYourTurnError):
        s.apply("stop", seat=1)
    assert s.to_json() == before
    assert s.current_player() == ORANGE


@pytest.mark.parametrize("text", ["frobnicate", "attack nobody", "play ZZ", "lead 3", "draw purple", ""])
def test_unknown_action_text_raises_invalid_action_error_and_changes_nothing(text: str) -> None:
    s = start(None)
    before = s.to_json()
    with pytest.raises(tablecraft.InvalidActionError):
        s.apply(text)
    assert s.to_json() == before


def test_every_legal_actions_text_is_accepted_by_apply() -> None:
    s = start(
        {
            "to_move": "purple",
            "hands": {"purple": ["KS", "10H", "JKR", "AD", "2C"]},
            "towers": {"left": ["3S"], "right": [], "main": ["4S"]},
        }
    )
    assert len(legal(s)) > 20
    for text in legal(s):
        s.clone().apply(text)  # raises if the text does not parse back to a legal action
