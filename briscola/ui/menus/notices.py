"""The notices scene: every problem found with the settings files or the saved match, each in full, scrolled.

The title has room for a line or two per problem; a player who started the game from a desktop icon never sees the
terminal, so the whole of each one is here: what is wrong (the key, the value found and why), the value the game uses
instead, the file (its full path), and what will happen next about it. Everything is put into words as it is drawn,
so it reads in the language in use. Up/Down, Page Up/Down, Home/End or the wheel scroll; Esc, Enter or Backspace go
back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from briscola.text.i18n import _
from briscola.ui.widgets.basic import COLOURS, draw_panel, draw_text
from briscola.ui.widgets.form import MenuScene, wrap_words

if TYPE_CHECKING:
    from briscola.store import Problem
    from briscola.ui.app import App

__all__ = ["Line", "NoticesScene"]


@dataclass(frozen=True, slots=True)
class Line:
    """One drawn line of the notices: its text, its colour, and bold for what is wrong (the first of a problem)."""

    text: str
    colour: tuple[int, int, int]
    bold: bool = False


def notice_lines(problems: list[Problem], size: int, width: int) -> list[Line]:
    """Each problem in full as lines to draw: what is wrong, the value used instead, the file, what happens next."""
    lines: list[Line] = []
    for problem in problems:
        block = [(problem.summary(), COLOURS["gold"], True)]
        if problem.fallback is not None:
            block.append((_("The game uses instead: {value}").format(value=problem.fallback), COLOURS["text"], False))
        block.append((_("File: {file}").format(file=problem.where), COLOURS["muted"], False))
        if problem.note is not None:
            block.append((str(problem.note), COLOURS["text"], False))
        if lines:
            lines.append(Line("", COLOURS["text"]))  # a blank line between two problems
        for text, colour, bold in block:
            lines += [Line(part, colour, bold) for part in wrap_words(text, size, width, bold=bold)]
    return lines


class NoticesScene(MenuScene):
    """Every problem in full, scrollable; the problems are asked for afresh each frame (they may go meanwhile)."""

    column = 1.0

    def __init__(self, app: App, problems: Callable[[], list[Problem]]) -> None:
        self.problems = problems
        self.offset = 0
        """The first line shown."""
        self._cache: tuple[tuple[object, ...], list[Line]] | None = None
        super().__init__(app)
        self.title = _("Problems found")

    # ------------------------------------------------------------------------------------------------ content

    @property
    def text_size(self) -> int:
        """The size of the notices' text: readable at 960 x 600, larger on larger windows."""
        return max(15, self.size[1] // 40)

    @property
    def step(self) -> int:
        """The height of a line."""
        return self.text_size + max(5, self.text_size // 3)

    def panel(self) -> pygame.Rect:
        """Where the notices are drawn: a dark panel between the title and the keys line."""
        w, h = self.size
        top = h // 7
        return pygame.Rect(w // 24, top, w - w // 12, h - top - h // 10)

    def lines(self) -> list[Line]:
        """Every line, wrapped to the panel (kept while the problems, the size and the language stay the same)."""
        problems = self.problems()
        size, width = self.text_size, self.panel().width - 2 * self._pad
        key = (size, width, _("File: {file}"), *(problem.message() for problem in problems))
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, notice_lines(problems, size, width))
        return self._cache[1]

    @property
    def _pad(self) -> int:
        return max(10, self.text_size)

    @property
    def page(self) -> int:
        """How many lines the panel shows at once."""
        return max(1, (self.panel().height - 2 * self._pad) // self.step)

    def scroll_by(self, lines: int) -> None:
        """Scroll by ``lines`` (negative: up), never past the first or the last line."""
        last = max(0, len(self.lines()) - self.page)
        self.offset = max(0, min(last, self.offset + lines))

    # ------------------------------------------------------------------------------------------------ input

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.page,
                pygame.K_PAGEDOWN: self.page,
                pygame.K_SPACE: self.page,
                pygame.K_HOME: -len(self.lines()),
                pygame.K_END: len(self.lines()),
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.back()
            elif event.key in steps:
                self.scroll_by(steps[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)

    def update(self, dt: float) -> None:
        """The title in the current language, and the scroll kept within the lines (fewer if a problem went)."""
        self.title = _("Problems found")
        self.scroll_by(0)

    # ------------------------------------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w, h = self.size
        draw_text(surface, self.title, max(26, h // 16), (w / 2, h // 14), COLOURS["gold"], bold=True)
        panel = self.panel()
        draw_panel(surface, panel, alpha=235)
        lines = self.lines()
        pad, step, size = self._pad, self.step, self.text_size
        for n, line in enumerate(lines[self.offset : self.offset + self.page]):
            if line.text:
                position = (panel.x + pad, panel.y + pad + n * step)
                draw_text(surface, line.text, size, position, line.colour, anchor="topleft", bold=line.bold)
        small = max(12, size - 2)
        if self.offset > 0:
            draw_text(surface, _("more above"), small, (panel.centerx, panel.y - small), COLOURS["muted"])
        if self.offset + self.page < len(lines):
            draw_text(surface, _("more below"), small, (panel.centerx, panel.bottom + small), COLOURS["muted"])
        keys = _("Up/Down, Page Up/Down or the wheel: scroll · Esc: back")
        draw_text(surface, keys, max(12, size - 2), (w / 2, h - h // 40 - 6), COLOURS["muted"])
