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
from .bot.evaluation import EVAL_WEIGHTS, eval_features, sides_of

__all__ = ["EVAL_WEIGHTS", "FateHeuristic", "eval_features", "evaluate", "sides_of"]
