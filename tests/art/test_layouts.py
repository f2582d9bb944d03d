"""Pip layouts: no two pips overlap, everything stays inside the card, and each card holds its number."""

from __future__ import annotations

import pytest

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
    boxes = [pip.box for pip in layout.pips]
    for i, a in enumerate(boxes):
        assert deck.pip_area.contains(a), (a, deck.pip_area)
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b, GAP - 1e-6), (a, b)
    for strand in layout.strands:
        assert _CARD.contains(strand.box), strand.box


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
