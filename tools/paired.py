"""Measure one change to a search level against the level as it is, game by game on the same deals.

Luck moves a 600-game score by about ±0.04, as much as most changes worth trying. Played on the same deals, in the
same seats, with the same seeds (the arena's plan for ``--seed``), the two versions share most of that luck: the
difference of their scores, deal set by deal set, has an interval about half as wide as either score's. This is how
``docs/ai.md`` measures a change to Difficile, Esperto or Campione before it is kept.

    python tools/paired.py esperto greedy --set mid_weight=0.1 --games 600 --seed 3 --jobs 2

``--set`` changes one field of the level's :class:`~briscola.ai.search.SearchParams` (repeatable). ``--think-time
SECONDS`` plays the changed version under that wall-clock budget a move, as the table does (the version as it is has
none): then it also prints the changed version's move times and, with ``--jobs 1``, the share of its moves the budget
cut short. ``--clock cpu`` measures that budget in the process's CPU time instead of the wall clock's: the version gets
the work a quiet machine would give it in that time, however busy this one is (the move times printed stay wall
times). It prints the level's score as it is, changed, and the difference, each with its 95% interval, and ends
with one JSON line of them.

    nice -n 10 python tools/paired.py campione esperto --think-time 2.5 --games 80 --seed 7

``--common`` gives both versions common random numbers (:class:`_Budgeted`): games where the change chose nothing
else are identical and add nothing to the difference's spread, which narrows its interval for the same games.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from statistics import fmean
from typing import Any, get_type_hints

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from briscola.ai import search
from briscola.ai.levels import PlayerSpecError, parse_level
from briscola.ai.search import SearchParams, SearchPlayer
from briscola.ai.simple import Player
from briscola.arena.play import ArenaError, GameResult, build_plan, check_players, run_plan
from briscola.engine import preset
from briscola.stats import percentile

#: Each level's parameters before any change: a process restores them before it installs another change.
ORIGINAL = dict(search.LEVEL_PARAMS)
#: How the search levels are made before any change (``--think-time`` replaces it in the processes that play).
ORIGINAL_LEVEL = search.search_level
#: This process's moves of the level under ``--think-time``, and how many its budget cut short.
BUDGET_TALLY = {"moves": 0, "cut": 0}
_FIELD_TYPES: dict[str, type] = get_type_hints(SearchParams)
#: Field values by name: ints, floats and bools, so mypy can't check them against the fields one by one.
Changes = dict[str, Any]


def parse_changes(items: Sequence[str]) -> Changes:
    """``KEY=VALUE`` items as typed :class:`SearchParams` fields; ValueError naming what is wrong."""
    changes: Changes = {}
    for item in items:
        key, sep, text = item.partition("=")
        kind = _FIELD_TYPES.get(key.strip())
        if not sep or kind is None:
            raise ValueError(f"{item!r}: expected KEY=VALUE with KEY one of {', '.join(_FIELD_TYPES)}")
        text = text.strip().lower()
        value: Any
        if kind is bool:
            if text not in ("true", "false"):
                raise ValueError(f"{item!r}: {key} is true or false")
            value = text == "true"
        else:
            try:
                value = kind(text)
            except ValueError:
                raise ValueError(f"{item!r}: {key} is a number ({kind.__name__})") from None
            if value < 0:
                raise ValueError(f"{item!r}: {key} can't be negative")
        changes[key.strip()] = value
    return changes


class _Budgeted(SearchPlayer):
    """A search player under a time budget, counting its moves and those the budget cut short.

    With ``common`` its generators are reseeded before every move from the game's seed and the move's number, the
    same for the version as it is and the version changed (common random numbers): the two play the same game move
    for move until one of them chooses another card, so the games where nothing the change touches mattered score
    exactly alike and only the others spread the difference. A reseeded player is as strong as one drawing from one
    stream: each move's numbers are as random, only repeatable.
    """

    def __init__(self, params: SearchParams, rng: Any, *, common: bool = False) -> None:
        super().__init__(params, rng)
        self.common = common
        # Drawn only with common random numbers: without them the search's stream must stay the level's own.
        self.base = rng.getrandbits(64) if common else 0
        self.moves = 0

    def choose(self, view: Any) -> Any:
        self.moves += 1
        if self.common:
            for stream, generator in enumerate((self.rng, self.medio.rng, self.tuned.rng)):
                generator.seed(f"{self.base}:{self.moves}:{stream}")
        action = super().choose(view)
        if self.time_limit is not None:
            BUDGET_TALLY["moves"] += 1
            BUDGET_TALLY["cut"] += self.stopped_early
        return action


#: The clocks ``--clock`` names: the wall clock, as the table reads it, or this process's CPU time.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def _budgeted_level(level: int, think_time: float | None, clock: str, common: bool, number: int, rng: Any) -> Player:
    """Level ``number`` as :func:`search.search_level` makes it; when it is ``level``, with ``think_time`` a move on
    ``clock`` (None: its full budget) and common random numbers if ``common``."""
    if number != level:
        return ORIGINAL_LEVEL(number, rng)
    player = _Budgeted(search.LEVEL_PARAMS[number], rng, common=common)
    player.time_limit = think_time
    player.clock = CLOCKS[clock]
    return player


def install(
    level: int, changes: Changes, think_time: float | None = None, clock: str = "wall", common: bool = False
) -> None:
    """Make level ``level`` play with ``changes`` in this process (none: as it is), under ``think_time`` seconds a
    move on ``clock`` if given (none: its full budget, as the arena plays it), with common random numbers if
    ``common`` (both versions must be installed with it)."""
    search.LEVEL_PARAMS[level] = dataclasses.replace(ORIGINAL[level], **changes)
    plain = think_time is None and not common
    search.search_level = (
        ORIGINAL_LEVEL if plain else functools.partial(_budgeted_level, level, think_time, clock, common)
    )


@dataclasses.dataclass(frozen=True)
class Score:
    """A mean per game with its 95% interval's half width, the deal sets being the independent samples."""

    mean: float
    half_width: float

    @classmethod
    def of(cls, per_set: list[float]) -> Score:
        count = len(per_set)
        mean = sum(per_set) / count
        if count < 2:
            raise ValueError("an interval needs at least two deal sets")
        variance = sum((value - mean) ** 2 for value in per_set) / (count - 1)
        return cls(mean, 1.96 * math.sqrt(variance / count))

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {self.half_width:.3f}"


