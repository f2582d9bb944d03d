"""The arena's sequential test: ``python -m briscola.arena A B --sprt ELO0 ELO1``, A measured against B until the
evidence decides, as fishtest decides every change to Stockfish.

The games are played as always, deal sets of two games with the seats swapped, and each set is one *pair* for the
SPRT of :mod:`briscola.stats.sprt` (pentanomial: A's points out of 2 in the pair). The sets are counted in plan order,
whatever order the processes finish them in, and the test stops at the first set where the log-likelihood ratio
crosses a bound; the few sets the other processes were playing then are dropped (they are said in the report as
played, not counted), so the test is exactly the one the simulations check, and its result does not depend on the
number of processes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from briscola.arena.play import GameResult
from briscola.stats.sprt import Sprt, Verdict, elo_estimate
from briscola.text.i18n import _

__all__ = ["SequentialTest", "format_sprt", "sprt_json"]


@dataclass
class SequentialTest:
    """Takes deal sets as they come (``run_plan``'s ``on_set``) and feeds them to :attr:`sprt` in plan order."""

    sprt: Sprt
    counted: list[GameResult] = field(default_factory=list)
    played: int = 0
    """Games played in this run (counted or not)."""
    resumed: int = 0
    """Games taken from the history instead of played (``--resume``)."""
    _pending: dict[int, list[GameResult]] = field(default_factory=dict)
    _next: int = 0

    def __call__(self, order: int, results: list[GameResult]) -> bool:
        """One deal set done (its place in the plan, its games); True once the test has decided."""
        self.played += len(results)
        return self._take(order, results)

    def resume(self, order: int, results: list[GameResult]) -> bool:
        """A deal set the history already holds: counted like one just played."""
        self.resumed += len(results)
        return self._take(order, results)

    def _take(self, order: int, results: list[GameResult]) -> bool:
        self._pending[order] = results
        while self.sprt.verdict is None and self._next in self._pending:
            games = self._pending.pop(self._next)
            self._next += 1
            self.counted.extend(games)
            self.sprt.add(sum(game.shares[0] for game in games))
        return self.sprt.verdict is not None

    @property
    def verdict(self) -> Verdict:
        return self.sprt.verdict

    def progress_note(self) -> str:
        """The test so far, for the progress line: the LLR between its bounds."""
        sprt = self.sprt
        return _("LLR {llr:+.2f} ({lower:+.2f}, {upper:+.2f}) after {pairs} pairs").format(
            llr=sprt.llr, lower=sprt.lower, upper=sprt.upper, pairs=sprt.pairs
        )


def _elo(value: float) -> str:
    return _("inf") if math.isinf(value) and value > 0 else _("-inf") if math.isinf(value) else f"{value:+.0f}"


def format_sprt(test: SequentialTest, names: tuple[str, str]) -> str:
    """The test's result for people: the verdict, the LLR against its bounds, the games, the Elo estimate."""
    sprt = test.sprt
    a, b = names
    if sprt.verdict == "H1":
        verdict = _("H1 accepted, H0 rejected: the games favour {a} {elo1:+g} Elo over {b} against {elo0:+g}")
    elif sprt.verdict == "H0":
        verdict = _("H0 accepted, H1 rejected: the games favour {a} {elo0:+g} Elo over {b} against {elo1:+g}")
    else:
        verdict = _("no decision: the games ran out before the LLR reached a bound (H0 {elo0:+g}, H1 {elo1:+g})")
    elo, low, high = elo_estimate(sprt.counts)
    lines = [
        _("SPRT {a} vs {b}, H0: {elo0:+g} Elo, H1: {elo1:+g} Elo, alpha {alpha:g}, beta {beta:g}").format(
            a=a, b=b, elo0=sprt.elo0, elo1=sprt.elo1, alpha=sprt.alpha, beta=sprt.beta
        ),
        verdict.format(a=a, b=b, elo0=sprt.elo0, elo1=sprt.elo1),
        _("LLR {llr:+.2f} (bounds {lower:+.2f}, {upper:+.2f}) after {games} games ({pairs} pairs)").format(
            llr=sprt.llr, lower=sprt.lower, upper=sprt.upper, games=len(test.counted), pairs=sprt.pairs
        ),
        _("games played {played}, taken from the history {resumed}, played but not counted {extra}").format(
            played=test.played, resumed=test.resumed, extra=test.played + test.resumed - len(test.counted)
        ),
        _("Elo of {a} over {b}: {elo} (95% CI {low} to {high})").format(
            a=a, b=b, elo=_elo(elo), low=_elo(low), high=_elo(high)
        ),
        _("pairs by {a}'s points (0, 0.5, 1, 1.5, 2 of 2): {counts}").format(
            a=a, counts=" ".join(str(count) for count in sprt.counts)
        ),
    ]
    return "\n".join(lines) + "\n"


def sprt_json(test: SequentialTest) -> dict[str, Any]:
    """The test's result as JSON-ready data (infinite Elo bounds as null)."""
    sprt = test.sprt
    elo, low, high = elo_estimate(sprt.counts)

    def finite(value: float) -> float | None:
        return None if math.isinf(value) else round(value, 1)

    return {
        "elo0": sprt.elo0,
        "elo1": sprt.elo1,
        "alpha": sprt.alpha,
        "beta": sprt.beta,
        "verdict": sprt.verdict,
        "llr": round(sprt.llr, 4),
        "bounds": [round(sprt.lower, 4), round(sprt.upper, 4)],
        "games": len(test.counted),
        "pairs": sprt.pairs,
        "played": test.played,
        "resumed": test.resumed,
        "pentanomial": list(sprt.counts),
        "elo": [finite(elo), finite(low), finite(high)],
    }
