"""The score sheets kept in the history: start a new one, reopen any earlier one, delete one no longer wanted.

Each kept sheet is a row: its title, how many deals it holds and whether it is decided ("won by ...") or still being
filled in, the one changed last first; its explanation line says its rules and when it was last changed (on the
player's clock). Delete (the key) asks before a sheet goes. A sheet whose rules or entries can't be read any more
is listed and said to be unreadable, never opened half-way. Without a history this run, the list says so: a sheet
can still be filled in and scored, it is just not kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from briscola.sheet.keeping import kept_sheets
from briscola.sheet.model import SheetError, SheetRules, entry_from_json, tally
from briscola.sheet.words import rules_words, status_words
from briscola.store.history.rows import local_time_text
from briscola.text.i18n import _, ngettext
from briscola.ui.widgets.basic import COLOURS, draw_text
from briscola.ui.widgets.form import MenuScene
from briscola.ui.widgets.rows import Row, action

if TYPE_CHECKING:
    from briscola.store.history import History
    from briscola.store.history.sheets import SheetSummary
    from briscola.ui.app import App

__all__ = ["Listed", "SheetListScene", "listed_sheets"]

#: The sheets listed at most, the ones changed last (a longer history is for `python -m briscola.sheet list`).
MAX_LISTED = 60


@dataclass(frozen=True)
class Listed:
    """A kept sheet as the list shows it: its row's label, its explanation, and whether it can be opened."""

    id: int
    label: str
    about: str
    readable: bool


def listed_sheets(history: History | None) -> list[Listed]:
    """The kept sheets, the one changed last first, each put into words: its deals, who won it or that it is being
    filled in (its tally computed), its rules and when it was changed."""
    if history is None:
        return []
    return [_listed(history, summary) for summary in kept_sheets(history)[:MAX_LISTED]]


def _listed(history: History, summary: SheetSummary) -> Listed:
    changed = _("Changed {when}.").format(when=local_time_text(summary.updated))
    stored = history.sheet(summary.id)
    try:
        if stored is None:
            raise SheetError(_("There is no sheet {n}.").format(n=summary.id))
        rules = SheetRules.from_json(stored.summary.rules)
        scored = tally(rules, [entry_from_json(entry) for entry in stored.entries])
    except SheetError as error:
        label = _("{title} (can't be read)").format(title=summary.title)
        return Listed(summary.id, label, f"{error} {changed}", False)
    deals = ngettext("{n} deal", "{n} deals", len(scored.rows)).format(n=len(scored.rows))
    state = status_words(scored) if scored.finished else _("Being filled in.")
    return Listed(summary.id, f"{summary.title} · {deals}", f"{state} {rules_words(rules)}. {changed}", True)


class SheetListScene(MenuScene):
    """New sheet, then every kept sheet; Enter opens, Delete removes (asked first)."""

    def __init__(self, app: App) -> None:
        self.history = app.config.history
        self.listed = listed_sheets(self.history)
        self.stale = False
        """True once a sheet was opened, started or deleted from here: the list is read again when it is back on
        top (``update`` runs only for the top scene)."""
        super().__init__(app)
        self.title = _("Score sheets")

    def refresh(self) -> None:
        """Read the list again (after a sheet was deleted, or filled in and left), once the history writer has saved
        what was entered (a few milliseconds; a second at most, if another program holds the file)."""
        writer = self.app.history_writer()
        if writer is not None:
            writer.flush(1.0)
        self.listed = listed_sheets(self.history)
        self.stale = False
        self.rebuild()

    def update(self, dt: float) -> None:
        if self.stale:
            self.refresh()

    def new(self) -> None:
        self.stale = True
        self.app.navigator.new_sheet()

    def delete(self, sheet_id: int) -> None:
        """Remove a kept sheet, once the player confirms (Cancel focused)."""
        item = next((item for item in self.listed if item.id == sheet_id), None)
        history = self.history
        if item is None or history is None:
            return

        def remove() -> None:
            history.delete_sheet(sheet_id)
            self.stale = True

        self.app.navigator.confirm(_("Delete this sheet?"), item.label, _("Delete"), remove)

    def build(self) -> list[Row]:
        rows = [action(_("New sheet"), self.new, help=_("Choose the players and the rules of a new sheet."), key="new")]
        for item in self.listed:
            about = item.about + " " + _("Delete: remove it.")
            rows.append(action(item.label, self._opener(item), help=about, key=f"sheet:{item.id}"))
        rows.append(action(_("Back"), self.back, help=_("Back to the title."), key="back"))
        return rows

    def _opener(self, item: Listed) -> Callable[[], None]:
        def run() -> None:
            if item.readable:
                self.stale = True
                self.app.navigator.reopen_sheet(item.id)

        return run

    def focused_sheet(self) -> int | None:
        """The kept sheet of the focused row, if it is one."""
        key = self.rows[self.focus].key if self.rows else ""
        return int(key.split(":", 1)[1]) if key.startswith("sheet:") else None

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            sheet = self.focused_sheet()
            if sheet is not None:
                self.delete(sheet)
            return
        super().process_event(event)

    def draw_side(self, surface: pygame.Surface) -> None:
        """Beside the rows: what a sheet is for, and that nothing is kept without a history."""
        x, _width, size, step = self.side_column()
        about = _(
            "Playing with real cards? Keep the score here: enter each deal's points and the sheet adds them up, "
            "carries draws and says who won."
        )
        y = self.side_paragraph(surface, about, self.rows_top, COLOURS["muted"])
        if self.history is None:
            off = _("The history is off: a sheet is scored, but not kept.")
            self.side_paragraph(surface, off, y + step // 2, COLOURS["gold"], bold=True)
        elif not self.listed:
            draw_text(surface, _("No sheet kept yet."), size, (x, y + step // 2), COLOURS["text"], anchor="topleft")
