"""Card borders (the paper, frame lines and the Spanish *pintas*) and the card backs.

Backs are independent of the face style: any deck can be shown with any back, so they are named designs of
their own (:data:`BACKS`) and every deck only names its default one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from briscola.art.geometry import dot_ring_d, petals_d, star_points
from briscola.art.model import CARD_H, CARD_W, Deck
from briscola.art.svg import circle, fmt, path, place, polygon, rect, svg_document

__all__ = ["BACKS", "back_svg", "border_parts", "card_base"]

RADIUS: Final = 11.0


def card_base(paper: str, ink: str) -> str:
    """The card's paper: a rounded rectangle with a thin edge (outside it the raster stays transparent)."""
    return rect(0.75, 0.75, CARD_W - 1.5, CARD_H - 1.5, paper, ink, 1.5, RADIUS)


def _pintas(deck: Deck, suit: int) -> list[str]:
    """The Spanish frame: two lines around the picture, broken 0-3 times top and bottom to tell the suit."""
    p = deck.palette
    x0, y0, x1, y1 = 9.0, 9.0, CARD_W - 9.0, CARD_H - 9.0
    gaps = suit  # Oros 0, Copas 1, Espadas 2, Bastos 3
    parts = [path(f"M{x0} {y0}L{x0} {y1}M{x1} {y0}L{x1} {y1}", None, p.frame, 1.6)]
    inner = 3.5
    parts.append(
        path(
            f"M{x0 + inner} {y0 + inner}L{x0 + inner} {y1 - inner}M{x1 - inner} {y0 + inner}L{x1 - inner} {y1 - inner}",
            None,
            p.frame,
            0.9,
        )
    )
    gap_w = 11.0
    centres = [x0 + (x1 - x0) * (i + 1) / (gaps + 1) for i in range(gaps)]
    for y, yi in ((y0, y0 + inner), (y1, y1 - inner)):
        cuts = [x0, *[c for centre in centres for c in (centre - gap_w / 2, centre + gap_w / 2)], x1]
        outer_d = "".join(f"M{fmt(a)} {fmt(y)}L{fmt(b)} {fmt(y)}" for a, b in zip(cuts[::2], cuts[1::2], strict=True))
        parts.append(path(outer_d, None, p.frame, 1.6, 'stroke-linecap="square"'))
        cuts_i = [x0 + inner, *cuts[1:-1], x1 - inner]
        inner_d = "".join(
            f"M{fmt(a)} {fmt(yi)}L{fmt(b)} {fmt(yi)}" for a, b in zip(cuts_i[::2], cuts_i[1::2], strict=True)
        )
        parts.append(path(inner_d, None, p.frame, 0.9))
    return parts


def border_parts(deck: Deck, suit: int) -> list[str]:
    """The card's paper and frame for one suit (only the Spanish frame depends on the suit)."""
    p = deck.palette
    parts = [card_base(p.paper, p.ink)]
    if deck.border == "double":
        parts.append(rect(6, 6, CARD_W - 12, CARD_H - 12, None, p.frame, 1.4, RADIUS - 5))
        parts.append(rect(9, 9, CARD_W - 18, CARD_H - 18, None, p.frame, 0.6, RADIUS - 7))
    elif deck.border == "ornate":
        parts.append(rect(5.5, 5.5, CARD_W - 11, CARD_H - 11, None, p.frame, 2.4, RADIUS - 4))
        parts.append(
            rect(9.5, 9.5, CARD_W - 19, CARD_H - 19, None, p.gold_dark, 1.6, RADIUS - 7).replace(
                "/>", ' stroke-dasharray="1.5 3"/>'
            )
        )
    elif deck.border == "band":
        parts.append(rect(5, 5, CARD_W - 10, CARD_H - 10, None, p.frame, 3.2, RADIUS - 4))
        parts.append(rect(9, 9, CARD_W - 18, CARD_H - 18, None, p.gold_dark, 0.8, RADIUS - 7))
    elif deck.border == "plain":
        parts.append(rect(6, 6, CARD_W - 12, CARD_H - 12, None, p.frame, 0.9, RADIUS - 5))
    elif deck.border == "pintas":
        parts.extend(_pintas(deck, suit))
    return parts


