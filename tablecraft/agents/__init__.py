"""Agents: players that choose an action from what their seat may know.

An agent sees exactly what a human in its seat would: ``view(seat)`` and the legal actions. It never gets the
state, so it cannot peek at hidden cards; a searching agent will later get a resampled state through its own
contract.

>>> import random, tablecraft
>>> game = tablecraft.load("wizard-towers")
>>> state = game.new_initial_state(seed=1)
>>> agent = make_agent("random")
>>> action = agent.act(game, state.view(0), state.legal_actions(), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from tablecraft.core.actions import Action
from tablecraft.core.api import Game, Json


@runtime_checkable
class Agent(Protocol):
    """A player: ``act`` returns one of ``legal_actions`` for the seat whose ``view`` it is given."""

    name: str
    """Short id of the agent kind, e.g. ``random``."""

    def act(self, game: Game[Any], view: Json, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Choose one of ``legal_actions``; ``rng`` is the only source of randomness allowed (reproducibility)."""
        ...


def _random() -> Agent:
    from .random_agent import RandomAgent

    return RandomAgent()


AGENTS: dict[str, Callable[[], Agent]] = {"random": _random}
"""Agent kinds by name, each a factory of a fresh agent."""


def make_agent(name: str) -> Agent:
    """A new agent of kind ``name``; ``KeyError`` naming the known kinds if there is none."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; agents: {', '.join(sorted(AGENTS))}") from None
    return factory()


__all__ = ["AGENTS", "Agent", "make_agent"]
