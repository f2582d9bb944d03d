"""The table writes the history: a whole match lands with its result and hands, Continue keeps the row, a match left
for a new one is abandoned, and a hand's end never waits on the database (a lock held by another program)."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

import pygame
import pytest

from briscola.store import autosave
from briscola.store.history import History
from briscola.store.history.facts import Outcome
from briscola.ui.app import App
from briscola.ui.launcher import build_table, build_title, open_history
from briscola.ui.menus.confirm import ConfirmScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.options import Options, parse_options
from briscola.ui.overlays.pause import PauseScene
from briscola.ui.overlays.results import HandResultScene, MatchSummaryScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, key, step_until

FAST = ["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", "--level", "greedy"]


def options_for(history: Path | str, *flags: str) -> Options:
    options = parse_options([*FAST, "--history", str(history), *flags])
    assert isinstance(options, Options)
    open_history(options)
    return options


def title_app(history: Path | str) -> App:
    options = options_for(history)
    assert options.menus and options.store is not None
    app = build_title(options)
    app.step(FRAME)
    return app


def press(app: App, *codes: int) -> None:
    for code in codes:
        key(code)
        app.step(FRAME)


def flushed(app: App) -> History:
    """The app's history once every write asked for so far is done."""
    writer = app.history_writer()
    assert writer is not None and writer.flush(10)
    assert app.config.history is not None
    return app.config.history


def play_through(app: App, table: TableScene, until: object) -> None:
    """Play the human's moves (keys) and dismiss results until ``until()``."""
    assert callable(until)

    def progress() -> bool:
        if until():
            return True
        if table.interactive:
            key(pygame.K_1)
        elif isinstance(app.top, HandResultScene):
            key(pygame.K_RETURN)
        return False

    step_until(app, progress, 80_000)


def test_a_whole_match_played_at_the_table_lands_in_the_history_with_its_result(tmp_path: Path) -> None:
    options = options_for(tmp_path / "h.sqlite3", "--players", "2", "--seed", "5")
    app, table = build_table(options, autosave=True)
    try:
        play_through(app, table, lambda: isinstance(app.top, MatchSummaryScene))
        history = flushed(app)
        (match,) = history.matches()
        over = table.driver.match_over
        assert over is not None
        assert match.status == "finished" and match.profile == "Player" and match.human_seat == 0
        assert match.result is not None and match.result.value == ("won" if 0 in over.winners else "lost")
        assert match.hands_played == len(table.driver.hand_results)
        detail = history.match(match.id)
        assert detail is not None and len(detail.hands) == match.hands_played
        assert detail.record.actions == tuple(table.driver.game.actions)
        assert match.seats[0].name == "Player"
        key(pygame.K_RETURN)  # the summary's New game: a new row, being played
        app.step(FRAME)
        history = flushed(app)
        assert [m.status for m in history.matches()] == ["playing", "finished"]
    finally:
        app.close()
    assert History.open(tmp_path / "h.sqlite3")[0] is not None


