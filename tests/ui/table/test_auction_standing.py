"""An open auction's standing stays in view: the highest bid and its bidder, and who has passed, until it is won.

The toasts say each bid once and are gone by the time the player must bid. The lines are compared with the engine's
own auction (the test reads the game; the table only ever sees the events), at the human's turn and after it.
"""

from __future__ import annotations

import pygame
import pytest

from briscola.engine import Bid, Pass
from briscola.engine.auction import AuctionState
from briscola.text.i18n import set_language
from briscola.text.names import bid_label
from briscola.ui.app import App
from briscola.ui.table.plates import auction_lines, contract_lines, name_plates
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, click, drawn, make_table


def _at_human_bid(app: App, table: TableScene) -> AuctionState:
    """Step until the human is asked for a bid; the engine's auction then."""
    for _ in range(20_000):
        if table.interactive and table.buttons:
            break
        app.step(FRAME)
    auction = table.driver.game.auction
    assert auction is not None and table.interactive
    return auction


def _expected(table: TableScene, auction: AuctionState) -> list[str]:
    """The standing in the terminal game's words: the highest bid, then who passed in the order they passed."""
    names = [seat.name for seat in table.driver.seats]
    lines = []
    if auction.high_bid is not None and auction.high_bidder is not None:
        bid = bid_label(auction.high_bid, table.state.family)
        lines.append(f"Highest bid: {bid}, by {names[auction.high_bidder]}.")
    passed = [names[seat] for seat, bid in auction.bids if bid is None]
    if passed:
        lines.append("Passed: " + ", ".join(passed))
    return lines


@pytest.mark.parametrize(("flags", "seed"), [(("--players", "5"), "3"), (("--variant", "subastada"), "8")])
def test_the_standing_is_shown_at_the_humans_bid_and_gives_way_to_the_contract(
    flags: tuple[str, ...], seed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = make_table(*flags, "--speed", "instant", "--seed", seed)
    try:
        auction = _at_human_bid(app, table)
        expected = _expected(table, auction)
        assert expected  # the seed puts somebody's bid or pass before the human's turn
        assert [text for text, _rect in auction_lines(table)] == expected and contract_lines(table) == []
        with drawn(monkeypatch) as texts:
            app.draw()
        shown = [text for text, _rect in texts]
        assert all(line in shown for line in expected)
        # Where the player looks while choosing a bid, and clear of the buttons, the hands and the name plates.
        window = app.screen.get_rect()
        layout = table.layout
        others = [button.rect for button in table.buttons] + [plate.rect for plate in name_plates(table)]
        others += [
            pygame.Rect(round(b.x), round(b.y), round(b.w), round(b.h))
            for b in map(layout.hand_box, range(layout.players))
        ]
        for _text, rect in auction_lines(table):
            assert window.contains(rect) and rect.collidelist(others) == -1, rect
            assert rect.bottom < min(button.rect.top for button in table.buttons)
        # The human bids the lowest bid, then passes whenever asked again; once somebody has won, the contract takes
        # the standing's place.
        click(next(button for button in table.buttons if isinstance(button.value, Bid)).rect.center)
        app.step(FRAME)
        for _ in range(20_000):
            if table.state.contract is not None:
                break
            if table.interactive and table.buttons:
                click(next(button for button in table.buttons if button.value == Pass()).rect.center)
            app.step(FRAME)
        lines = [text for text, _rect in contract_lines(table)]
        assert lines and lines[0].startswith("Contract: ") and auction_lines(table) == []
    finally:
        app.close()


def test_the_humans_own_bid_is_called_yours_and_the_words_are_translated() -> None:
    set_language(["it"])
    app, table = make_table("--players", "5", "--speed", "instant", "--seed", "3")
    try:
        _at_human_bid(app, table)
        lowest = next(button for button in table.buttons if isinstance(button.value, Bid))
        assert isinstance(lowest.value, Bid)
        click(lowest.rect.center)
        for _ in range(200):
            lines = [text for text, _rect in auction_lines(table)]
            if lines and lines[0].endswith("la tua."):
                break
            app.step(FRAME)
        bid = bid_label(lowest.value, table.state.family)
        assert lines[0] == f"Chiamata più alta: {bid}, la tua."
    finally:
        app.close()
        set_language(None)


def test_a_new_hand_starts_with_no_standing() -> None:
    app, table = make_table("--players", "5", "--speed", "instant", "--seed", "3")
    try:
        _at_human_bid(app, table)
        assert auction_lines(table)
        table.state.reset()
        assert table.state.high_bid is None and table.state.passed == [] and auction_lines(table) == []
    finally:
        app.close()
