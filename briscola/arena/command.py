"""The arena: ``python -m briscola.arena PLAYER PLAYER ...``, headless games between any players, with statistics.

Players are the specs every part of the game accepts (``random``, ``greedy``, ``pimc30``, a level ``1``-``6`` or
its Italian name, ``external:COMMAND``). Each deal is played with the players in every position (two players: twice,
seats swapped), so luck cancels (:mod:`briscola.arena.play`). By default a game is one hand, so a 60-60 hand is a
draw; ``--match`` plays whole matches of the preset instead. Given more players than the game has sides, the arena
plays every combination of them (a round robin). ``--games`` counts games per table, rounded up to whole deal sets.

The report (:mod:`briscola.arena.report`) gives each player's score with its 95% interval, mean margin, Elo, faults
and time per move; ``--json`` prints the same as one JSON object on stdout. ``ladder`` measures the AI levels and
writes ``docs/ai-ladder.md`` (:mod:`briscola.arena.ladder`).

``--sprt ELO0 ELO1`` plays two players until a sequential test decides (:mod:`briscola.arena.sequential`);
``--history PATH`` keeps every game as it is played and ``--resume`` counts those already kept instead of playing them
(:mod:`briscola.arena.keep`); with ``--learn`` Campione learns the players it meets and the history keeps what it
learned (:mod:`briscola.arena.learn`). External bots are kept alive between games unless ``--restart-each-game``
(:mod:`briscola.arena.play`); ``docs/arena.md`` is the guide for bot authors.

Exit codes: 0, 1 when the games could not be played, 2 for bad arguments (with a one-line message, never a traceback),
130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Final

from briscola.arena.common import GamesFailedError, add_common_options, check_common, play_plan
from briscola.arena.ladder import run_ladder
from briscola.arena.play import ArenaError, GameResult, Plan, build_plan, check_players, set_orders
from briscola.engine.ruleset import Ruleset
from briscola.text.console import reader_gone
from briscola.text.i18n import _, ngettext

if TYPE_CHECKING:
    from briscola.arena.keep import Keeper
    from briscola.arena.sequential import SequentialTest

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
        "--games",
        type=int,
        default=None,
        help=_(
            "games per table, rounded up to whole deal sets (default: 200); with --sprt, the most to play "
            "(default: 100000)"
        ),
    )
    add_common_options(parser)
    parser.add_argument(
        "--history",
        metavar="PATH",
        help=_("keep every game played in this history database, as a match between programs (default: none)"),
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help=_("with --history: count the games of this same command already kept there instead of playing them"),
    )
    parser.add_argument(
        "--learn",
        action="store_true",
        help=_(
            "with --history: Campione learns how each player it meets plays, from the models kept there, and keeps "
            "them there"
        ),
    )
    parser.add_argument(
        "--sprt",
        nargs=2,
        type=float,
        metavar=("ELO0", "ELO1"),
        help=_(
            "a sequential test of the first player against the second: play until H0 (ELO0 Elo better) or H1 "
            "(ELO1) is accepted"
        ),
    )
    parser.add_argument("--alpha", type=float, default=0.05, help=_("--sprt: the chance of accepting H1 wrongly"))
    parser.add_argument("--beta", type=float, default=0.05, help=_("--sprt: the chance of accepting H0 wrongly"))
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
    from briscola.arena.learn import ArenaLearning, learned_players
    from briscola.arena.report import format_text, summarize, to_json

    args = _parser().parse_intermixed_args(argv)
    rules, jobs = check_common(args)
    test = _sequential_test(args, rules)
    games = args.games if args.games is not None else (SPRT_MAX_GAMES if test is not None else 200)
    plan = build_plan(args.players, rules, games, args.seed, whole_match=args.match, time_ms=args.time_ms)
    if args.resume and not args.history:
        raise ArenaError(_("--resume needs --history: the games to resume are kept there"))
    if args.learn and not args.history:
        raise ArenaError(_("--learn needs --history: what Campione learns is kept there"))
    names = check_players(plan.specs, plan.rules, plan.time_ms) or {}
    learned = learned_players(plan, names) if args.learn else {}
    if args.history:
        plan = replace(plan, keep_records=True)
    if args.restart_each_game:
        plan = replace(plan, restart_each_game=True)
    with contextlib.ExitStack() as stack:
        keeper = _keeper(args.history, plan, args.preset, err) if args.history else None
        if keeper is not None:
            stack.enter_context(keeper.history)
        kept = keeper.kept_sets() if keeper is not None and args.resume else {}
        kept = {place: games for place, games in kept.items() if place[1] < plan.games[place[0]] // plan.set_size}

        def skip(table: int, deal_set: int) -> bool:
            return (table, deal_set) in kept

        learning = ArenaLearning(keeper.history, learned, set_orders(plan, skip), err) if keeper and learned else None
        if learning is not None:
            plan = replace(plan, opponent_models=learning.plan_models())
        resumed = [result for place in sorted(kept) for result in kept[place]]
        if test is not None:
            for (_table, deal_set), games_kept in sorted(kept.items()):
                if test.resume(deal_set, games_kept):
                    break

        def on_set(order: int, results: list[GameResult]) -> bool:
            if keeper is not None:
                keeper(order, results)
            if learning is not None:
                learning(order, results)
            return test(order, results) if test is not None else False

        if test is not None and test.verdict is not None:
            played: list[GameResult] = []
        else:
            try:
                played = play_plan(
                    plan,
                    jobs,
                    err,
                    args.progress or err.isatty(),
                    on_set=on_set,
                    skip=skip,
                    skipped=len(resumed),
                    note=test.progress_note if test is not None else None,
                )
            finally:
                if learning is not None:
                    learning.finish()
        if learning is not None:
            for name, hands in learning.hands.items():
                words = ngettext(
                    "Campione has learned {hands} hand of {name}.",
                    "Campione has learned {hands} hands of {name}.",
                    hands,
                )
                err.write(words.format(hands=hands, name=name) + "\n")
    results = sorted([*resumed, *played], key=lambda result: (result.table, result.deal_set))
    if test is not None:
        results = test.counted
        plan = replace(plan, games=(len(results),))
    summary = summarize(plan, results)
    if args.json:
        data = to_json(summary)
        if test is not None:
            from briscola.arena.sequential import sprt_json

            data["sprt"] = sprt_json(test)
        out.write(json.dumps(data, allow_nan=False) + "\n")
    else:
        out.write(format_text(summary))
        if test is not None:
            from briscola.arena.sequential import format_sprt

            out.write("\n" + format_sprt(test, (plan.names[0], plan.names[1])))
    return 0


SPRT_MAX_GAMES: Final = 100_000
"""``--sprt`` without ``--games``: the most games to play before giving up without a decision."""


def _sequential_test(args: argparse.Namespace, rules: Ruleset) -> SequentialTest | None:
    """The sequential test ``--sprt`` asks for, checked; None without ``--sprt``."""
    if args.sprt is None:
        return None
    from briscola.arena.sequential import SequentialTest
    from briscola.stats.sprt import Sprt

    if len(args.players) != 2 or len(rules.teams) != 2:
        raise ArenaError(_("--sprt measures one player against another: name two, in a game of two sides"))
    elo0, elo1 = args.sprt
    if not elo1 > elo0:
        raise ArenaError(_("--sprt ELO0 ELO1: ELO1 must be greater than ELO0"))
    if not (0 < args.alpha < 0.5 and 0 < args.beta < 0.5):
        raise ArenaError(_("--alpha and --beta must be between 0 and 0.5"))
    return SequentialTest(Sprt(elo0, elo1, args.alpha, args.beta))


def _keeper(path: str, plan: Plan, preset: str, err: IO[str]) -> Keeper | None:
    """The history at ``path`` to keep the games in; None (said on ``err``) when it can't be opened."""
    from briscola.arena.keep import Keeper
    from briscola.store.history import History

    history, problems = History.open(path)
    for problem in problems:
        err.write(problem.message() + "\n")
    return None if history is None else Keeper(history, plan, preset, err)


if __name__ == "__main__":
    sys.exit(main())
