"""Where the pips of the cards 2-7 go: positions, sizes and the boxes they occupy, as data.

Pips are sized by search rather than by hand: for each card the largest pip that keeps every pair of pips at
least :data:`GAP` apart and every pip inside the deck's pip area is chosen, up to a per-suit cap. That is what
makes "no two pips overlap" a property of the data, checked by a test on every card, instead of a promise.

Northern swords and batons are different on purpose: their long blades interlace, so they are *strands* that
may cross each other (only their extent is checked) while the odd card's centre pip is an ordinary pip. The
napoletane, piacentine and siciliane cross their swords and cudgels in X's: those pips overlap by design, so
:mod:`briscola.art.crossed` places and checks them on an outline model instead of boxes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from briscola.art.crossed import capsules_box, crossed_pips, object_capsules
from briscola.art.geometry import bbox, strip
from briscola.art.model import Box, Deck
from briscola.art.svg import Point
from briscola.art.symbols import symbol_aspect
from briscola.engine.cards import Suit

__all__ = ["GAP", "Layout", "Pip", "Strand", "pip_layout"]

#: The smallest distance between two pips' boxes, in card units.
GAP: Final = 5.0


@dataclass(frozen=True)
class Pip:
    """One suit object on a pip card: centre, size along its long axis, clockwise turn, and the box it fills."""

    cx: float
    cy: float
    size: float
    angle: float
    box: Box


@dataclass(frozen=True)
class Strand:
    """One interlaced northern sword or baton: a quadratic curve from its hilt/grip ``p0`` to ``p2``."""

    kind: Literal["sword", "baton"]
    p0: Point
    p1: Point
    p2: Point
    width: float

    @property
    def box(self) -> Box:
        """The strand's extent, hilt included (the grip and pommel reach 21 units behind ``p0``)."""
        x0, y0, x1, y1 = bbox(strip(self.p0, self.p1, self.p2, lambda t: self.width * 2.2, steps=12))
        reach = 22.0 if self.kind == "sword" else self.width
        return Box(
            min(x0, self.p0[0] - reach),
            min(y0, self.p0[1] - reach),
            max(x1, self.p0[0] + reach),
            max(y1, self.p0[1] + reach),
        )


@dataclass(frozen=True)
class Layout:
    """Everything on a pip card: separate pips (never overlapping) and interlaced strands (crossing by design)."""

    pips: tuple[Pip, ...]
    strands: tuple[Strand, ...] = ()
    crossed: bool = False  # pips laid across each other on purpose (checked by briscola.art.crossed, not boxes)


