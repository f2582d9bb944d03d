"""A game killed mid-match (SIGKILL) loses nothing of its history before its last finished hand: the match is
still being played there, its hands are stored, its record replays, and Continue goes on recording the same row."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from briscola.store import autosave
from briscola.store.history import History
from briscola.ui.menus.title import TitleScene
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import step_until
from tests.ui.test_history_recording import flushed, play_through, press, title_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_match_killed_after_two_hands_keeps_them_and_continues_on_the_same_row(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.ui.crash_child", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:  # waits on the child's words, never on a clock
            if line.strip() == "hand 2":
                break
        else:
            pytest.fail(f"the child ended before its second hand (exit code {child.wait()})")
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(30)
    assert child.returncode == -signal.SIGKILL

    history, problems = History.open(path)
    assert history is not None and not problems
    (match,) = history.unfinished()
    assert match.hands_played >= 2 and match.human_seat == 0
    detail = history.match(match.id)  # replays the record stored with the last hand
    assert detail is not None and len(detail.hands) == match.hands_played
    assert detail.record.result.hands_played == match.hands_played
    history.close()
    saved = autosave.load()[0]
    assert saved is not None and saved.config.history_id == match.id

    app = title_app(path)
    title = app.top
    assert isinstance(title, TitleScene) and title.rows[0].key == "continue"
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    step_until(app, lambda: not table.controller.replaying)
    done = len(table.driver.hand_results)
    play_through(app, table, lambda: len(table.driver.hand_results) > done or table.driver.match_over is not None)
    (again,) = flushed(app).matches()
    assert again.id == match.id and again.hands_played == len(table.driver.hand_results) > match.hands_played
    app.close()
