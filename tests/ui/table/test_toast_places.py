"""The messages over the table never cover a hand shown face up or a trick card (issue 30: a partner's hand, shown
at the top of a four-player table, was hidden by the message saying it was shown), at every player count and window
size the table is made for; with nothing shown they keep their place at the top centre."""

from __future__ import annotations

import pygame
import pytest

from briscola.engine.cards import ALL_CARDS
from briscola.ui.app import App
from briscola.ui.core.layout import MIN_SIZE, Rect
from briscola.ui.table.scene import TableScene
from briscola.ui.table.state import Toast
from briscola.ui.table.toast_places import toast_places
from tests.ui.helpers import drawn, make_table, step_until

WINDOWS = [MIN_SIZE, (1280, 800), (1366, 768), (1920, 1080)]

MESSAGES = (
    "Marco shows the hand to the partners.",
    "Giulia takes 21 points for your side.",
    "Bot 3 (python3 /home/someone/bots/a-rather-long-name/bot.py --level 9) did not answer in time: the computer "
    "plays for it until it answers again.",
)


def as_rect(box: Rect) -> pygame.Rect:
    return pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))


def at_first_turn(players: int, size: tuple[int, int]) -> tuple[App, TableScene]:
    app, table = make_table("--players", str(players), "--size", f"{size[0]}x{size[1]}", "--speed", "instant")
    assert app.size == size
    step_until(app, lambda: table.interactive)
    return app, table


def show_every_hand(table: TableScene) -> None:
    """Every other seat's hand turned face up, as open briscola or partners showing their hands would."""
    spare = iter(ALL_CARDS)
    for seat, hand in enumerate(table.state.hands):
        if seat != table.driver.viewer:
            for sprite in hand:
                sprite.card = sprite.card or next(spare)
                sprite.face_up = True
    table.state.finish_motions()


@pytest.mark.parametrize("players", range(2, 7))
def test_messages_never_cover_a_shown_hand_a_trick_card_or_each_other(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for size in WINDOWS:
        app, table = at_first_turn(players, size)
        try:
            show_every_hand(table)
            table.state.toasts[:] = [Toast(text, 3.0) for text in MESSAGES]
            places = toast_places(table)
            assert [placed.toast.text for placed in places] == list(MESSAGES)
            shown = [
                as_rect(table.state.pose(sprite).bounds())
                for seat, hand in enumerate(table.state.hands)
                if seat != table.driver.viewer
                for sprite in hand
            ]
            assert shown
            tricks = [as_rect(table.layout.trick_pose(seat).bounds()) for seat in range(players)]
            window = pygame.Rect(0, 0, *size)
            for n, placed in enumerate(places):
                where = (players, size, placed.toast.text, placed.rect)
                assert window.contains(placed.rect), where
                assert placed.rect.collidelist(shown) == -1, where
                assert placed.rect.collidelist(tricks) == -1, where
                assert placed.rect.collidelist([other.rect for other in places[n + 1 :]]) == -1, where
            with drawn(monkeypatch) as texts:  # what is drawn is what was placed
                app.draw()
            for placed in places:
                for line in placed.lines:
                    assert any(text == line and placed.rect.contains(rect) for text, rect in texts), (size, line)
        finally:
            app.close()


@pytest.mark.parametrize("players", [2, 4])
def test_with_no_hand_shown_a_message_keeps_its_place_at_the_top_centre(players: int) -> None:
    app, table = at_first_turn(players, (1280, 800))
    try:
        table.state.toasts[:] = [Toast(MESSAGES[1], 3.0)]
        (placed,) = toast_places(table)
        assert placed.rect.centerx == 640 and placed.rect.top < table.layout.card[1]
    finally:
        app.close()


@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("players", [2, 4])
def test_a_lasting_message_the_hint_leaves_the_hidden_hands_in_view(players: int, size: tuple[int, int]) -> None:
    """The coach's hint stays until the move: it is placed clear of every other player's face-down hand (where a
    moment's message may sit), and of what no message covers."""
    from briscola.ui.table.toast_places import hidden_hands, kept_clear

    app, table = at_first_turn(players, size)
    try:
        hint = (
            "Play the Four of cups: it gives nothing away. Against the next best, Seven of cups: +1.5 points and "
            "+3% chance of winning."
        )
        table.state.toasts[:] = [Toast(hint, 30.0, lasting=True)]
        (placed,) = toast_places(table)
        hands = hidden_hands(table)
        assert len(hands) == players - 1
        assert placed.rect.collidelist(hands) == -1, "the hint covers a hidden hand"
        assert placed.rect.collidelist(kept_clear(table)) == -1
    finally:
        app.close()
