"""The arena: ``python -m briscola.arena PLAYER PLAYER ...``, headless games between any players, with statistics.

Players are the specs every part of the game accepts (``random``, ``greedy``, ``pimc30``, a level ``1``-``6`` or
its Italian name, ``external:COMMAND``). Each deal is played with the players in every position (two players: twice,
seats swapped), so luck cancels (:mod:`briscola.arena.play`). By default a game is one hand, so a 60-60 hand is a
draw; ``--match`` plays whole matches of the preset instead. Given more players than the game has sides, the arena
plays every combination of them (a round robin). ``--games`` counts games per table, rounded up to whole deal sets.

The report (:mod:`briscola.arena.report`) gives each player's score with its 95% interval, mean margin, Elo, faults
and time per move; ``--json`` prints the same as one JSON object on stdout. ``ladder`` measures the AI levels and
writes ``docs/ai-ladder.md`` (:mod:`briscola.arena.ladder`). Exit codes: 0, 1 when the games could not be played,
2 for bad arguments (with a one-line message, never a traceback), 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import IO, Final

from briscola.arena.common import GamesFailedError, add_common_options, check_common, play_plan
from briscola.arena.ladder import run_ladder
from briscola.arena.play import ArenaError, GameResult, build_plan, check_players
from briscola.text.console import reader_gone
from briscola.text.i18n import _

__all__ = ["main"]

EXIT_USAGE: Final = 2
EXIT_FAILED: Final = 1
EXIT_INTERRUPTED: Final = 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m briscola.arena",
        description=_(
            "Play any players against each other and measure them. Each deal is played with the players in every "
            "position (two players: twice, seats swapped), so luck cancels. "
            "'python -m briscola.arena ladder --help' measures the AI levels."
        ),
    )
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        help=_(
            "random, greedy, pimc30, a level 1-6 or its name, or external:COMMAND; more than the sides: round robin"
        ),
    )
    parser.add_argument(
        "--games", type=int, default=200, help=_("games per table, rounded up to whole deal sets (default: 200)")
    )
    add_common_options(parser)
    parser.add_argument(
        "--history",
        metavar="PATH",
        help=_("keep every game played in this history database, as a match between programs (default: none)"),
    )
    parser.add_argument(
        "--restart-each-game",
        action="store_true",
        help=_("start every external bot anew for each game (default: one kept alive per seat and process)"),
    )
    return parser


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Run the arena (or ``ladder``) and return the exit code: 0, 1 if games failed, 2 for bad arguments."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        if args_list[:1] == ["ladder"]:
            return run_ladder(args_list[1:], out, err)
        return _run_match(args_list, out, err)
    except ArenaError as error:
        err.write(_("arena: error: {error}\n").format(error=error))
        return EXIT_USAGE
    except GamesFailedError as error:
        err.write(_("arena: the games failed: {error}\n").format(error=error))
        return EXIT_FAILED
    except KeyboardInterrupt:
        err.write(_("arena: interrupted\n"))
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader of the results went away (``| head``): stop quietly
        return reader_gone(out)
    except SystemExit as exit_request:  # argparse's --help and usage errors (which it has already explained)
        return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE


def _run_match(argv: Sequence[str], out: IO[str], err: IO[str]) -> int:
    from briscola.arena.report import format_text, summarize, to_json

    args = _parser().parse_intermixed_args(argv)
    rules, jobs = check_common(args)
    plan = build_plan(args.players, rules, args.games, args.seed, whole_match=args.match, time_ms=args.time_ms)
    check_players(plan.specs, plan.rules, plan.time_ms)
    if args.history:
        plan = replace(plan, keep_records=True)
    if args.restart_each_game:
        plan = replace(plan, restart_each_game=True)
    results = play_plan(plan, jobs, err, args.progress or err.isatty())
    if args.history:
        _record(args.history, args.preset, results, err)
    summary = summarize(plan, results)
    if args.json:
        out.write(json.dumps(to_json(summary), allow_nan=False) + "\n")
    else:
        out.write(format_text(summary))
    return 0


def _record(path: str, preset: str, results: Sequence[GameResult], err: IO[str]) -> None:
    """Every game into the history at ``path``, each a match between programs (no human seat): finished for a whole
    match, else closed as abandoned after its hand (the arena stopped it there). What fails is said on ``err``."""
    from briscola.store.history import History

    history, problems = History.open(path)
    for problem in problems:
        err.write(problem.message() + "\n")
    if history is None:
        return
    with history:
        for result in results:
            record = result.record
            if record is None:
                continue
            match_id = history.begin_match(record, preset=preset)
            if record.finished:
                history.end_match(match_id, record)
            else:
                history.abandon_match(match_id, record)
        for problem in history.take_problems():
            err.write(problem.message() + "\n")


if __name__ == "__main__":
    sys.exit(main())
