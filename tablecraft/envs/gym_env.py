"""The Gymnasium single-agent environment of any tablecraft game: one learning seat, the others played by agents.

The learner plays ``seat`` (a seat number, or ``"random"`` for a seat drawn each episode); every other seat is
played by an opponent: an agent spec for ``tablecraft.agents.make_agent`` (``"random"``, ``"heuristic"``,
``"ismcts:iterations=200"`` …), an agent object (``act(obs, rng)``) or any callable ``(obs, rng) -> action``
(an ``Action``, its codec id or its text), where ``obs`` is the ``tablecraft.agents.Observation`` of that seat and
``rng`` its own ``random.Random``. Opponents see only their own view, like every agent.

Observations and actions are those of the AEC environment: ``{"observation", "action_mask"}`` of the learner's
seat, and a codec id. A step applies the learner's action, then lets the opponents move until the learner is to
decide again or the game ends; the reward is the learner's ``returns()`` entry at the end, 0 before.
``action_masks()`` gives the mask as booleans, which sb3-contrib's ``MaskablePPO`` reads by itself.

Seeding: ``reset(seed=s)`` plays game seed ``s`` (unless the game ended before the learner's first decision; then
the next seed drawn); each opponent draws from ``random.Random`` seeded by the game seed and its seat (as
``tablecraft simulate`` does); unseeded resets draw the next game seed from the environment's generator.

>>> env = TablecraftGymEnv("wizard-towers", seat=0, opponents="random")
>>> obs, info = env.reset(seed=5)
>>> info["seat"], info["game_seed"]
(0, 5)
>>> obs, reward, terminated, truncated, info = env.step(int(env.action_masks().argmax()))
>>> terminated, truncated
(False, False)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tablecraft.agents import Agent, Observation, make_agent, observe
from tablecraft.core.actions import Action
from tablecraft.core.api import Game, Json, State
from tablecraft.core.errors import IllegalActionError, InvalidActionError
from tablecraft.lab.simulate import bot_rng

from .aec import RENDER_MODES
from .common import (
    ILLEGAL_REWARD,
    SEED_BOUND,
    IllegalActionPolicy,
    LegalMemo,
    Observer,
    action_id,
    action_mask,
    final_info,
    illegal_info,
    observation_space,
    pick_legal,
    resolve_encoder,
    resolve_game,
)
from .encoding import Hints, ObservationEncoder

OpponentFn = Callable[[Observation, random.Random], Action | int | str]
Opponent = str | Agent | OpponentFn
"""An opponent: an agent spec, an agent, or a callable ``(obs, rng) -> action``."""

MAX_RESEATS = 100
"""How many fresh deals ``reset`` tries when games keep ending before the learner's first decision."""


class CallableAgent:
    """An agent made of a function ``(obs, rng) -> action`` (an ``Action``, its codec id or its text)."""

    name = "callable"

    def __init__(self, fn: OpponentFn, game: Game[Any]) -> None:
        self.fn = fn
        self.game = game

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The function's choice, as an ``Action``."""
        out = self.fn(obs, rng)
        if isinstance(out, Action):
            return out
        if isinstance(out, str):
            return self.game.parse_action(out)
        return self.game.codec.decode(action_id(out))


def make_opponent(spec: Opponent, game: Game[Any]) -> Agent:
    """An agent from an opponent spec (see ``Opponent``)."""
    if isinstance(spec, str):
        return make_agent(spec, game)
    if isinstance(spec, Agent):
        return spec
    if callable(spec):
        return CallableAgent(spec, game)
    raise TypeError(f"an opponent is an agent spec, an agent or a callable (obs, rng) -> action, not {spec!r}")


