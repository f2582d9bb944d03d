"""Full screen where the display can't toggle in place: ``toggle_fullscreen`` answering -1 with a warning (no window
manager) instead of raising. The app falls back to a display mode, and says what the display really is, so that a
window size chosen later is applied; F11 and the settings scene go the same way."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pygame
import pytest

from briscola.store import SettingsStore
from briscola.ui.app import App
from briscola.ui.launcher import build_title
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.options import Options, parse_options
from tests.ui.helpers import FRAME, key, make_table


def _really_fullscreen() -> bool:
    surface = pygame.display.get_surface()
    assert surface is not None
    return bool(surface.get_flags() & pygame.FULLSCREEN)


def _says_fullscreen(app: App) -> bool:
    """What the app says (a function, so the type checker doesn't pin it between two calls)."""
    return app.fullscreen


@pytest.fixture
def no_window_manager(monkeypatch: pytest.MonkeyPatch) -> None:
    """``toggle_fullscreen`` as pygame-ce does it on X11 without a window manager: a warning, -1, nothing changed."""

    def refuse() -> int:
        warnings.warn("no window manager: can't toggle full screen", RuntimeWarning, stacklevel=2)
        return -1

    monkeypatch.setattr(pygame.display, "toggle_fullscreen", refuse)


@pytest.fixture
def no_full_screen_at_all(no_window_manager: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A display that refuses full screen whichever way it is asked."""
    real = pygame.display.set_mode

    def set_mode(size: tuple[int, int] = (0, 0), flags: int = 0, *args: object, **kwargs: object) -> pygame.Surface:
        if flags & pygame.FULLSCREEN:
            raise pygame.error("full screen not supported")
        return real(size, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)


@pytest.fixture
def title() -> Iterator[App]:
    options = parse_options(
        ["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", "--windowed", "1280x800"]
    )
    assert isinstance(options, Options)
    app = build_title(options)
    app.step(FRAME)
    yield app
    app.close()


@pytest.mark.usefixtures("no_window_manager")
def test_a_toggle_answering_minus_one_falls_back_to_a_full_screen_mode_and_back(title: App) -> None:
    app = title
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the refusal is handled, not passed on as a warning
        assert app.set_fullscreen(True)
    assert _says_fullscreen(app) and _really_fullscreen()
    app.set_window_size((960, 600))  # chosen in full screen: kept for the window
    assert _really_fullscreen() and app.window_size == (960, 600)
    assert app.set_fullscreen(False)
    assert not _says_fullscreen(app) and not _really_fullscreen() and app.size == (960, 600)


@pytest.mark.usefixtures("no_full_screen_at_all")
def test_a_display_refusing_full_screen_leaves_the_app_truthfully_in_a_window(title: App) -> None:
    app = title
    assert not app.set_fullscreen(True)
    assert not _says_fullscreen(app) and not _really_fullscreen()
    app.set_window_size((1440, 900))  # a window size chosen afterwards is applied: the window is really there
    assert app.size == (1440, 900)


@pytest.mark.usefixtures("no_window_manager")
def test_f11_goes_the_same_way() -> None:
    app, _table = make_table()
    try:
        app.step(FRAME)
        key(pygame.K_F11)
        app.step(FRAME)
        assert _says_fullscreen(app) and _really_fullscreen()
        key(pygame.K_F11)
        app.step(FRAME)
        assert not _says_fullscreen(app) and not _really_fullscreen()
    finally:
        app.close()


@pytest.mark.usefixtures("no_full_screen_at_all")
def test_f11_on_a_display_that_refuses_says_so_at_the_table() -> None:
    app, table = make_table()
    try:
        app.step(FRAME)
        key(pygame.K_F11)
        app.step(FRAME)
        assert not _says_fullscreen(app)
        assert any(toast.text == App.fullscreen_refused() for toast in table.state.toasts)
    finally:
        app.close()


@pytest.mark.usefixtures("no_full_screen_at_all")
def test_choosing_full_screen_the_display_refuses_is_told_and_not_kept(title: App) -> None:
    app = title
    scene = SettingsScene(app)
    app.push(scene)
    app.step(FRAME)
    scene.focus = [row.key for row in scene.rows].index("display.fullscreen")
    key(pygame.K_RIGHT)
    app.step(FRAME)
    assert not _says_fullscreen(app) and not _really_fullscreen()
    assert scene.row("display.fullscreen").value is False  # the row, the file and the screen agree
    assert not SettingsStore.load().settings.display.fullscreen
    assert scene.notice == App.fullscreen_refused()


@pytest.mark.usefixtures("no_window_manager")
def test_f11_is_saved_like_the_settings_row(title: App) -> None:
    app = title
    scene = SettingsScene(app)
    app.push(scene)
    app.step(FRAME)
    key(pygame.K_F11)
    app.step(FRAME)
    assert _says_fullscreen(app) and _really_fullscreen()
    assert scene.row("display.fullscreen").value is True  # the row on screen follows the key
    assert SettingsStore.load().settings.display.fullscreen  # and so does the next start
    key(pygame.K_F11)
    app.step(FRAME)
    assert not _says_fullscreen(app) and scene.row("display.fullscreen").value is False
    assert not SettingsStore.load().settings.display.fullscreen
