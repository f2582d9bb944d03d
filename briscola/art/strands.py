"""Long northern objects drawn as strips along curves: curved swords and batons, whole or in pieces.

Interlaced northern suits need a piece of one blade laid back over another where they cross; with no clip
paths in nanosvg, the piece is drawn again from the same curve over the parameter range around the crossing.
"""

from __future__ import annotations

from briscola.art.geometry import quad, strip
from briscola.art.model import Palette
from briscola.art.svg import circle, path, poly_d, polygon

__all__ = ["baton", "curved_sword"]

_W = 1.6  # outline width, as for the other symbols


def _piece(outline: list[tuple[float, float]], fill: str, ink: str) -> list[str]:
    """A piece of a strand laid over a crossing: filled, with only its two long edges outlined (no seams)."""
    half = len(outline) // 2
    return [
        polygon(outline, fill, None),
        path(poly_d(outline[:half], closed=False) + poly_d(outline[half:], closed=False), None, ink, _W),
    ]


def curved_sword(
    p: Palette,
    hilt: tuple[float, float],
    bow: tuple[float, float],
    tip: tuple[float, float],
    width: float,
    t0: float = 0.0,
    t1: float = 1.0,
) -> list[str]:
    """A long curved northern blade from ``hilt`` (its guard) to ``tip``, bowed towards ``bow``, with its hilt.

    ``t0``/``t1`` draw only a piece of the blade (no hilt unless ``t0`` is 0), which is how a crossing is
    redrawn on top to look woven.
    """

    def blade_width(t: float) -> float:
        return width * (1.0 - 0.55 * t * t) if t < 0.93 else width * 0.45 * (1.0 - t) / 0.07 + 0.3

    outline = strip(hilt, bow, tip, blade_width, t0, t1, steps=max(4, round(30 * (t1 - t0))))
    parts = [polygon(outline, p.steel_light, p.ink, _W)] if t0 == 0.0 else _piece(outline, p.steel_light, p.ink)
    lo, hi = max(t0, 0.05), min(t1, 0.85)
    if hi > lo:
        fuller = [quad(hilt, bow, tip, lo + (hi - lo) * i / 8) for i in range(9)]
        parts.append(path(poly_d(fuller, closed=False), None, p.steel, 1.1, 'stroke-linecap="round"'))
    if t0 > 0.0:
        return parts
    # guard across the blade at the hilt end, grip and pommel continuing the curve backwards
    hx, hy = hilt
    dx, dy = bow[0] - hx, bow[1] - hy
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length  # along the blade, towards the tip
    nx, ny = -uy, ux
    g = width * 1.9
    k = max(1.0, width / 9.5)  # a wider blade (the ace's) gets a bigger hilt
    q = 3 * k
    parts.append(
        polygon(
            [
                (hx + nx * g, hy + ny * g),
                (hx + nx * g - ux * q, hy + ny * g - uy * q),
                (hx - nx * g - ux * q, hy - ny * g - uy * q),
                (hx - nx * g, hy - ny * g),
            ],
            p.gold,
            p.ink,
            _W,
        )
    )
    grip_end = (hx - ux * 14 * k, hy - uy * 14 * k)
    parts.append(
        polygon(
            [
                (hx - ux * q + nx * 2.6 * k, hy - uy * q + ny * 2.6 * k),
                (grip_end[0] + nx * 2.6 * k, grip_end[1] + ny * 2.6 * k),
                (grip_end[0] - nx * 2.6 * k, grip_end[1] - ny * 2.6 * k),
                (hx - ux * q - nx * 2.6 * k, hy - uy * q - ny * 2.6 * k),
            ],
            p.red_dark,
            p.ink,
            _W,
        )
    )
    parts.append(circle(hx - ux * 17 * k, hy - uy * 17 * k, 3.8 * k, p.gold, p.ink, _W))
    return parts


def baton(
    p: Palette,
    start: tuple[float, float],
    bow: tuple[float, float],
    end: tuple[float, float],
    width: float,
    t0: float = 0.0,
    t1: float = 1.0,
) -> list[str]:
    """A long northern baton from ``start`` (its grip) to ``end``, with bands; ``t0``/``t1`` draw a piece."""

    def w(t: float) -> float:
        return width * (0.8 + 0.3 * t)

    outline = strip(start, bow, end, w, t0, t1, steps=max(3, round(16 * (t1 - t0))))
    parts = [polygon(outline, p.wood, p.ink, _W)] if t0 == 0.0 else _piece(outline, p.wood, p.ink)
    for tb in (0.12, 0.3, 0.7, 0.88):  # bands clear of the middle, where batons cross
        if t0 <= tb - 0.03 and tb + 0.03 <= t1:
            parts.append(
                polygon(
                    strip(start, bow, end, lambda t: w(t) + 1.2, tb - 0.025, tb + 0.025, steps=2),
                    p.gold,
                    p.ink,
                    _W * 0.7,
                )
            )
    if t0 == 0.0:
        parts.append(circle(start[0], start[1], width * 0.62, p.red_dark, p.ink, _W))
    if t1 == 1.0:
        parts.append(circle(end[0], end[1], width * 0.78, p.gold, p.ink, _W))
        parts.append(circle(end[0], end[1], width * 0.3, p.red, None))
    return parts
