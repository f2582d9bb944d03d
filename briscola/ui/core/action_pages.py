"""The table's action buttons when there are more moves than buttons fit: the bids a page at a time.

An auction offers every bid over the last one: a subastada opens with some 160 contracts (61 up to 220) and a
chiamata with ten ranks and sixty point targets. Twelve buttons fill the space over the player's hand, so the bids
are shown a page at a time, with two buttons that turn the page. They stay first, where they are on every page, so a
player can click through to a high bid without chasing them, and the moves that are not bids (a pass) are on every
page. Turning a page changes only what the table shows; a move still reaches the game only by a click on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from briscola.engine import Action, Bid

__all__ = ["MAX_BUTTONS", "PageTurn", "action_page"]

#: At most this many action buttons at once (page turns included): more would cover the hands at the sides.
MAX_BUTTONS: Final = 12


@dataclass(frozen=True, slots=True)
class PageTurn:
    """A button showing the bids below (``step`` -1) or above (+1) the ones on show; ``enabled`` False at the end."""

    step: int
    enabled: bool = True


def action_page(actions: Sequence[Action], page: int) -> tuple[list[Action | PageTurn], int]:
    """The buttons for ``actions`` on ``page`` (counted from 0, the lowest bids), and the page shown after clamping.

    With at most :data:`MAX_BUTTONS` actions they are all shown as they come. With more, the page turns come first,
    then the actions that are not bids, then as many bids in order as the rest of the buttons allow.
    """
    if len(actions) <= MAX_BUTTONS:
        return list(actions), 0
    bids = [action for action in actions if isinstance(action, Bid)]
    others = [action for action in actions if not isinstance(action, Bid)]
    size = MAX_BUTTONS - 2 - len(others)
    if size < 1:  # no auction offers that many other moves; show what fits rather than fail
        return list(actions[:MAX_BUTTONS]), 0
    last = (len(bids) - 1) // size
    page = min(max(page, 0), last)
    turns: list[Action | PageTurn] = [PageTurn(-1, page > 0), PageTurn(1, page < last)]
    return [*turns, *others, *bids[page * size : (page + 1) * size]], page
