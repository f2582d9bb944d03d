"""The new-game screen: who sits where (a seat's change changes no other), five players, the explanation line that
never runs into the keys, the table diagram's names off the table, and the preview's card back.

Driven through ``app.step`` with synthetic keys; what is drawn is recorded from ``draw_text`` with its rectangle.
"""

from __future__ import annotations

import math

import pygame
import pytest

from briscola.ai.levels import LEVELS, parse_level
from briscola.engine import PRESETS
from briscola.text.i18n import _, set_language
from briscola.ui.app import App
from briscola.ui.assets.cards import back_path, rasterise
from briscola.ui.core.seats import HUMAN
from briscola.ui.launcher import build_title
from briscola.ui.menus.setup.new_game import EXTERNAL, PLAYER_COUNTS, NewGameScene
from briscola.ui.menus.setup.new_game_seats import seating_note
from briscola.ui.options import Options, parse_options
from tests.ui.helpers import FRAME, drawn, key

SIZES = [(960, 600), (1280, 800)]


def new_game(size: tuple[int, int] = (960, 600), settings: dict[str, object] | None = None) -> tuple[App, NewGameScene]:
    """An app at ``size`` on the new-game scene, two players (you and a computer) unless ``settings`` say otherwise."""
    options = parse_options(["--speed", "instant", "--mute", "--inline-ai", "--windowed", f"{size[0]}x{size[1]}"])
    assert isinstance(options, Options) and options.store is not None
    wanted: dict[str, object] = {"game.players": 2, "game.seats": ["human", "medio"], "game.preset": "classic"}
    assert options.store.change({**wanted, **(settings or {})}) == []
    app = build_title(options)
    scene = NewGameScene(app)
    app.push(scene)
    app.step(FRAME)
    assert app.size == size
    return app, scene


def press(app: App, *codes: int) -> None:
    for code in codes:
        key(code)
        app.step(FRAME)


def focus(scene: NewGameScene, row: str) -> None:
    """Focus ``row``, showing the rows "More options" holds if it is one of them."""
    if row not in [r.key for r in scene.rows]:
        scene.toggle_more(True)
    scene.focus = [r.key for r in scene.rows].index(row)
    scene._keep_visible()


# ---------------------------------------------------------------------------------------------------- seats


def test_stepping_a_seat_round_all_its_choices_changes_no_other_seat() -> None:
    app, scene = new_game()
    try:
        focus(scene, "seat1")
        row = scene.row("seat1")
        assert HUMAN not in row.values  # you sit at seat 1: seat 2 can't be "You"
        seen = set()
        for _ in range(len(row.values) * 2):
            press(app, pygame.K_RIGHT)
            assert scene.seats[0] == HUMAN, scene.seats
            seen.add(scene.seats[1].split(":")[0])
            if scene.rows[scene.focus].key != "seat1":
                focus(scene, "seat1")
        assert "external" in seen and HUMAN not in seen
        for _ in range(len(row.values) * 2):  # and back the other way
            press(app, pygame.K_LEFT)
            assert scene.seats[0] == HUMAN
    finally:
        app.close()


def test_giving_your_seat_to_a_computer_is_said_on_screen_and_lets_you_sit_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, scene = new_game()
    try:
        focus(scene, "seat0")
        press(app, pygame.K_RIGHT)
        assert scene.seats == ["principiante", "medio"]  # seat 2 untouched
        with drawn(monkeypatch, "briscola.ui.menus.setup.new_game") as texts:
            app.draw()
        note = seating_note(scene.seats)
        assert note and note.split(":")[0] in " ".join(text for text, _rect in texts)
        assert HUMAN in scene.row("seat1").values  # nobody is "You": every seat offers it
        focus(scene, "seat1")
        row = scene.row("seat1")
        for _ in range((list(row.values).index(HUMAN) - row.index) % len(row.values)):
            press(app, pygame.K_RIGHT)
        assert scene.seats == ["principiante", HUMAN] and seating_note(scene.seats) == ""
        assert HUMAN not in scene.row("seat0").values
    finally:
        app.close()


def test_you_asked_for_at_a_second_seat_is_refused_with_a_notice() -> None:
    app, scene = new_game()
    try:
        scene.set_seat(1, HUMAN)
        assert scene.seats == [HUMAN, "medio"] and scene.notice
    finally:
        app.close()


def test_enter_on_external_bot_goes_to_its_command_field() -> None:
    app, scene = new_game()
    try:
        focus(scene, "seat1")
        row = scene.row("seat1")
        for _ in range(list(row.values).index(EXTERNAL) - row.index):
            press(app, pygame.K_RIGHT)
        assert scene.seats[1] == EXTERNAL
        press(app, pygame.K_RETURN)
        assert scene.rows[scene.focus].key == "command1" and scene.seats[1] == EXTERNAL
        assert scene.seats[0] == HUMAN
    finally:
        app.close()


def test_five_players_are_offered_with_their_presets() -> None:
    app, scene = new_game()
    try:
        assert 5 in PLAYER_COUNTS and 5 in scene.row("players").values
        focus(scene, "players")
        while scene.players != 5:
            press(app, pygame.K_RIGHT)
        assert scene.preset == "chiamata" and len(scene.seats) == 5
        offered = set(scene.row("preset").values)
        assert offered == {name for name, rules in PRESETS.items() if rules.players == 5}
        assert scene.rules().players == 5
    finally:
        app.close()


