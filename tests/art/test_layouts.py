"""Pip layouts: no two pips overlap, everything stays inside the card, and each card holds its number."""

from __future__ import annotations

import itertools
import math

import pytest

from briscola.art.crossed import CROSSING_APART, Capsule, Placement, axis, crossing, object_capsules, placements_clash
from briscola.art.crossed import GAP as CROSS_GAP
from briscola.art.decks import DECKS
from briscola.art.layouts import GAP, pip_layout
from briscola.art.model import CARD_H, CARD_W, Box
from briscola.engine.cards import Suit

_CASES = [(ident, suit, count) for ident in DECKS for suit in Suit for count in range(2, 8)]
_CARD = Box(4, 4, CARD_W - 4, CARD_H - 4)


@pytest.mark.parametrize(("ident", "suit", "count"), _CASES)
def test_pips_are_apart_and_inside(ident: str, suit: Suit, count: int) -> None:
    deck = DECKS[ident]
    layout = pip_layout(deck, suit, count)
    assert len(layout.pips) + len(layout.strands) == count
    if layout.crossed:
        return  # crossed on purpose: checked on their outlines by the tests below
    boxes = [pip.box for pip in layout.pips]
    for i, a in enumerate(boxes):
        assert deck.pip_area.contains(a), (a, deck.pip_area)
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b, GAP - 1e-6), (a, b)
    for strand in layout.strands:
        assert _CARD.contains(strand.box), strand.box


_CROSSED = [
    (ident, suit, count)
    for ident, deck in DECKS.items()
    if deck.symbols.arrangement == "crossed"
    for suit in (Suit.SPADE, Suit.BASTONI)
    for count in range(2, 8)
]


def _shapes(ident: str, suit: Suit, count: int) -> tuple[str, list[Placement], list[list[Capsule]]]:
    deck = DECKS[ident]
    style = deck.symbols.sword if suit == Suit.SPADE else deck.symbols.club
    placements = [(p.cx, p.cy, p.size, p.angle) for p in pip_layout(deck, suit, count).pips]
    return style, placements, [object_capsules(style, *pl) for pl in placements]


def _distance(a: Capsule, b: Capsule) -> float:
    """Clearance between two capsules, by sampling both axes finely (independent of the module's own geometry)."""
    steps = 24
    pa = [(a.a[0] + (a.b[0] - a.a[0]) * i / steps, a.a[1] + (a.b[1] - a.a[1]) * i / steps) for i in range(steps + 1)]
    pb = [(b.a[0] + (b.b[0] - b.a[0]) * i / steps, b.a[1] + (b.b[1] - b.a[1]) * i / steps) for i in range(steps + 1)]
    return min(math.dist(p, q) for p in pa for q in pb) - a.r - b.r


def test_italian_spanish_suited_decks_cross_their_swords_and_cudgels() -> None:
    for ident in ("napoletane", "piacentine", "siciliane"):
        assert DECKS[ident].symbols.arrangement == "crossed", ident
        for suit in (Suit.SPADE, Suit.BASTONI):
            for count in range(2, 8):
                _, placements, _ = _shapes(ident, suit, count)
                axes = [axis(*pl) for pl in placements]
                crossings = [crossing(*a, *b) for i, a in enumerate(axes) for b in axes[i + 1 :]]
                assert sum(c is not None for c in crossings) >= count // 2, (ident, suit, count)
    assert DECKS["spagnole"].symbols.arrangement == "rows"  # the baraja keeps its own upright rows


@pytest.mark.parametrize(("ident", "suit", "count"), _CROSSED)
def test_crossed_objects_touch_only_where_they_cross(ident: str, suit: Suit, count: int) -> None:
    """Two crossed objects may overlap in their middles only: every end (hilt, pommel, point, the cudgel's head and
    grip) keeps the gap from the whole of the other, objects that don't cross keep it everywhere, and all of it
    stays in the pip area."""
    area = DECKS[ident].pip_area
    style, placements, shapes = _shapes(ident, suit, count)
    assert placements_clash(style, placements, area) is None
    for shape in shapes:
        for cap in shape:
            for x, y in (cap.a, cap.b):
                assert area.x0 <= x - cap.r and x + cap.r <= area.x1 and area.y0 <= y - cap.r and y + cap.r <= area.y1
    for i, j in itertools.combinations(range(count), 2):
        crossed = crossing(*axis(*placements[i]), *axis(*placements[j])) is not None
        for a in shapes[i]:
            for b in shapes[j]:
                if crossed and not (a.end or b.end):
                    continue
                assert _distance(a, b) >= CROSS_GAP - 0.5, (i, j, a, b)


@pytest.mark.parametrize(("ident", "suit", "count"), _CROSSED)
def test_crossings_are_spread_out_not_knotted(ident: str, suit: Suit, count: int) -> None:
    _, placements, _ = _shapes(ident, suit, count)
    axes = [axis(*pl) for pl in placements]
    points = [c for i, a in enumerate(axes) for b in axes[i + 1 :] if (c := crossing(*a, *b)) is not None]
    for p, q in itertools.combinations(points, 2):
        assert math.dist(p, q) >= CROSSING_APART, (p, q)
    # and the objects are a fair size: the crossing must not be bought by shrinking them to twigs
    assert min(pl[2] for pl in placements) >= 100


def test_interlaced_suits_only_in_northern_decks() -> None:
    for ident, deck in DECKS.items():
        strands = pip_layout(deck, Suit.SPADE, 4).strands
        assert bool(strands) == (deck.symbols.arrangement == "interlaced"), ident


def test_french_lower_pips_are_turned() -> None:
    layout = pip_layout(DECKS["francesi"], Suit.HEARTS, 6)
    centre = DECKS["francesi"].pip_area.cy
    for pip in layout.pips:
        assert pip.angle == (180.0 if pip.cy > centre + 1 else 0.0)


def test_pips_are_readable_size() -> None:
    """The smallest pip is still a fair share of the card: the search must not shrink pips to dots."""
    for ident, deck in DECKS.items():
        for suit in Suit:
            for count in range(2, 8):
                for pip in pip_layout(deck, suit, count).pips:
                    assert pip.size >= 40, (ident, suit, count, pip.size)


def test_count_outside_pip_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="2 to 7"):
        pip_layout(DECKS["napoletane"], Suit.DENARI, 8)


# Where each index style writes, in card units (top-left corner; the bottom-right one is its mirror image).
_INDEX_CORNER = {
    "number": Box(0, 0, 34, 40),
    "number-small": Box(0, 0, 26, 32),
    "rank-suit": Box(0, 0, 32, 58),
    "number-spanish": Box(0, 0, 34, 44),
    "none": Box(0, 0, 0, 0),
}


@pytest.mark.parametrize("ident", list(DECKS))
def test_pips_and_strands_leave_the_corner_indices_clear(ident: str) -> None:
    deck = DECKS[ident]
    top = _INDEX_CORNER[deck.index]
    bottom = Box(CARD_W - top.x1, CARD_H - top.y1, CARD_W - top.x0, CARD_H - top.y0)
    for suit in Suit:
        for count in range(2, 8):
            layout = pip_layout(deck, suit, count)
            for box in [p.box for p in layout.pips] + [s.box for s in layout.strands]:
                assert not box.overlaps(top) and not box.overlaps(bottom), (suit, count, box)
