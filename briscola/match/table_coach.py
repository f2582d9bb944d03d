"""The coach at the desktop table, without pygame: the hint of the human's decision and the grade of each move made.

Both read one analysis per decision (:func:`briscola.ai.analysis.analyse` of the human's view, asked of the AI worker
through :meth:`~briscola.match.worker.Thinker.request_analysis`), so a hint and the grade of the same decision always
agree: the seed is the match's and the decision's (:func:`~briscola.ai.coach.coach_seed`), as the terminal seeds them.

When it is asked (``docs/coach.md``, "The table"):

- with grading on, as soon as the human is to move, so it is ready, or nearly, when they play; the move made does not
  stop it (its grade needs it whole), and the grade comes when it does;
- with the hint alone, only when the hint is asked for (H or the Hint button); the move made drops it;
- never while a continued match is replayed, nor for a decision the human doesn't make.

The driver calls :meth:`TableCoach.tick` every frame (it only polls) and :meth:`TableCoach.played` with each move of
the human's; the table reads :attr:`TableCoach.hint`, :attr:`TableCoach.thinking` and :attr:`TableCoach.graded`.
Nothing here raises into the game: an analysis that failed is a hint or a grade not shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.ai.analysis import HINT_BUDGET, Analysis, Budget
from briscola.ai.coach import Decision, coach_seed, review_decision
from briscola.engine.actions import Action
from briscola.engine.game import Game
from briscola.engine.views import PlayerView
from briscola.match.worker import Thinker
from briscola.store import Coaching

__all__ = ["GradedMove", "TableCoach"]


@dataclass(frozen=True, slots=True)
class GradedMove:
    """One of the human's moves, judged: the hand it was made in (from 0), how many actions the match had before it
    (which decision it was), and the verdict (``decision.grade`` None: a move the coach doesn't price)."""

    hand: int
    decision_at: int
    decision: Decision

    @property
    def action(self) -> Action:
        """The move played."""
        return self.decision.chosen


class TableCoach:
    """One match's coach at the table: at most one analysis asked at a time, for the human's decision now."""

    def __init__(self, thinker: Thinker, coaching: Coaching, match_seed: int, budget: Budget = HINT_BUDGET) -> None:
        self.thinker = thinker
        self.coaching = coaching
        self.match_seed = match_seed
        self.budget = budget
        """How much each analysis may search (the hint's; tests give a few deals)."""
        self.graded: list[GradedMove] = []
        """The human's moves graded so far in this match, in order (a move whose analysis failed is left out)."""
        self.hints_used = False
        """True once a hint was asked in this match (the history marks it practice)."""
        self._asked: int | None = None
        """The decision (actions before it) whose analysis is in flight."""
        self._analyses: dict[int, Analysis] = {}
        """Finished analyses by decision: the one of now (for the hint) and any played but not yet graded."""
        self._hint_for: int | None = None
        """The decision the hint was asked for."""
        self._played: dict[int, tuple[int, Action]] = {}
        """Moves made whose analysis is still coming: decision -> (hand, action)."""
        self._queue: list[tuple[int, PlayerView]] = []
        """Moves made before their analysis could be asked (the player was quicker than the coach): each decision and
        the view it was made from, asked in turn once the worker is free, so no move goes ungraded."""

    @property
    def grading(self) -> bool:
        """True when the human's moves are graded in this match (after each move, or listed at the hand's end)."""
        return self.coaching.grading != "off"

    def reset(self, coaching: Coaching | None = None, match_seed: int | None = None) -> None:
        """A new match at the table: everything asked or found for the old one forgotten."""
        self.thinker.cancel_analysis()
        if coaching is not None:
            self.coaching = coaching
        if match_seed is not None:
            self.match_seed = match_seed
        self.graded = []
        self.hints_used = False
        self._asked = self._hint_for = None
        self._analyses.clear()
        self._played.clear()
        self._queue.clear()

    def taken_back(self, decision: int) -> None:
        """The human took back the moves from ``decision`` (actions before it) on: their grades go, and whatever was
        asked or kept for a later decision (the same position comes back with the same actions, so an analysis of an
        earlier decision still holds)."""
        self.graded = [move for move in self.graded if move.decision_at < decision]
        if self._asked is not None and self._asked > decision:
            self.thinker.cancel_analysis()
            self._asked = None
        self._played = {at: move for at, move in self._played.items() if at < decision}
        self._queue = [(at, view) for at, view in self._queue if at < decision]
        self._analyses = {at: found for at, found in self._analyses.items() if at <= decision}
        self._hint_for = None

    # ------------------------------------------------------------------------------------------------ the frame

    def tick(self, game: Game, human: int | None, awaiting_human: bool) -> None:
        """Take an analysis that arrived; with grading on, ask the analysis of the human's decision now."""
        if self._asked is not None and (reply := self.thinker.poll_analysis()) is not None:
            decision, self._asked = self._asked, None
            if reply.analysis is not None:
                self._analyses[decision] = reply.analysis
                self._grade(decision)
            else:
                self._played.pop(decision, None)  # failed: that move goes ungraded, quietly
        if self._asked is not None and not self.thinker.analysing:
            self._played.pop(self._asked, None)  # lost with a restarted worker
            self._asked = None
        while self._asked is None and self._queue:
            decision, view = self._queue.pop(0)
            if decision in self._played:  # the moves made first, in order, before the decision now
                self.thinker.request_analysis(view, self.budget, coach_seed(self.match_seed, view))
                self._asked = decision
        if awaiting_human and human is not None and self.grading and self._asked not in self._played:
            self._ask(game, human, forced=False)  # after the grade of the move before, if its analysis still runs

    def _ask(self, game: Game, human: int, *, forced: bool = True) -> None:
        """Ask the analysis of the human's decision now, unless it is asked or found already; a forced move (one
        legal action) only when the hint is asked of it: there is nothing to grade."""
        now = len(game.actions)
        if now == self._asked or now in self._analyses:
            return
        view: PlayerView = game.view(human)
        if len(view.legal) < 2 and not forced:
            return
        if self._asked is not None:
            self._played.pop(self._asked, None)  # superseded: the worker drops it, that move goes ungraded
        self.thinker.request_analysis(view, self.budget, coach_seed(self.match_seed, view))
        self._asked = now

    # ------------------------------------------------------------------------------------------------ the hint

    def ask_hint(self, game: Game, human: int) -> None:
        """The player asked for the hint of the decision now (H, or the button): it shows once the analysis is in."""
        self.hints_used = True
        self._hint_for = len(game.actions)
        self._ask(game, human)

    def hint(self, game: Game) -> Analysis | None:
        """The analysis behind the hint of the decision now, once asked for and ready (else None)."""
        now = len(game.actions)
        return self._analyses.get(now) if self._hint_for == now else None

    def thinking(self, game: Game) -> bool:
        """True while the hint asked for the decision now is being worked out (the table shows a quiet mark)."""
        now = len(game.actions)
        return self._hint_for == now and now not in self._analyses and self._asked == now

    # ------------------------------------------------------------------------------------------------ grading

    def played(self, game: Game, hand: int, action: Action) -> None:
        """The human made ``action`` in ``game`` (before it is applied), in the match's hand ``hand`` (from 0)."""
        now = len(game.actions)
        self._hint_for = None
        if not self.grading:
            if self._asked == now:
                self.thinker.cancel_analysis()
                self._asked = None
            self._analyses.pop(now, None)
            return
        if len(game.legal_actions()) < 2:
            self._analyses.pop(now, None)
            return  # forced: nothing to grade
        self._played[now] = (hand, action)
        if now in self._analyses:
            self._grade(now)
        elif self._asked != now and game.to_move is not None:
            self._queue.append((now, game.view(game.to_move)))  # played before it was asked: asked in turn

    def _grade(self, decision: int) -> None:
        """The verdict on the move made at ``decision``, once both the move and its analysis are known."""
        if decision not in self._played:
            return
        hand, action = self._played.pop(decision)
        analysis = self._analyses.pop(decision)
        self.graded.append(GradedMove(hand, decision, review_decision(analysis, action)))

    def hand_grades(self, hand: int) -> list[GradedMove]:
        """The graded moves of hand ``hand`` (from 0), in order."""
        return [move for move in self.graded if move.hand == hand]
