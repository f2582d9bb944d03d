"""Exporting matches as JSON lines, and importing them back: checked line by line, duplicates skipped.

An export line is one JSON object: what the history knows of a match beyond its record (the profile, the preset, when
it was played, the human's seat, the hints and undo flags) and the engine's game record itself under ``"record"``::

    {"format": "briscola-history-match", "version": 1, "profile": "Anna", "preset": "classic",
     "started": "2025-03-01T18:30:00Z", "ended": "2025-03-01T18:41:12Z", "status": "finished", "human_seat": 0,
     "hints_used": false, "undo_used": false, "record": {"format": "briscola-record", ...}}

Only finished and abandoned matches are exported: a match still being played is not yet what it will be.

Importing trusts nothing. Each line is parsed as the engine parses a record (size, NaN and repeated keys refused), the
wrapper's fields are checked, and the record goes through :func:`~briscola.engine.record.record_from_dict`, which
replays every action through the engine and compares the stored result; its hands are then found by replaying it
(:func:`~briscola.store.history.facts.hands_of`), never read from the file. A line that fails any check is refused
with its line number and the reason; a match whose record is already kept (same content hash) is skipped.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from briscola.engine.errors import RecordError
from briscola.engine.record import GameRecord, SeatKind, record_from_dict
from briscola.engine.record_json import check_created, check_object, check_text, parse_json
from briscola.store.history.facts import hands_of
from briscola.store.history.rows import (
    compact_record,
    content_hash,
    finish_match,
    get_profile,
    insert_hand,
    insert_match,
    iter_match_ids,
    profile_name,
)
from briscola.text.i18n import N_, Text

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "ImportCounts", "Refusal", "export_lines", "import_lines"]

EXPORT_FORMAT: Final = "briscola-history-match"
EXPORT_VERSION: Final = 1
_KEYS: Final = (
    "format",
    "version",
    "profile",
    "preset",
    "started",
    "ended",
    "status",
    "human_seat",
    "hints_used",
    "undo_used",
    "record",
)
_EXPORTED: Final = ("finished", "abandoned")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A line that was not imported: its number (from 1) and why."""

    line: int
    reason: str | Text


@dataclass(slots=True)
class ImportCounts:
    """What an import did: matches added, matches skipped as already kept, and lines refused with their reasons."""

    added: int = 0
    skipped: int = 0
    refused: list[Refusal] = field(default_factory=list)


class _BadLineError(ValueError):
    """A line's wrapper is wrong; the argument says how."""


def export_lines(conn: sqlite3.Connection, ids: Sequence[int] | None = None) -> Iterator[str]:
    """One JSON line (no newline) per finished or abandoned match: those of ``ids`` in that order, or all, oldest
    first. An id that is not such a match raises KeyError before anything of it is written."""
    chosen = list(iter_match_ids(conn, _EXPORTED)) if ids is None else list(ids)
    for match_id in chosen:
        row = conn.execute(
            "SELECT p.name, m.preset, m.started, m.ended, m.status, m.human_seat, m.hints_used, m.undo_used, m.record"
            " FROM matches m LEFT JOIN profiles p ON p.id = m.profile_id WHERE m.id = ?",
            (match_id,),
        ).fetchone()
        if row is None or row[4] not in _EXPORTED:
            raise KeyError(match_id)
        document: dict[str, Any] = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "profile": row[0],
            "preset": row[1],
            "started": row[2],
            "ended": row[3],
            "status": row[4],
            "human_seat": row[5],
            "hints_used": bool(row[6]),
            "undo_used": bool(row[7]),
            "record": json.loads(row[8]),
        }
        yield json.dumps(document, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class _Line:
    profile: str | None
    preset: str
    started: str
    ended: str
    human_seat: int | None
    hints_used: bool
    undo_used: bool
    record: GameRecord


def _flag(document: dict[str, Any], key: str) -> bool:
    value = document[key]
    if not isinstance(value, bool):
        raise _BadLineError(Text(N_('"{key}" must be true or false'), key=key))
    return value


def _parse(text: str) -> _Line:
    document = check_object(parse_json(text), "line", _KEYS, _KEYS)
    if document["format"] != EXPORT_FORMAT:
        raise _BadLineError(Text(N_('"format" is not "{format}"'), format=EXPORT_FORMAT))
    version = document["version"]
    if version != EXPORT_VERSION:
        raise _BadLineError(
            Text(
                N_('"version" is {found}; this release reads version {version}'), found=version, version=EXPORT_VERSION
            )
        )
    try:
        record = record_from_dict(document["record"])
    except RecordError as error:
        raise RecordError(f"record.{error.field}", error.reason) from None
    status = document["status"]
    if status not in _EXPORTED or (status == "finished") != record.finished:
        raise _BadLineError(Text(N_('"status" must be "finished" for a finished record, else "abandoned"')))
    profile = document["profile"]
    if profile is not None:
        if not isinstance(profile, str):
            raise _BadLineError(Text(N_('"profile" must be a name or null')))
        try:
            profile = profile_name(profile)
        except ValueError as error:
            raise _BadLineError(f"profile: {error}") from None
    human_seat = document["human_seat"]
    if human_seat is not None and (
        not isinstance(human_seat, int)
        or isinstance(human_seat, bool)
        or not 0 <= human_seat < len(record.seats)
        or record.seats[human_seat].kind is not SeatKind.HUMAN
    ):
        raise _BadLineError(Text(N_('"human_seat" must be the number of a human\'s seat of the record, or null')))
    return _Line(
        profile=profile,
        preset=check_text(document["preset"], "preset", 64),
        started=check_created(document["started"], "started"),
        ended=check_created(document["ended"], "ended"),
        human_seat=human_seat,
        hints_used=_flag(document, "hints_used"),
        undo_used=_flag(document, "undo_used"),
        record=record,
    )


def import_lines(conn: sqlite3.Connection, lines: Iterable[str], now: str) -> ImportCounts:
    """Add every good line's match that is not kept yet (in the caller's transaction); blank lines are passed over."""
    counts = ImportCounts()
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            line = _parse(text)
        except RecordError as error:
            counts.refused.append(Refusal(number, str(error)))
            continue
        except _BadLineError as error:
            counts.refused.append(Refusal(number, error.args[0]))
            continue
        digest = content_hash(compact_record(line.record))
        if conn.execute("SELECT 1 FROM matches WHERE content_hash = ?", (digest,)).fetchone():
            counts.skipped += 1
            continue
        profile = None if line.profile is None else get_profile(conn, line.profile, now)
        match_id = insert_match(
            conn,
            line.record,
            preset=line.preset,
            profile_id=None if profile is None else profile.id,
            human_seat=line.human_seat,
            started=line.started,
            hints_used=line.hints_used,
            undo_used=line.undo_used,
        )
        for hand in hands_of(line.record):
            insert_hand(conn, match_id, hand)
        finish_match(conn, match_id, line.record, line.ended)
        counts.added += 1
    return counts
