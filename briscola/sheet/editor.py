"""A sheet being filled in: add, correct or delete entries, undo and redo, and save after every change.

The editor holds the list of entries and nothing derived from it: the scores are :func:`~briscola.sheet.model.tally`
of the list, recomputed whole after every change, so an edit of deal 2 of 7 changes deals 3 to 7 as it must. A change
that the tally refuses (a wrong sum, a deal after the match is over) raises :class:`SheetError` and leaves the sheet
as it was, so the entry stays on screen to be corrected. ``save`` is called with the whole list after each accepted
change (the history database keeps it in one transaction), so what was accepted is what is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from briscola.sheet.model import Entry, SheetError, SheetRules, Tally, check_entry, tally
from briscola.text.i18n import _

__all__ = ["Saver", "SheetEditor"]

#: Called with the entries after every accepted change.
Saver = Callable[[tuple[Entry, ...]], None]


class SheetEditor:
    """The entries of one sheet, with undo and redo; ``tally`` is always the score of what is there."""

    def __init__(self, rules: SheetRules, entries: Sequence[Entry] = (), save: Saver | None = None) -> None:
        self.rules = rules
        self._entries: tuple[Entry, ...] = tuple(entries)
        self._undo: list[tuple[Entry, ...]] = []
        self._redo: list[tuple[Entry, ...]] = []
        self._save = save
        self.tally: Tally = tally(rules, self._entries)

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The entries, first deal first."""
        return self._entries

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def add(self, entry: Entry) -> Tally:
        """Enter the next deal; refused once the match is decided."""
        if self.tally.finished:
            raise SheetError(_("The match is over: correct an earlier deal, or start a new sheet."))
        return self._change((*self._entries, entry))

    def replace(self, index: int, entry: Entry) -> Tally:
        """Correct deal ``index`` (from 0); everything after it is scored again."""
        self._index(index)
        return self._change((*self._entries[:index], entry, *self._entries[index + 1 :]))

    def delete(self, index: int) -> Tally:
        """Remove deal ``index`` (from 0); the deals after it move up and are scored again."""
        self._index(index)
        return self._change(self._entries[:index] + self._entries[index + 1 :])

    def undo(self) -> Tally:
        """Go back one change (nothing to undo: nothing happens)."""
        if self._undo:
            self._redo.append(self._entries)
            self._set(self._undo.pop())
        return self.tally

    def redo(self) -> Tally:
        """Do again the change last undone."""
        if self._redo:
            self._undo.append(self._entries)
            self._set(self._redo.pop())
        return self.tally

    def _index(self, index: int) -> None:
        if not 0 <= index < len(self._entries):
            raise SheetError(_("There is no deal {n}.").format(n=index + 1))

    def _change(self, entries: tuple[Entry, ...]) -> Tally:
        for entry in entries:
            check_entry(self.rules, entry)
        self._undo.append(self._entries)
        self._redo.clear()
        self._set(entries)
        return self.tally

    def _set(self, entries: tuple[Entry, ...]) -> None:
        self.tally = tally(self.rules, entries)
        self._entries = entries
        if self._save is not None:
            self._save(entries)