def test_continue_goes_on_recording_the_same_match(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    app = title_app(path)
    press(app, pygame.K_RETURN)  # Play
    table = app.top
    assert isinstance(table, TableScene)
    rng = random.Random(2)

    def hand_over_then_trick() -> bool:
        autoplay_human(table, rng)
        if isinstance(app.top, HandResultScene):
            key(pygame.K_RETURN)
        game = table.driver.game
        return game.hand_no == 2 and game.tricks_played >= 2 and table.interactive

    step_until(app, hand_over_then_trick, 80_000)
    first = flushed(app).matches()
    assert len(first) == 1 and first[0].hands_played == 1
    saved = autosave.load()[0]
    assert saved is not None and saved.config.history_id == first[0].id
    app.close()

    again = title_app(path)
    title = again.top
    assert isinstance(title, TitleScene) and title.rows[0].key == "continue"
    press(again, pygame.K_RETURN)
    resumed = again.top
    assert isinstance(resumed, TableScene)
    step_until(again, lambda: not resumed.controller.replaying)
    play_through(again, resumed, lambda: len(resumed.driver.hand_results) >= 2)
    assert resumed.driver.recorder is not None and resumed.driver.recorder.history_id == first[0].id
    (match,) = flushed(again).matches()
    assert match.id == first[0].id and match.hands_played == 2 and match.status in ("playing", "finished")
    again.close()


def test_a_match_left_for_a_new_one_is_abandoned(tmp_path: Path) -> None:
    app = title_app(tmp_path / "h.sqlite3")
    press(app, pygame.K_RETURN)  # Play
    table = app.top
    assert isinstance(table, TableScene)
    rng = random.Random(4)

    def a_trick() -> bool:
        autoplay_human(table, rng)
        return table.driver.game.tricks_played >= 1 and table.interactive

    step_until(app, a_trick)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.top.choose("new")
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    confirm.on_confirm()
    app.step(FRAME)
    assert [m.status for m in flushed(app).matches()] == ["playing", "abandoned"]

    step_until(app, a_trick)  # then to the title, and a new game over the saved one from there
    app.navigator.open_title()
    app.step(FRAME)
    title = app.top
    assert isinstance(title, TitleScene) and title.rows[0].key == "continue"
    title.play()
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    confirm.on_confirm()
    app.step(FRAME)
    history = flushed(app)
    assert [m.status for m in history.matches()] == ["playing", "abandoned", "abandoned"]
    assert history.matches()[1].result is Outcome.ABANDONED
    app.close()


def test_a_table_built_to_be_looked_at_records_nothing(tmp_path: Path) -> None:
    options = options_for(tmp_path / "h.sqlite3", "--players", "2")
    app, table = build_table(options)  # no autosave: a table for tests and screenshots, nobody's match
    assert table.driver.recorder is None
    app.close()
    for flags in (["--demo", "1"], ["--screenshot", "x.png"]):
        shown = parse_options([*FAST, "--history", str(tmp_path / "h.sqlite3"), *flags])
        assert isinstance(shown, Options) and shown.history is None


def test_no_frame_waits_for_a_locked_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program holds the write lock: each write waits its two seconds on the writer's thread, then fails; the
    frames meanwhile (the one a hand ends in, and those after it that ask what failed) never wait, and the failure is
    told over the table once."""
    path = tmp_path / "h.sqlite3"
    options = options_for(path, "--players", "2", "--seed", "3")
    app, table = build_table(options, autosave=True)
    other = sqlite3.connect(path, isolation_level=None)
    writer = app.history_writer()
    assert writer is not None
    toasts: list[object] = []
    real_toast = table.choreo.toast

    def toast(message: object, *args: object) -> None:
        toasts.append(message)
        real_toast(message, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(table.choreo, "toast", toast)
    try:
        assert flushed(app).matches()
        other.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        slowest = 0.0
        for _ in range(80_000):
            if table.driver.hand_results and writer.flush(0):
                break  # the hand's write has waited and failed
            if table.interactive:
                key(pygame.K_1)
            start = time.perf_counter()
            app.step(FRAME)
            slowest = max(slowest, time.perf_counter() - start)
        assert table.driver.hand_results
        assert slowest < 1.0, f"a frame took {slowest:.2f} s: it waited for the history"
        play_through(app, table, lambda: len(table.driver.hand_results) >= 2)  # a second failure: not told again
        assert writer.flush(10)
        for _ in range(3):
            app.step(FRAME)
        told = [m for m in toasts if isinstance(m, str) and "could not be recorded" in m]
        assert len(told) == 1 and str(path) in told[0]
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert writer.flush(10)
    app.close()


def test_keep_history_turned_on_in_the_settings_opens_the_history_at_once() -> None:
    options = parse_options([*FAST, "--no-history"])
    assert isinstance(options, Options) and options.store is not None
    app = build_title(options)
    assert app.history_writer() is None
    for value in (False, True):
        options.store.change({"player.history": value})
        app.follow_setting("player.history")
    assert app.history_writer() is not None
    app.navigator.start_match(options.rules, ("human", "greedy"), 3, "classic")
    assert len(flushed(app).matches()) == 1
    app.close()
