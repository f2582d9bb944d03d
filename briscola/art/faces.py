"""One card face as SVG text: border, then the pips, the ace's showpiece or the court figure (drawn by
:mod:`briscola.art.figures`, which receives this deck's suit-object drawer).

Corner indices are not here: nanosvg draws no text, so :mod:`briscola.ui.assets.cards` writes them over the raster
with pygame.freetype, in the style the deck's manifest names.
"""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations

from briscola.art.crossed import SLIM
from briscola.art.figures import court_svg
from briscola.art.frames import border_parts
from briscola.art.geometry import dot_ring_d, dots_d, leaf_d, petals_d, quad
from briscola.art.layouts import Layout, Strand, pip_layout
from briscola.art.model import CARD_H, CARD_W, Deck
from briscola.art.strands import baton, curved_sword
from briscola.art.svg import circle, fmt, group, path, place, rect, svg_document
from briscola.art.symbols import (
    draw_symbol,
    long_sword_parts,
    symbol_defs,
    symbol_drawer,
    symbol_parts,
)
from briscola.engine.cards import Card, Rank, Suit

__all__ = ["face_svg", "symbol_svg"]

# --- pip cards --------------------------------------------------------------------------------------------------


def _strand_parts(deck: Deck, strand: Strand, t0: float = 0.0, t1: float = 1.0) -> list[str]:
    if strand.kind == "sword":
        return curved_sword(deck.palette, strand.p0, strand.p1, strand.p2, strand.width, t0, t1)
    return baton(deck.palette, strand.p0, strand.p1, strand.p2, strand.width, t0, t1)


def _crossings(a: Strand, b: Strand) -> list[tuple[float, float]]:
    """Parameters (ta, tb) where two strands cross, found by sampling both curves."""
    steps = 60
    pa = [quad(a.p0, a.p1, a.p2, i / steps) for i in range(steps + 1)]
    pb = [quad(b.p0, b.p1, b.p2, i / steps) for i in range(steps + 1)]
    found: list[tuple[float, float]] = []
    for i in range(steps):
        for j in range(steps):
            if _segments_cross(pa[i], pa[i + 1], pb[j], pb[j + 1]):
                found.append(((i + 0.5) / steps, (j + 0.5) / steps))
    return found


def _segments_cross(
    p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]
) -> bool:
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


def _woven(deck: Deck, strands: tuple[Strand, ...]) -> list[str]:
    """Strands drawn in order, then every other crossing redrawn with the lower strand on top: a weave."""
    parts = [part for strand in strands for part in _strand_parts(deck, strand)]
    for (i, a), (j, b) in combinations(enumerate(strands), 2):
        for k, (ta, _tb) in enumerate(_crossings(a, b)):
            if (i + j + k) % 2 == 0:
                parts.extend(_strand_parts(deck, a, max(0.02, ta - 0.06), min(0.98, ta + 0.06))[:3])
    return parts


def _pip_card(deck: Deck, suit: int, count: int) -> list[str]:
    layout: Layout = pip_layout(deck, suit, count)
    parts = _woven(deck, layout.strands) if layout.strands else []
    for pip in layout.pips:
        if layout.strands and suit == Suit.SPADE:
            # the straight sword at the heart of a northern bundle
            parts.append(place(_straight_parts(deck), pip.cx, pip.cy, pip.size / 100, pip.angle))
        elif layout.crossed and suit == Suit.SPADE:
            # crossed swords have long blades and small hilts, as the layout's outline model assumes
            parts.append(
                place(long_sword_parts(deck.palette, deck.symbols.sword), pip.cx, pip.cy, pip.size / 100, pip.angle)
            )
        elif layout.crossed:
            # crossed cudgels are drawn slimmer than upright ones, as the layout's outline model assumes
            k = pip.size / 100
            turn = f"translate({fmt(pip.cx)} {fmt(pip.cy)}) rotate({fmt(pip.angle)}) scale({fmt(k * SLIM)} {fmt(k)})"
            parts.append(group(symbol_parts(deck.palette, deck.symbols, suit), turn))
        else:
            parts.append(draw_symbol(deck.palette, deck.symbols, suit, pip.cx, pip.cy, pip.size, pip.angle))
    return parts


def _straight_parts(deck: Deck) -> list[str]:
    return symbol_parts(deck.palette, replace(deck.symbols, sword="bar"), Suit.SPADE)


# --- aces -------------------------------------------------------------------------------------------------------


