"""The scene protocol: one screen of the app (the table, a pause menu, a results panel) on the app's stack.

Only the top scene receives input and time; the scenes below are drawn under it until one is opaque, so overlays
such as the pause menu sit over a frozen table. The title, the menus and the rules book are scenes too; a scene
reaches another only through the app's navigator (:mod:`briscola.ui.navigation`), never by importing it.

A scene may also say when it next needs a frame of its own, so that the app sleeps while nothing moves (a player
thinking over a hand must not cost half a core): ``wake_in()``, the seconds until its picture changes or it must look
at something outside (0 while it animates, :data:`STILL` when only an event can change it), and ``picture_key()``, a
value that changes whenever what it draws may have changed, so a frame that only polled (a computer's move not ready
yet) draws nothing. Both are optional: a scene without ``wake_in`` is still between events (every menu is), and one
without ``picture_key`` is drawn on every frame the app runs. See :meth:`briscola.ui.app.App.run`.

Words are put into the player's language when they are drawn. A scene that words something ahead of drawing (its
buttons, laid out by their labels' widths) may have a ``relabel()``, which the app calls on every scene of the stack
when the language changes (:meth:`briscola.ui.app.App.follow_setting`), so a table and its pause menu under the
settings read in the new language as soon as they show again.
"""

from __future__ import annotations

import math
from typing import Final, Protocol

import pygame

__all__ = ["POLL_SECONDS", "STILL", "Scene"]

STILL: Final = math.inf
"""``wake_in`` of a scene that only an event can change."""
POLL_SECONDS: Final = 1 / 25
"""How often a scene waiting on something outside (the AI worker, a bot) looks at it: often enough that a move
shows within a frame or two of being ready, a third of the 60 fps the app draws at while something moves."""


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
