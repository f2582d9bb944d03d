"""What every overlay on the table shares: the frozen table under a shade, a panel, buttons that light up under the
mouse, and the table kept to the window's size while it is covered.

The pause menu, the last trick, a hand's results and the match summary are each an :class:`Overlay`: not opaque (the
table is drawn under them, and gets no time while they are on top), each laying out its own buttons in
:meth:`Overlay.place` when the window changes size. What differs between them (which keys do what, what the panel
says) stays in their own modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.ui.widgets.basic import Button

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

    def resize(self, size: tuple[int, int]) -> None:
        """The table follows the window under the overlay; then the overlay lays itself out."""
        self.table.resize(size)
        self.place(size)

    def place(self, size: tuple[int, int]) -> None:
        """Lay out the buttons for a window of ``size`` (none by default)."""

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The button under ``pos``, if any."""
        return next((button for button in self.buttons if button.hit(pos)), None)

    def light_up(self, pos: tuple[int, int]) -> None:
        """The mouse moved to ``pos``: the button under it lights up, the others don't."""
        for button in self.buttons:
            button.hot = button.hit(pos)

    def picture_key(self) -> tuple[()]:
        """The same value between events: what an overlay shows changes only on input (one that counts or moves by
        itself says so through ``wake_in``), so the app's once-a-second wake draws nothing (``App.step``)."""
        return ()

    def update(self, dt: float) -> None:
        """Nothing moves by itself on an overlay unless it says so."""
