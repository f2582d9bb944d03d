"""The table explains a bid button while the pointer is on it or it has the keyboard focus, and shows nothing with
neither (issue 30); the panel covers no button and none of the player's cards; a chiamata call of a card the player
holds is marked on its button, and the call buttons say their card whole, at the buttons' size, in every language."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

import briscola.text.i18n as i18n
from briscola.engine import Bid, Call, Pass
from briscola.text.bids import explain_move, explain_page_turn
from briscola.text.i18n import set_language
from briscola.ui.app import App
from briscola.ui.core.action_pages import PageTurn
from briscola.ui.table.action_help import button_help, help_panel
from briscola.ui.table.plates import BUTTON_TEXT, text_size
from briscola.ui.table.scene import TableScene
from briscola.ui.widgets.basic import Button
from tests.ui.helpers import FRAME, drawn, key, make_table

MODULE = "briscola.ui.table.action_help"


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    yield


def _names(table: TableScene) -> list[str]:
    return [seat.name for seat in table.driver.seats]


def _await_buttons(app: App, table: TableScene) -> None:
    for _ in range(20_000):
        if table.interactive and table.buttons:
            return
        app.step(FRAME)
    raise AssertionError("the human was never offered a move")


def _point(at: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))


def _shown(app: App, table: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines the explanation's panel draws on the next frame."""
    with drawn(monkeypatch, MODULE) as texts:
        app.step(FRAME)
    return [text for text, _rect in texts]


def _clear_of_buttons_and_hand(table: TableScene) -> None:
    panel = help_panel(table)
    assert panel is not None
    assert pygame.Rect(0, 0, *table.app.size).contains(panel.rect)
    assert panel.rect.collidelist([button.rect for button in table.buttons]) < 0
    hand = [table.state.pose(sprite).bounds() for sprite in table.state.hands[table.driver.viewer]]
    assert not any(panel.rect.colliderect(pygame.Rect(b.x, b.y, b.w, b.h)) for b in hand)


@pytest.mark.parametrize(("variant", "size"), [("chiamata", "1280x800"), ("subastada", "960x600")])
def test_a_bid_is_explained_under_the_pointer_and_with_the_focus_and_nothing_without(
    variant: str, size: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = make_table("--variant", variant, "--speed", "instant", "--seed", "8", "--windowed", size)
    try:
        _await_buttons(app, table)
        assert button_help(table) == "" and _shown(app, table, monkeypatch) == []
        bid = next(button for button in table.buttons if isinstance(button.value, Bid))
        _point(bid.rect.center)
        lines = _shown(app, table, monkeypatch)
        assert isinstance(bid.value, Bid)
        wanted = explain_move(bid.value, table.view, _names(table), table.state.family)
        assert wanted and button_help(table) == wanted and " ".join(lines) == wanted
        _clear_of_buttons_and_hand(table)
        _point((5, app.size[1] // 2))  # off every button: the explanation goes
        assert _shown(app, table, monkeypatch) == [] and help_panel(table) is None
        key(pygame.K_TAB)  # the keyboard's focus is explained as well
        app.step(FRAME)
        focus = table.button_focus
        assert focus is not None
        focused = table.buttons[focus]
        lines = _shown(app, table, monkeypatch)
        if isinstance(focused.value, PageTurn):  # the first page's "lower bids" is disabled and skipped
            expected = explain_page_turn(focused.value.step)
        else:
            assert isinstance(focused.value, (Bid, Pass))
            expected = explain_move(focused.value, table.view, _names(table), table.state.family)
        assert expected and " ".join(lines) == button_help(table) == expected
        _clear_of_buttons_and_hand(table)
    finally:
        app.close()


def _win_the_auction(app: App, table: TableScene) -> list[Button]:
    """Bid the lowest bid on offer at every turn until the call is the human's (seed 8: the others pass)."""
    for _ in range(40):
        _await_buttons(app, table)
        if any(isinstance(button.value, Call) for button in table.buttons):
            return table.buttons
        table.submit(next(button.value for button in table.buttons if isinstance(button.value, Bid)))
        app.step(FRAME)
    raise AssertionError("the human never got to call")


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_call_buttons_read_whole_and_mark_the_card_the_player_holds(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = make_table("--variant", "chiamata", "--speed", "instant", "--seed", "8", "--lang", lang)
    try:
        buttons = _win_the_auction(app, table)
        size = text_size(table.layout.height, BUTTON_TEXT)
        hand = set(table.view.hand)
        assert any(isinstance(b.value, Call) and b.value.card in hand for b in buttons), "seed 8 calls a held rank"
        for button in buttons:
            assert isinstance(button.value, Call)
            assert button._fitting(size) == size, f"{button.label!r} is shrunk to fit"
            assert bool(button.note) == (button.value.card in hand)
        held = next(b for b in buttons if isinstance(b.value, Call) and b.value.card in hand)
        _point(held.rect.center)
        lines = _shown(app, table, monkeypatch)
        assert isinstance(held.value, Call)
        assert " ".join(lines) == button_help(table)
        assert button_help(table) == explain_move(held.value, table.view, _names(table), table.state.family)
        _clear_of_buttons_and_hand(table)
    finally:
        app.close()
        set_language(None)
