"""Who sits at a table the window opens: the human's spec, the computers' names and how a seat's level is named.

One home for the seat naming that the command line's tables (:mod:`briscola.ui.launcher`), the new-game scene's
diagram and the menus' matches all show, so a seat reads the same whichever way the match was started. No pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from briscola.text.i18n import _

if TYPE_CHECKING:
    from briscola.match.driver import SeatConfig

__all__ = ["COMPUTER_NAMES", "HUMAN", "level_label", "seat_configs", "seat_label"]

HUMAN = "human"
"""The spec of the human's seat in the settings and the saves (the match driver's seats use ``spec=None``)."""
COMPUTER_NAMES = ("Giulia", "Marco", "Sara", "Luca", "Anna")


def level_label(spec: str) -> str:
    """The level's name as players read it (English, translated), or the reference player's name."""
    from briscola.ai.levels import PlayerSpecError, parse_level

    try:
        return _(parse_level(spec).english)
    except PlayerSpecError:
        return spec


def seat_label(spec: str, seat: int) -> str:
    """The name shown for a seat: "You", or a computer's name."""
    if spec == HUMAN:
        return _("You")
    if spec.startswith("external:"):
        return _("Bot {n}").format(n=seat + 1)
    return COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)]


def seat_configs(players: int, level: str, *, human: bool = True) -> list[SeatConfig]:
    """The seats of a table: the human at seat 0 (unless a demo), computers named and levelled elsewhere."""
    from briscola.match.driver import SeatConfig

    seats = []
    for seat in range(players):
        if seat == 0 and human:
            seats.append(SeatConfig(_("You"), None))
        else:
            name = COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)] if seat else _("South")
            seats.append(SeatConfig(name, level, level_label(level)))
    return seats