def _ornament(deck: Deck, suit: int) -> list[str]:
    """What surrounds the ace's big symbol, drawn behind it around the card's centre."""
    p = deck.palette
    cx, cy = CARD_W / 2, CARD_H / 2 - 6
    style = deck.ace
    if style == "rays":
        spikes = []
        for i in range(32):
            a = math.radians(i * 360 / 32)
            r_out = 76 if i % 2 == 0 else 64
            tip = (math.cos(a) * r_out, math.sin(a) * r_out)
            side = 0.06
            b1 = (math.cos(a - side) * 52, math.sin(a - side) * 52)
            b2 = (math.cos(a + side) * 52, math.sin(a + side) * 52)
            spikes.append(f"M{fmt(b1[0])} {fmt(b1[1])}L{fmt(tip[0])} {fmt(tip[1])}L{fmt(b2[0])} {fmt(b2[1])}Z")
        return [place([path("".join(spikes), p.gold, p.ink, 0.8), circle(0, 0, 54, p.paper, p.gold_dark, 1.4)], cx, cy)]
    if style == "wreath":
        return [place(_wreath(deck), cx, cy)]
    if style == "sunburst":
        flames = []
        for i in range(24):
            a = math.radians(i * 15)
            c, s = math.cos(a), math.sin(a)
            flames.append(
                f"M{fmt(c * 56 - s * 7)} {fmt(s * 56 + c * 7)}Q{fmt(c * 70 + s * 8)} {fmt(s * 70 - c * 8)} "
                f"{fmt(c * 82)} {fmt(s * 82)}Q{fmt(c * 66)} {fmt(s * 66)} {fmt(c * 56 + s * 7)} {fmt(s * 56 - c * 7)}Z"
            )
        return [
            place(
                [
                    path("".join(flames), p.red, p.ink, 0.8),
                    circle(0, 0, 58, p.gold_light, p.gold_dark, 1.6),
                    path(dot_ring_d(28, 52, 1.8), p.red_dark, None),
                    circle(0, 0, 47, p.paper, p.gold_dark, 1),
                ],
                cx,
                cy,
            )
        ]
    if style == "scrolls":
        lozenge = "M0 -96L62 0L0 96L-62 0Z"
        curls = (
            "M0 -96C16 -112 34 -104 30 -92C27 -84 18 -88 20 -94"
            "M0 -96C-16 -112 -34 -104 -30 -92C-27 -84 -18 -88 -20 -94"
            "M0 96C16 112 34 104 30 92C27 84 18 88 20 94M0 96C-16 112 -34 104 -30 92C-27 84 -18 88 -20 94"
        )
        return [
            place(
                [
                    path(lozenge, p.gold_light, p.frame, 2.2),
                    path("M0 -86L54 0L0 86L-54 0Z", p.paper, p.gold_dark, 1),
                    path(curls, None, p.frame, 2.4),
                    path(petals_d(4, 60, 74, 5, 0), p.red, p.ink, 0.8),
                ],
                cx,
                cy,
            )
        ]
    if style == "cartouche":
        oval = "M0 -104C54 -104 70 -52 70 0C70 52 54 104 0 104C-54 104 -70 52 -70 0C-70 -52 -54 -104 0 -104Z"
        inner = "M0 -96C47 -96 62 -48 62 0C62 48 47 96 0 96C-47 96 -62 48 -62 0C-62 -48 -47 -96 0 -96Z"
        return [
            place(
                [
                    path(oval, p.gold, p.ink, 1.6),
                    path(inner, p.paper, p.gold_dark, 1),
                    path(dot_ring_d(4, 84, 4, 45), p.red, p.ink, 0.8),
                    path(
                        petals_d(2, 92, 118, 7, -90) + leaf_d(0, -100, 16, 210) + leaf_d(0, -100, 16, 330),
                        p.red,
                        p.ink,
                        0.8,
                    ),
                    path(leaf_d(0, 100, 16, 30) + leaf_d(0, 100, 16, 150), p.green, p.ink, 0.8),
                ],
                cx,
                cy,
            )
        ]
    # French: a fine double ring of dots in the suit's colour around the big pip
    colour = p.suits[suit]
    return [
        place(
            [
                circle(0, 0, 74, None, colour, 0.8),
                path(dot_ring_d(36, 69, 1.5), colour, None),
                circle(0, 0, 64, None, colour, 0.8),
                path(petals_d(4, 76, 92, 4, -90), colour, None),
            ],
            cx,
            cy,
        )
    ]


