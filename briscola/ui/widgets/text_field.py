"""The menus' text field: a row holding a line the player types (an external bot's command, in the new-game scene).

What is typed comes as SDL's text input, so accents and input methods work; Backspace deletes a character (with
Ctrl, a word), Ctrl+V pastes, Space is only text (it must not activate the row), and Enter moves on (the menu's own
keys do that). The box shows the end of a long line, where the typing happens, with a caret while focused.

Kept apart from :mod:`briscola.ui.widgets.form`: a field is edited and drawn unlike any other row, and the menus
that have none need none of this. The row itself is made by :func:`briscola.ui.widgets.rows.text_field`;
:class:`~briscola.ui.widgets.form.MenuScene` hands the focused field its events (:func:`edit_text`) and has it drawn
(:func:`draw_field`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from briscola.ui.widgets.basic import COLOURS, draw_text, font

if TYPE_CHECKING:
    from briscola.ui.widgets.rows import Row

__all__ = ["MAX_TEXT", "draw_field", "edit_text", "set_text"]

#: The longest text a field takes: far beyond any command line a person types, short enough to draw every frame.
MAX_TEXT: Final = 400


def set_text(row: Row, text: str) -> None:
    """Set a text field's text (control characters dropped, at most :data:`MAX_TEXT` characters) and report it."""
    clean = "".join(ch for ch in text if ch.isprintable())[:MAX_TEXT]
    if row.text is not None and clean != row.text:
        row.text = clean
        row.on_text(clean)


def edit_text(row: Row, event: pygame.event.Event) -> bool:
    """Typing into the text field ``row``; True when ``event`` was an edit (else the menu's keys apply)."""
    if row.text is None:
        return False
    if event.type == pygame.TEXTINPUT:
        set_text(row, row.text + event.text)
        return True
    if event.type != pygame.KEYDOWN:
        return False
    ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
    if event.key == pygame.K_BACKSPACE:
        set_text(row, _without_last_word(row.text) if ctrl else row.text[:-1])
    elif event.key == pygame.K_v and ctrl:
        set_text(row, row.text + _paste().replace("\n", " ").strip())
    elif event.key == pygame.K_SPACE:
        pass  # the space itself arrives as text input; it must not "activate" the field
    else:
        return False
    return True


def _paste() -> str:
    """The clipboard's text, or "" when there is none or no clipboard at all (a headless run)."""
    try:
        return str(pygame.scrap.get_text())
    except (pygame.error, AttributeError):
        return ""


def _without_last_word(text: str) -> str:
    """``text`` less its last word and the spaces after it (Ctrl+Backspace)."""
    return text.rstrip().rsplit(" ", 1)[0] + " " if " " in text.rstrip() else ""


def draw_field(surface: pygame.Surface, row: Row, rect: pygame.Rect, size: int, focused: bool) -> None:
    """A text field: its label, then a sunken box with the text's end (and a caret while focused)."""
    draw_text(surface, row.label, size, (rect.x + 14, rect.centery), anchor="midleft")
    label_w = font().get_rect(row.label, size=size).width
    box = pygame.Rect(0, 0, 0, rect.height - 8)
    box.left = min(rect.x + 14 + label_w + 16, rect.x + rect.width // 2)
    box.width = rect.right - 8 - box.left
    box.centery = rect.centery
    pygame.draw.rect(surface, COLOURS["panel"], box, border_radius=6)
    typed = row.text or ""
    if not typed:
        hint = ("|" if focused else "") + row.placeholder
        draw_text(surface, hint, size, (box.x + 8, box.centery), COLOURS["muted"], anchor="midleft")
        return
    shown = _tail(typed + ("|" if focused else ""), size, box.width - 28)
    draw_text(surface, shown, size, (box.x + 8, box.centery), COLOURS["gold"], anchor="midleft")


def _tail(text: str, size: int, width: int) -> str:
    """``text``, or "…" and as much of its end as fits in ``width`` pixels: the end of a long line is where the
    typing happens, so it stays in view (a binary search: this runs every frame)."""

    def fits(candidate: str) -> bool:
        return font().get_rect(candidate, size=size).width <= width

    if fits(text):
        return text
    low, high = 1, len(text)  # the shortest cut that fits lies in [low, high]
    while low < high:
        middle = (low + high) // 2
        if fits("…" + text[middle:]):
            high = middle
        else:
            low = middle + 1
    return "…" + text[low:]
