"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every registered game and seat count,
and the behaviour the issue asks for (view-only observations, codec masks, returns as rewards, reproducible
seeds, no illegal action ever replaced)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import tablecraft
from tablecraft.core.errors import IllegalActionError, InvalidActionError
from tablecraft.core.rng import Rng
from tablecraft.envs import ILLEGAL_REWARD, TablecraftAECEnv, aec_env

SEATINGS = [(g.id, n) for g in tablecraft.games() for n in range(g.min_seats, g.max_seats + 1)]
IDS = [f"{g}-{n}p" for g, n in SEATINGS]


def play_out(env: TablecraftAECEnv, choose: Any = None) -> list[tuple[str, int]]:
    """Play the current episode to the end (lowest legal id, or ``choose(mask)``); return (agent, action) pairs."""
    moves = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        a = int(choose(mask)) if choose else int(np.flatnonzero(mask)[0])
        moves.append((agent, a))
        env.step(a)
    return moves


@pytest.mark.parametrize(("game_id", "seats"), SEATINGS, ids=IDS)
def test_pettingzoo_api_test_passes(game_id: str, seats: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation is not an array: its own card games get the same warning
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(game_id, seats), num_cycles=300)


@pytest.mark.parametrize(("game_id", "seats"), SEATINGS, ids=IDS)
def test_pettingzoo_seed_test_passes(game_id: str, seats: int) -> None:
    seed_test(lambda: aec_env(game_id, seats), num_cycles=200)


@pytest.mark.parametrize(("game_id", "seats"), SEATINGS, ids=IDS)
def test_observations_masks_and_rewards_follow_the_game(game_id: str, seats: int) -> None:
    env = aec_env(game_id, seats)
    env.reset(seed=4)
    state = env.state
    assert state is not None
    rng = np.random.default_rng(4)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            seat = int(agent.split("_")[1])
            assert reward == state.returns()[seat], "the final reward is the seat's return"
            assert info["winners"] == state.winners()
            env.step(None)
            continue
        seat = state.current_player()
        assert agent == f"seat_{seat}", "the selected agent is the seat the rules ask to decide"
        assert reward == 0.0, "no reward before the end"
        # the learner's choices: the legal actions but ``cancel`` (a build taken back only loops; its id stays masked)
        assert np.flatnonzero(obs["action_mask"]).tolist() == [a.id for a in state.forward_actions()]
        assert np.array_equal(obs["observation"], env.encoder.encode(state.view(seat)))
        if seats > 1:
            other = f"seat_{(seat + 1) % seats}"
            assert not env.observe(other)["action_mask"].any(), "a seat not to move has an empty mask"
        if steps % 10 == 0:  # a world redealt behind the seat's back looks the same to it
            env.state = state.resample(seat, Rng(steps))
            again = env.observe(agent)
            env.state = state
            assert np.array_equal(again["observation"], obs["observation"])
            assert np.array_equal(again["action_mask"], obs["action_mask"])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert state.is_terminal() and env.agents == []
    assert steps == len(state.history())


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_a_seed_reproduces_the_game_and_unseeded_resets_continue_the_stream(game_id: str) -> None:
    env = aec_env(game_id)
    env.reset(seed=21)
    assert env.game_seed == 21
    first = play_out(env)
    env.reset()
    second_seed = env.game_seed
    env.reset(seed=21)
    assert play_out(env) == first
    env.reset()
    assert env.game_seed == second_seed
    assert env.state is not None
    assert env.state.to_json() == env.game.new_initial_state(second_seed).to_json()


def test_an_illegal_action_loses_at_once_and_changes_nothing() -> None:
    env = aec_env("wizard-towers")
    env.reset(seed=2)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert env.state is not None
    before = env.state.to_json()
    agent = env.agent_selection
    env.step(illegal)
    assert env.state.to_json() == before, "the illegal action is never applied nor replaced"
    assert all(env.terminations.values())
    assert env.rewards[agent] == ILLEGAL_REWARD and sum(env.rewards.values()) == ILLEGAL_REWARD
    info = env.infos[agent]["illegal_action"]
    assert info["action"] == illegal and info["legal"] == np.flatnonzero(obs["action_mask"]).tolist()
    others = [a for a in env.agents if a != agent]
    assert all(env.infos[a] == {"ended_by_illegal_action": 0} for a in others), "no one else sees seat 0's options"
    for _ in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_raise_mode_refuses_an_illegal_action_with_the_legal_ones_named() -> None:
    env = aec_env("wizard-towers", illegal_action="raise")
    env.reset(seed=2)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="legal now"):
        env.step(illegal)
    with pytest.raises(InvalidActionError, match="out of range"):
        env.step(10**6)
    with pytest.raises(TypeError, match="integer codec id"):
        env.step("draw orange")
    assert not any(env.terminations.values())
    env.step(np.int64(np.flatnonzero(obs["action_mask"])[0]))  # NumPy integers are accepted


def test_options_and_seat_counts_reach_the_game_and_bad_ones_are_refused() -> None:
    env = aec_env("wizard-towers", options={"wizard_hp": 120})
    env.reset(seed=1)
    assert env.state is not None and env.state.view(2)["players"][2]["hp"] == 120
    with pytest.raises(tablecraft.OptionError):
        aec_env("wizard-towers", 5)
    with pytest.raises(tablecraft.UnknownGameError):
        aec_env("no-such-game")
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("wizard-towers", render_mode="rgb_array")


def test_ansi_render_shows_the_spectator_view_only() -> None:
    env = aec_env("wizard-towers", render_mode="ansi")
    env.reset(seed=3)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    text = env.render()
    assert text is not None and text.startswith("seat_0: ") and '"seat": null' in text
    with pytest.raises(RuntimeError, match="reset"):
        aec_env("wizard-towers").observe("seat_0")


@pytest.mark.parametrize("game_id", ["fate", "wild-hunters"])
def test_cancel_has_the_last_id_of_the_action_space_but_is_never_offered_to_a_learner(game_id: str) -> None:
    env = TablecraftAECEnv(game_id)
    env.reset(seed=5)
    cancel = env.game.codec.cancel
    assert cancel is not None and cancel.id == env.game.codec.size - 1 == env.action_space("seat_0").n - 1
    state = env.state
    assert state is not None
    rng = np.random.default_rng(5)
    offered = 0
    for _ in env.agent_iter(max_iter=3000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if state.can_cancel():
            offered += 1
        assert obs["action_mask"][cancel.id] == 0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert offered > 0, "the episode met no build to take back"
