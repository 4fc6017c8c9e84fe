"""The random agent: a uniformly random legal action, the baseline every other agent must beat."""

from __future__ import annotations

import random

from tablecraft.core.actions import Action

from . import Observation


class RandomAgent:
    """Chooses uniformly among the legal actions with the ``rng`` it is given (never the global ``random``)."""

    name = "random"

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """A uniformly random element of ``obs.legal_actions`` (which must not be empty)."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("no legal actions to choose from: the game is over")
        return legal[rng.randrange(len(legal))]
