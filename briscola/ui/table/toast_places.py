"""Where the messages over the table go: never over a hand held up to be read or a trick card.

A message (a bid, a partner showing the hand, the cue after a trick, a bot's fault) used to sit at the top centre
whatever lay there, and a partner's hand, shown at that very moment at the top of a four-player table, was hidden
for as long as the message said so. Each message now takes the first place, from the top down, that covers none of
what must be read: a hand shown face up (held up, :meth:`TableLayout.hand_pose`), every seat's place in the trick
(whether its card is down yet or not, so a card never lands under a message), the action buttons, and the messages
placed before it. Among those places it prefers one that also leaves the name plates, the talon and the lines about
trumps and the contract in view; face-down cards (a hidden hand, a pile) may be covered for a moment, as before, but a
lasting message (the coach's hint, which stays until the move) leaves the other players' hidden hands in view too. In
a row it tries the centre, then the left edge, then the right; a long message that fits nowhere at the width it
would take is broken into narrower lines and tried again. Only if nothing is free at all (never at the sizes the
table is made for, which the tests check) does it go back to the top centre.

Everything here only reads the scene, so drawing (:mod:`briscola.ui.table.draw`) and the tests use the same places.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from briscola.ui.table.counting_aid import aid_panel
from briscola.ui.table.plates import (
    Plate,
    auction_lines,
    badge_rects,
    contract_lines,
    name_plates,
    running_point_texts,
    text_size,
    text_width,
    trump_line,
)
from briscola.ui.widgets.form import wrap

if TYPE_CHECKING:
    from briscola.ui.core.layout import Rect
    from briscola.ui.table.protocol import Table
    from briscola.ui.table.state import Toast

__all__ = ["PlacedToast", "kept_clear", "toast_places"]

#: The widths a message is broken to, as shares of the window's, widest first.
_WIDTHS = (0.8, 0.5, 0.34)


@dataclass(frozen=True)
class PlacedToast:
    """A message, its lines as drawn and the plate round them."""

    toast: Toast
    lines: tuple[str, ...]
    rect: pygame.Rect


def _rect(box: Rect) -> pygame.Rect:
    return pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))


def kept_clear(scene: Table) -> list[pygame.Rect]:
    """What no message may cover: every hand shown face up, every seat's place in the trick, the action buttons."""
    layout, state = scene.layout, scene.state
    out = [_rect(layout.trick_pose(seat).bounds()) for seat in range(layout.players)]
    for seat, hand in enumerate(state.hands):
        if hand and state.shown(seat):
            boxes = [_rect(layout.hand_pose(seat, i, len(hand), shown=True).bounds()) for i in range(len(hand))]
            boxes.extend(_rect(state.pose(s).bounds()) for s in hand if s.motion is not None)  # on their way up
            out.append(boxes[0].unionall(boxes[1:]))
    out.extend(button.rect for button in scene.buttons)
    return out


def _left_in_view(scene: Table, plates: list[Plate]) -> list[pygame.Rect]:
    """What a message had better not cover when it can go elsewhere: the name plates, the talon and the briscola,
    the lines about trumps, the contract and the auction, the running points, the counting aid. (Face-down cards, a
    hidden hand or a pile, it may cover for the moment it is shown: a lasting message adds :func:`hidden_hands`.)"""
    layout = scene.layout
    out = [plate.rect for plate in plates]
    out.append(_rect(layout.talon_pose.bounds()).union(_rect(layout.briscola_pose.bounds())))
    trumps = trump_line(scene)
    if trumps is not None:
        out.extend(rect for rect in trumps[1:] if rect is not None)
    out.extend(rect for _text, rect in contract_lines(scene) + auction_lines(scene))
    if scene.running_points:
        out.extend(badge_rects(scene, running_point_texts(scene), plates).values())
    aid = aid_panel(scene, plates)
    if aid is not None:
        out.append(aid.rect)
    return out


def hidden_hands(scene: Table) -> list[pygame.Rect]:
    """The other players' hands held face down: what a lasting message (the hint) had better leave in view."""
    layout, state = scene.layout, scene.state
    out = []
    for seat, hand in enumerate(state.hands):
        if hand and seat != layout.bottom and not state.shown(seat):
            boxes = [_rect(layout.hand_pose(seat, i, len(hand)).bounds()) for i in range(len(hand))]
            out.append(boxes[0].unionall(boxes[1:]))
    return out


@lru_cache(maxsize=64)
def _lines(text: str, size: int, width: int) -> tuple[tuple[str, ...], tuple[int, int]]:
    """``text`` broken into lines ``width`` pixels wide at ``size`` points, and the size of the plate round them
    (kept: a message is placed every frame it shows, and measuring text is the dear part)."""
    lines = tuple(wrap(text, size, width))
    widest = max(text_width(line, size) for line in lines)
    return lines, (widest + 30, round(size * 0.55) + round(size * 1.35) * len(lines))


def toast_places(scene: Table, plates: list[Plate] | None = None) -> list[PlacedToast]:
    """Every message over the table, oldest first, with its lines and its place (see the module's docstring);
    ``plates`` are the name plates, if they are at hand already."""
    toasts = scene.state.toasts
    if not toasts:
        return []
    layout = scene.layout
    size = text_size(layout.height, 0.8)
    width = layout.width
    top = round(layout.margin + size * 3.05)  # under the lines at the window's top ("Hand", "Match", the keys)
    _x, y = layout.label_point(layout.bottom)
    bottom = round(y - layout.label_height * 1.2 - size * 0.8)  # over the line above the human's hand
    hard = kept_clear(scene)
    soft = _left_in_view(scene, name_plates(scene) if plates is None else plates)
    gap = round(size * 0.3)
    out: list[PlacedToast] = []
    stacked = top
    hidden = hidden_hands(scene) if any(toast.lasting for toast in toasts) else []
    for toast in toasts:
        avoided = soft + hidden if toast.lasting else soft
        chosen: tuple[tuple[str, ...], pygame.Rect] | None = None
        fallback: tuple[tuple[str, ...], pygame.Rect] | None = None
        for share in _WIDTHS:
            lines, plate = _lines(toast.text, size, round(width * share))
            rect = pygame.Rect((0, 0), plate)
            for row in range(top, max(top, bottom - rect.h) + 1, max(2, size // 2)):
                for place in _places(rect, row, width, layout.margin):
                    if place.collidelist(hard) != -1:
                        continue
                    if place.collidelist(avoided) == -1:
                        chosen = (lines, place)
                        break
                    if fallback is None:
                        fallback = (lines, place)
                if chosen is not None:
                    break
            if chosen is not None:
                break
        if chosen is None:
            chosen = fallback
        if chosen is None:  # nowhere clear at all: the top centre, under the messages before it
            lines, plate = _lines(toast.text, size, round(width * _WIDTHS[0]))
            rect = pygame.Rect((0, 0), plate)
            rect.midtop = (round(width / 2), stacked)
            chosen = (lines, rect)
        lines, rect = chosen
        out.append(PlacedToast(toast, lines, rect))
        hard.append(rect.inflate(gap * 2, gap * 2))
        stacked = rect.bottom + gap
    return out


def _places(plate: pygame.Rect, row: int, width: int, margin: float) -> list[pygame.Rect]:
    """The plate at ``row``: centred, then at the left edge, then at the right (inside the margins)."""
    centre = plate.copy()
    centre.midtop = (round(width / 2), row)
    left = plate.copy()
    left.topleft = (round(margin), row)
    right = plate.copy()
    right.topright = (round(width - margin), row)
    return [centre, left, right]
