"""The sheet in words and as CSV: its rows as a reader sees them (the terminal and the scene), and the export.

Every cell is computed by :func:`~briscola.sheet.model.tally`; here it is only put into words: what was entered for a
deal, what it gave each column, the totals, and who won. A deal with one sitting out is said with its sides' names
(``Anna & Carla 70 - Bruno & Dario 50 (Elena sits out)``), the seats being
:func:`~briscola.sheet.model.sit_out_seats`'s.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from briscola.engine.cards import Card, DeckFamily
from briscola.sheet.model import ChiamataEntry, DealEntry, Entry, Row, SheetRules, SitOutSeats, Tally, sit_out_seats
from briscola.text.i18n import _
from briscola.text.names import card_label

__all__ = ["entry_words", "row_words", "rules_words", "sheet_csv", "status_words", "table_lines", "total_text"]


def rules_words(rules: SheetRules) -> str:
    """The agreement in one line: the form, the points to win, draws, the match."""
    if rules.chiamata:
        parts = [_("Briscola chiamata, {n} deals, highest total wins").format(n=rules.chiamata_deals)]
        if rules.cappotto_double:
            parts.append(_("every trick doubles"))
        return "; ".join(parts)
    parts = [_("Five players, the dealer sits out")] if rules.sit_out else []
    parts.append(_("wins only") if rules.wins_only else _("{points} points win a deal").format(points=rules.target))
    parts.append(
        {
            "none": _("a draw counts for nobody"),
            "replay": _("a draw is replayed at double stake"),
            "carry": _("a draw carries: the next deal counts double"),
        }[rules.draw.value]
    )
    if rules.deals_to_win is None:
        parts.append(_("a free-running total"))
    elif rules.sit_out:
        parts.append(_("the first player to win {n} deals wins the match").format(n=rules.deals_to_win))
    else:
        parts.append(_("best of three") if rules.deals_to_win == 2 else _("best of five"))
    return "; ".join(parts)


def entry_words(rules: SheetRules, entry: Entry, number: int | None = None, entries: Sequence[Entry] = ()) -> str:
    """What was entered for one deal, as the sheet shows it in the deal's line.

    With one sitting out the sides are named when the deal's ``number`` (from 1) is given, with the sheet's
    ``entries`` (a replayed draw keeps the dealer: :func:`~briscola.sheet.model.sit_out_seats`); without it, by
    their seats after the dealer."""
    if isinstance(entry, DealEntry):
        if rules.sit_out and len(entry.points) == 2:
            seats = sit_out_seats(rules, number, entries) if number is not None else None
            return _sit_out_words(rules, entry, seats)
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


def _sit_out_words(rules: SheetRules, entry: DealEntry, seats: SitOutSeats | None) -> str:
    first, second = entry.points
    if seats is None:
        return _("1st & 3rd after the dealer {first} - 2nd & 4th {second}").format(first=first, second=second)
    (a, c), (b, d), sitter = seats
    names = rules.names
    return _("{a} & {c} {first} - {b} & {d} {second} ({sitter} sits out)").format(
        a=names[a], c=names[c], first=first, b=names[b], d=names[d], second=second, sitter=names[sitter]
    )


def total_text(value: int, chiamata: bool) -> str:
    """A column's total as the sheet writes it: chiamata's plus-minus with its sign (a nought plain: "0", not "+0"),
    the others' counts as they are."""
    return f"{value:+d}" if chiamata and value else str(value)


def row_words(rules: SheetRules, row: Row) -> str:
    """A deal's line after the totals: what was entered, then what the deal counted (x2 after a carried draw), a
    doubled deal, and an entry made after the match was decided."""
    parts = [_deal_words(rules, row)]
    if row.stake > 1:
        parts.append(_("x{n}").format(n=row.stake))
    if row.doubled:
        parts.append(_("doubled"))
    if not row.counted:
        parts.append(_("(after the end: not counted)"))
    return " · ".join(parts)


def status_words(tally: Tally) -> str:
    """Who leads or who won; for fixed sides also what the next deal counts, and with one sitting out who deals it."""
    rules = tally.rules
    names = rules.columns
    if tally.winners is not None:
        return _("Won by {names}.").format(names=", ".join(names[index] for index in tally.winners))
    parts: list[str] = []
    if rules.sit_out:
        entries = [row.entry for row in tally.rows]
        sitter = sit_out_seats(rules, len(entries) + 1, entries)[2]
        parts.append(_("{name} deals next and sits out.").format(name=rules.names[sitter]))
    if tally.next_stake > 1:
        parts.append(_("The next deal counts {n} times.").format(n=tally.next_stake))
    return " ".join(parts)


def table_lines(tally: Tally) -> list[str]:
    """The sheet as lines of text: a heading, a line per deal (entered, then each column's running total), totals."""
    rules = tally.rules
    widths = [max(6, len(name)) for name in rules.columns]
    head = _("Deal")
    lines = [f"{head:>4}  " + "  ".join(f"{name:>{w}}" for name, w in zip(rules.columns, widths, strict=True))]
    for row in tally.rows:
        cells = "  ".join(
            f"{total_text(total, rules.chiamata):>{w}}" for total, w in zip(row.totals, widths, strict=True)
        )
        lines.append(f"{row.number:>4}  {cells}   {row_words(rules, row)}")
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
        writer.writerow([row.number, row_words(rules, row), *row.gained, *row.totals])
    writer.writerow([_("Total"), "", *[""] * len(rules.columns), *tally.totals])
    status = status_words(tally)
    if status:
        writer.writerow([status])
    return out.getvalue()


def _deal_words(rules: SheetRules, row: Row) -> str:
    """A row's entry in words, a sit-out deal with the sides of its row."""
    if row.seats is not None and isinstance(row.entry, DealEntry):
        return _sit_out_words(rules, row.entry, row.seats)
    return entry_words(rules, row.entry)
