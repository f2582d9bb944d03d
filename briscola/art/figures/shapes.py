"""Small SVG-building helpers for the court figures: numbers, paths, smooth outlines, mirrored shapes, colours.

The figures are drawn as SVG text for pygame-ce's rasteriser (nanosvg), which only honours a small subset of SVG
(see ``docs``/the art spec): so everything here emits plain ``<path>``, ``<circle>``, ``<ellipse>`` and ``<g>`` with
hex colours, and nothing that nanosvg silently drops (``<use>``, clip paths, ``rgba()``...). Paths are built as text
from points so that a body part can be written once as a half outline and mirrored, or as a centre line with widths
(limbs, tails, feathers) and turned into a smooth closed outline here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from briscola.art.svg import Point, fmt

__all__ = [
    "Pt",
    "Seg",
    "circle",
    "ellipse",
    "f",
    "group",
    "limb",
    "line",
    "mix",
    "path",
    "pathd",
    "rot",
    "shade",
    "smooth_open",
    "sym",
]

#: Short names for the figures' dense drawing code, from :mod:`briscola.art.svg`: a point, and a number as SVG text
#: (two decimals are far below a pixel at any card size, and keep the SVG small).
Pt = Point
f = fmt
# One piece of a path after its start point: (end,) is a straight line, (c1, c2, end) a cubic Bezier.
Seg = tuple[Pt] | tuple[Pt, Pt, Pt]


def _p(p: Pt) -> str:
    return f"{f(p[0])} {f(p[1])}"


def pathd(start: Pt, segs: Iterable[Seg], close: bool = True) -> str:
    """Path data from a start point and line/cubic segments, so shapes can be written and transformed as points."""
    out = [f"M{_p(start)}"]
    for s in segs:
        out.append(f"L{_p(s[0])}" if len(s) == 1 else f"C{_p(s[0])} {_p(s[1])} {_p(s[2])}")
    if close:
        out.append("Z")
    return "".join(out)


def _mx(p: Pt, axis: float) -> Pt:
    return (2 * axis - p[0], p[1])


def sym(start: Pt, segs: Sequence[Seg], axis: float) -> str:
    """A closed shape symmetric about the vertical line x = ``axis``, from its right half only.

    ``start`` and the last segment's end lie on the axis; the left half is the right half mirrored and walked
    backwards. Writing one half keeps bodies, crowns and faces symmetric without copying coordinates by hand.
    """
    pts: list[Pt] = [start]
    for s in segs:
        pts.append(s[-1])
    back: list[Seg] = []
    for i in range(len(segs) - 1, -1, -1):
        s = segs[i]
        begin = _mx(pts[i], axis)
        if len(s) == 1:
            back.append((begin,))
        else:
            back.append((_mx(s[1], axis), _mx(s[0], axis), begin))
    return pathd(start, [*segs, *back])


def smooth_open(points: Sequence[Pt], tension: float = 1.0) -> str:
    """An open smooth curve through ``points`` (Catmull-Rom turned into cubics), for strokes (brows, folds, reins,
    strands)."""
    n = len(points)
    segs: list[Seg] = []
    for i in range(n - 1):
        p0 = points[i - 1] if i > 0 else points[i]
        p3 = points[i + 2] if i + 2 < n else points[i + 1]
        segs.append(_cr(p0, points[i], points[i + 1], p3, tension))
    return pathd(points[0], segs, close=False)


def _cr(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: float) -> tuple[Pt, Pt, Pt]:
    k = t / 6
    c1 = (p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k)
    c2 = (p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k)
    return (c1, c2, p2)


def limb(points: Sequence[Pt], widths: Sequence[float], cap: bool = True) -> str:
    """A smooth closed outline around a centre line whose width varies point by point (arms, legs, tails, plumes).

    Each point is pushed out by half its width along the normal of the line there; the two sides are joined by
    smooth curves and rounded at the ends (``cap``), which gives tapered limbs from a handful of joint positions.
    """
    n = len(points)
    left: list[Pt] = []
    right: list[Pt] = []
    for i in range(n):
        a = points[max(i - 1, 0)]
        b = points[min(i + 1, n - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        h = widths[i] / 2
        left.append((points[i][0] + nx * h, points[i][1] + ny * h))
        right.append((points[i][0] - nx * h, points[i][1] - ny * h))
    segs: list[Seg] = []
    segs.extend(_open_segs(left))
    segs.append(_cap(left[-1], right[-1], points[-1], points[-2], cap))
    segs.extend(_open_segs(right[::-1]))
    segs.append(_cap(right[0], left[0], points[0], points[1], cap))
    return pathd(left[0], segs)


def _open_segs(pts: Sequence[Pt]) -> list[Seg]:
    n = len(pts)
    out: list[Seg] = []
    for i in range(n - 1):
        p0 = pts[i - 1] if i > 0 else pts[i]
        p3 = pts[i + 2] if i + 2 < n else pts[i + 1]
        out.append(_cr(p0, pts[i], pts[i + 1], p3, 1.0))
    return out


def _cap(a: Pt, b: Pt, tip: Pt, prev: Pt, rounded: bool) -> Seg:
    if not rounded:
        return (b,)
    dx, dy = tip[0] - prev[0], tip[1] - prev[1]
    d = math.hypot(dx, dy) or 1.0
    r = math.hypot(a[0] - b[0], a[1] - b[1]) * 0.55
    ux, uy = dx / d * r, dy / d * r
    return ((a[0] + ux, a[1] + uy), (b[0] + ux, b[1] + uy), b)


def rot(p: Pt, c: Pt, deg: float) -> Pt:
    """``p`` turned ``deg`` clockwise (SVG's sense: y points down) about ``c``."""
    a = math.radians(deg)
    x, y = p[0] - c[0], p[1] - c[1]
    return (c[0] + x * math.cos(a) - y * math.sin(a), c[1] + x * math.sin(a) + y * math.cos(a))


def _attrs(fill: str | None, stroke: str | None, sw: float | None, extra: str) -> str:
    a = f' fill="{fill}"' if fill else ' fill="none"'
    if stroke is not None:
        a += f' stroke="{stroke}"'
    if sw is not None:
        a += f' stroke-width="{f(sw)}"'
    return a + (" " + extra if extra else "")


def path(d: str, fill: str | None, stroke: str | None = None, sw: float | None = None, extra: str = "") -> str:
    """A ``<path>``; ``stroke=None`` inherits the figure's outline from the enclosing group."""
    return f'<path d="{d}"{_attrs(fill, stroke, sw, extra)}/>'


def line(points: Sequence[Pt], stroke: str, sw: float, smooth: bool = True) -> str:
    """An unfilled stroke through ``points`` (a fold, a brow, a rein)."""
    d = smooth_open(points) if smooth else pathd(points[0], [(p,) for p in points[1:]], close=False)
    return path(d, None, stroke, sw)


def circle(c: Pt, r: float, fill: str, stroke: str | None = None, sw: float | None = None, extra: str = "") -> str:
    """A ``<circle>`` (eyes, jewels, buttons)."""
    return f'<circle cx="{f(c[0])}" cy="{f(c[1])}" r="{f(r)}"{_attrs(fill, stroke, sw, extra)}/>'


def ellipse(
    c: Pt, rx: float, ry: float, fill: str, stroke: str | None = None, sw: float | None = None, extra: str = ""
) -> str:
    """An ``<ellipse>`` (ground, cheeks, ears)."""
    return f'<ellipse cx="{f(c[0])}" cy="{f(c[1])}" rx="{f(rx)}" ry="{f(ry)}"{_attrs(fill, stroke, sw, extra)}/>'


def group(children: Iterable[str], transform: str = "", extra: str = "") -> str:
    """A ``<g>`` around ``children``: group transforms are the one transform form nanosvg handles reliably."""
    t = f' transform="{transform}"' if transform else ""
    e = " " + extra if extra else ""
    return f"<g{t}{e}>" + "".join(children) + "</g>"


def _rgb(c: str) -> tuple[int, int, int]:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def mix(a: str, b: str, t: float) -> str:
    """The colour a fraction ``t`` of the way from ``a`` to ``b`` (hex in, hex out: nanosvg reads only hex)."""
    ra, rb = _rgb(a), _rgb(b)
    return "#" + "".join(f"{min(255, max(0, round(x + (y - x) * t))):02x}" for x, y in zip(ra, rb, strict=True))


def shade(c: str, t: float = 0.22) -> str:
    """A darker tone of ``c`` for folds and shadows: a flat-shaded look needs exactly one such step per colour."""
    return mix(c, "#1a1010", t)
