"""New game as a newcomer meets it (issue 30): who plays and which rules first, the preset's options and the seed
behind "More options", the deck last; the seats kept when the player count changes; the seed in the player's
language; the teams in the colours the table's plates wear; the Spanish margins explained for the table shown."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

import briscola.text.i18n as i18n
import briscola.ui.table.draw as table_draw
from briscola.engine import PRESETS
from briscola.text.i18n import _, set_language
from briscola.ui.core.seats import HUMAN
from briscola.ui.menus.setup.new_game import PLAYER_COUNTS
from briscola.ui.menus.setup.new_game_options import offered_options
from briscola.ui.menus.setup.new_game_seats import team_of_viewer
from briscola.ui.widgets import teams
from tests.ui.helpers import FRAME, click, drawn, make_table, step_until
from tests.ui.menus.test_new_game_screen import SIZES, new_game, press


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def keys_of(scene: object) -> list[str]:
    return [row.key for row in scene.rows]  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------------------- grouping


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_who_plays_and_which_rules_come_first_the_options_are_behind_more_options_and_the_deck_last(
    players: int,
) -> None:
    app, scene = new_game()
    try:
        scene.set_players(players)
        scene.rebuild()
        seats = [f"seat{n}" for n in range(players)]
        assert keys_of(scene) == [
            "players",
            *seats,
            "profile",
            "preset",
            "more",
            "deck",
            "hints",
            "grading",
            "take_back",
            "start",
        ]
        options = [option.name for option in offered_options(scene.rules())]
        scene.focus = keys_of(scene).index("more")
        press(app, pygame.K_RETURN)
        assert keys_of(scene) == [
            "players",
            *seats,
            "profile",
            "preset",
            "more",
            *options,
            "seed",
            "deck",
            "hints",
            "grading",
            "take_back",
            "start",
        ]
        assert scene.rows[scene.focus].key == "more" and scene.row("more").label == "Fewer options"
        press(app, pygame.K_RETURN)
        assert keys_of(scene) == [
            "players",
            *seats,
            "profile",
            "preset",
            "more",
            "deck",
            "hints",
            "grading",
            "take_back",
            "start",
        ]
        assert scene.row("more").label == "More options"
    finally:
        app.close()


def test_more_options_opens_and_closes_with_right_and_left_and_with_the_mouse() -> None:
    app, scene = new_game()
    try:
        seen = []
        scene.focus = keys_of(scene).index("more")
        for code in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT):
            press(app, code)
            seen.append((scene.expanded, "seed" in keys_of(scene)))
        for _ in range(2):
            click(scene.row_rect(keys_of(scene).index("more")).center)
            app.step(FRAME)
            seen.append((scene.expanded, "swap" in keys_of(scene)))
        assert seen == [(True, True), (True, True), (False, False), (False, False), (True, True), (False, False)]
    finally:
        app.close()


def test_the_collapsed_row_says_how_many_options_it_holds_and_how_many_are_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, scene = new_game()
    try:
        scene.set_option("must_follow_suit", True)
        with drawn(monkeypatch, "briscola.ui.menus.setup.new_game_draw") as texts:
            app.draw()
        count = len(offered_options(scene.rules())) + 1
        assert f"{count} options, 1 changed" in [text for text, _rect in texts]
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 6])
def test_the_form_fits_the_window_collapsed_and_scrolls_when_open(size: tuple[int, int], players: int) -> None:
    app, scene = new_game(size)
    try:
        scene.set_players(players)
        scene.rebuild()
        help_top = min((y - line_size for _line, line_size, y in scene.footer()[0]), default=scene.footer()[1][2])
        assert len(scene.rows) <= scene.visible_rows and scene.scroll == 0  # collapsed: everything at once
        assert scene.row_rect(len(scene.rows) - 1).bottom < help_top
        scene.focus = keys_of(scene).index("more")
        press(app, pygame.K_RETURN)
        first, last = scene.scroll, min(len(scene.rows), scene.scroll + scene.visible_rows) - 1
        assert first <= keys_of(scene).index("more") <= last  # the row just pressed stays in view
        for index in range(first, last + 1):
            rect = scene.row_rect(index)
            assert rect.bottom < help_top and rect.right <= size[0] * scene.column
        for _ in range(len(scene.rows)):  # every row can be reached, and is in view when it is
            press(app, pygame.K_DOWN)
            assert scene.scroll <= scene.focus < scene.scroll + scene.visible_rows
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- seats


@pytest.mark.parametrize(
    ("start", "path"),
    [(["human", "esperto", "facile", "campione"], [5, 4]), (["human", "esperto", "facile", "campione"], [2, 4])],
)
def test_changing_the_player_count_and_back_keeps_every_seat(start: list[str], path: list[int]) -> None:
    app, scene = new_game(settings={"game.players": 4, "game.preset": "four", "game.seats": start})
    try:
        assert scene.seats == start
        for players in path:
            scene.set_players(players)
            assert scene.seats[: min(players, 4)] == start[: min(players, 4)]
        assert scene.seats == start
    finally:
        app.close()


def test_a_larger_table_keeps_the_seats_and_seats_the_newcomers_at_the_level_chosen() -> None:
    app, scene = new_game(settings={"game.seats": ["human", "esperto"]})
    try:
        focus_players = keys_of(scene).index("players")
        scene.focus = focus_players
        press(app, pygame.K_RIGHT, pygame.K_RIGHT)  # 2 -> 4 by keys
        assert scene.players == 4 and scene.seats == ["human", "esperto", "esperto", "esperto"]
    finally:
        app.close()


def test_you_stay_at_the_table_when_your_seat_goes() -> None:
    app, scene = new_game(settings={"game.players": 4, "game.preset": "four", "game.seats": ["medio"] * 3 + ["human"]})
    try:
        scene.set_players(2)
        assert scene.seats == ["human", "medio"]
        scene.set_players(4)
        assert scene.seats.count(HUMAN) == 1 and scene.seats[0] == HUMAN
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- words


@pytest.mark.parametrize("language", ["en", "it", "de", "es", "da"])
def test_the_seed_row_is_in_the_players_language(language: str) -> None:
    set_language([language])
    app, scene = new_game()
    try:
        scene.toggle_more(True)
        label = scene.row("seed").label
        assert label == _("Seed: {seed}").format(seed=_("random"))
        assert ("Seed" in label) == (language == "en") and ("random" in label) == (language == "en")
    finally:
        app.close()


def test_the_spanish_margins_are_explained_for_the_table_shown() -> None:
    def helps(rules: object) -> dict[str, str]:
        return {option.name: " ".join(option.help) for option in offered_options(rules)}  # type: ignore[arg-type]

    two = helps(PRESETS["classic"].with_options(margin_scoring=True))
    three = helps(PRESETS["three"].with_options(margin_scoring=True))
    pairs = helps(PRESETS["five-sitout"].with_options(margin_scoring=True))
    assert "1 for 61-90" in two["margin_scoring"] and "1 for 61-90" in pairs["margin_scoring"]
    assert "61-90" not in three["margin_scoring"] and "up to 90" in three["margin_scoring"]
    assert "under 61" in three["margin_scoring"]
    assert "first side" in two["margin_target"] and "first player" in three["margin_target"]
    three_players = {"game.players": 3, "game.preset": "three", "game.seats": ["human", "medio", "medio"]}
    app, scene = new_game(settings={**three_players, "game.options": {"margin_scoring": True}})
    try:
        scene.toggle_more(True)
        assert "61-90" not in scene.row("margin_scoring").help
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- teams


def test_the_diagram_and_the_tables_plates_wear_the_same_team_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    plates = vars(table_draw)  # the colours the table's drawing uses, as it imported them
    assert plates["YOUR_TEAM"] is teams.YOUR_TEAM and plates["OTHER_TEAM"] is teams.OTHER_TEAM
    assert teams.YOUR_TEAM != teams.OTHER_TEAM
    circles: list[tuple[tuple[int, int, int], tuple[int, int]]] = []
    real_circle = pygame.draw.circle

    def circle(surface: pygame.Surface, colour: object, centre: object, radius: object, **kw: object) -> pygame.Rect:
        if not kw:
            circles.append((tuple(colour)[:3], centre))  # type: ignore[arg-type]
        return real_circle(surface, colour, centre, radius, **kw)  # type: ignore[arg-type]

    app, scene = new_game(settings={"game.players": 4, "game.preset": "four", "game.seats": ["medio"] * 4})
    try:
        scene.set_seat(1, HUMAN)  # you at seat 2: your partner is seat 4
        monkeypatch.setattr(pygame.draw, "circle", circle)
        app.draw()
        monkeypatch.setattr(pygame.draw, "circle", real_circle)
        markers = [colour for colour, _centre in circles if colour in (teams.YOUR_TEAM, teams.OTHER_TEAM)]
        assert markers == [teams.OTHER_TEAM, teams.YOUR_TEAM, teams.OTHER_TEAM, teams.YOUR_TEAM]
        assert [team_of_viewer(scene.seats, seat) for seat in range(4)] == [False, True, False, True]
    finally:
        app.close()

    fills: list[tuple[int, ...]] = []
    real_rect = pygame.draw.rect

    def rect(surface: pygame.Surface, colour: object, *args: object, **kw: object) -> pygame.Rect:
        fills.append(tuple(colour))  # type: ignore[arg-type]
        return real_rect(surface, colour, *args, **kw)  # type: ignore[arg-type]

    app, table = make_table("--players", "4")
    try:
        step_until(app, lambda: table.interactive)
        monkeypatch.setattr(pygame.draw, "rect", rect)
        app.draw()
        monkeypatch.setattr(pygame.draw, "rect", real_rect)
        assert (*teams.YOUR_TEAM, 170) in fills  # the partner's plate
        assert fills.count((*teams.OTHER_TEAM, 110)) >= 2  # the other team's plates
    finally:
        app.close()
