"""A policy over encoded observations, as a tablecraft agent: a trained network can sit at any table.

``PolicyAgent(game, predict)`` hands ``predict`` the same ``{"observation", "action_mask"}`` dict the environments
produce for that seat (from the seat's view only) and plays the codec id it returns. It can be an opponent in
``TablecraftGymEnv`` (self-play against a frozen copy) or any other agent's peer. With sb3-contrib::

    agent = PolicyAgent(game, lambda o: int(model.predict(o, action_masks=o["action_mask"] > 0)[0]))

>>> import random, tablecraft
>>> from tablecraft.agents import observe
>>> game = tablecraft.load("wizard-towers")
>>> first_legal = PolicyAgent(game, lambda o: int(o["action_mask"].argmax()))
>>> state = game.new_initial_state(seed=2)
>>> first_legal.act(observe(state), random.Random(0)) == state.legal_actions()[0]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from tablecraft.agents import Observation
from tablecraft.core.actions import Action
from tablecraft.core.api import Game
from tablecraft.core.errors import IllegalActionError

from .common import MASK_DTYPE, action_id
from .encoding import ObservationEncoder, encoder_for


class PolicyAgent:
    """An agent whose choice is ``predict(observation dict) -> codec id`` (which must be legal)."""

    def __init__(
        self,
        game: Game[Any],
        predict: Callable[[dict[str, np.ndarray]], Any],
        encoder: ObservationEncoder | None = None,
        name: str = "policy",
    ) -> None:
        self.game = game
        self.predict = predict
        self.encoder = encoder if encoder is not None else encoder_for(game)
        self.name = name

    def observation(self, obs: Observation) -> dict[str, np.ndarray]:
        """The environment-style observation of the seat to move: its encoded view and its action mask."""
        mask = np.zeros(self.game.codec.size, dtype=MASK_DTYPE)
        mask.put([a.id for a in obs.legal_actions], 1)
        return {"observation": self.encoder.encode(obs.view), "action_mask": mask}

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The policy's action; ``IllegalActionError`` if it names one that is not legal (it is never replaced)."""
        a = action_id(self.predict(self.observation(obs)))
        for legal in obs.legal_actions:
            if legal.id == a:
                return legal
        tried = self.game.codec.decode(a) if 0 <= a < self.game.codec.size else f"id {a}"
        raise IllegalActionError(tried, obs.legal_actions, f"policy {self.name} chose it")
