"""The explanation of an action button, shown while the pointer is on it or it has the keyboard focus: what a bid
promises, what a call or a pass means, what a swap gives (the words are :mod:`briscola.text.bids`'s).

It is a panel over the table's middle, just above the buttons and the auction's standing, so it never covers a button,
the player's hand or the lines that say what the bid must beat; long text (German says it in long words) is wrapped to
at most half the window's width. :func:`help_panel` is where it goes, for the drawing and for the tests alike; the
text, :func:`button_help`, is worked out from the button and the player's view as it is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import pygame

from briscola.engine import Action
from briscola.text.bids import explain_move, explain_page_turn
from briscola.text.i18n import _
from briscola.ui.core.action_pages import PageTurn
from briscola.ui.core.layout import Rect
from briscola.ui.table.controls import TakeBack
from briscola.ui.table.plates import auction_lines, name_plates, text_size, text_width
from briscola.ui.widgets.basic import COLOURS, draw_panel, draw_text
from briscola.ui.widgets.form import wrap

if TYPE_CHECKING:
    from briscola.ui.table.protocol import Table

__all__ = ["HelpPanel", "button_help", "draw_action_help", "help_panel"]

PAD: Final = 0.8
"""The panel's margin round its text, as a share of the text size."""
LINE: Final = 1.35
"""From one line's top to the next, as a share of the text size."""


@dataclass(frozen=True)
class HelpPanel:
    """The explanation as drawn: its lines, the panel round them, and the text size."""

    lines: list[str]
    rect: pygame.Rect
    size: int

    @property
    def line_height(self) -> int:
        """Pixels from one line's top to the next."""
        return round(self.size * LINE)


def button_help(scene: Table) -> str:
    """What the action button under the pointer means (else the one with the keyboard focus): "" with neither.

    Worked out as it is read, from the button's move and the view of the game, so it is true of the moment and in the
    language in use.
    """
    button = next((button for button in scene.buttons if button.hot and button.enabled), None)
    if button is None and scene.button_focus is not None and scene.button_focus < len(scene.buttons):
        button = scene.buttons[scene.button_focus]
    if button is None:
        return ""
    if isinstance(button.value, PageTurn):
        return explain_page_turn(button.value.step)
    if isinstance(button.value, TakeBack):
        return _("Take back your last move in this hand and the answers to it (U or Ctrl+Z).")
    action: Action = button.value  # type: ignore[assignment]
    names = [seat.name for seat in scene.driver.seats]
    return explain_move(action, scene.view, names, scene.state.family)


def help_panel(scene: Table) -> HelpPanel | None:
    """The explanation of the button under the pointer or with the focus, and where it goes; None with neither."""
    text = button_help(scene)
    if not text or not scene.buttons:
        return None
    layout = scene.layout
    size = text_size(layout.height, 0.8)
    lines = wrap(text, size, round(layout.width * 0.5))
    pad = round(size * PAD)
    line_h = round(size * LINE)
    width = max(text_width(line, size) for line in lines) + 2 * pad
    height = line_h * len(lines) + pad
    top = min(button.rect.top for button in scene.buttons)
    top = min([top, *(rect.top for _text, rect in auction_lines(scene))])
    centred = pygame.Rect(0, 0, width, height)
    centred.midbottom = (layout.width // 2, top - round(size * 0.5))
    centred.top = max(centred.top, round(layout.margin))  # never off the window, whatever a long language says
    return HelpPanel(lines, _clear_of(scene, centred, size), size)


def _clear_of(scene: Table, rect: pygame.Rect, gap: int) -> pygame.Rect:
    """``rect`` moved sideways, if it must, off the talon, the cards of the trick and the players' plates and hands:
    centred if that touches none of them, else just beside one of them; centred after all if nothing clears."""
    obstacles = _obstacles(scene)
    window = pygame.Rect(0, 0, scene.layout.width, scene.layout.height).inflate(-2 * gap, 0)
    places = [rect.centerx]
    for box in obstacles:
        places += [box.right + gap + rect.w // 2, box.left - gap - rect.w // 2]
    for x in sorted(places, key=lambda x: abs(x - rect.centerx)):
        moved = rect.copy()
        moved.centerx = x
        if window.contains(moved) and moved.collidelist(obstacles) < 0:
            return moved
    return rect


def _obstacles(scene: Table) -> list[pygame.Rect]:
    """What the panel may cover only when nothing else is possible: the talon and the turned briscola, the cards on
    the table, the other players' hands and every name plate."""
    layout, state = scene.layout, scene.state
    out = []
    if state.talon_count or state.briscola is not None:
        out.append(_rect(layout.talon_pose.bounds()).union(_rect(layout.briscola_pose.bounds())))
    out += [_rect(state.pose(sprite).bounds()) for sprite in state.trick]
    out += [_rect(layout.hand_box(seat)) for seat in range(layout.players) if seat != layout.bottom]
    out += [plate.rect for plate in name_plates(scene)]
    return out


def _rect(box: Rect) -> pygame.Rect:
    """The layout's float rectangle as pygame's."""
    return pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))


def draw_action_help(scene: Table, surface: pygame.Surface) -> None:
    """Draw the explanation's panel, if a button is pointed at or focused."""
    panel = help_panel(scene)
    if panel is None:
        return
    draw_panel(surface, panel.rect, alpha=230, radius=10)
    pad_top = (panel.rect.h - panel.line_height * len(panel.lines)) / 2
    for index, line in enumerate(panel.lines):
        y = panel.rect.top + pad_top + panel.line_height * (index + 0.5)
        x = panel.rect.left + round(panel.size * PAD)
        draw_text(surface, line, panel.size, (x, y), COLOURS["text"], anchor="midleft")
