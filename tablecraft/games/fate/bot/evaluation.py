"""``Game.evaluate`` for fate: a position's worth to a seat from the full (possibly resampled) state.

A logistic model over features a strong player weighs — the HP its side keeps against the others' (in 1v1 the
benched heroes' too), heroes alive on each side, cards in hand, rage, equipment, heroes one blow from death, its own
hero's HP — fitted to the outcomes of heuristic play by ``benchmarks/fit_evaluate.py fate`` (weights in
``EVAL_WEIGHTS``, checked on games of other seeds). ``evaluate`` is ``2·σ(w·x) − 1``: a win probability mapped to
[−1, 1].
"""

from __future__ import annotations

import math
from typing import Any

EVAL_WEIGHTS: tuple[float, ...] = (2.33, 0.11, 0.47, 0.28, 0.37, -0.04, 0.09, 0.35, -1.04, -0.33)
"""Weights of ``eval_features``: ``python benchmarks/fit_evaluate.py fate --seats 2,4,5,7 -n 150`` (182,640
positions; log loss on the odd-seed games 0.557 against 0.670 for the base rate, accuracy 70.2%)."""


def eval_features(state: Any, seat: int) -> list[float]:
    """The features of ``state`` for ``seat``: side-against-others differences scaled to about [−1, 1], the seat's
    own HP and life, whether it plays alone (a neutral) and a constant."""
    from ..spec import Mode

    n = state.n
    side = sides_of(state, seat)
    mine = sum(side)
    theirs = max(1, n - mine)
    mine = max(1, mine)
    hp = [0.0, 0.0]
    alive = [0.0, 0.0]
    cards = [0.0, 0.0]
    rage = [0.0, 0.0]
    gear = [0.0, 0.0]
    low = [0.0, 0.0]
    for p in range(n):
        k = 0 if side[p] else 1
        if not state.alive[p]:
            continue
        alive[k] += 1
        hp[k] += state.hp[p] / max(1, state.maxhp[p])
        cards[k] += len(state.hands[p])
        rage[k] += state.rage[p]
        gear[k] += (state.weapon[p] >= 0) + (state.armour[p] >= 0)
        low[k] += state.hp[p] <= 1
    if state.mode is Mode.DUEL:  # the benched heroes' HP counts too (each plays one turn in three)
        for p in range(n):
            k = 0 if side[p] else 1
            for h in state.left[p] + state.right[p]:
                hp[k] += 0.5 * state.bench_hp[h] / 4.0
    alone = 1.0 if mine == 1 and n > 2 else 0.0
    return [
        hp[0] / mine - hp[1] / theirs,
        alive[0] / mine - alive[1] / theirs,
        (cards[0] / mine - cards[1] / theirs) / 4.0,
        (rage[0] / mine - rage[1] / theirs) / 3.0,
        (gear[0] / mine - gear[1] / theirs) / 2.0,
        state.hp[seat] / max(1, state.maxhp[seat]) if state.alive[seat] else 0.0,
        1.0 if state.alive[seat] else 0.0,
        low[1] / theirs - low[0] / mine,
        alone,
        1.0,
    ]


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s prospects in [−1, 1]: the result at the end; before, ``2·σ(w·x) − 1`` of ``eval_features``."""
    if state.is_terminal():
        return float(state.returns()[seat])
    z = sum(w * x for w, x in zip(EVAL_WEIGHTS, eval_features(state, seat), strict=True))
    z = max(-30.0, min(30.0, z))
    return 2.0 / (1.0 + math.exp(-z)) - 1.0


def sides_of(state: Any, seat: int) -> list[bool]:
    """Which seats play on ``seat``'s side in the full state (its faction; a Neutral plays alone; a revealed
    Roshan against everyone else)."""
    from ..spec import Identity, Mode

    n = state.n
    if state.mode in (Mode.IDENTITY, Mode.TEAMS):
        if state.roshan >= 0:
            r = state.roshan
            return [p == seat for p in range(n)] if seat == r else [p != r for p in range(n)]
        me = state.identity[seat]
        if me == Identity.NEUTRAL:
            return [p == seat for p in range(n)]
        return [state.identity[p] == me for p in range(n)]
    return [p == seat for p in range(n)]
