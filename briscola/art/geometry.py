"""Shapes computed in Python: strips along curves, petals, stars, rings of dots, leaves.

Long objects (curved swords, batons, cudgels) are drawn as a *strip*: a centre line with a width that varies
along it, turned into one outline polygon. Because the outline is computed here rather than stroked by the
rasteriser, the same curve also gives the object's extent (for layout checks) and any piece of it can be
redrawn on top (for the over-and-under look of interlaced swords) without clip paths, which nanosvg lacks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from briscola.art.svg import Point, fmt

__all__ = [
    "bbox",
    "dot_ring_d",
    "dots_d",
    "leaf_d",
    "petals_d",
    "quad",
    "star_points",
    "strip",
]


def quad(p0: Point, p1: Point, p2: Point, t: float) -> Point:
    """The point at ``t`` on the quadratic Bezier curve p0-p1-p2."""
    u = 1.0 - t
    return (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])


def _quad_tangent(p0: Point, p1: Point, p2: Point, t: float) -> Point:
    dx = 2 * (1 - t) * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0])
    dy = 2 * (1 - t) * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1])
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def strip(
    p0: Point,
    p1: Point,
    p2: Point,
    width: Callable[[float], float],
    t0: float = 0.0,
    t1: float = 1.0,
    steps: int = 14,
) -> list[Point]:
    """Outline of a band of ``width(t)`` along the quadratic curve p0-p1-p2, from ``t0`` to ``t1``."""
    left: list[Point] = []
    right: list[Point] = []
    for i in range(steps + 1):
        t = t0 + (t1 - t0) * i / steps
        x, y = quad(p0, p1, p2, t)
        tx, ty = _quad_tangent(p0, p1, p2, t)
        half = width(t) / 2
        left.append((x - ty * half, y + tx * half))
        right.append((x + ty * half, y - tx * half))
    return left + right[::-1]


def bbox(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a set of points."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def petals_d(count: int, r_in: float, r_out: float, half_width: float, turn: float = 0.0) -> str:
    """One path holding ``count`` lens-shaped petals between radii ``r_in`` and ``r_out``: a rosette in one element."""
    parts = []
    for i in range(count):
        a = math.radians(turn + 360.0 * i / count)
        ca, sa = math.cos(a), math.sin(a)
        mid = (r_in + r_out) / 2
        x0, y0 = r_in * ca, r_in * sa
        x1, y1 = r_out * ca, r_out * sa
        c1 = (mid * ca - sa * half_width * 2, mid * sa + ca * half_width * 2)
        c2 = (mid * ca + sa * half_width * 2, mid * sa - ca * half_width * 2)
        parts.append(
            f"M{fmt(x0)} {fmt(y0)}Q{fmt(c1[0])} {fmt(c1[1])} {fmt(x1)} {fmt(y1)}"
            f"Q{fmt(c2[0])} {fmt(c2[1])} {fmt(x0)} {fmt(y0)}Z"
        )
    return "".join(parts)


def star_points(count: int, r_out: float, r_in: float, turn: float = -90.0) -> list[Point]:
    """A star with ``count`` points, the first pointing up by default."""
    points = []
    for i in range(count * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn + 180.0 * i / count)
        points.append((r * math.cos(a), r * math.sin(a)))
    return points


def dot_ring_d(count: int, radius: float, dot: float, turn: float = 0.0) -> str:
    """One path holding ``count`` small discs on a circle (each written as two arcs)."""
    parts = []
    for i in range(count):
        a = math.radians(turn + 360.0 * i / count)
        x, y = radius * math.cos(a), radius * math.sin(a)
        parts.append(
            f"M{fmt(x - dot)} {fmt(y)}a{fmt(dot)} {fmt(dot)} 0 1 0 {fmt(2 * dot)} 0"
            f"a{fmt(dot)} {fmt(dot)} 0 1 0 {fmt(-2 * dot)} 0Z"
        )
    return "".join(parts)


def dots_d(points: Sequence[Point], radius: float) -> str:
    """One path holding a disc of ``radius`` at each point."""
    return "".join(
        f"M{fmt(x - radius)} {fmt(y)}a{fmt(radius)} {fmt(radius)} 0 1 0 {fmt(2 * radius)} 0"
        f"a{fmt(radius)} {fmt(radius)} 0 1 0 {fmt(-2 * radius)} 0Z"
        for x, y in points
    )


def leaf_d(x: float, y: float, length: float, angle_deg: float, width_ratio: float = 0.38) -> str:
    """A pointed leaf starting at (x, y), ``length`` long, pointing ``angle_deg`` (0 = right, clockwise)."""
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    tip = (x + ca * length, y + sa * length)
    w = length * width_ratio
    mid = (x + ca * length * 0.5, y + sa * length * 0.5)
    c1 = (mid[0] - sa * w, mid[1] + ca * w)
    c2 = (mid[0] + sa * w, mid[1] - ca * w)
    return (
        f"M{fmt(x)} {fmt(y)}Q{fmt(c1[0])} {fmt(c1[1])} {fmt(tip[0])} {fmt(tip[1])}"
        f"Q{fmt(c2[0])} {fmt(c2[1])} {fmt(x)} {fmt(y)}Z"
    )
