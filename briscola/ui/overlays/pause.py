"""Overlays on the table: the pause menu (resume, new game, rules, settings, statistics, quit) and the last trick.

The pause menu may open over anything on the table, the busy result of a hand included, so it sits on a solid panel
of its own over a darker shade: the screen behind reads as set aside, not as part of the menu. Only the focused
button is outlined (in gold), so the eye finds at once what Enter will do. The rules book and the title are asked of
the app's navigator; the shade and the table kept to the window's size are :mod:`briscola.ui.overlays.scaffold`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.text.i18n import _
from briscola.ui.core.layout import Pose
from briscola.ui.overlays.scaffold import Overlay, shade
from briscola.ui.widgets.basic import COLOURS, draw_panel, draw_text, layout_buttons

if TYPE_CHECKING:
    pass

__all__ = ["LastTrickScene", "PauseScene"]


class PauseScene(Overlay):
    """Esc on the table: the game stops (the table gets no time) until Resume."""

    def place(self, size: tuple[int, int]) -> None:
        labels = [(_("Resume"), "resume"), (_("New game"), "new"), (_("Rules"), "rules"), (_("Settings"), "settings")]
        labels.append((_("Statistics"), "stats"))
        if self.app.store is not None:  # the menus can be reached: leave the match there (it stays saved)
            labels.append((_("Main menu"), "menu"))
        labels.append((_("Quit"), "quit"))
        self.buttons = layout_buttons(
            labels, (size[0] / 2, size[1] / 2), max(240, size[0] // 5), max(38, size[1] // 16)
        )

    def process_event(self, event: pygame.event.Event) -> None:
        if self.focus_key(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.choose("resume")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focused is not None:
                self.choose(str(self.focused.value))
        elif event.type == pygame.MOUSEMOTION:
            self.light_up(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            clicked = self.button_at(event.pos)
            if clicked is not None:
                self.choose(str(clicked.value))

    def choose(self, what: str) -> None:
        """Carry out a menu entry."""
        if what == "resume":
            self.app.pop(self)
        elif what == "new":  # the match in progress is the saved one: asked first, as the title asks (Cancel focused)
            self.app.navigator.confirm(
                _("Start a new match?"), _("The match in progress will be lost."), _("Start new match"), self.new_match
            )
        elif what == "rules":
            self.app.navigator.open_rules(rules=self.table.driver.rules)
        elif what == "settings":  # the deck, the speed, the sound...: applied to this table as they change
            self.app.navigator.open_settings()
        elif what == "stats":
            self.app.navigator.open_stats()
        elif what == "menu":
            self.app.navigator.open_title()
        elif what == "quit":
            self.app.quit()

    def new_match(self) -> None:
        """Leave the match in progress for a new one at this table (confirmed): every overlay goes, the table deals."""
        for scene in list(self.app.scenes):
            if scene is not self.table:
                self.app.pop(scene)
        self.table.new_match()

    def panel(self) -> pygame.Rect:
        """The menu's backdrop: round the title and the buttons, with a margin."""
        w, h = self.app.size
        title = max(24, h // 18)
        if not self.buttons:
            return pygame.Rect(0, 0, 0, 0)
        top = min(button.rect.top for button in self.buttons) - title * 2
        bottom = max(button.rect.bottom for button in self.buttons) + title // 2 + h // 60
        width = max(button.rect.width for button in self.buttons) + max(60, w // 20)
        return pygame.Rect(round(w / 2 - width / 2), top, width, bottom - top)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        w, h = surface.get_size()
        panel = self.panel()
        draw_panel(surface, panel, alpha=255, radius=16)
        title = max(24, h // 18)
        draw_text(surface, _("Paused"), title, (w / 2, panel.y + title), COLOURS["gold"], bold=True)
        for button in self.buttons:
            button.draw(surface, max(14, h // 36))


class LastTrickScene(Overlay):
    """The last trick taken: who took it and for how many points (the words of the cue after a trick), its cards in
    the order played with who played each, the winning card ringed in gold; any key or click goes back."""

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        trick = self.table.state.last_trick
        if trick is None:
            return
        shade(surface, 120)
        w, h = surface.get_size()
        card_w, card_h = self.table.layout.card
        size = max(13, h // 40)
        panel = pygame.Rect(0, 0, max(len(trick.cards) * (card_w + 20) + 60, w // 3), card_h + size * 6)
        panel.center = (w // 2, round(h * 0.46))
        draw_panel(surface, panel)
        draw_text(surface, _("Last trick"), size, (w / 2, panel.y + size * 1.2), COLOURS["muted"])
        words = self.table.choreo.trick_words(trick)
        draw_text(surface, words, size, (w / 2, panel.y + size * 2.6), COLOURS["gold"], bold=True)
        x: float = w / 2 - (len(trick.cards) - 1) * (card_w + 20) / 2
        for seat, card in trick.cards:
            pose = Pose(x, panel.y + size * 3.7 + card_h / 2, card_w, card_h)
            rect = self.table.renderer.blit(surface, card, pose, (card_w, card_h))
            won = seat == trick.winner
            if won:  # the card that took the trick, and its player's name, in gold
                pygame.draw.rect(surface, COLOURS["gold"], rect.inflate(8, 8), width=3, border_radius=8)
            colour = COLOURS["gold"] if won else COLOURS["text"]
            draw_text(surface, self.table.names[seat], size, (x, pose.y + card_h / 2 + size), colour, bold=won)
            x += card_w + 20
