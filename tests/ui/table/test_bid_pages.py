"""Auctions offer more bids than buttons fit: the bids come a page at a time, and any of them can be bid."""

from __future__ import annotations

from collections.abc import Sequence

from briscola.engine import Action, Bid, Pass, Rank
from briscola.ui.core.action_pages import MAX_BUTTONS, PageTurn, action_page
from briscola.ui.overlays.results import HandResultScene
from tests.ui.helpers import FRAME, click, make_table

SUBASTADA: list[Action] = [Pass(), *(Bid(target=target) for target in range(61, 221))]


def _bids(shown: Sequence[object]) -> list[int | None]:
    return [action.target for action in shown if isinstance(action, Bid)]


def test_a_short_list_is_shown_as_it_comes() -> None:
    actions: list[Action] = [Pass(), *(Bid(target=target) for target in range(61, 72))]
    assert action_page(actions, 3) == (actions, 0)


def test_bids_come_a_page_at_a_time_after_the_page_turns_and_the_pass() -> None:
    shown, page = action_page(SUBASTADA, 0)
    assert page == 0 and len(shown) == MAX_BUTTONS
    assert shown[:3] == [PageTurn(-1, enabled=False), PageTurn(1), Pass()]
    assert _bids(shown) == list(range(61, 70))
    shown, page = action_page(SUBASTADA, 2)
    assert page == 2 and shown[:3] == [PageTurn(-1), PageTurn(1), Pass()]
    assert _bids(shown) == list(range(79, 88))


def test_the_page_is_clamped_and_the_last_one_ends_at_the_highest_bid() -> None:
    shown, page = action_page(SUBASTADA, 99)
    assert page == 17  # 160 bids, nine a page
    assert shown[:2] == [PageTurn(-1), PageTurn(1, enabled=False)]
    assert _bids(shown) == list(range(214, 221))
    assert action_page(SUBASTADA, -4)[1] == 0


def test_every_bid_is_on_exactly_one_page() -> None:
    chiamata: list[Action] = [Pass(), *(Bid(rank=rank) for rank in Rank), *(Bid(target=t) for t in range(61, 121))]
    for actions in (SUBASTADA, chiamata):
        seen: list[Action] = []
        for page in range(40):
            shown, at = action_page(actions, page)
            if at == page:
                seen.extend(action for action in shown if isinstance(action, Bid))
        assert seen == actions[1:]


def test_the_human_turns_the_pages_and_bids_high() -> None:
    app, table = make_table("--variant", "subastada", "--speed", "instant", "--seed", "8")
    try:
        human = table.driver.human
        for _ in range(20_000):
            if table.interactive and table.buttons:
                break
            app.step(FRAME)
        labels = [button.label for button in table.buttons]
        assert labels[:2] == ["« Lower bids", "Higher bids »"] and not table.buttons[0].enabled
        first = _bids([button.value for button in table.buttons])[0]
        assert first is not None
        click(table.buttons[0].rect.center)  # disabled: nothing happens
        app.step(FRAME)
        assert _bids([button.value for button in table.buttons])[0] == first
        for _ in range(3):
            click(table.buttons[1].rect.center)
            app.step(FRAME)
        shown = _bids([button.value for button in table.buttons])
        lower = table.buttons[0]  # a new button, now that there are pages below
        assert shown[0] == first + 27 and lower.enabled
        wanted = shown[-1]
        bid_button = next(button for button in table.buttons if button.value == Bid(target=wanted))
        click(bid_button.rect.center)
        for _ in range(200):
            app.step(FRAME)
        auction = table.driver.game.auction
        assert auction is not None and (human, Bid(target=wanted)) in auction.bids
        assert not isinstance(app.top, HandResultScene)
    finally:
        app.close()