# Grid positions (column, row) in -1..1, per count. The three-of-coins sits on a diagonal and the three-of-cups
# is a triangle, as on Neapolitan cards; French and Spanish cards stack their threes in a column.
_GRID_ITALIAN: Final[dict[int, tuple[Point, ...]]] = {
    2: ((0, -1), (0, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    7: ((-1, -1), (1, -1), (0, -1 / 3), (-1, 1 / 3), (1, 1 / 3), (-1, 1), (1, 1)),
}
_FRENCH_SEVEN: Final[tuple[Point, ...]] = ((-1, -1), (1, -1), (0, -0.5), (-1, 0), (1, 0), (-1, 1), (1, 1))
_CUPS_THREE: Final[tuple[Point, ...]] = ((0, -1), (-1, 1), (1, 1))
_COLUMN_THREE: Final[tuple[Point, ...]] = ((0, -1), (0, 0), (0, 1))
# Rows of long objects set apart: "v" is an upright pip, "h" one lying across the middle.
_ROWS: Final[dict[int, tuple[str, ...]]] = {
    2: ("vv",),
    3: ("v", "vv"),
    4: ("vv", "vv"),
    5: ("vv", "h", "vv"),
    6: ("vvv", "vvv"),
    7: ("vvv", "h", "vvv"),
}
_CAPS: Final = {"coin": 86.0, "cup": 104.0, "long": 230.0, "french": 54.0}


def _disjoint(boxes: list[Box]) -> bool:
    return all(not a.overlaps(b, GAP) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


def _search(build: Callable[[float], list[Pip] | None], cap: float) -> list[Pip]:
    """The pips for the largest size up to ``cap`` (bisection: a bigger pip only ever collides more)."""
    lo, hi = 4.0, cap
    first = build(lo)
    if first is None:
        raise ValueError("no pip size fits this area")
    best = first
    for _ in range(22):
        mid = (lo + hi) / 2
        pips = build(mid)
        if pips is not None:
            lo, best = mid, pips
        else:
            hi = mid
    final = build(cap)
    return final if final is not None else best


def _box(cx: float, cy: float, w: float, h: float) -> Box:
    return Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _grid(area: Box, positions: tuple[Point, ...], aspect: float, cap: float, french: bool) -> list[Pip]:
    cmax = max(abs(c) for c, _ in positions) or 1.0
    rmax = max(abs(r) for _, r in positions) or 1.0

    def build(h: float) -> list[Pip] | None:
        w = h * aspect
        if w > area.width or h > area.height:
            return None
        dx = (area.width - w) / 2 / cmax
        dy = (area.height - h) / 2 / rmax
        pips = []
        for col, row in positions:
            cx, cy = area.cx + col * dx, area.cy + row * dy
            upside_down = french and row > 0
            pips.append(Pip(cx, cy, h, 180.0 if upside_down else 0.0, _box(cx, cy, w, h)))
        return pips if _disjoint([p.box for p in pips]) else None

    return _search(build, cap)


def _rows(area: Box, rows: tuple[str, ...], aspect: float, cap: float) -> list[Pip]:
    def build(h: float) -> list[Pip] | None:
        w = h * aspect
        heights = [h if "v" in row else w for row in rows]
        if h > area.height or (h > area.width and any("h" in r for r in rows)):
            return None
        spare = area.height - sum(heights)
        if spare < GAP * (len(rows) - 1):
            return None
        step = spare / (len(rows) - 1) if len(rows) > 1 else 0.0
        y = area.y0 if len(rows) > 1 else area.cy - h / 2
        pips = []
        for row, rh in zip(rows, heights, strict=True):
            cy = y + rh / 2
            k = len(row)
            pitch = min((area.width - w) / (k - 1), w * 2.1 + GAP) if k > 1 else 0.0
            for i, kind in enumerate(row):
                cx = area.cx + (i - (k - 1) / 2) * pitch
                if kind == "h":
                    pips.append(Pip(cx, cy, h, 90.0, _box(cx, cy, h, w)))
                else:
                    pips.append(Pip(cx, cy, h, 0.0, _box(cx, cy, w, h)))
            y += rh + step
        boxes = [p.box for p in pips]
        inside = all(area.contains(b) for b in boxes)
        return pips if _disjoint(boxes) and inside else None

    return _search(build, cap)


def _interlaced(area: Box, suit: int, count: int, aspect: float) -> Layout:
    """Northern swords: nested pairs of curved blades meeting near the ends; batons: a lattice of crossing staves."""
    pairs = count // 2
    pips: list[Pip] = []
    if count % 2:
        h = area.height * (0.62 if pairs else 0.8)
        pips.append(Pip(area.cx, area.cy, h, 0.0, _box(area.cx, area.cy, h * aspect, h)))
    strands: list[Strand] = []
    half = area.width / 2 - 8
    # The strands' ends are spread evenly across the card (never piled in one knot): with m pairs the 2m ends
    # sit at odd multiples of half a step either side of the centre.
    step = 2 * half / (2 * pairs) if pairs else 0.0
    if suit == Suit.SPADE:
        reach = 22.0  # the hilt's grip and pommel reach this far beyond the guard
        top, bottom = area.y0 + reach, area.y1 - reach
        sword_step = 2 * (half - 10) / (2 * pairs) if pairs else 0.0
        for k in range(pairs):
            end = sword_step * (k + 0.5)
            bow = (0.42 if count % 2 else 0.2) * half + (half - 8) * (k + 1) / (pairs + 0.6)
            ctrl = area.cx - 2 * bow - end
            left = ((area.cx + end, bottom), (ctrl, area.cy), (area.cx + end, top))
            right = ((area.cx - end, top), (2 * area.cx - ctrl, area.cy), (area.cx - end, bottom))
            if k % 2:  # every other pair holds its hilts at the other end, so hilts never gather in one corner
                left, right = (left[2], left[1], left[0]), (right[2], right[1], right[0])
            strands.append(Strand("sword", *left, 9.5))
            strands.append(Strand("sword", *right, 9.5))
    else:
        top, bottom = area.y0 + 8, area.y1 - 8
        lean = pairs * step / 2 + (6.0 if pairs == 1 else 0.0)
        for j in range(pairs):
            off = (j - (pairs - 1) / 2) * step
            strands.append(
                Strand(
                    "baton",
                    (area.cx + off - lean, bottom),
                    (area.cx + off - 5, area.cy),
                    (area.cx + off + lean, top),
                    8.0,
                )
            )
            strands.append(
                Strand(
                    "baton",
                    (area.cx + off + lean, bottom),
                    (area.cx + off + 5, area.cy),
                    (area.cx + off - lean, top),
                    8.0,
                )
            )
    return Layout(tuple(pips), tuple(strands))


def pip_layout(deck: Deck, suit: int, count: int) -> Layout:
    """The layout of the ``count`` card (2-7) of ``suit`` in ``deck``."""
    if not 2 <= count <= 7:
        raise ValueError(f"pip cards hold 2 to 7 pips, not {count}")
    area = deck.pip_area
    style = deck.symbols
    aspect = symbol_aspect(style, suit)
    arrangement = style.arrangement
    long_object = suit in (Suit.SPADE, Suit.BASTONI) and arrangement != "french"
    if long_object and arrangement == "interlaced":
        return _interlaced(area, suit, count, aspect)
    if long_object and arrangement == "crossed":
        style_name = style.sword if suit == Suit.SPADE else style.club
        pips = []
        for cx, cy, size, angle in crossed_pips(area, style_name, suit, count):
            pips.append(Pip(cx, cy, size, angle, capsules_box(object_capsules(style_name, cx, cy, size, angle))))
        return Layout(tuple(pips), crossed=True)
    if long_object:
        return Layout(tuple(_rows(area, _ROWS[count], aspect, _CAPS["long"])))
    positions = _GRID_ITALIAN[count]
    if count == 3 and (arrangement == "french" or deck.border == "pintas" or arrangement == "interlaced"):
        positions = _COLUMN_THREE
    elif count == 7 and arrangement == "french":
        positions = _FRENCH_SEVEN
    elif count == 3 and suit == Suit.COPPE:
        positions = _CUPS_THREE
    cap = _CAPS["french"] if arrangement == "french" else _CAPS["coin"] if suit == Suit.DENARI else _CAPS["cup"]
    pips = _grid(area, positions, aspect, cap, arrangement == "french")
    if count == 7 and arrangement != "french":
        # four rows make small pips; slim objects (cups) grow larger in three rows with the seventh between them
        three_rows = _grid(area, _FRENCH_SEVEN, aspect, cap, False)
        if three_rows[0].size > pips[0].size * 1.05:
            pips = three_rows
    return Layout(tuple(pips))