# --- backs ------------------------------------------------------------------------------------------------------


def _clip_line(x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]) -> str:
    """The part of a line inside ``box``, as path data (Liang-Barsky): a lattice without clip paths."""
    bx0, by0, bx1, by1 = box
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p_, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if p_ == 0:
            if q < 0:
                return ""
            continue
        t = q / p_
        if p_ < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return ""
    return f"M{fmt(x0 + dx * t0)} {fmt(y0 + dy * t0)}L{fmt(x0 + dx * t1)} {fmt(y0 + dy * t1)}"


def _frame(base: str, edge: str, inset: float = 10.0) -> list[str]:
    return [
        card_base("#fbf6ea", "#2b2620"),
        rect(inset, inset, CARD_W - 2 * inset, CARD_H - 2 * inset, base, edge, 1.6, RADIUS - 5),
    ]


def _lattice(base: str, line: str, dot: str) -> list[str]:
    box = (14.0, 14.0, CARD_W - 14.0, CARD_H - 14.0)
    step = 20.0
    d = []
    for i in range(-20, 30):
        c = box[0] + i * step
        d.append(_clip_line(c, box[1], c + 400, box[1] + 400 * 1.4, box))
        d.append(_clip_line(c, box[1], c - 400, box[1] + 400 * 1.4, box))
    cx, cy = CARD_W / 2, CARD_H / 2
    return [
        *_frame(base, line),
        path("".join(d), None, line, 1.4),
        path("".join(d), None, dot, 0.5),
        rect(14, 14, CARD_W - 28, CARD_H - 28, None, line, 1.2, RADIUS - 7),
        place(
            [circle(0, 0, 22, base, line, 2), path(petals_d(8, 3, 19, 4), dot, line, 0.8), circle(0, 0, 4, line, None)],
            cx,
            cy,
        ),
    ]


def _tartan(base: str, dark: str, light: str, line: str) -> list[str]:
    parts = _frame(base, dark)
    x0, y0, x1, y1 = 12.0, 12.0, CARD_W - 12.0, CARD_H - 12.0
    for k, x in enumerate(range(int(x0) + 10, int(x1), 36)):
        parts.append(rect(x, y0, 14, y1 - y0, dark, None).replace("/>", ' fill-opacity="0.45"/>'))
        if k % 2 == 0:
            parts.append(rect(x + 20, y0, 3, y1 - y0, light, None).replace("/>", ' fill-opacity="0.7"/>'))
    for k, y in enumerate(range(int(y0) + 8, int(y1), 36)):
        parts.append(rect(x0, y, x1 - x0, 14, dark, None).replace("/>", ' fill-opacity="0.45"/>'))
        if k % 2 == 0:
            parts.append(rect(x0, y + 20, x1 - x0, 3, light, None).replace("/>", ' fill-opacity="0.7"/>'))
    thin = "".join(f"M{x} {y0}L{x} {y1}" for x in range(int(x0) + 6, int(x1), 36))
    thin += "".join(f"M{x0} {y}L{x1} {y}" for y in range(int(y0) + 4, int(y1), 36))
    parts.append(path(thin, None, line, 0.8))
    parts.append(rect(x0, y0, x1 - x0, y1 - y0, None, dark, 2.0, RADIUS - 6))
    return parts


def _rosette(base: str, ink: str, gold: str, accent: str) -> list[str]:
    parts = _frame(base, gold)
    parts.append(rect(15, 15, CARD_W - 30, CARD_H - 30, None, gold, 1.0, RADIUS - 8))
    cx, cy = CARD_W / 2, CARD_H / 2
    rosette = [
        circle(0, 0, 62, None, gold, 1.2),
        path(dot_ring_d(36, 66, 1.6), gold, None),
        path(petals_d(16, 30, 58, 5, 11.25), accent, gold, 0.8),
        path(petals_d(16, 22, 56, 5.5), base, gold, 1.0),
        path(petals_d(8, 6, 30, 7, 22.5), gold, ink, 0.6),
        circle(0, 0, 7, accent, gold, 1),
    ]
    parts.append(place(rosette, cx, cy))
    for sx, sy in ((32, 34), (CARD_W - 32, 34), (32, CARD_H - 34), (CARD_W - 32, CARD_H - 34)):
        parts.append(place([polygon(star_points(8, 12, 5), gold, None), circle(0, 0, 3, accent, None)], sx, sy))
    for sy in (70, CARD_H - 70):
        parts.append(place([path(petals_d(4, 2, 14, 4, 0), gold, None)], cx, sy))
    return parts


