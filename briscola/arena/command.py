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
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from typing import IO, Final

from briscola.arena.play import ArenaError, GameResult, Plan, build_plan, check_players, run_plan
from briscola.engine.errors import RulesetError
from briscola.engine.ruleset import Ruleset
from briscola.text.console import reader_gone
from briscola.text.i18n import _

__all__ = ["GamesFailedError", "Progress", "add_common_options", "check_common", "main", "play_plan"]

EXIT_USAGE: Final = 2
EXIT_FAILED: Final = 1
EXIT_INTERRUPTED: Final = 130


class GamesFailedError(Exception):
    """The games could not be played to the end (a seat could not be made in a worker, say): exit 1."""


# ---------------------------------------------------------------------------------------------------- command line


class Progress:
    """A one-line progress bar on a terminal stream: games done, a bar, the percentage and the time left."""

    WIDTH: Final = 30
    INTERVAL: Final = 0.1
    """Seconds between redraws: enough for the eye, and cheap when thousands of games finish a second."""

    def __init__(self, total: int, stream: IO[str], enabled: bool, label: str = "") -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.enabled = enabled
        self.label = label
        self.done = 0
        self.start = time.monotonic()
        self.shown = -math.inf

    def __call__(self, games: int) -> None:
        self.done += games
        now = time.monotonic()
        if not self.enabled or (now - self.shown < self.INTERVAL and self.done < self.total):
            return
        self.shown = now
        fraction = min(self.done / self.total, 1.0)
        filled = int(fraction * self.WIDTH)
        elapsed = time.monotonic() - self.start
        left = elapsed / fraction - elapsed if fraction > 0 else 0.0
        bar = "#" * filled + "." * (self.WIDTH - filled)
        text = _("{label}{done}/{total} games [{bar}] {percent:3.0f}%  {left:.0f} s left").format(
            label=self.label, done=self.done, total=self.total, bar=bar, percent=fraction * 100, left=left
        )
        self.stream.write("\r" + text + "\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            self.stream.write("\n")
            self.stream.flush()


def add_common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default="classic", metavar="NAME", help=_("the rules (default: classic)"))
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("change a rule option, e.g. swap=seven (repeatable)"),
    )
    parser.add_argument("--seed", type=int, default=1, help=_("seed of every deal and player (default: 1)"))
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help=_("processes to use; 0: one per core"))
    parser.add_argument(
        "--match", action="store_true", help=_("a game is a whole match of the preset, not a single hand")
    )
    parser.add_argument("--time-ms", type=int, default=2000, help=_("thinking time per move of external bots"))
    parser.add_argument("--json", action="store_true", help=_("print the results as one JSON object"))
    parser.add_argument("--progress", action="store_true", help=_("show the progress bar even when not on a terminal"))


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
    return parser


def resolve_jobs(jobs: int) -> int:
    """``--jobs``: 0 means one process per core."""
    if jobs < 0:
        raise ArenaError(_("--jobs must be 0 (one per core) or more"))
    return jobs or (multiprocessing.cpu_count() or 1)


def load_rules(preset_name: str, options: Sequence[str]) -> Ruleset:
    """The preset with ``--option`` changes, as the terminal game reads them; errors become :class:`ArenaError`."""
    from briscola.terminal.command import build_rules

    try:
        return build_rules(preset_name, options)
    except RulesetError as error:
        raise ArenaError(f"{error.option}: {error.reason}") from None


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Run the arena (or ``ladder``) and return the exit code: 0, 1 if games failed, 2 for bad arguments."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        if args_list[:1] == ["ladder"]:
            from briscola.arena.ladder import run_ladder

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


def check_common(args: argparse.Namespace) -> tuple[Ruleset, int]:
    """The rules and the process count from the options every mode shares, checked."""
    rules = load_rules(args.preset, args.option)
    jobs = resolve_jobs(args.jobs)
    if args.time_ms < 1:
        raise ArenaError(_("--time-ms must be at least 1"))
    return rules, jobs


def play_plan(plan: Plan, jobs: int, err: IO[str], show_progress: bool, label: str = "") -> list[GameResult]:
    """:func:`run_plan` with the progress bar; a failure in the games becomes :class:`GamesFailedError`."""
    progress = Progress(plan.total_games, err, show_progress, label)
    try:
        return run_plan(plan, jobs, progress)
    except Exception as error:  # a worker's failure: one line for the user, not a traceback from the pool
        raise GamesFailedError(f"{type(error).__name__}: {error}") from error
    finally:
        progress.close()


def _run_match(argv: Sequence[str], out: IO[str], err: IO[str]) -> int:
    from briscola.arena.report import format_text, summarize, to_json

    args = _parser().parse_intermixed_args(argv)
    rules, jobs = check_common(args)
    plan = build_plan(args.players, rules, args.games, args.seed, whole_match=args.match, time_ms=args.time_ms)
    check_players(plan.specs, plan.rules, plan.time_ms)
    results = play_plan(plan, jobs, err, args.progress or err.isatty())
    summary = summarize(plan, results)
    if args.json:
        out.write(json.dumps(to_json(summary), allow_nan=False) + "\n")
    else:
        out.write(format_text(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
