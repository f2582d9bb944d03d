"""What was wrong with the settings files, told in the game for a player who never sees the terminal: on the title a
short line per problem, never cut, in the language in use; every problem in full one key away (D); and no notice left
once its cause is gone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import briscola.text.i18n as i18n
from briscola.store import paths
from briscola.store.settings_write import render_defaults
from briscola.text.i18n import _, set_language
from briscola.ui.app import App
from briscola.ui.launcher import build_title
from briscola.ui.menus.notices import NoticesScene
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.options import Options, parse_options
from tests.ui.helpers import FRAME, drawn, key

#: An overlay with six problems, some with long reasons (the lists of decks, backs and display settings).
BAD = (
    '[display]\ndeck = "napoli"\nback = "tartan"\nlanguagee = "it"\ntable_colour = "green"\n'
    '[sound]\nvolume = 7\nmute = "yes"\n'
)


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def _title(overlay: str = BAD, size: str = "960x600", *flags: str) -> App:
    path = paths.overlay_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(overlay, encoding="utf-8")
    argv = ["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", "--windowed", size, *flags]
    options = parse_options(argv)
    assert isinstance(options, Options)
    app = build_title(options)
    app.step(FRAME)
    return app


def _title_scene(app: App) -> TitleScene:
    scene = app.top
    assert isinstance(scene, TitleScene)
    return scene


@pytest.mark.parametrize("size", ["960x600", "1280x800"])
def test_each_problem_on_the_title_is_whole_and_inside_its_panel(monkeypatch: pytest.MonkeyPatch, size: str) -> None:
    app = _title(size=size)
    try:
        title = _title_scene(app)
        assert len(title.problems) == 6
        with drawn(monkeypatch, "briscola.ui.menus.title") as texts:
            app.step(FRAME)
        panel = title.notices_rect()
        inside = [(text, rect) for text, rect in texts if panel.colliderect(rect)]
        assert all(panel.contains(rect) for _text, rect in inside)  # nothing drawn past the panel's edges
        shown = " ".join(text for text, _rect in inside)
        whole = [p for p in title.problems if " ".join(p.summary().split()) in shown]
        left = len(title.problems) - len(whole)
        assert whole, "not even one problem shown"
        if left:  # the others are counted, and the way to read them is said
            assert f"…and {left} more." in shown
        assert "Problem details" in shown
        # The menu and the panel don't overlap, and every row is above the help line.
        assert all(not panel.colliderect(title.row_rect(i)) for i in range(len(title.rows)))
        assert max(title.row_rect(i).bottom for i in range(len(title.rows))) < app.size[1] - app.size[1] // 11 - 10
    finally:
        app.close()


def test_every_problem_is_read_in_full_in_the_notices_scene(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _title()
    try:
        title = _title_scene(app)
        assert "notices" in [row.key for row in title.rows]
        key(pygame.K_d)
        app.step(FRAME)
        scene = app.top
        assert isinstance(scene, NoticesScene)
        seen: list[str] = []
        with drawn(monkeypatch, "briscola.ui.menus.notices") as texts:
            for _step in range(40):  # scroll through the whole list, a line at a time
                app.step(FRAME)
                key(pygame.K_DOWN)
            app.step(FRAME)
        width = app.size[0]
        assert all(rect.left >= 0 and rect.right <= width for _text, rect in texts)  # no path runs off the screen
        seen = [text for text, _rect in texts]
        joined = "".join(seen)
        overlay = str(paths.overlay_path())
        assert overlay in joined
        for problem in title.problems:
            assert problem.key is not None and problem.value is not None
            assert problem.key in joined and problem.value in joined
            assert "".join(str(problem.reason).split()) in "".join(joined.split())  # the reason whole
            if problem.fallback is not None:
                assert _("The game uses instead: {value}").format(value=problem.fallback) in seen
        assert any("stays in the file as a comment" in text for text in seen)  # what happens to the bad lines
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert app.top is title
    finally:
        app.close()


def test_a_click_on_the_notices_panel_opens_them_too() -> None:
    from tests.ui.helpers import click

    app = _title()
    try:
        click(_title_scene(app).notices_rect().center)
        app.step(FRAME)
        assert isinstance(app.top, NoticesScene)
    finally:
        app.close()


def test_notices_read_in_the_language_chosen_after_startup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    defaults = tmp_path / "settings.toml"  # the defaults file's problems stay: the game never writes it
    defaults.write_text(render_defaults().replace('deck = "napoletane"', 'deck = "napoli"'), encoding="utf-8")
    app = _title("", "960x600", "--settings", str(defaults))
    try:
        title = _title_scene(app)
        scene = SettingsScene(app)
        app.push(scene)
        app.step(FRAME)
        scene.focus = [row.key for row in scene.rows].index("display.language")
        key(pygame.K_RIGHT)  # "" (system) -> it
        app.step(FRAME)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert app.top is title
        with drawn(monkeypatch, "briscola.ui.menus.title") as texts:
            app.step(FRAME)
        shown = " ".join(text for text, _rect in texts)
        italian = _("is not a deck (decks: {choices})").split(" (")[0]
        assert italian != "is not a deck" and italian in shown
        assert "is not a deck" not in shown
        assert all("is not a deck" not in notice and "; using" not in notice for notice in title.notices)
    finally:
        app.close()


def test_notices_about_the_overlay_go_once_it_is_saved_and_its_bad_lines_are_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = _title('[display]\ndeck = "napoli"\n[sound]\nvolume = 7\n')
    try:
        title = _title_scene(app)
        assert len(title.notices) == 2
        scene = SettingsScene(app)
        app.push(scene)
        app.step(FRAME)
        scene.focus = [row.key for row in scene.rows].index("display.sort_hand")
        key(pygame.K_RIGHT)  # an unrelated setting: the overlay is rewritten
        app.step(FRAME)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert app.top is title
        with drawn(monkeypatch, "briscola.ui.menus.title") as texts:
            app.step(FRAME)
        assert title.notices == [] and "notices" not in [row.key for row in title.rows]
        assert not any("display.deck" in text or "sound.volume" in text for text, _rect in texts)
        text = paths.overlay_path().read_text(encoding="utf-8")
        assert '#: display.deck = "napoli"' in text and "#: sound.volume = 7" in text  # nothing lost
    finally:
        app.close()
