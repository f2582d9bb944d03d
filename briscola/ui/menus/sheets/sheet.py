"""The score sheet scene: a sheet kept for a game played with real cards, filled in from the keyboard.

Everything it shows is :mod:`briscola.sheet`'s: the editor's tally (recomputed whole after every change), the deal
typed as the terminal takes it (:mod:`briscola.sheet.typed`: ``70 50`` or ``70``, the other side filled in and shown
before Enter; chiamata ``Anna Carla 72``), the words of each row. Keys: type, Enter enters the deal (or corrects the
selected one), Up/Down select an earlier deal, Delete removes it, Ctrl+Z / Ctrl+Y undo and redo, Ctrl+E exports the
sheet as CSV and PNG beside the history, Esc goes back to the list of sheets. A click selects a deal; the wheel
scrolls. A refused entry stays typed, with its reason in red; a save the history could not make is said in red
until the sheet is left. ``draw`` only paints what ``update`` and the keys prepared.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from briscola.sheet.keeping import KeptSheet
from briscola.sheet.model import Entry, SheetError, SheetRules, sit_out_seats
from briscola.sheet.typed import parse_entry, preview
from briscola.sheet.words import entry_words, row_words, rules_words, sheet_csv, status_words, total_text
from briscola.store.atomic import write_atomic
from briscola.text.i18n import _
from briscola.ui.widgets.basic import COLOURS, Button, draw_panel, draw_text, text_surface
from briscola.ui.widgets.form import MenuScene

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["SheetScene"]


class SheetScene(MenuScene):
    """One score sheet on screen, with its line for the next deal."""

    column = 1.0

    def __init__(self, app: App, kept: KeptSheet, export_dir: Path) -> None:
        self.kept = kept
        self.export_dir = export_dir
        self.typed = ""
        self.selected: int | None = None
        """The deal being corrected (index from 0), or None: Enter adds a new one."""
        self.reason = ""
        self.note = ""
        self.offset = 0
        self.trouble = "" if kept.id is not None else _("The history is off: this sheet is scored, but not kept.")
        """Why the sheet is not being kept (no history, or a save that failed), shown until the sheet is left."""
        self.buttons: list[Button] = []
        """The sheet's commands for the mouse (each also a key), laid out by ``update``."""
        super().__init__(app)
        self.title = kept.title
        self._lay_out_buttons()

    # ------------------------------------------------------------------------------------------------ geometry

    @property
    def text_size(self) -> int:
        return max(15, self.size[1] // 38)

    @property
    def step(self) -> int:
        return self.text_size + max(6, self.text_size // 2)

    def table_rect(self) -> pygame.Rect:
        w, h = self.size
        top = h // 6
        return pygame.Rect(w // 24, top, w - w // 12, h - top - h // 4)

    @property
    def page(self) -> int:
        return max(1, (self.table_rect().height - 3 * self.step) // self.step)

    def column_x(self) -> list[int]:
        """Where each column's total is drawn (right edges), after the deal number and before the entry's words."""
        table = self.table_rect()
        columns = len(self.kept.editor.rules.columns)
        left = table.x + self.text_size * 4
        width = min(table.width * 9 // 20, columns * self.text_size * 6) // columns
        return [left + width * (index + 1) for index in range(columns)]

    def row_at(self, pos: tuple[int, int]) -> int | None:
        table = self.table_rect()
        index = (pos[1] - table.y) // self.step - 1 + self.offset  # row n is drawn from (n + 1) steps down
        if table.collidepoint(pos) and 0 <= index < len(self.kept.editor.entries):
            return index
        return None

    # ------------------------------------------------------------------------------------------------ input

    def _lay_out_buttons(self) -> None:
        """A row of buttons along the bottom, each doing what its key does, dimmed when there is nothing to do."""
        editor = self.kept.editor
        w, h = self.size
        commands: list[tuple[str, str, bool]] = [
            (_("Enter deal"), "enter", bool(self.typed.strip())),
            (_("Delete deal"), "delete", self.selected is not None),
            (_("Undo"), "undo", editor.can_undo),
            (_("Redo"), "redo", editor.can_redo),
            (_("Export"), "export", True),
            (_("Back"), "back", True),
        ]
        gap = max(6, w // 120)
        width = min(w // 8, (w - w // 12 - gap * (len(commands) - 1)) // len(commands))
        height = max(28, h // 22)
        left = (w - (width * len(commands) + gap * (len(commands) - 1))) // 2
        top = h - h // 40 - 6 - self.text_size - height
        hot = {button.value for button in self.buttons if button.hot}
        self.buttons = [
            Button(label, value, pygame.Rect(left + n * (width + gap), top, width, height), enabled=enabled)
            for n, (label, value, enabled) in enumerate(commands)
        ]
        for button in self.buttons:
            button.hot = button.value in hot and button.enabled

    def press(self, value: object) -> None:
        """A button pressed: the same as its key."""
        keys = {
            "enter": (pygame.K_RETURN, 0),
            "delete": (pygame.K_DELETE, 0),
            "undo": (pygame.K_z, pygame.KMOD_CTRL),
            "redo": (pygame.K_y, pygame.KMOD_CTRL),
            "export": (pygame.K_e, pygame.KMOD_CTRL),
        }
        if value == "back":
            self.back()
        elif isinstance(value, str) and value in keys:
            self.key(*keys[value])

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.hot = button.hit(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pressed = next((button for button in self.buttons if button.hit(event.pos)), None)
            if pressed is not None:
                self.press(pressed.value)
                return
            self.selected = self.row_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.TEXTINPUT:
            self.typed += event.text
            self.reason = ""
        elif event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod)

    def key(self, key: int, mod: int = 0) -> None:
        """One key: the sheet's commands, or editing the typed line."""
        editor = self.kept.editor
        ctrl = bool(mod & pygame.KMOD_CTRL)
        self.note = ""
        if ctrl and key == pygame.K_z:
            editor.undo()
        elif ctrl and key == pygame.K_y:
            editor.redo()
        elif ctrl and key == pygame.K_e:
            self.export()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter()
        elif key == pygame.K_TAB:
            self.typed = self.typed.rstrip() + " "
        elif key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            self.reason = ""
        elif key == pygame.K_UP:
            count = len(editor.entries)
            self.selected = (count - 1 if self.selected is None else max(0, self.selected - 1)) if count else None
        elif key == pygame.K_DOWN and self.selected is not None:
            self.selected = self.selected + 1 if self.selected + 1 < len(editor.entries) else None
        elif key == pygame.K_DELETE and self.selected is not None:
            editor.delete(self.selected)
            self.selected = None
        elif key == pygame.K_ESCAPE:
            if self.selected is not None or self.typed:
                self.selected, self.typed, self.reason = None, "", ""
            else:
                self.back()
        self._show_selected()

    def enter(self) -> None:
        """Enter the typed deal (or the correction of the selected one); refused, it stays typed with the reason."""
        editor = self.kept.editor
        try:
            entry = parse_entry(editor.rules, self.typed.split())
            if self.selected is None:
                editor.add(entry)
                self.offset = max(0, len(editor.entries) - self.page)
            else:
                editor.replace(self.selected, entry)
                self.selected = None
        except SheetError as error:
            self.reason = str(error)
            return
        self.typed, self.reason = "", ""

    def export(self) -> None:
        """The sheet as CSV and as a PNG picture of it, in the export folder (named by the sheet's number)."""
        stem = self.export_dir / f"sheet-{self.kept.id if self.kept.id is not None else 'new'}"
        write_atomic(stem.with_suffix(".csv"), sheet_csv(self.kept.title, self.kept.editor.tally).encode("utf-8"))
        picture = pygame.Surface(self.size)
        self.draw(picture)
        pygame.image.save(picture, str(stem.with_suffix(".png")))
        self.note = _("Saved as {path} (.csv and .png).").format(path=stem)

    def scroll_by(self, lines: int) -> None:
        last = max(0, len(self.kept.editor.entries) - self.page)
        self.offset = max(0, min(last, self.offset + lines))

    def _show_selected(self) -> None:
        if self.selected is not None:
            if self.selected < self.offset:
                self.offset = self.selected
            elif self.selected >= self.offset + self.page:
                self.offset = self.selected - self.page + 1
        self.scroll_by(0)

    def update(self, dt: float) -> None:
        """The title, the buttons, and any save the history writer could not make (said in red until the sheet is
        left)."""
        self.title = self.kept.title
        self._lay_out_buttons()
        writer = self.app.history_writer() if self.kept.id is not None else None
        problems = writer.take_problems() if writer is not None else []
        if problems:
            self.trouble = _("Not saved: {problem}").format(problem=problems[0].message())

    # ------------------------------------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w, h = self.size
        editor = self.kept.editor
        rules, tally = editor.rules, editor.tally
        size, step = self.text_size, self.step
        draw_text(surface, self.title, max(26, h // 18), (w / 2, h // 16), COLOURS["gold"], bold=True)
        agreed = rules_words(rules)
        draw_text(surface, agreed, _fitting(agreed, size, w - w // 12), (w / 2, h // 16 + h // 18), COLOURS["muted"])
        table = self.table_rect()
        draw_panel(surface, table, alpha=235)
        xs = self.column_x()
        words_x = xs[-1] + size * 2
        head_y = table.y + step // 2
        draw_text(surface, _("Deal"), size, (table.x + size * 3, head_y), COLOURS["muted"], anchor="midright")
        for name, x in zip(rules.columns, xs, strict=True):
            draw_text(surface, name, size, (x, head_y), COLOURS["gold"], anchor="midright", bold=True)
        rule = COLOURS["felt_dark"]
        line_left, line_right = table.x + 10, table.right - 10
        pygame.draw.line(surface, COLOURS["muted"], (line_left, table.y + step), (line_right, table.y + step))
        rows = tally.rows[self.offset : self.offset + self.page]
        for n, row in enumerate(rows):
            y = table.y + (n + 2) * step - step // 2
            index = self.offset + n
            if index == self.selected:
                pygame.draw.rect(surface, COLOURS["button"], (table.x + 6, y - step // 2, table.width - 12, step), 0, 6)
            elif n:  # a faint rule between deals, as on a paper sheet
                pygame.draw.line(surface, rule, (line_left, y - step // 2), (line_right, y - step // 2))
            colour = COLOURS["text"] if row.counted else COLOURS["muted"]
            draw_text(surface, str(row.number), size, (table.x + size * 3, y), COLOURS["muted"], anchor="midright")
            for column, (total, x) in enumerate(zip(row.totals, xs, strict=True)):
                bold = column in row.winners
                draw_text(
                    surface,
                    total_text(total, rules.chiamata),
                    size,
                    (x, y),
                    COLOURS["gold"] if bold else colour,
                    anchor="midright",
                    bold=bold,
                )
            note = row_words(rules, row)
            fitted = _fitting(note, size - 1, table.right - 12 - words_x)
            draw_text(surface, note, fitted, (words_x, y), colour, anchor="midleft")
        if tally.rows:
            rule_x = words_x - size
            pygame.draw.line(surface, rule, (rule_x, table.y + step), (rule_x, table.y + (len(rows) + 1) * step))
        if not tally.rows:
            draw_text(surface, _("No deal entered yet."), size, (table.centerx, table.centery), COLOURS["muted"])
        status = status_words(tally)
        if status:
            draw_text(surface, status, size + 2, (w / 2, table.bottom - step // 2 - 2), COLOURS["gold"], bold=True)
        self._draw_entry(surface, table.bottom + step // 2)

    def _draw_entry(self, surface: pygame.Surface, top: int) -> None:
        """The line being typed, what it would enter, and the reason of a refusal (or a hint), over the keys."""
        w, h = self.size
        size, step = self.text_size, self.step
        editor = self.kept.editor
        label = _("Correct deal {n}:").format(n=self.selected + 1) if self.selected is not None else _("Next deal:")
        box = pygame.Rect(w // 24, top, w - w // 12, step + 8)
        draw_panel(surface, box, alpha=245, radius=8)
        at = draw_text(surface, label, size, (box.x + 12, box.centery), COLOURS["muted"], anchor="midleft")
        typed = draw_text(
            surface, self.typed + "_", size, (at.right + 12, box.centery), COLOURS["text"], anchor="midleft"
        )
        number = self.selected + 1 if self.selected is not None else len(editor.entries) + 1
        entry = preview(editor.rules, self.typed) if self.typed.strip() else None
        if entry is not None:
            shown = "= " + entry_words(editor.rules, entry, number, editor.entries)
            draw_text(surface, shown, size, (typed.right + 16, box.centery), COLOURS["gold"], anchor="midleft")
        line_y = box.bottom + step // 2 + 2
        if self.reason or self.trouble:
            reason = self.reason or self.trouble
            draw_text(surface, reason, _fitting(reason, size - 1, w - w // 12), (w / 2, line_y), COLOURS["red"])
        elif self.note:
            draw_text(surface, self.note, size - 1, (w / 2, line_y), COLOURS["muted"])
        else:
            hint = (
                _("The match is decided: Up/Down to correct a deal, or Esc and start a new sheet")
                if editor.tally.finished and self.selected is None
                else _("Type the caller, the partner (- alone) and the points, or made / failed; card=3S, bid=75, all")
                if editor.rules.chiamata
                else _sit_out_hint(editor.rules, number, editor.entries)
                if editor.rules.sit_out
                else _("Type each side's points; one side is enough, the other is filled in")
            )
            draw_text(surface, hint, size - 1, (w / 2, line_y), COLOURS["muted"])
        for button in self.buttons:
            button.draw(surface, max(12, size - 2))
        keys = _("Enter: enter · Up/Down: choose a deal · Delete · Ctrl+Z/Y: undo/redo · Ctrl+E: export · Esc: back")
        draw_text(surface, keys, max(12, size - 3), (w / 2, h - h // 40 - 6), COLOURS["muted"])


def _sit_out_hint(rules: SheetRules, number: int, entries: Sequence[Entry]) -> str:
    """What to type for deal ``number`` of a sheet with one sitting out: the two pairs of that deal, in order."""
    (a, c), (b, d), sitter = sit_out_seats(rules, number, entries)
    names = rules.names
    return _("Deal {n}: the points of {a} & {c}, then of {b} & {d} ({sitter} sits out)").format(
        n=number, a=names[a], c=names[c], b=names[b], d=names[d], sitter=names[sitter]
    )


def _fitting(text: str, size: int, width: int) -> int:
    """The largest size up to ``size`` (at least 10) at which ``text`` fits in ``width`` pixels."""
    while size > 10 and text_surface(text, size).get_width() > width:
        size -= 1
    return size
