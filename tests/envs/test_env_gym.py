"""The Gymnasium environment: Gymnasium's ``check_env`` for every registered game and seat count, and the
behaviour of opponents, rewards, masks, seeds and illegal actions."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tablecraft
from tablecraft.agents import Observation, make_agent
from tablecraft.core.errors import IllegalActionError
from tablecraft.envs import GYM_ID, ILLEGAL_REWARD, PolicyAgent, TablecraftGymEnv, gym_env

SEATINGS = [(g.id, n) for g in tablecraft.games() for n in range(g.min_seats, g.max_seats + 1)]
IDS = [f"{g}-{n}p" for g, n in SEATINGS]


def episode(env: TablecraftGymEnv, seed: int, pick: Any = None) -> tuple[list[int], float, dict[str, Any]]:
    """Play one episode (lowest legal id, or ``pick(mask)``); return the learner's actions, last reward, last info."""
    obs, info = env.reset(seed=seed)
    actions = []
    while True:
        mask = env.action_masks()
        assert np.array_equal(mask, obs["action_mask"].astype(bool))
        a = int(pick(mask)) if pick else int(np.flatnonzero(mask)[0])
        actions.append(a)
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return actions, reward, info
        assert reward == 0.0


@pytest.mark.parametrize(("game_id", "seats"), SEATINGS, ids=IDS)
@pytest.mark.parametrize("seat", [0, "random"])
def test_gymnasium_check_env_passes(game_id: str, seats: int, seat: int | str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker is a failure
        warnings.filterwarnings("ignore", message=".*not having a spec.*")
        check_env(TablecraftGymEnv(game_id, seat=seat, num_seats=seats))


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_check_env_passes_through_gymnasium_make_with_every_render_mode(game_id: str) -> None:
    env = gymnasium.make(GYM_ID, game=game_id, render_mode="ansi")
    check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_the_reward_is_the_learners_return_and_a_seed_replays_the_episode(game_id: str) -> None:
    env = gym_env(game_id, seat=0)
    actions, reward, info = episode(env, seed=9)
    assert env.state is not None and env.state.is_terminal()
    assert reward == env.state.returns()[0] and info["returns"][0] == reward
    assert info["winners"] == env.state.winners()
    assert episode(env, seed=9) == (actions, reward, info)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(actions[0])


def test_opponents_play_every_other_seat_from_their_own_view() -> None:
    seen: list[int] = []

    def lowest(obs: Observation, rng: random.Random) -> int:
        seen.append(obs.seat)
        assert obs.view["seat"] == obs.seat, "an opponent is handed its own seat's view"
        return obs.legal_actions[0].id

    env = gym_env("wizard-towers", seat=1, opponents=[lowest, "random"])
    episode(env, seed=3)
    assert seen and set(seen) == {0}, "the callable plays seat 0 and the random agent seat 2"
    assert env.state is not None
    game = env.game
    # replaying the same game with the same choices outside the environment gives the same state
    replay = game.new_initial_state(3)
    for action in env.state.history():
        replay.apply(action)
    assert replay.to_json() == env.state.to_json()


def test_opponents_may_be_specs_agents_callables_or_a_mapping() -> None:
    game = tablecraft.load("wizard-towers")
    as_text = gym_env(game, seat=2, opponents={0: "random", 1: lambda o, r: str(o.legal_actions[-1])})
    as_action = gym_env(game, seat=2, opponents=lambda o, r: o.legal_actions[0])
    as_agent = gym_env(game, seat=2, opponents=make_agent("random", game))
    for env in (as_text, as_action, as_agent):
        _, _, info = episode(env, seed=1)
        assert "winners" in info
    with pytest.raises(ValueError, match="needs 2"):
        gym_env(game, seat=0, opponents=["random"])
    with pytest.raises(ValueError, match="no opponent given for seats"):
        gym_env(game, seat=0, opponents={1: "random"})
    with pytest.raises(KeyError, match="unknown agent"):
        gym_env(game, opponents="grandmaster")
    with pytest.raises(ValueError, match="seat must be"):
        gym_env(game, seat=3)


def test_an_opponent_choosing_an_illegal_action_is_an_error_not_a_replacement() -> None:
    env = gym_env("wizard-towers", seat=2, opponents=lambda o, r: 10_000 % 511)
    with pytest.raises(IllegalActionError, match="opponent in seat 0"):
        env.reset(seed=1)


def test_an_illegal_learner_action_ends_the_episode_with_the_penalty() -> None:
    env = gym_env("wizard-towers", seat=0)
    obs, _ = env.reset(seed=2)
    assert env.state is not None
    before = env.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False)
    assert info["illegal_action"]["action"] == illegal and env.state.to_json() == before
    strict = gym_env("wizard-towers", seat=0, illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_a_random_learner_seat_is_drawn_from_the_seed() -> None:
    env = gym_env("wizard-towers", seat="random")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}
    assert env.reset(seed=5)[1]["seat"] == env.reset(seed=5)[1]["seat"]


def test_a_trained_policy_can_sit_at_the_table_as_an_agent() -> None:
    game = tablecraft.load("wizard-towers")
    calls = []

    def predict(o: dict[str, np.ndarray]) -> int:
        calls.append(o["observation"].shape)
        return int(np.flatnonzero(o["action_mask"])[-1])

    env = gym_env(game, seat=0, opponents=[PolicyAgent(game, predict), "random"])
    episode(env, seed=4)
    assert calls and calls[0] == env.observation_space["observation"].shape
    bad = PolicyAgent(game, lambda o: int(np.flatnonzero(o["action_mask"] == 0)[0]), name="broken")
    with pytest.raises(IllegalActionError, match="policy broken"):
        gym_env(game, seat=2, opponents=bad).reset(seed=1)
