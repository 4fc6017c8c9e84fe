"""Proportions with intervals and the comparison of two of them: what every table of the lab is made of.

A ``Rate`` is ``successes`` out of ``trials`` with its Wilson 95% interval (``simulate.wilson_interval``). Two
rates are compared by their difference ``b - a`` with Newcombe's hybrid score interval (method 10 of Newcombe
1998, built from the two Wilson intervals, so it behaves near 0 and 1 where the Wald interval fails) and by the
pooled two-proportion z-test; the difference is called significant when the test's two-sided p-value is below
``alpha`` (0.05).

>>> a, b = Rate(45, 100), Rate(60, 100)
>>> round(a.half_width, 4)
0.0957
>>> d = compare(a, b)
>>> round(d.difference, 2), round(d.p_value, 4), d.significant
(0.15, 0.0337, True)
>>> [round(x, 4) for x in d.interval]
[0.0117, 0.2804]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tablecraft.core.api import Json

from .simulate import Z95, wilson_interval

ALPHA = 0.05
"""Significance level of the comparisons (two-sided)."""


@dataclass(frozen=True)
class Rate:
    """``successes`` out of ``trials``, with its Wilson 95% interval."""

    successes: int
    trials: int

    @property
    def rate(self) -> float:
        """The observed proportion (0 when there are no trials)."""
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval; ``(0, 1)`` with no trials."""
        return wilson_interval(self.successes, self.trials)

    @property
    def half_width(self) -> float:
        """Half the width of the interval, ``(hi - lo) / 2`` (the Wilson interval is not symmetric about the
        rate, so this is the mean distance from the centre to the bounds); ``--until-ci`` compares it to its
        target."""
        lo, hi = self.interval
        return (hi - lo) / 2

    def to_json(self) -> Json:
        """``{"wins", "games", "rate", "ci": [lo, hi], "half_width"}``: the JSON shape of every rate the lab
        reports (``wins``/``games`` name the usual successes and trials)."""
        lo, hi = self.interval
        return {"wins": self.successes, "games": self.trials, "rate": self.rate, "ci": [lo, hi],
                "half_width": self.half_width}


@dataclass(frozen=True)
class Difference:
    """The comparison of two rates: ``b - a``, its 95% interval, the test's p-value and the verdict."""

    a: Rate
    b: Rate
    difference: float
    interval: tuple[float, float]
    z: float
    p_value: float
    significant: bool

    def to_json(self) -> Json:
        """JSON of the comparison (both rates included)."""
        return {"a": self.a.to_json(), "b": self.b.to_json(), "difference": self.difference,
                "ci": list(self.interval), "z": self.z, "p_value": self.p_value, "significant": self.significant}


def newcombe_interval(a: Rate, b: Rate) -> tuple[float, float]:
    """Newcombe's hybrid score 95% interval for ``b.rate - a.rate``.

    Newcombe's own worked example (56/70 against 48/80) gives 0.0524 to 0.3339:

    >>> [round(x, 4) for x in newcombe_interval(Rate(48, 80), Rate(56, 70))]
    [0.0524, 0.3339]
    >>> [round(x, 4) for x in newcombe_interval(Rate(0, 10), Rate(0, 10))]
    [-0.2775, 0.2775]
    """
    p1, p2 = a.rate, b.rate
    l1, u1 = a.interval
    l2, u2 = b.interval
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return max(-1.0, lo), min(1.0, hi)


def two_proportion_test(a: Rate, b: Rate) -> tuple[float, float]:
    """The pooled two-proportion z-test of ``a.rate == b.rate``: ``(z, two-sided p-value)``.

    With no spread at all (both rates 0, or both 1, or a side without trials) there is no evidence of a
    difference: ``(0.0, 1.0)``.

    >>> z, p = two_proportion_test(Rate(30, 100), Rate(30, 100))
    >>> z, p
    (0.0, 1.0)
    """
    if a.trials == 0 or b.trials == 0:
        return 0.0, 1.0
    pooled = (a.successes + b.successes) / (a.trials + b.trials)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials))
    if se == 0:
        return 0.0, 1.0
    z = (b.rate - a.rate) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def compare(a: Rate, b: Rate, alpha: float = ALPHA) -> Difference:
    """Compare ``b`` with ``a`` (difference ``b - a``); significant when the z-test's p-value is below ``alpha``."""
    z, p = two_proportion_test(a, b)
    return Difference(a, b, b.rate - a.rate, newcombe_interval(a, b), z, p, p < alpha)


def games_for_half_width(rate: float, half_width: float, z: float = Z95) -> int:
    """Trials a proportion near ``rate`` needs for an interval about ``half_width`` wide on each side (normal
    approximation, used only to size the next batch of ``--until-ci``).

    >>> games_for_half_width(0.5, 0.02)
    2401
    """
    p = min(max(rate, 0.01), 0.99)  # near 0 or 1 the Wilson interval is not that narrow: plan for a little spread
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))
