"""The PettingZoo AEC environment of any tablecraft game: one agent per seat, turn by turn.

Agents are named ``seat_0``, ``seat_1`` …; ``agent_selection`` is the seat the rules ask to decide
(``state.current_player()``). Every agent observes ``{"observation": float32 vector, "action_mask": int8 vector}``:
the vector encodes ``view(seat)`` only (see ``tablecraft.envs.encoding``), the mask has a 1 at the codec id of
every legal action for the seat to move and is all 0 for the others. Actions are codec ids
(``Discrete(game.codec.size)``). Rewards are 0 until the end, then ``state.returns()`` (+1 win, -1 loss, 0 draw).
A seat knocked out before the end stays an agent (it is simply never selected), because its reward is only known
when the game ends (a draw can still give it 0). ``reset(seed=s)`` plays game seed ``s``; later resets without a
seed draw game seeds from the generator ``s`` started, so a seed and the actions reproduce every episode.

>>> env = TablecraftAECEnv("wizard-towers")
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["observation"].dtype.name, int(obs["action_mask"].sum()) > 0
('seat_0', 'float32', True)
>>> env.step(int(obs["action_mask"].argmax()))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tablecraft.core.api import Game, State
from tablecraft.core.errors import IllegalActionError, InvalidActionError

from .common import (
    ILLEGAL_REWARD,
    SEED_BOUND,
    IllegalActionPolicy,
    LegalMemo,
    Observer,
    action_id,
    final_info,
    illegal_info,
    observation_space,
    pick_legal,
    resolve_encoder,
    resolve_game,
)
from .encoding import Hints, ObservationEncoder

RENDER_MODES = ("ansi", "human")
"""``ansi``: ``render()`` returns the spectator's view as text; ``human``: it prints it after every step."""


def agent_name(seat: int) -> str:
    """The PettingZoo agent of a seat: ``seat_0`` …"""
    return f"seat_{seat}"


class TablecraftAECEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """A PettingZoo AEC environment for ``game`` (an id, loaded with ``num_seats`` and ``options``, or a ``Game``).

    ``encoder`` replaces the game's observation encoder; ``hints`` tune the generic one. ``illegal_action`` says
    what an illegal action does (``IllegalActionPolicy``: ``lose`` by default, or ``raise``). ``render_mode``
    ``"ansi"`` returns the spectator's view as text from ``render()``; ``"human"`` prints it.
    """

    metadata = {"name": "tablecraft_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False,
                "render_fps": 4}

    def __init__(
        self,
        game: str | Game[Any],
        num_seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        encoder: ObservationEncoder | None = None,
        hints: Hints | None = None,
        illegal_action: IllegalActionPolicy | str = IllegalActionPolicy.LOSE,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game: Game[Any] = resolve_game(game, num_seats, options)
        self.encoder: ObservationEncoder = resolve_encoder(self.game, encoder, hints)
        self.illegal_action = IllegalActionPolicy(illegal_action)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not one of {list(RENDER_MODES)}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tablecraft_{self.game.spec.id.replace('-', '_')}_v0"}
        self._size = self.game.codec.size
        self.possible_agents = [agent_name(s) for s in range(self.game.num_seats)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.encoder, self._size) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._size) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.state: State[Any] | None = None
        self.game_seed: int | None = None
        self.last_action: tuple[str, Any] | None = None
        """The last agent to act and its action (for ``render``)."""
        self._moves = 0
        self._legal = LegalMemo()
        self._observer = Observer(self.encoder, self._size)
        self._actions = self.game.codec.actions

    # ------------------------------------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The (cached) observation space of ``agent``: the same ``Dict`` shape for every seat."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The (cached) action space of ``agent``: ``Discrete(codec size)``."""
        return self.action_spaces[agent]

    # --------------------------------------------------------------------------------------------- API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: game seed ``seed`` if given, else one drawn from the environment's generator.

        ``options`` is accepted for the PettingZoo signature and ignored: a game's options are fixed when the
        environment is made.
        """
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random()
            game_seed = int(self._np_random.integers(SEED_BOUND))
        self.game_seed = game_seed
        self.state = self.game.new_initial_state(game_seed)
        self._moves = 0
        self.last_action = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = agent_name(self.state.current_player())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation now: its view encoded and its action mask (new arrays each call)."""
        state = self._live_state()
        seat = self._seat_of[agent]
        legal = self._legal.get(state, self._moves) if seat == state.current_player() else ()
        return self._observer(state, seat, legal)

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (a codec id); a terminated agent must pass ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        seat = self._seat_of[agent]
        a = action_id(action)
        legal = self._legal.get(state, self._moves)
        chosen = pick_legal(legal, self._actions, a)
        if chosen is None:
            self._illegal(state, agent, a, legal)
            return
        state.apply_unchecked(chosen)
        self._moves += 1
        self.last_action = (agent, chosen)
        if not state.is_terminal():
            # Rewards are 0 until the game ends, so clearing and accumulating them would change nothing here.
            self.agent_selection = self.possible_agents[state.current_player()]
        else:
            self._cumulative_rewards[agent] = 0.0
            returns = state.returns()
            info = final_info(state)
            for a_name in self.agents:
                s = self._seat_of[a_name]
                self.rewards[a_name] = float(returns[s])
                self.terminations[a_name] = True
                self.infos[a_name] = dict(info)
            # every agent now takes its dead step, in seat order after the one that ended the game
            self.agent_selection = agent_name((seat + 1) % self.game.num_seats)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, state: State[Any], agent: str, a: int, legal: list[Any]) -> None:
        if self.illegal_action is IllegalActionPolicy.RAISE:
            if not 0 <= a < self._size:
                raise InvalidActionError(f"action id {a} is out of range 0..{self._size - 1}")
            raise IllegalActionError(self.game.codec.decode(a), legal, f"{agent} cannot play it now")
        info = illegal_info(self.game, state, a)
        self._cumulative_rewards[agent] = 0.0
        for a_name in self.agents:
            self.rewards[a_name] = ILLEGAL_REWARD if a_name == agent else 0.0
            self.terminations[a_name] = True
            # only the offender learns what was legal: its legal actions can name cards in its hand
            self.infos[a_name] = {"illegal_action": dict(info)} if a_name == agent else {
                "ended_by_illegal_action": info["seat"]}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The spectator's view (no hidden card) and the last action, as text; printed in ``human`` mode."""
        if self.render_mode is None:
            return None
        state = self._live_state()
        text = json.dumps(state.view(None), ensure_ascii=False)
        if self.last_action is not None:
            agent, action = self.last_action
            text = f"{agent}: {self.game.describe_action(action)}\n{text}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no process)."""

    def _live_state(self) -> State[Any]:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def aec_env(game: str | Game[Any], num_seats: int | None = None, **kwargs: Any) -> TablecraftAECEnv:
    """A PettingZoo AEC environment for ``game`` (keyword arguments as ``TablecraftAECEnv``)."""
    return TablecraftAECEnv(game, num_seats, **kwargs)
