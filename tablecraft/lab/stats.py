"""Proportions with intervals and comparisons of them: what every table of the lab is made of.

**Deals are the unit of evidence.** A run plays every deal (seed) under every seating, and in many-seat games
(fate at 8 seats has 254 seatings) hundreds of games share one deal: its roles, heroes and cards. Those games are
not independent, so a ``Rate`` built with ``Rate.from_deals`` (what the lab's tallies build) knows its per-deal
counts and widens its interval by the clustering actually observed:

- the variance of the rate is the cluster-robust (linearised ratio) variance over deals,
  ``G/(G-1) · Σ_j (w_j - p·n_j)² / N²`` for ``G`` deals with ``w_j`` successes in ``n_j`` trials;
- its ratio to the binomial variance ``p(1-p)/N`` is the *design effect* (Kish; never taken below 1), and the
  interval is Wilson's on the *effective* sample size ``N / deff``, shrunk further by ``(z / t_{G-1})²`` for the
  few-deals case — the Korn & Graubard (1998) construction for clustered survey proportions. With one trial per
  deal it is the plain Wilson interval; with a single deal of many games nothing is known beyond that deal, so
  the interval is ``[0, 1]``.

A ``Rate(successes, trials)`` without deals is the plain Wilson interval (``simulate.wilson_interval``), for
trials that really are independent.

**Comparisons.** Two rates of arms that played the same deals (or two rates of the same games, such as the first
mover against the other seats) are compared *paired on deals* by ``compare``: the test statistic is the
clustered McNemar score statistic of Durkalski et al. (2003), ``(Σ_j e_j)² / Σ_j e_j²`` with ``e_j`` deal
*j*'s share of the difference under the null hypothesis, referred to F(1, G-1); with one game per deal it is
McNemar's test, computed exactly (the binomial test on the discordant pairs). The interval of the difference is
the cluster-robust Wald interval with t(G-1). Only rates without deals fall back to the unpaired pooled
two-proportion z-test with Newcombe's hybrid score interval (method 10 of Newcombe 1998). Many comparisons are
corrected together by ``holm`` (Holm's step-down method, which holds the family-wise error rate whatever the
dependence between the rates — and a game's rates are strongly dependent).

>>> a, b = Rate(45, 100), Rate(60, 100)
>>> round(a.half_width, 4)
0.0957
>>> d = compare(a, b)
>>> round(d.difference, 2), round(d.p_value, 4), d.significant, d.test
(0.15, 0.0337, True, 'two-proportion z-test')
>>> [round(x, 4) for x in d.interval]
[0.0117, 0.2804]

Ten deals of 50 games each, the rate 80% on half of them and 20% on the others: the 500 games say little more
than ten deals would, and the interval shows it.

>>> r = Rate.from_deals({j: (40 if j % 2 else 10, 50) for j in range(10)})
>>> r.rate, r.deals, round(r.design_effect, 1)
(0.5, 10, 20.0)
>>> [round(x, 2) for x in Rate(250, 500).interval], [round(x, 2) for x in r.interval]
([0.46, 0.54], [0.29, 0.71])
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scipy import stats as scipy_stats

from tablecraft.core.api import Json

from .simulate import Z95, wilson_interval

ALPHA = 0.05
"""Significance level of the comparisons (two-sided)."""

DealCounts = Mapping[int, tuple[int, int]]
"""Per deal (its seed): (successes, trials) of one rate."""


def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (``Z95`` for ``df`` ≥ 10⁶)."""
    return Z95 if df >= 1_000_000 else float(scipy_stats.t.ppf(0.975, df))


