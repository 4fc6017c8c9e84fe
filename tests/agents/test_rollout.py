"""The rollout agent: the heuristic improved by paired playouts of every legal action."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.agents.ismcts import play_on
from tablecraft.agents.rollout import RolloutAgent
from tablecraft.core.rng import Rng
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


class _BlunderAtTheRoot:
    """The game's heuristic, except that at one observation it picks a given (losing) action."""

    name = "blunder"

    def __init__(self, inner: Any, root: Any, blunder: Any) -> None:
        self.inner, self.root, self.blunder = inner, root, blunder

    def act(self, obs: Any, rng: random.Random) -> Any:
        return self.blunder if obs is self.root else self.inner.act(obs, rng)


def _a_choice_with_a_self_destroying_action(game: Any) -> tuple[Any, Any]:
    """A state with many legal actions, some of which lose the game at once, where the heuristic's own move does
    not and goes on to win (the game is not lost whatever the seat does), and one such losing action."""
    heuristic = game.make_heuristic()
    for state in sample_states(game, range(60), every=3):
        if state.is_terminal():
            continue
        legal = state.forward_actions()
        bad = [a for a in legal if game.is_self_destroying(state, a)]
        if len(legal) < 5 or not bad or len(bad) == len(legal):
            continue
        mover = state.current_player()
        wins = 0
        for k in range(4):
            world = state.resample(mover, Rng(k))
            play_on(world, heuristic, -1, random.Random(k))
            wins += world.returns()[mover] > 0
        if wins >= 3:
            return state, bad[0]
    raise AssertionError("no such position in the sample")


@pytest.mark.parametrize("halving", [0, 1])
def test_the_rollout_agent_replaces_a_heuristic_move_that_loses_at_once(halving: int) -> None:
    game = tablecraft.load("fate", num_seats=2)
    state, blunder = _a_choice_with_a_self_destroying_action(game)
    obs = observe(state)
    agent = RolloutAgent(game, worlds=8, halving=halving)
    agent._heuristic = _BlunderAtTheRoot(agent._heuristic, obs, blunder)
    choice = agent.act(obs, random.Random(0))
    assert choice != blunder and not game.is_self_destroying(state, choice)


def test_sequential_halving_spends_no_more_playouts_and_judges_the_last_challenger_on_more_worlds() -> None:
    game = tablecraft.load("fate", num_seats=2)
    state, _ = _a_choice_with_a_self_destroying_action(game)
    obs = observe(state)
    legal = obs.legal_actions
    played = {}
    for halving in (0, 1):
        agent = RolloutAgent(game, worlds=8, halving=halving)
        calls = 0
        inner = agent._playout

        def counting(*args: Any, _inner: Any = inner) -> Any:
            nonlocal calls
            calls += 1
            return _inner(*args)

        agent._playout = counting  # type: ignore[method-assign]
        agent.act(obs, random.Random(0))
        played[halving] = (calls, agent.last_root)
    plain_calls, plain_root = played[0]
    halving_calls, halving_root = played[1]
    assert plain_calls == 8 * len(legal) and halving_calls <= plain_calls
    assert len(halving_root) == 2  # the heuristic's move and the one challenger left
    assert all(n > 8 for n, _ in halving_root.values())


def test_halving_is_deterministic_and_keeps_the_heuristics_move_without_a_clear_gain() -> None:
    game = tablecraft.load("xeno-faction")
    heuristic = game.make_heuristic()
    agent = RolloutAgent(game, worlds=3, depth=4, z=1e6, halving=1)
    for state in sample_states(game, range(1), every=9):
        if not state.is_terminal() and len(state.legal_actions()) > 2:
            obs = observe(state)
            first = agent.act(obs, random.Random(0))
            assert first == heuristic.act(obs, random.Random(0)) == agent.act(obs, random.Random(0))


def test_halving_must_be_0_or_1() -> None:
    with pytest.raises(ValueError, match="halving"):
        RolloutAgent(tablecraft.load("wild-hunters"), halving=2)
