"""The scene protocol: one screen of the app (the table, a pause menu, a results panel) on the app's stack.

Only the top scene receives input and time; the scenes below are drawn under it until one is opaque, so overlays
such as the pause menu sit over a frozen table. The title, the menus and the rules book are scenes too; a scene
reaches another only through the app's navigator (:mod:`briscola.ui.navigation`), never by importing it.
"""

from __future__ import annotations

from typing import Protocol

import pygame

__all__ = ["Scene"]


class Scene(Protocol):
    """What the app needs of a screen."""

    opaque: bool
    """True when the scene covers the whole window (the scenes below it are not drawn)."""

    def process_event(self, event: pygame.event.Event) -> None:
        """Handle one input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Must not change any state."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""
