"""The rollout agent: the heuristic improved by paired playouts of every legal action."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.agents.rollout import RolloutAgent
from tablecraft.core.testing.conformance import sample_states


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_the_rollout_agent_chooses_legal_actions_in_every_game(game_id: str) -> None:
    game = tablecraft.load(game_id)
    agent = make_agent("rollout:worlds=2:depth=3", game)
    rng = random.Random(1)
    for state in sample_states(game, range(1), every=13):
        if not state.is_terminal():
            assert agent.act(observe(state), rng) in state.legal_actions()


def test_the_rollout_agent_is_deterministic_for_a_given_rng() -> None:
    game = tablecraft.load("wild-hunters", num_seats=2)
    state = game.new_initial_state(seed=5)
    agent = make_agent("rollout:worlds=6:depth=8", game)
    assert len({agent.act(observe(state), random.Random(4)) for _ in range(3)}) == 1


def test_without_a_clear_gain_the_rollout_agent_keeps_the_heuristics_move() -> None:
    # an impossible margin: whatever the playouts say, no action beats the heuristic's by a million errors
    game = tablecraft.load("xeno-faction")
    heuristic = game.make_heuristic()
    agent = RolloutAgent(game, worlds=3, depth=4, z=1e6)
    for state in sample_states(game, range(2), every=7):
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            obs = observe(state)
            assert agent.act(obs, random.Random(0)) == heuristic.act(obs, random.Random(0))
            assert set(agent.last_root) == set(obs.legal_actions)  # every action was played out


@pytest.mark.parametrize("params, message", [
    ({"worlds": 0}, "worlds"), ({"depth": -2}, "depth"), ({"z": -1}, "z"), ({"worlds": "many"}, "worlds"),
])
def test_nonsense_parameters_are_refused_with_their_name(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RolloutAgent(tablecraft.load("wild-hunters"), **params)
