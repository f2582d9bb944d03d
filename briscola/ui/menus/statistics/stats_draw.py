"""The statistics scene's pictures, in the game's own style: dark gold-edged panels on the felt, the built-in font,
gold for what matters: the rolling win rate per level, the points histogram, the rating on the ladder, the tallies.

Each function draws one panel from the scene's :class:`~briscola.store.history.board.Board` into a rectangle and
changes nothing: the figures were all worked out when the board was made.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Final

import pygame

from briscola.ai.levels import LADDER_ELO, LEVELS
from briscola.store.history.board import ROLLING, Board, ReviewTrend
from briscola.store.history.rating import PlayerRating
from briscola.store.history.stats import Tally
from briscola.text.i18n import _
from briscola.text.review_words import trend_words
from briscola.ui.menus.statistics.stats_words import (
    opponents_label,
    rating_sentence,
    tally_cells,
    tally_headings,
    tally_note,
)
from briscola.ui.widgets.basic import COLOURS, cut_text, draw_panel, draw_text, fit_text, text_surface
from briscola.ui.widgets.form import wrap_words

__all__ = [
    "LINE_COLOURS",
    "cut_text",
    "draw_cell",
    "draw_histogram",
    "draw_rate_chart",
    "draw_rating",
    "draw_tallies",
    "fit_text",
]

#: The colours of the levels' lines, most played first.
LINE_COLOURS = ((240, 200, 90), (130, 190, 240), (235, 120, 100), (170, 225, 150), (210, 160, 230))
GRID = (70, 95, 80)


def draw_cell(
    surface: pygame.Surface,
    text: str,
    size: int,
    width: int,
    pos: tuple[float, float],
    colour: tuple[int, int, int],
    anchor: str = "topleft",
) -> None:
    """``text`` in a cell ``width`` pixels wide: a little smaller if it needs, cut if it still doesn't fit."""
    fitted = max(size - 3, fit_text(text, size, width))
    draw_text(surface, cut_text(text, fitted, width), fitted, pos, colour, anchor=anchor)


