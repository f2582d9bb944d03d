"""What the new-game scene draws besides its ordinary rows: the "More options" row and the deck preview.

Kept apart from :mod:`briscola.ui.menus.setup.new_game` so that the scene (its rows, their rules and starting a match)
stays readable; these functions only draw what they are given and change nothing.
"""

from __future__ import annotations

import pygame

from briscola.text.i18n import ngettext
from briscola.ui.assets.cards import DeckImages
from briscola.ui.widgets.basic import COLOURS, draw_focus, draw_text

__all__ = ["draw_deck_preview", "draw_more_row", "more_summary"]


def more_summary(count: int, changed: int) -> str:
    """What "More options" holds while its rows are hidden: "8 options", or "8 options, 1 changed"."""
    summary = ngettext("{count} option", "{count} options", count).format(count=count)
    if changed:
        summary = ngettext("{summary}, {count} changed", "{summary}, {count} changed", changed).format(
            summary=summary, count=changed
        )
    return summary


def draw_more_row(
    surface: pygame.Surface, rect: pygame.Rect, label: str, text: int, *, focused: bool, expanded: bool, summary: str
) -> None:
    """The "More options" row: a triangle pointing at the rows it hides (down once they are shown; the font has no
    such glyph, so it is drawn), its label, and while they are hidden, ``summary`` where other rows show a value."""
    pygame.draw.rect(surface, COLOURS["button_hot" if focused else "button"], rect, border_radius=8)
    if focused:
        draw_focus(surface, rect)
    side = max(8, text * 2 // 3)
    x, y = rect.x + 14 + side // 2, rect.centery
    if expanded:
        points = [(x - side // 2, y - side // 3), (x + side // 2, y - side // 3), (x, y + side // 2)]
    else:
        points = [(x - side // 3, y - side // 2), (x - side // 3, y + side // 2), (x + side // 2, y)]
    pygame.draw.polygon(surface, COLOURS["gold"], points)
    draw_text(surface, label, text, (rect.x + 14 + side + 10, rect.centery), anchor="midleft", bold=focused)
    if not expanded:
        draw_text(surface, summary, text, (rect.x + rect.width * 0.75, rect.centery), COLOURS["gold"])


def draw_deck_preview(surface: pygame.Surface, deck: DeckImages, left: int, top: int, width: int) -> int:
    """Four faces and the back of ``deck`` in a row ``width`` pixels wide; the bottom of the row drawn."""
    from briscola.engine.cards import ALL_CARDS

    card_w = max(30, int(width / 5.4))
    size = (card_w, round(card_w * 1.65))
    for n, code in enumerate((9, 17, 24, 38)):  # ace of denari, king of coppe, seven of spade, three of bastoni
        surface.blit(deck.face(ALL_CARDS[code], size), (left + n * (card_w + 4), top))
    surface.blit(deck.back(size), (left + 4 * (card_w + 4), top))
    return top + size[1]
