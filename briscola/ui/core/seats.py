"""Who sits at a table the window opens: the human's spec, the computers' names and how a seat's level is named.

One home for the seat naming that the command line's tables (:mod:`briscola.ui.launcher`), the new-game scene's
diagram and the menus' matches all show, so a seat reads the same whichever way the match was started. No pygame.

A seat's name and level are words the player reads, so the table asks :func:`seat_name` and :func:`seat_level` each
time it draws them: "You" and "Expert" made when the match began would stay English at a table whose player has since
chosen Spanish (issue 30). The computers' names are proper names, the same in every language; so is a bot's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from briscola.text.i18n import _

if TYPE_CHECKING:
    from briscola.match.driver import SeatConfig

__all__ = ["COMPUTER_NAMES", "HUMAN", "level_label", "seat_configs", "seat_label", "seat_level", "seat_name"]

HUMAN = "human"
"""The spec of the human's seat in the settings and the saves (the match driver's seats use ``spec=None``)."""
COMPUTER_NAMES = ("Giulia", "Marco", "Sara", "Luca", "Anna", "Paolo")
"""Seats 1 to 5 in turn; the sixth for a computer at seat 0 (a table the player only watches), so six computers
never share a name."""


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


def seat_name(config: SeatConfig) -> str:
    """A seat's name as the table shows it now: "You" for the human, in the language in use when it is drawn."""
    return _("You") if config.spec is None else config.name


def seat_level(config: SeatConfig) -> str:
    """What a seat's plate says after its name: a computer's level in the language in use now, a bot's own name or
    its command as they are (the match driver keeps those up to date), nothing for the human."""
    from briscola.match.bot_limits import external_command

    if config.spec is None or not config.level_name or external_command(config.spec) is not None:
        return config.level_name
    return level_label(config.spec)


def seat_configs(players: int, level: str, *, human: bool = True) -> list[SeatConfig]:
    """The seats of a table: the human at seat 0 (unless a demo), computers named and levelled elsewhere."""
    from briscola.match.driver import SeatConfig

    seats = []
    for seat in range(players):
        if seat == 0 and human:
            seats.append(SeatConfig(_("You"), None))
        else:
            seats.append(SeatConfig(seat_label(level, seat), level, level_label(level)))
    return seats
