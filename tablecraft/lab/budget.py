"""The strongest difficulty level a lab run can afford: an answer measured with weak players is an answer about
weak players (issue 16), so the lab plays the best level that fits the time a designer gives it.

The cost of a level is estimated, not guessed: one heuristic self-play game of the game (with its options and
seats) gives the positions a run will meet and how many real decisions a game has; the level decides at a few of
those positions from the seat's blind observation, timed with ``time.process_time`` (CPU time: on a shared machine
wall time would measure the neighbours). A game costs about its decisions times a decision's mean time; a run of
``games`` on ``workers`` processes costs ``games / workers`` of that. The levels are tried strongest first, and each
probe costs at most ``PROBES`` decisions, so choosing costs seconds even when the strongest level is slow.

>>> import tablecraft
>>> game = tablecraft.load("xeno-faction")
>>> choice = strongest_level(game, budget=1e9, games=10)
>>> choice.level, choice.fits
('expert', True)
>>> strongest_level(game, budget=0.0, games=10).level
'random'
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from tablecraft.agents import make_agent, observe
from tablecraft.agents.levels import LEVELS
from tablecraft.core.api import Game, State

PROBES = 6
"""Decisions timed per level."""


@dataclass(frozen=True)
class LevelChoice:
    """The level chosen for a budget, with the estimates behind the choice."""

    level: str
    """A level id, or ``random`` when not even the cheapest level fits."""
    seconds_per_game: float
    """Estimated CPU seconds of one game with every seat at ``level``."""
    estimated_seconds: float
    """Estimated CPU seconds of the whole run on its workers."""
    fits: bool
    """Whether the estimate is within the budget (``random`` is played when nothing fits)."""
    estimates: dict[str, float]
    """Seconds per game of every level probed, strongest first."""


def probe_positions(game: Game[Any], seed: int = 0) -> tuple[list[State[Any]], int]:
    """Positions with a real choice along one heuristic self-play game from ``seed``, spread over the game
    (at most ``PROBES``), and how many real decisions that game had."""
    bot = game.make_heuristic()
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    met: list[State[Any]] = []
    while not state.is_terminal():
        if len(state.forward_actions()) > 1:
            met.append(state.clone())
        state.apply_unchecked(bot.act(observe(state), rng))
    if not met:
        return [], 0
    step = max(1, len(met) // PROBES)
    return met[::step][:PROBES], len(met)


def seconds_per_decision(game: Game[Any], spec: str, states: list[State[Any]]) -> float:
    """Mean CPU seconds ``spec`` (a level or agent spec, as ``make_agent`` builds it) takes per decision at
    ``states``."""
    agent = make_agent(spec, game)
    rng = random.Random(0)
    times = []
    for state in states:
        start = time.process_time()
        agent.act(observe(state), rng)
        times.append(time.process_time() - start)
    return statistics.fmean(times) if times else 0.0


def strongest_level(game: Game[Any], budget: float, games: int, workers: int = 1) -> LevelChoice:
    """The strongest level whose run of ``games`` games on ``workers`` processes is estimated to take at most
    ``budget`` CPU seconds; ``random`` (with ``fits`` false unless it is free) when none does."""
    if budget < 0:
        raise ValueError(f"the time budget must be 0 seconds or more, not {budget}")
    if games < 1 or workers < 1:
        raise ValueError("a run needs at least one game and one worker")
    states, decisions = probe_positions(game)
    estimates: dict[str, float] = {}
    for level in reversed(LEVELS):
        per_game = seconds_per_decision(game, level.id, states) * decisions
        estimates[level.id] = per_game
        total = per_game * games / workers
        if total <= budget:
            return LevelChoice(level.id, per_game, total, True, estimates)
    return LevelChoice("random", 0.0, 0.0, budget > 0, estimates)
