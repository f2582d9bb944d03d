"""The counting aid beside the table (issue 33, item 5; setting ``coach.counting_aid``): a small panel that counts
for the player.

It paints the :class:`~briscola.ui.core.counting.Count` the scene made in ``update`` from the viewer's view (never
more), and nothing else: a line saying what the colours mean, one row per suit with its ranks from the strongest down
as the cards' corners print them (still out bright, aces and threes still out in gold, cards the seat holds or has
seen in blue, cards played faded and struck through, the trump suit's row framed in gold), a line with how many trumps
and carichi are still out, and the points each side has taken with what is still in play.

Where it goes: the first place, from the bottom-left corner upwards and then along the right edge, where it covers
no hand (held up or not, a card lifted), trick card, talon, pile or count, name plate, running-points badge, action
button or the line over the player's hand; at a smaller type size if it fits nowhere, and not at all if it never
fits (never seen at the window sizes the table is made for: the tests check 2 to 6 players at 960x600, 1280x800 and
1366x768). Everything here only reads the scene, so the tests check the very rectangle drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from briscola.engine.cards import Card, DeckFamily, Rank, corner_index
from briscola.text.i18n import _
from briscola.ui.assets.cards import suit_symbol_surface
from briscola.ui.core.action_pages import MAX_BUTTONS
from briscola.ui.core.counting import CardState, Count
from briscola.ui.table.coach_marks import hint_button_rect
from briscola.ui.table.plates import (
    Plate,
    auction_lines,
    badge_rects,
    button_rects,
    fixed_obstacles,
    name_plates,
    text_size,
    text_width,
)
from briscola.ui.widgets.basic import COLOURS, draw_panel, draw_text

if TYPE_CHECKING:
    from briscola.ui.table.protocol import Table

__all__ = ["AidPanel", "aid_obstacles", "aid_panel", "draw_counting_aid", "rank_glyph"]

#: The colours of a card's rank by what the seat knows of it (out and a carico: gold).
_SEEN = (150, 190, 235)
_PLAYED = (112, 128, 118)
#: The smallest type the panel is drawn in: below it the ranks are not read at a glance.
_LEAST = 11


@dataclass(frozen=True)
class AidPanel:
    """Where the panel goes, the type size it is drawn in, its shape and its lines of words."""

    rect: pygame.Rect
    size: int
    wide: bool
    """Two columns (the suits left, the words right) where a tall panel finds no room (six players in a small
    window), else one: the suits over the words."""
    words: tuple[tuple[str, bool], ...]
    """How many trumps and carichi are still out, the sides' points and what is still in play, in lines that fit the
    panel; True for a line of points (drawn in gold)."""
    grid_width: int
    """The width of the suits' rows (where a wide panel's words start)."""


def rank_glyph(card: Card, family: DeckFamily) -> str:
    """The rank as the card's corner prints it in this family (:func:`~briscola.engine.cards.corner_index`): 1-7
    and 8/9/10 on Italian cards, 10/11/12 for the Spanish courts, A 2-7 J Q K on French ones."""
    return corner_index(card.rank, family)


def _legend() -> tuple[tuple[str, tuple[int, int, int]], ...]:
    """The words of the first line, each in the colour it explains."""
    return ((_("out"), COLOURS["text"]), (_("seen"), _SEEN), (_("played"), _PLAYED))


def _summary(count: Count) -> list[str]:
    """How many trumps and carichi are still out; where the seat knows no trump suit, why (a line kept in its place,
    so the panel keeps its size when the trump is named)."""
    carichi = _("Aces and threes out: {count}").format(count=len(count.carichi_out))
    if count.trumps_out is not None:
        trumps = _("Trumps out: {count}").format(count=len(count.trumps_out))
    elif count.trumpless:
        trumps = _("No trumps")
    else:
        trumps = _("Trumps not known yet")
    return [trumps, carichi]


def _points(count: Count, names: list[str]) -> list[str]:
    """Each side's points ("You & Marco 34"), the seat's own side first, then what is still in play."""
    sides = [f"{' & '.join(names[seat] for seat in side.seats)} {side.points}" for side in count.sides]
    return [*sides, _("in play {points}").format(points=count.in_play)]


def _pack(parts: list[str], size: int, width: int) -> tuple[str, ...]:
    """``parts`` joined by " · " into as few lines ``width`` pixels wide as they go (a part longer than that alone)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return tuple(lines)


