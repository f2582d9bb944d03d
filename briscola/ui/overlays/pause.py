"""Overlays on the table: the pause menu (resume, new game, rules, quit) and the last trick.

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
        elif what == "new":
            self.app.pop(self)
            for scene in list(self.app.scenes):
                if scene is not self.table:
                    self.app.pop(scene)
            self.table.new_match()
        elif what == "rules":
            self.app.navigator.open_rules(rules=self.table.driver.rules)
        elif what == "settings":  # the deck, the speed, the sound...: applied to this table as they change
            self.app.navigator.open_settings()
        elif what == "menu":
            self.app.navigator.open_title()
        elif what == "quit":
            self.app.quit()

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
    """The last trick taken, card by card with who played it; any key or click goes back."""

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 120)
        w, h = surface.get_size()
        trick = self.table.state.last_trick
        card_w, card_h = self.table.layout.card
        width = len(trick) * (card_w + 20) + 60
        panel = pygame.Rect(0, 0, max(width, w // 3), card_h + h // 5)
        panel.center = (w // 2, round(h * 0.46))
        draw_panel(surface, panel)
        size = max(13, h // 40)
        draw_text(surface, _("Last trick"), size, (w / 2, panel.y + size * 1.2), COLOURS["gold"], bold=True)
        x: float = w / 2 - (len(trick) - 1) * (card_w + 20) / 2
        for seat, card in trick:
            pose = Pose(x, panel.centery + size * 0.3, card_w, card_h)
            self.table.renderer.blit(surface, card, pose, (card_w, card_h))
            draw_text(surface, self.table.names[seat], size, (x, pose.y + card_h / 2 + size), COLOURS["text"])
            x += card_w + 20
