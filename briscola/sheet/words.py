"""The sheet in words and as CSV: its rows as a reader sees them (the terminal and the scene), and the export.

Every cell is computed by :func:`~briscola.sheet.model.tally`; here it is only put into words: what was entered for a
deal, what it gave each column, the totals, and who won.
"""

from __future__ import annotations

import csv
import io

from briscola.engine.cards import Card, DeckFamily
from briscola.sheet.model import ChiamataEntry, DealEntry, Entry, Row, SheetRules, Tally
from briscola.text.i18n import _
from briscola.text.names import card_label

__all__ = ["entry_words", "rules_words", "sheet_csv", "status_words", "table_lines"]


def rules_words(rules: SheetRules) -> str:
    """The agreement in one line: the form, the points to win, draws, the match."""
    if rules.chiamata:
        parts = [_("Briscola chiamata, {n} deals, highest total wins").format(n=rules.chiamata_deals)]
        if rules.cappotto_double:
            parts.append(_("every trick doubles"))
        return "; ".join(parts)
    parts = [_("wins only") if rules.wins_only else _("{points} points win a deal").format(points=rules.target)]
    parts.append(
        {
            "none": _("a draw counts for nobody"),
            "replay": _("a draw is replayed at double stake"),
            "carry": _("a draw carries: the next deal counts double"),
        }[rules.draw.value]
    )
    if rules.deals_to_win is None:
        parts.append(_("a free-running total"))
    else:
        parts.append(_("best of three") if rules.deals_to_win == 2 else _("best of five"))
    return "; ".join(parts)


def entry_words(rules: SheetRules, entry: Entry) -> str:
    """What was entered for one deal, as the sheet shows it in the deal's line."""
    if isinstance(entry, DealEntry):
        return " - ".join(str(value) for value in entry.points)
    assert isinstance(entry, ChiamataEntry)
    caller = rules.names[entry.caller]
    who = (
        _("{caller} alone").format(caller=caller)
        if entry.partner is None
        else _("{caller} with {partner}").format(caller=caller, partner=rules.names[entry.partner])
    )
    if entry.called is not None:
        who += f" ({card_label(Card.parse(entry.called), DeckFamily.ITALIAN)})"
    if entry.points is not None:
        result = _("{points} points").format(points=entry.points)
    else:
        result = _("made") if entry.made else _("failed")
    if entry.every_trick:
        result += ", " + _("every trick")
    return f"{who}: {result}"


def _signed(value: int, chiamata: bool) -> str:
    return f"{value:+d}" if chiamata else str(value)


def status_words(tally: Tally) -> str:
    """Who leads or who won; for fixed sides also what the next deal counts."""
    rules = tally.rules
    names = rules.columns
    if tally.winners is not None:
        return _("Won by {names}.").format(names=", ".join(names[index] for index in tally.winners))
    if tally.next_stake > 1:
        return _("The next deal counts {n} times.").format(n=tally.next_stake)
    return ""


def table_lines(tally: Tally) -> list[str]:
    """The sheet as lines of text: a heading, a line per deal (entered, then each column's running total), totals."""
    rules = tally.rules
    widths = [max(6, len(name)) for name in rules.columns]
    head = _("Deal")
    lines = [f"{head:>4}  " + "  ".join(f"{name:>{w}}" for name, w in zip(rules.columns, widths, strict=True))]
    for row in tally.rows:
        cells = "  ".join(f"{_signed(total, rules.chiamata):>{w}}" for total, w in zip(row.totals, widths, strict=True))
        note = entry_words(rules, row.entry)
        if row.stake > 1:
            note += "  " + _("x{n}").format(n=row.stake)
        if row.doubled:
            note += "  " + _("doubled")
        if not row.counted:
            note += "  " + _("(after the end: not counted)")
        lines.append(f"{row.number:>4}  {cells}   {note}")
    status = status_words(tally)
    if status:
        lines.append(status)
    return lines


def sheet_csv(title: str, tally: Tally) -> str:
    """The sheet as CSV: a line per deal with what was entered, what it gave each column and the running totals."""
    rules = tally.rules
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([title])
    writer.writerow(
        [
            _("Deal"),
            _("Entered"),
            *[_("{name}: gained").format(name=name) for name in rules.columns],
            *[_("{name}: total").format(name=name) for name in rules.columns],
        ]
    )
    for row in tally.rows:
        writer.writerow([row.number, _entered(rules, row), *row.gained, *row.totals])
    writer.writerow([_("Total"), "", *[""] * len(rules.columns), *tally.totals])
    status = status_words(tally)
    if status:
        writer.writerow([status])
    return out.getvalue()


def _entered(rules: SheetRules, row: Row) -> str:
    words = entry_words(rules, row.entry)
    return words if row.counted else words + " " + _("(after the end: not counted)")
