"""Getting to a game from the title (issue 30): one-click Play with the last choices (or the default game), Continue
first and focused with where it resumes, a question before a new match replaces the saved one, and the aces drawn
at their size."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from types import SimpleNamespace
from typing import cast

import pygame
import pytest

import briscola.text.i18n as i18n
from briscola.engine import PRESETS, Game, preset
from briscola.store import GameSettings, autosave
from briscola.store import paths as store_paths
from briscola.text.i18n import _, set_language
from briscola.text.presets import preset_label
from briscola.ui.app import App
from briscola.ui.assets.cards import DeckImages
from briscola.ui.launcher import start_match
from briscola.ui.menus.confirm import ConfirmScene
from briscola.ui.menus.new_match import saved_match_words
from briscola.ui.menus.setup.new_game import NewGameScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, click, step_until
from tests.ui.menus.test_menus import make_title, press


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def title_of(app: App) -> TitleScene:
    scene = app.top
    assert isinstance(scene, TitleScene)
    return scene


def save_a_match(app: App, tricks: int = 1, seed: int = 21) -> None:
    """Play a classic match to just after ``tricks`` tricks (it is saved then), and come back to a new title."""
    table = start_match(app, preset("classic"), ("human", "principiante"), seed, "classic")
    rng = random.Random(4)

    def taken() -> bool:
        autoplay_human(table, rng)
        return table.driver.game.tricks_played >= tricks and table.interactive

    step_until(app, taken)
    app.replace_all(TitleScene(app))
    app.step(FRAME)


# ---------------------------------------------------------------------------------------------------- play


def test_the_first_time_play_says_and_starts_the_default_game_with_one_click() -> None:
    app = make_title()
    try:
        title = title_of(app)
        assert [row.key for row in title.rows][:2] == ["play", "new"] and title.focus == 0
        assert title.rows[0].label == "Play: 2 players, Classic briscola, Beginner"  # make_title sets level 1
        click(title.row_rect(0).center)
        app.step(FRAME)
        table = app.top
        assert isinstance(table, TableScene)
        assert table.driver.rules == PRESETS["classic"]
        assert [seat.spec for seat in table.driver.seats] == [None, "principiante"]
    finally:
        app.close()


def test_play_starts_with_the_choices_of_the_last_new_game() -> None:
    app = make_title()
    try:
        press(app, pygame.K_DOWN, pygame.K_RETURN)
        scene = app.top
        assert isinstance(scene, NewGameScene)
        scene.set_players(4)
        scene.set_seat(2, "esperto")
        scene.set_option("must_follow_suit", True)
        scene.start()
        started = app.top
        assert isinstance(started, TableScene)
        wanted = (started.driver.rules, [seat.spec for seat in started.driver.seats])
        autosave.clear()  # no match saved: Play doesn't ask
        app.replace_all(TitleScene(app))
        app.step(FRAME)
        title = title_of(app)
        assert title.rows[0].label == "Play: 4 players, Four in partnerships, mixed levels"
        assert "last new game" in title.rows[0].help
        press(app, pygame.K_RETURN)
        table = app.top
        assert isinstance(table, TableScene) and table is not started
        assert (table.driver.rules, [seat.spec for seat in table.driver.seats]) == wanted
        assert table.driver.rules.must_follow_suit
    finally:
        app.close()


def test_remembered_choices_that_cant_start_fall_back_to_the_default_and_are_shown_as_a_problem() -> None:
    app = make_title()
    try:
        assert app.store is not None
        app.store.settings = replace(app.store.settings, game=GameSettings(players=2, seats=("human", "x", "y")))
        app.replace_all(TitleScene(app))
        app.step(FRAME)
        title = title_of(app)
        assert title.rows[0].label.startswith("Play: 2 players, Classic briscola")
        assert any(problem.key == "game" for problem in title.problems)
        assert any(problem.key == "game" for problem in app.store.problems)  # recorded with the settings' problems
        assert "notices" in [row.key for row in title.rows]
        press(app, pygame.K_RETURN)
        table = app.top
        assert isinstance(table, TableScene) and table.driver.rules == PRESETS["classic"]
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- continue


def test_continue_comes_first_has_the_focus_and_says_after_how_many_tricks() -> None:
    app = make_title()
    try:
        save_a_match(app, tricks=1)
        title = title_of(app)
        assert [row.key for row in title.rows][:3] == ["continue", "play", "new"] and title.focus == 0
        assert title.rows[0].label == "Continue: Classic briscola, after 1 trick"
        assert title.headings["continue"] == ("Continue", "Classic briscola, after 1 trick")
        save_a_match(app, tricks=3)
        assert title_of(app).rows[0].label == "Continue: Classic briscola, after 3 tricks"
        press(app, pygame.K_RETURN)  # Enter continues
        assert isinstance(app.top, TableScene)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("en", "after 1 trick", "after 3 tricks"),
        ("it", "dopo 1 presa", "dopo 3 prese"),
        ("de", "nach 1 Stich", "nach 3 Stichen"),
        ("es", "tras 1 baza", "tras 3 bazas"),
        ("da", "efter 1 stik", "efter 3 stik"),
    ],
)
def test_the_trick_count_is_plural_correct_in_every_language(language: str, one: str, three: str) -> None:
    app = make_title()
    try:
        save_a_match(app, tricks=1)
        continued, _problems = autosave.load()
        assert continued is not None
        set_language([language])
        app.step(FRAME)
        assert saved_match_words(continued) == f"{preset_label('classic')}, {one}"
        assert title_of(app).rows[0].label == _("Continue: {match}").format(match=saved_match_words(continued))
        later = replace(continued, game=cast(Game, SimpleNamespace(tricks_played=3, hand_no=1)))
        assert saved_match_words(later) == f"{preset_label('classic')}, {three}"
        second_hand = replace(continued, game=cast(Game, SimpleNamespace(tricks_played=1, hand_no=2)))
        assert saved_match_words(second_hand).endswith(one) and "2" in saved_match_words(second_hand)
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- asking


def test_without_a_saved_match_nothing_is_asked() -> None:
    app = make_title()
    try:
        press(app, pygame.K_RETURN)  # Play
        assert isinstance(app.top, TableScene)
    finally:
        app.close()


@pytest.mark.parametrize("how", ["enter", "escape", "click"])
def test_play_over_a_saved_match_asks_first_and_cancel_keeps_the_save_untouched(how: str) -> None:
    app = make_title()
    try:
        save_a_match(app, tricks=2)
        path = store_paths.autosave_path()
        before = (path.read_bytes(), path.stat().st_mtime_ns)
        title = title_of(app)
        title.focus = [row.key for row in title.rows].index("play")
        press(app, pygame.K_RETURN)
        question = app.top
        assert isinstance(question, ConfirmScene)
        assert question.question == "Start a new match?"
        assert question.detail == "The saved match (Classic briscola, after 2 tricks) will be lost."
        assert question.buttons[question.focus].value == "cancel"  # the safe choice has the focus
        assert [button.focused for button in question.buttons] == [False, True]
        if how == "enter":
            press(app, pygame.K_RETURN)
        elif how == "escape":
            press(app, pygame.K_ESCAPE)
        else:
            click(question.buttons[1].rect.center)
            app.step(FRAME)
        assert app.top is title
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    finally:
        app.close()


def test_confirming_starts_the_new_match_which_replaces_the_save() -> None:
    app = make_title()
    try:
        save_a_match(app, tricks=2, seed=21)
        title = title_of(app)
        title.focus = [row.key for row in title.rows].index("play")
        press(app, pygame.K_RETURN, pygame.K_LEFT)
        question = app.top
        assert isinstance(question, ConfirmScene) and question.buttons[question.focus].value == "confirm"
        press(app, pygame.K_RETURN)
        table = app.top
        assert isinstance(table, TableScene)
        saved, _problems = autosave.load()
        assert saved is not None and saved.game.tricks_played == 0 and saved.record.seed == table.driver.seed
    finally:
        app.close()


def test_new_games_start_over_a_saved_match_asks_too_and_cancel_leaves_the_form() -> None:
    app = make_title()
    try:
        save_a_match(app, tricks=1)
        path = store_paths.autosave_path()
        before = path.read_bytes()
        title_of(app).new_game()
        scene = app.top
        assert isinstance(scene, NewGameScene)
        scene.start()
        question = app.top
        assert isinstance(question, ConfirmScene)
        assert "after 1 trick" in question.detail
        press(app, pygame.K_RETURN)  # Cancel has the focus
        assert app.top is scene and path.read_bytes() == before
        scene.start()
        press(app, pygame.K_TAB, pygame.K_RETURN)  # Tab to "Start new match"
        assert isinstance(app.top, TableScene)
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- the aces


def test_the_aces_are_rasterised_at_the_size_they_are_drawn_never_scaled_down(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title()
    try:
        asked: list[tuple[tuple[int, int], float]] = []
        real = DeckImages.rotated

        def rotated(self: DeckImages, card: object, size: tuple[int, int], angle: float) -> pygame.Surface:
            asked.append((size, angle))
            return real(self, card, size, angle)  # type: ignore[arg-type]

        def scaled(*args: object, **kwargs: object) -> pygame.Surface:
            raise AssertionError("the title's cards are drawn at their size, not scaled")

        monkeypatch.setattr(DeckImages, "rotated", rotated)
        monkeypatch.setattr(pygame.transform, "smoothscale", scaled)
        monkeypatch.setattr(pygame.transform, "scale", scaled)
        for size in ((1280, 800), (960, 600)):
            app.resize(size)
            app.draw()
            height = size[1] // 7
            assert {wanted for wanted, _angle in asked[-3:]} == {(round(height * 0.6), height)}
            assert sorted(angle for _size, angle in asked[-3:]) == [-12, 0, 12]
    finally:
        app.close()


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1366, 768)])
def test_the_two_line_rows_are_taller_and_every_row_clear_of_the_next_and_of_the_help_line(
    size: tuple[int, int],
) -> None:
    """Play (and Continue, with a match saved) say what they start in two lines: they are taller than the one-line
    rows, so the second line sits inside its row (with ten rows at 960x600 the menu moves up under a smaller fan to
    make that room); no row overlaps the next, and all end above the help line."""
    app = make_title()
    try:
        for saved in (False, True):
            if saved:
                save_a_match(app, tricks=1)
            app.resize(size)
            app.step(FRAME)
            title = title_of(app)
            keys = [row.key for row in title.rows]
            assert ("continue" in keys) == saved
            rects = [title.row_rect(index) for index in range(len(keys))]
            plain = rects[keys.index("new")].height
            for key in ("play", "continue") if saved else ("play",):
                assert rects[keys.index(key)].height >= plain + plain // 3
            assert all(a.bottom <= b.top for a, b in itertools.pairwise(rects))
            assert rects[-1].bottom < title._help_top
    finally:
        app.close()
