"""The coach's verdicts on a decision: what it cost, its grade, a hand's accuracy, and the player that takes the hints.

Built on :mod:`briscola.ai.analysis` (what each action is worth): :func:`review_decision` compares the action played
with the coach's best, :func:`grade` turns what it cost into a word, and :func:`accuracy` sums a hand up. All pure, so
the table, the terminal and a worker process use the same verdicts. The thresholds and why: ``docs/coach.md``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from briscola.ai.analysis import Analysis, Budget, analyse
from briscola.engine.actions import Action
from briscola.engine.text import N_
from briscola.engine.views import PlayerView

__all__ = [
    "FOLLOWER_BUDGET",
    "GRADE_LIMITS",
    "CoachPlayer",
    "Decision",
    "Grade",
    "accuracy",
    "coach_seed",
    "grade",
    "review_decision",
]


def coach_seed(match_seed: int, view: PlayerView) -> int:
    """The analysis's seed for the decision ``view`` is before: the match's seed, the hand and the events so far.

    The one formula for every analysis of a decision of a recorded match (the table's hint and grade, the hand's
    review, the terminal's hint and review): the same decision is always analysed alike, so a hint, its grade and a
    review of it agree at the same budget, and a test can replay any of them."""
    return match_seed * 1_000_000 + view.hand_no * 1_000 + len(view.events)


class Grade(enum.Enum):
    """A decision's grade, best first; ``label`` is the word a player reads (``_(grade.label)``)."""

    BEST = N_("best")
    GOOD = N_("good")
    INACCURACY = N_("inaccuracy")
    MISTAKE = N_("mistake")
    BLUNDER = N_("blunder")

    @property
    def label(self) -> str:
        """The grade's word, marked for the catalogs (translate it with ``_()``)."""
        return str(self.value)


#: For each grade but the last: the expected points lost and the chance of winning the hand lost (won counting 1,
#: drawn a half) *below* which a decision earns it, both at once. Why these numbers: ``docs/coach.md``.
GRADE_LIMITS: Final[tuple[tuple[Grade, float, float], ...]] = (
    (Grade.BEST, 1.0, 0.02),
    (Grade.GOOD, 3.0, 0.05),
    (Grade.INACCURACY, 6.0, 0.10),
    (Grade.MISTAKE, 11.0, 0.20),
)


def grade(points_lost: float, win_lost: float) -> Grade:
    """The grade of a decision that lost ``points_lost`` expected points and ``win_lost`` of the chance of winning
    the hand against the coach's best: the first whose limits both losses stay under, else a blunder."""
    for verdict, points_limit, win_limit in GRADE_LIMITS:
        if points_lost < points_limit and win_lost < win_limit:
            return verdict
    return Grade.BLUNDER


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision judged: the action played, the coach's best, and what the difference cost (never below 0).

    ``grade`` is None when the action played was not valued (a swap, a bid...; see :mod:`briscola.ai.analysis`).
    ``forced``: the seat had one legal action, so there was nothing to decide.
    """

    chosen: Action
    best: Action
    points_lost: float
    win_lost: float
    grade: Grade | None
    forced: bool


def review_decision(analysis: Analysis, chosen: Action) -> Decision:
    """``chosen`` judged against ``analysis`` of the position it was chosen in."""
    forced = len(analysis.actions) == 1
    if chosen == analysis.best or forced:
        return Decision(chosen, analysis.best, 0.0, 0.0, Grade.BEST, forced)
    mine = analysis.value(chosen)
    best = analysis.best_value
    if mine is None or not mine.valued or not best.valued:
        return Decision(chosen, analysis.best, 0.0, 0.0, None, forced)
    points_lost = max(0.0, best.points.mean - mine.points.mean)
    win_lost = max(0.0, best.equity - mine.equity)
    return Decision(chosen, analysis.best, points_lost, win_lost, grade(points_lost, win_lost), forced)


def accuracy(decisions: Sequence[Decision]) -> float | None:
    """A hand's accuracy: the expected points lost per graded decision (lower is better; None when none was graded).
    Forced moves and moves that were not valued don't count: there was no choice, or no price."""
    graded = [decision for decision in decisions if decision.grade is not None and not decision.forced]
    if not graded:
        return None
    return sum(decision.points_lost for decision in graded) / len(graded)


#: The budget of the player that follows the hints in the arena: the hint's deals, without the time limit (so its
#: games replay exactly).
FOLLOWER_BUDGET: Final = Budget(deals=160)


class CoachPlayer:
    """The arena's ``coach``: always plays the coach's best action (the hint), at :data:`FOLLOWER_BUDGET`.

    What a player who follows every hint would score: ``bench/coach.py`` (``hint_follower_vs_greedy``).
    """

    def __init__(self, rng: random.Random, budget: Budget = FOLLOWER_BUDGET) -> None:
        self.rng = rng
        self.budget = budget

    def choose(self, view: PlayerView) -> Action:
        """The coach's best action for ``view``."""
        return analyse(view, self.budget, seed=self.rng.getrandbits(32)).best
