"""A keyboard-and-mouse form shared by the menu scenes: rows that are actions, a choice among values, or a text field.

Every menu (title, new game, settings) is a list of :class:`Row` s, so one piece of code gives them all the same keys:
Up/Down or Tab/Shift+Tab move the focus, Left/Right change a choice, Enter or Space activates (or steps a choice
forward), Esc goes back. A text field (:mod:`briscola.ui.widgets.text_field`) takes what is typed while it has the
focus, and Enter moves on. The mouse does the same: pointing focuses, a click on the left half of a value steps back and
on the right half steps forward, the wheel scrolls. A line under the rows explains the focused one, which is where each
option's one-line explanation (in the current language) lives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.text.i18n import _
from briscola.ui.widgets.basic import COLOURS, draw_focus, draw_text
from briscola.ui.widgets.rows import Row
from briscola.ui.widgets.text_field import draw_field, edit_text

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["MenuScene", "wrap", "wrap_words"]


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels at ``size`` points."""
    from briscola.ui.widgets.basic import font

    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and font().get_rect(trial, size=size).width > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def wrap_words(text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels at ``size`` points, a word too long for a line (a path) split.

    Unlike a plain word wrap, nothing is ever wider than ``width``: a path with no spaces is broken after a ``/``
    where it can be, else between two characters, so no part of it is drawn out of sight. ``bold`` text is measured
    bold, since it is wider.
    """
    from briscola.ui.widgets.basic import font

    f = font()

    def fits(part: str) -> bool:
        f.strong = bold
        try:
            return bool(f.get_rect(part, size=size).width <= width)
        finally:
            f.strong = False

    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if fits(trial):
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while not fits(line) and len(line) > 1:
                cut = len(line) - 1
                while cut > 1 and not fits(line[:cut]):
                    cut -= 1
                slash = line.rfind("/", 1, cut)
                cut = slash + 1 if slash > cut // 2 else cut
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _shorten(text: str, size: int, width: int) -> str:
    """``text`` cut at a word, with "…", to fit ``width`` pixels at ``size`` points."""
    from briscola.ui.widgets.basic import font

    words = text.split(" ")
    while len(words) > 1 and font().get_rect(" ".join(words) + "…", size=size).width > width:
        words.pop()
    return " ".join(words) + ("…" if " ".join(words) != text else "")


class MenuScene:
    """An opaque scene showing a title and a column of rows; subclasses build the rows and may draw beside them."""

    opaque = True
    title = ""
    column = 0.62
    """The share of the window's width the rows take (the rest is for a preview)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rows: list[Row] = []
        self.focus = 0
        self.scroll = 0
        self.size = app.size
        self.rebuild()

    # ------------------------------------------------------------------------------------------------ content

    def build(self) -> list[Row]:
        """The rows, as they are now (called again after every change that may add or drop rows)."""
        return []

    def rebuild(self) -> None:
        """Rebuild the rows keeping the focus on the row with the same key."""
        key = self.rows[self.focus].key if self.rows and self.focus < len(self.rows) else ""
        self.rows = self.build()
        keys = [row.key for row in self.rows]
        self.focus = keys.index(key) if key and key in keys else min(self.focus, max(0, len(self.rows) - 1))
        self._keep_visible()

    def row(self, key: str) -> Row:
        """The row named ``key`` (KeyError if there is none)."""
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    def back(self) -> None:
        """Esc: leave this scene (the title overrides it to do nothing)."""
        self.app.pop(self)

    # ------------------------------------------------------------------------------------------------ geometry

    @property
    def row_height(self) -> int:
        return max(28, self.size[1] // 26)

    @property
    def rows_top(self) -> int:
        return self.size[1] // 7

    @property
    def visible_rows(self) -> int:
        return max(3, (self.size[1] - self.rows_top - self.size[1] // 8) // self.row_height)

    def row_rect(self, index: int) -> pygame.Rect:
        """The rectangle of row ``index`` on screen (it may be scrolled out of view)."""
        width = int(self.size[0] * self.column) - self.size[0] // 12
        top = self.rows_top + (index - self.scroll) * self.row_height
        return pygame.Rect(self.size[0] // 24, top, width, self.row_height - 4)

    def _keep_visible(self) -> None:
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + self.visible_rows:
            self.scroll = self.focus - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.rows) - self.visible_rows)))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._keep_visible()

    # ------------------------------------------------------------------------------------------------ input

    def move(self, delta: int) -> None:
        """Move the keyboard focus by ``delta`` rows (wrapping)."""
        if self.rows:
            self.focus = (self.focus + delta) % len(self.rows)
            self._keep_visible()

    def activate(self, index: int | None = None) -> None:
        """Enter on a row: run its action, step its choice forward, or leave a text field for the next row."""
        if not self.rows:
            return
        row = self.rows[self.focus if index is None else index]
        if row.is_text:
            self.move(1)
        elif row.is_choice:
            row.step(1)
            self.rebuild()
        else:
            row.on_activate()

    def change(self, delta: int) -> None:
        """Left/Right on the focused row."""
        if self.rows and self.rows[self.focus].is_choice:
            self.rows[self.focus].step(delta)
            self.rebuild()

    def _edit_text(self, event: pygame.event.Event) -> bool:
        """Typing into the focused text field; True when ``event`` was an edit (else the menu's keys apply)."""
        row = self.rows[self.focus] if self.rows and self.focus < len(self.rows) else None
        return row is not None and edit_text(row, event)

    def process_event(self, event: pygame.event.Event) -> None:
        if self._edit_text(event):
            return
        if event.type == pygame.KEYDOWN:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.move(1 if event.key == pygame.K_DOWN else -1)
            elif event.key == pygame.K_TAB:
                self.move(-1 if shift else 1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.change(1 if event.key == pygame.K_RIGHT else -1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate()
        elif event.type == pygame.MOUSEMOTION:
            index = self.row_at(event.pos)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.rows) - self.visible_rows)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is None:
                return
            self.focus = index
            row = self.rows[index]
            if row.is_choice:
                rect = self.row_rect(index)
                value_mid = rect.x + rect.width * 0.75
                row.step(-1 if event.pos[0] < value_mid else 1)
                self.rebuild()
            else:
                row.on_activate()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the visible row under ``pos``, if any."""
        for index in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    def picture_key(self) -> tuple[()]:
        """The same value between events: what a menu shows changes only on input (one that counts or moves by
        itself says so through ``wake_in``), so the app's once-a-second wake draws nothing (``App.step``)."""
        return ()

    def update(self, dt: float) -> None:
        return None

    # ------------------------------------------------------------------------------------------------ drawing

    def draw_background(self, surface: pygame.Surface) -> None:
        """The felt, darker at the edges, under every menu."""
        surface.fill(COLOURS["felt_dark"])
        inner = surface.get_rect().inflate(-self.size[0] // 30, -self.size[1] // 30)
        pygame.draw.rect(surface, COLOURS["felt"], inner, border_radius=24)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w, h = self.size
        draw_text(surface, self.title, max(26, h // 16), (w / 2, h // 14), COLOURS["gold"], bold=True)
        text = max(14, self.row_height // 2)
        for index in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            self.draw_row(surface, index, text)
        if self.scroll > 0:
            draw_text(
                surface,
                _("more above"),
                text - 2,
                (self.row_rect(self.scroll).centerx, self.rows_top - text),
                COLOURS["muted"],
            )
        if self.scroll + self.visible_rows < len(self.rows):
            bottom = self.row_rect(self.scroll + self.visible_rows).top + text // 2
            draw_text(surface, _("more below"), text - 2, (self.row_rect(0).centerx, bottom), COLOURS["muted"])
        help_lines, keys = self.footer()
        for line, size, y in help_lines:
            draw_text(surface, line, size, (w / 2, y), COLOURS["muted"])
        draw_text(surface, keys[0], keys[1], (w / 2, keys[2]), COLOURS["muted"])
        self.draw_side(surface)

    def footer(self) -> tuple[list[tuple[str, int, float]], tuple[str, int, float]]:
        """The focused row's explanation and the line of keys under the rows: (text, size, centre y) of each line.

        The keys sit at the bottom and the explanation stands on them, two lines at most: a longer one is set
        smaller until it fits in two (and cut if it still doesn't), so it never runs into the keys below it.
        """
        w, h = self.size
        text = max(14, self.row_height // 2)
        keys_size = max(12, text - 4)
        keys_y = h - h // 40 - 6
        keys = (_("Arrows or Tab: move · Left/Right: change · Enter: choose · Esc: back"), keys_size, float(keys_y))
        help_text = self.rows[self.focus].help if self.rows else ""
        if not help_text:
            return [], keys
        size, width = text, w - w // 8
        lines = wrap(help_text, size, width)
        while len(lines) > 2 and size > 11:
            size -= 1
            lines = wrap(help_text, size, width)
        if len(lines) > 2:
            lines = [lines[0], _shorten(" ".join(lines[1:]), size, width)]
        line_h = round(size * 1.35)
        bottom = keys_y - keys_size * 0.8 - 4  # the top of the keys' letters, and a little air
        first = bottom - line_h * len(lines) + line_h / 2
        return [(line, size, first + n * line_h) for n, line in enumerate(lines)], keys

    def draw_row(self, surface: pygame.Surface, index: int, text: int) -> None:
        """One row: its label on the left, its value between ‹ › on the right; the focused row lit up."""
        row = self.rows[index]
        rect = self.row_rect(index)
        focused = index == self.focus
        pygame.draw.rect(surface, COLOURS["button_hot" if focused else "button"], rect, border_radius=8)
        if focused:
            draw_focus(surface, rect)
        if row.is_text:
            draw_field(surface, row, rect, text, focused)
        elif row.is_choice:
            draw_text(surface, row.label, text, (rect.x + 14, rect.centery), anchor="midleft")
            value_x = rect.x + rect.width * 0.75
            label = row.labels[row.index]
            draw_text(surface, f"‹  {label}  ›", text, (value_x, rect.centery), COLOURS["gold"], bold=True)
        else:
            draw_text(surface, row.label, text, rect.center, bold=focused)

    def draw_side(self, surface: pygame.Surface) -> None:
        """What a subclass shows beside the rows (a preview); nothing by default."""
        return None

    def side_column(self) -> tuple[int, int, int, int]:
        """Where :meth:`draw_side` writes: the left edge and width of the column right of the rows, the text size and
        the step from one line to the next."""
        w, h = self.size
        x = int(w * self.column) + w // 40
        size = max(15, h // 38)
        return x, w - x - w // 20, size, size + max(4, size // 3)

    def side_paragraph(
        self, surface: pygame.Surface, text: str, y: int, colour: tuple[int, int, int], *, bold: bool = False
    ) -> int:
        """``text`` wrapped in the side column (measured bold when it is drawn bold), its first line's top at ``y``, a
        line a step down; the next line's y."""
        x, width, size, step = self.side_column()
        for line in wrap_words(text, size, width, bold=bold):
            draw_text(surface, line, size, (x, y), colour, anchor="topleft", bold=bold)
            y += step
        return y
