"""Measure a game's engine speed: random playouts on one core and the cost of cloning a mid-game state.

Playouts use the fast path that search and rollouts use (``forward_actions`` + ``apply_unchecked``) and no views,
so the numbers are the engine's, not an agent's.

>>> import tablecraft
>>> result = benchmark(tablecraft.load("wizard-towers"), games=2, seed=0, clone_states=1, clone_repeats=5)
>>> result["games"], result["decisions"] > 0, result["clone_us"] > 0
(2, True, True)
"""

from __future__ import annotations

import random
import time
import timeit
from typing import Any

from tablecraft.core.api import Game, Json


def benchmark(
    game: Game[Any], games: int, seed: int = 0, clone_states: int = 10, clone_repeats: int = 200
) -> Json:
    """Play ``games`` random games (seeds ``seed``, ``seed + 1`` …) and time them; then time ``state.clone()``.

    Clone time is measured on the positions halfway through the first ``clone_states`` games (rebuilt after
    the timed loop, so rebuilding them costs the playouts nothing), ``clone_repeats`` clones each.
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    rng = random.Random(seed)
    decisions = 0
    histories = []
    start = time.perf_counter()
    for i in range(games):
        state = game.new_initial_state(seed + i)
        while not state.is_terminal():
            legal = state.forward_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            decisions += 1
        if i < clone_states:
            histories.append((seed + i, state.history()))
    seconds = time.perf_counter() - start

    clone_times = []
    for game_seed, history in histories:
        state = game.new_initial_state(game_seed)
        for action in history[: len(history) // 2]:
            state.apply_unchecked(action)
        clone_times.append(timeit.timeit(state.clone, number=clone_repeats) / clone_repeats * 1e6)
    return {
        "game": game.spec.id,
        "options": dict(game.options),
        "seed": seed,
        "games": games,
        "decisions": decisions,
        "seconds": seconds,
        "games_per_s": games / seconds if seconds > 0 else float("inf"),
        "decisions_per_s": decisions / seconds if seconds > 0 else float("inf"),
        "mean_decisions": decisions / games,
        "clone_us": sum(clone_times) / len(clone_times) if clone_times else 0.0,
        "clone_states": len(clone_times),
    }
