"""``python -m briscola.sheet``: the score sheet in the terminal, kept in the history database.

- ``new NAME NAME... [--chiamata | --sit-out] [--target N] [--draw none|replay|carry] [--wins-only] [--match 3|5|free]
  [--deals N] [--every-trick-doubles] [--alone doubled|zero_sum] [--title TEXT]``: start a sheet and fill it in;
- ``open ID``: go on filling in a kept sheet; ``list``: the kept sheets; ``show ID``: one sheet;
- ``export ID --csv FILE``: the sheet as CSV (``-`` for the output).

Filling in reads a line per deal from standard input. Fixed sides: each side's points, ``70 50``, or one side only,
``70``, and the other is filled in (wins only: ``1 0``); five with one sitting out (``--sit-out``, the names in
seating order, the first dealer first): the same two numbers, the 1st & 3rd after the dealer first. Chiamata:
``CALLER PARTNER POINTS`` with players by name or number, ``-`` as the partner for a caller who held the called
card, ``made`` or ``failed`` instead of points, and optionally ``card=3S``, ``bid=75`` and ``all`` (every trick).
Also ``edit N ...``, ``delete N``, ``undo``, ``redo``, ``show``, ``help`` and ``quit``. Every accepted change is
saved before the next line is read ("Deal 2 saved."), so a crash or a kill loses nothing that was confirmed. Exit
codes: 0; 1 when the history can't be used or a sheet is unknown or can't be read; 2 for bad arguments; 130 on
Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Final

from briscola.engine.ruleset import AloneScoring, DrawHandling
from briscola.sheet.keeping import KeptSheet, kept_sheets, new_sheet, reopen_sheet
from briscola.sheet.model import SheetError, SheetRules
from briscola.sheet.typed import parse_entry
from briscola.sheet.words import rules_words, sheet_csv, table_lines
from briscola.store.atomic import write_atomic
from briscola.store.history import History
from briscola.text.console import reader_gone
from briscola.text.i18n import _

__all__ = ["main"]

EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_INTERRUPTED: Final = 130
_MATCH: Final = {"3": 2, "5": 3, "free": None}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m briscola.sheet", description=_("The score sheet for games played with real cards.")
    )
    help_text = _("the history database (default: in the user's data folder)")
    parser.add_argument("--history", metavar="PATH", help=help_text)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    new = commands.add_parser("new", help=_("start a sheet and fill it in"))
    new.add_argument("names", nargs="+", metavar="NAME", help=_("the players, in playing order (2 to 6)"))
    new.add_argument("--title", default="", help=_("the sheet's title (default: the players' names)"))
    form = new.add_mutually_exclusive_group()
    form.add_argument("--chiamata", action="store_true", help=_("briscola chiamata (five players)"))
    help_text = _("five players, the dealer sits out each deal (names in seating order, the first dealer first)")
    form.add_argument("--sit-out", action="store_true", help=help_text)
    new.add_argument("--target", type=int, default=61, help=_("points to win a deal (default 61)"))
    new.add_argument("--draw", choices=[d.value for d in DrawHandling], default="carry", help=_("what a 60-60 does"))
    new.add_argument("--wins-only", action="store_true", help=_("enter 1 for the winner and 0 for the others"))
    new.add_argument("--match", choices=list(_MATCH), default="3", help=_("best of 3, of 5, or a free total"))
    new.add_argument("--deals", type=int, default=5, help=_("chiamata: the agreed number of deals"))
    new.add_argument("--every-trick-doubles", action="store_true", help=_("chiamata: every trick doubles the deal"))
    new.add_argument("--alone", choices=[a.value for a in AloneScoring], default="doubled", help=_("a lone caller"))
    opening = commands.add_parser("open", help=_("go on filling in a kept sheet"))
    opening.add_argument("id", type=int, metavar="ID")
    commands.add_parser("list", help=_("the kept sheets"))
    show = commands.add_parser("show", help=_("one kept sheet"))
    show.add_argument("id", type=int, metavar="ID")
    export = commands.add_parser("export", help=_("a kept sheet as CSV"))
    export.add_argument("id", type=int, metavar="ID")
    export.add_argument("--csv", required=True, metavar="FILE", help=_("the file to write, or - for the output"))
    return parser


def main(
    argv: Sequence[str] | None = None,
    out: IO[str] | None = None,
    err: IO[str] | None = None,
    lines: IO[str] | None = None,
) -> int:
    """Run one subcommand and return the exit code (see the module's notes)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    lines = sys.stdin if lines is None else lines
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
        return _run(args, out, err, lines)
    except SheetError as error:
        err.write(_("sheet: {error}\n").format(error=error))
        return EXIT_FAILED
    except KeyboardInterrupt:
        err.write(_("sheet: interrupted\n"))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return reader_gone(out)
    except SystemExit as exit_request:
        return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE


def _open(path: str | None, err: IO[str], *, read_only: bool) -> History:
    history, problems = History.open(Path(path) if path and path != ":memory:" else path, read_only=read_only)
    for problem in problems:
        err.write(problem.message() + "\n")
    if history is None:
        raise SheetError(_("the history can't be used"))
    return history


def _run(args: argparse.Namespace, out: IO[str], err: IO[str], lines: IO[str]) -> int:
    history = _open(args.history, err, read_only=args.command in ("list", "show", "export"))
    if args.command == "list":
        for summary in kept_sheets(history):
            out.write(f"{summary.id:>4}  {summary.updated}  {summary.entries:>3}  {summary.title}\n")
        return 0
    if args.command == "new":
        rules = SheetRules(
            names=tuple(args.names),
            chiamata=args.chiamata,
            target=1 if args.wins_only else args.target,
            draw=DrawHandling(args.draw),
            wins_only=args.wins_only,
            deals_to_win=_MATCH[args.match],
            chiamata_deals=args.deals,
            cappotto_double=args.every_trick_doubles,
            alone=AloneScoring(args.alone),
            sit_out=args.sit_out,
        )
        kept = new_sheet(history, rules, args.title)
        out.write(_("Sheet {n}: {title}. {rules}.\n").format(n=kept.id, title=kept.title, rules=rules_words(rules)))
        return _fill(kept, history, out, err, lines)
    kept = reopen_sheet(history, args.id)
    if args.command == "open":
        _show(kept, out)
        return _fill(kept, history, out, err, lines)
    if args.command == "show":
        _show(kept, out)
        return 0
    text = sheet_csv(kept.title, kept.editor.tally)
    if args.csv == "-":
        out.write(text)
    else:
        write_atomic(Path(args.csv), text.encode("utf-8"))
    return 0


def _show(kept: KeptSheet, out: IO[str]) -> None:
    out.write(f"{kept.title}: {rules_words(kept.editor.rules)}\n")
    for line in table_lines(kept.editor.tally):
        out.write(line + "\n")


def _fill(kept: KeptSheet, history: History, out: IO[str], err: IO[str], lines: IO[str]) -> int:
    """Read a deal (or an edit) a line until the input ends or ``quit``; every accepted change is saved first."""
    editor = kept.editor
    out.write(_("Enter each deal (help: what you can type).\n"))
    out.flush()
    for line in lines:
        words = line.split()
        if not words:
            continue
        verb = words[0].lower()
        try:
            if verb in ("quit", "q"):
                break
            if verb == "help":
                out.write(_HELP())
            elif verb == "show":
                _show(kept, out)
            elif verb == "undo":
                editor.undo()
                _show(kept, out)
            elif verb == "redo":
                editor.redo()
                _show(kept, out)
            elif verb == "delete" and len(words) == 2:
                editor.delete(_number(words[1]) - 1)
                _show(kept, out)
            elif verb == "edit" and len(words) > 2:
                number = _number(words[1])
                editor.replace(number - 1, parse_entry(editor.rules, words[2:]))
                out.write(_("Deal {n} saved.\n").format(n=number))
                _show(kept, out)
            else:
                editor.add(parse_entry(editor.rules, words))
                out.write(_("Deal {n} saved.\n").format(n=len(editor.entries)))
                out.write(table_lines(editor.tally)[len(editor.tally.rows)] + "\n")  # the heading is line 0
                for problem in history.take_problems():
                    err.write(problem.message() + "\n")
        except SheetError as error:
            out.write(_("Not entered: {reason}\n").format(reason=error))
        out.flush()
    return 0


def _HELP() -> str:  # noqa: N802 - a constant's words, translated when shown
    return "".join(
        (
            _(
                "Fixed sides: each side's points (70 50), or one side's (70) and the rest is filled in; wins only: 1 0.\n"  # noqa: E501
            ),
            _("One sitting out: the two sides' points, the 1st & 3rd after the dealer first (70 50, or 70).\n"),
            _("Chiamata: CALLER PARTNER POINTS (Anna Carla 72), - as the partner of a caller alone,\n"),
            _("made or failed instead of points, and card=3S, bid=75, all (every trick).\n"),
            _("Also: edit N ..., delete N, undo, redo, show, quit.\n"),
        )
    )


def _number(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise SheetError(_("{word} is not a deal's number.").format(word=word)) from None
