"""The heuristic-guided search: PUCT with the heuristic's move as prior, heuristic rollouts, its parameters."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablecraft
from tablecraft.agents import Observation, make_agent, observe
from tablecraft.agents.ismcts import ISMCTSAgent
from tablecraft.core.testing.conformance import sample_states

GUIDED = "ismcts:iterations=60:depth=4:rollout=heuristic:prior=heuristic"


class CountingHeuristic:
    """The game's heuristic, counting how often it is asked, and for which seats."""

    name = "heuristic"

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls = 0
        self.seats: set[int] = set()

    def act(self, obs: Observation, rng: random.Random) -> Any:
        self.calls += 1
        self.seats.add(obs.seat)
        return self.inner.act(obs, rng)


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_the_guided_search_chooses_legal_actions_in_every_game(game_id: str) -> None:
    game = tablecraft.load(game_id)
    agent = make_agent("ismcts:iterations=8:depth=2:rollout=heuristic:prior=heuristic:hints=node", game)
    rng = random.Random(1)
    for state in sample_states(game, range(1), every=11):
        if not state.is_terminal():
            assert agent.act(observe(state), rng) in state.legal_actions()


def test_the_guided_search_is_deterministic_for_a_given_rng() -> None:
    game = tablecraft.load("xeno-faction")
    state = game.new_initial_state(seed=5)
    agent = make_agent(GUIDED, game)
    assert len({agent.act(observe(state), random.Random(4)) for _ in range(3)}) == 1


def test_the_search_keeps_to_the_actions_it_is_offered() -> None:
    # the guard re-asks among the safe actions only: the search must neither choose nor explore the others
    game = tablecraft.load("wizard-towers")
    state = game.new_initial_state(seed=3)
    obs = observe(state)
    offered = obs.legal_actions[1:3]
    for spec in (GUIDED, "ismcts:iterations=40:depth=3"):
        agent = make_agent(spec, game).inner  # type: ignore[attr-defined]
        assert agent.act(obs.restricted(offered), random.Random(0)) in offered


def test_hints_per_node_ask_the_heuristic_less_often_than_hints_per_world() -> None:
    game = tablecraft.load("xeno-faction")
    state = game.new_initial_state(seed=2)
    calls = {}
    for hints in ("world", "node"):
        agent = ISMCTSAgent(game, iterations=80, depth=0, prior="heuristic", hints=hints)
        counter = CountingHeuristic(agent._heuristic)
        agent._heuristic = counter
        assert agent.act(observe(state), random.Random(0)) in state.legal_actions()
        calls[hints] = counter.calls
    assert 0 < calls["node"] < calls["world"]


def test_with_depth_zero_the_new_node_is_scored_at_once_without_a_rollout_move() -> None:
    game = tablecraft.load("xeno-faction")
    state = game.new_initial_state(seed=2)
    agent = ISMCTSAgent(game, iterations=30, depth=0, rollout="heuristic")
    counter = CountingHeuristic(agent._heuristic)
    agent._heuristic = counter
    agent.act(observe(state), random.Random(0))
    assert counter.calls == 0  # no prior asked for, and the depth-0 rollouts stop at once


def test_with_others_modelled_the_teammates_play_the_heuristic_inside_the_tree() -> None:
    # depth 0, no prior, random rollouts: the only heuristic calls left are the modelled teammates' moves
    game = tablecraft.load("wild-hunters", num_seats=3)
    state = game.new_initial_state(seed=7)
    me = state.current_player()
    calls = {}
    for others in ("search", "heuristic"):
        agent = ISMCTSAgent(game, iterations=300, depth=0, others=others)
        counter = CountingHeuristic(game.make_heuristic())
        agent._heuristic = counter
        assert agent.act(observe(state), random.Random(0)) in state.legal_actions()
        calls[others] = counter
    assert calls["search"].calls == 0
    assert calls["heuristic"].calls > 0
    assert me not in calls["heuristic"].seats  # each modelled move is decided from the mover's own view


@pytest.mark.parametrize("params, message", [
    ({"trust": 1.0}, "trust"), ({"hints": "sometimes"}, "hints"), ({"epsilon": 2}, "epsilon"),
    ({"prior": "oracle"}, "prior"), ({"depth": -3}, "depth"), ({"seconds": 0}, "seconds"),
    ({"others": "oracle"}, "others"), ({"worlds": "true"}, "worlds"),
])
def test_nonsense_parameters_are_refused_with_their_name(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSAgent(tablecraft.load("wizard-towers"), **params)


def test_with_worlds_by_belief_the_search_samples_through_resample_by_belief(monkeypatch: pytest.MonkeyPatch) -> None:
    game = tablecraft.load("fate", num_seats=5)
    state = game.new_initial_state(seed=3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    asked = {"uniform": 0, "belief": 0}
    real = type(state).resample_by_belief

    def counting(self: Any, seat: int, rng: Any) -> Any:
        asked[mode] += 1
        return real(self, seat, rng)

    monkeypatch.setattr(type(state), "resample_by_belief", counting)
    for mode in asked:
        agent = ISMCTSAgent(game, iterations=12, depth=4, worlds=mode)
        assert agent.act(observe(state), random.Random(0)) in state.legal_actions()
    assert asked == {"uniform": 0, "belief": 12}
