"""Rates, intervals and comparisons: known values from the literature and the properties the lab relies on."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as scipy_stats

from tablecraft.lab.stats import (
    Rate,
    compare,
    games_for_half_width,
    holm,
    newcombe_interval,
    two_proportion_test,
)


def test_newcombe_interval_matches_newcombes_worked_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 − 48/80, method 10: 0.0524 to 0.3339
    lo, hi = newcombe_interval(Rate(48, 80), Rate(56, 70))
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)


def test_two_proportion_test_matches_the_textbook_z() -> None:
    # pooled p = 0.5, se = sqrt(0.25 * 2 / 100) = 0.0707…, z = 0.1 / se = 1.414…
    z, p = two_proportion_test(Rate(45, 100), Rate(55, 100))
    assert z == pytest.approx(math.sqrt(2), rel=1e-9)
    assert p == pytest.approx(math.erfc(1), rel=1e-9)


def test_a_large_difference_is_significant_and_a_small_sample_is_not() -> None:
    assert compare(Rate(300, 1000), Rate(400, 1000)).significant
    assert not compare(Rate(3, 10), Rate(4, 10)).significant


def test_identical_degenerate_rates_show_no_difference() -> None:
    d = compare(Rate(0, 50), Rate(0, 50))
    assert (d.difference, d.p_value, d.significant) == (0.0, 1.0, False)
    assert d.interval[0] < 0 < d.interval[1]


def test_half_width_is_half_the_wilson_interval() -> None:
    r = Rate(37, 120)
    lo, hi = r.interval
    assert r.half_width == pytest.approx((hi - lo) / 2)
    assert r.to_json()["ci"] == [lo, hi]


def test_games_for_half_width_reaches_the_target() -> None:
    n = games_for_half_width(0.3, 0.02)
    assert Rate(round(0.3 * n), n).half_width <= 0.0201


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 400), st.integers(1, 400), st.data())
def test_difference_interval_contains_the_observed_difference(n1: int, n2: int, data: st.DataObject) -> None:
    a = Rate(data.draw(st.integers(0, n1)), n1)
    b = Rate(data.draw(st.integers(0, n2)), n2)
    d = compare(a, b)
    assert -1 <= d.interval[0] <= d.difference <= d.interval[1] <= 1
    assert 0 <= d.p_value <= 1


# ------------------------------------------------------------------------- deals: clustering and pairing
def _clustered_deals(rng: np.random.Generator, deals: int, games: int) -> dict[int, tuple[int, int]]:
    """``deals`` deals of ``games`` games each; each deal has its own rate, Beta(2, 3) (mean 0.4, sd 0.2): the
    strong deal-to-deal spread of a many-seat game whose deal fixes roles and cards."""
    rates = rng.beta(2, 3, size=deals)
    return {j: (int(rng.binomial(games, rates[j])), games) for j in range(deals)}


@pytest.mark.parametrize(("deals", "games"), [(3, 254), (8, 100), (30, 20)])
def test_clustered_interval_covers_the_true_rate_where_the_per_game_interval_does_not(deals: int, games: int) -> None:
    # the true rate (the mean over deals) is 0.4; 400 replicate runs with a fixed seed
    rng = np.random.default_rng(16)
    naive = ours = 0
    for _ in range(400):
        rate = Rate.from_deals(_clustered_deals(rng, deals, games))
        lo, hi = Rate(rate.successes, rate.trials).interval  # as if the games were independent
        naive += lo <= 0.4 <= hi
        lo, hi = rate.interval
        ours += lo <= 0.4 <= hi
    assert naive / 400 < 0.75  # 22%, 38%, 69%: the games of a deal are not independent evidence
    assert ours / 400 >= 0.93  # 95%, 96%, 97%


def test_clustered_interval_of_independent_games_still_covers() -> None:
    rng = np.random.default_rng(7)
    covered = 0
    for _ in range(400):
        wins = rng.binomial(100, 0.4, size=8)
        lo, hi = Rate.from_deals({j: (int(w), 100) for j, w in enumerate(wins)}).interval
        covered += lo <= 0.4 <= hi
    assert covered / 400 >= 0.93


def test_design_effect_is_the_clustered_over_the_binomial_variance() -> None:
    # two deals of 50 games each, 40 and 10 wins: p = 0.5, residuals ±15
    # clustered variance 2/1 · (15² + 15²) / 100² = 0.09; binomial 0.25 / 100 = 0.0025; ratio 36
    rate = Rate.from_deals({0: (40, 50), 1: (10, 50)})
    assert (rate.successes, rate.trials, rate.deals) == (50, 100, 2)
    assert rate.design_effect == pytest.approx(36.0)
    assert rate.to_json()["deals"] == 2


def test_one_game_per_deal_is_the_plain_wilson_interval() -> None:
    rate = Rate.from_deals({j: (int(j % 3 == 0), 1) for j in range(90)})
    assert rate.interval == Rate(30, 90).interval


def test_a_single_deal_of_many_games_says_nothing_beyond_that_deal() -> None:
    rate = Rate.from_deals({0: (120, 254)})
    assert rate.interval == (0.0, 1.0) and rate.half_width == 0.5


def test_mcnemar_exact_on_a_known_table() -> None:
    # 100 paired games (one per deal): 20 both won, 5 only a won, 15 only b won, 60 neither.
    # exact McNemar: two-sided binomial test of 15 of 20 discordant pairs, p = 2 · P(X ≤ 5 | 20, ½) = 0.041389
    a = {j: (int(j < 25), 1) for j in range(100)}
    b = {j: (int(j < 20 or 25 <= j < 40), 1) for j in range(100)}
    d = compare(Rate.from_deals(a), Rate.from_deals(b))
    assert d.test == "McNemar (exact)" and d.deals == 100
    assert d.p_value == pytest.approx(0.041389, abs=1e-6)
    assert d.difference == pytest.approx(0.10)
    assert d.interval[0] < 0.10 < d.interval[1]


def test_paired_test_finds_a_paired_change_the_unpaired_test_misses() -> None:
    # the draws from 35 to 90 HP: the same deals end drawn more often with more HP. 200 deals; 60 are
    # drawn in both arms, 12 more only at 90 HP, none only at 35 HP: McNemar p = 2 · 0.5¹² = 0.000488
    a = {j: (int(j < 60), 1) for j in range(200)}
    b = {j: (int(j < 72), 1) for j in range(200)}
    paired = compare(Rate.from_deals(a), Rate.from_deals(b))
    unpaired = compare(Rate(60, 200), Rate(72, 200))
    assert paired.p_value == pytest.approx(2 * 0.5 ** 12)
    assert unpaired.p_value > 0.05 > paired.p_value


def test_duplicating_every_game_of_a_deal_adds_no_evidence() -> None:
    # each deal played twice, with identical results: the clustered McNemar statistic (Σd)² / Σd² is the same
    # as McNemar's (b - c)² / (b + c) on the single games, 10² / 20 = 5, p = F(1, 99).sf(5)
    a = {j: (int(j < 25), 1) for j in range(100)}
    b = {j: (int(j < 20 or 25 <= j < 40), 1) for j in range(100)}
    a2 = {j: (2 * w, 2) for j, (w, _) in a.items()}
    b2 = {j: (2 * w, 2) for j, (w, _) in b.items()}
    d = compare(Rate.from_deals(a2), Rate.from_deals(b2))
    assert d.test.startswith("clustered McNemar")
    assert d.z ** 2 == pytest.approx(5.0)
    assert d.p_value == pytest.approx(float(scipy_stats.f.sf(5.0, 1, 99)))
    # counted as 200 independent pairs, McNemar would say 20² / 40 = 10, p = 0.0016
    assert d.p_value > 10 * float(scipy_stats.chi2.sf(10.0, 1))


def test_holm_adjusts_known_p_values() -> None:
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 → 0.02, 0.03, 0.06, 0.04 → monotone: 0.02, 0.03, 0.06, 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_a_paired_difference_is_taken_over_the_deals_both_rates_share() -> None:
    # the first mover won deals 0 and 2 of four; its fellow role existed on deals 0 and 2 only, and won one
    mover = Rate.from_deals({0: (1, 1), 1: (0, 1), 2: (1, 1), 3: (0, 1)})
    peers = Rate.from_deals({0: (0, 1), 2: (1, 1)})
    d = compare(peers, mover)
    assert d.difference == 0.5  # 2 of 2 against 1 of 2 on the shared deals, not 2 of 4 against 1 of 2
    assert d.deals == 2
