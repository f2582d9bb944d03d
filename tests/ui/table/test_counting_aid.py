"""The counting aid at the table (issue 33, item 5), headless: drawn only when chosen and allowed, counting the view
the table shows, clear of the cards, plates and buttons at the window sizes the table is made for, and turned on from
the settings scene over a match in play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from briscola.engine.cards import Card, DeckFamily, Rank, corner_index
from briscola.text.i18n import _
from briscola.ui.app import App
from briscola.ui.core.counting import Count, count_view
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.counting_aid import aid_obstacles, aid_panel, rank_glyph
from briscola.ui.table.plates import name_plates
from briscola.ui.table.scene import TableScene
from briscola.ui.table.toast_places import toast_places
from tests.ui.helpers import FRAME, drawn, key, make_table, step_until

TRUMPS_OUT = _("Trumps out: {count}").split("{")[0]


@contextmanager
def table(*flags: str, aid: bool = True) -> Iterator[tuple[App, TableScene]]:
    """A table for ``flags`` whose player has chosen the counting aid on (or off)."""
    app, scene = make_table(*flags)
    try:
        assert app.store is not None
        assert app.store.change({"coach.counting_aid": aid}) == []
        app.step(FRAME)
        yield app, scene
    finally:
        app.close()


def counted(scene: TableScene) -> Count | None:
    """The table's count, read afresh (a function, so the type checker doesn't pin it between frames)."""
    return scene.counting


def play_tricks(app: App, scene: TableScene, tricks: int) -> None:
    """Play on (the human's moves made as a click would) until ``tricks`` are taken and the human is to move."""
    rng = random.Random(2)

    def later() -> bool:
        autoplay_human(scene, rng)
        return scene.driver.game.tricks_played >= tricks and scene.interactive

    step_until(app, later)


def test_the_aid_counts_the_view_on_the_table_and_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    with table("--players", "2") as (app, scene), drawn(monkeypatch, "briscola.ui.table.counting_aid") as texts:
        play_tricks(app, scene, 2)
        assert scene.counting == count_view(scene.view)  # the table idle: the count is the view's, made in update
        game = scene.driver.game
        assert sum(map(len, scene.counting.played.values())) == 2 * game.tricks_played + len(game.trick)
        texts.clear()
        app.draw()
        words = [text for text, _rect in texts]
        assert any(text.startswith(TRUMPS_OUT) for text in words)
        points = _("in play {points}").format(points=scene.counting.in_play)
        assert any(points in text for text in words)
        panel = aid_panel(scene)
        assert panel is not None and all(panel.rect.contains(rect) for _text, rect in texts)


def test_the_aid_is_not_drawn_when_off(monkeypatch: pytest.MonkeyPatch) -> None:
    with (
        table("--players", "2", aid=False) as (app, scene),
        drawn(monkeypatch, "briscola.ui.table.counting_aid") as texts,
    ):
        play_tricks(app, scene, 1)
        app.draw()
        assert scene.counting is None and aid_panel(scene) is None and texts == []


def test_the_aid_is_never_drawn_in_briscola_to_31(monkeypatch: pytest.MonkeyPatch) -> None:
    with (
        table("--variant", "to31") as (app, scene),
        drawn(monkeypatch, "briscola.ui.table.counting_aid") as texts,
    ):
        assert scene.driver.rules.to_31
        play_tricks(app, scene, 2)
        app.draw()
        assert not scene.counting_aid and scene.counting is None and texts == []


SIZES = [(960, 600), (1280, 800), (1366, 768)]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("flags", [("--players", "2"), ("--players", "3"), ("--players", "4"),
                                   ("--variant", "chiamata"), ("--variant", "five-sitout"), ("--players", "6")],
                         ids=lambda flags: flags[1])  # fmt: skip
def test_the_panel_covers_no_card_plate_or_button(flags: tuple[str, str], size: tuple[int, int]) -> None:
    with table(*flags, "--size", f"{size[0]}x{size[1]}") as (app, scene):
        assert app.size == size
        step_until(app, lambda: scene.interactive)
        assert scene.counting is not None
        panel = aid_panel(scene)
        assert panel is not None, "the aid found no room"
        rect = panel.rect
        assert pygame.Rect(0, 0, *size).contains(rect)
        state = scene.state
        cards = [state.pose(sprite).bounds() for sprite in state.sprites()]
        for box in cards:
            assert not rect.colliderect(pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h)))
        for plate in name_plates(scene):
            assert not rect.colliderect(plate.rect)
        for button in scene.buttons:
            assert not rect.colliderect(button.rect)
        assert rect.collidelist(aid_obstacles(scene, name_plates(scene))) == -1
        # The human's hand, whole and with a card lifted, is among what it leaves in view.
        hand = [state.pose(sprite).bounds() for sprite in state.hands[scene.driver.viewer]]
        assert hand and all(rect.right <= box.x or rect.left >= box.x + box.w or rect.bottom <= box.y for box in hand)


def test_the_settings_row_turns_the_aid_on_over_a_match_in_play() -> None:
    with table("--players", "2", aid=False) as (app, scene):
        play_tricks(app, scene, 1)
        assert scene.counting is None
        settings = SettingsScene(app)
        app.push(settings)
        app.step(FRAME)
        row = settings.row("coach.counting_aid")
        assert row.label == _("Counting aid") and "31" in row.help
        settings.focus = [r.key for r in settings.rows].index("coach.counting_aid")
        while settings.row("coach.counting_aid").value is not True:
            key(pygame.K_RIGHT)
            app.step(FRAME)
        assert app.store is not None and app.store.settings.coach.counting_aid
        app.pop()
        step_until(app, lambda: counted(scene) is not None, max_frames=600)  # once nothing moves on the table
        assert scene.choreo.idle and counted(scene) == count_view(scene.view)
        assert aid_panel(scene) is not None
        app.store.change({"coach.counting_aid": False})  # and off again, at once
        app.step(FRAME)
        assert counted(scene) is None


@pytest.mark.parametrize("flags", [("--players", "6"), ("--variant", "chiamata")], ids=lambda f: f[1])
def test_messages_go_round_the_panel(flags: tuple[str, str]) -> None:
    """Chiamata's eight cards a hand leave no room at the bottom: the panel goes up, where messages go too."""
    with table(*flags, "--size", "1280x800") as (app, scene):
        step_until(app, lambda: scene.interactive)
        panel = aid_panel(scene)
        assert panel is not None
        scene.tell(["A message long enough to need some room over the table, " * 3, "And a second one."])
        app.step(FRAME)
        placed = toast_places(scene)
        assert len(placed) >= 2  # with the table's own (a bid told)
        assert all(not toast.rect.colliderect(panel.rect) for toast in placed)


def test_ranks_read_as_the_cards_corners_print_them() -> None:
    """A Spanish king is a 12 on its card and in the aid (it once said 10, the Italian king's number)."""
    king = Card.parse("KC")
    assert [rank_glyph(king, family) for family in DeckFamily] == [
        corner_index(Rank.KING, family) for family in DeckFamily
    ]
    assert rank_glyph(king, DeckFamily.SPANISH) == "12" and rank_glyph(king, DeckFamily.ITALIAN) == "10"
    assert rank_glyph(Card.parse("JC"), DeckFamily.FRENCH) == "J"
