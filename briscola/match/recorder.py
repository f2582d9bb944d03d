"""The history written as matches are played: the table's, the terminal game's and the arena's (no pygame).

A :class:`MatchRecorder` keeps one match's row of the :class:`~briscola.store.history.History`: begun as the match is
dealt (or taken up again when a saved match is continued), a hand stored at every ``HandOver`` with the record so
far, closed as finished at ``MatchOver`` or as abandoned when the player leaves it for good. It never raises for what
the database does: a failed write is a :class:`~briscola.store.problems.Problem` that
:meth:`HistoryWriter.take_problems` gives to whoever shows it, and the game goes on.

**Off the frame.** At the table every write runs on a thread of its own (:class:`HistoryWriter` with ``threaded``),
in the order it was asked for, so the frame in which a hand ends only builds the record (tuples, microseconds) and
queues it: a write that waits for another program's lock (the busy timeout is two seconds) or for the disk never
holds up a frame (``bench/history.py``'s ``hand_frame_ms``). The terminal game and the arena wait for nothing, so
they write in place (``threaded=False``). The history serialises the thread's writes with the window's reads.

**Continue.** The match's row id goes into the autosave (``MatchConfig.history_id``), so a continued match goes on
recording the same row, after a crash too: :meth:`MatchRecorder.resume` stores the record as it was saved, with any
hand the crash kept from being written; a row that is gone (a history moved aside since) or closed starts a new one.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from briscola import __version__
from briscola.engine.events import HandResult
from briscola.engine.game import Game
from briscola.engine.record import GameRecord, SeatInfo, record_from_game
from briscola.store.problems import Problem
from briscola.text.i18n import N_, Text

if TYPE_CHECKING:
    from briscola.store.history import History

__all__ = ["BEGIN_WAIT", "HistoryWriter", "MatchRecorder"]

#: Seconds a new match waits for its row's id, so that the save made as it starts carries it: a few frames at most. A
#: write takes a millisecond or two; only a history locked by another program (or a very busy disk) makes it wait
#: this long, and then the id is saved with the first trick instead.
BEGIN_WAIT: Final = 0.05
#: Seconds the game waits, as it closes, for the writes still queued (a lock held by another program: two seconds).
CLOSE_WAIT: Final = 3.0

Job = Callable[["History"], object]


class HistoryWriter:
    """Writes to one history, in order: on a thread of its own (``threaded``), or at once in the caller's."""

    def __init__(self, history: History, *, threaded: bool = True) -> None:
        self.history = history
        self.threaded = threaded
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._pending = 0
        self._idle = threading.Condition()
        self._thread: threading.Thread | None = None
        self._problems: list[Problem] = []

    def submit(self, job: Job) -> None:
        """Run ``job(history)`` after every job submitted before it."""
        if not self.threaded:
            self._run_one(job)
            return
        with self._idle:
            self._pending += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="briscola-history", daemon=True)
                self._thread.start()
        self._jobs.put(job)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            self._run_one(job)
            with self._idle:
                self._pending -= 1
                self._idle.notify_all()

    def _run_one(self, job: Job) -> None:
        try:
            job(self.history)
        except Exception as error:  # a row closed meanwhile (ValueError), a damaged record: said, never raised
            reason = Text(N_("the match could not be recorded ({error})"), error=error)
            problem = Problem(self.history.name, None, reason)
            with self._idle:
                self._problems.append(problem)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job submitted so far is done (at most ``timeout`` seconds); True if they all are."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self, timeout: float = CLOSE_WAIT) -> bool:
        """Finish the queued writes (at most ``timeout`` seconds) and stop the thread; the history stays open."""
        done = self.flush(timeout)
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout if done else 0)
            self._thread = None
        return done

    def take_problems(self) -> list[Problem]:
        """What went wrong since the last call (failed writes), each once."""
        with self._idle:
            mine, self._problems = self._problems, []
        return mine + self.history.take_problems()


