"""Crossed swords and cudgels for the Italian decks with Spanish-type suits (napoletane, piacentine, siciliane).

Their printed cards lay spade and bastoni across each other in X shapes, where the Spanish baraja stands them in
rows. The prototype's lattices clumped: every blade crossed every other at one knot and the hilts piled up. Here a
card is a *lattice* of two families of parallel objects, one leaning left and one leaning right, so crossings fall
on a regular diamond grid instead of one point; within a family the objects alternate ends (hilt down, hilt up), so
no corner collects all the hilts.

Whether a lattice works is checked on an outline model, not boxes: each object is a few capsules (a segment with a
radius) traced round its drawing, marked as *ends* (hilt, pommel, tip, the cudgel's head and grip) or *middle*.
Two objects that cross may overlap in their middles only, every end keeps :data:`GAP` from the other object, two
objects that don't cross keep :data:`GAP` everywhere, crossings keep :data:`CROSSING_APART` from each other, and
everything stays in the pip area. The largest objects passing all that are chosen by search; the same model backs
the layout tests, so "never clumps" is checked on every card.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Final

from briscola.art.model import Box
from briscola.art.svg import Point
from briscola.art.symbols import HILT_SCALE
from briscola.engine.cards import Suit

__all__ = [
    "CROSSING_APART",
    "GAP",
    "SLIM",
    "Capsule",
    "Placement",
    "axis",
    "capsules_box",
    "crossed_pips",
    "crossing",
    "object_capsules",
    "placements_clash",
]

GAP: Final = 4.0  # the clearance between ends, and between objects that don't cross, in card units
CROSSING_APART: Final = 18.0  # how close two crossings may come: closer reads as one knot
SLIM: Final = 0.8  # crossed cudgels are drawn this much narrower than upright ones: slender, as on the cards


@dataclass(frozen=True)
class Capsule:
    """A segment ``a``-``b`` thickened by ``r``; ``end`` marks a part that must stay clear of other objects."""

    a: Point
    b: Point
    r: float
    end: bool


# The outlines of the objects in their unit frame (100 long, point or head up at y=-50, hilt or grip at y=+50),
# traced from the drawings in :mod:`briscola.art.symbols`: (a, b, r, end).
_Model = tuple[tuple[Point, Point, float, bool], ...]
_SWORD_GRIP: Final = (((0.0, 20.0), (0.0, 45.0), 5.6, True),)
_HILTS: Final[dict[str, _Model]] = {
    "crescent": (((-17.0, 16.0), (17.0, 16.0), 7.0, True), *_SWORD_GRIP),
    "bar": (((-19.0, 19.0), (19.0, 19.0), 4.6, True), *_SWORD_GRIP),
    "scroll": (((-13.0, 11.0), (13.0, 27.0), 6.6, True), *_SWORD_GRIP),
}


def _long_sword(hilt: _Model) -> _Model:
    """The model of :func:`briscola.art.symbols.long_sword_parts`: the hilt scaled toward the pommel end."""
    k = HILT_SCALE
    base = 50 - 35 * k

    def move(q: Point) -> Point:
        return (q[0] * k, 50 * (1 - k) + q[1] * k)

    blade = (((0.0, -50.0), (0.0, -38.0), 3.4, True), ((0.0, -38.0), (0.0, base), 3.4, False))
    return (*blade, *((move(a), move(b), r * k, end) for a, b, r, end in hilt))


_MODELS: Final[dict[str, _Model]] = {
    **{name: _long_sword(hilt) for name, hilt in _HILTS.items()},
    "knobbly": (
        ((0.0, -47.0), (0.0, -34.0), 10.0, True),
        ((0.0, -34.0), (0.0, 30.0), 8.5, False),
        ((-15.3, 11.5), (-15.3, 11.5), 3.6, False),
        ((17.0, -10.5), (17.0, -10.5), 3.6, False),
        ((-19.0, -30.5), (-19.0, -30.5), 3.6, False),
        ((0.0, 30.0), (0.0, 50.0), 5.0, True),
    ),
}
_MODELS["rough"] = _MODELS["knobbly"]
_MODELS["leafy"] = (
    *_MODELS["knobbly"],
    ((4.0, -30.0), (12.0, -43.0), 4.5, True),
    ((-4.0, -8.0), (-16.0, -12.0), 4.5, False),
)


def object_capsules(style: str, cx: float, cy: float, size: float, angle: float) -> list[Capsule]:
    """The outline model of one object drawn at (cx, cy), ``size`` long, turned ``angle`` degrees clockwise (a
    cudgel :data:`SLIM` times its usual width, a sword with the long blade of ``long_sword_parts``)."""
    k = size / 100.0
    slim = 1.0 if style in _HILTS else SLIM
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def place(p: Point) -> Point:
        x = p[0] * slim
        return (cx + (x * c - p[1] * s) * k, cy + (x * s + p[1] * c) * k)

    out = []
    for a, b, r, end in _MODELS[style]:
        along = a[0] == b[0] == 0.0  # a piece along the axis gets thinner; a cross-piece keeps its thickness
        out.append(Capsule(place(a), place(b), r * k * (slim if along else 1.0), end))
    return out


def _seg_dist(p: Point, q: Point, r: Point, s: Point) -> float:
    """The least distance between segments p-q and r-s."""
    if crossing(p, q, r, s) is not None:
        return 0.0
    return min(_pt_seg(p, r, s), _pt_seg(q, r, s), _pt_seg(r, p, q), _pt_seg(s, p, q))


def _pt_seg(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def crossing(p: Point, q: Point, r: Point, s: Point) -> Point | None:
    """Where segments p-q and r-s cross, or None."""
    d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
    if abs(d) < 1e-12:
        return None
    t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d
    u = ((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0])) / d
    if 0 <= t <= 1 and 0 <= u <= 1:
        return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
    return None


def axis(cx: float, cy: float, size: float, angle: float) -> tuple[Point, Point]:
    """The object's centre line, point end first: what "these two cross" is decided on."""
    a = math.radians(angle)
    ux, uy = math.sin(a) * size / 2, -math.cos(a) * size / 2
    return (cx + ux, cy + uy), (cx - ux, cy - uy)


