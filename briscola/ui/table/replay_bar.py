"""The replay viewer's bar under the table: where the replay is, its buttons for the mouse, and what each one does.

The bar is a strip along the window's bottom edge (the table is laid out above it, whole). On the left it says where
the replay is ("Hand 2 of 5 · trick 4 of 20 · move 37 of 205") and, under that, what the button under the pointer
does with its key, or the keys when none is pointed at; then the buttons: to the start of the hand, the trick before,
a move back, play or pause, a move on, the next trick, the next hand; the autoplay's pace; whose cards are shown; and
Close. The moving buttons are drawn as icons (the font has no arrows), so they read the same in every language; each
is named in words under the pointer. Everything here is made from the scene's state in ``update`` and drawn as it
is: the bar changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame

from briscola.match.replay import Place
from briscola.text.i18n import N_, _
from briscola.ui.widgets.basic import COLOURS, Button, cut_text, draw_text, fit_text, text_surface

Colour = tuple[int, int, int]

__all__ = ["BAR_SHARE", "RATES", "Bar", "bar_height", "describe", "make_bar", "place_text"]

#: The bar's height as a share of the window's (never under 52 pixels): the table is laid out in the rest.
BAR_SHARE: Final = 0.08
#: The autoplay's paces, as multiples of the normal one (``+`` and ``-`` go along them).
RATES: Final = (0.25, 0.5, 1.0, 2.0, 4.0)

#: The moving buttons, left to right: what each does (the scene's command), and its icon.
_MOVES: Final = ("hand-", "trick-", "back", "play", "forward", "trick+", "hand+")
#: What each button does and its key, in words: shown under the place while it is pointed at.
_WORDS: Final[dict[str, str]] = {
    "hand-": N_("Start of the hand, or the hand before (Shift+H)"),
    "trick-": N_("Start of the trick, or the trick before (Page Up)"),
    "back": N_("One move back (Left, Backspace)"),
    "play": N_("Play the moves one after another, or stop (A)"),
    "pause": N_("Stop playing the moves (A)"),
    "forward": N_("One move on (Right, Space)"),
    "trick+": N_("The next trick (Page Down)"),
    "hand+": N_("The next hand (H)"),
    "slower": N_("Play the moves more slowly (-)"),
    "faster": N_("Play the moves faster (+)"),
    "view": N_("Whose cards are shown: every hand, or what one player saw (V)"),
    "review": N_("The coach's review of this hand, from the player's seat (R)"),
    "close": N_("Close the replay (Esc)"),
}


def bar_height(window_height: int) -> int:
    """The bar's height in a window ``window_height`` pixels high."""
    return max(52, round(window_height * BAR_SHARE))


def place_text(place: Place, points: str = "") -> str:
    """Where the replay is, in words: the hand, the trick and the move; at a hand's end, its ``points`` (each side's
    names and card points), which a jump there shows nowhere else."""
    if place.hand == 0:
        return _("Before the first deal · move 0 of {moves}").format(moves=place.moves)
    if place.hand_over:
        return _("Hand {hand} of {hands} over: {points} · move {move} of {moves}").format(
            hand=place.hand, hands=place.hands, points=points, move=place.move, moves=place.moves
        )
    return _("Hand {hand} of {hands} · trick {trick} of {tricks} · move {move} of {moves}").format(
        hand=place.hand,
        hands=place.hands,
        trick=place.trick,
        tricks=place.tricks,
        move=place.move,
        moves=place.moves,
    )


def describe(command: str) -> str:
    """What the bar's ``command`` button does, with its key, in the language in use."""
    return _(_WORDS[command])


def keys_text() -> str:
    """The keys, for the bar's second line while no button is pointed at."""
    return _("Keys: arrows, Page Up/Down, Home/End, H, A, +/-, V, L, R")


@dataclass
class Bar:
    """The bar as laid out for a window: its strip, its buttons (value: the command), and the texts it shows."""

    rect: pygame.Rect
    buttons: list[Button]
    place: str
    second: str
    rate: str
    rate_at: tuple[int, int]
    """Where the pace ("1×") is written, between its buttons."""
    text_size: int


