"""Every deck's corner index lies inside the corner the table keeps uncovered (:data:`INDEX_CORNER`).

The layout promises that no card covers that corner of a trick card or of a shown hand's card; the promise is only
worth something if the index printed there fits in it, for every deck and at every size those cards are drawn.
"""

from __future__ import annotations

import pytest

from briscola.art.decks import DECKS
from briscola.engine.cards import ALL_CARDS
from briscola.ui.assets.cards import builtin_deck, index_rect
from briscola.ui.core.layout import INDEX_CORNER, MIN_SIZE, TableLayout


def _sizes() -> set[tuple[int, int]]:
    """The sizes trick cards and shown cards take, from the smallest window to a large one, for 2 to 6 players."""
    windows = [MIN_SIZE, (1280, 800), (1366, 768), (1920, 1080), (3840, 2160)]
    out: set[tuple[int, int]] = set()
    for w, h in windows:
        for players in range(2, 7):
            layout = TableLayout(w, h, players)
            out.update((layout.card, layout.shown_card))
    return out


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_index_fits_the_corner_the_table_keeps_clear(deck: str) -> None:
    manifest = builtin_deck(deck).manifest
    for size in sorted(_sizes()):
        limit_w, limit_h = size[0] * INDEX_CORNER[0], size[1] * INDEX_CORNER[1]
        for card in ALL_CARDS:
            rect = index_rect(manifest, card, size)
            if manifest.index_style != "none":
                assert rect.w > 0 and rect.h > 0
            assert rect.right <= limit_w and rect.bottom <= limit_h, (deck, size, card, rect)