def _clear(a: list[Capsule], b: list[Capsule], ends_only: bool) -> bool:
    for ca in a:
        for cb in b:
            if ends_only and not (ca.end or cb.end):
                continue
            if _seg_dist(ca.a, ca.b, cb.a, cb.b) < ca.r + cb.r + GAP:
                return False
    return True


Placement = tuple[float, float, float, float]  # cx, cy, size, angle


def placements_clash(style: str, placements: list[Placement], area: Box) -> str | None:
    """Why these objects don't make a clean crossed card (None when they do): the rules in the module docstring."""
    shapes = [object_capsules(style, *pl) for pl in placements]
    for shape in shapes:
        for cap in shape:
            for x, y in (cap.a, cap.b):
                if not (area.x0 + cap.r <= x <= area.x1 - cap.r and area.y0 + cap.r <= y <= area.y1 - cap.r):
                    return "leaves the pip area"
    crossings: list[Point] = []
    for i, j in combinations(range(len(placements)), 2):
        at = crossing(*axis(*placements[i]), *axis(*placements[j]))
        if at is not None:
            crossings.append(at)
        if not _clear(shapes[i], shapes[j], ends_only=at is not None):
            return f"objects {i} and {j} touch" + (" at an end" if at is not None else "")
    for p, q in combinations(crossings, 2):
        if math.hypot(p[0] - q[0], p[1] - q[1]) < CROSSING_APART:
            return "two crossings bunch into one knot"
    return None


# --- compositions -----------------------------------------------------------------------------------------------
#
# A card is built from units, placed in multiples of the object's length L from the area's centre:
#   "X"  two objects leaning +/-lean, hilts the same way, crossing ``c`` L from their centres toward the points
#        (the broad hilts then sit well away from the crossing);
#   "Z"  the same with the second object turned end for end: one hilt at each end of the card;
#   "I"  one upright object, "H" one lying across.
# Units in the top half turn their hilts up, in the bottom half down, so the card reads the same both ways up and
# hilts gather in no corner. The compositions were chosen by trying many (see ``explore``): each is the one with
# the largest objects that passes every rule, and reads as the Italian X patterns: 2 one X, 3 an X under an
# upright, 4 two X's, 5 two X's and a bar between, 6 three opposed X's in a triangle, 7 the same around a bar.

Unit = tuple[str, float, float]  # kind, x and y of its crossing in units of L (y down)
_COMPOSITIONS: Final[dict[int, Callable[[float], tuple[Unit, ...]]]] = {
    2: lambda s: (("X", 0.0, 0.0),),
    3: lambda s: (("I", 0.0, -s), ("X", 0.0, s)),
    4: lambda s: (("X", 0.0, -s), ("X", 0.0, s)),
    5: lambda s: (("X", 0.0, -s), ("H", 0.0, 0.0), ("X", 0.0, s)),
    6: lambda s: (("Z", -s / 2, -s), ("Z", s / 2, -s), ("Z", 0.0, s)),
    7: lambda s: (("Z", -s / 2, -s), ("Z", s / 2, -s), ("H", 0.0, 0.0), ("Z", 0.0, s)),
}

