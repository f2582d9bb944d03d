"""Who sits where in the new-game scene: what each seat may be, what the screen says about it, and the table diagram.

The rule a player can predict: changing a seat changes that seat only. "You" sit at one seat at most, so "You" is
offered only where it can go: at your own seat, or at every seat while nobody is "You". Moving to another seat is
two visible steps (give your seat to a computer, then take the other), never a side effect of stepping through a
seat's choices, which once turned seat 1 into a computer as seat 2 passed by "You" on its way round. A table with
no "You" is allowed: the computers (and bots) play a match the player watches, which the screen says under the
diagram for as long as it is so, as the README says too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from briscola.text.i18n import _
from briscola.ui.core.seats import HUMAN, level_label, seat_label
from briscola.ui.menus.new_game_options import EXTERNAL, LEVELS
from briscola.ui.widgets.basic import COLOURS, draw_text

__all__ = ["draw_diagram", "seat_choices", "seat_help", "seating_note"]


def _you_elsewhere(seats: Sequence[str], seat: int) -> int | None:
    """The other seat where "You" sit, if any."""
    return next((n for n, spec in enumerate(seats) if spec == HUMAN and n != seat), None)


def seat_choices(seats: Sequence[str], seat: int) -> list[tuple[str, str]]:
    """The values ``seat`` may take, with their labels: "You" (unless you sit elsewhere), each level, a bot."""
    you = [] if _you_elsewhere(seats, seat) is not None else [(HUMAN, _("You"))]
    return [*you, *((level, level_label(level)) for level in LEVELS), (EXTERNAL, _("External bot…"))]


def seat_help(seats: Sequence[str], seat: int) -> str:
    """The line explaining ``seat``'s row: how the level chosen there plays (a player picking an opponent wants to
    know), or what the seat may be; where "You" is not offered, why not and how to move."""
    from briscola.ai.levels import PlayerSpecError, parse_level

    elsewhere = _you_elsewhere(seats, seat)
    try:
        level = parse_level(seats[seat])
    except PlayerSpecError:
        level = None
    if level is not None:
        text = _("Strength {k} of 6. {how}").format(k=level.number, how=_(level.summary))
        if elsewhere is None:
            return text
        return _("{text} To sit here, first give seat {n} to a computer.").format(text=text, n=elsewhere + 1)
    if elsewhere is None:
        return _("You, a computer player and its strength (1 to 6), or an external bot program.")
    return _(
        "A computer player (strength 1 to 6) or an external bot. You sit at seat {n}: to sit here, first give "
        "seat {n} to a computer."
    ).format(n=elsewhere + 1)


def seating_note(seats: Sequence[str]) -> str:
    """What the screen says while no seat is "You" ("" otherwise): a match to watch, and how to join it."""
    if HUMAN in seats:
        return ""
    return _('No seat is "You": the computers play and you watch. Choose "You" at a seat to play.')


def draw_diagram(surface: pygame.Surface, centre: tuple[int, int], radius: int, seats: Sequence[str]) -> None:
    """The table seen from above: a numbered marker per seat round it, its name outside (never on the table), the
    two teams in gold and red for four and six players."""
    players = len(seats)
    teams = players in (4, 6)
    pygame.draw.circle(surface, COLOURS["felt_dark"], centre, radius)
    pygame.draw.circle(surface, COLOURS["gold"], centre, radius, width=2)
    size = max(13, radius // 5)
    for seat, spec in enumerate(seats):
        angle = math.pi / 2 - 2 * math.pi * seat / players  # seat 0 at the bottom, then round as at the table
        dx, dy = math.cos(angle), math.sin(angle)
        x, y = centre[0] + dx * radius * 1.25, centre[1] + dy * radius * 1.25
        colour = (COLOURS["gold"] if seat % 2 == 0 else COLOURS["red"]) if teams else COLOURS["text"]
        pygame.draw.circle(surface, colour, (round(x), round(y)), size)
        draw_text(surface, str(seat + 1), size, (x, y), COLOURS["panel"], bold=True)
        label = seat_label(spec, seat)
        if abs(dy) > 0.6:  # at the top or the bottom: the name above or below its marker
            draw_text(
                surface, label, size, (x, y + math.copysign(size * 1.2, dy)), anchor="midbottom" if dy < 0 else "midtop"
            )
        else:  # at a side: the name beside its marker, away from the table
            anchor = "midleft" if dx > 0 else "midright"
            draw_text(surface, label, size, (x + math.copysign(size * 1.3, dx), y), anchor=anchor)
    if teams:
        legend = (centre[0], centre[1] - radius * 1.25 - size * 3.4)
        draw_text(surface, _("Teams: gold and red"), size, legend, COLOURS["muted"])
