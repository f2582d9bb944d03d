"""The settings scene sets the window's size and full screen at once, and saves them; a wrong value in a settings file
is told in the game (on the title, or over a table started directly), and good files give no notice.

Split from :mod:`tests.ui.table.test_table_prefs` (the table following the display settings): these drive the
settings scene and the title, headless through ``app.step``.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from briscola.store import SettingsStore
from briscola.store.settings_write import render_defaults
from briscola.ui.app import App
from briscola.ui.launcher import build_table, build_title
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.options import Options, parse_options
from tests.ui.helpers import FRAME, drawn, key


def top(app: App) -> object:
    """The app's top scene, read afresh (a function, so the type checker doesn't pin it between frames)."""
    return app.top


def full_screen(app: App) -> bool:
    """Whether the app says it is in full screen and the display really is (the flags of the window's surface)."""
    surface = pygame.display.get_surface()
    assert surface is not None
    really = bool(surface.get_flags() & pygame.FULLSCREEN)
    assert app.fullscreen == really
    return really


def _title(*flags: str) -> App:
    options = parse_options(["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", *flags])
    assert isinstance(options, Options) and options.menus
    app = build_title(options)
    app.step(FRAME)
    return app


def _settings_scene(app: App) -> SettingsScene:
    scene = SettingsScene(app)
    app.push(scene)
    app.step(FRAME)
    return scene


def _choose(app: App, scene: SettingsScene, name: str, value: object) -> None:
    """Step the row ``name`` with Right until it shows ``value`` (as a player would)."""
    scene.focus = [row.key for row in scene.rows].index(name)
    for _step in range(len(scene.row(name).values)):
        if scene.row(name).value == value:
            return
        key(pygame.K_RIGHT)
        app.step(FRAME)
    raise AssertionError(f"{name} never showed {value!r}")


@pytest.fixture
def big_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 2560 x 1440 desktop (the dummy driver's is 1024 x 768, too small to offer more than one size); 1920 x 1080
    fits it with a title bar and a taskbar, 2560 x 1440 doesn't."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])


@pytest.mark.usefixtures("big_screen")
def test_the_window_size_is_offered_saved_and_applied_at_once() -> None:
    app = _title()
    try:
        scene = _settings_scene(app)
        row = scene.row("display.window_size")
        assert row.value == (1280, 800)
        assert set(row.values) == {(960, 600), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080)}
        _choose(app, scene, "display.window_size", (1600, 1000))
        assert app.size == (1600, 1000)
        assert SettingsStore.load().settings.display.window_size == (1600, 1000)
        _choose(app, scene, "display.window_size", (960, 600))
        assert app.size == (960, 600)
        assert SettingsStore.load().settings.display.window_size == (960, 600)
        assert isinstance(app.top, SettingsScene) and app.top.size == (960, 600)  # the scenes were told
    finally:
        app.close()


def test_full_screen_is_saved_and_applied_and_a_window_comes_back_at_its_chosen_size() -> None:
    app = _title()
    try:
        scene = _settings_scene(app)
        _choose(app, scene, "display.fullscreen", True)
        assert full_screen(app)
        assert SettingsStore.load().settings.display.fullscreen
        _choose(app, scene, "display.window_size", (960, 600))  # chosen in full screen: kept for the window
        assert full_screen(app) and app.window_size == (960, 600) and app.size != (960, 600)
        _choose(app, scene, "display.fullscreen", False)
        assert not full_screen(app) and app.size == (960, 600)
        saved = SettingsStore.load().settings.display
        assert not saved.fullscreen and saved.window_size == (960, 600)
    finally:
        app.close()


def test_a_size_the_screen_cannot_hold_is_not_offered_unless_it_is_the_current_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from briscola.ui.menus.settings import window_sizes

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768), (1440, 900)])
    # 1440x900 is the larger screen's size, but not with a title bar and a taskbar on it
    assert [size for size, _label in window_sizes((1280, 800))] == [(960, 600), (1280, 800)]
    assert [size for size, _label in window_sizes((1000, 700))] == [(960, 600), (1000, 700), (1280, 800)]
    assert (7000, 4000) in [size for size, _label in window_sizes((7000, 4000))]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])  # a laptop: 1280x800 is too tall
    assert [size for size, _label in window_sizes((960, 600))] == [(960, 600)]


# ---------------------------------------------------------------------------------------------------- settings problems


def _bad_defaults(tmp_path: Path) -> Path:
    """A defaults file with a deck that doesn't exist and a volume that isn't a number."""
    replace = {"deck": '"napoli"', "volume": '"loud"'}
    lines = []
    for line in render_defaults().splitlines():
        name = line.split("=", 1)[0].strip()
        lines.append(f"{name} = {replace[name]}" if name in replace and not line.startswith("#") else line)
    path = tmp_path / "settings.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_bad_settings_value_is_told_on_the_title_with_key_file_and_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _bad_defaults(tmp_path)
    with drawn(monkeypatch, "briscola.ui.menus.title") as drawn_title:
        app = _title("--settings", str(path))
        try:
            title = app.top
            assert isinstance(title, TitleScene)
            shown = " ".join(text for text, _rect in drawn_title)
            assert "display.deck" in shown and "napoli" in shown and "is not a deck" in shown
            assert "sound.volume" in shown
            notice = next(n for n in title.notices if "display.deck" in n)
            assert str(path) in notice and "napoletane" in notice  # the file, and the value used instead
            # The file and the value used are in the notices scene, one key away (D).
            from briscola.ui.menus.notices import NoticesScene

            with drawn(monkeypatch, "briscola.ui.menus.notices") as drawn_details:
                key(pygame.K_d)
                app.step(FRAME)
                assert isinstance(top(app), NoticesScene)
                details = [text for text, _rect in drawn_details]
                assert str(path) in "".join(details) and any('"napoletane"' in text for text in details)
            key(pygame.K_ESCAPE)
            app.step(FRAME)
            assert top(app) is title

            # Choosing a deck in the settings makes that notice old news; the other stays.
            scene = _settings_scene(app)
            _choose(app, scene, "display.deck", "piacentine")
            key(pygame.K_ESCAPE)
            app.step(FRAME)
            assert app.top is title
            assert not any("display.deck" in n for n in title.notices)
            assert any("sound.volume" in n for n in title.notices)
        finally:
            app.close()


def test_a_bad_settings_value_is_told_over_a_table_started_directly(tmp_path: Path) -> None:
    path = _bad_defaults(tmp_path)
    options = parse_options(["--players", "2", "--mute", "--inline-ai", "--settings", str(path)])
    assert isinstance(options, Options)
    app, scene = build_table(options)
    try:
        app.step(FRAME)
        messages = [toast.text for toast in scene.state.toasts]
        assert any("display.deck" in m and str(path) in m and "napoli" in m for m in messages)
        assert any("sound.volume" in m for m in messages)
    finally:
        app.close()


def test_good_settings_files_give_no_notice() -> None:
    app = _title()
    try:
        title = app.top
        assert isinstance(title, TitleScene)
        assert title.notices == [] and app.settings_problems == []
    finally:
        app.close()