class TablecraftGymEnv(gym.Env[dict[str, np.ndarray], int]):
    """A Gymnasium environment where the learner plays ``seat`` of ``game`` against ``opponents``.

    ``opponents``: one ``Opponent`` for every other seat, a sequence of them (one per other seat, in seat order;
    one per seat when ``seat="random"``, the learner's own entry then unused) or a mapping seat → opponent. ``encoder``/``hints``/``illegal_action``/``render_mode`` as in
    ``TablecraftAECEnv`` (``illegal_action="lose"`` by default, so that checkers sampling unmasked actions work).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        game: str | Game[Any],
        seat: int | str = 0,
        opponents: Opponent | Sequence[Opponent] | Mapping[int, Opponent] = "random",
        num_seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        encoder: ObservationEncoder | None = None,
        hints: Hints | None = None,
        illegal_action: IllegalActionPolicy | str = IllegalActionPolicy.LOSE,
        render_mode: str | None = None,
    ) -> None:
        self.game: Game[Any] = resolve_game(game, num_seats, options)
        n = self.game.num_seats
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', got {seat!r}")
        self.seat_choice = seat
        self.encoder: ObservationEncoder = resolve_encoder(self.game, encoder, hints)
        self.illegal_action = IllegalActionPolicy(illegal_action)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not one of {list(RENDER_MODES)}")
        self.render_mode = render_mode
        self.opponents: list[Agent] = self._opponents(opponents)
        self._size = self.game.codec.size
        self.observation_space: spaces.Dict = observation_space(self.encoder, self._size)  # type: ignore[assignment]
        self.action_space: spaces.Discrete = spaces.Discrete(self._size)  # type: ignore[assignment]
        self.state: State[Any] | None = None
        self.seat: int = seat if isinstance(seat, int) else 0
        self.game_seed: int | None = None
        self._rngs: list[random.Random] = []
        self._done = True
        self._moves = 0
        self._legal = LegalMemo()
        self._observer = Observer(self.encoder, self._size)
        self._actions = self.game.codec.actions

    def _opponents(self, given: Opponent | Sequence[Opponent] | Mapping[int, Opponent]) -> list[Agent]:
        """One agent per seat (the learner's own entry is used only when the learner's seat is drawn at random)."""
        n = self.game.num_seats
        if isinstance(given, Mapping):
            missing = [s for s in range(n) if s not in given and s != self.seat_choice]
            if missing:
                raise ValueError(f"no opponent given for seats {missing}")
            return [make_opponent(given.get(s, "random"), self.game) for s in range(n)]
        if isinstance(given, str) or not isinstance(given, Sequence):
            return [make_opponent(given, self.game) for _ in range(n)]
        others = n - 1 if isinstance(self.seat_choice, int) else n
        if len(given) != others:
            raise ValueError(f"{len(given)} opponents given; {self.game.spec.id} with {n} seats needs {others}")
        agents = [make_opponent(g, self.game) for g in given]
        if isinstance(self.seat_choice, int):
            agents.insert(self.seat_choice, agents[0])  # placeholder for the learner's seat, never asked
        return agents

    # --------------------------------------------------------------------------------------------- API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], Json]:
        """Deal a new game and let the opponents move until the learner's first decision."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND))
        for _ in range(MAX_RESEATS):
            self.seat = (
                int(self.np_random.integers(self.game.num_seats)) if self.seat_choice == "random"
                else int(self.seat_choice)
            )
            self.game_seed = game_seed
            self.state = self.game.new_initial_state(game_seed)
            self._moves = 0
            self._rngs = [bot_rng(game_seed, s) for s in range(self.game.num_seats)]
            self._play_opponents(self.state)
            if not self.state.is_terminal():
                self._done = False
                return self._observe(), {"seat": self.seat, "game_seed": game_seed}
            game_seed = int(self.np_random.integers(SEED_BOUND))
        raise RuntimeError(f"{MAX_RESEATS} games in a row ended before seat {self.seat} had a decision")

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, Json]:
        """Apply the learner's action (a codec id), then the opponents' moves until the learner decides again."""
        if self._done or self.state is None:
            raise RuntimeError("the episode is over (or never started): call reset()")
        state = self.state
        a = action_id(action)
        legal = self._legal.get(state, self._moves)
        chosen = pick_legal(legal, self._actions, a)
        if chosen is None:
            if self.illegal_action is IllegalActionPolicy.RAISE:
                if not 0 <= a < self._size:
                    raise InvalidActionError(f"action id {a} is out of range 0..{self._size - 1}")
                raise IllegalActionError(self.game.codec.decode(a), legal, f"seat {self.seat} cannot play it now")
            self._done = True
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal_action": illegal_info(self.game, state, a)}
        state.apply_unchecked(chosen)
        self._moves += 1
        self._play_opponents(state)
        if self.render_mode == "human":
            self.render()
        if state.is_terminal():
            self._done = True
            return self._observe(), float(state.returns()[self.seat]), True, False, final_info(state)
        return self._observe(), 0.0, False, False, {}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans over the codec ids (read by sb3-contrib's MaskablePPO)."""
        if self.state is None:
            raise RuntimeError("call reset() before asking for action masks")
        state = self.state
        legal = self._legal.get(state, self._moves) if state.current_player() == self.seat else []
        return action_mask(state, self.seat, self._size, legal).astype(bool)

    def render(self) -> str | None:
        """The spectator's view (no hidden card) as text; printed in ``human`` mode."""
        if self.render_mode is None or self.state is None:
            return None
        text = json.dumps(self.state.view(None), ensure_ascii=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # ------------------------------------------------------------------------------------------ helpers
    def _observe(self) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        legal = self._legal.get(state, self._moves) if state.current_player() == self.seat else ()
        return self._observer(state, self.seat, legal)

    def _play_opponents(self, state: State[Any]) -> None:
        """Opponents move until the learner is to decide or the game is over."""
        seat = self.seat
        while True:
            who = state.current_player()
            if who == seat or who < 0:
                return
            obs = observe(state)
            choice = self.opponents[who].act(obs, self._rngs[who])
            if choice not in obs.legal_actions:
                raise IllegalActionError(choice, obs.legal_actions, f"the opponent in seat {who} chose it")
            state.apply_unchecked(choice)
            self._moves += 1


def gym_env(game: str | Game[Any], seat: int | str = 0, opponents: Any = "random", **kwargs: Any) -> TablecraftGymEnv:
    """A Gymnasium environment for ``game`` (keyword arguments as ``TablecraftGymEnv``)."""
    return TablecraftGymEnv(game, seat, opponents, **kwargs)