def share(result: GameResult, me: int) -> float:
    """Player ``me``'s share of the game: 1, 0.5 or 0."""
    return result.shares[me]


def margin(result: GameResult, me: int) -> float:
    """Player ``me``'s points less the other side's."""
    return float(2 * result.points[me] - sum(result.points))


def per_set(results: list[GameResult], value: Callable[[GameResult, int], float]) -> list[float]:
    """Player 0's mean ``value`` in each deal set (the games of one deal, seats swapped): the independent samples."""
    sets: dict[int, list[float]] = {}
    for result in results:
        sets.setdefault(result.deal_set, []).append(value(result, result.players.index(0)))
    return [sum(values) / len(values) for _, values in sorted(sets.items())]


def move_times(results: list[GameResult]) -> dict[str, float]:
    """Player 0's move times over ``results``: median, p95 and slowest, in milliseconds."""
    times = [seconds * 1000 for result in results for seconds in result.times[result.players.index(0)]]
    return {name: round(percentile(times, q)) for name, q in (("median_ms", 50), ("p95_ms", 95), ("max_ms", 100))}


def _differing(base: list[GameResult], changed: list[GameResult]) -> int:
    """How many games (matched by table, deal and sides) ended with other points in the changed version."""
    points = {(result.table, result.deal_set, result.sides): result.points for result in base}
    return sum(points[result.table, result.deal_set, result.sides] != result.points for result in changed)


