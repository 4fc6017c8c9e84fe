"""Rates, intervals and comparisons: known values from the literature and the properties the lab relies on."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablecraft.lab.stats import Rate, compare, games_for_half_width, newcombe_interval, two_proportion_test


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
