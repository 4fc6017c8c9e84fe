"""The fate heuristic (its plan: ``tablecraft.games.fate.bot``), kept importable under its old name.

>>> import random, tablecraft
>>> from tablecraft.agents import observe
>>> game = tablecraft.load("fate", num_seats=5)
>>> state = game.new_initial_state(seed=2)
>>> agent = game.make_heuristic()
>>> agent.act(observe(state), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

from .bot import FateHeuristic, evaluate
from .bot.evaluation import sides_of

__all__ = ["FateHeuristic", "evaluate", "sides_of"]
