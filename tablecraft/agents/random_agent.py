"""The random agent: a uniformly random legal action, the baseline every other agent must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.api import Game, Json


class RandomAgent:
    """Chooses uniformly among the legal actions with the ``rng`` it is given (never the global ``random``)."""

    name = "random"

    def act(self, game: Game[Any], view: Json, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """A uniformly random element of ``legal_actions`` (which must not be empty)."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from: the game is over")
        return legal_actions[rng.randrange(len(legal_actions))]
