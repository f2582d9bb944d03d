"""The coach's review of one hand, off the frame: each decision of a seat analysed and judged, reported as it goes.

A review reads a :class:`~briscola.engine.record.GameRecord` (the table's match so far, or a match of the history),
replays the hand asked for with the engine and, for every decision the seat made in it, analyses the seat's view
before the move (:func:`briscola.ai.analysis.analyse`, the hint's budget) and judges the move played
(:func:`briscola.ai.coach.review_decision`). Each decision's seed comes from the record's seed and the moment of the
decision (:func:`~briscola.ai.coach.coach_seed`, the table's and the terminal's too), so the same record always gives
the same review when the budget has no time limit, and the review of a decision agrees with the hint given for it.

:class:`ReviewRunner` runs it in a ``spawn`` process, as :mod:`briscola.match.worker` runs the computer players: no
pygame or threads inherited, the frame never waits. The scene polls it each frame (:meth:`ReviewRunner.poll`: the
decisions done of the total), leaving the scene cancels it (:meth:`ReviewRunner.cancel`, the decisions done are
kept) and coming back resumes it with the ones left (:meth:`ReviewRunner.start`). ``inline=True`` computes one
decision per poll in-process instead, for tests. :class:`ReviewShelf` keeps one runner per hand and seat while the
match lasts, so a review left and reopened goes on where it was.
"""

from __future__ import annotations

import contextlib
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from briscola.ai.analysis import HINT_BUDGET, Analysis, Budget, analyse
from briscola.ai.coach import Decision, accuracy, coach_seed, review_decision
from briscola.engine.actions import Action, Deal, Forfeit
from briscola.engine.game import Game
from briscola.engine.record import GameRecord, SeatInfo, SeatKind, record_from_game
from briscola.engine.views import PlayerView

__all__ = [
    "Analyser",
    "ReviewRunner",
    "ReviewShelf",
    "Reviewed",
    "Turn",
    "costliest",
    "hand_turns",
    "hands_dealt",
    "match_record",
]

#: How an analysis is made: ``analyse`` itself, or a stub in tests (a module-level function, so a process can take it).
Analyser = Callable[[PlayerView, Budget, int], Analysis]


