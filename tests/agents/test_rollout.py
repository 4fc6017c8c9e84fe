"""The rollout agent: the heuristic improved by paired playouts of every legal action."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.agents.rollout import RolloutAgent
from tablecraft.core.testing.conformance import sample_states


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


def test_a_cap_on_playout_decisions_stops_sampling_worlds_but_never_below_two() -> None:
    game = tablecraft.load("wild-hunters", num_seats=3)
    state = game.new_initial_state(seed=3)
    counts = {}
    for steps in (0, 1, 2000):
        agent = RolloutAgent(game, worlds=12, steps=steps)
        agent.act(observe(state), random.Random(0))
        (counts[steps],) = {n for n, _ in agent.last_root.values()}  # every action played in the same worlds
    assert counts[0] == 12 and counts[1] == 2
    assert 2 < counts[2000] < 12


@pytest.mark.parametrize("params, message", [
    ({"worlds": 0}, "worlds"), ({"depth": -2}, "depth"), ({"z": -1}, "z"), ({"worlds": "many"}, "worlds"),
    ({"steps": -5}, "steps"),
])
def test_nonsense_parameters_are_refused_with_their_name(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RolloutAgent(tablecraft.load("wild-hunters"), **params)
