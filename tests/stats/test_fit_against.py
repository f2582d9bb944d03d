"""One player's Elo fitted against opponents of known, fixed Elo: recovered from synthetic results drawn from it."""

from __future__ import annotations

import random

import pytest

from briscola.ai.levels import LADDER_ELO
from briscola.stats import PairTally, fit_against, fit_ratings, score_from_elo

ANCHORS = tuple(LADDER_ELO.values())


def draw_results(true_elo: float, games: int, rng: random.Random) -> list[tuple[float, float, float]]:
    """``games`` games against each anchor, each won with the model's probability (no draws)."""
    results = []
    for anchor in ANCHORS:
        p = score_from_elo(true_elo - anchor)
        wins = sum(rng.random() < p for _ in range(games))
        results.append((anchor, float(games), float(wins)))
    return results


@pytest.mark.parametrize("true_elo", [60.0, 150.0, 300.0, 450.0, 600.0])
def test_a_known_strength_is_recovered_within_the_interval(true_elo: float) -> None:
    estimate = fit_against(draw_results(true_elo, 400, random.Random(1)))
    assert estimate is not None
    assert estimate.low <= true_elo <= estimate.high
    assert estimate.high - estimate.low < 80  # 2,400 games pin it down to a few dozen Elo


def test_the_interval_covers_the_truth_about_95_times_in_100() -> None:
    rng = random.Random(7)
    covered = 0
    for _ in range(200):
        estimate = fit_against(draw_results(320.0, 60, rng))
        assert estimate is not None
        covered += estimate.low <= 320.0 <= estimate.high
    assert 180 <= covered <= 199  # 95% of 200 is 190; binomial spread about 3


def test_it_agrees_with_the_full_fit_when_the_opponent_is_the_anchor() -> None:
    """Against one opponent, fixing it is anchoring it: the two fits are the same model and the same prior."""
    one = fit_against([(100.0, 50.0, 35.0)])
    full = fit_ratings([PairTally(0, 1, 50.0, 15.0)], players=2, anchor=0)
    assert one is not None
    assert one.value == pytest.approx(100.0 + full.elo[1], abs=1e-6)
    assert one.high - one.low == pytest.approx(full.high[1] - full.low[1], rel=1e-6)


def test_a_perfect_record_stays_finite_and_no_games_give_nothing() -> None:
    perfect = fit_against([(265.0, 20.0, 20.0)])
    assert perfect is not None and 265.0 < perfect.value < 1000.0
    assert fit_against([]) is None
    assert fit_against([(265.0, 0.0, 0.0)]) is None