@dataclass(frozen=True, slots=True)
class Turn:
    """One decision of the seat in the hand: its number among the seat's decisions (from 0), the trick it was made
    in (from 1), the view before it, the action recorded, and the analysis's seed."""

    number: int
    trick: int
    view: PlayerView
    action: Action
    seed: int


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A decision judged: its turn, the verdict, and the analysis it rests on (every action's value)."""

    turn: Turn
    decision: Decision
    analysis: Analysis

    @property
    def trick(self) -> int:
        """The trick the decision was made in (from 1)."""
        return self.turn.trick


def hands_dealt(record: GameRecord) -> int:
    """How many hands the record has dealt: at a hand's result, the number of the hand just ended."""
    return sum(isinstance(action, Deal) for action in record.actions)


def match_record(game: Game, names: Sequence[str], human: int | None) -> GameRecord:
    """The record of a match in play (the table's game so far), enough to review its hands: who sat where matters
    only to say whose decisions they were."""
    seats = [
        SeatInfo(name[:64] or "-", SeatKind.HUMAN if seat == human else SeatKind.COMPUTER)
        for seat, name in enumerate(names)
    ]
    return record_from_game(game, seats)


def hand_turns(record: GameRecord, hand: int, seat: int) -> list[Turn]:
    """Every decision ``seat`` made in hand ``hand`` (from 1) of ``record``, replayed with the engine."""
    game = Game(record.rules, record.seed)
    dealt = 0
    turns: list[Turn] = []
    for action in record.actions:
        if isinstance(action, Deal):
            dealt += 1
            if dealt > hand:
                break
        elif dealt == hand and not isinstance(action, Forfeit) and game.to_move == seat:
            view = game.view(seat)
            turns.append(Turn(len(turns), view.tricks_played + 1, view, action, coach_seed(record.seed, view)))
        game.apply(action)
    return turns


def costliest(reviewed: Sequence[Reviewed], count: int = 3) -> list[Reviewed]:
    """The ``count`` decisions that cost the most (expected points, then the chance of winning), costliest first;
    only those that cost something."""
    priced = [item for item in reviewed if item.decision.grade is not None and not item.decision.forced]
    lost = [item for item in priced if item.decision.points_lost > 0 or item.decision.win_lost > 0]
    lost.sort(key=lambda item: (-item.decision.points_lost, -item.decision.win_lost, item.turn.number))
    return lost[:count]


def _judge(turn: Turn, budget: Budget, analyser: Analyser | None, cancel: Callable[[], bool] | None) -> Reviewed:
    if analyser is None:
        analysis = analyse(turn.view, budget, turn.seed, cancel=cancel)
    else:
        analysis = analyser(turn.view, budget, turn.seed)
    return Reviewed(turn, review_decision(analysis, turn.action), analysis)


def _serve(conn: Connection, turns: list[Turn], budget: Budget, analyser: Analyser | None) -> None:
    """The review process: each turn's verdict sent as it is made; any message from the scene stops it."""

    def stopped() -> bool:
        try:
            return conn.poll(0)
        except (EOFError, OSError):
            return True

    for turn in turns:
        if stopped():
            return
        reviewed = _judge(turn, budget, analyser, stopped)
        if stopped():
            return  # a cancelled analysis is cut short: its verdict is not sent, the decision is redone on resuming
        try:
            conn.send(reviewed)
        except (BrokenPipeError, OSError):
            return


class ReviewRunner:
    """One hand's review for one seat: started, polled each frame, cancelled and resumed (see the module)."""

    def __init__(
        self,
        record: GameRecord,
        hand: int,
        seat: int,
        *,
        budget: Budget = HINT_BUDGET,
        inline: bool = False,
        analyser: Analyser | None = None,
    ) -> None:
        self.record = record
        self.hand = hand
        self.seat = seat
        self.budget = budget
        self.inline = inline
        self.analyser = analyser
        self.turns = hand_turns(record, hand, seat)
        self.done: dict[int, Reviewed] = {}
        """The decisions judged so far, by their number: kept across a cancel."""
        self.history_id: int | None = None
        """The match's row in the history, where the hand's accuracy is kept when the review is done (None: not
        kept, as for a replay)."""
        self.kept = False
        """The accuracy was handed to the history's writer (once per review)."""
        self.running = False
        self.failed = False
        """The review process died before it was done (reopening tries again)."""
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None

    # ------------------------------------------------------------------------------------------------ progress

    @property
    def total(self) -> int:
        """How many decisions the seat made in the hand."""
        return len(self.turns)

    @property
    def progress(self) -> tuple[int, int]:
        """The decisions done, of the total."""
        return len(self.done), self.total

    @property
    def finished(self) -> bool:
        """Every decision judged."""
        return len(self.done) == self.total

    @property
    def reviewed(self) -> list[Reviewed]:
        """The decisions judged so far, in the order they were made."""
        return [self.done[number] for number in sorted(self.done)]

    @property
    def accuracy(self) -> float | None:
        """The hand's accuracy so far (expected points lost per graded decision; None when none was graded)."""
        return accuracy([item.decision for item in self.reviewed])

    # ------------------------------------------------------------------------------------------------ running

    def start(self) -> None:
        """Start, or resume with the decisions not done yet; nothing when finished or already running."""
        self.failed = False
        if self.running or self.finished:
            return
        self.running = True
        if self.inline:
            return
        left = [turn for turn in self.turns if turn.number not in self.done]
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(child, left, self.budget, self.analyser), name="briscola-review", daemon=True
        )
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def poll(self) -> tuple[int, int]:
        """Take what the review has done since the last poll (inline: judge the next decision); never blocks."""
        if not self.running:
            return self.progress
        if self.inline:
            turn = next(turn for turn in self.turns if turn.number not in self.done)
            self.done[turn.number] = _judge(turn, self.budget, self.analyser, None)
        else:
            self._receive()
        if self.finished:
            self._stop()
        return self.progress

    def _receive(self) -> None:
        conn = self._conn
        if conn is None:
            return
        try:
            while conn.poll(0):
                reviewed: Reviewed = conn.recv()
                self.done[reviewed.turn.number] = reviewed
        except (EOFError, OSError):
            pass
        if not self.finished and (self._process is None or not self._process.is_alive()):
            with contextlib.suppress(EOFError, OSError):
                while conn.poll(0):  # what it sent just before it ended
                    reviewed = conn.recv()
                    self.done[reviewed.turn.number] = reviewed
            if not self.finished:
                self.failed = True
                self._stop()

    def cancel(self) -> None:
        """Stop computing (the scene was left); the decisions done are kept for :meth:`start` to go on from."""
        if self.running and not self.inline:
            self._receive()
        self._stop()

    def _stop(self) -> None:
        self.running = False
        conn, process = self._conn, self._process
        self._conn, self._process = None, None
        if conn is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                conn.send("stop")
            conn.close()
        if process is not None:
            process.join(timeout=0.3)
            if process.is_alive():
                process.terminate()
                process.join(timeout=1.0)


class ReviewShelf:
    """The reviews of a match, one runner per hand and seat, kept while the match lasts (a review left and reopened
    goes on, or is shown at once when done)."""

    def __init__(self) -> None:
        self._runners: dict[tuple[int, str, int, int], ReviewRunner] = {}

    def runner(self, record: GameRecord, hand: int, seat: int, make: Callable[[], ReviewRunner]) -> ReviewRunner:
        """The runner of ``hand`` and ``seat`` of ``record``'s match, made by ``make`` the first time."""
        key = (record.seed, record.rules.name, hand, seat)
        runner = self._runners.get(key)
        if runner is None or runner.turns != hand_turns(record, hand, seat):
            if runner is not None:
                runner.cancel()
            runner = self._runners[key] = make()
        return runner

    def clear(self) -> None:
        """A new match: every review stopped and forgotten."""
        for runner in self._runners.values():
            runner.cancel()
        self._runners.clear()