class MatchRecorder:
    """One match's row in the history, written through a :class:`HistoryWriter`.

    ``seats`` are the record's seats (the human's named by the profile); ``history_id`` the row of a continued match.
    """

    def __init__(
        self,
        writer: HistoryWriter,
        seats: tuple[SeatInfo, ...],
        *,
        preset: str,
        profile: str | None,
        human_seat: int | None,
        history_id: int | None = None,
    ) -> None:
        self.writer = writer
        self.seats = seats
        self.preset = preset
        self.profile = profile
        self.human_seat = human_seat
        self.history_id = history_id
        """The match's row, once the writer has made it (set on the writer's thread)."""
        self.closed = False
        """True once the match was ended or abandoned: nothing more is written for it."""

    def record(self, game: Game) -> GameRecord:
        """The record of ``game`` as it stands, with this match's seats."""
        return record_from_game(game, self.seats, app_version=__version__)

    def fresh(self) -> MatchRecorder:
        """A recorder for the next match at the same table (same seats, profile and writer)."""
        return MatchRecorder(
            self.writer, self.seats, preset=self.preset, profile=self.profile, human_seat=self.human_seat
        )

    def begin(self, game: Game, *, wait: float = 0.0) -> None:
        """Start the match's row with ``game`` as dealt; wait up to ``wait`` seconds for its id."""
        record = self.record(game)
        made = threading.Event()

        def job(history: History) -> None:
            try:
                self.history_id = history.begin_match(
                    record, preset=self.preset, profile=self.profile, human_seat=self.human_seat
                )
            finally:
                made.set()

        self.writer.submit(job)
        if wait > 0:
            made.wait(wait)

    def resume(self, record: GameRecord) -> None:
        """Take up a continued match where it was saved: the same row, holding ``record`` and every hand it finished
        (a crash between the save and the hand's write left one out); a new row if that one is gone or closed."""

        def job(history: History) -> None:
            row = self.history_id
            summary = None if row is None else history.match_summary(row)
            if summary is not None and summary.status == "playing":
                history.sync_match(row, record)
            else:
                self.history_id = history.begin_match(
                    record, preset=self.preset, profile=self.profile, human_seat=self.human_seat
                )
                history.sync_match(self.history_id, record)

        self.writer.submit(job)

    def mark_practice(self, *, hints: bool = False, undo: bool = False) -> None:
        """The coach helped in this match (``hints``: advice shown, a hint or a grade; ``undo``: a move taken back):
        its row is marked practice, after the writes queued before (so after :meth:`begin` made the row)."""
        if self.closed:
            return
        self.writer.submit(lambda history: history.mark_practice(self.history_id, hints=hints, undo=undo))

    def hand(self, game: Game, result: HandResult) -> None:
        """The hand that just ended (``result``), with the match so far."""
        if self.closed:
            return
        record = self.record(game)
        self.writer.submit(lambda history: history.record_hand(self.history_id, record, result))

    def end(self, game: Game) -> None:
        """The match is over: its final record closes the row."""
        if self.closed:
            return
        self.closed = True
        record = self.record(game)
        self.writer.submit(lambda history: history.end_match(self.history_id, record))

    def abandon(self, game: Game | None = None) -> None:
        """The player left the match for good: the row is closed with ``game`` so far (or the record last stored)."""
        if self.closed:
            return
        self.closed = True
        record = None if game is None else self.record(game)
        if record is not None and record.finished:
            self.writer.submit(lambda history: history.end_match(self.history_id, record))
        else:
            self.writer.submit(lambda history: history.abandon_match(self.history_id, record))


def abandon_row(writer: HistoryWriter, history_id: int) -> None:
    """Close the row of a saved match a new match replaces (its record as last stored)."""

    def job(history: History) -> None:
        summary = history.match_summary(history_id)
        if summary is not None and summary.status == "playing":
            history.abandon_match(history_id)

    writer.submit(job)
