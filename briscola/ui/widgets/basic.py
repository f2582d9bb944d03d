"""Small drawing helpers shared by the scenes: text with the default font, panels and clickable buttons.

Text goes through ``pygame.freetype``'s built-in font, so the game needs no font file; rendered strings are cached
because the same labels are drawn every frame.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import pygame
import pygame.freetype

__all__ = [
    "COLOURS",
    "Button",
    "cut_text",
    "draw_focus",
    "draw_panel",
    "draw_text",
    "fit_text",
    "font",
    "layout_buttons",
    "move_focus",
    "text_surface",
]

COLOURS: dict[str, tuple[int, int, int]] = {
    "felt": (22, 92, 58),
    "felt_dark": (15, 66, 42),
    "text": (245, 240, 225),
    "muted": (190, 205, 190),
    "gold": (240, 200, 90),
    "panel": (20, 28, 24),
    "button": (60, 110, 80),
    "button_hot": (90, 150, 110),
    "button_off": (38, 70, 52),
    "red": (220, 90, 80),
}

_font: pygame.freetype.Font | None = None
_cache: OrderedDict[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = OrderedDict()


def font() -> pygame.freetype.Font:
    """The default font, created once."""
    global _font
    if _font is None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        _font = pygame.freetype.Font(None)
        _font.antialiased = True
    return _font


def text_surface(
    text: str, size: int, colour: tuple[int, int, int] = COLOURS["text"], bold: bool = False
) -> pygame.Surface:
    """``text`` rendered at ``size`` points (cached: labels repeat every frame)."""
    key = (text, max(6, size), colour, bold)
    surface = _cache.get(key)
    if surface is None:
        f = font()
        f.strong = bold
        surface, _rect = f.render(text, colour, size=key[1])
        f.strong = False
        _cache[key] = surface
        while len(_cache) > 400:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return surface


def fit_text(text: str, size: int, width: int, bold: bool = False, least: int = 10) -> int:
    """``size``, or smaller so that ``text`` fits in ``width`` pixels (never below ``least``)."""
    while size > least and text_surface(text, size, bold=bold).get_width() > width:
        size -= 1
    return size


def cut_text(text: str, size: int, width: int) -> str:
    """``text``, cut with an ellipsis if even at ``size`` it is wider than ``width`` pixels (a long preset's name in
    a narrow column: the start says which it is, and nothing runs into the next column)."""
    if text_surface(text, size).get_width() <= width:
        return text
    while len(text) > 1 and text_surface(text + "…", size).get_width() > width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[float, float],
    colour: tuple[int, int, int] = COLOURS["text"],
    *,
    anchor: str = "center",
    bold: bool = False,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``; its rectangle."""
    rendered = text_surface(text, size, colour, bold)
    rect = rendered.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(rendered, rect)
    return rect


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215, radius: int = 12) -> None:
    """A translucent dark rounded panel behind overlay text."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*COLOURS["panel"], alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*COLOURS["gold"], 160), panel.get_rect(), width=2, border_radius=radius)
    surface.blit(panel, rect)


@dataclass
class Button:
    """A labelled rectangle that reports clicks; ``value`` says what it does.

    A button that does nothing now (``enabled`` False: the first page has no page before it) stays where it is,
    dimmed, so the buttons around it don't move, and no click or hover reaches it.
    """

    label: str
    value: object
    rect: pygame.Rect
    hot: bool = False
    """The pointer is over it: lighter."""
    enabled: bool = True
    focused: bool = False
    """It has the keyboard focus: Enter presses it. Drawn with :func:`draw_focus`, the one focus style of the game."""
    armed: bool = False
    """Pressed once, for a move that asks first (its label is then the question); the next press makes the move."""
    note: str = ""
    """A second, smaller line under the label, in gold ("you hold it" on a chiamata call): room for it is the
    caller's to give (a taller button)."""

    def draw(self, surface: pygame.Surface, text_size: int) -> None:
        """Draw the button: lighter under the pointer, ringed in gold with the keyboard focus, dim when disabled.

        Only the focus is gold, so at most one button of a group ever looks chosen, and Enter never acts blind.
        """
        if self.enabled:
            lit = self.hot or self.focused
            fill, edge, ink = COLOURS["button_hot" if lit else "button"], COLOURS["button_hot"], COLOURS["text"]
        else:
            fill, edge, ink = COLOURS["button_off"], COLOURS["button"], COLOURS["muted"]
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, edge, self.rect, width=1, border_radius=8)
        if self.focused and self.enabled:
            draw_focus(surface, self.rect)
        if not self.note:
            draw_text(surface, self.label, self._fitting(text_size), self.rect.center, ink, bold=self.focused)
            return
        x, y, h = self.rect.centerx, self.rect.centery, self.rect.h
        draw_text(surface, self.label, self._fitting(text_size), (x, y - h * 0.18), ink, bold=self.focused)
        note = COLOURS["gold"] if self.enabled else ink
        draw_text(surface, self.note, max(8, round(text_size * 0.85)), (x, y + h * 0.24), note)

    def _fitting(self, text_size: int) -> int:
        """``text_size``, or smaller so the label fits inside the button: some languages say it in longer words.
        Measured as it is drawn (bold with the focus, which is wider)."""
        room = self.rect.w - 12
        width = text_surface(self.label, text_size, bold=self.focused).get_width()
        if width <= room or width == 0:
            return text_size
        return max(8, text_size * room // width)

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the button and it is enabled."""
        return self.enabled and bool(self.rect.collidepoint(pos))


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
    """The keyboard focus, the same on every button and menu row: a thick gold edge, which nothing else on screen
    wears (other buttons have a thin edge of their own colour), visible on the felt, on a panel and on a lit button."""
    pygame.draw.rect(surface, COLOURS["gold"], rect, width=3, border_radius=radius)


def move_focus(buttons: Sequence[Button], focus: int | None, step: int) -> int | None:
    """The focus ``step`` buttons on from ``focus`` (None: none yet; the first or the last), skipping disabled ones."""
    usable = [index for index, button in enumerate(buttons) if button.enabled]
    if not usable:
        return None
    if focus not in usable:
        return usable[0] if step > 0 else usable[-1]
    return usable[(usable.index(focus) + step) % len(usable)]


def layout_buttons(
    labels: Sequence[tuple[str, object]], centre: tuple[float, float], width: int, height: int
) -> list[Button]:
    """Buttons of one size stacked vertically around ``centre``."""
    gap = height // 3
    total = len(labels) * height + (len(labels) - 1) * gap
    top = centre[1] - total / 2
    buttons = []
    for i, (label, value) in enumerate(labels):
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (round(centre[0]), round(top + i * (height + gap) + height / 2))
        buttons.append(Button(label, value, rect))
    return buttons