def _plain(base: str, edge: str, emblem: str) -> list[str]:
    parts = _frame(base, edge)
    parts.append(rect(16, 16, CARD_W - 32, CARD_H - 32, None, emblem, 1.2, RADIUS - 6))
    parts.append(rect(20, 20, CARD_W - 40, CARD_H - 40, None, emblem, 0.6, RADIUS - 8))
    cx, cy = CARD_W / 2, CARD_H / 2
    ring = [
        circle(0, 0, 30, None, emblem, 1.2),
        path(petals_d(4, 0, 26, 9, -90), emblem, None),
        path(petals_d(4, 0, 18, 5, -45), base, None),
        circle(0, 0, 4, base, emblem, 1),
    ]
    parts.append(place(ring, cx, cy))
    corner = "".join(
        f"M{fmt(x)} {fmt(y - 8)}L{fmt(x + 8)} {fmt(y)}L{fmt(x)} {fmt(y + 8)}L{fmt(x - 8)} {fmt(y)}Z"
        for x, y in ((34, 36), (CARD_W - 34, 36), (34, CARD_H - 36), (CARD_W - 34, CARD_H - 36))
    )
    parts.append(path(corner, emblem, None))
    return parts


def _waves(base: str, line: str, accent: str) -> list[str]:
    """Rows of scales, like a fish-scale engraving: an older look than the lattice."""
    parts = _frame(base, line)
    d = []
    r = 12.0
    rows = 0
    y = 16.0
    while y < CARD_H - 16 - r:
        offset = 0.0 if rows % 2 == 0 else r
        x = 14.0 + offset
        while x + 2 * r <= CARD_W - 14 + 0.01:
            d.append(f"M{fmt(x)} {fmt(y)}a{fmt(r)} {fmt(r)} 0 0 0 {fmt(2 * r)} 0")
            x += 2 * r
        y += r * 0.9
        rows += 1
    parts.append(path("".join(d), None, line, 1.3))
    parts.append(rect(14, 14, CARD_W - 28, CARD_H - 28, None, line, 1.4, RADIUS - 7))
    oval = [
        path("M0 -44C30 -44 38 -20 38 0C38 20 30 44 0 44C-30 44 -38 20 -38 0C-38 -20 -30 -44 0 -44Z", base, line, 2),
        path(petals_d(6, 4, 30, 6, -90), accent, line, 0.8),
        circle(0, 0, 5, line, None),
    ]
    parts.append(place(oval, CARD_W / 2, CARD_H / 2))
    return parts


#: The card backs, by name: any deck may use any of them.
BACKS: Final[dict[str, Callable[[], list[str]]]] = {
    "lattice-red": lambda: _lattice("#a3262a", "#f2d9a0", "#7a1418"),
    "lattice-blue": lambda: _lattice("#1f3f7a", "#d9e2f2", "#14285a"),
    "tartan-green": lambda: _tartan("#2f6b3c", "#173d22", "#e8c75a", "#a8322d"),
    "rosette-blue": lambda: _rosette("#1c2f5c", "#0e1a36", "#d8b04c", "#b23a2e"),
    "rosette-red": lambda: _rosette("#8e1f24", "#3d0b0d", "#e3c16a", "#1f4f8f"),
    "plain-burgundy": lambda: _plain("#6e1f2e", "#3a0f18", "#e6cf8f"),
    "scales-teal": lambda: _waves("#1e5e63", "#d7ebe2", "#e0a84a"),
}


def back_svg(name: str) -> str:
    """The SVG text of the back called ``name``."""
    return svg_document(CARD_W, CARD_H, [], BACKS[name]())
