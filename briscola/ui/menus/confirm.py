"""A question asked before something that can't be undone (a new match over the saved one): two buttons over the
menu it came from, the safe one chosen.

Cancel has the focus when the question opens, so Enter pressed by habit, or held a moment too long, keeps things as
they were; Esc cancels too. Arrows and Tab move the focus, Enter or Space presses the focused button, the mouse
lights the button it points at and a click presses it. The menu underneath stays in view, dimmed, and gets no input
while the question is open. The scene is opened through the navigator (:meth:`Navigator.confirm
<briscola.ui.navigation.Navigator.confirm>`), so any menu can ask without importing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from briscola.text.i18n import _
from briscola.ui.widgets.basic import COLOURS, Button, draw_panel, draw_text, move_focus
from briscola.ui.widgets.form import wrap

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["CONFIRM", "ConfirmScene"]

CONFIRM = "confirm"
"""The value of the button that goes ahead (the other's is ``"cancel"``)."""


class ConfirmScene:
    """A question over the current scene: ``action`` runs ``on_confirm``; Cancel (focused) leaves all as it was."""

    opaque = False

    def __init__(self, app: App, question: str, detail: str, action: str, on_confirm: Callable[[], None]) -> None:
        self.app = app
        self.question = question
        self.detail = detail
        self.action = action
        self.on_confirm = on_confirm
        self.size = app.size
        self.buttons: list[Button] = []
        self.focus = 1
        """The button Enter presses: Cancel until the player moves it."""
        self.resize(app.size)

    # ------------------------------------------------------------------------------------------------ layout

    @property
    def text_size(self) -> int:
        return max(15, self.size[1] // 34)

    def panel(self) -> pygame.Rect:
        """The question's panel, centred: wide enough for the buttons, tall enough for the wrapped detail."""
        w, h = self.size
        width = max(420, min(w - w // 10, round(w * 0.5)))
        lines = len(wrap(self.detail, self.text_size, width - 2 * self._pad)) if self.detail else 0
        height = self._pad * 2 + round(self.text_size * 1.6) * (2 + lines) + self._button_height + self._pad
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (w // 2, h // 2)
        return rect

    @property
    def _pad(self) -> int:
        return max(14, self.size[1] // 40)

    @property
    def _button_height(self) -> int:
        return max(36, self.size[1] // 16)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the two buttons side by side at the panel's foot (the scene under it is resized by the app)."""
        self.size = size
        panel = self.panel()
        gap = self._pad
        width = (panel.width - 3 * gap) // 2
        top = panel.bottom - self._pad - self._button_height
        labels = ((self.action, CONFIRM), (_("Cancel"), "cancel"))
        self.buttons = [
            Button(label, value, pygame.Rect(panel.x + gap + n * (width + gap), top, width, self._button_height))
            for n, (label, value) in enumerate(labels)
        ]
        self._show_focus()

    def _show_focus(self) -> None:
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus

    # ------------------------------------------------------------------------------------------------ input

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            forward = event.key in (pygame.K_RIGHT, pygame.K_DOWN) or (event.key == pygame.K_TAB and not shifted)
            backward = event.key in (pygame.K_LEFT, pygame.K_UP) or (event.key == pygame.K_TAB and shifted)
            if forward or backward:
                moved = move_focus(self.buttons, self.focus, 1 if forward else -1)
                self.focus = self.focus if moved is None else moved
                self._show_focus()
            elif event.key == pygame.K_ESCAPE:
                self.choose("cancel")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(str(self.buttons[self.focus].value))
        elif event.type == pygame.MOUSEMOTION:
            for index, button in enumerate(self.buttons):
                button.hot = button.hit(event.pos)
                if button.hot:
                    self.focus = index
            self._show_focus()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            clicked = next((button for button in self.buttons if button.hit(event.pos)), None)
            if clicked is not None:
                self.choose(str(clicked.value))

    def choose(self, what: str) -> None:
        """Close the question; go ahead if ``what`` is :data:`CONFIRM`."""
        self.app.pop(self)
        if what == CONFIRM:
            self.on_confirm()

    def picture_key(self) -> tuple[()]:
        """What the question shows changes only on input."""
        return ()

    def update(self, dt: float) -> None:
        return None

    # ------------------------------------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The menu under it dimmed, the panel, the question, its detail, the buttons (the focused one ringed)."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        panel = self.panel()
        draw_panel(surface, panel, alpha=245)
        size, pad = self.text_size, self._pad
        step = round(size * 1.6)
        y = panel.y + pad + step // 2
        draw_text(surface, self.question, round(size * 1.2), (panel.centerx, y), COLOURS["gold"], bold=True)
        y += step * 3 // 2
        for line in wrap(self.detail, size, panel.width - 2 * pad) if self.detail else []:
            draw_text(surface, line, size, (panel.centerx, y), COLOURS["text"])
            y += step
        for button in self.buttons:
            button.draw(surface, size)
