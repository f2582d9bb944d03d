"""Settings: "Forget what Champion learned about me" asks first (Cancel focused), then forgets what the history keeps
about the profile playing and says so; with nothing to forget, no history or a history that can't be written it says
why instead of asking. Keys only, headless through ``app.step``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from briscola.store.history import History
from briscola.text import i18n
from briscola.text.i18n import set_language
from briscola.ui.app import App
from briscola.ui.menus.confirm import ConfirmScene
from briscola.ui.menus.settings import SettingsScene
from tests.ai.helpers import learned_model
from tests.ui.helpers import FRAME, drawn
from tests.ui.menus.test_menus import make_title, press


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def _settings(app: App, history: History | None) -> SettingsScene:
    """The settings scene over the title, the forget row focused."""
    app.config.history = history
    scene = SettingsScene(app)
    app.push(scene)
    app.step(FRAME)
    scene.focus = [row.key for row in scene.rows].index("forget_model")
    return scene


def _learned(app: App) -> History:
    history, _ = History.open(":memory:")
    assert history is not None
    assert history.keep_opponent_model("profile", app.profile, learned_model("lowest", hands=2))
    assert history.keep_opponent_model("profile", "Bruno", learned_model("medio", hands=1))
    return history


def test_it_asks_first_and_cancel_keeps_what_was_learned() -> None:
    app = make_title()
    history = _learned(app)
    scene = _settings(app, history)
    press(app, pygame.K_RETURN)
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert question.question == "Forget what Champion learned about you?"
    assert "from 2 hands how Player plays" in question.detail
    press(app, pygame.K_RETURN)  # Cancel has the focus
    assert app.top is scene and scene.notice == ""
    assert history.opponent_model("profile", app.profile)[0].hands == 2
    app.close()


def test_confirmed_it_is_forgotten_and_said_and_another_profile_keeps_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title()
    history = _learned(app)
    scene = _settings(app, history)
    press(app, pygame.K_RETURN, pygame.K_LEFT, pygame.K_RETURN)  # the question; to Forget; pressed
    assert app.top is scene
    model, problem = history.opponent_model("profile", app.profile)
    assert problem is None and model.hands == 0
    assert history.opponent_model("profile", "Bruno")[0].hands == 1
    assert scene.notice == "Champion has forgotten what it learned about Player."
    with drawn(monkeypatch, "briscola.ui.menus.settings") as texts:
        app.draw()
    shown = " ".join(text for text, _rect in texts)
    assert "Champion has forgotten what it learned" in shown
    press(app, pygame.K_RETURN)  # again: nothing left, nothing asked
    assert app.top is scene and scene.notice == "Champion has not learned anything about Player yet."
    press(app, pygame.K_UP, pygame.K_RIGHT)  # a setting changed: its own notice (none) replaces the forgetting's
    assert scene.notice == ""
    app.close()


def test_without_a_history_or_one_that_cant_be_written_it_says_why(tmp_path: Path) -> None:
    app = make_title()
    scene = _settings(app, None)
    press(app, pygame.K_RETURN)
    assert app.top is scene and scene.notice.startswith("The history is off for this run")
    app.pop(scene)
    path = tmp_path / "h.sqlite3"
    kept, _ = History.open(path)
    assert kept is not None
    kept.keep_opponent_model("profile", app.profile, learned_model("lowest", hands=1))
    kept.close()
    read_only, _ = History.open(f"file:{path}?mode=ro")
    assert read_only is not None and read_only.read_only
    scene = _settings(app, read_only)
    press(app, pygame.K_RETURN)
    assert app.top is scene and scene.notice == "The history's file can't be written now: nothing was forgotten."
    assert read_only.opponent_model("profile", app.profile)[0].hands == 1
    app.close()
