"""The history's rows: the SQL that writes a match, its seats and hands, and reads them back as typed summaries.

Every function takes an open connection and runs inside the caller's transaction (:class:`~briscola.store.history.
History` opens one per write), so a match and its seats, or a hand and the record that includes it, are stored
together or not at all. Nothing here catches database errors: the caller turns them into problems.

The record is kept as compact JSON (the engine's :meth:`~briscola.engine.record.GameRecord.to_dict`, which is also
what an export line holds), and ``content_hash`` is the SHA-256 of exactly that text: the same match exported and
imported again hashes the same, so an import skips it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from briscola.engine.record import GameRecord, SeatKind, record_from_dict
from briscola.store.checks import MAX_PROFILE_CHARS
from briscola.store.history.facts import HandFacts, HandSeat, Outcome, seat_facts, seat_results

__all__ = [
    "MAX_PROFILE_CHARS",
    "PRACTICE_SQL",
    "Filters",
    "MatchDetail",
    "MatchSummary",
    "Profile",
    "SeatSummary",
    "compact_record",
    "content_hash",
    "finish_match",
    "get_profile",
    "insert_hand",
    "insert_match",
    "iter_match_ids",
    "list_matches",
    "list_profiles",
    "local_time_text",
    "match_detail",
    "match_filter",
    "match_summary",
    "practice_clause",
    "profile_name",
    "rename_profile",
    "set_practice",
    "stored_hands",
    "update_progress",
    "utc_text",
]


@dataclass(frozen=True, slots=True)
class Profile:
    """A name people play under; ``created`` is a UTC time as ``2025-03-01T18:30:00Z``."""

    id: int
    name: str
    created: str


@dataclass(frozen=True, slots=True)
class Filters:
    """Which matches a list or the statistics cover; every field left None lets everything through.

    ``profile``: matches played under that name; ``preset``: started from that preset; ``opponents``: where the
    subject's opponents have that label (``medio``, ``facile+medio``); ``since``/``until``: started at or after, and
    before, these UTC times (``2025-03-01`` or a full time: compared as text, which orders ISO times). ``level``
    changes the *subject* of the statistics from the human's seat to every seat played by that level (the arena's
    matches, which have no human); for a list it keeps the matches where some seat played that level. ``status``
    (``playing``, ``finished``, ``abandoned``) filters a list; the statistics always leave out matches being played.
    ``practice``: True keeps only practice matches (:data:`PRACTICE_SQL`: the coach's advice shown or a move taken
    back), False only the others.
    """

    profile: str | None = None
    preset: str | None = None
    opponents: str | None = None
    since: str | None = None
    until: str | None = None
    level: str | None = None
    status: str | None = None
    practice: bool | None = None


#: A practice match (``docs/history.md``, "Practice"): the coach's advice was shown in it (a hint asked, or its moves
#: graded: ``hints_used``) or a move was taken back (``undo_used``). The one test of it, for lists and statistics alike.
PRACTICE_SQL: Final = "(m.hints_used OR m.undo_used)"


def practice_clause(practice: bool | None) -> str | None:
    """The WHERE clause (on ``matches m``) for the ``practice`` filter, or None to keep every match."""
    if practice is None:
        return None
    return PRACTICE_SQL if practice else f"NOT {PRACTICE_SQL}"


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat of a listed match: who played it, its match score and its result (None while the match goes on)."""

    name: str
    kind: SeatKind
    level: str | None
    team: int
    opponents: str
    match_score: int
    result: Outcome | None


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A match as a list shows it. ``result`` is the human's (None with no human seat, or while it goes on)."""

    id: int
    profile: str | None
    started: str
    ended: str | None
    status: str
    preset: str
    human_seat: int | None
    result: Outcome | None
    hands_played: int
    hints_used: bool
    undo_used: bool
    seats: tuple[SeatSummary, ...]

    @property
    def practice(self) -> bool:
        """A practice match: the coach's advice shown or a move taken back (as :data:`PRACTICE_SQL` tests it)."""
        return self.hints_used or self.undo_used


@dataclass(frozen=True, slots=True)
class MatchDetail:
    """One match in full: its summary, its hands as stored and its record, checked by replaying it."""

    summary: MatchSummary
    hands: tuple[HandFacts, ...]
    record: GameRecord


# ---------------------------------------------------------------------------------------------------- values


