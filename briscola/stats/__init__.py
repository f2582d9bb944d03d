"""Statistics of results: scores with their 95% intervals, Elo differences, a rating fit, and time summaries.

Pure functions of numbers (no games, no files, the standard library only), so each can be checked against values worked
out by hand. They sit at the bottom of the layers, beside the engine, because both the arena (its reports and the
ladder) and the store (the history's statistics, :mod:`briscola.store.history.stats`) use them. The choices that matter
for reading the figures are explained where they are made:

- a score's interval is a normal approximation over *independent units* (the arena's deal sets), not over single
  games, because the games of one deal played with seats swapped are deliberately anti-correlated;
- an Elo difference's interval is the score interval's bounds transformed, which is exact for a monotone map;
- ratings of many players are a Bradley-Terry maximum-likelihood fit, with draws as half a win each way.

>>> round(elo_from_score(0.75), 1)
190.8
>>> score_interval([0.5, 1.0, 0.5, 0.0], games=8).value
0.5
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = [
    "ELO_PER_NATURAL_UNIT",
    "Z95",
    "Estimate",
    "PairTally",
    "Ratings",
    "elo_from_score",
    "elo_interval",
    "fit_against",
    "fit_ratings",
    "mean_interval",
    "median",
    "percentile",
    "score_from_elo",
    "score_interval",
    "wilson_interval",
]

#: The two-sided 95% quantile of the standard normal distribution.
Z95: Final = 1.959963984540054
#: Elo points per unit of the natural-log strength of the Bradley-Terry model (400 / ln 10): a difference of ``d``
#: Elo means the stronger player is expected to score ``1 / (1 + 10 ** (-d / 400))``.
ELO_PER_NATURAL_UNIT: Final = 400 / math.log(10)

_FIT_TOLERANCE: Final = 1e-10
_FIT_MAX_ITERATIONS: Final = 100_000


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure with its 95% interval ``[low, high]``. Elo bounds may be infinite (a score interval touching 0 or 1)."""

    value: float
    low: float
    high: float


