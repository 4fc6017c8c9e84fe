"""The balance search: the integer parameter value at which a win rate meets its target.

The win rate is measured, so every point is noisy. The search assumes the rate moves one way with the parameter
(more wizard HP, more wizard wins) and bisects an integer range: measure both ends, then the middle of the
bracket whose measured rates straddle the target, until the bracket is ``step`` wide or ``max_points`` points
have been measured. The answer is read from the final bracket by linear interpolation of the two measured rates
(robust: it uses only points measured on either side of the target); a weighted logistic fit over the points
nearest the answer is reported beside it as a check, with the measured values whose 95% interval contains the target ("fair within
the noise") and any step of the curve that goes against the assumed direction by more than the noise.

>>> import math
>>> def evaluate(xs):  # a known curve: rate = x / 200, measured exactly on 10 000 games
...     return {x: Rate(round(10_000 * x / 200), 10_000) for x in xs}
>>> result = bisect_search(evaluate, lo=50, hi=150, target=0.5)
>>> result["bracketed"], result["estimate"], result["best"]
(True, 100.0, 100)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from tablecraft.core.api import Json

from .stats import Rate

FIT_POINTS = 5
"""The logistic check is fitted to this many measured points nearest the answer: a win-rate curve is rarely
logistic over a wide range (it flattens where the parameter stops mattering), but it is close to it locally."""

Evaluate = Callable[[Sequence[int]], dict[int, Rate]]
"""Measure the rate at each parameter value (all at once, so they can run in parallel)."""


def bisect_search(evaluate: Evaluate, lo: int, hi: int, target: float, step: int = 1,
                  max_points: int = 12) -> Json:
    """Search ``lo..hi`` for the value whose rate is ``target``; return the result and the measured curve."""
    if not lo < hi:
        raise ValueError(f"the range must have lo < hi, got {lo}..{hi}")
    if not 0 < target < 1:
        raise ValueError(f"the target rate must be between 0 and 1, got {target}")
    if step < 1:
        raise ValueError("step must be at least 1")
    points: dict[int, Rate] = dict(evaluate([lo, hi]))
    increasing = points[hi].rate >= points[lo].rate
    sign = 1 if increasing else -1

    def side(x: int) -> float:  # < 0: the rate is on the low-parameter side of the target
        return sign * (points[x].rate - target)

    a, b = lo, hi
    bracketed = side(a) <= 0 <= side(b)
    if bracketed:
        while b - a > step and len(points) < max_points:
            half = max(step, (b - a) // (2 * step) * step)
            mid = a + half
            if mid >= b:
                break
            points.update(evaluate([mid]))
            s = side(mid)
            if s < 0:
                a = mid
            elif s > 0:
                b = mid
            else:
                a = b = mid
                break

    if bracketed:
        ra, rb = points[a].rate, points[b].rate
        estimate = float(a) if rb == ra else a + (target - ra) * (b - a) / (rb - ra)
    else:
        # the target lies outside the range: the nearer end is the best the range offers
        estimate = float(min((lo, hi), key=lambda x: abs(points[x].rate - target)))
    best = lo + round((estimate - lo) / step) * step
    best = min(max(best, lo), hi)
    curve = [{"value": x, **points[x].to_json()} for x in sorted(points)]
    return {
        "lo": lo, "hi": hi, "target": target, "step": step,
        "direction": "increasing" if increasing else "decreasing",
        "bracketed": bracketed,
        "bracket": [a, b],
        "estimate": estimate,
        "best": best,
        "logistic_fit": _logistic_fit(_nearest(points, (a + b) / 2, FIT_POINTS), target),
        "fair_values": [x for x in sorted(points) if points[x].interval[0] <= target <= points[x].interval[1]],
        "against_direction": _against_direction(points, increasing),
        "points": curve,
    }


def _nearest(points: dict[int, Rate], centre: float, count: int) -> dict[int, Rate]:
    """The ``count`` points nearest ``centre`` (ties to the lower value)."""
    chosen = sorted(points, key=lambda x: (abs(x - centre), x))[:count]
    return {x: points[x] for x in sorted(chosen)}


def _logistic_fit(points: dict[int, Rate], target: float) -> Json | None:
    """Weighted least squares of logit(rate) on the value (weights n·p·(1-p)); the value where the fitted
    curve meets ``target``. ``None`` with fewer than two usable points or a flat fit."""
    xs, ys, ws = [], [], []
    for x, r in points.items():
        if 0 < r.successes < r.trials:
            p = r.rate
            xs.append(float(x))
            ys.append(math.log(p / (1 - p)))
            ws.append(r.trials * p * (1 - p))
    if len(set(xs)) < 2:
        return None
    slope, intercept = np.polyfit(np.asarray(xs), np.asarray(ys), 1, w=np.sqrt(np.asarray(ws)))
    if abs(slope) < 1e-12:
        return None
    value = (math.log(target / (1 - target)) - intercept) / slope
    return {"slope": float(slope), "intercept": float(intercept), "value": float(value),
            "points": sorted(int(x) for x in xs)}


def _against_direction(points: dict[int, Rate], increasing: bool) -> list[Json]:
    """Neighbouring points whose rates move against the direction by more than their two half-widths."""
    out = []
    xs = sorted(points)
    for x, y in zip(xs, xs[1:], strict=False):
        change = points[y].rate - points[x].rate
        if (change < 0 if increasing else change > 0) and abs(change) > points[x].half_width + points[y].half_width:
            out.append({"from": x, "to": y, "change": change})
    return out
