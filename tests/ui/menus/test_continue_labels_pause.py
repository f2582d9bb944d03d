"""Continue always means the latest match (a new one replaces the save at once); ids shown by their names in the
player's language (card backs, presets); the pause menu on a solid panel with only the focused button outlined."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

import briscola.text.i18n as i18n
from briscola.art.frames import BACKS
from briscola.engine import PRESETS, preset
from briscola.store import autosave
from briscola.text.i18n import _, set_language
from briscola.text.presets import PRESET_NAMES, preset_label
from briscola.ui.app import App
from briscola.ui.assets.labels import BACK_NAMES, back_label
from briscola.ui.launcher import build_title, start_match
from briscola.ui.menus.confirm import ConfirmScene
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.options import Options, parse_options
from briscola.ui.overlays.pause import PauseScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from briscola.ui.widgets.basic import COLOURS
from tests.ui.helpers import FRAME, key, step_until


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def _title() -> App:
    options = parse_options(["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", "--level", "1"])
    assert isinstance(options, Options)
    app = build_title(options)
    app.step(FRAME)
    return app


def _play_a_trick(app: App, table: TableScene) -> None:
    rng = random.Random(4)

    def trick_taken() -> bool:
        autoplay_human(table, rng)
        return table.driver.game.tricks_played >= 1 and table.interactive

    step_until(app, trick_taken)


# ---------------------------------------------------------------------------------------------------- continue


def test_a_new_game_from_the_pause_menu_asks_then_replaces_the_save() -> None:
    app = _title()
    try:
        table = start_match(app, preset("classic"), ("human", "principiante"), 21, "classic")
        _play_a_trick(app, table)
        saved, _problems = autosave.load()
        assert saved is not None and saved.record.seed == 21 and saved.game.tricks_played >= 1
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        pause = app.top
        assert isinstance(pause, PauseScene)
        pause.choose("new")  # a new match at this table: asked first, Cancel focused
        question = app.top
        assert isinstance(question, ConfirmScene)
        key(pygame.K_RETURN)  # Cancel: nothing changes
        app.step(FRAME)
        assert app.top is pause
        saved, _problems = autosave.load()
        assert saved is not None and saved.record.seed == 21 and saved.game.tricks_played >= 1
        pause.choose("new")
        key(pygame.K_LEFT)
        key(pygame.K_RETURN)  # the old match is abandoned for a new one
        app.step(FRAME)
        after: object = app.top
        assert after is table
        saved, _problems = autosave.load()
        assert saved is not None and saved.record.seed == table.driver.seed != 21
        assert saved.game.tricks_played == 0
        pause = PauseScene(app, table)
        app.push(pause)
        pause.choose("menu")
        title = app.top
        assert isinstance(title, TitleScene) and title.continued is not None
        assert title.continued.record.seed == table.driver.seed  # Continue is the new match, not the abandoned one
        assert title.rows[0].label == _("Continue: {match}").format(
            match=_("{preset}, from the start").format(preset=preset_label("classic"))
        )
    finally:
        app.close()


def test_starting_a_match_replaces_an_older_save_at_once() -> None:
    app = _title()
    try:
        table = start_match(app, preset("classic"), ("human", "principiante"), 31, "classic")
        _play_a_trick(app, table)
        start_match(app, preset("four"), ("human", "principiante", "principiante", "principiante"), 32, "four")
        saved, _problems = autosave.load()
        assert saved is not None and saved.record.seed == 32 and saved.config.preset == "four"
    finally:
        app.close()


def test_if_the_new_match_cant_be_saved_the_old_save_is_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    from briscola.store import Problem

    app = _title()
    try:
        table = start_match(app, preset("classic"), ("human", "principiante"), 41, "classic")
        _play_a_trick(app, table)
        monkeypatch.setattr(autosave, "save", lambda *args, **kwargs: [Problem("autosave.json", None, "full disk")])
        table.new_match()
        assert autosave.load() == (None, [])
    finally:
        app.close()


def test_a_continued_match_is_not_saved_over_before_it_is_back_where_it_was() -> None:
    app = _title()
    try:
        table = start_match(app, preset("classic"), ("human", "principiante"), 51, "classic")
        _play_a_trick(app, table)
        tricks = table.driver.game.tricks_played
        app.close()
        again = _title()
        title = again.top
        assert isinstance(title, TitleScene) and title.continued is not None
        title.continue_match()  # the save is read, then replayed: it must still hold the whole match
        saved, _problems = autosave.load()
        assert saved is not None and saved.game.tricks_played == tricks
        again.close()
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- names


def test_every_preset_and_back_has_a_name() -> None:
    assert set(PRESET_NAMES) == set(PRESETS)
    assert set(BACK_NAMES) == set(BACKS)
    assert preset_label("not-a-preset") == "not-a-preset" and back_label("nope") == "nope"


def test_the_settings_scene_names_card_backs_in_the_current_language() -> None:
    app = _title()
    try:
        scene = SettingsScene(app)
        app.push(scene)
        app.step(FRAME)
        row = scene.row("display.back")
        assert row.labels[1:] == [_(BACK_NAMES[back]) for back in BACKS]
        assert not set(row.labels) & set(BACKS)  # no raw id such as "tartan-green"
        set_language(["it"])
        scene.rebuild()
        assert scene.row("display.back").labels[1:] == [_(BACK_NAMES[back]) for back in BACKS]
    finally:
        app.close()


def test_the_continue_line_names_the_preset_in_the_current_language() -> None:
    app = _title()
    try:
        table = start_match(app, preset("to31"), ("human", "principiante"), 61, "to31")
        _play_a_trick(app, table)
        app.replace_all(TitleScene(app))
        app.step(FRAME)
        title = app.top
        assert isinstance(title, TitleScene)
        label = title.rows[0].label
        assert preset_label("to31") in label and "to31" not in label
        set_language(["it"])
        app.step(FRAME)
        assert (
            title.rows[0].label.startswith(_("Continue: {match}").split("{")[0]) and "Continua" in title.rows[0].label
        )
        assert _(PRESET_NAMES["to31"]) in title.rows[0].label
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- pause


def test_the_pause_menu_has_a_solid_panel_and_outlines_only_the_focused_button() -> None:
    app = _title()
    try:
        table = start_match(app, preset("classic"), ("human", "principiante"), 71, "classic")
        step_until(app, lambda: table.interactive)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        key(pygame.K_DOWN)
        app.step(FRAME)
        pause = app.top
        assert isinstance(pause, PauseScene) and pause.focus == 1
        screen = app.screen
        gold = pygame.Color(*COLOURS["gold"])
        for index, button in enumerate(pause.buttons):
            edge = screen.get_at((button.rect.left, button.rect.centery))
            assert (edge == gold) == (index == pause.focus), index
        # Between two buttons, the panel's own colour, whatever the table shows behind it.
        first, second = pause.buttons[0].rect, pause.buttons[1].rect
        between = (first.centerx, (first.bottom + second.top) // 2)
        assert screen.get_at(between) == pygame.Color(*COLOURS["panel"])
        assert pause.panel().contains(pygame.Rect(between, (1, 1)))
        assert all(pause.panel().contains(button.rect) for button in pause.buttons)
    finally:
        app.close()
