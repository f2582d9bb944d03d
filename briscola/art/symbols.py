"""The suit objects (coins, cups, swords, clubs and the French pips), drawn as paths in a unit frame.

Every symbol is drawn around the origin with its long axis 100 units and vertical; swords and clubs have the
hilt or grip at the bottom (y = +50) and the point or head at the top, the orientation the court figures rely
on (see :data:`SymbolDrawer`). :func:`draw_symbol` moves, scales and turns one into place. The gradients the
symbols use are written in the same unit frame, so one ``<defs>`` per card serves every copy at any size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from briscola.art.geometry import dot_ring_d, dots_d, leaf_d, petals_d, star_points, strip
from briscola.art.model import Palette, SymbolStyle
from briscola.art.strands import baton, curved_sword
from briscola.art.svg import (
    circle,
    ellipse,
    fmt,
    group,
    linear_gradient,
    path,
    place,
    polygon,
    radial_gradient,
    rect,
)
from briscola.engine.cards import Suit

__all__ = [
    "HILT_SCALE",
    "SymbolDrawer",
    "draw_symbol",
    "long_sword_parts",
    "symbol_aspect",
    "symbol_defs",
    "symbol_drawer",
]

#: draw(cx, cy, size, angle_deg) -> SVG fragment of a suit object centred at (cx, cy), ``size`` long.
SymbolDrawer = Callable[[float, float, float, float], str]

_W = 1.6  # outline width in unit-frame units (scaled with the symbol)


def symbol_defs(p: Palette) -> list[str]:
    """The gradients every symbol may reference, in the unit frame."""
    return [
        radial_gradient("gCoin", -14, -16, 62, [(0, p.gold_light), (0.55, p.gold), (1, p.gold_dark)]),
        linear_gradient(
            "gCup", -32, 0, 32, 0, [(0, p.gold_dark), (0.3, p.gold_light), (0.65, p.gold), (1, p.gold_dark)]
        ),
        linear_gradient(
            "gBlade", -5, 0, 5, 0, [(0, p.steel_light), (0.5, p.steel_light), (0.51, p.steel), (1, p.steel)]
        ),
        linear_gradient("gWood", -11, 0, 11, 0, [(0, p.wood), (0.35, p.wood), (1, p.wood_dark)]),
    ]


# --- coins ------------------------------------------------------------------------------------------------------


def _coin(p: Palette, style: str) -> list[str]:
    ink = p.ink
    if style == "rosette":
        return [
            circle(0, 0, 49, "url(#gCoin)", ink, _W * 1.4),
            circle(0, 0, 39, p.red, ink, _W),
            circle(0, 0, 33, p.gold, ink, _W * 0.8),
            path(petals_d(8, 6, 31, 5.5, -90), p.red, ink, _W * 0.7),
            path(petals_d(8, 8, 22, 3, -67.5), p.green, None),
            circle(0, 0, 7, p.gold_light, ink, _W * 0.8),
            path(dot_ring_d(16, 44, 1.8), p.gold_light, None),
        ]
    if style == "star":
        return [
            circle(0, 0, 49, "url(#gCoin)", ink, _W * 1.4),
            circle(0, 0, 41, None, p.gold_dark, _W * 1.2),
            polygon(star_points(12, 38, 30), p.blue, ink, _W * 0.7),
            circle(0, 0, 28, p.gold_light, ink, _W * 0.8),
            polygon(star_points(6, 25, 11), p.red, ink, _W * 0.7),
            circle(0, 0, 6, p.gold, ink, _W * 0.6),
        ]
    if style == "sun":
        scallop = polygon(star_points(20, 50, 45.5, -90), p.gold_dark, ink, _W)
        return [
            scallop,
            circle(0, 0, 43, "url(#gCoin)", ink, _W),
            circle(0, 0, 35, p.green, ink, _W * 0.8),
            path(petals_d(12, 4, 33, 4.5, -90), p.gold_light, ink, _W * 0.6),
            path(petals_d(6, 4, 20, 5, -60), p.red, ink, _W * 0.6),
            circle(0, 0, 6, p.red_dark, ink, _W * 0.6),
            path(dot_ring_d(20, 39, 1.5), p.gold_light, None),
        ]
    if style == "quatrefoil":
        return [
            circle(0, 0, 49, "url(#gCoin)", ink, _W * 1.4),
            circle(0, 0, 42, None, ink, _W * 0.7),
            path(dot_ring_d(24, 45.5, 1.6), p.gold_dark, None),
            path(petals_d(4, 0, 38, 10, -90), p.red, ink, _W * 0.8),
            path(petals_d(4, 0, 30, 6, -45), p.green, ink, _W * 0.6),
            circle(0, 0, 9, p.gold_light, ink, _W * 0.8),
            circle(0, 0, 3.5, p.red_dark, None),
        ]
    if style == "wheel":
        return [
            circle(0, 0, 49, "url(#gCoin)", ink, _W * 1.4),
            circle(0, 0, 40, p.blue, ink, _W),
            path(petals_d(10, 8, 39, 3.2, -90), p.gold_light, ink, _W * 0.6),
            path(dot_ring_d(10, 30, 2.4, -72), p.red, ink, _W * 0.5),
            circle(0, 0, 12, p.red, ink, _W),
            polygon(star_points(5, 9, 4), p.gold_light, None),
        ]
    if style == "oros":
        rays = "".join(
            f"M0 0L{fmt(x)} {fmt(y)}" for x, y in star_points(16, 33, 33, -90)[::2]
        )  # sixteen spokes from the centre
        return [
            circle(0, 0, 49, p.gold_dark, ink, _W * 1.4),
            circle(0, 0, 44, "url(#gCoin)", ink, _W),
            path(rays, None, p.gold_dark, 2.2),
            circle(0, 0, 34, None, p.red, 3),
            circle(0, 0, 17, p.gold_light, ink, _W),
            circle(0, 0, 11, None, p.red, 2.5),
            circle(0, 0, 4, p.red, None),
        ]
    # French diamond (carreau)
    return [path("M0 -50Q14 -22 36 0Q14 22 0 50Q-14 22 -36 0Q-14 -22 0 -50Z", p.suits[0], None)]


# --- cups -------------------------------------------------------------------------------------------------------


def _cup(p: Palette, style: str) -> list[str]:
    ink = p.ink
    if style in ("goblet", "tulip"):
        flare = 6 if style == "tulip" else 0
        bowl = (
            f"M{-30 - flare} -44C{-30 - flare} -14 -16 -4 -6 -2L6 -2C16 -4 {30 + flare} -14 {30 + flare} -44Z"
            if not flare
            else "M-34 -46C-26 -40 -30 -14 -6 -2L6 -2C30 -14 26 -40 34 -46Z"
        )
        band_y = -30 if not flare else -26
        return [
            path("M-24 48Q-22 36 -6 30L6 30Q22 36 24 48Z", "url(#gCup)", ink, _W),
            rect(-4.5, -4, 9, 36, "url(#gCup)", ink, _W),
            ellipse(0, 13, 8.5, 5, p.blue if style == "goblet" else p.red, ink, _W),
            path(bowl, "url(#gCup)", ink, _W),
            path(
                f"M-28 {band_y - 3}Q0 {band_y + 3} 28 {band_y - 3}L27 {band_y + 4}Q0 {band_y + 10} -27 {band_y + 4}Z",
                p.red,
                ink,
                _W * 0.6,
            ),
            ellipse(0, -44 if not flare else -46, 30 if not flare else 34, 7, p.gold, ink, _W),
            ellipse(0, -44 if not flare else -46, 25 if not flare else 29, 4.5, p.wood_dark, None),
        ]
    if style == "urn":
        return [
            path("M-22 48Q-20 38 -7 34L7 34Q20 38 22 48Z", "url(#gCup)", ink, _W),
            rect(-4, 14, 8, 21, "url(#gCup)", ink, _W),
            path("M-26 -22C-40 -24 -40 -6 -24 -2", None, ink, 4.5),
            path("M26 -22C40 -24 40 -6 24 -2", None, ink, 4.5),
            path("M-26 -22C-40 -24 -40 -6 -24 -2", None, p.gold, 2.2),
            path("M26 -22C40 -24 40 -6 24 -2", None, p.gold, 2.2),
            path("M-16 -32C-34 -26 -34 2 -10 14L10 14C34 2 34 -26 16 -32Z", "url(#gCup)", ink, _W),
            path("M-29 -14Q0 -8 29 -14L28 -6Q0 0 -28 -6Z", p.green, ink, _W * 0.6),
            path("M-18 -32Q-16 -48 0 -48Q16 -48 18 -32Z", p.red, ink, _W),
            circle(0, -48, 4.5, p.gold, ink, _W),
            ellipse(0, 24, 9, 4, p.gold_light, ink, _W * 0.7),
        ]
    if style == "chalice":
        return [
            path("M-26 48L-20 38Q-10 34 -6 30L6 30Q10 34 20 38L26 48Z", "url(#gCup)", ink, _W),
            path("M-26 48L-20 38L20 38L26 48Z", p.red, ink, _W * 0.7),
            rect(-4, -6, 8, 37, "url(#gCup)", ink, _W),
            ellipse(0, 4, 8, 4.5, p.gold, ink, _W),
            ellipse(0, 18, 6.5, 4, p.gold, ink, _W),
            path("M-25 -46L25 -46L23 -36C19 -18 10 -9 4 -6L-4 -6C-10 -9 -19 -18 -23 -36Z", "url(#gCup)", ink, _W),
            path("M-22 -30L22 -30C18 -17 10 -10 4 -7L-4 -7C-10 -10 -18 -17 -22 -30Z", p.red, ink, _W * 0.6),
            path("M-12 -24L12 -24L0 -12Z", p.gold_light, None),
            ellipse(0, -46, 25, 5, p.gold_light, ink, _W),
            ellipse(0, -46, 20, 3, p.wood_dark, None),
        ]
    # French heart (coeur)
    heart = (
        "M0 46C-20 24 -48 4 -48 -20C-48 -38 -34 -48 -22 -48C-10 -48 -2 -40 0 -30"
        "C2 -40 10 -48 22 -48C34 -48 48 -38 48 -20C48 4 20 24 0 46Z"
    )
    return [path(heart, p.suits[1], None)]


# --- swords -----------------------------------------------------------------------------------------------------


def _sword(p: Palette, style: str) -> list[str]:
    ink = p.ink
    if style == "spade":
        spade = (
            "M0 -50C-6 -36 -46 -16 -46 8C-46 24 -34 32 -22 32C-12 32 -6 26 -3 20Q-4 38 -14 48L14 48"
            "Q4 38 3 20C6 26 12 32 22 32C34 32 46 24 46 8C46 -16 6 -36 0 -50Z"
        )
        return [path(spade, p.suits[2], None)]
    if style == "scimitar":
        return curved_sword(p, (0, 33), (15, -10), (0, -50), 8.0)
    blade_w = 9.0 if style != "espada" else 10.0
    hw = blade_w / 2
    parts = [
        polygon([(0, -50), (hw - 0.5, -41), (hw, 15), (-hw, 15), (-hw + 0.5, -41)], "url(#gBlade)", ink, _W),
        path("M0 -38L0 10", None, p.steel, 1.1),
    ]
    grip = rect(-3.8, 21, 7.6, 19, p.red_dark if style != "bar" else p.wood_dark, ink, _W)
    wraps = path("M-3.8 25L3.8 27M-3.8 30L3.8 32M-3.8 35L3.8 37", None, ink, 0.9)
    if style == "crescent":
        guard = path("M-20 10Q-12 21 0 19Q12 21 20 10L21 14Q12 26 0 24Q-12 26 -21 14Z", p.gold, ink, _W)
        ends = path(dots_d([(-20.5, 12), (20.5, 12)], 2.6), p.gold, ink, _W * 0.7)
        parts += [grip, wraps, guard, ends]
    elif style == "bar":
        parts += [
            grip,
            wraps,
            rect(-19, 16, 38, 6, p.gold, ink, _W, 2),
            path(dots_d([(-20, 19), (20, 19)], 3.6), p.gold, ink, _W * 0.8),
            path("M-5 16L0 10L5 16Z", p.gold, ink, _W * 0.8),
        ]
    elif style == "scroll":
        parts += [
            grip,
            wraps,
            path("M-4 19C-12 19 -18 13 -14 8C-12 5 -8 7 -9 10", None, ink, 4.2),
            path("M4 21C12 21 18 27 14 32C12 35 8 33 9 30", None, ink, 4.2),
            path("M-4 19C-12 19 -18 13 -14 8C-12 5 -8 7 -9 10", None, p.gold, 2.2),
            path("M4 21C12 21 18 27 14 32C12 35 8 33 9 30", None, p.gold, 2.2),
            rect(-8, 16, 16, 6, p.gold, ink, _W, 2),
        ]
    else:  # espada: cross guard with a ring (the Spanish cup hilt), red grip
        parts += [
            grip,
            wraps,
            path("M6 20C16 20 17 33 6 33", None, ink, 4),
            path("M6 20C16 20 17 33 6 33", None, p.gold, 2),
            rect(-22, 15, 44, 6, p.gold, ink, _W, 3),
            path(dots_d([(-22, 18), (22, 18)], 3.4), p.gold, ink, _W * 0.8),
        ]
    parts.append(circle(0, 45, 5.5, p.gold, ink, _W))
    parts.append(circle(-1.5, 43.5, 1.8, p.gold_light, None))
    return parts


# --- clubs ------------------------------------------------------------------------------------------------------


HILT_SCALE: Final = 0.7  # the long sword's hilt, shrunk toward its pommel end


def long_sword_parts(p: Palette, style: str) -> list[str]:
    """A straight sword with a longer blade and a smaller hilt, in the same 100-unit frame (point at -50, pommel at
    +50): the slender swords of the Italian crossed layouts, where the pip sword's broad guard would crowd the
    crossings. The hilt is the pip sword's own drawing, scaled toward the pommel end."""
    k = HILT_SCALE
    hilt = _sword(p, style)[2:]
    base = 50 - 35 * k  # where the pip sword's blade base (y=15) lands once its hilt is scaled
    hw = 3.2
    blade = polygon([(0, -50), (hw - 0.5, -40), (hw, base), (-hw, base), (-hw + 0.5, -40)], "url(#gBlade)", p.ink, _W)
    return [
        blade,
        path(f"M0 -38L0 {fmt(base - 4)}", None, p.steel, 1.0),
        group(hilt, f"translate(0 {fmt(50 * (1 - k))}) scale({fmt(k)})"),
    ]


