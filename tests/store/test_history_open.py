"""Opening the history never stops the game: a damaged, foreign, newer, read-only or locked file, or a folder that
can't be made, each gives a problem naming the file and what was done, and the history goes on or is off."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from briscola.store.history import History
from briscola.store.history.schema import LATEST_VERSION
from tests.store.history_helpers import play


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _made(path: Path) -> None:
    history, problems = History.open(path)
    assert history is not None and problems == []
    play(history, seed=1)
    history.close()


def test_a_damaged_file_is_moved_aside_and_a_new_history_started(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database, only text that someone saved here\n" * 50)
    original = path.read_bytes()
    history, problems = History.open(path)
    assert history is not None and not history.read_only
    (problem,) = problems
    message = problem.message()
    assert str(path) in message and "damaged" in message and "moved to" in message
    (aside,) = tmp_path.glob("history.sqlite3.corrupt-*")
    assert aside.read_bytes() == original, "a damaged history is kept, never deleted"
    assert str(aside) in message
    play(history, seed=2)
    assert len(history.matches()) == 1


def test_a_stranger_sqlite_file_is_not_taken_for_a_history(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    history, problems = History.open(path)
    assert history is not None
    (problem,) = problems
    assert "not a Briscola history" in problem.message()
    (aside,) = tmp_path.glob("history.sqlite3.corrupt-*")
    assert sqlite3.connect(aside).execute("SELECT count(*) FROM recipes").fetchone() == (0,)


def test_a_newer_file_is_left_untouched_and_the_history_is_off(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    _made(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    before = _digest(path)
    history, problems = History.open(path)
    assert history is None
    (problem,) = problems
    message = problem.message()
    assert str(path) in message and "newer release" in message and str(LATEST_VERSION + 1) in message
    assert "not recorded" in message
    assert _digest(path) == before
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_a_file_that_cant_be_written_is_read_only(tmp_path: Path) -> None:
    """A read-only open (an SQLite ``mode=ro`` URI, read only even for root, who ignores file modes): the history
    reads, records nothing, never raises, and says so."""
    path = tmp_path / "history.sqlite3"
    _made(path)
    before = _digest(path)
    uri = f"file:{path}?mode=ro"
    history, problems = History.open(uri)
    assert history is not None and history.read_only
    (problem,) = problems
    assert uri in problem.message() and "can't be written" in problem.message()
    assert len(history.matches()) == 1
    assert history.stats().overall.matches == 1
    assert play(history, seed=3, finish=False, record_hands=False).match_id is None
    assert not history.end_match(None, play(history, seed=3, finish=False, record_hands=False).record())
    assert history.take_problems() == []
    history.close()
    assert _digest(path) == before


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes files whatever their mode")
def test_a_file_without_write_permission_is_read_only(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    _made(path)
    for file in tmp_path.iterdir():
        file.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        history, problems = History.open(path)
        assert history is not None and history.read_only
        assert "can't be written" in problems[0].message()
    finally:
        tmp_path.chmod(0o755)


def test_a_locked_file_turns_the_history_off(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    _made(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        history, problems = History.open(path)
    finally:
        other.execute("ROLLBACK")
    assert history is None
    (problem,) = problems
    assert str(path) in problem.message() and "in use by another program" in problem.message()
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_a_write_that_fails_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    history, _ = History.open(path, busy_timeout=0.05)
    assert history is not None
    played = play(history, seed=4, stop_after_hands=1)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        assert not history.abandon_match(played.match_id, played.record())
    finally:
        other.execute("ROLLBACK")
    (problem,) = history.take_problems()
    assert "could not be recorded" in problem.message() and "locked" in problem.message()
    assert history.take_problems() == []
    assert history.abandon_match(played.match_id, played.record()), "the next write goes through"


def test_a_folder_that_cant_be_made_turns_the_history_off(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    history, problems = History.open(blocker / "history.sqlite3")
    assert history is None
    (problem,) = problems
    assert str(blocker / "history.sqlite3") in problem.message() and "not recorded" in problem.message()


def test_reading_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "history.sqlite3"
    assert History.open(path, read_only=True) == (None, [])
    assert not path.parent.exists()


def test_the_default_file_is_in_the_user_data_folder(tmp_path: Path) -> None:
    history, problems = History.open()
    assert history is not None and problems == []
    assert Path(history.name).name == "history.sqlite3"
    assert Path(history.name).is_relative_to(tmp_path / "xdg")