# (lean, c, spread s) per symbol and count, found by :func:`explore` for the largest objects that pass.
_Tuning = dict[int, tuple[float, float, float]]
_CUDGELS: Final[_Tuning] = {
    2: (28, 0.0, 0.0),
    3: (34, 0.0, 0.5),
    4: (38, 0.0, 0.5),
    5: (30, 0.0, 0.7),
    6: (26, 0.0, 0.6),
    7: (34, 0.0, 0.7),
}
_SWORDS: Final[_Tuning] = {
    2: (34, 0.1, 0.0),
    3: (34, 0.0, 0.4),
    4: (42, 0.1, 0.35),
    5: (34, 0.2, 0.4),
    6: (26, 0.0, 0.6),
    7: (34, 0.0, 0.7),
}
_TUNING: Final[dict[str, _Tuning]] = {
    "crescent": {**_SWORDS, 3: (38, 0.0, 0.4), 5: (26, 0.2, 0.4)},
    "bar": _SWORDS,
    # the Sicilian scroll hilt is taller than it is wide and fits the 5-7 best at other angles
    "scroll": {**_SWORDS, 5: (38, 0.25, 0.4), 6: (30, 0.0, 0.6), 7: (30, 0.0, 0.6)},
    "knobbly": _CUDGELS,
    "rough": _CUDGELS,
    "leafy": _CUDGELS,
}
_CAPS: Final = {Suit.SPADE: 200.0, Suit.BASTONI: 176.0}


def _object(area: Box, at: tuple[float, float], lean: float, hilt_down: bool, c: float, size: float) -> Placement:
    """One object whose point ``c`` sizes from its centre toward the tip lies at ``at`` (units of size)."""
    angle = lean if hilt_down else lean + 180.0
    a = math.radians(angle)
    tx, ty = math.sin(a), -math.cos(a)  # toward the point
    return (area.cx + (at[0] - tx * c) * size, area.cy + (at[1] - ty * c) * size, size, angle % 360.0)


def _compose(area: Box, count: int, size: float, lean: float, c: float, spread: float) -> list[Placement]:
    out: list[Placement] = []
    for kind, x, y in _COMPOSITIONS[count](spread):
        down = y >= 0
        if kind == "X":
            out += [_object(area, (x, y), lean, down, c, size), _object(area, (x, y), -lean, down, c, size)]
        elif kind == "Z":
            out += [_object(area, (x, y), lean, True, c, size), _object(area, (x, y), -lean, False, c, size)]
        elif kind == "I":
            out.append(_object(area, (x, y), 0.0, down, 0.0, size))
        else:
            out.append(_object(area, (x, y), 90.0, True, 0.0, size))
    return _centred_on(area, out)


def _centred_on(area: Box, placements: list[Placement]) -> list[Placement]:
    """The same objects moved together so that their axes' extent is centred in the area."""
    ends = [p for pl in placements for p in axis(*pl)]
    dx = area.cx - (min(x for x, _ in ends) + max(x for x, _ in ends)) / 2
    dy = area.cy - (min(y for _, y in ends) + max(y for _, y in ends)) / 2
    return [(cx + dx, cy + dy, size, angle) for cx, cy, size, angle in placements]


@lru_cache(maxsize=64)
def crossed_pips(area: Box, style: str, suit: int, count: int) -> tuple[Placement, ...]:
    """The crossed layout of ``count`` objects, as large as the rules allow: (cx, cy, size, angle) for each.

    Raises ValueError when nothing fits (a new area or symbol the table wasn't explored for): a test calls this
    for every deck, so that shows at once.
    """
    lean, c, spread = _TUNING[style][count]
    size = _CAPS[Suit(suit)]
    while size >= 60:
        placements = _compose(area, count, size, lean, c, spread)
        if placements_clash(style, placements, area) is None:
            return tuple(placements)
        size -= 2.0
    raise ValueError(f"no crossed layout of {count} {style} fits {area}")


def explore(area: Box, style: str, suit: int, count: int) -> tuple[float, float, float, float]:
    """(size, lean, c, spread) of the largest clean layout over a grid of parameters: how the tables were made."""
    best = (0.0, 0.0, 0.0, 0.0)
    for lean in range(18, 42, 4):
        for c in (-0.2, -0.1, 0.0, 0.1, 0.2, 0.25, 0.3):
            for spread in [i / 10 for i in range(11)]:
                size = _CAPS[Suit(suit)]
                while size > best[0]:
                    if placements_clash(style, _compose(area, count, size, lean, c, spread), area) is None:
                        best = (size, float(lean), c, spread)
                        break
                    size -= 6.0
    return best


def capsules_box(shape: list[Capsule]) -> Box:
    """The box around an object's outline model."""
    return Box(
        min(min(c.a[0], c.b[0]) - c.r for c in shape),
        min(min(c.a[1], c.b[1]) - c.r for c in shape),
        max(max(c.a[0], c.b[0]) + c.r for c in shape),
        max(max(c.a[1], c.b[1]) + c.r for c in shape),
    )