def _club(p: Palette, style: str) -> list[str]:
    ink = p.ink
    if style == "club":
        return [
            circle(0, -24, 21, p.suits[3], None),
            circle(-22, 8, 21, p.suits[3], None),
            circle(22, 8, 21, p.suits[3], None),
            path("M-4 4Q-4 36 -14 48L14 48Q4 36 4 4Z", p.suits[3], None),
        ]
    if style == "baton":
        return baton(p, (0, 50), (3, 0), (0, -50), 9.0)
    body_colour = p.green if style in ("knobbly", "leafy") else p.wood
    dark = p.green_dark if style in ("knobbly", "leafy") else p.wood_dark
    top_w = 21.0 if style != "basto" else 24.0

    def width(t: float) -> float:
        return 8.0 + (top_w - 8.0) * float(t**1.3)

    body = strip((0, 50), (0, 0), (0, -46), width, steps=8)
    stubs = [(-1, 18), (1, -4), (-1, -24)] if style != "basto" else [(-1, 20), (1, 4), (-1, -12), (1, -28)]
    parts: list[str] = []
    for side, y in stubs:
        t = (50 - y) / 96
        x0 = side * width(t) / 2
        parts.append(
            polygon(
                [(x0 - side * 1, y + 4), (x0 + side * 9, y - 4), (x0 + side * 10, y - 9), (x0 - side * 1, y - 4)],
                dark,
                ink,
                _W,
            )
        )
        parts.append(ellipse(x0 + side * 9.8, y - 6.5, 2.2, 3, p.gold_light, ink, _W * 0.6))
    parts.append(polygon(body, body_colour, ink, _W))
    parts.append(
        path(
            "M-2 44Q-4 0 -7 -40",
            None,
            p.gold_light if style == "basto" else p.steel_light,
            1.4,
            'stroke-linecap="round" stroke-opacity="0.6"',
        )
    )
    if style in ("knobbly", "leafy", "rough"):
        knots = "".join(
            f"M{fmt(x - 1.6)} {fmt(y)}a1.6 2.2 0 1 0 3.2 0a1.6 2.2 0 1 0 -3.2 0Z"
            for x, y in ((2, 30), (-3, 8), (4, -14), (-4, -32))
        )
        parts.append(path(knots, dark, None))
    if style in ("knobbly", "basto"):
        band = p.red if style == "knobbly" else p.red_dark
        parts.append(path("M-6 24Q0 27 6 24L6.3 28Q0 31 -6.3 28Z", band, ink, _W * 0.6))
    if style == "leafy":
        parts.append(path(leaf_d(4, -30, 16, -30) + leaf_d(-4, -8, 14, 200), p.green_dark, ink, _W * 0.6))
    if style == "basto":
        parts.append(path("M-12 -46Q0 -58 12 -46Q0 -40 -12 -46Z", dark, ink, _W))
    else:
        parts.append(ellipse(0, -46, top_w / 2, 4.2, p.gold_light, ink, _W))
        parts.append(ellipse(0, -46, top_w / 4, 2, None, p.wood_dark, 0.9))
    return parts