@lru_cache(maxsize=32)
def _glyph_width(size: int, family: DeckFamily) -> int:
    """One rank's column: the widest index of the deck, and air enough that "10" and "9" never read as "109"."""
    widest = max(text_width(corner_index(rank, family), size) for rank in Rank)
    return widest + max(4, round(size * 0.6))


def _pad(size: int) -> int:
    return max(4, round(size * 0.6))


def _line(size: int) -> int:
    return round(size * 1.45)


@lru_cache(maxsize=64)
def _shape(
    count: Count, names: tuple[str, ...], family: DeckFamily, size: int, wide: bool
) -> tuple[int, int, int, tuple[tuple[str, bool], ...]]:
    """The panel's width and height at ``size`` points in one or two columns, the suits' width and its lines of
    words (kept: the same count is placed every frame, and measuring text is the dear part)."""
    pad, line = _pad(size), _line(size)
    ranks = max((len(row.cards) for row in count.rows), default=10)
    rows_w = round(size * 1.5) + ranks * _glyph_width(size, family)
    legend_w = sum(text_width(word, size) for word, _c in _legend()) + text_width(" · ", size) * 2
    grid_w = max(rows_w, legend_w)
    summary, points = _summary(count), _points(count, list(names))
    if wide:
        column = max(text_width(text, size) for text in summary + points)
        packed_summary, packed_points = _pack(summary, size, column), _pack(points, size, column)
        inner = grid_w + 2 * pad + column
    else:
        packed_summary, packed_points = _pack(summary, size, grid_w), _pack(points, size, grid_w)
        inner = max(grid_w, *(text_width(text, size) for text in packed_summary + packed_points))
    words = tuple((text, False) for text in packed_summary) + tuple((text, True) for text in packed_points)
    lines = max(1 + len(count.rows), len(words)) if wide else 1 + len(count.rows) + len(words)
    return inner + 2 * pad, lines * line + 2 * pad, grid_w, words


@lru_cache(maxsize=16)
def _place(
    taken: tuple[tuple[int, int, int, int], ...],
    shape: tuple[int, int],
    window: tuple[int, int, int, int],
    anywhere: bool,
) -> tuple[int, int] | None:
    """The top-left corner of the first free place for a ``shape`` (w, h) panel inside ``window`` (left, top, right,
    bottom), clear of every rectangle ``taken``, scanning each row from the left: on the bottom edge only, or
    (``anywhere``) in every row from the bottom up."""
    w, h = shape
    left, top, right, bottom = window
    obstacles = [pygame.Rect(rect) for rect in taken]
    step = 6
    rows = range(bottom - h, top - 1, -step) if anywhere else range(bottom - h, bottom - h - 1, -1)
    for y in rows:
        for x in range(left, right - w + 1, step):
            if pygame.Rect(x, y, w, h).collidelist(obstacles) == -1:
                return x, y
    return None


def aid_obstacles(scene: Table, plates: list[Plate]) -> list[pygame.Rect]:
    """What the panel must leave in view: every hand, trick card, the talon, piles and counts, the lines at the top
    (:func:`fixed_obstacles`), the name plates, the action buttons' place (however many there may be) and the buttons
    shown, an auction's standing, the line over the player's hand, the running points' badges wherever a side's may
    go, and the Hint button's place in a match with hints. (Messages go round the panel:
    :mod:`briscola.ui.table.toast_places` counts it among what they had better leave in view.)"""
    layout = scene.layout
    out = fixed_obstacles(scene) + [plate.rect.inflate(8, 8) for plate in plates]
    out.extend(button_rects(scene, MAX_BUTTONS))
    out.extend(button.rect for button in scene.buttons)  # and any other button the table shows now
    if scene.driver.coaching.hints:
        out.append(hint_button_rect(scene))  # where the Hint button shows at the player's turn
    out.extend(rect for _text, rect in auction_lines(scene))
    x, y = layout.label_point(layout.bottom)
    size = text_size(layout.height, 0.8)
    line = pygame.Rect(0, 0, round(layout.width * 0.6), round(size * 1.5))
    line.center = (round(x), round(y - layout.label_height * 1.2))
    out.append(line)
    if scene.running_points:
        texts = {owner: _("Points: {points}").format(points=120) for owner in scene.state.pile_owners()}
        out.extend(badge_rects(scene, texts, plates).values())
    return out


