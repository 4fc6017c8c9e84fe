"""The balance search: the integer parameter value at which a win rate meets its target.

The win rate is measured, so every point is noisy. The search assumes the rate moves one way with the parameter
(more wizard HP, more wizard wins) and bisects an integer range: measure both ends, then the middle of the
bracket whose measured rates straddle the target, until the bracket is ``step`` wide or ``max_points`` points
have been measured. The answer is read from the final bracket by linear interpolation of the two measured rates
(robust: it uses only points measured on either side of the target); a weighted logistic fit over the points
nearest the answer is reported beside it as a check, with the measured values whose 95% interval contains the target ("fair within
the noise") and any step of the curve that goes against the assumed direction by more than the noise.

**The answer's own uncertainty.** When the measured rates know their deals (the lab's do; every value plays the
same deals), the answer gets a 95% percentile-bootstrap interval over deals (``answer_interval``): the deals are
resampled with replacement, the same resample for every measured value (they share their deals, so their noise
is correlated), and the crossing is read again from the resampled curve at the measured values. A resample
whose curve does not cross the target inside the range puts the answer at the nearer end, and the result says
how often that happened (then the interval reaches the end of the range and the range should be widened).

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

BOOTSTRAP_RESAMPLES = 1000
"""Resamples of the deals for the answer's interval."""
BOOTSTRAP_SEED = 0
"""The bootstrap's random seed: a report made twice from the same games gives the same interval."""

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
        "estimate_interval": answer_interval(points, target, increasing, estimate),
    }


def _crossing(xs: Sequence[int], rates: Sequence[float], target: float, increasing: bool, near: float) -> float:
    """Where the curve through ``(xs, rates)`` meets ``target``: the linear interpolation in the bracket of
    neighbouring values that straddles it in the assumed direction, the one nearest ``near`` if several do;
    without such a bracket, the end of the range whose rate is nearer the target."""
    sign = 1 if increasing else -1
    sides = [sign * (r - target) for r in rates]
    best: float | None = None
    for i in range(len(xs) - 1):
        if sides[i] <= 0 <= sides[i + 1]:
            ra, rb = rates[i], rates[i + 1]
            x = float(xs[i]) if rb == ra else xs[i] + (target - ra) * (xs[i + 1] - xs[i]) / (rb - ra)
            if best is None or abs(x - near) < abs(best - near):
                best = x
    if best is not None:
        return best
    return float(xs[0] if abs(rates[0] - target) <= abs(rates[-1] - target) else xs[-1])


def answer_interval(points: dict[int, Rate], target: float, increasing: bool, estimate: float,
                    resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED) -> Json | None:
    """The 95% percentile-bootstrap interval of the answer over deals (see the module docstring); ``None``
    when a measured rate does not know its deals.

    A known curve, rate = x / 200 at every value, measured on 200 deals of 20 games whose rates vary from deal
    to deal: the interval holds the true answer, 100.

    >>> import random
    >>> rng = random.Random(1)
    >>> skill = [rng.gauss(0, 0.1) for _ in range(200)]  # how a deal favours the side, whatever the value
    >>> def deal_counts(x):
    ...     return {j: (sum(rng.random() < x / 200 + skill[j] for _ in range(20)), 20) for j in range(200)}
    >>> points = {x: Rate.from_deals(deal_counts(x)) for x in (50, 90, 110, 150)}
    >>> out = answer_interval(points, 0.5, True, 100.0)
    >>> out["ci"][0] < 100 < out["ci"][1], out["deals"], out["at_range_end"]
    (True, 200, 0)
    """
    if not points or any(r.by_deal is None for r in points.values()):
        return None
    xs = sorted(points)
    deals = sorted(set().union(*(points[x].by_deal or {} for x in xs)))
    index = {d: i for i, d in enumerate(deals)}
    wins = np.zeros((len(xs), len(deals)))
    trials = np.zeros((len(xs), len(deals)))
    for row, x in enumerate(xs):
        for d, (w, n) in (points[x].by_deal or {}).items():
            wins[row, index[d]] = w
            trials[row, index[d]] = n
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(deals), size=(resamples, len(deals)))
    # counts of each deal in each resample, so every value's resampled totals are one matrix product
    weights = np.zeros((resamples, len(deals)))
    np.add.at(weights, (np.repeat(np.arange(resamples), len(deals)), draws.ravel()), 1.0)
    w_tot = weights @ wins.T
    n_tot = weights @ trials.T
    answers = []
    at_end = 0
    for b in range(resamples):
        if np.any(n_tot[b] == 0):
            continue
        rates = list(w_tot[b] / n_tot[b])
        sign = 1 if increasing else -1
        sides = [sign * (r - target) for r in rates]
        if not any(sides[i] <= 0 <= sides[i + 1] for i in range(len(xs) - 1)):
            at_end += 1
        answers.append(_crossing(xs, rates, target, increasing, estimate))
    if not answers:
        return None
    lo, hi = np.percentile(np.asarray(answers), [2.5, 97.5])
    return {"ci": [float(lo), float(hi)], "method": "percentile bootstrap over deals", "resamples": len(answers),
            "deals": len(deals), "at_range_end": at_end, "seed": seed}


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
