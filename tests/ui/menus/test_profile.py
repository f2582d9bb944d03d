"""Profiles: the title and the new-game screen say who is playing and let them choose a name or type a new one, by
keys or the mouse; the name is remembered, and the matches from then on are kept under it."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pygame
import pytest

from briscola.store import SettingsStore
from briscola.ui.menus.profile import ProfileScene
from briscola.ui.menus.setup.new_game import NewGameScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.table.scene import TableScene
from briscola.ui.widgets.basic import COLOURS
from tests.ui.helpers import FRAME, click
from tests.ui.test_history_recording import flushed, press, title_app


def top(app: object) -> object:
    """The app's top scene, read afresh (so the type checker doesn't pin it between frames)."""
    return getattr(app, "top", None)


def type_text(app: object, text: str) -> None:
    from briscola.ui.app import App

    assert isinstance(app, App)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.step(FRAME)


def test_a_new_name_typed_on_the_title_is_remembered_and_its_matches_kept_under_it(tmp_path: Path) -> None:
    app = title_app(tmp_path / "h.sqlite3")
    title = app.top
    assert isinstance(title, TitleScene)
    assert title.row("profile").label == "Who is playing?"
    title.focus = [row.key for row in title.rows].index("profile")
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, ProfileScene)
    assert [row.key for row in scene.rows] == ["profile:Player", "new", "add", "back"]
    press(app, pygame.K_DOWN, pygame.K_DOWN)  # to "Play as the new player", with nothing typed: refused, said
    press(app, pygame.K_RETURN)
    assert app.top is scene and scene.notice
    press(app, pygame.K_UP)
    type_text(app, "Anna")
    press(app, pygame.K_RETURN, pygame.K_RETURN)  # Enter leaves the field for the next row, which adds her
    assert top(app) is title
    app.step(FRAME)
    assert title.row("profile").label == "Player: Anna"
    assert SettingsStore.load().settings.player.profile == "Anna"
    title.play()
    table = top(app)
    assert isinstance(table, TableScene)
    history = flushed(app)
    (match,) = history.matches()
    assert match.profile == "Anna" and match.seats[0].name == "Anna"
    assert [profile.name for profile in history.profiles()] == ["Anna"]
    app.close()


def test_a_known_profile_is_chosen_with_the_mouse_from_the_new_game_screen(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    app = title_app(path)
    assert app.config.history is not None
    for name in ("Bea", "Carlo"):
        app.config.history.profile(name)
    press(app, pygame.K_DOWN, pygame.K_RETURN)  # New game
    new_game = app.top
    assert isinstance(new_game, NewGameScene)
    assert new_game.row("profile").label == "Who is playing?"
    new_game.activate([row.key for row in new_game.rows].index("profile"))
    scene = app.top
    assert isinstance(scene, ProfileScene)
    assert [row.key for row in scene.rows][:3] == ["profile:Bea", "profile:Carlo", "profile:Player"]
    click(scene.row_rect(1).center)
    app.step(FRAME)
    assert app.top is new_game
    app.step(FRAME)
    assert new_game.row("profile").label == "Player: Carlo"
    app.close()
    assert SettingsStore.load().settings.player.profile == "Carlo"


def test_a_refusal_of_many_lines_is_drawn_a_line_a_step_never_over_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The gold refusal beside the rows wraps like the paragraph above it: each line a whole step below the last."""
    import briscola.ui.widgets.form as form
    from briscola.ui.widgets import basic

    app = title_app(tmp_path / "history.sqlite3")
    title = app.top
    assert isinstance(title, TitleScene)
    title.focus = [row.key for row in title.rows].index("profile")
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, ProfileScene)
    scene.notice = "A name can't hold control characters nor be longer than the window can show. " * 4
    drawn: list[tuple[float, tuple[int, int, int]]] = []
    real = basic.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, at: tuple[float, float], colour: Any, **kw: Any) -> Any:
        drawn.append((at[1], tuple(colour)))
        return real(surface, text, size, at, colour, **kw)

    monkeypatch.setattr(form, "draw_text", spy)
    scene.draw_side(app.screen)
    step = scene.side_column()[3]
    gold = [y for y, colour in drawn if colour == tuple(COLOURS["gold"])]
    assert len(gold) >= 3, "the refusal wraps over several lines"
    assert all(later - earlier >= step for earlier, later in itertools.pairwise(gold))
    app.close()