def aid_panel(scene: Table, plates: list[Plate] | None = None) -> AidPanel | None:
    """Where the counting aid goes now, or None when it is off, not allowed, or fits nowhere (module docstring)."""
    count = scene.counting
    if count is None:
        return None
    layout = scene.layout
    plates = name_plates(scene) if plates is None else plates
    taken = tuple((r.x, r.y, r.w, r.h) for r in aid_obstacles(scene, plates))
    margin = round(layout.margin)
    top = round(layout.margin + text_size(layout.height, 0.8) * 2.6)
    window = (margin, top, layout.width - margin, layout.height - margin)
    names = tuple(scene.names)
    family = scene.state.family
    for anywhere in (False, True):
        for size in range(text_size(layout.height, 0.8), _LEAST - 1, -1):
            for wide in (False, True):
                w, h, grid_w, words = _shape(count, names, family, size, wide)
                corner = _place(taken, (w, h), window, anywhere)
                if corner is not None:
                    return AidPanel(pygame.Rect(corner, (w, h)), size, wide, words, grid_w)
    return None


def draw_counting_aid(scene: Table, surface: pygame.Surface, plates: list[Plate]) -> None:
    """Paint the panel where :func:`aid_panel` puts it (nothing when the aid is off or not allowed)."""
    count = scene.counting
    panel = aid_panel(scene, plates)
    if count is None or panel is None:
        return
    rect, size = panel.rect, panel.size
    pad, line = _pad(size), _line(size)
    draw_panel(surface, rect, alpha=190, radius=max(6, size // 2))
    x0, top = rect.x + pad, rect.y + pad + line / 2
    x = float(x0)
    for n, (word, colour) in enumerate(_legend()):
        if n:
            x = draw_text(surface, " · ", size, (x, top), COLOURS["muted"], anchor="midleft").right
        drawn = draw_text(surface, word, size, (x, top), colour, anchor="midleft")
        if colour == _PLAYED:  # struck through, as the played ranks are
            pygame.draw.line(surface, _PLAYED, (drawn.left, drawn.centery), (drawn.right, drawn.centery), 1)
        x = drawn.right
    family, deck = scene.state.family, scene.config.deck
    glyph = _glyph_width(size, family)
    pip = round(size * 1.2)
    y = top
    for row in count.rows:
        y += line
        if row.trump:
            frame = pygame.Rect(rect.x + pad // 2, round(y - line / 2), panel.grid_width + pad, line)
            pygame.draw.rect(surface, COLOURS["gold"], frame, width=1, border_radius=max(3, size // 3))
        surface.blit(suit_symbol_surface(int(row.suit), pip, deck), (x0, round(y - pip / 2)))
        cx = x0 + round(size * 1.5) + glyph / 2
        for card, state in row.cards:
            text = rank_glyph(card, family)
            if state is CardState.PLAYED:
                drawn = draw_text(surface, text, size, (cx, y), _PLAYED)
                pygame.draw.line(surface, _PLAYED, (drawn.left, drawn.centery), (drawn.right, drawn.centery), 1)
            elif state is CardState.SEEN:
                draw_text(surface, text, size, (cx, y), _SEEN)
            else:
                colour = COLOURS["gold"] if card.is_carico else COLOURS["text"]
                draw_text(surface, text, size, (cx, y), colour, bold=True)
            cx += glyph
    if panel.wide:
        x0, y = x0 + panel.grid_width + 2 * pad, top - line
    for text, points in panel.words:
        y += line
        draw_text(surface, text, size, (x0, y), COLOURS["gold" if points else "muted"], anchor="midleft")