# --- public -----------------------------------------------------------------------------------------------------


def symbol_parts(p: Palette, style: SymbolStyle, suit: int) -> list[str]:
    """The unit-frame drawing of ``suit``'s object in this symbol style."""
    if suit == Suit.DENARI:
        return _coin(p, style.coin)
    if suit == Suit.COPPE:
        return _cup(p, style.cup)
    if suit == Suit.SPADE:
        return _sword(p, style.sword)
    return _club(p, style.club)


def symbol_aspect(style: SymbolStyle, suit: int) -> float:
    """Width over height of the symbol's unit-frame drawing, for laying pips out."""
    if suit == Suit.DENARI:
        return 0.72 if style.coin == "diamond" else 1.0
    if suit == Suit.COPPE:
        return {"goblet": 0.62, "tulip": 0.7, "urn": 0.8, "chalice": 0.54, "heart": 0.96}[style.cup]
    if suit == Suit.SPADE:
        return {"crescent": 0.43, "bar": 0.4, "scroll": 0.38, "espada": 0.46, "scimitar": 0.42, "spade": 0.92}[
            style.sword
        ]
    return {"knobbly": 0.4, "rough": 0.4, "leafy": 0.44, "basto": 0.46, "baton": 0.16, "club": 0.86}[style.club]


def draw_symbol(p: Palette, style: SymbolStyle, suit: int, cx: float, cy: float, size: float, angle: float) -> str:
    """``suit``'s object centred at (cx, cy), ``size`` long on its long axis, turned ``angle_deg`` clockwise."""
    return place(symbol_parts(p, style, suit), cx, cy, size / 100.0, angle)


def symbol_drawer(p: Palette, style: SymbolStyle, suit: int) -> SymbolDrawer:
    """A :data:`SymbolDrawer` for one suit, the callable handed to the court figures."""

    def draw(cx: float, cy: float, size: float, angle: float) -> str:
        return draw_symbol(p, style, suit, cx, cy, size, angle)

    return draw