def _heading(surface: pygame.Surface, rect: pygame.Rect, title: str, size: int) -> int:
    """A panel with its title in gold; the y where its content starts."""
    draw_panel(surface, rect, alpha=235)
    pad = max(8, size * 2 // 3)
    draw_text(
        surface,
        title,
        fit_text(title, size, rect.w - 2 * pad, True),
        (rect.x + pad, rect.y + pad),
        COLOURS["gold"],
        anchor="topleft",
        bold=True,
    )
    return rect.y + pad + round(size * 1.5)


def draw_rating(
    surface: pygame.Surface,
    rect: pygame.Rect,
    rating: PlayerRating | None,
    size: int,
    reviews: ReviewTrend | None = None,
) -> None:
    """The player's rating: a sentence, its figures, and a ladder of the six levels with the player's place on it;
    under them, the coach's accuracy over the last hands reviewed, when there are any."""
    top = _heading(surface, rect, _("Your rating"), size)
    pad = max(8, size * 2 // 3)
    width = rect.w - 2 * pad
    trend = "" if reviews is None else trend_words(reviews.hands, reviews.accuracy)
    if trend:
        small = max(11, size - 3)
        draw_text(
            surface,
            trend,
            fit_text(trend, small, width),
            (rect.x + pad, rect.bottom - pad // 2),
            COLOURS["gold"],
            anchor="bottomleft",
        )
        rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - small - pad // 2)
    if rating is None:
        note = _("Play at least 10 hands of two-player games against one level to be rated.")
        draw_text(surface, note, fit_text(note, size, width), (rect.x + pad, top), COLOURS["muted"], anchor="topleft")
        return
    head, elo, basis = rating_sentence(rating)
    big = round(size * 1.45)
    draw_text(
        surface,
        head,
        fit_text(head, big, width, True),
        (rect.x + pad, top),
        COLOURS["text"],
        anchor="topleft",
        bold=True,
    )
    small = max(11, size - 3)
    draw_text(
        surface, elo, fit_text(elo, small, width), (rect.x + pad, top + big * 1.35), COLOURS["muted"], anchor="topleft"
    )
    draw_text(
        surface,
        basis,
        fit_text(basis, small, width),
        (rect.x + pad, top + big * 1.35 + small * 1.4),
        COLOURS["muted"],
        anchor="topleft",
    )
    # The ladder: the levels' Elos as ticks on one axis, the player's interval as a band and its value as a dot.
    axis_y = rect.bottom - pad - small * 2
    left, right = rect.x + pad + small, rect.right - pad - small
    elos = [LADDER_ELO[level.italian] for level in LEVELS]
    low_end, high_end = min(elos[0] - 60, rating.elo.low), max(elos[-1] + 60, rating.elo.high)

    def x_of(elo: float) -> int:
        return round(left + (elo - low_end) / (high_end - low_end) * (right - left))

    pygame.draw.line(surface, COLOURS["muted"], (left, axis_y), (right, axis_y), 2)
    band = pygame.Rect(
        x_of(rating.elo.low), axis_y - small // 2, max(2, x_of(rating.elo.high) - x_of(rating.elo.low)), small
    )
    pygame.draw.rect(surface, (*COLOURS["gold"][:3],), band, width=1, border_radius=4)
    for level, elo_value in zip(LEVELS, elos, strict=True):
        x = x_of(elo_value)
        pygame.draw.line(surface, COLOURS["text"], (x, axis_y - small // 2), (x, axis_y + small // 2), 2)
        draw_text(surface, str(level.number), small, (x, axis_y + small * 1.2), COLOURS["text"])
    pygame.draw.circle(surface, COLOURS["gold"], (x_of(rating.elo.value), axis_y), max(4, small // 2))


def draw_rate_chart(surface: pygame.Surface, rect: pygame.Rect, board: Board, size: int) -> None:
    """The rolling win rate per opponents' level over time: one line a level, the most played first (at most five)."""
    window = board.series[0].window if board.series else ROLLING
    top = _heading(surface, rect, _("Win rate over time (last {count} matches)").format(count=window), size)
    pad = max(8, size * 2 // 3)
    small = max(11, size - 4)
    series = [line for line in board.series if len(line.points) > 1][: len(LINE_COLOURS)]
    plot = pygame.Rect(rect.x + pad + small * 3, top + small, 0, 0)
    plot.w = rect.right - pad - plot.x
    plot.h = rect.bottom - pad - small * 3 - plot.y
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = round(plot.bottom - share * plot.h)
        pygame.draw.line(surface, GRID if share not in (0.0, 0.5) else COLOURS["muted"], (plot.x, y), (plot.right, y))
        draw_text(surface, f"{round(share * 100)}%", small, (plot.x - 4, y), COLOURS["muted"], anchor="midright")
    if board.span is None or not series:
        note = _("Not enough matches against one level yet for a line.")
        draw_text(surface, note, fit_text(note, small, plot.w), plot.center, COLOURS["muted"])
        return
    first, last = board.span
    length = max(last - first, 1.0)
    for when in (first, last):
        day = datetime.fromtimestamp(when, UTC).astimezone().strftime("%Y-%m-%d")
        x = plot.x + (when - first) / length * plot.w
        draw_text(
            surface,
            day,
            small,
            (x, plot.bottom + small * 0.9),
            COLOURS["muted"],
            anchor="midleft" if when == first else "midright",
        )
    legend_x = plot.x
    for colour, line in zip(LINE_COLOURS, series, strict=False):
        points = [(plot.x + (t - first) / length * plot.w, plot.bottom - rate * plot.h) for t, rate in line.points]
        pygame.draw.lines(surface, colour, False, points, 2)
        label = opponents_label(line.opponents)
        legend = draw_text(
            surface, f"— {label}", small, (legend_x, plot.bottom + small * 2.2), colour, anchor="midleft"
        )
        legend_x = legend.right + small


def draw_histogram(surface: pygame.Surface, rect: pygame.Rect, bins: tuple[tuple[int, int], ...], size: int) -> None:
    """Hands by the player's side's points, in bins of ten; the last bin holds everything from 120 up."""
    top = _heading(surface, rect, _("Points per hand"), size)
    pad = max(8, size * 2 // 3)
    small = max(11, size - 4)
    plot = pygame.Rect(rect.x + pad, top + small // 2, rect.w - 2 * pad, rect.bottom - pad - small * 2 - top)
    if not bins:
        note = _("No hands yet.")
        draw_text(surface, note, small, plot.center, COLOURS["muted"])
        return
    tallest = max(count for _, count in bins) or 1
    step = plot.w / len(bins)
    for index, (start, count) in enumerate(bins):
        height = round(count / tallest * plot.h)
        bar = pygame.Rect(
            round(plot.x + index * step + step * 0.12), plot.bottom - height, max(1, round(step * 0.76)), height
        )
        pygame.draw.rect(surface, COLOURS["gold"] if start >= 60 else COLOURS["button_hot"], bar, border_radius=2)
        if index % 2 == 0 or len(bins) <= 8:
            label = f"{start}+" if index == len(bins) - 1 and start >= 120 else str(start)
            draw_text(
                surface, label, small, (plot.x + index * step + step / 2, plot.bottom + small * 0.9), COLOURS["muted"]
            )
    pygame.draw.line(surface, COLOURS["muted"], plot.bottomleft, plot.bottomright)


#: How the Results table shares out its room among the names and the six figures' columns.
_SHARES = (0.19, 0.12, 0.22, 0.24, 0.14, 0.13, 0.15)


def _tally_columns(
    rows: list[tuple[str, Tally]], heads: Sequence[str], inner: int, size: int, head_size: int
) -> tuple[int, list[int]] | None:
    """The width of the names' column and of each figure's: every column as wide as its widest cell or heading word
    needs, the room left shared out by fixed proportions; None when the cells don't fit at ``size``."""

    def widest(texts: Sequence[str], at: int) -> int:
        return max((text_surface(text, at).get_width() for text in texts), default=0)

    figures = [tally_cells(tally) for name, tally in rows if name]
    needs = [widest([name for name, _tally in rows], size) + 8]
    for n, head in enumerate(heads):
        needs.append(max(widest(head.split(), head_size), widest([cells[n] for cells in figures], size)) + 8)
    spare = inner - sum(needs)
    if spare < 0:
        return None
    widths = [need + round(spare * share / sum(_SHARES)) for need, share in zip(needs, _SHARES, strict=True)]
    return widths[0], widths[1:]


#: The least type size of the results' note: smaller than this it is cut rather than shrunk.
_NOTE_LEAST: Final = 9


def draw_tallies(surface: pygame.Surface, rect: pygame.Rect, rows: list[tuple[str, Tally]], size: int) -> None:
    """The tallies, one row per group (all, each opponents' level, each preset): a table with a header."""
    top = _heading(surface, rect, _("Results"), size)
    pad = max(8, size * 2 // 3)
    heads = tally_headings()
    small = max(11, size - 3)
    while (columns := _tally_columns(rows, heads, rect.w - 2 * pad, small, max(10, small - 2))) is None and small > 10:
        small -= 1  # a smaller type rather than a cut name ("Four in partnerships") or figure
    head_size = max(10, small - 2)
    if columns is None:  # still too narrow: fixed proportions, the cells cut with an ellipsis
        widths = [round((rect.w - 2 * pad) * share / sum(_SHARES)) for share in _SHARES]
        columns = widths[0], widths[1:]
    name_w, rooms = columns
    xs = [rect.x + pad + name_w]
    for room in rooms[:-1]:
        xs.append(xs[-1] + room)
    lines = 1
    for x, head, room in zip(xs, heads, rooms, strict=True):
        fitting = min(fit_text(word, head_size, room - 5, least=8) for word in head.split())  # no word is ever cut
        wrapped = wrap_words(head, fitting, room - 5)[:3]
        lines = max(lines, len(wrapped))
        for n, line in enumerate(wrapped):
            position = (x, top + n * round(head_size * 1.2))
            draw_text(surface, line, fitting, position, COLOURS["muted"], anchor="topleft")
    top += round(head_size * 1.2) * (lines - 1)
    step = round(small * 1.55)
    y = top + step
    for name, tally in rows:
        if y + step > rect.bottom - pad // 2:
            break
        if name == "":
            y += step // 3
            continue
        colour = COLOURS["gold"] if tally is rows[0][1] else COLOURS["text"]
        draw_cell(surface, name, small, name_w - 6, (rect.x + pad, y), colour)
        for x, cell, room in zip(xs, tally_cells(tally), rooms, strict=True):
            draw_cell(surface, cell, small, room - 6, (x, y), colour)
        y += step
    # The note under the rows, whole: in a smaller type (down to _NOTE_LEAST) rather than cut after a line.
    note_size = max(10, small - 2)
    start = y + step // 2
    while True:
        notes = wrap_words(tally_note(), note_size, rect.w - 2 * pad)
        line_h = round(note_size * 1.3)
        if start + len(notes) * line_h <= rect.bottom - pad // 2 or note_size <= _NOTE_LEAST:
            break
        note_size -= 1
    y = max(start, rect.bottom - pad - len(notes) * line_h)
    for line in notes:
        if y + note_size > rect.bottom - pad // 2:
            break
        draw_text(surface, line, note_size, (rect.x + pad, y), COLOURS["muted"], anchor="topleft")
        y += line_h
