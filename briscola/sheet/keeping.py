"""Score sheets kept in the history database: a new sheet, a kept one reopened, each saved after every change.

The history (:class:`~briscola.store.history.History`) stores a sheet's rules and entries as JSON and knows nothing
of what they mean; this module turns them into :class:`~briscola.sheet.model.SheetRules` and entries and back, and
gives the :class:`~briscola.sheet.editor.SheetEditor` a save hook that writes the whole list in one transaction. A
sheet that can't be saved (no history this run, a read-only file, a full disk) is still filled in and scored; the
history's problems say why nothing was kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from briscola.sheet.editor import Saver, SheetEditor
from briscola.sheet.model import Entry, SheetError, SheetRules, entry_from_json, entry_to_json
from briscola.store.history import History
from briscola.store.history.sheets import SheetSummary
from briscola.text.i18n import _

__all__ = ["KeptSheet", "Runner", "kept_sheets", "new_sheet", "reopen_sheet"]

#: How a save is run: at once (None), or handed to a writer that runs it later, in order (the window's history
#: writer, so that no frame waits for the disk).
Runner = Callable[[Callable[[History], object]], None]


@dataclass
class KeptSheet:
    """A sheet on screen: its number in the history (None when it is not kept), its title and its editor."""

    id: int | None
    title: str
    editor: SheetEditor


def _saver(history: History | None, sheet_id: int | None, run: Runner | None) -> Saver | None:
    if history is None or sheet_id is None:
        return None
    kept = history

    def save(entries: tuple[Entry, ...]) -> None:
        rows = [entry_to_json(entry) for entry in entries]  # made now: the job may run after the next change
        if run is None:
            kept.save_sheet(sheet_id, rows)
        else:
            run(lambda target: target.save_sheet(sheet_id, rows))

    return save


def new_sheet(history: History | None, rules: SheetRules, title: str = "", *, run: Runner | None = None) -> KeptSheet:
    """Start a sheet, kept in ``history`` when there is one (its row made at once: the sheet needs its number);
    each change is then saved by ``run``."""
    title = title.strip() or ", ".join(rules.names)
    sheet_id = history.new_sheet(title, rules.to_json()) if history is not None else None
    return KeptSheet(sheet_id, title, SheetEditor(rules, save=_saver(history, sheet_id, run)))


def reopen_sheet(history: History, sheet_id: int, *, run: Runner | None = None) -> KeptSheet:
    """A kept sheet, ready to go on being filled in (each change saved by ``run``); :class:`SheetError` if it is
    unknown or can't be read."""
    stored = history.sheet(sheet_id)
    if stored is None:
        raise SheetError(_("There is no sheet {n}.").format(n=sheet_id))
    rules = SheetRules.from_json(stored.summary.rules)
    entries = [entry_from_json(entry) for entry in stored.entries]
    editor = SheetEditor(rules, entries, save=_saver(history, sheet_id, run))
    return KeptSheet(sheet_id, stored.summary.title, editor)


def kept_sheets(history: History | None) -> list[SheetSummary]:
    """The kept sheets, the one changed last first (none without a history)."""
    return history.sheets() if history is not None else []
