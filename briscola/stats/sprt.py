"""The sequential probability ratio test (SPRT) for paired games, as fishtest runs it for every change to Stockfish.

An SPRT plays until the evidence decides between two hypotheses about the Elo difference of A over B: H0, "it is
``elo0``", and H1, "it is ``elo1``". After every game pair it computes the log-likelihood ratio (LLR) of H1 against
H0 and stops as soon as it leaves the interval (log(beta / (1 - alpha)), log((1 - beta) / alpha)): below, H0 is
accepted (A is not ``elo1`` better); above, H1 is accepted. With these bounds Wald's test wrongly accepts H1 when H0
holds with probability about ``alpha``, and accepts H1 when H1 holds with probability about ``1 - beta``; and it needs
on average far fewer games than a test of fixed size with the same error rates.

**Why pentanomial.** The arena plays each deal twice with the seats swapped, and the two games of a pair are not
independent: the same cards favour the same seat, so a pair more often ends 1-1 than two independent games would. A
trinomial model (win, draw, loss per game) treats them as independent and overstates the variance of the score, which
makes the test slower than it needs to be (and with unbalanced pairs, wrong). The pentanomial model counts *pairs*
by their score for A, 0, 0.5, 1, 1.5 or 2, which keeps whatever correlation the pairing brings. Fishtest moved from
trinomial to pentanomial for this reason when it began to play each opening with colours reversed.

**The LLR.** This is the generalized SPRT with the normal approximation of Michel Van den Bergh's notes ("A
practical introduction to the GSPRT"), in fishtest's logistic-Elo form (``LLR_logistic``, before it moved to
normalized Elo): with the pair scores scaled to [0, 1] (x = 0, 1/4, 1/2, 3/4, 1), their sample mean ``mu`` and
variance ``var`` over N pairs, and s0, s1 the expected scores for ``elo0`` and ``elo1`` under the logistic model
(s = 1 / (1 + 10^(-elo / 400))),

    LLR = N * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)

which is the log of the ratio of two normal likelihoods with means s1 and s0 and the observed variance. Like
fishtest, the counts are regularized (a small pseudo-count in every cell) so that the first pairs, whose variance
may be zero, give no absurd LLR; and no decision is taken before ``min_pairs`` pairs, since the normal approximation
needs some pairs to hold (simulations in ``tests/stats/test_sprt.py`` and ``bench/arena.py`` check the error rates).

Standard library only, like the rest of :mod:`briscola.stats`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias

__all__ = [
    "PAIR_SCORES",
    "Sprt",
    "Verdict",
    "bounds",
    "elo_estimate",
    "llr_logistic",
    "logistic_score",
    "pentanomial_from_elo",
    "simulate_run",
]

#: The five outcomes of a game pair for A, as A's points out of 2 (a draw is half a point).
PAIR_SCORES: Final = (0.0, 0.5, 1.0, 1.5, 2.0)
#: The pseudo-count added to every cell before the LLR is computed (fishtest's regularization).
PSEUDO_COUNT: Final = 1e-3
#: Pairs played before a decision may be taken: the normal approximation needs a few to be any good.
MIN_PAIRS: Final = 30

#: ``"H0"``: accepted that A is ``elo0`` (rejected H1); ``"H1"``: accepted that A is ``elo1``; None: play on.
Verdict: TypeAlias = Literal["H0", "H1"] | None


def logistic_score(elo: float) -> float:
    """The expected score per game for an Elo difference, under the logistic model."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the LLR: below the first, accept H0; above the second, accept H1."""
    if not (0.0 < alpha < 0.5 and 0.0 < beta < 0.5):
        raise ValueError("alpha and beta must be between 0 and 0.5")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _moments(counts: Sequence[float]) -> tuple[float, float, float]:
    """N, mean and variance of the pair scores scaled to [0, 1], from the five counts (regularized)."""
    regular = [count + PSEUDO_COUNT for count in counts]
    total = sum(regular)
    scores = [score / 2.0 for score in PAIR_SCORES]
    mean = sum(n * x for n, x in zip(regular, scores, strict=True)) / total
    variance = sum(n * (x - mean) ** 2 for n, x in zip(regular, scores, strict=True)) / total
    return total, mean, variance