# ---------------------------------------------------------------------------------------------------- scores


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` with its normal-approximation interval (sample standard deviation over sqrt n).

    With fewer than two values the spread is unknown, so the interval is infinite.
    """
    if not values:
        raise ValueError("no values to average")
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, -math.inf, math.inf)
    variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


def wilson_interval(successes: float, trials: int, z: float = Z95) -> Estimate:
    """Wilson's score interval for a proportion: ``successes`` out of ``trials`` (half successes allowed for draws).

    Unlike the plain normal interval it never collapses to a point when every trial went the same way.
    """
    if trials <= 0:
        raise ValueError("a proportion needs at least one trial")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def score_interval(unit_scores: Sequence[float], games: int, z: float = Z95) -> Estimate:
    """A player's score (wins plus half the draws, per game) with its 95% interval, clamped to [0, 1].

    ``unit_scores`` are the player's mean scores over independent units of equal size (the arena's deal sets: one
    deal played with the seats in every position), ``games`` the number of games they hold. The units, not the games,
    are the independent draws: the games of one deal are made to cancel each other's luck, so treating them as
    independent would overstate the uncertainty. When every unit scored the same (say, all wins), the sample spread
    is zero and the normal interval a single point, which no finite sample can justify; Wilson's interval over the
    games is used then instead (conservative for scores with draws, whose spread is below a win/loss proportion's).
    """
    if not unit_scores:
        raise ValueError("no games to score")
    estimate = mean_interval(unit_scores, z)
    if len(unit_scores) < 2 or estimate.high - estimate.low <= 0:
        wilson = wilson_interval(estimate.value * games, games, z)
        return Estimate(estimate.value, wilson.low, wilson.high)
    return Estimate(estimate.value, max(0.0, estimate.low), min(1.0, estimate.high))


# ---------------------------------------------------------------------------------------------------- Elo


def elo_from_score(score: float) -> float:
    """The Elo difference at which the stronger side is expected to score ``score``; infinite at 0 and 1."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is between 0 and 1, not {score}")
    if score == 1.0:
        return math.inf
    if score == 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(difference: float) -> float:
    """The expected score of a side ``difference`` Elo above its opponent (the inverse of :func:`elo_from_score`)."""
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))


def elo_interval(score: Estimate) -> Estimate:
    """The Elo difference for a score estimate, its interval being the score interval's bounds transformed.

    The map from score to Elo is increasing, so the bounds of a 95% score interval are the bounds of a 95% Elo
    interval; bounds are first clamped to [0, 1], where the Elo difference becomes infinite.
    """

    def clamp(value: float) -> float:
        return min(1.0, max(0.0, value))

    return Estimate(
        elo_from_score(clamp(score.value)), elo_from_score(clamp(score.low)), elo_from_score(clamp(score.high))
    )


# ---------------------------------------------------------------------------------------------------- rating fit


@dataclass(frozen=True, slots=True)
class PairTally:
    """The games between players ``a`` and ``b`` (indices): how many, and ``a``'s score in them (wins + draws / 2)."""

    a: int
    b: int
    games: float
    score_a: float


@dataclass(frozen=True, slots=True)
class Ratings:
    """Fitted Elo ratings, one per player, relative to the ``anchor`` player (rated 0, with no uncertainty)."""

    elo: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    anchor: int

    def estimate(self, player: int) -> Estimate:
        """One player's rating with its 95% interval."""
        return Estimate(self.elo[player], self.low[player], self.high[player])


def fit_ratings(
    tallies: Sequence[PairTally], players: int, anchor: int = 0, prior_draws: float = 1.0, z: float = Z95
) -> Ratings:
    """Bradley-Terry ratings on the Elo scale from all games, by maximum likelihood, anchored at ``anchor`` = 0.

    The model says player ``i`` scores ``1 / (1 + 10 ** ((r_j - r_i) / 400))`` against ``j``; draws count half a
    win each way. The fit uses the minorisation-maximisation iteration (Hunter, 2004), which always climbs the
    likelihood. ``prior_draws`` virtual draws are added to every pairing that was played: a weak prior, negligible
    over hundreds of games, that keeps a player who won (or lost) every game at a finite rating.

    Intervals come from the inverse of the observed Fisher information with the anchor held fixed, so they are the
    uncertainty of each rating *relative to the anchor*. They treat games as independent, which for the arena's
    paired deals errs on the wide side. Raises :class:`ValueError` if some player is not linked to the anchor by games.
    """
    if not 0 <= anchor < players:
        raise ValueError(f"anchor {anchor} is not one of {players} players")
    games: dict[tuple[int, int], float] = defaultdict(float)
    scores = [0.0] * players
    for tally in tallies:
        if tally.a == tally.b or tally.games <= 0:
            continue
        if not (0 <= tally.a < players and 0 <= tally.b < players):
            raise ValueError(f"pairing {tally.a}-{tally.b} names a player outside 0..{players - 1}")
        key = (min(tally.a, tally.b), max(tally.a, tally.b))
        games[key] += tally.games
        scores[tally.a] += tally.score_a
        scores[tally.b] += tally.games - tally.score_a
    for i, j in games:
        games[(i, j)] += prior_draws
        scores[i] += prior_draws / 2
        scores[j] += prior_draws / 2
    _check_connected(games, players, anchor)
    strength = _mm_fit(games, scores, players, anchor)
    theta = [math.log(value) for value in strength]
    spread = _standard_errors(games, theta, players, anchor)
    elo = tuple(ELO_PER_NATURAL_UNIT * value for value in theta)
    half = tuple(z * ELO_PER_NATURAL_UNIT * value for value in spread)
    return Ratings(
        elo=elo,
        low=tuple(value - h for value, h in zip(elo, half, strict=True)),
        high=tuple(value + h for value, h in zip(elo, half, strict=True)),
        anchor=anchor,
    )


def _check_connected(games: dict[tuple[int, int], float], players: int, anchor: int) -> None:
    linked: dict[int, set[int]] = defaultdict(set)
    for i, j in games:
        linked[i].add(j)
        linked[j].add(i)
    reached = {anchor}
    frontier = [anchor]
    while frontier:
        for other in linked[frontier.pop()]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    missing = sorted(set(range(players)) - reached)
    if missing:
        raise ValueError(f"players {missing} have no games linking them to player {anchor}: no common scale")


def _mm_fit(games: dict[tuple[int, int], float], scores: list[float], players: int, anchor: int) -> list[float]:
    """Strengths ``g`` (ratings ``ln g``) maximising the likelihood: ``g_i <- W_i / sum_j n_ij / (g_i + g_j)``."""
    strength = [1.0] * players
    for _ in range(_FIT_MAX_ITERATIONS):
        denominators = [0.0] * players
        for (i, j), count in games.items():
            share = count / (strength[i] + strength[j])
            denominators[i] += share
            denominators[j] += share
        updated = [scores[i] / denominators[i] if denominators[i] > 0 else strength[i] for i in range(players)]
        scale = updated[anchor]
        updated = [value / scale for value in updated]
        change = max(abs(math.log(new / old)) for new, old in zip(updated, strength, strict=True))
        strength = updated
        if change < _FIT_TOLERANCE:
            break
    return strength


def _standard_errors(games: dict[tuple[int, int], float], theta: list[float], players: int, anchor: int) -> list[float]:
    """Each rating's standard error (natural units) from the Fisher information with the anchor's row removed."""
    others = [i for i in range(players) if i != anchor]
    position = {player: k for k, player in enumerate(others)}
    size = len(others)
    information = [[0.0] * size for _ in range(size)]
    for (i, j), count in games.items():
        p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
        weight = count * p * (1.0 - p)
        for a, b in ((i, j), (j, i)):
            if a in position:
                information[position[a]][position[a]] += weight
                if b in position:
                    information[position[a]][position[b]] -= weight
    inverse = _invert(information)
    errors = [0.0] * players
    for player, k in position.items():
        errors[player] = math.sqrt(max(inverse[k][k], 0.0))
    return errors


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small symmetric positive-definite matrix, by Gauss-Jordan elimination with pivoting."""
    size = len(matrix)
    work = [row[:] + [1.0 if k == r else 0.0 for k in range(size)] for r, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        if abs(work[pivot][column]) < 1e-300:
            raise ValueError("the games leave some rating undetermined")
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [value / lead for value in work[column]]
        for r in range(size):
            if r != column and work[r][column] != 0.0:
                factor = work[r][column]
                work[r] = [value - factor * base for value, base in zip(work[r], work[column], strict=True)]
    return [row[size:] for row in work]


def fit_against(
    results: Sequence[tuple[float, float, float]], prior_draws: float = 1.0, z: float = Z95
) -> Estimate | None:
    """One player's Elo, by maximum likelihood, from games against opponents whose Elo is known and held fixed.

    ``results`` are ``(opponent_elo, games, score)`` triples, ``score`` the player's wins plus half the draws. This is
    :func:`fit_ratings` with every opponent an anchor: the same Bradley-Terry model and the same weak prior
    (``prior_draws`` virtual draws against each opponent played, so a perfect record gives a finite rating), but only
    one rating is free, so the likelihood is concave in it and Newton's method finds it in a few steps. The interval
    is the inverse of the Fisher information at the fit (the opponents' own uncertainty is left out: they are the
    scale). None when there are no games.
    """
    played = [(elo, games + prior_draws, score + prior_draws / 2) for elo, games, score in results if games > 0]
    if not played:
        return None
    total = math.fsum(games for _, games, _ in played)
    target = math.fsum(score for _, _, score in played)
    scale = ELO_PER_NATURAL_UNIT
    rating = math.fsum(elo * games for elo, games, _ in played) / total
    for _ in range(100):
        expected = [score_from_elo(rating - elo) for elo, _, _ in played]
        gradient = target - math.fsum(p * games for p, (_, games, _) in zip(expected, played, strict=True))
        information = math.fsum(p * (1 - p) * games for p, (_, games, _) in zip(expected, played, strict=True))
        step = max(-400.0, min(400.0, scale * gradient / information))
        rating += step
        if abs(step) < 1e-9:
            break
    expected = [score_from_elo(rating - elo) for elo, _, _ in played]
    information = math.fsum(p * (1 - p) * games for p, (_, games, _) in zip(expected, played, strict=True))
    half = z * scale / math.sqrt(information)
    return Estimate(rating, rating - half, rating + half)


# ---------------------------------------------------------------------------------------------------- times


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values``, interpolating linearly between the two nearest ranks."""
    if not values:
        raise ValueError("no values")
    if not 0.0 <= q <= 100.0:
        raise ValueError(f"a percentile is between 0 and 100, not {q}")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100.0
    below = math.floor(rank)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (rank - below)


def median(values: Sequence[float]) -> float:
    """The middle value (the mean of the two middle ones for an even count)."""
    return percentile(values, 50.0)
