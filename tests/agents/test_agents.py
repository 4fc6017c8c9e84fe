"""Agents choose legal actions from their observation alone, reproducibly; ISMCTS and the heuristics play well."""

from __future__ import annotations

import random

import pytest

import tablecraft
from tablecraft.agents import make_agent, observe, parse_agent_spec
from tablecraft.agents.ismcts import ISMCTSAgent
from tablecraft.core.rng import Rng
from tablecraft.core.testing.conformance import sample_states

GAMES = [g.id for g in tablecraft.games()]
SPECS = ["random", "heuristic", "ismcts:iterations=20:depth=5", "rollout:worlds=2:depth=3"]


def _has_heuristic(game_id: str) -> bool:
    return tablecraft.load(game_id).make_heuristic() is not None


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_agents_only_choose_legal_actions(game_id: str, spec: str) -> None:
    game = tablecraft.load(game_id)
    if spec.startswith(("heuristic", "rollout")) and not _has_heuristic(game_id):
        pytest.skip(f"{game_id} has no heuristic")
    agent = make_agent(spec, game)
    rng = random.Random(3)
    for state in sample_states(game, range(2), every=9):
        if state.is_terminal():
            continue
        assert agent.act(observe(state), rng) in state.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_cannot_tell_worlds_its_seat_cannot_tell_apart(game_id: str) -> None:
    # the true state and a resample of it look the same to the mover, so a non-cheating search picks the same move
    game = tablecraft.load(game_id)
    agent = make_agent("ismcts:iterations=30:depth=6", game)
    checked = 0
    for state in sample_states(game, range(3), every=13):
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        twin = state.resample(seat, Rng(99))
        assert twin.view(seat) == state.view(seat)
        assert agent.act(observe(state), random.Random(5)) == agent.act(observe(twin), random.Random(5))
        checked += 1
    assert checked > 0


def test_ismcts_is_deterministic_for_a_given_rng() -> None:
    game = tablecraft.load("wizard-towers")
    state = game.new_initial_state(seed=8)
    agent = make_agent("ismcts:iterations=40:depth=8", game)
    picks = {agent.act(observe(state), random.Random(17)) for _ in range(3)}
    assert len(picks) == 1


def test_ismcts_counts_its_iterations_and_skips_forced_moves() -> None:
    game = tablecraft.load("wizard-towers")
    agent = ISMCTSAgent(game, iterations=25, depth=3)
    state = game.new_initial_state(seed=2)
    agent.act(observe(state), random.Random(0))
    assert agent.last_iterations == 25
    state = game.new_initial_state(seed=2, setup={"hands": {"orange": ["5S"]}, "hand_limit": {"orange": 1}})
    state.apply("attack blue")
    assert [str(a) for a in state.legal_actions()] == ["play 5S"]
    agent.act(observe(state), random.Random(0))
    assert agent.last_iterations == 0


def test_ismcts_with_a_time_budget_runs_at_least_once() -> None:
    game = tablecraft.load("wizard-towers")
    agent = make_agent("ismcts:seconds=0.01", game)
    state = game.new_initial_state(seed=2)
    assert agent.act(observe(state), random.Random(0)) in state.legal_actions()
    assert agent.last_iterations >= 1  # type: ignore[attr-defined]


def test_agent_specs_parse_parameters_and_reject_nonsense() -> None:
    assert parse_agent_spec("ismcts:iterations=400:rollout=heuristic:c=0.5") == (
        "ismcts", {"iterations": 400, "rollout": "heuristic", "c": 0.5})
    game = tablecraft.load("wizard-towers")
    with pytest.raises(KeyError, match="key=value"):
        make_agent("ismcts:fast", game)
    with pytest.raises(ValueError, match="rollout"):
        make_agent("ismcts:rollout=magic", game)
    with pytest.raises(TypeError):
        make_agent("ismcts:nonsense=1", game)
    with pytest.raises(KeyError, match="unknown wizard-towers heuristic parameter.*x; parameters: card"):
        make_agent("heuristic:x=1", game)


@pytest.mark.parametrize("spec", ["ismcts:iterations=300:depth=4",
                                  "ismcts:iterations=150:depth=4:rollout=heuristic:prior=heuristic"])
def test_ismcts_finds_the_killing_blow(spec: str) -> None:
    # purple holds KS; orange has 5 HP, no cards and no way to defend: attacking orange wins outright
    game = tablecraft.load("wizard-towers")
    state = game.new_initial_state(seed=1, setup={
        "hp": {"orange": 5, "blue": 100, "purple": 150},
        "hands": {"purple": ["KS", "QS", "JS", "10S", "9S"], "blue": []},
        "to_move": "purple",
    })
    agent = make_agent(spec, game)
    rng = random.Random(0)
    while state.current_player() == 2 and state.phase.name in ("DRAW", "ACTION", "ATTACK_CARDS", "ATTACK_LEAD"):
        action = agent.act(observe(state), rng)
        if state.phase.name == "ACTION":
            assert str(action) == "attack orange"
        state.apply(action)
    assert state.is_terminal() or not state.alive[0]
