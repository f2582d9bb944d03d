"""What the arena's two commands (a match of players, the ladder) share: their common options, the rules and the
process count read from them, and playing a plan with a progress bar.

Apart from :mod:`briscola.arena.command`, which dispatches to the ladder, so that the ladder can use them without an
import circle.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from typing import IO, Final

from briscola.arena.play import ArenaError, GameResult, Plan, run_plan
from briscola.engine.errors import RulesetError
from briscola.engine.ruleset import Ruleset
from briscola.match.rule_options import build_rules
from briscola.text.i18n import _

__all__ = ["GamesFailedError", "Progress", "add_common_options", "check_common", "load_rules", "play_plan"]


class GamesFailedError(Exception):
    """The games could not be played to the end (a seat could not be made in a worker, say): exit 1."""


class Progress:
    """A one-line progress bar on a terminal stream: games done, a bar, the percentage and the time left."""

    WIDTH: Final = 30
    INTERVAL: Final = 0.1
    """Seconds between redraws: enough for the eye, and cheap when thousands of games finish a second."""

    def __init__(
        self, total: int, stream: IO[str], enabled: bool, label: str = "", note: Callable[[], str] | None = None
    ) -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.enabled = enabled
        self.label = label
        self.note = note
        """For a run that stops when it has its answer (``--sprt``): shown instead of the bar, whose total and time
        left would mean nothing."""
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
        if self.note is not None:
            text = _("{label}{done} games, {elapsed:.0f} s: {note}").format(
                label=self.label, done=self.done, elapsed=elapsed, note=self.note()
            )
            self.stream.write("\r" + text + "\x1b[K")
            self.stream.flush()
            return
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


def resolve_jobs(jobs: int) -> int:
    """``--jobs``: 0 means one process per core."""
    if jobs < 0:
        raise ArenaError(_("--jobs must be 0 (one per core) or more"))
    return jobs or (multiprocessing.cpu_count() or 1)


def load_rules(preset_name: str, options: Sequence[str]) -> Ruleset:
    """The preset with ``--option`` changes, as the terminal game reads them; errors become :class:`ArenaError`."""
    try:
        return build_rules(preset_name, options)
    except RulesetError as error:
        raise ArenaError(f"{error.option}: {error.reason}") from None


def check_common(args: argparse.Namespace) -> tuple[Ruleset, int]:
    """The rules and the process count from the options every mode shares, checked."""
    rules = load_rules(args.preset, args.option)
    jobs = resolve_jobs(args.jobs)
    if args.time_ms < 1:
        raise ArenaError(_("--time-ms must be at least 1"))
    return rules, jobs


def play_plan(
    plan: Plan,
    jobs: int,
    err: IO[str],
    show_progress: bool,
    label: str = "",
    *,
    on_set: Callable[[int, list[GameResult]], bool] | None = None,
    skip: Callable[[int, int], bool] | None = None,
    skipped: int = 0,
    note: Callable[[], str] | None = None,
) -> list[GameResult]:
    """:func:`run_plan` with the progress bar; a failure in the games becomes :class:`GamesFailedError`.

    ``on_set`` and ``skip`` are :func:`run_plan`'s; ``skipped`` is how many games ``skip`` leaves out (for the bar);
    ``note`` replaces the bar by what it says (:class:`Progress`).
    """
    progress = Progress(plan.total_games - skipped, err, show_progress, label, note)
    try:
        return run_plan(plan, jobs, progress, on_set=on_set, skip=skip)
    except Exception as error:  # a worker's failure: one line for the user, not a traceback from the pool
        raise GamesFailedError(f"{type(error).__name__}: {error}") from error
    finally:
        progress.close()
