"""The SPRT for game pairs (:mod:`briscola.stats.sprt`): its bounds, its LLR, its stopping, and its error rates on
simulated pairs of known strength (the full 2,000 runs are in ``bench/arena.py``; fewer here, with a wider margin)."""

from __future__ import annotations

import math
import random

import pytest

from briscola.stats.sprt import (
    Sprt,
    bounds,
    elo_estimate,
    llr_logistic,
    logistic_score,
    pentanomial_from_elo,
    simulate_run,
)


def test_wald_bounds() -> None:
    lower, upper = bounds(0.05, 0.05)
    assert lower == pytest.approx(-2.944, abs=1e-3) and upper == pytest.approx(2.944, abs=1e-3)
    lower, upper = bounds(0.05, 0.1)
    assert lower == pytest.approx(math.log(0.1 / 0.95)) and upper == pytest.approx(math.log(0.9 / 0.05))
    with pytest.raises(ValueError):
        bounds(0.6, 0.05)


def test_the_llr_follows_the_mean_score() -> None:
    even = [10, 20, 40, 20, 10]
    assert llr_logistic(even, -10, 10) == pytest.approx(0.0, abs=1e-6)  # halfway between the hypotheses
    assert llr_logistic(even, 0, 50) < 0 < llr_logistic(even, -50, 0)
    strong = [5, 10, 30, 30, 25]
    assert llr_logistic(strong, 0, 50) > 0
    # fishtest's formula by hand: N (s1 - s0) (2 mu - s0 - s1) / (2 var), pair scores scaled to [0, 1]
    xs = [0, 0.25, 0.5, 0.75, 1]
    n = sum(strong)
    mu = sum(c * x for c, x in zip(strong, xs, strict=True)) / n
    var = sum(c * (x - mu) ** 2 for c, x in zip(strong, xs, strict=True)) / n
    s0, s1 = logistic_score(0), logistic_score(50)
    assert llr_logistic(strong, 0, 50) == pytest.approx(n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var), rel=1e-3)
    # no spread at all: the regularized variance is tiny, so even a few pairs are strong evidence either way
    assert llr_logistic([0, 0, 0, 0, 7], 0, 50) > 100 and llr_logistic([0, 0, 7, 0, 0], 0, 50) < -100


def test_the_test_stops_at_a_bound_and_takes_no_more_pairs() -> None:
    sprt = Sprt(0, 50)
    verdicts = [sprt.add(2.0 if i % 3 else 1.0) for i in range(200) if sprt.verdict is None]
    assert verdicts[-1] == "H1" and all(v is None for v in verdicts[:-1])
    assert sprt.llr >= sprt.upper and sprt.pairs == len(verdicts) >= 30
    with pytest.raises(ValueError):
        sprt.add(1.0)
    losing = Sprt(0, 50)
    while losing.verdict is None:
        losing.add(0.5)
        losing.add(1.0)
    assert losing.verdict == "H0" and losing.llr <= losing.lower
    with pytest.raises(ValueError):
        Sprt(0, 50).add(0.7)
    with pytest.raises(ValueError):
        Sprt(50, 0)


def test_the_elo_estimate_and_its_interval() -> None:
    elo, low, high = elo_estimate([10, 20, 40, 20, 10])
    assert elo == pytest.approx(0.0, abs=0.5) and low < 0 < high
    elo, low, high = elo_estimate(pentanomial_counts(100, 3000))
    assert low < 100 < high and elo == pytest.approx(100, abs=25)


def pentanomial_counts(elo: float, pairs: int) -> list[int]:
    return [round(p * pairs) for p in pentanomial_from_elo(elo, 0.05)]


def test_the_pentanomial_of_known_strength() -> None:
    chances = pentanomial_from_elo(50, 0.1)
    assert sum(chances) == pytest.approx(1.0)
    mean = sum(p * x / 2 for p, x in zip(chances, [0, 0.5, 1, 1.5, 2], strict=True))
    assert mean == pytest.approx(logistic_score(50))
    assert chances[2] > chances[0] and chances[4] > chances[0]


@pytest.mark.parametrize(("elo", "target"), [(0.0, 0.05), (50.0, 0.95)], ids=["alpha at ELO0", "power at ELO1"])
def test_error_rates_on_simulated_runs(elo: float, target: float) -> None:
    rng = random.Random(35)
    chances = pentanomial_from_elo(elo, 0.05)
    runs = 400
    accepted = sum(simulate_run(Sprt(0, 50), chances, rng)[0] == "H1" for _ in range(runs))
    assert abs(accepted / runs - target) <= 0.04
