"""``python -m briscola.history [--history PATH] list|show|export|import|stats|forget-model``: the history from the
command line.

- ``list [--profile NAME] [--preset NAME] [--limit N]``: the matches, newest first;
- ``show ID [--record]``: one match hand by hand, or (``--record``) its game record, a file the game can replay;
- ``export (ID... | --all) --out FILE``: finished and abandoned matches as JSON lines (``-`` for standard output);
- ``import FILE``: the matches of an export, each checked by replaying it; those already kept are skipped;
- ``stats [--profile NAME] [--preset NAME] [--level LEVEL] [--json]``: the statistics (:mod:`briscola.store.
  history.stats`) as text or one JSON object; ``--level`` gives a level's figures over every seat it played. As
  text it ends with what Campione has learned about the profile (:mod:`briscola.text.habits`), or about each profile
  it has learned from when none is named;
- ``forget-model (--profile NAME | --bot NAME)``: forget what Campione has learned about a profile or an external bot
  (it learns again from the next game).

``--history PATH`` names the database (default: ``history.sqlite3`` in the user's data folder, beside the autosave).
Reading commands open it read only and never create it. Exit codes: 0; 1 when the history can't be opened, a match
is unknown, a file can't be read or written (so nothing can be forgotten), or an import refused a line (the good lines
are still imported); 2 for bad arguments; 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Final

from briscola.engine.errors import RecordError
from briscola.history.words import learned_lines, list_lines, match_lines, stats_lines
from briscola.store import paths
from briscola.store.atomic import write_atomic
from briscola.store.history import History
from briscola.store.history.rows import Filters
from briscola.store.history.stats import stats_json
from briscola.store.problems import Problem
from briscola.text.console import reader_gone
from briscola.text.i18n import _, ngettext

__all__ = ["main"]

EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_INTERRUPTED: Final = 130


class _Failed(Exception):  # noqa: N818 - a way out of the command with a message, not an error of the code
    """The command can't go on: the message is printed and the exit code is 1."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m briscola.history",
        description=_("Every match kept: list, show, export and import matches, and the statistics."),
    )
    help_text = _("the history database (default: in the user's data folder)")
    parser.add_argument("--history", metavar="PATH", type=Path, help=help_text)
    # Also after the subcommand; SUPPRESS, or the subcommand's default would overwrite a --history given before it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--history", metavar="PATH", type=Path, default=argparse.SUPPRESS, help=help_text)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    listing = commands.add_parser("list", parents=[common], help=_("the matches, newest first"))
    show = commands.add_parser("show", parents=[common], help=_("one match, hand by hand"))
    show.add_argument("id", type=int, metavar="ID")
    show.add_argument("--record", action="store_true", help=_("print the match's game record (JSON) instead"))
    export = commands.add_parser("export", parents=[common], help=_("matches as JSON lines"))
    export.add_argument("ids", type=int, nargs="*", metavar="ID")
    export.add_argument("--all", action="store_true", help=_("every finished or abandoned match"))
    export.add_argument("--out", required=True, metavar="FILE", help=_("the file to write, or - for the output"))
    importing = commands.add_parser("import", parents=[common], help=_("add the matches of an export"))
    importing.add_argument("file", metavar="FILE")
    stats = commands.add_parser("stats", parents=[common], help=_("won, drawn and lost, hands, points, streaks"))
    stats.add_argument("--level", metavar="LEVEL", help=_("the figures of a level's seats instead of the human's"))
    stats.add_argument("--json", action="store_true", help=_("print the statistics as one JSON object"))
    for sub in (listing, stats):
        sub.add_argument("--profile", metavar="NAME", help=_("only the matches of this profile"))
        sub.add_argument("--preset", metavar="NAME", help=_("only the matches of this preset"))
        sub.add_argument(
            "--practice",
            choices=("yes", "no"),
            help=_("only practice matches (yes) or only the others (no): hints, grading or take-back used"),
        )
    listing.add_argument("--limit", type=int, metavar="N", help=_("at most N matches"))
    forget = commands.add_parser(
        "forget-model", parents=[common], help=_("forget what Champion has learned about a profile or a bot")
    )
    whose = forget.add_mutually_exclusive_group(required=True)
    whose.add_argument("--profile", metavar="NAME", help=_("a profile's name"))
    whose.add_argument("--bot", metavar="NAME", help=_("an external bot's name, as it plays"))
    return parser


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Run one subcommand and return the exit code (see the module's notes)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
        return _run(args, out, err)
    except _Failed as failure:
        err.write(_("history: {error}\n").format(error=failure))
        return EXIT_FAILED
    except KeyboardInterrupt:
        err.write(_("history: interrupted\n"))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return reader_gone(out)
    except SystemExit as exit_request:  # argparse's --help and usage errors (which it has already explained)
        return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE


def _report(problems: Sequence[Problem], err: IO[str]) -> None:
    for problem in problems:
        err.write(problem.message() + "\n")


def _open(path: Path | None, err: IO[str], *, read_only: bool) -> History | None:
    """The history, or None when a reading command finds no file yet; a history that can't be opened fails."""
    history, problems = History.open(path, read_only=read_only)
    _report(problems, err)
    if history is None and problems:
        raise _Failed(_("the history can't be used"))
    return history


def _run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    if args.command == "export" and bool(args.ids) == args.all:
        err.write(_("history: error: export takes match ids or --all, not both nor neither\n"))
        return EXIT_USAGE
    if args.command == "import":
        return _import(args, out, err)
    if args.command == "forget-model":
        return _forget(args, out, err)
    history = _open(args.history, err, read_only=True)
    if history is None:
        where = args.history or paths.history_path()
        err.write(_("history: no history yet at {path}\n").format(path=where))
        if args.command in ("show", "export"):
            return EXIT_FAILED
        history, _problems = History.open(":memory:")
        assert history is not None
    with history:
        if args.command == "list":
            filters = Filters(profile=args.profile, preset=args.preset, practice=_practice(args.practice))
            _write_lines(out, list_lines(history.matches(filters, limit=args.limit)))
        elif args.command == "show":
            _show(history, args.id, args.record, out)
        elif args.command == "export":
            _export(history, args.ids or None, args.out, out, err)
        else:
            stats = history.stats(
                Filters(profile=args.profile, preset=args.preset, level=args.level, practice=_practice(args.practice))
            )
            if args.json:
                out.write(json.dumps(stats_json(stats), allow_nan=False) + "\n")
            else:
                _write_lines(out, stats_lines(stats))
                if args.level is None:
                    _write_lines(out, _learned(history, args.profile, err))
        _report(history.take_problems(), err)
    return 0


def _learned(history: History, profile: str | None, err: IO[str]) -> list[str]:
    """What Champion has learned about ``profile`` (said even when nothing yet), or with no profile named, about each
    profile it has learned something of; a kept model that can't be read is reported, and said as nothing learned."""
    names = [profile] if profile is not None else [known.name for known in history.profiles()]
    lines: list[str] = []
    for name in names:
        model, problem = history.opponent_model("profile", name)
        if problem is not None:
            _report([problem], err)
        if profile is not None or model.hands > 0:
            lines += ["", *learned_lines(name, model)]
    return lines


def _forget(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Forget what Champion has learned about a profile or a bot: said when done, when there was nothing to forget,
    and (exit code 1) when the history can't be written."""
    kind, name = ("profile", args.profile) if args.profile is not None else ("bot", args.bot)
    nothing = _("Champion has learned nothing about {name}: nothing to forget.").format(name=name)
    looked = _open(args.history, err, read_only=True)  # never makes a history only to find nothing in it
    if looked is None:
        where = args.history or paths.history_path()
        err.write(_("history: no history yet at {path}\n").format(path=where))
        out.write(nothing + "\n")
        return 0
    with looked:
        model, problem = looked.opponent_model(kind, name)
    if problem is None and model.hands <= 0:
        out.write(nothing + "\n")
        return 0
    history = _open(args.history, err, read_only=False)
    assert history is not None
    with history:
        if history.read_only:
            raise _Failed(_("the history can't be written: nothing was forgotten"))
        forgotten = history.forget_opponent_model(kind, name)
        _report(history.take_problems(), err)
    if not forgotten:
        raise _Failed(_("nothing was forgotten"))
    out.write(_("Champion has forgotten what it learned about {name}.").format(name=name) + "\n")
    return 0


def _practice(given: str | None) -> bool | None:
    """``--practice yes``/``no`` as the filter's value (None: every match)."""
    return None if given is None else given == "yes"


def _write_lines(out: IO[str], lines: Sequence[str]) -> None:
    out.write("".join(line + "\n" for line in lines))


def _show(history: History, match_id: int, as_record: bool, out: IO[str]) -> None:
    try:
        detail = history.match(match_id)
    except RecordError as error:
        raise _Failed(
            _("match {id} can't be shown: its record is damaged ({error})").format(id=match_id, error=error)
        ) from None
    if detail is None:
        raise _Failed(_("there is no match {id}").format(id=match_id))
    if as_record:
        out.write(detail.record.to_json())
    else:
        _write_lines(out, match_lines(detail))


def _export(history: History, ids: Sequence[int] | None, target: str, out: IO[str], err: IO[str]) -> None:
    try:
        lines = [line + "\n" for line in history.export(ids)]
    except KeyError as error:
        raise _Failed(_("there is no finished or abandoned match {id}").format(id=error.args[0])) from None
    if target == "-":
        out.write("".join(lines))
    else:
        try:
            write_atomic(Path(target), "".join(lines).encode("utf-8"))
        except OSError as error:
            raise _Failed(
                _("{file} can't be written ({error})").format(file=target, error=error.strerror or error)
            ) from None
    count = len(lines)
    err.write(
        ngettext("history: exported {count} match\n", "history: exported {count} matches\n", count).format(count=count)
    )


def _read_lines(file: str) -> Iterator[str]:
    """The lines of ``file`` (``-``: standard input), read as they are imported."""
    if file == "-":
        yield from sys.stdin
        return
    with open(file, encoding="utf-8-sig", errors="replace") as handle:
        yield from handle


def _import(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    history = _open(args.history, err, read_only=False)
    assert history is not None
    with history:
        if history.read_only:
            raise _Failed(_("the history can't be written: nothing was imported"))
        try:
            counts = history.import_lines(_read_lines(args.file))
        except OSError as error:
            raise _Failed(
                _("{file} can't be read ({error})").format(file=args.file, error=error.strerror or error)
            ) from None
        _report(history.take_problems(), err)
        if counts is None:
            raise _Failed(_("nothing was imported"))
    for refusal in counts.refused:
        err.write(
            _("{file}:{line}: refused: {reason}\n").format(file=args.file, line=refusal.line, reason=refusal.reason)
        )
    out.write(
        _("matches added: {added}; already kept: {skipped}; lines refused: {refused}\n").format(
            added=counts.added, skipped=counts.skipped, refused=len(counts.refused)
        )
    )
    return EXIT_FAILED if counts.refused else 0