def make_bar(
    size: tuple[int, int],
    place: Place,
    *,
    playing: bool,
    rate: float,
    view_label: str,
    hot: tuple[int, int] | None,
    can_back: bool,
    can_forward: bool,
    points: str = "",
) -> Bar:
    """Lay the bar out for a window of ``size``: the place, the buttons (the one under ``hot`` lit) and the pace."""
    width, height = size
    bar_h = bar_height(height)
    rect = pygame.Rect(0, height - bar_h, width, bar_h)
    text_size = max(11, round(bar_h * 0.27))
    pad = max(6, round(bar_h * 0.14))
    button_h = bar_h - 2 * pad
    icon_w = round(button_h * 1.1)
    gap = max(4, round(pad * 0.6))
    close_label, review_label, rate_text = _("Close"), _("Review"), f"{rate:g}×"
    close_w = text_surface(close_label, text_size).get_width() + 4 * pad
    review_w = text_surface(review_label, text_size).get_width() + 4 * pad
    view_w = max(text_surface(view_label, text_size).get_width() + 4 * pad, round(button_h * 3))
    rate_w = text_surface("0.25×", text_size).get_width() + pad
    right = rect.right - pad
    buttons: list[Button] = []

    def add(value: str, label: str, w: int, x: int, enabled: bool = True) -> None:
        buttons.append(Button(label, value, pygame.Rect(x, rect.y + pad, w, button_h), enabled=enabled))

    add("close", close_label, close_w, right - close_w)
    x = right - close_w - 2 * gap - review_w
    add("review", review_label, review_w, x, place.hand > 0)
    x -= 2 * gap + view_w
    add("view", view_label, view_w, x)
    x -= 2 * gap + icon_w
    add("faster", "+", icon_w, x, rate < RATES[-1])
    x -= rate_w
    rate_x = x + rate_w // 2
    x -= icon_w
    add("slower", "−", icon_w, x, rate > RATES[0])
    x -= 2 * gap + len(_MOVES) * icon_w + (len(_MOVES) - 1) * gap
    for value in _MOVES:
        enabled = can_back if value in ("hand-", "trick-", "back") else can_forward or value == "play"
        add("pause" if value == "play" and playing else value, "", icon_w, x, enabled)
        x += icon_w + gap
    for button in buttons:
        button.hot = hot is not None and button.hit(hot)
    pointed = next((button for button in buttons if button.hot), None)
    second = describe(str(pointed.value)) if pointed is not None else keys_text()
    return Bar(rect, buttons, place_text(place, points), second, rate_text, (rate_x, rect.centery), text_size)


def draw_bar(bar: Bar, surface: pygame.Surface) -> None:
    """Paint ``bar``: a dark strip, the place and the second line on the left, the buttons and the pace."""
    pygame.draw.rect(surface, (12, 28, 20), bar.rect)
    pygame.draw.line(surface, COLOURS["muted"], bar.rect.topleft, bar.rect.topright)
    size = bar.text_size
    left = bar.rect.x + round(bar.rect.h * 0.3)
    first = min(button.rect.x for button in bar.buttons) - left - size
    for text, at, share, colour in (
        (bar.place, size, 0.3, COLOURS["text"]),
        (bar.second, max(9, round(size * 0.85)), 0.7, COLOURS["muted"]),
    ):
        fitted = fit_text(text, at, first, least=max(9, at - 3))  # a little smaller first, cut only past that
        draw_text(
            surface,
            cut_text(text, fitted, first),
            fitted,
            (left, bar.rect.y + bar.rect.h * share),
            colour,
            anchor="midleft",
        )
    for button in bar.buttons:
        button.draw(surface, size)
        icon = _ICONS.get(str(button.value))
        if icon is not None:
            ink = COLOURS["text"] if button.enabled else COLOURS["muted"]
            icon(surface, button.rect, ink)
    draw_text(surface, bar.rate, size, bar.rate_at, COLOURS["gold"])


def _triangle(surface: pygame.Surface, centre: tuple[float, float], h: float, ink: Colour, *, left: bool) -> None:
    x, y = centre
    w = h * 0.8
    tip = x - w / 2 if left else x + w / 2
    back = x + w / 2 if left else x - w / 2
    pygame.draw.polygon(surface, ink, [(tip, y), (back, y - h / 2), (back, y + h / 2)])


def _icon(triangles: int, *, left: bool, stop: bool) -> Callable[[pygame.Surface, pygame.Rect, Colour], None]:
    """An icon of ``triangles`` arrows pointing ``left`` or right, with a bar at their end if ``stop``."""

    def draw(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
        h = rect.h * 0.42
        w = h * 0.8
        total = triangles * w * 0.85 + (h * 0.22 if stop else 0.0)
        x = rect.centerx - total / 2
        if stop and left:
            pygame.draw.rect(
                surface, ink, pygame.Rect(round(x), round(rect.centery - h / 2), max(2, round(h * 0.16)), round(h))
            )
            x += h * 0.22
        for _n in range(triangles):
            _triangle(surface, (x + w / 2, rect.centery), h, ink, left=left)
            x += w * 0.85
        if stop and not left:
            pygame.draw.rect(
                surface, ink, pygame.Rect(round(x), round(rect.centery - h / 2), max(2, round(h * 0.16)), round(h))
            )

    return draw


def _pause(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    h = round(rect.h * 0.42)
    w = max(3, round(h * 0.28))
    for dx in (-w - 1, 2):
        pygame.draw.rect(surface, ink, pygame.Rect(rect.centerx + dx, rect.centery - h // 2, w, h))


_ICONS: Final[dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]]] = {
    "hand-": _icon(2, left=True, stop=True),
    "trick-": _icon(2, left=True, stop=False),
    "back": _icon(1, left=True, stop=False),
    "play": _icon(1, left=False, stop=False),
    "pause": _pause,
    "forward": _icon(1, left=False, stop=False),
    "trick+": _icon(2, left=False, stop=False),
    "hand+": _icon(2, left=False, stop=True),
}