def wilson_bounds(rate: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's interval for an observed ``rate`` over a possibly fractional number of ``trials`` (an effective
    sample size); a rate of exactly 0 or 1 keeps that bound exactly.

    >>> [round(x, 4) for x in wilson_bounds(0.5, 100)] == [round(x, 4) for x in wilson_interval(50, 100)]
    True
    """
    if trials <= 0:
        return 0.0, 1.0
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (rate + z2 / (2 * trials)) / denom
    half = z * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / denom
    lo = 0.0 if rate <= 0 else max(0.0, centre - half)
    hi = 1.0 if rate >= 1 else min(1.0, centre + half)
    return lo, hi


def cluster_variance(by_deal: DealCounts, rate: float, trials: int) -> float:
    """The cluster-robust variance of a rate pooled over deals (the linearised ratio estimator):
    ``G/(G-1) · Σ_j (w_j - rate·n_j)² / trials²``; 0 with fewer than two deals."""
    g = sum(1 for _, n in by_deal.values() if n)
    if g < 2 or trials == 0:
        return 0.0
    resid = sum((w - rate * n) ** 2 for w, n in by_deal.values() if n)
    return g / (g - 1) * resid / (trials * trials)


@dataclass(frozen=True)
class Rate:
    """``successes`` out of ``trials``, with its 95% interval: Wilson's, widened by the clustering of the trials
    in deals when the rate knows them (``from_deals``; see the module docstring)."""

    successes: int
    trials: int
    deals: int | None = None
    """How many distinct deals the trials come from (``None``: the trials are independent)."""
    design_effect: float = 1.0
    """The clustered variance over the binomial one (at least 1): how many times fewer independent trials the
    games are worth."""
    by_deal: DealCounts | None = field(default=None, compare=False, repr=False)
    """Per deal: (successes, trials), what paired comparisons and bootstraps over deals read."""

    @classmethod
    def from_deals(cls, by_deal: DealCounts) -> Rate:
        """The rate pooled over ``{deal: (successes, trials)}``, with its design effect."""
        counts = {d: (int(w), int(n)) for d, (w, n) in by_deal.items() if n}
        wins = sum(w for w, _ in counts.values())
        trials = sum(n for _, n in counts.values())
        deff = 1.0
        if trials and 0 < wins < trials:
            p = wins / trials
            deff = max(1.0, cluster_variance(counts, p, trials) / (p * (1 - p) / trials))
        return cls(wins, trials, len(counts), deff, counts)

    @property
    def rate(self) -> float:
        """The observed proportion (0 when there are no trials)."""
        return self.successes / self.trials if self.trials else 0.0

    @property
    def effective_trials(self) -> float:
        """The trials as independent ones, ``trials / design_effect``, shrunk by ``(z / t_{G-1})²`` for few
        deals; 0 when one deal holds several trials (nothing is known beyond that deal)."""
        if self.deals is None or self.deals >= self.trials:
            return float(self.trials)
        if self.deals < 2:
            return 0.0
        return self.trials / self.design_effect * (Z95 / t_quantile(self.deals - 1)) ** 2

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval; ``(0, 1)`` with no trials (or a single deal of several games)."""
        if self.deals is None or self.deals >= self.trials:
            return wilson_interval(self.successes, self.trials)
        return wilson_bounds(self.rate, self.effective_trials)

    @property
    def half_width(self) -> float:
        """Half the width of the interval, ``(hi - lo) / 2`` (the Wilson interval is not symmetric about the
        rate, so this is the mean distance from the centre to the bounds); ``--until-ci`` compares it to its
        target."""
        lo, hi = self.interval
        return (hi - lo) / 2

    def to_json(self) -> Json:
        """``{"wins", "games", "rate", "ci": [lo, hi], "half_width", "deals", "design_effect"}``: the JSON shape
        of every rate the lab reports (``wins``/``games`` name the usual successes and trials; ``deals`` is
        ``None`` for independent trials)."""
        lo, hi = self.interval
        return {"wins": self.successes, "games": self.trials, "rate": self.rate, "ci": [lo, hi],
                "half_width": self.half_width, "deals": self.deals, "design_effect": self.design_effect}


@dataclass(frozen=True)
class Difference:
    """The comparison of two rates: ``b - a``, its 95% interval, the test's p-value and the verdict."""

    a: Rate
    b: Rate
    difference: float
    interval: tuple[float, float]
    z: float
    """The signed square root of the test statistic (for the z-test, z itself)."""
    p_value: float
    significant: bool
    test: str = "two-proportion z-test"
    """Which test gave ``p_value``."""
    deals: int | None = None
    """How many deals both rates share (the pairs of a paired test); ``None`` for the unpaired test."""

    def to_json(self) -> Json:
        """JSON of the comparison (both rates included)."""
        return {"a": self.a.to_json(), "b": self.b.to_json(), "difference": self.difference,
                "ci": list(self.interval), "z": self.z, "p_value": self.p_value, "significant": self.significant,
                "test": self.test, "deals": self.deals}


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


def shared_deals(a: DealCounts, b: DealCounts) -> list[int]:
    """The deals both sides have trials in, in order: what every paired statistic is taken over."""
    return sorted(d for d in a.keys() & b.keys() if a[d][1] and b[d][1])