def utc_text(moment: datetime | None = None) -> str:
    """``moment`` (now by default) in UTC to the second, as ``2025-03-01T18:30:00Z``: sortable as text."""
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def local_time_text(stored: str) -> str:
    """A time stored by :func:`utc_text` as the player's local date and time, ``2025-03-01 19:30``.

    Stored times are UTC so that they sort and compare across time zones; people read their own clock.
    """
    moment = datetime.strptime(stored, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def compact_record(record: GameRecord) -> str:
    """The record as the database keeps it: its JSON data without spaces."""
    return json.dumps(record.to_dict(), separators=(",", ":"), ensure_ascii=False)


def content_hash(text: str) -> str:
    """The SHA-256 of a compact record, in hex: equal matches, equal hashes."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def profile_name(name: str) -> str:
    """``name`` as a profile's name: stripped; ValueError if empty, longer than 64 characters or holding a control
    character (it is shown on screen and written into records as the human seat's name)."""
    text = name.strip()
    if not text or len(text) > MAX_PROFILE_CHARS:
        raise ValueError(f"a profile's name has 1 to {MAX_PROFILE_CHARS} characters, not {len(text)}")
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
        raise ValueError("a profile's name can't hold control characters")
    return text


# ---------------------------------------------------------------------------------------------------- profiles


def list_profiles(conn: sqlite3.Connection) -> list[Profile]:
    return [Profile(*row) for row in conn.execute("SELECT id, name, created FROM profiles ORDER BY name")]


def get_profile(conn: sqlite3.Connection, name: str, created: str, *, create: bool = True) -> Profile | None:
    """The profile called ``name``, made first if there is none (and ``create``)."""
    text = profile_name(name)
    row = conn.execute("SELECT id, name, created FROM profiles WHERE name = ?", (text,)).fetchone()
    if row is None and create:
        cursor = conn.execute("INSERT INTO profiles (name, created) VALUES (?, ?)", (text, created))
        row = (cursor.lastrowid, text, created)
    return None if row is None else Profile(*row)


def rename_profile(conn: sqlite3.Connection, old: str, new: str) -> Profile:
    """Give profile ``old`` the name ``new`` (with what Champion learned about it); KeyError if ``old`` is unknown,
    ValueError if ``new`` is taken."""
    target = profile_name(new)
    row = conn.execute("SELECT id, created FROM profiles WHERE name = ?", (profile_name(old),)).fetchone()
    if row is None:
        raise KeyError(old)
    if conn.execute("SELECT 1 FROM profiles WHERE name = ? AND id != ?", (target, row[0])).fetchone():
        raise ValueError(f"there is already a profile called {target!r}")
    conn.execute("UPDATE profiles SET name = ? WHERE id = ?", (target, row[0]))
    # What Champion learned about the player goes with the name (kept by name: a bot has no profile row); a model
    # kept under the new name without a profile of it (none is ever made so) can't be anyone's.
    conn.execute("DELETE FROM opponent_models WHERE kind = 'profile' AND owner = ?", (target,))
    conn.execute(
        "UPDATE opponent_models SET owner = ? WHERE kind = 'profile' AND owner = ?", (target, profile_name(old))
    )
    return Profile(row[0], target, row[1])


# ---------------------------------------------------------------------------------------------------- writing


def insert_match(
    conn: sqlite3.Connection,
    record: GameRecord,
    *,
    preset: str,
    profile_id: int | None,
    human_seat: int | None,
    started: str,
    hints_used: bool = False,
    undo_used: bool = False,
) -> int:
    """A new match in play, with its seats; returns its id."""
    if human_seat is not None and record.seats[human_seat].kind is not SeatKind.HUMAN:
        raise ValueError(f"seat {human_seat} is not a human's seat in the record")
    cursor = conn.execute(
        "INSERT INTO matches (profile_id, started, status, preset, players, hints_used, undo_used, human_seat,"
        " hands_played, record) VALUES (?, ?, 'playing', ?, ?, ?, ?, ?, ?, ?)",
        (
            profile_id,
            started,
            preset,
            record.rules.players,
            int(hints_used),
            int(undo_used),
            human_seat,
            record.result.hands_played,
            compact_record(record),
        ),
    )
    match_id = cursor.lastrowid
    assert match_id is not None
    conn.executemany(
        "INSERT INTO seats (match_id, seat, name, kind, level, team, opponents, match_score) VALUES (?,?,?,?,?,?,?,?)",
        [
            (match_id, seat.seat, seat.name, seat.kind.value, seat.level, seat.team, seat.opponents, score)
            for seat, score in zip(seat_facts(record), record.result.match_scores, strict=True)
        ],
    )
    return match_id


def insert_hand(conn: sqlite3.Connection, match_id: int, hand: HandFacts) -> None:
    """Store one hand (again, if it was: a hand is replaced whole, so writing it twice is harmless)."""
    conn.execute("DELETE FROM hands WHERE match_id = ? AND hand_no = ?", (match_id, hand.hand_no))
    conn.execute(
        "INSERT INTO hands (match_id, hand_no, reason, stake, cappotto, sides, side_points, game_points, winners)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            match_id,
            hand.hand_no,
            hand.reason,
            hand.stake,
            int(hand.cappotto),
            json.dumps(hand.sides),
            json.dumps(hand.side_points),
            json.dumps(hand.game_points),
            json.dumps(hand.winners),
        ),
    )
    conn.executemany(
        "INSERT INTO hand_seats (match_id, hand_no, seat, points, game_points, outcome, cappotto)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(match_id, hand.hand_no, s.seat, s.points, s.game_points, s.outcome.value, s.cappotto) for s in hand.seats],
    )


def update_progress(conn: sqlite3.Connection, match_id: int, record: GameRecord) -> None:
    """The match so far: its record, hands played and each seat's match score."""
    conn.execute(
        "UPDATE matches SET record = ?, hands_played = ? WHERE id = ?",
        (compact_record(record), record.result.hands_played, match_id),
    )
    conn.executemany(
        "UPDATE seats SET match_score = ? WHERE match_id = ? AND seat = ?",
        [(score, match_id, seat) for seat, score in enumerate(record.result.match_scores)],
    )


def set_practice(conn: sqlite3.Connection, match_id: int, *, hints: bool, undo: bool) -> None:
    """Mark a match as practice: the coach's advice shown (``hints``) or a move taken back (``undo``); a mark once
    set stays (a match helped once is practice for good)."""
    conn.execute(
        "UPDATE matches SET hints_used = max(hints_used, ?), undo_used = max(undo_used, ?) WHERE id = ?",
        (int(hints), int(undo), match_id),
    )


def stored_hands(conn: sqlite3.Connection, match_id: int) -> int:
    """How many hands of the match are stored."""
    row = conn.execute("SELECT count(*) FROM hands WHERE match_id = ?", (match_id,)).fetchone()
    return int(row[0])


def finish_match(conn: sqlite3.Connection, match_id: int, record: GameRecord, ended: str) -> None:
    """Close a match with its last record: finished when the record is, else abandoned; results and hash set.

    Two matches with the very same record (the arena replaying a seed) keep one hash: the second is stored without,
    as an import would have skipped it.
    """
    update_progress(conn, match_id, record)
    results = seat_results(record)
    conn.executemany(
        "UPDATE seats SET result = ? WHERE match_id = ? AND seat = ?",
        [(result.value, match_id, seat) for seat, result in enumerate(results)],
    )
    text = compact_record(record)
    digest: str | None = content_hash(text)
    if conn.execute("SELECT 1 FROM matches WHERE content_hash = ? AND id != ?", (digest, match_id)).fetchone():
        digest = None
    conn.execute(
        "UPDATE matches SET status = ?, ended = ?, content_hash = ?,"
        " result = (SELECT result FROM seats WHERE seats.match_id = matches.id AND seats.seat = matches.human_seat)"
        " WHERE id = ?",
        ("finished" if record.finished else "abandoned", ended, digest, match_id),
    )


# ---------------------------------------------------------------------------------------------------- reading

_SUMMARY_COLUMNS: Final = (
    "m.id, p.name, m.started, m.ended, m.status, m.preset, m.human_seat, m.result, m.hands_played, m.hints_used,"
    " m.undo_used"
)


def match_filter(filters: Filters) -> tuple[str, list[Any]]:
    """The WHERE clause (on ``matches m``) keeping the matches a list shows, and its parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    if filters.profile is not None:
        clauses.append("m.profile_id = (SELECT id FROM profiles WHERE name = ?)")
        params.append(filters.profile.strip())
    if filters.preset is not None:
        clauses.append("m.preset = ?")
        params.append(filters.preset)
    if filters.status is not None:
        clauses.append("m.status = ?")
        params.append(filters.status)
    if (practice := practice_clause(filters.practice)) is not None:
        clauses.append(practice)
    if filters.since is not None:
        clauses.append("m.started >= ?")
        params.append(filters.since)
    if filters.until is not None:
        clauses.append("m.started < ?")
        params.append(filters.until)
    if filters.level is not None:
        clauses.append("EXISTS (SELECT 1 FROM seats x WHERE x.match_id = m.id AND x.level = ?)")
        params.append(filters.level)
    if filters.opponents is not None:
        clauses.append(
            "EXISTS (SELECT 1 FROM seats x WHERE x.match_id = m.id AND x.seat = m.human_seat AND x.opponents = ?)"
        )
        params.append(filters.opponents)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def _summaries(conn: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> list[MatchSummary]:
    seats: dict[int, list[SeatSummary]] = {row[0]: [] for row in rows}
    if seats:
        marks = ",".join("?" * len(seats))
        for match_id, name, kind, level, team, opponents, score, result in conn.execute(
            "SELECT match_id, name, kind, level, team, opponents, match_score, result FROM seats"
            f" WHERE match_id IN ({marks}) ORDER BY match_id, seat",
            list(seats),
        ):
            outcome = None if result is None else Outcome(result)
            seats[match_id].append(SeatSummary(name, SeatKind(kind), level, team, opponents, score, outcome))
    return [
        MatchSummary(
            id=row[0],
            profile=row[1],
            started=row[2],
            ended=row[3],
            status=row[4],
            preset=row[5],
            human_seat=row[6],
            result=None if row[7] is None else Outcome(row[7]),
            hands_played=row[8],
            hints_used=bool(row[9]),
            undo_used=bool(row[10]),
            seats=tuple(seats[row[0]]),
        )
        for row in rows
    ]


def list_matches(
    conn: sqlite3.Connection, filters: Filters, limit: int | None = None, offset: int = 0
) -> list[MatchSummary]:
    """The matches ``filters`` keep, newest first (``limit`` and ``offset`` page through them)."""
    where, params = match_filter(filters)
    sql = f"SELECT {_SUMMARY_COLUMNS} FROM matches m LEFT JOIN profiles p ON p.id = m.profile_id{where}"
    sql += " ORDER BY m.started DESC, m.id DESC LIMIT ? OFFSET ?"
    rows = conn.execute(sql, [*params, -1 if limit is None else limit, offset]).fetchall()
    return _summaries(conn, rows)


def iter_match_ids(conn: sqlite3.Connection, statuses: tuple[str, ...]) -> Iterator[int]:
    """Every match id with one of ``statuses``, oldest first."""
    marks = ",".join("?" * len(statuses))
    for (match_id,) in conn.execute(f"SELECT id FROM matches WHERE status IN ({marks}) ORDER BY id", statuses):
        yield match_id


def match_summary(conn: sqlite3.Connection, match_id: int) -> MatchSummary | None:
    """The match ``match_id`` as a list shows it, or None if there is none."""
    sql = f"SELECT {_SUMMARY_COLUMNS} FROM matches m LEFT JOIN profiles p ON p.id = m.profile_id WHERE m.id = ?"
    rows = conn.execute(sql, (match_id,)).fetchall()
    return _summaries(conn, rows)[0] if rows else None


def match_detail(conn: sqlite3.Connection, match_id: int) -> MatchDetail | None:
    """The match ``match_id`` in full, or None if there is none. A record that no longer replays raises
    :class:`~briscola.engine.errors.RecordError`: a damaged match is refused, never half-shown."""
    summary = match_summary(conn, match_id)
    if summary is None:
        return None
    (text,) = conn.execute("SELECT record FROM matches WHERE id = ?", (match_id,)).fetchone()
    record = record_from_dict(json.loads(text))
    hands = []
    per_seat: dict[int, list[HandSeat]] = {}
    for hand_no, seat, points, game_points, outcome, cappotto in conn.execute(
        "SELECT hand_no, seat, points, game_points, outcome, cappotto FROM hand_seats WHERE match_id = ?"
        " ORDER BY hand_no, seat",
        (match_id,),
    ):
        per_seat.setdefault(hand_no, []).append(HandSeat(seat, points, game_points, Outcome(outcome), cappotto))
    for hand_no, reason, stake, cappotto, sides, side_points, game_points, winners in conn.execute(
        "SELECT hand_no, reason, stake, cappotto, sides, side_points, game_points, winners FROM hands"
        " WHERE match_id = ? ORDER BY hand_no",
        (match_id,),
    ):
        hands.append(
            HandFacts(
                hand_no=hand_no,
                reason=reason,
                stake=stake,
                cappotto=bool(cappotto),
                sides=tuple(tuple(side) for side in json.loads(sides)),
                side_points=tuple(json.loads(side_points)),
                game_points=tuple(json.loads(game_points)),
                winners=tuple(json.loads(winners)),
                seats=tuple(per_seat.get(hand_no, ())),
            )
        )
    return MatchDetail(summary, tuple(hands), record)
