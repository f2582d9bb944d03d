"""The keyboard focus is always visible and one at a time (issue 30, item 6): the action buttons at the table, the
pause menu and the match's end each show exactly one focused button, in the one focus style (a thick gold edge that
nothing else wears), and Tab, Shift+Tab or the arrows move it; Enter presses the button that shows it."""

from __future__ import annotations

import pygame

from briscola.engine import Bid
from briscola.ui.overlays.pause import PauseScene
from briscola.ui.overlays.results import MatchSummaryScene
from briscola.ui.table.scene import TableScene
from briscola.ui.widgets.basic import COLOURS, Button
from tests.ui.helpers import FRAME, key, make_table

GOLD = pygame.Color(*COLOURS["gold"])


def _edge_is_gold(screen: pygame.Surface, button: Button) -> bool:
    return bool(screen.get_at((button.rect.left + 1, button.rect.centery)) == GOLD)


def _one_focus_shown(screen: pygame.Surface, buttons: list[Button], focus: int) -> None:
    assert [button.focused for button in buttons] == [index == focus for index in range(len(buttons))]
    assert [_edge_is_gold(screen, button) for button in buttons] == [index == focus for index in range(len(buttons))]


def _focus(table: TableScene) -> int | None:
    """The table's focused action button, read afresh (a plain attribute read would stay narrowed for mypy)."""
    return table.button_focus


def _tab(app: object, shift: bool = False) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT if shift else 0, unicode="\t")
    )


def test_the_bid_buttons_take_the_focus_with_tab_and_enter_bids_the_focused_one() -> None:
    app, table = make_table("--variant", "subastada", "--speed", "instant", "--seed", "8")
    try:
        for _ in range(20_000):
            if table.interactive and table.buttons:
                break
            app.step(FRAME)
        assert _focus(table) is None and not any(button.focused for button in table.buttons)
        _tab(app)
        app.step(FRAME)
        first = _focus(table)
        assert first is not None and table.buttons[first].enabled  # the disabled "lower bids" is skipped
        _one_focus_shown(app.screen, table.buttons, first)
        for _ in range(3):
            key(pygame.K_DOWN)
            app.step(FRAME)
        _tab(app, shift=True)
        app.step(FRAME)
        focus = _focus(table)
        assert focus == first + 2  # past "higher bids" and the pass: the lowest bid
        _one_focus_shown(app.screen, table.buttons, focus)
        wanted = table.buttons[focus].value
        assert isinstance(wanted, Bid)
        key(pygame.K_RETURN)
        for _ in range(5):
            app.step(FRAME)
        auction = table.driver.game.auction
        assert auction is not None and (table.driver.human, wanted) in auction.bids
    finally:
        app.close()


def test_the_pause_menu_shows_one_focus_and_moves_it_with_tab_and_the_arrows() -> None:
    app, table = make_table("--speed", "instant")
    try:
        app.navigator.pause()
        app.step(FRAME)
        pause = app.top
        assert isinstance(pause, PauseScene)
        _one_focus_shown(app.screen, pause.buttons, 0)
        _tab(app)
        app.step(FRAME)
        key(pygame.K_DOWN)
        app.step(FRAME)
        _one_focus_shown(app.screen, pause.buttons, 2)
        _tab(app, shift=True)
        app.step(FRAME)
        key(pygame.K_RETURN)  # "New game", the button that shows the focus: asked first, Cancel focused
        app.step(FRAME)
        key(pygame.K_LEFT)
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert app.top is table and table.driver.game.tricks_played == 0
    finally:
        app.close()


def test_the_match_end_shows_which_button_enter_presses_and_the_arrows_move_it() -> None:
    app, table = make_table("--speed", "instant")
    try:
        summary = MatchSummaryScene(app, table)
        app.push(summary)
        app.step(FRAME)
        _one_focus_shown(app.screen, summary.buttons, 0)  # "New game"; before, both buttons wore the gold edge
        key(pygame.K_UP)  # from the first button back round to the last
        app.step(FRAME)
        last = len(summary.buttons) - 1
        _one_focus_shown(app.screen, summary.buttons, last)
        assert summary.buttons[last].value == "quit"
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert not app.running  # Enter pressed the focused "Quit", not always "New game"
    finally:
        app.close()
