"""What every overlay on the table shares: the frozen table under a shade, a panel, buttons with one keyboard focus
(arrows or Tab move it, the mouse moves it to the button it is over, Enter presses it), and the table kept to the
window's size while it is covered.

The pause menu, the last trick, a hand's results and the match summary are each an :class:`Overlay`: not opaque (the
table is drawn under them, and gets no time while they are on top), each laying out its own buttons in
:meth:`Overlay.place` when the window changes size. What differs between them (which keys do what, what the panel
says) stays in their own modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.ui.widgets.basic import Button, move_focus

if TYPE_CHECKING:
    from briscola.ui.app import App
    from briscola.ui.table.scene import TableScene

__all__ = ["Overlay", "shade"]


def shade(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole of ``surface`` (the table under an overlay) by ``alpha`` (0-255)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


class Overlay:
    """An overlay on the table: its app, the table under it, and its buttons."""

    opaque = False

    def __init__(self, app: App, table: TableScene) -> None:
        self.app = app
        self.table = table
        self.buttons: list[Button] = []
        self.focus = 0
        """The button Enter presses: always one, drawn with the game's focus ring."""

    def resize(self, size: tuple[int, int]) -> None:
        """The table follows the window under the overlay; then the overlay lays itself out, keeping the focus."""
        self.table.resize(size)
        self.place(size)
        self.focus = min(self.focus, max(0, len(self.buttons) - 1))
        self._show_focus()

    @property
    def focused(self) -> Button | None:
        """The button with the focus (None before the overlay is laid out)."""
        return self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Move the focus for arrows and Tab (Shift+Tab back); True when ``event`` was one of them."""
        if event.type != pygame.KEYDOWN:
            return False
        shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)  # synthetic key events may carry no mod
        forward = event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (event.key == pygame.K_TAB and not shifted)
        backward = event.key in (pygame.K_UP, pygame.K_LEFT) or (event.key == pygame.K_TAB and shifted)
        if not (forward or backward):
            return False
        moved = move_focus(self.buttons, self.focus, 1 if forward else -1)
        self.focus = self.focus if moved is None else moved
        self._show_focus()
        return True

    def _show_focus(self) -> None:
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus

    def place(self, size: tuple[int, int]) -> None:
        """Lay out the buttons for a window of ``size`` (none by default)."""

    def relabel(self) -> None:
        """The language changed (Settings, opened from the pause menu): the buttons are laid out again in the new
        words, keeping the focus; what the panel says is worded as it is drawn."""
        self.place(self.app.size)
        self.focus = min(self.focus, max(0, len(self.buttons) - 1))
        self._show_focus()

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The button under ``pos``, if any."""
        return next((button for button in self.buttons if button.hit(pos)), None)

    def light_up(self, pos: tuple[int, int]) -> None:
        """The mouse moved to ``pos``: the button under it lights up and takes the focus, the others don't."""
        for index, button in enumerate(self.buttons):
            button.hot = button.hit(pos)
            if button.hot:
                self.focus = index
        self._show_focus()

    def picture_key(self) -> tuple[()]:
        """The same value between events: what an overlay shows changes only on input (one that counts or moves by
        itself says so through ``wake_in``), so the app's once-a-second wake draws nothing (``App.step``)."""
        return ()

    def update(self, dt: float) -> None:
        """Nothing moves by itself on an overlay unless it says so."""