def test_a_computer_seat_says_how_its_level_plays_and_the_words_follow_the_choice() -> None:
    app, scene = new_game()
    try:
        assert "1 to 6" in scene.row("seat0").help  # your own seat: what a seat may be
        focus(scene, "seat1")
        said: dict[str, str] = {}
        for _ in range(len(scene.row("seat1").values)):
            spec, help_text = scene.seats[1], scene.rows[scene.focus].help
            if spec == EXTERNAL:
                assert "external bot" in help_text
            else:
                level = parse_level(spec)
                sit_here = "To sit here, first give seat 1 to a computer."  # you sit at seat 1
                assert help_text == f"Strength {level.number} of 6. {level.summary} {sit_here}"
                said[spec] = help_text
            press(app, pygame.K_RIGHT)
            if scene.rows[scene.focus].key != "seat1":
                focus(scene, "seat1")
        assert set(said) == {level.italian for level in LEVELS} and len(set(said.values())) == len(LEVELS)
    finally:
        app.close()


def test_with_nobody_seated_as_you_a_level_is_explained_alone() -> None:
    app, scene = new_game(settings={"game.seats": ["medio", "facile"]})
    try:
        facile = parse_level("facile")
        assert scene.row("seat1").help == f"Strength 2 of 6. {facile.summary}"
    finally:
        app.close()


def test_a_level_is_explained_in_the_chosen_language_with_how_to_sit_there() -> None:
    set_language(["it"])
    app, scene = new_game(settings={"game.seats": ["campione", HUMAN]})
    try:
        help_text = scene.row("seat0").help
        campione = parse_level("campione")
        assert help_text.startswith("Forza 6 su 6. ") and _(campione.summary) in help_text
        assert _(campione.summary) != campione.summary
        assert help_text.endswith("prima dai il posto 2 a un giocatore del computer.")
    finally:
        app.close()
        set_language(None)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "it", "de", "es", "da"])
def test_every_levels_explanation_is_shown_whole(size: tuple[int, int], language: str) -> None:
    """Two lines hold it at both sizes in every language, even with the words on how to sit there: never cut."""
    set_language([language])
    app, scene = new_game(size, {"game.seats": ["medio", HUMAN]})
    try:
        for level in LEVELS:
            scene.set_seat(0, level.italian)
            scene.rebuild()
            focus(scene, "seat0")
            help_text = scene.rows[scene.focus].help
            assert _(level.summary) in help_text
            lines, _keys = scene.footer()
            assert " ".join(line for line, _size, _y in lines).split() == help_text.split(), level.italian
    finally:
        app.close()
        set_language(None)


# ---------------------------------------------------------------------------------------------------- drawing


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "it", "de", "es", "da"])
def test_the_explanation_line_never_runs_into_the_keys_or_the_rows(
    size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_language([language])
    app, scene = new_game(size, {"game.preset": "to31"})  # the longest explanation of all
    try:
        for index in range(len(scene.rows)):
            scene.focus = index
            scene._keep_visible()
            with drawn(monkeypatch, "briscola.ui.widgets.form") as texts:
                app.draw()
            help_lines, keys = scene.footer()
            keys_rect = next(rect for text, rect in texts if text == keys[0])
            lines = [rect for text, rect in texts if text in [line for line, _size, _y in help_lines]]
            assert len(lines) == len(help_lines) <= 2
            last_row = scene.row_rect(min(len(scene.rows), scene.scroll + scene.visible_rows) - 1)
            more = [rect for text, rect in texts if rect.top > last_row.bottom and rect not in lines]
            for line in lines:
                assert not line.colliderect(keys_rect), (scene.rows[index].key, line, keys_rect)
                assert line.top > last_row.bottom
                assert all(not line.colliderect(other) for other in more if other != keys_rect)
                assert line.width <= size[0]
    finally:
        app.close()
        set_language(None)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_diagrams_names_stay_off_the_table(
    size: tuple[int, int], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = new_game(size)
    try:
        scene.set_players(players)
        scene.rebuild()
        with drawn(monkeypatch, "briscola.ui.menus.setup.new_game_seats") as texts:
            app.draw()
        w, h = size
        left = int(w * scene.column)
        cx, cy, radius = left + (w - left) // 2, round(h * 0.36), min(w - left, h) // 6
        names = [rect for text, rect in texts if not text.isdigit()]
        assert len(names) >= players
        for rect in names:
            nearest = (min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom))
            assert math.dist(nearest, (cx, cy)) > radius, rect
            assert rect.right <= w - w // 60 and rect.left >= left
        for i, a in enumerate(names):
            assert all(not a.colliderect(b) for b in names[i + 1 :])
    finally:
        app.close()


def test_the_preview_shows_the_card_back_chosen_in_the_settings() -> None:
    app, scene = new_game(settings={"display.back": "tartan-green"})
    try:
        app.draw()
        w, h = app.size
        left = int(w * scene.column)
        width = (w - left) - w // 20
        card_w = max(30, int(width / 5.4))
        size = (card_w, round(card_w * 1.65))
        x, y = left + w // 40 + 4 * (card_w + 4), int(h * 0.56)
        expected = rasterise(back_path("tartan-green").read_bytes(), size)
        points = [(px, py) for px in range(4, size[0] - 4, 7) for py in range(4, size[1] - 4, 7)]
        assert all(app.screen.get_at((x + px, y + py)) == expected.get_at((px, py)) for px, py in points)
    finally:
        app.close()
