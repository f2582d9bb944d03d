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
import shlex
from collections import Counter
from collections.abc import Sequence

import pygame

from briscola.text.i18n import _
from briscola.ui.core.seats import HUMAN, level_label, seat_label
from briscola.ui.menus.setup.new_game_options import EXTERNAL, LEVELS
from briscola.ui.widgets.basic import COLOURS, draw_text
from briscola.ui.widgets.form import wrap
from briscola.ui.widgets.teams import OTHER_TEAM, YOUR_TEAM

__all__ = ["draw_diagram", "reseat", "seat_choices", "seat_help", "seating_note", "team_of_viewer", "teams_legend"]


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


def reseat(seats: Sequence[str], memory: Sequence[str], players: int, level: str) -> list[str]:
    """The seats of a table of ``players`` after the player count changed from ``len(seats)``.

    Each seat the table still has keeps its choice; a seat that comes back takes what it was before it went
    (``memory``: the longest seating chosen in the scene, so four to five and back to four loses nothing), and a new
    seat takes the level most of the computers have (``level`` when there are none), so a table of Esperto players
    grows with Esperto. "You" stay: if your seat goes, you take seat 1; a remembered "You" where you already sit
    becomes a computer.
    """
    kept = list(seats[:players])
    if HUMAN in seats and HUMAN not in kept:
        kept[0] = HUMAN
    computers = [spec for spec in seats if spec != HUMAN and not spec.startswith(EXTERNAL)]
    fill = Counter(computers).most_common(1)[0][0] if computers else level
    for seat in range(len(kept), players):
        spec = memory[seat] if seat < len(memory) else fill
        kept.append(fill if spec == HUMAN and HUMAN in kept else spec)
    return kept


def offered_seat(spec: str) -> tuple[str, str]:
    """A remembered seat as the new-game scene offers it ("you", an external bot, or a level by its Italian name),
    and what to tell the player ("" if nothing): anything else (a reference player such as "greedy", which the
    settings file accepts) is replaced by Intermediate, with a notice."""
    from briscola.ai.levels import PlayerSpecError, parse_level

    if spec == HUMAN:
        return spec, ""
    if spec.startswith(EXTERNAL):
        return EXTERNAL + spec[len(EXTERNAL) :].strip(), ""
    try:
        name = parse_level(spec).italian
    except PlayerSpecError:
        name = ""
    if name not in LEVELS:
        return "medio", _("{spec} can't sit at this table; a computer plays instead.").format(spec=spec)
    return name, ""


def command_refusal(seats: Sequence[str]) -> tuple[int, str] | None:
    """The first external bot's seat whose command can't be used, and why (empty, or quotes that don't close)."""
    for seat, spec in enumerate(seats):
        if not spec.startswith(EXTERNAL):
            continue
        command = spec[len(EXTERNAL) :].strip()
        if not command:
            return seat, _("Seat {n}: type the command that starts the bot.").format(n=seat + 1)
        try:
            shlex.split(command)
        except ValueError:
            return seat, _("Seat {n}: the bot's command can't be read; check its quotes.").format(n=seat + 1)
    return None


def seating_note(seats: Sequence[str]) -> str:
    """What the screen says while no seat is "You" ("" otherwise): a match to watch, and how to join it."""
    if HUMAN in seats:
        return ""
    return _('No seat is "You": the computers play and you watch. Choose "You" at a seat to play.')


def team_of_viewer(seats: Sequence[str], seat: int) -> bool | None:
    """Whether ``seat`` plays on the team the table is seen from ("You", or seat 1 while nobody is "You", as the
    table seats its viewer); None where there are no teams (only four and six players play in two teams)."""
    if len(seats) not in (4, 6):
        return None
    viewer = list(seats).index(HUMAN) if HUMAN in seats else 0
    return seat % 2 == viewer % 2


def draw_diagram(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, seats: Sequence[str], width: int
) -> None:
    """The table seen from above: a numbered marker per seat round it, its name outside (never on the table); with
    four and six players each marker in its team's colour, the colours the table's name plates wear
    (:mod:`briscola.ui.widgets.teams`), and over it a line saying which team is yours (two if wider than
    ``width``)."""
    players = len(seats)
    pygame.draw.circle(surface, COLOURS["felt_dark"], centre, radius)
    pygame.draw.circle(surface, COLOURS["gold"], centre, radius, width=2)
    size = max(13, radius // 5)
    for seat, spec in enumerate(seats):
        angle = math.pi / 2 - 2 * math.pi * seat / players  # seat 0 at the bottom, then round as at the table
        dx, dy = math.cos(angle), math.sin(angle)
        x, y = centre[0] + dx * radius * 1.25, centre[1] + dy * radius * 1.25
        mine = team_of_viewer(seats, seat)
        marker = (round(x), round(y))
        if mine is None:
            pygame.draw.circle(surface, COLOURS["text"], marker, size)
            draw_text(surface, str(seat + 1), size, (x, y), COLOURS["panel"], bold=True)
        else:
            pygame.draw.circle(surface, YOUR_TEAM if mine else OTHER_TEAM, marker, size)
            pygame.draw.circle(surface, COLOURS["text"], marker, size, width=2)
            draw_text(surface, str(seat + 1), size, (x, y), COLOURS["text"], bold=True)
        label = seat_label(spec, seat)
        if abs(dy) > 0.6:  # at the top or the bottom: the name above or below its marker
            draw_text(
                surface, label, size, (x, y + math.copysign(size * 1.2, dy)), anchor="midbottom" if dy < 0 else "midtop"
            )
        else:  # at a side: the name beside its marker, away from the table
            anchor = "midleft" if dx > 0 else "midright"
            draw_text(surface, label, size, (x + math.copysign(size * 1.3, dx), y), anchor=anchor)
    if players in (4, 6):
        lines = wrap(teams_legend(seats), size, width)[:2]
        bottom = centre[1] - radius * 1.25 - size * 3.4
        for n, line in enumerate(lines):
            draw_text(surface, line, size, (centre[0], bottom - (len(lines) - 1 - n) * size * 1.3), COLOURS["muted"])


def teams_legend(seats: Sequence[str]) -> str:
    """The line over the diagram naming the teams' colours, as the table will show them."""
    if HUMAN in seats:
        return _("Blue: your team; dark: the other team")
    return _("Blue: seat 1's team, whose side you watch from; dark: the other team")