def llr_logistic(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The LLR of H1 (``elo1``) against H0 (``elo0``) from the five pair counts: fishtest's ``LLR_logistic``."""
    if len(counts) != len(PAIR_SCORES):
        raise ValueError("a pentanomial has five counts")
    total, mean, variance = _moments(counts)
    if variance <= 0.0:
        return 0.0
    s0, s1 = logistic_score(elo0), logistic_score(elo1)
    return total * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)


def elo_estimate(counts: Sequence[float], z: float = 1.959963984540054) -> tuple[float, float, float]:
    """The Elo difference the pairs show, with its interval (``z`` standard errors of the mean pair score).

    Infinite when the score is 0 or 1 (or the interval reaches them): no finite Elo explains a clean sweep.
    """
    total, mean, variance = _moments(counts)
    error = z * math.sqrt(variance / total)

    def elo(score: float) -> float:
        if score <= 0.0:
            return -math.inf
        if score >= 1.0:
            return math.inf
        return -400.0 * math.log10(1.0 / score - 1.0)

    return elo(mean), elo(mean - error), elo(mean + error)


@dataclass
class Sprt:
    """A running test: :meth:`add` each pair's score for A in plan order, until :attr:`verdict` is set."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = MIN_PAIRS
    counts: list[int] = field(default_factory=lambda: [0] * len(PAIR_SCORES))
    verdict: Verdict = None

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ValueError("elo1 must be greater than elo0")
        self.lower, self.upper = bounds(self.alpha, self.beta)

    @property
    def pairs(self) -> int:
        """Pairs counted so far."""
        return sum(self.counts)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio now."""
        return llr_logistic(self.counts, self.elo0, self.elo1)

    def add(self, pair_score: float) -> Verdict:
        """Count one pair (A's points out of 2, a multiple of 0.5) and return the verdict, None to play on.

        Pairs after the verdict are refused: the test has stopped, and counting more would change its error rates.
        """
        if self.verdict is not None:
            raise ValueError("the test has already stopped")
        index = round(pair_score * 2)
        if not 0 <= index < len(PAIR_SCORES) or abs(index / 2 - pair_score) > 1e-9:
            raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2, not {pair_score}")
        self.counts[index] += 1
        if self.pairs >= self.min_pairs:
            llr = self.llr
            if llr >= self.upper:
                self.verdict = "H1"
            elif llr <= self.lower:
                self.verdict = "H0"
        return self.verdict


def pentanomial_from_elo(elo: float, draw_rate: float) -> tuple[float, ...]:
    """The chances of the five pair scores when A is ``elo`` better and a game is drawn with ``draw_rate``.

    The two games of a pair are taken as independent (win ``s - d/2``, draw ``d``, loss ``1 - s - d/2``, with ``s``
    the logistic score): a model of known strength for testing the test, not of the arena's games.
    """
    score = logistic_score(elo)
    win, loss = score - draw_rate / 2.0, 1.0 - score - draw_rate / 2.0
    if win < 0.0 or loss < 0.0:
        raise ValueError("that draw rate is impossible at that Elo")
    game = (loss, draw_rate, win)
    chances = [0.0] * len(PAIR_SCORES)
    for first, p in enumerate(game):
        for second, q in enumerate(game):
            chances[first + second] += p * q
    return tuple(chances)


def simulate_run(
    sprt: Sprt, chances: Sequence[float], rng: random.Random, max_pairs: int = 1_000_000
) -> tuple[Verdict, int]:
    """Run ``sprt`` on pairs drawn from ``chances`` until it decides (or ``max_pairs``): the verdict and pairs used."""
    cumulative = []
    total = 0.0
    for chance in chances:
        total += chance
        cumulative.append(total)
    while sprt.verdict is None and sprt.pairs < max_pairs:
        draw = rng.random() * total
        index = next((i for i, edge in enumerate(cumulative) if draw < edge), len(cumulative) - 1)
        sprt.add(PAIR_SCORES[index])
    return sprt.verdict, sprt.pairs