def paired_test(a: DealCounts, b: DealCounts) -> tuple[float, float, str, int]:
    """Test ``rate(b) == rate(a)`` for two rates measured on the same deals: ``(z, two-sided p, test, deals)``.

    Only deals with trials on both sides count. When every such deal holds one trial on each side, the pairs are
    McNemar's and the exact test is used (the binomial test of the discordant pairs). Otherwise the clustered
    McNemar score statistic (Durkalski et al. 2003), ``X² = (Σ e_j)² / Σ e_j²`` with
    ``e_j = (w^b_j - r₀ n^b_j) / N^b - (w^a_j - r₀ n^a_j) / N^a`` under the pooled rate ``r₀`` — which is
    ``(Σ d_j)² / Σ d_j²`` for the per-deal differences of successes when both sides have the same trials per deal
    — referred to F(1, G - 1) for ``G`` deals.

    McNemar's textbook table, 5 pairs only ``a`` won and 15 only ``b`` won (exact p = 0.0414):

    >>> a = {j: (1 if j < 5 else 0, 1) for j in range(20)}
    >>> b = {j: (0 if j < 5 else 1, 1) for j in range(20)}
    >>> z, p, test, deals = paired_test(a, b)
    >>> round(p, 4), test, deals
    (0.0414, 'McNemar (exact)', 20)
    """
    shared = shared_deals(a, b)
    g = len(shared)
    if g == 0:
        return 0.0, 1.0, "paired (no shared deals)", 0
    if all(a[d][1] == 1 and b[d][1] == 1 for d in shared):
        plus = sum(1 for d in shared if b[d][0] > a[d][0])
        minus = sum(1 for d in shared if b[d][0] < a[d][0])
        if plus + minus == 0:
            return 0.0, 1.0, "McNemar (exact)", g
        p = float(scipy_stats.binomtest(plus, plus + minus, 0.5).pvalue)
        return (plus - minus) / math.sqrt(plus + minus), min(1.0, p), "McNemar (exact)", g
    wa = sum(a[d][0] for d in shared)
    na = sum(a[d][1] for d in shared)
    wb = sum(b[d][0] for d in shared)
    nb = sum(b[d][1] for d in shared)
    r0 = (wa + wb) / (na + nb)
    e = [(b[d][0] - r0 * b[d][1]) / nb - (a[d][0] - r0 * a[d][1]) / na for d in shared]
    total, square = sum(e), sum(x * x for x in e)
    test = "clustered McNemar (Durkalski)"
    if g < 2 or square <= 1e-300:
        return 0.0, 1.0, test, g
    stat = total * total / square
    p = float(scipy_stats.f.sf(stat, 1, g - 1))
    return math.copysign(math.sqrt(stat), total), min(1.0, p), test, g


def paired_interval(a: DealCounts, b: DealCounts) -> tuple[float, float]:
    """The cluster-robust 95% interval of ``rate(b) - rate(a)`` over the deals both have trials in: the
    linearised difference of the two ratio estimators, variance ``G/(G-1) Σ u_j²``, quantile t(G-1);
    ``(-1, 1)`` with fewer than two deals."""
    shared = shared_deals(a, b)
    g = len(shared)
    if g < 2:
        return -1.0, 1.0
    wa = sum(a[d][0] for d in shared)
    na = sum(a[d][1] for d in shared)
    wb = sum(b[d][0] for d in shared)
    nb = sum(b[d][1] for d in shared)
    ra, rb = wa / na, wb / nb
    u = [(b[d][0] - rb * b[d][1]) / nb - (a[d][0] - ra * a[d][1]) / na for d in shared]
    half = t_quantile(g - 1) * math.sqrt(g / (g - 1) * sum(x * x for x in u))
    return max(-1.0, rb - ra - half), min(1.0, rb - ra + half)


def _shared_difference(a: DealCounts, b: DealCounts) -> float:
    """``rate(b) - rate(a)`` over the deals both have trials in: the difference the paired test and interval
    judge (the rates over all their deals may differ when one side misses some deals, e.g. the first mover's
    fellow role only exists on some deals)."""
    shared = shared_deals(a, b)
    if not shared:
        return 0.0
    na, nb = sum(a[d][1] for d in shared), sum(b[d][1] for d in shared)
    return sum(b[d][0] for d in shared) / nb - sum(a[d][0] for d in shared) / na


def compare(a: Rate, b: Rate, alpha: float = ALPHA) -> Difference:
    """Compare ``b`` with ``a`` (difference ``b - a``): paired on deals when both rates know theirs
    (``paired_test``, ``paired_interval``), else the unpaired z-test with Newcombe's interval; significant when
    the p-value is below ``alpha`` (before any correction for multiple comparisons: see ``holm``)."""
    if a.by_deal is not None and b.by_deal is not None:
        z, p, test, deals = paired_test(a.by_deal, b.by_deal)
        return Difference(a, b, _shared_difference(a.by_deal, b.by_deal), paired_interval(a.by_deal, b.by_deal), z,
                          p, p < alpha, test, deals)
    z, p = two_proportion_test(a, b)
    return Difference(a, b, b.rate - a.rate, newcombe_interval(a, b), z, p, p < alpha)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979), in the order given: the ``i``-th smallest p is multiplied
    by ``m - i`` (``i`` from 0), made non-decreasing, capped at 1. Rejecting where the adjusted p is below α
    holds the family-wise error rate at α under any dependence.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03, 0.005])]
    [0.03, 0.06, 0.06, 0.02]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = running
    return out


def merge_deals(parts: Iterable[DealCounts]) -> dict[int, tuple[int, int]]:
    """Per-deal counts summed over several rates (e.g. the other seats of a game)."""
    out: dict[int, tuple[int, int]] = {}
    for part in parts:
        for d, (w, n) in part.items():
            ow, on = out.get(d, (0, 0))
            out[d] = (ow + w, on + n)
    return out


def games_for_half_width(rate: float, half_width: float, z: float = Z95) -> int:
    """Trials a proportion near ``rate`` needs for an interval about ``half_width`` wide on each side (normal
    approximation, used only to size the next batch of ``--until-ci``).

    >>> games_for_half_width(0.5, 0.02)
    2401
    """
    p = min(max(rate, 0.01), 0.99)  # near 0 or 1 the Wilson interval is not that narrow: plan for a little spread
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))
