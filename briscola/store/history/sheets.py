"""The score sheets kept in the history database (schema version 2): their rows, written and read.

The store keeps a sheet as the table agreed it and as it was filled in, JSON it does not interpret: the rules
(``briscola.sheet.model.SheetRules.to_json``) and one row per entry in order. What the entries mean and how they
score is :mod:`briscola.sheet`'s, above the store, which checks what it reads back. A save replaces a sheet's entries
in one transaction (the caller's ``BEGIN IMMEDIATE``), so after a crash a sheet holds exactly the entries of its last
accepted change: an edit of an early deal, a deletion and an undo are saved the same way as a new deal.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["SheetSummary", "StoredSheet", "delete_sheet", "insert_sheet", "list_sheets", "load_sheet", "save_entries"]


@dataclass(frozen=True)
class SheetSummary:
    """A sheet in the list: its number, title, when it was started and last changed, how many deals it holds."""

    id: int
    title: str
    created: str
    updated: str
    entries: int
    rules: dict[str, Any]


@dataclass(frozen=True)
class StoredSheet:
    """One sheet as kept: its summary and its entries, as the JSON objects they were saved as."""

    summary: SheetSummary
    entries: tuple[dict[str, Any], ...]


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def insert_sheet(conn: sqlite3.Connection, title: str, rules: Mapping[str, Any], now: str) -> int:
    """A new, empty sheet; returns its number."""
    cursor = conn.execute(
        "INSERT INTO sheets (title, created, updated, rules) VALUES (?, ?, ?, ?)", (title, now, now, _compact(rules))
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def save_entries(conn: sqlite3.Connection, sheet_id: int, entries: Sequence[Mapping[str, Any]], now: str) -> None:
    """Make ``entries`` the sheet's entries (ValueError for an unknown sheet)."""
    changed = conn.execute(
        "UPDATE sheets SET updated = ?, entries = ? WHERE id = ?", (now, len(entries), sheet_id)
    ).rowcount
    if not changed:
        raise ValueError(f"there is no sheet {sheet_id}")
    conn.execute("DELETE FROM sheet_entries WHERE sheet_id = ?", (sheet_id,))
    conn.executemany(
        "INSERT INTO sheet_entries (sheet_id, entry_no, entry) VALUES (?, ?, ?)",
        [(sheet_id, number, _compact(entry)) for number, entry in enumerate(entries, start=1)],
    )


def delete_sheet(conn: sqlite3.Connection, sheet_id: int) -> bool:
    """Remove a sheet and its entries; False if there was none."""
    return conn.execute("DELETE FROM sheets WHERE id = ?", (sheet_id,)).rowcount > 0


def _summary(row: tuple[Any, ...]) -> SheetSummary:
    sheet_id, title, created, updated, entries, rules = row
    return SheetSummary(sheet_id, title, created, updated, entries, json.loads(rules))


def list_sheets(conn: sqlite3.Connection) -> list[SheetSummary]:
    """Every sheet, the one changed last first."""
    rows = conn.execute(
        "SELECT id, title, created, updated, entries, rules FROM sheets ORDER BY updated DESC, id DESC"
    ).fetchall()
    return [_summary(row) for row in rows]


def load_sheet(conn: sqlite3.Connection, sheet_id: int) -> StoredSheet | None:
    """One sheet with its entries in order, or None."""
    row = conn.execute(
        "SELECT id, title, created, updated, entries, rules FROM sheets WHERE id = ?", (sheet_id,)
    ).fetchone()
    if row is None:
        return None
    entries = conn.execute(
        "SELECT entry FROM sheet_entries WHERE sheet_id = ? ORDER BY entry_no", (sheet_id,)
    ).fetchall()
    return StoredSheet(_summary(row), tuple(json.loads(entry) for (entry,) in entries))
