"""A history that can't be used as it is never stops the game: damaged, newer, read only or locked, the title names
the file and says what was done, and a match can still be played (and, where the history is usable, is recorded)."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from briscola.store.history import History
from briscola.store.history.schema import APPLICATION_ID, LATEST_VERSION
from briscola.ui.menus.title import TitleScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import step_until
from tests.ui.test_history_recording import press, title_app


def _made(path: Path) -> None:
    history, problems = History.open(path)
    assert history is not None and not problems
    history.close()


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """A history another program holds the write lock of."""
    path = tmp_path / "history.sqlite3"
    _made(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode = DELETE")
    other.execute("BEGIN EXCLUSIVE")
    yield path
    other.execute("ROLLBACK")
    other.close()


def _damaged(tmp_path: Path) -> tuple[str, str, bool]:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"not a database at all, just bytes " * 100)
    return str(path), "moved to", True


def _newer(tmp_path: Path) -> tuple[str, str, bool]:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.close()
    return str(path), "newer release", False


def _read_only(tmp_path: Path) -> tuple[str, str, bool]:
    path = tmp_path / "history.sqlite3"
    _made(path)
    return f"file:{path}?mode=ro", "can't be written", False


@pytest.mark.parametrize("make", [_damaged, _newer, _read_only], ids=["damaged", "newer", "read-only"])
def test_a_history_that_cant_be_used_is_named_on_the_title_and_the_game_goes_on(tmp_path: Path, make: object) -> None:
    assert callable(make)
    name, words, recorded = make(tmp_path)
    app = title_app(name)
    _the_title_tells_and_a_match_is_played(app, name, words)
    history = app.config.history
    assert (history is not None and not history.read_only) == recorded
    if recorded:  # a new history was started in the damaged one's place: this match is in it
        writer = app.history_writer()
        assert writer is not None and writer.flush(10)
        assert history is not None and len(history.matches()) == 1
    app.close()


def test_a_locked_history_is_named_on_the_title_and_the_game_goes_on(locked: Path) -> None:
    app = title_app(locked)
    assert app.config.history is None
    _the_title_tells_and_a_match_is_played(app, str(locked), "in use by another program")
    app.close()


def _the_title_tells_and_a_match_is_played(app: object, name: str, words: str) -> None:
    from briscola.ui.app import App

    assert isinstance(app, App)
    title = app.top
    assert isinstance(title, TitleScene)
    (notice,) = [message for message in title.notices if name in message]
    assert words in notice
    assert any(name.rsplit("/", 1)[-1].split("?")[0] in line for line in [p.summary() for p in title.problems])
    press(app, pygame.K_RETURN)  # Play
    table = app.top
    assert isinstance(table, TableScene)
    rng = random.Random(1)

    def a_trick() -> bool:
        autoplay_human(table, rng)
        return table.driver.game.tricks_played >= 2

    step_until(app, a_trick)
