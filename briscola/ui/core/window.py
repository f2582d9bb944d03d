"""The window's size on a given desktop: the size asked for, shrunk so that the window and its frame fit the screen.

A window as large as the desktop doesn't fit on it: the window manager adds a title bar (about 30 px), and panels
take their share (a taskbar of 40-48 px, GNOME's top bar, a dock at the side). On a 1280x800 or 1366x768 laptop a
1280x800 window lost its bottom, the hand and the key line, under the taskbar (issue 30). So a window is never made
larger than the desktop's *usable area*: the desktop less :data:`HEIGHT_MARGIN` of its height (at least
:data:`HEIGHT_MARGIN_PX`: a title bar and a taskbar together) and :data:`WIDTH_MARGIN` of its width (at least
:data:`WIDTH_MARGIN_PX`: the frame's sides, or a dock). The figures are a margin for the common desktops, not what
this one really has: SDL can say the usable bounds of a display, but pygame-ce doesn't, and before the window exists
its frame can't be measured.

The rule only shrinks: a remembered or configured size that fits is kept as it is, and 1280x800, the default, fits
any desktop of 1350x890 or more. No side goes below :data:`~briscola.ui.core.layout.MIN_SIZE` (the smallest the
table is laid out for, the settings' smallest window too), even on a desktop too small to hold it with its frame:
there the window is the minimum and full screen (F11) shows all of it. No pygame here; :class:`briscola.ui.app.App`
asks SDL for the desktop.
"""

from __future__ import annotations

from typing import Final

from briscola.ui.core.layout import MIN_SIZE

__all__ = ["HEIGHT_MARGIN", "HEIGHT_MARGIN_PX", "WIDTH_MARGIN", "WIDTH_MARGIN_PX", "fit_window", "fits", "usable_area"]

HEIGHT_MARGIN: Final = 0.10
HEIGHT_MARGIN_PX: Final = 80
"""A title bar (~30 px) and a taskbar (40-48 px) on a desktop of 800 px or less; a tenth of a taller one."""
WIDTH_MARGIN: Final = 0.05
WIDTH_MARGIN_PX: Final = 32
"""The frame's sides, or a dock at the side of the screen."""


def usable_area(desktop: tuple[int, int]) -> tuple[int, int]:
    """What a window may take of a ``desktop`` (width, height in pixels), its title bar and the panels left out."""
    width, height = desktop
    return (
        width - max(WIDTH_MARGIN_PX, round(width * WIDTH_MARGIN)),
        height - max(HEIGHT_MARGIN_PX, round(height * HEIGHT_MARGIN)),
    )


def fits(size: tuple[int, int], desktop: tuple[int, int]) -> bool:
    """True when a window of ``size``, with its frame, fits on ``desktop``."""
    usable = usable_area(desktop)
    return size[0] <= usable[0] and size[1] <= usable[1]


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size for ``size`` asked on ``desktop``: each side at most the usable area's, at least
    :data:`MIN_SIZE`'s. Without a desktop to fit (no screen, as under SDL's dummy driver) only the minimum applies."""
    width, height = size
    if desktop is not None:
        usable = usable_area(desktop)
        width, height = min(width, usable[0]), min(height, usable[1])
    return (max(MIN_SIZE[0], width), max(MIN_SIZE[1], height))
