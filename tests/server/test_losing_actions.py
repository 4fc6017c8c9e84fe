"""The warning before a losing move depends only on what the seat knows: the same answer in the real position and
in any world the seat cannot tell from it, and it flags a move that certainly loses."""

from __future__ import annotations

import random

import pytest

import tablecraft
from tablecraft.core.rng import Rng
from tablecraft.server.danger import losing_actions


@pytest.mark.parametrize("game_id,seats", [("wild-hunters", 2), ("xeno-faction", 2), ("wizard-towers", 3),
                                           ("fate", 4)])
def test_the_flags_are_the_same_in_every_world_the_seat_cannot_tell_apart(game_id: str, seats: int) -> None:
    game = tablecraft.load(game_id, seats)
    state = game.new_initial_state(seed=8)
    rng = random.Random(4)
    for ply in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat >= 0 and ply % 3 == 0:
            other = state.resample(seat, Rng(ply + 1))
            assert losing_actions(game, other, seat) == losing_actions(game, state, seat), f"move {ply}"
        state.apply(rng.choice(state.legal_actions()))


def test_a_payment_or_discard_that_exhausts_the_last_cards_is_flagged_and_a_draw_is_not() -> None:
    # five cards and an empty deck: anything that spends or discards one (a move, a focus, a rest) leaves four,
    # the exhaustion loss; drawing on the supply spends nothing
    game = tablecraft.load("wild-hunters", 1)
    state = game.new_initial_state(seed=3, setup={"heroes": {"water": {"hand": ["W", "F", "R", "T", "G"],
                                                                        "deck": []}}})
    flagged = losing_actions(game, state, 0)
    assert {"move e", "focus W", "rest"} <= flagged
    assert "acquire WR" not in flagged
