"""F12 saves the window into the player's pictures folder (or the game's data folder), never the current one, and says
where it went, or why it could not (issue 30). The folders are temporary: the XDG folders of tests/ui/conftest.py and
a pictures folder monkeypatched into ``tmp_path``."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pygame
import pytest

from briscola.store.paths import screenshots_dir
from briscola.ui.app import App
from tests.ui.helpers import FRAME, key, make_table
from tests.ui.menus.test_menus import make_title


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder, empty: nothing may be written into it."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    return cwd


def banner(app: App) -> tuple[str, float] | None:
    """The app's notice now (a function, so the type checker doesn't narrow it across frames)."""
    return app.banner


def pictures_at(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setattr(platformdirs, "user_pictures_path", lambda: folder)


def test_f12_on_the_table_saves_into_the_pictures_folder_and_says_where(
    tmp_path: Path, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictures = tmp_path / "Pictures"
    pictures.mkdir()
    pictures_at(monkeypatch, pictures)
    app, table = make_table()
    try:
        app.step(FRAME)
        key(pygame.K_F12)
        assert app.step(FRAME)
        saved = list((pictures / "Briscola").glob("briscola-*.png"))
        assert len(saved) == 1 and pygame.image.load(str(saved[0])).get_size() == app.size
        assert f"Screenshot saved: {saved[0]}" in [toast.text for toast in table.state.toasts]
        assert list(here.iterdir()) == []
    finally:
        app.close()


def test_without_a_pictures_folder_f12_saves_into_the_data_folder_and_the_menus_say_so(
    tmp_path: Path, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictures_at(monkeypatch, tmp_path / "no-pictures")
    folder = screenshots_dir()
    assert folder == platformdirs.user_data_path("briscola", appauthor=False) / "screenshots"
    app = make_title()
    try:
        key(pygame.K_F12)
        app.step(FRAME)
        saved = list(folder.glob("briscola-*.png"))
        assert len(saved) == 1
        assert app.banner is not None and app.banner[0] == f"Screenshot saved: {saved[0]}"
        assert app.wait_time() <= app.banner[1]  # the app wakes to take the banner away
        app.draw()
        app.step(6.0)  # the banner's seconds pass
        assert banner(app) is None
        assert list(here.iterdir()) == []
    finally:
        app.close()


def test_a_screenshot_that_cannot_be_written_says_why_and_the_game_goes_on(
    tmp_path: Path, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    pictures_at(monkeypatch, tmp_path)
    app, table = make_table("--shots-dir", str(blocked / "shots"))
    try:
        assert app.save_screenshot() == ""
        told = [toast.text for toast in table.state.toasts]
        assert any(text.startswith(f"The screenshot could not be saved in {blocked / 'shots'}") for text in told)
        assert any("Not a directory" in text or "File exists" in text for text in told), told
        assert app.step(FRAME) and isinstance(app, App)
    finally:
        app.close()
