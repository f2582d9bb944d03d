"""Every deck's corner index lies inside the corner the table keeps uncovered (:data:`INDEX_CORNER`), and the turned
briscola shows its index and its suit's pip out from under the talon.

The layout promises that no card covers that corner of a trick card or of a shown hand's card; the promise is only
worth something if the index printed there fits in it, for every deck and at every size those cards are drawn.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from briscola.art.decks import DECKS
from briscola.art.manifest import DeckManifest
from briscola.engine.cards import ALL_CARDS
from briscola.ui.assets.cards import briscola_marks, builtin_deck, index_rect
from briscola.ui.core.layout import INDEX_CORNER, MIN_SIZE, Rect, TableLayout
from tests.ui.core.test_layout import WINDOWS, _hand_poses, _overlap


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


# ---------------------------------------------------------------------------------------------- the turned briscola


def _manifests() -> list[DeckManifest]:
    """Every built-in deck, and one printed without indices (a player's own deck may be): the table marks it."""
    decks = [builtin_deck(deck).manifest for deck in sorted(DECKS)]
    return [*decks, replace(decks[0], ident="own-deck", index_style="none")]


@pytest.mark.parametrize("manifest", _manifests(), ids=lambda m: m.ident)
def test_the_turned_briscola_shows_its_index_and_suit_clear_of_the_talon_and_every_card(
    manifest: DeckManifest,
) -> None:
    for players in range(2, 7):
        for width, height in WINDOWS:
            layout = TableLayout(width, height, players)
            pose = layout.briscola_pose
            talon = layout.talon_pose.bounds()
            others = [p for seat in range(players) for p in _hand_poses(layout, seat)]
            others += [layout.trick_pose(seat) for seat in range(players)]
            others += [layout.pile_pose(seat) for seat in range(players)]
            for card in ALL_CARDS:
                marks = briscola_marks(manifest, card, (pose.w, pose.h))
                assert len(marks) == 2 if manifest.index_style != "rank-suit" else len(marks) == 1  # + the pip
                for mark in marks:
                    assert mark.w > 0 and mark.h > 0
                    corners = pose.face_corners(Rect(mark.x, mark.y, mark.w, mark.h))
                    where = (manifest.ident, players, width, height, card)
                    assert all(x > talon.x + talon.w + 1 for x, _y in corners), where  # out from under the talon
                    assert all(pose.bounds().contains(x, y) for x, y in corners), where
                    assert not any(_overlap(corners, other.corners()) for other in others), where


def test_the_turned_briscola_is_drawn_with_its_marks() -> None:
    deck = builtin_deck("napoletane")
    card = ALL_CARDS[9]  # the king of denari: a court card, whose index is a number over the figure
    size = (82, 136)
    plain = pygame.transform.rotate(deck.face(card, size), 270)
    marked = deck.briscola(card, size, 270.0)
    assert marked.get_size() == plain.get_size() == (size[1], size[0])
    pip = briscola_marks(deck.manifest, card, size)[1]
    # The pip's place, turned a quarter right with the card: (x, y) on the face is (h - 1 - y, x) on screen.
    changed = [
        (size[1] - 1 - y, x)
        for x in range(pip.left, pip.right)
        for y in range(pip.top, pip.bottom)
        if marked.get_at((size[1] - 1 - y, x)) != plain.get_at((size[1] - 1 - y, x))
    ]
    assert len(changed) > pip.w * pip.h // 4