def _wreath(deck: Deck) -> list[str]:
    """Two laurel branches rising from a bow at the bottom, leaves in pairs pointing up along the stems."""
    p = deck.palette
    r = 68.0
    stems, leaves, berries = [], [], []
    for side in (-1, 1):
        start, stop = 90 - side * 18, 90 - side * 158  # degrees, SVG sense (0 = right, 90 = down)
        x1, y1 = r * math.cos(math.radians(start)), r * math.sin(math.radians(start))
        x2, y2 = r * math.cos(math.radians(stop)), r * math.sin(math.radians(stop))
        stems.append(f"M{fmt(x1)} {fmt(y1)}A{r:g} {r:g} 0 0 {1 if side < 0 else 0} {fmt(x2)} {fmt(y2)}")
        for i in range(10):
            theta = start + (stop - start) * (i + 0.5) / 10
            x, y = r * math.cos(math.radians(theta)), r * math.sin(math.radians(theta))
            travel = theta - side * 90  # direction along the stem, towards the top
            for spread in (-38, 38):
                leaves.append(leaf_d(x, y, 17 - i * 0.5, travel + spread))
            if i % 3 == 1:
                bx, by = (r + 7) * math.cos(math.radians(theta)), (r + 7) * math.sin(math.radians(theta))
                berries.append((bx, by))
    return [
        path("".join(stems), None, p.green_dark, 2.4, 'stroke-linecap="round"'),
        path("".join(leaves), p.green, p.green_dark, 0.9),
        path(dots_d(berries, 2.8), p.red, p.ink, 0.7),
        path(petals_d(2, 2, 15, 5, 200) + petals_d(2, 2, 15, 5, -20), p.red, p.ink, 0.9, 'transform="translate(0 70)"'),
        circle(0, 70, 3.5, p.red_dark, p.ink, 0.9),
    ]


def _ribbon(deck: Deck, y: float) -> str:
    p = deck.palette
    return path(
        f"M38 {y - 6}Q100 {y + 8} 162 {y - 6}L166 {y + 6}L158 {y + 4}Q100 {y + 18} 42 {y + 4}L34 {y + 6}Z",
        p.red,
        p.ink,
        1.2,
    )


def _ace(deck: Deck, suit: int) -> list[str]:
    p = deck.palette
    cx, cy = CARD_W / 2, CARD_H / 2 - 6
    parts = _ornament(deck, suit)
    french = deck.symbols.arrangement == "french"
    if french:
        size = 96.0
    elif suit == Suit.DENARI:
        size = 92.0 if deck.ace in ("rays", "wreath", "sunburst") else 104.0
    elif suit == Suit.COPPE:
        size = 140.0
    else:
        size = 232.0
    if deck.symbols.arrangement == "interlaced" and suit in (Suit.SPADE, Suit.BASTONI):
        # the northern ace: one long curved sword or baton, sweeping across the card
        if suit == Suit.SPADE:
            parts.extend(curved_sword(p, (cx - 14, CARD_H - 62), (cx + 74, cy), (cx - 6, 30), 17.0))
        else:
            parts.extend(baton(p, (cx + 10, CARD_H - 36), (cx - 40, cy), (cx + 6, 32), 14.0))
    else:
        parts.append(draw_symbol(p, deck.symbols, suit, cx, cy, size, 0.0))
    if deck.ace in ("rays", "sunburst") and suit in (Suit.DENARI, Suit.COPPE):
        parts.append(_ribbon(deck, cy + 88))
    return parts


# --- courts -----------------------------------------------------------------------------------------------------


def _court(deck: Deck, suit: int, court: int) -> list[str]:
    """The court figure in the deck's court box; double-headed decks frame it, as their printed cards do.

    The double-headed half figures run out to the box's sides, so the frame line is drawn after them, on the box's
    edge: it covers the robe's and the divider's ends, the way the printed frame borders the figure.
    """
    box = deck.court_box
    draw = symbol_drawer(deck.palette, deck.symbols, suit)
    body = court_svg(deck.variant_of or deck.ident, suit, court, box.width, box.height, draw, deck.double_headed)
    parts = [group([body], f"translate({fmt(box.x0)} {fmt(box.y0)})")]
    if deck.double_headed:
        inset = 0.9
        w, h = box.width - 2 * inset, box.height - 2 * inset
        parts.append(rect(box.x0 + inset, box.y0 + inset, w, h, None, deck.palette.frame, 1.6, 2))
    return parts


# --- the face ---------------------------------------------------------------------------------------------------


def face_svg(deck: Deck, card: Card) -> str:
    """The whole SVG file of ``card`` in ``deck``."""
    suit, rank = card.suit, card.rank
    parts = border_parts(deck, suit)
    if rank is Rank.ACE:
        parts.extend(_ace(deck, suit))
    elif rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        parts.extend(_court(deck, suit, rank - Rank.JACK))
    else:
        parts.extend(_pip_card(deck, suit, rank.face_value))
    return svg_document(CARD_W, CARD_H, symbol_defs(deck.palette), parts)


def symbol_svg(deck: Deck, suit: int, colour: str | None = None) -> str:
    """A square SVG holding only ``suit``'s object in ``deck``'s style, for the UI (trump marker, tooltips).

    The bundled font has no suit glyphs, so the UI draws suits from these same paths. ``colour`` repaints the
    French pips (single-colour silhouettes); the Italian and Spanish objects keep their own colours.
    """
    palette = deck.palette if colour is None else replace(deck.palette, suits=(colour, colour, colour, colour))
    return svg_document(100, 100, symbol_defs(palette), [draw_symbol(palette, deck.symbols, suit, 50, 50, 96, 0)])
