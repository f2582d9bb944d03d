"""The rules book: the rules of a preset (or of the match being played, with its options), with the point cards drawn
from the current deck, and the glossary of the game's words, all in the current language.

The words come from :func:`briscola.text.rules_page.rules_page`, built from the very ruleset the engine plays, so
each page says what that form does (chiamata's auction and called partner, three players' highest total); this scene
only lays them out, wraps them to the window and scrolls them. Cards are named for the deck the book shows (a French
deck's page says Queen, an Italian one's Knight), in the player's language, like the captions under its cards.

Left/Right (or a click on the arrows) go from preset to preset, Up/Down/PageUp/PageDown and the wheel scroll, Esc
goes back. It opens on the preset the new-game scene last chose (or the table's own, from the pause menu). The deck
whose point cards are shown is looked up as the scene is made and updated (reading the settings or a deck means
files), never while it is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.engine import PRESETS, Ruleset
from briscola.text.i18n import _
from briscola.text.presets import preset_label
from briscola.text.rules_page import GLOSSARY, rules_page
from briscola.ui.assets.cards import DeckImages, deck_images
from briscola.ui.widgets.basic import COLOURS, draw_text
from briscola.ui.widgets.form import wrap

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["RulesBookScene"]


class RulesBookScene:
    """The rules of one preset at a time, and the glossary."""

    opaque = True

    def __init__(self, app: App, preset: str = "classic", *, rules: Ruleset | None = None) -> None:
        self.app = app
        self.names = list(PRESETS)
        self.table_rules = rules
        """The rules of the match being played (from the pause menu), shown first with their options."""
        if rules is not None:
            preset = rules.name
            self.names.insert(0, "")
        self.index = 0 if rules is not None else self.names.index(preset) if preset in self.names else 0
        self.scroll = 0
        self.size = app.size
        self.deck = self._chosen_deck()
        self.lines: list[tuple[str, tuple[int, int, int]]] = []
        """The rules and the glossary as drawn: wrapped to the window, in the current language."""
        self._wrapped_for: tuple[object, ...] = ()
        """What :attr:`lines` were wrapped from (texts and window): an unchanged page is not wrapped again."""
        self.per_page = 1
        self._lay_out()

    def _chosen_deck(self) -> DeckImages:
        """The deck chosen in the settings, whose point cards the rules show."""
        return deck_images(self.app.settings_store().settings.display.deck)

    @property
    def preset(self) -> str:
        """The preset shown ("" for the rules of the match being played)."""
        return self.names[self.index]

    @property
    def rules(self) -> Ruleset:
        """The rules shown."""
        if self.preset == "" and self.table_rules is not None:
            return self.table_rules
        return PRESETS[self.preset]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.app.pop(self)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.index = (self.index + (-1 if event.key == pygame.K_LEFT else 1)) % len(self.names)
                self.scroll = 0
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}[event.key]
                self.scroll = max(0, self.scroll + step)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            w = self.size[0]
            if event.pos[1] < self.size[1] // 7:
                if event.pos[0] < w // 3:
                    self.index = (self.index - 1) % len(self.names)
                elif event.pos[0] > 2 * w // 3:
                    self.index = (self.index + 1) % len(self.names)
                self.scroll = 0

    def update(self, dt: float) -> None:
        self.deck = self._chosen_deck()
        self._lay_out()

    def _lay_out(self) -> None:
        """The lines to draw for the preset shown and the window, and the scroll kept within them.

        The page is built again each frame (a language or a deck changed in between shows at once; it costs a few
        lookups), but wrapped, which measures every word, only when its texts or the window changed.
        """
        w, h = self.size
        size = max(14, h // 40)
        text_top = h // 7 + h // 6 + h // 14
        texts = [paragraph.text for paragraph in rules_page(self.rules, self.deck.manifest.family)]
        glossary = [f"{word}: {_(meaning)}" for word, meaning in GLOSSARY]
        heading = _("Glossary")
        key = (self.size, tuple(texts), tuple(glossary), heading)
        if key != self._wrapped_for:
            lines: list[tuple[str, tuple[int, int, int]]] = []
            for text in texts:
                lines += [(part, COLOURS["text"]) for part in wrap(text, size, w - w // 8)]
                lines.append(("", COLOURS["text"]))
            lines.append((heading, COLOURS["gold"]))
            for entry in glossary:
                lines += [(part, COLOURS["text"]) for part in wrap(entry, size, w - w // 8)]
            self.lines = lines
            self._wrapped_for = key
        self.per_page = max(1, (h - text_top - h // 12) // int(size * 1.45))
        self.scroll = min(self.scroll, max(0, len(self.lines) - self.per_page))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(COLOURS["felt_dark"])
        title = _("Rules: {name}").format(name=preset_label(self.preset) if self.preset else _("this match"))
        draw_text(surface, f"‹   {title}   ›", max(24, h // 20), (w / 2, h // 14), COLOURS["gold"], bold=True)
        size = max(14, h // 40)
        self._draw_point_cards(surface, self.deck, h // 7)
        text_top = h // 7 + h // 6 + h // 14
        lines, per_page = self.lines, self.per_page
        for n, (line, colour) in enumerate(lines[self.scroll : self.scroll + per_page]):
            draw_text(surface, line, size, (w // 16, text_top + n * size * 1.45), colour, anchor="midleft")
        if self.scroll + per_page < len(lines):
            draw_text(surface, _("more below"), max(12, size - 2), (w / 2, h - h // 30 - size * 1.6), COLOURS["gold"])
        keys = _("Left/Right: another preset · Up/Down: scroll · Esc: back")
        draw_text(surface, keys, max(12, size - 2), (w / 2, h - h // 30), COLOURS["muted"])

    def _draw_point_cards(self, surface: pygame.Surface, deck: DeckImages, top: int) -> None:
        """Ace, three, king, knight, jack of the first suit with their points, as the deck draws them."""
        from briscola.engine.cards import ALL_CARDS, Rank
        from briscola.text.names import rank_label

        family = deck.manifest.family
        w, h = self.size
        card_h = h // 6
        card_w = round(card_h / 1.65)
        ranks = tuple((rank, rank.points) for rank in (Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK))
        gap = card_w * 2
        left = w / 2 - gap * (len(ranks) - 1) / 2
        for n, (rank, points) in enumerate(ranks):
            x = round(left + n * gap)
            surface.blit(deck.face(ALL_CARDS[int(rank)], (card_w, card_h)), (x - card_w // 2, top))
            label = _("{card}: {points}").format(card=rank_label(rank, family), points=points)
            draw_text(surface, label, max(12, h // 48), (x, top + card_h + h // 60), COLOURS["muted"])
