"""Opening a history file: the checks that decide whether it is used, read only, moved aside or left alone.

Split from :mod:`.history`, which turns what is found here into a :class:`~.history.History` and its problems. The
order matters: the version is read before anything is written (a newer file must stay untouched, and switching to the
WAL journal writes the header), and the write probe comes last, so a file that can only be read is still read.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Final, TypeAlias
from urllib.parse import quote

from briscola.store.atomic import move_aside
from briscola.store.history.schema import APPLICATION_ID, LATEST_VERSION, create, upgrade
from briscola.store.problems import Problem
from briscola.text.i18n import N_, Text

__all__ = ["OFF", "OPEN_TIMEOUT", "Opened", "attempt", "problem_off", "set_aside"]

#: Seconds opening waits for another program's lock: a game starting up must not hang.
OPEN_TIMEOUT: Final = 0.5
OFF: Final = N_("matches are not recorded this run")
#: An open connection, and whether it can be written.
Opened: TypeAlias = tuple[sqlite3.Connection, bool]


class NotOursError(Exception):
    """An SQLite file with tables of its own but not our application id."""


class NewerError(Exception):
    """A file of a newer schema version than this release knows."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def problem_off(name: str, text: str, error: object) -> Problem:
    return Problem(name, None, Text(text, error=error, off=Text(OFF)))


def inspect(conn: sqlite3.Connection) -> int:
    """The file's schema version (0: empty); raises for a file that is not ours, newer, damaged or locked."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    application = int(conn.execute("PRAGMA application_id").fetchone()[0])
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if application != APPLICATION_ID and (version or tables):
        raise NotOursError
    if version > LATEST_VERSION:
        raise NewerError(version)
    return version


def prepare(conn: sqlite3.Connection, version: int) -> None:
    """Make or upgrade the schema, or at least prove the file can be written (a write lock and a header write,
    rolled back); then the WAL journal. Raises SQLITE_READONLY for a file that can't be written, SQLITE_BUSY for a
    locked one."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if version == 0:
            create(conn)
        elif version < LATEST_VERSION:
            upgrade(conn, version)
        else:
            conn.execute(f"PRAGMA user_version = {LATEST_VERSION}")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT" if version < LATEST_VERSION else "ROLLBACK")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")


def attempt(
    file: Path | str, read_only: bool, busy_timeout: float
) -> tuple[Opened | None, Problem | None, Text | None]:
    """The open file, or None with the problem; the third value says why a damaged file should be moved aside."""
    name = str(file)
    try:
        opened = connect(file, read_only, busy_timeout)
    except NotOursError:
        damage = Text(N_("is not a Briscola history"))
    except NewerError as error:
        text = N_(
            "was written by a newer release of the game (history version {found}, this one reads up to "
            "{latest}); it was left as it is, and {off}"
        )
        return (
            None,
            Problem(name, None, Text(text, found=error.version, latest=LATEST_VERSION, off=Text(OFF))),
            None,
        )
    except sqlite3.DatabaseError as error:
        code = getattr(error, "sqlite_errorname", "")
        if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return None, problem_off(name, N_("is in use by another program ({error}); {off}"), error), None
        if not code.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
            return None, problem_off(name, N_("can't be opened ({error}); {off}"), error), None
        damage = Text(N_("is damaged ({error})"), error=error)
    else:
        problem = None
        if not opened[1] and not read_only:
            problem = problem_off(name, N_("can't be written; it can be read, but {off}"), None)
        return opened, problem, None
    return None, Problem(name, None, Text(N_("{reason}; {off}"), reason=damage, off=Text(OFF))), damage


def connect(file: Path | str, read_only: bool, busy_timeout: float) -> Opened:
    """Open and check the file, making or upgrading its schema; raise what :func:`attempt` turns into problems."""
    name = str(file)
    if name.startswith("file:"):
        uri = name
    else:
        uri = f"file:{quote(str(Path(file).resolve()))}?mode={'ro' if read_only else 'rwc'}"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=OPEN_TIMEOUT, check_same_thread=False)
    try:
        version = inspect(conn)
        if read_only and version < LATEST_VERSION:
            raise sqlite3.DatabaseError("an older history can't be upgraded while it is read only")
        if not read_only:
            try:
                prepare(conn, version)
            except sqlite3.DatabaseError as error:
                if getattr(error, "sqlite_errorname", "") != "SQLITE_READONLY" or version < LATEST_VERSION:
                    raise
                read_only = True
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    except BaseException:
        conn.close()
        raise
    return conn, not read_only


def set_aside(file: Path, reason: Text, now: datetime | None) -> Problem:
    """Move a damaged history and its journal files aside (never delete them) and say so."""
    try:
        aside = move_aside(file, now)
    except OSError as error:
        text = Text(
            N_("{reason}; it could not be moved aside ({error}), and {off}"),
            reason=reason,
            error=error.strerror or error,
            off=Text(OFF),
        )
        return Problem(str(file), None, text)
    for suffix in ("-wal", "-shm"):
        journal = file.with_name(file.name + suffix)
        if journal.exists():
            with contextlib.suppress(OSError):
                os.replace(journal, aside.with_name(aside.name + suffix))
    text = Text(N_("{reason}; it was moved to {aside}, and a new history was started"), reason=reason, aside=aside)
    return Problem(str(file), None, text)
