"""The statistics of results (the arena's and the history's) against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from briscola.stats import (
    Estimate,
    PairTally,
    elo_from_score,
    elo_interval,
    fit_ratings,
    mean_interval,
    median,
    percentile,
    score_from_elo,
    score_interval,
    wilson_interval,
)


def test_elo_from_score_known_values() -> None:
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))  # 190.85
    assert elo_from_score(0.25) == pytest.approx(-400 * math.log10(3))
    assert elo_from_score(10 / 11) == pytest.approx(400.0)  # 10:1 odds are 400 Elo
    assert elo_from_score(1.0) == math.inf
    assert elo_from_score(0.0) == -math.inf
    with pytest.raises(ValueError):
        elo_from_score(1.5)


@pytest.mark.parametrize("difference", [-600.0, -100.0, 0.0, 35.5, 400.0])
def test_score_from_elo_inverts_elo_from_score(difference: float) -> None:
    assert elo_from_score(score_from_elo(difference)) == pytest.approx(difference)


def test_mean_interval_is_the_normal_approximation() -> None:
    estimate = mean_interval([0.0, 1.0, 0.0, 1.0])
    # Sample sd sqrt(1/3), standard error sqrt(1/3)/2.
    half = 1.959963984540054 * math.sqrt(1 / 3) / 2
    assert estimate.value == 0.5
    assert estimate.low == pytest.approx(0.5 - half)
    assert estimate.high == pytest.approx(0.5 + half)
    single = mean_interval([0.7])
    assert (single.low, single.high) == (-math.inf, math.inf)
    with pytest.raises(ValueError):
        mean_interval([])


def test_wilson_interval_known_value() -> None:
    estimate = wilson_interval(8, 10)
    assert estimate.value == 0.8
    assert estimate.low == pytest.approx(0.4902, abs=1e-4)
    assert estimate.high == pytest.approx(0.9433, abs=1e-4)
    everything = wilson_interval(20, 20)
    assert everything.high == 1.0 and everything.low == pytest.approx(0.8389, abs=1e-4)


def test_score_interval_is_clamped_and_never_a_point() -> None:
    clamped = score_interval([1.0, 1.0, 1.0, 0.5], games=8)
    assert clamped.value == pytest.approx(0.875)
    assert clamped.high == 1.0 and 0.0 < clamped.low < 0.875
    all_wins = score_interval([1.0] * 10, games=20)
    assert all_wins.value == 1.0
    assert all_wins.low == pytest.approx(wilson_interval(20, 20).low)
    assert all_wins.high == 1.0


def test_elo_interval_transforms_the_bounds() -> None:
    estimate = elo_interval(Estimate(0.75, 0.6, 0.9))
    assert estimate.value == pytest.approx(elo_from_score(0.75))
    assert estimate.low == pytest.approx(elo_from_score(0.6))
    assert estimate.high == pytest.approx(elo_from_score(0.9))
    touching = elo_interval(Estimate(0.95, 0.9, 1.0))
    assert touching.high == math.inf
    beyond = elo_interval(Estimate(0.02, -0.01, 0.05))
    assert beyond.low == -math.inf


def test_fit_ratings_recovers_a_chain_of_known_differences() -> None:
    # A scores 75% against B, B 75% against C, A and C never met: the maximum-likelihood ratings are exact.
    tallies = [PairTally(0, 1, 100, 75), PairTally(1, 2, 100, 75)]
    ratings = fit_ratings(tallies, 3, anchor=1, prior_draws=0)
    assert ratings.elo[1] == 0.0
    assert ratings.elo[0] == pytest.approx(elo_from_score(0.75), abs=1e-4)
    assert ratings.elo[2] == pytest.approx(-elo_from_score(0.75), abs=1e-4)
    # Standard error of one pairing: 1 / sqrt(n p (1 - p)) natural units, times 400 / ln 10 for Elo.
    half = 1.959963984540054 * 400 / math.log(10) / math.sqrt(100 * 0.75 * 0.25)
    assert ratings.high[0] - ratings.elo[0] == pytest.approx(half, rel=1e-6)
    assert ratings.low[1] == ratings.high[1] == 0.0


def test_fit_ratings_is_consistent_in_a_triangle() -> None:
    # Scores generated from ratings 0, 100, 250 must give those ratings back (up to the anchor).
    true = [0.0, 100.0, 250.0]
    tallies = [PairTally(a, b, 1000, 1000 * score_from_elo(true[a] - true[b])) for a, b in ((0, 1), (1, 2), (0, 2))]
    ratings = fit_ratings(tallies, 3, anchor=0, prior_draws=0)
    assert ratings.elo == pytest.approx(tuple(true), abs=1e-3)


def test_fit_ratings_keeps_a_perfect_score_finite_and_needs_links() -> None:
    ratings = fit_ratings([PairTally(0, 1, 10, 10)], 2, anchor=1)
    # One virtual draw: 10.5 out of 11.
    assert ratings.elo[0] == pytest.approx(elo_from_score(10.5 / 11))
    assert math.isfinite(ratings.high[0])
    with pytest.raises(ValueError, match="linking"):
        fit_ratings([PairTally(0, 1, 10, 5)], 3, anchor=0)
    with pytest.raises(ValueError):
        fit_ratings([], 2, anchor=5)


def test_percentiles() -> None:
    assert median([3.0, 1.0, 2.0]) == 2.0
    assert median([1.0, 2.0, 3.0, 4.0]) == 2.5
    assert percentile([float(v) for v in range(1, 101)], 95) == pytest.approx(95.05)
    assert percentile([5.0], 95) == 5.0
    assert percentile([1.0, 2.0], 0) == 1.0 and percentile([1.0, 2.0], 100) == 2.0
    with pytest.raises(ValueError):
        percentile([], 50)
    with pytest.raises(ValueError):
        percentile([1.0], 101)
