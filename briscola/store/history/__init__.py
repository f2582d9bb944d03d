"""The history: every match kept in an SQLite database, for the statistics, the replays and the player's profile.

The desktop table, the terminal game and the arena write to it through :mod:`briscola.match.recorder` (the table
from a thread of its own, so no frame waits for the file); ``python -m briscola.history`` reads and fills it. What
they call, all pygame-free and quick (a finished hand is stored in about a millisecond; ``bench/history.py``):

- at startup, ``history, problems = History.open(args.history)`` (the file in the user's data folder by default, any
  path, or ``":memory:"``), then :func:`~briscola.store.problems.report` the problems and show them as notices;
  ``history`` is None when the history is off for this run, and the game goes on without it;
- the profile chosen on the title or new-game screen: ``history.profile("Anna")`` (made on first use),
  ``history.profiles()`` to offer the names, ``history.rename_profile(old, new)``;
- as a match starts, ``match_id = history.begin_match(record, preset=..., profile="Anna", human_seat=0)`` with the
  record of the match as dealt (:func:`~briscola.engine.record.record_from_game`); the id goes into the autosave, so a
  continued match goes on being the same match (:meth:`History.sync_match` takes it up after a crash);
- at every :class:`~briscola.engine.events.HandOver`, ``history.record_hand(match_id, record, event.result)``: one
  short transaction storing the hand *and* the record so far, so a crash loses nothing before the last finished hand;
- at the end, ``history.end_match(match_id, record)``; when the player leaves a match, ``history.abandon_match(...)``;
  matches a crash left in play are in ``history.unfinished()``;
- the statistics scene: ``history.stats(Filters(...))`` and ``history.matches(filters, limit=...)``
  (:mod:`.stats`, :mod:`.rows`); the replay viewer: ``history.match(id).record``;
- a failed write never raises: it is lost, and said in ``history.take_problems()``, which the table shows as notices;
- the score sheets (:mod:`briscola.sheet`, schema version 2): ``new_sheet``, ``save_sheet`` after every change,
  ``sheets()``, ``sheet(id)``, ``delete_sheet`` (:mod:`.sheets`).

**Robust on open.** Nothing about the file stops the game: a damaged file (or one that is not a history) is moved
aside, never deleted, and a new one started; a file from a newer release is left untouched and the history is off for
the run; a file that can't be written is read only (the statistics still show, nothing is recorded); a file locked by
another program, or a folder that can't be made, turns the history off for the run. Each case is a
:class:`~briscola.store.problems.Problem` naming the file and what was done.

**How it is kept.** SQLite through the standard library: the schema and its migrations in :mod:`.schema`,
the WAL journal (a reader never waits for the game's writes), foreign keys on, a busy timeout, and every write in one
``BEGIN IMMEDIATE`` transaction (which takes the write lock first, so a write never fails half-way for a lock that a
plain deferred transaction would only ask for at its first write). ``synchronous=NORMAL``: a committed hand survives
the program crashing or being killed; a power cut may lose the last hands, never the file. See ``docs/history.md``.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Final, TypeVar

from briscola.ai.opponent import ModelError, OpponentModel
from briscola.engine.events import HandResult
from briscola.engine.record import GameRecord
from briscola.store import paths
from briscola.store.history.board import (
    REVIEW_TREND,
    Board,
    Query,
    ReviewTrend,
    compute_board,
    empty_board,
    review_trend,
)
from briscola.store.history.exchange import ImportCounts, export_lines, import_lines
from briscola.store.history.facts import hand_facts, hands_of
from briscola.store.history.opening import attempt, problem_off, set_aside
from briscola.store.history.rows import (
    Filters,
    MatchDetail,
    MatchSummary,
    Profile,
    finish_match,
    get_profile,
    insert_hand,
    insert_match,
    list_matches,
    list_profiles,
    match_detail,
    match_summary,
    rename_profile,
    set_practice,
    stored_hands,
    update_progress,
    utc_text,
)
from briscola.store.history.schema import create
from briscola.store.history.sheets import (
    SheetSummary,
    StoredSheet,
    delete_sheet,
    insert_sheet,
    list_sheets,
    load_sheet,
    save_entries,
)
from briscola.store.history.stats import EMPTY_STATS, Stats, compute_stats
from briscola.store.problems import Problem
from briscola.text.i18n import N_, Text

__all__ = ["MEMORY", "Board", "Filters", "History", "MatchDetail", "MatchSummary", "Profile", "Query", "Stats"]

#: The path of a history kept in memory only (tests, or a run that must leave nothing behind).
MEMORY: Final = ":memory:"
#: Seconds a write waits for another program's write to finish (opening waits less: ``opening.OPEN_TIMEOUT``).
BUSY_TIMEOUT: Final = 2.0

T = TypeVar("T")


class History:
    """An open history database; make one with :meth:`open`. Close it with :meth:`close` (or use ``with``)."""

    def __init__(self, conn: sqlite3.Connection, name: str, *, read_only: bool) -> None:
        self._conn = conn
        self.name = name
        """The file as messages name it."""
        self.read_only = read_only
        """True when nothing can be recorded (the file can't be written): reads still work, writes do nothing."""
        self._problems: list[Problem] = []
        self._lock = threading.RLock()
        """One use of the connection at a time: the table writes from a thread of its own
        (:class:`briscola.match.recorder.HistoryWriter`) while the menus read from the window's."""
        self._problems_lock = threading.Lock()
        """Guards :attr:`_problems` alone, so :meth:`take_problems` never waits for a write (one waiting two seconds
        for another program's lock holds :attr:`_lock` all the while)."""

    # ------------------------------------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        path: Path | str | None = None,
        *,
        read_only: bool = False,
        now: datetime | None = None,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> tuple[History | None, list[Problem]]:
        """The history at ``path`` (default :func:`~briscola.store.paths.history_path`), made or upgraded as needed.

        ``read_only`` opens an existing file for reading only (the command's ``list``, ``show``, ``stats`` and
        ``export``): nothing is created, upgraded or moved, and a missing file gives ``(None, [])``. ``path`` may be
        an SQLite URI (``file:...?mode=ro``). ``busy_timeout``: seconds a write waits for another program's. Never
        raises for what the file holds or the system refuses.
        """
        if str(path) == MEMORY:
            conn = sqlite3.connect(MEMORY, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA foreign_keys = ON")
            memory = cls(conn, MEMORY, read_only=False)
            memory._transaction(create)
            return memory, []
        file = paths.history_path() if path is None else path
        name = str(file)
        if read_only and not name.startswith("file:") and not Path(file).exists():
            return None, []
        if not read_only and not name.startswith("file:"):
            try:
                Path(file).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                return None, [problem_off(name, N_("can't be made ({error}); {off}"), error.strerror or error)]
        opened, problem, damage = attempt(file, read_only, busy_timeout)
        problems = [] if problem is None else [problem]
        if damage is not None and not read_only and not name.startswith("file:"):
            problems = [set_aside(Path(file), damage, now)]
            if not Path(file).exists():  # moved: start again
                opened, problem, _ = attempt(file, read_only, busy_timeout)
                problems += [] if problem is None else [problem]
        if opened is None:
            return None, problems
        conn, writable = opened
        return cls(conn, name, read_only=not writable), problems

    def close(self) -> None:
        """Close the file (a history kept in memory is gone)."""
        self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def take_problems(self) -> list[Problem]:
        """What went wrong since the last call (failed writes, a read-only file), to report once."""
        with self._problems_lock:
            problems, self._problems = self._problems, []
        return problems

    # ------------------------------------------------------------------------------------------------ writing

    def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one write transaction: all of it is stored, or (on any error) none of it."""
        conn = self._conn
        with self._lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                value = work(conn)
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return value

    def _write(self, work: Callable[[sqlite3.Connection], T], failed: str) -> T | None:
        """A write that can fail without stopping the game: a database error becomes the problem ``failed`` (a msgid
        with ``{error}``), and the write is lost."""
        if self.read_only:
            return None
        try:
            return self._transaction(work)
        except sqlite3.Error as error:
            with self._problems_lock:
                self._problems.append(Problem(self.name, None, Text(failed, error=error)))
            return None

    def profile(self, name: str, *, now: datetime | None = None) -> Profile | None:
        """The profile called ``name``, made on first use (None if it couldn't be, or is unknown to a read-only
        history). ValueError for a name that can't be one (empty, too long, control characters)."""
        created = utc_text(now)
        if self.read_only:
            return self._read(lambda conn: get_profile(conn, name, created, create=False), None)
        return self._write(
            lambda conn: get_profile(conn, name, created), N_("the profile could not be saved ({error})")
        )

    def rename_profile(self, old: str, new: str) -> Profile | None:
        """Rename a profile, keeping its matches. KeyError if there is no ``old``, ValueError if ``new`` is taken."""
        return self._write(lambda conn: rename_profile(conn, old, new), N_("the profile could not be saved ({error})"))

    def begin_match(
        self,
        record: GameRecord,
        *,
        preset: str,
        profile: str | None = None,
        human_seat: int | None = None,
        started: datetime | None = None,
        hints_used: bool = False,
        undo_used: bool = False,
    ) -> int | None:
        """Start keeping a match: its id, or None if it can't be kept (then the other calls with None do nothing)."""
        when = utc_text(started)

        def work(conn: sqlite3.Connection) -> int:
            owner = None if profile is None else get_profile(conn, profile, when)
            return insert_match(
                conn,
                record,
                preset=preset,
                profile_id=None if owner is None else owner.id,
                human_seat=human_seat,
                started=when,
                hints_used=hints_used,
                undo_used=undo_used,
            )

        return self._write(work, N_("the match could not be recorded ({error})"))

    def record_hand(self, match_id: int | None, record: GameRecord, hand: HandResult) -> bool:
        """Store the hand that just ended (``hand``, the engine's result) and ``record``, the match up to it."""
        if match_id is None:
            return False
        facts = hand_facts(record.result.hands_played, hand, record.rules)

        def work(conn: sqlite3.Connection) -> bool:
            _check_playing(conn, match_id)
            insert_hand(conn, match_id, facts)
            update_progress(conn, match_id, record)
            return True

        return self._write(work, N_("the hand could not be recorded ({error})")) or False

    def sync_match(self, match_id: int | None, record: GameRecord) -> bool:
        """Store ``record`` as the match so far with every hand it finished: a match continued after a crash that
        came between its save and its last hand's write (hands already stored are written again, whole)."""
        if match_id is None:
            return False

        def work(conn: sqlite3.Connection) -> bool:
            _check_playing(conn, match_id)
            if stored_hands(conn, match_id) < record.result.hands_played:
                for hand in hands_of(record):
                    insert_hand(conn, match_id, hand)
            update_progress(conn, match_id, record)
            return True

        return self._write(work, N_("the match could not be recorded ({error})")) or False

    def mark_practice(self, match_id: int | None, *, hints: bool = False, undo: bool = False) -> bool:
        """Mark the match being played as practice (``docs/history.md``, "Practice"): ``hints`` when the coach's advice
        was shown (a hint, or moves graded), ``undo`` when a move was taken back. A mark is never taken off."""
        if match_id is None:
            return False

        def work(conn: sqlite3.Connection) -> bool:
            _check_playing(conn, match_id)
            set_practice(conn, match_id, hints=hints, undo=undo)
            return True

        return self._write(work, N_("the match could not be recorded ({error})")) or False

    def end_match(self, match_id: int | None, record: GameRecord, *, ended: datetime | None = None) -> bool:
        """Close a finished match with its final record; hands not recorded one by one are found by replaying it."""
        if not record.finished:
            raise ValueError("end_match needs a finished match's record; use abandon_match")
        return self._close(match_id, record, ended)

    def abandon_match(
        self, match_id: int | None, record: GameRecord | None = None, *, ended: datetime | None = None
    ) -> bool:
        """Close a match nobody will finish, with its record so far (by default the one last stored)."""
        if record is not None and record.finished:
            raise ValueError("abandon_match was given a finished match's record; use end_match")
        return self._close(match_id, record, ended)

    def _close(self, match_id: int | None, record: GameRecord | None, ended: datetime | None) -> bool:
        if match_id is None:
            return False
        when = utc_text(ended)

        def work(conn: sqlite3.Connection) -> bool:
            _check_playing(conn, match_id)
            final = record
            if final is None:
                detail = match_detail(conn, match_id)
                assert detail is not None
                final = detail.record
            if stored_hands(conn, match_id) < final.result.hands_played:
                for hand in hands_of(final):
                    insert_hand(conn, match_id, hand)
            finish_match(conn, match_id, final, when)
            return True

        return self._write(work, N_("the match could not be recorded ({error})")) or False

    def keep_arena_game(self, record: GameRecord, *, preset: str, key: str, result: str) -> bool:
        """Keep one game the arena played, as a match between programs closed with its record, together with its
        ``key`` in the arena's plan and the arena's ``result`` of it (JSON): all in one transaction, so a run stopped
        at any moment leaves every game either kept whole with its key, or not at all. A key kept before names the
        new game from now on (the old one stays, as a plain match). False if not kept."""
        when = utc_text(None)

        def work(conn: sqlite3.Connection) -> bool:
            match_id = insert_match(conn, record, preset=preset, profile_id=None, human_seat=None, started=when)
            for hand in hands_of(record):
                insert_hand(conn, match_id, hand)
            finish_match(conn, match_id, record, when)
            conn.execute(
                "INSERT OR REPLACE INTO arena_games (key, match_id, result) VALUES (?, ?, ?)", (key, match_id, result)
            )
            return True

        return self._write(work, N_("the match could not be recorded ({error})")) or False

    def arena_games(self, prefix: str) -> dict[str, str]:
        """The arena's games kept whose key starts with ``prefix`` (one plan's), each key with its result (JSON)."""

        def work(conn: sqlite3.Connection) -> dict[str, str]:
            rows = conn.execute(
                "SELECT key, result FROM arena_games WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)
            )
            return {str(key): str(result) for key, result in rows}

        return self._read(work, {})

    def import_lines(self, lines: Iterable[str], *, now: datetime | None = None) -> ImportCounts | None:
        """Import exported lines (:mod:`.exchange`), all in one transaction; None if it could not be written."""
        return self._write(
            lambda conn: import_lines(conn, lines, utc_text(now)), N_("the matches could not be imported ({error})")
        )

    # ------------------------------------------------------------------------------------------------ reading

    def _read(self, work: Callable[[sqlite3.Connection], T], default: T) -> T:
        try:
            with self._lock:
                return work(self._conn)
        except sqlite3.Error as error:
            with self._problems_lock:
                self._problems.append(Problem(self.name, None, Text(N_("can't be read ({error})"), error=error)))
            return default

    def profiles(self) -> list[Profile]:
        """Every profile, by name."""
        return self._read(list_profiles, [])

    def matches(
        self, filters: Filters | None = None, *, limit: int | None = None, offset: int = 0
    ) -> list[MatchSummary]:
        """The matches ``filters`` keep, newest first."""
        return self._read(lambda conn: list_matches(conn, filters or Filters(), limit, offset), [])

    def unfinished(self) -> list[MatchSummary]:
        """Matches still marked as being played (a crash, or a match being played by another copy of the game)."""
        return self.matches(Filters(status="playing"))

    def match_summary(self, match_id: int) -> MatchSummary | None:
        """One match as a list shows it (its status, its hands played), without replaying its record."""
        return self._read(lambda conn: match_summary(conn, match_id), None)

    def match(self, match_id: int) -> MatchDetail | None:
        """One match with its hands and its record (replayed to check it: a damaged record raises RecordError)."""
        return self._read(lambda conn: match_detail(conn, match_id), None)

    def stats(self, filters: Filters | None = None) -> Stats:
        """The statistics (:mod:`.stats`) of the matches ``filters`` keep."""
        return self._read(lambda conn: compute_stats(conn, filters or Filters()), EMPTY_STATS)

    def board(self, query: Query, *, now: datetime | None = None) -> Board:
        """What the statistics scene shows for ``query`` (:mod:`.board`), times counted back from ``now``."""
        return self._read(lambda conn: compute_board(conn, query, now), empty_board(query))

    def export(self, ids: Sequence[int] | None = None) -> Iterator[str]:
        """Export lines (no newlines) for ``ids``, or every finished and abandoned match; KeyError for a bad id."""
        return export_lines(self._conn, ids)

    # ------------------------------------------------------------------------------------- hand reviews (v3)

    def keep_review(
        self,
        match_id: int | None,
        hand: int,
        seat: int,
        accuracy: float | None,
        decisions: int,
        *,
        now: datetime | None = None,
    ) -> bool:
        """Keep the accuracy of the coach's review of ``seat``'s hand ``hand`` (a review made again replaces it)."""
        if match_id is None:
            return False

        def work(conn: sqlite3.Connection) -> bool:
            conn.execute(
                "INSERT OR REPLACE INTO hand_reviews (match_id, hand, seat, accuracy, decisions, created)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, hand, seat, accuracy, decisions, utc_text(now)),
            )
            return True

        return self._write(work, N_("the hand's review could not be kept ({error})")) or False

    def review_trend(self, profile: str | None = None, last: int = REVIEW_TREND) -> ReviewTrend:
        """The accuracy of the ``last`` hands reviewed (of ``profile``'s matches, or everyone's), oldest first."""
        return self._read(lambda conn: review_trend(conn, profile, last), ReviewTrend(()))

    # ------------------------------------------------------------------------------------- opponent models (v5)

    def opponent_model(self, kind: str, owner: str) -> tuple[OpponentModel, Problem | None]:
        """What Champion has learned about ``owner`` (``kind`` 'profile' or 'bot'): a new model if nothing is kept.
        A kept model that can't be read is refused with a problem naming why, and learning starts afresh (the next
        :meth:`keep_opponent_model` replaces it)."""

        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT model FROM opponent_models WHERE kind = ? AND owner = ?", (kind, owner)
            ).fetchone()
            return None if row is None else str(row[0])

        text = self._read(work, None)
        if text is None:
            return OpponentModel(), None
        try:
            return OpponentModel.from_json(text), None
        except ModelError as error:
            words = N_("what Champion learned about {owner} could not be read ({error}); it learns again from now")
            return OpponentModel(), Problem(self.name, None, Text(words, owner=owner, error=error))

    def keeps_opponent_model(self, kind: str, owner: str) -> bool:
        """True when a model of ``owner`` is kept (readable or not): a cheap look that reads no model. When the
        history can't be read it answers True: a failed look must not pass for the player's "forget"."""

        def work(conn: sqlite3.Connection) -> bool:
            query = "SELECT 1 FROM opponent_models WHERE kind = ? AND owner = ?"
            return conn.execute(query, (kind, owner)).fetchone() is not None

        return self._read(work, True)

    def keep_opponent_model(self, kind: str, owner: str, model: OpponentModel, *, now: datetime | None = None) -> bool:
        """Keep what Champion has learned about ``owner`` (replacing what was kept)."""

        def work(conn: sqlite3.Connection) -> bool:
            conn.execute(
                "INSERT OR REPLACE INTO opponent_models (kind, owner, model, hands, updated) VALUES (?, ?, ?, ?, ?)",
                (kind, owner, model.to_json(), model.hands, utc_text(now)),
            )
            return True

        return self._write(work, N_("what Champion learned could not be kept ({error})")) or False

    def forget_opponent_model(self, kind: str, owner: str) -> bool:
        """Forget what Champion has learned about ``owner``: True if the history now keeps nothing of it."""

        def work(conn: sqlite3.Connection) -> bool:
            conn.execute("DELETE FROM opponent_models WHERE kind = ? AND owner = ?", (kind, owner))
            return True

        return self._write(work, N_("what Champion learned could not be forgotten ({error})")) or False

    # ------------------------------------------------------------------------------------- score sheets (v2)

    def new_sheet(self, title: str, rules: Mapping[str, Any], *, now: datetime | None = None) -> int | None:
        """Start a score sheet (:mod:`briscola.sheet`) with its agreed rules; its number, or None if not saved."""
        return self._write(
            lambda conn: insert_sheet(conn, title, rules, utc_text(now)), N_("the sheet could not be saved ({error})")
        )

    def save_sheet(self, sheet_id: int, entries: Sequence[Mapping[str, Any]], *, now: datetime | None = None) -> bool:
        """Keep ``entries`` as the sheet's entries, in one transaction; False if it could not be saved."""

        def work(conn: sqlite3.Connection) -> bool:
            save_entries(conn, sheet_id, entries, utc_text(now))
            return True

        return self._write(work, N_("the sheet could not be saved ({error})")) or False

    def delete_sheet(self, sheet_id: int) -> bool:
        """Remove a sheet; False if there was none or it could not be removed."""
        return (
            self._write(lambda conn: delete_sheet(conn, sheet_id), N_("the sheet could not be saved ({error})"))
            or False
        )

    def sheets(self) -> list[SheetSummary]:
        """Every score sheet, the one changed last first."""
        return self._read(list_sheets, [])

    def sheet(self, sheet_id: int) -> StoredSheet | None:
        """One score sheet with its entries, or None."""
        return self._read(lambda conn: load_sheet(conn, sheet_id), None)


def _check_playing(conn: sqlite3.Connection, match_id: int) -> None:
    row = conn.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None or row[0] != "playing":
        raise ValueError(f"match {match_id} is not being played ({'unknown' if row is None else row[0]})")
