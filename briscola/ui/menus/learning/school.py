"""The school's menu: the eight lessons with the player's progress, the puzzle of the day and the rated puzzles.

Reached from the title. Each lesson's row says how many of its exercises were answered right ("3/4", a tick when all
are); the puzzles' rows say the player's puzzle rating and streak, and whether today's puzzle is done. The progress is
read once here (:class:`briscola.store.school_progress.SchoolKeeper`) and handed to the lesson and puzzle scenes, which
save it after every answer; a file that couldn't be read was moved aside, and its notice is shown under the rows.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import pygame

from briscola.school.lessons import LESSONS
from briscola.store.school_progress import SchoolKeeper
from briscola.text.i18n import _
from briscola.ui.menus.learning.school_board import draw_wrapped
from briscola.ui.widgets.basic import COLOURS, text_surface
from briscola.ui.widgets.form import MenuScene
from briscola.ui.widgets.rows import Row, action

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["SchoolScene", "lesson_mark"]


def lesson_mark(right: int, total: int) -> str:
    """A lesson's progress as its row shows it: "done" when every exercise was answered right, "2/4 right" under
    way, nothing before it starts (words, not a tick: the game's font has no such sign)."""
    if right >= total:
        return _("done")
    return _("{right}/{total} right").format(right=right, total=total) if right else ""


class SchoolScene(MenuScene):
    """The lessons and the puzzles."""

    column = 1.0

    def __init__(self, app: App, keeper: SchoolKeeper | None = None) -> None:
        self.keeper = keeper or SchoolKeeper()
        super().__init__(app)
        self.title = _("School")

    def build(self) -> list[Row]:
        progress = self.keeper.progress
        rows = []
        for number, lesson in enumerate(LESSONS, start=1):
            mark = lesson_mark(
                len(progress.right(lesson.key) & set(range(len(lesson.exercises)))), len(lesson.exercises)
            )
            label = _("{number}. {title}").format(number=number, title=_(lesson.title))
            rows.append(
                action(
                    _("{lesson} · {progress}").format(lesson=label, progress=mark) if mark else label,
                    self._opener(lesson.key),
                    help=_("A few pages, then exercises: choose the card, and the coach says why."),
                    key=f"lesson-{lesson.key}",
                )
            )
        today = date.today().isoformat()
        daily = _("Puzzle of the day · done today") if progress.daily == today else _("Puzzle of the day")
        rows.append(
            action(
                daily,
                lambda: self.app.navigator.open_puzzles(self.keeper, daily=True),
                help=_("The same endgame for everyone today: one card wins, or keeps the most."),
                key="daily",
            )
        )
        rows.append(
            action(
                _("Puzzles: rating {rating}, streak {streak}").format(
                    rating=round(progress.rating), streak=progress.streak
                ),
                lambda: self.app.navigator.open_puzzles(self.keeper, daily=False),
                help=_("Endgames chosen near your rating; a hint (H) or a wrong card counts as a miss."),
                key="puzzles",
            )
        )
        return rows

    def _opener(self, key: str) -> Callable[[], None]:
        """What the row of the lesson ``key`` does."""
        return lambda: self.app.navigator.open_lesson(key, self.keeper)

    def update(self, dt: float) -> None:
        """The rows again, in the current language and with the progress the lessons and puzzles just saved."""
        self.title = _("School")
        self.rebuild()

    @property
    def row_height(self) -> int:
        return max(30, self.size[1] // 17)

    def row_rect(self, index: int) -> pygame.Rect:
        w = self.size[0]
        width = min(w - w // 8, max(560, round(w * 0.62)))
        top = self.rows_top + (index - self.scroll) * self.row_height
        return pygame.Rect((w - width) // 2, top, width, self.row_height - 6)

    def draw_row(self, surface: pygame.Surface, index: int, text: int) -> None:
        """A row, its text made smaller when a lesson's long title doesn't fit (never cut)."""
        room = self.row_rect(index).width - 24
        while text > 12 and text_surface(self.rows[index].label, text, bold=index == self.focus).get_width() > room:
            text -= 1
        super().draw_row(surface, index, text)

    def draw_side(self, surface: pygame.Surface) -> None:
        """What went wrong with the progress file, under the rows."""
        if not self.keeper.problems:
            return
        w, h = self.size
        text = "  ".join(problem.message() for problem in self.keeper.problems)
        bottom = self.row_rect(len(self.rows) - 1).bottom if self.rows else h // 2
        draw_wrapped(surface, text, max(13, h // 52), bottom + h // 80, w - w // 6, COLOURS["red"])