def measure(
    level: int,
    opponent: str,
    changes: Changes,
    games: int,
    seed: int,
    jobs: int,
    think_time: float | None = None,
    clock: str = "wall",
    common: bool = False,
) -> dict[str, Any]:
    """Play the level as it is and changed against ``opponent`` on the same plan: game count, the three
    :class:`Score` figures (as it is, changed, difference) and the mean point margins; with ``think_time``, the
    changed version's move times, and with one job the share of its moves cut short."""
    plan = build_plan([str(level), opponent], preset("classic"), games, seed)
    base = run_plan(plan, jobs, setup=functools.partial(install, level, {}, None, clock, common))
    BUDGET_TALLY.update(moves=0, cut=0)
    changed = run_plan(plan, jobs, setup=functools.partial(install, level, changes, think_time, clock, common))
    install(level, {})
    before, after = per_set(base, share), per_set(changed, share)
    budget: dict[str, Any] = {}
    if think_time is not None:
        budget = {
            "think_time": think_time,
            "clock": clock,
            "times_as_it_is": move_times(base),
            "times_changed": move_times(changed),
        }
        if jobs <= 1:
            budget["moves"], budget["cut"] = BUDGET_TALLY["moves"], BUDGET_TALLY["cut"]
    return {
        **budget,
        "games": len(base),
        "games_differing": _differing(base, changed),
        "as_it_is": Score.of(before),
        "changed": Score.of(after),
        "difference": Score.of([b - a for a, b in zip(before, after, strict=True)]),
        "margin_as_it_is": fmean(per_set(base, margin)),
        "margin_changed": fmean(per_set(changed, margin)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="paired.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("level", help="the level to change: 4-6 or difficile, esperto, campione")
    parser.add_argument("opponent", help="any arena player: random, greedy, pimc30, a level")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a SearchParams field")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--think-time", type=float, metavar="SECONDS", help="the changed version's budget a move")
    parser.add_argument(
        "--common", action="store_true", help="common random numbers: both versions reseeded the same every move"
    )
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="what --think-time is measured on (default: wall)"
    )
    args = parser.parse_args(argv)
    try:
        level = parse_level(args.level).number
        check_players([args.level, args.opponent], preset("classic"), time_ms=2000)
        if level not in ORIGINAL:
            raise ValueError(f"{args.level!r} is not a search level (4-6)")
        changes = parse_changes(args.set)
        if args.think_time is not None and not args.think_time > 0:
            raise ValueError(f"--think-time {args.think_time}: a number of seconds above 0")
        if args.games < 4:
            raise ValueError(f"--games {args.games}: at least 4 (two deals, each played twice), for an interval")
    except (ArenaError, PlayerSpecError, ValueError) as error:
        parser.error(str(error))
    figures = measure(
        level, args.opponent, changes, args.games, args.seed, args.jobs, args.think_time, args.clock, args.common
    )
    shown = " ".join(
        [*args.set, *([] if args.think_time is None else [f"think time {args.think_time:g} s ({args.clock})"])]
    )
    shown = (shown or "nothing") + (", common random numbers" if args.common else "")
    print(f"level {level} against {args.opponent}, {figures['games']} games, seed {args.seed}, changed: {shown}")
    for name in ("as_it_is", "changed", "difference"):
        print(f"  {name.replace('_', ' '):<11} {figures[name]}")
    for name in ("times_as_it_is", "times_changed"):
        if name in figures:
            times = figures[name]
            shown_times = ", ".join(f"{key.removesuffix('_ms')} {value} ms" for key, value in times.items())
            print(f"  {name.replace('_', ' '):<16} {shown_times}")
    print(f"  games whose points differ: {figures['games_differing']} of {figures['games']}")
    if "cut" in figures:
        print(f"  cut short by the budget: {figures['cut']} of {figures['moves']} moves")
    shown_figures = {
        name: dataclasses.asdict(value) if isinstance(value, Score) else value for name, value in figures.items()
    }
    print(json.dumps({"changes": changes, **shown_figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
