"""The ladder: ``python -m briscola.arena ladder``, which measures the AI levels and writes ``docs/ai-ladder.md``.

Each level plays the next one up and every reference player (``random``, ``greedy``, ``pimc30``), and the reference
players play each other; ``--round-robin`` plays every pairing instead. Sample sizes follow the cost of the players:
2,000 games per pairing among levels 1-4 and the references, 600 when Esperto (5) plays, 150 when Campione (6) does.
From all the games one Elo per player is fitted (random = 0), written with the table of every pairing, the command
and the date into a Markdown page, with a plot of the ladder beside it.

matplotlib draws the plot. It is a development tool (the ``dev`` extra), imported only by :func:`plot_ladder`, never
by the game; without it the page is written without the plot.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import os
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Final

from briscola.ai.levels import LEVELS, REFERENCE_PLAYERS, PlayerSpecError, parse_level
from briscola.arena.common import add_common_options, check_common, play_plan
from briscola.arena.play import ArenaError, build_plan, check_players, display_name
from briscola.arena.report import Summary, describe_plan, interval, ms, rating_anchor, signed, summarize, to_json
from briscola.stats import PairTally, Ratings, fit_ratings
from briscola.text.i18n import _

__all__ = ["DEFAULT_PLAYERS", "ladder_pairings", "pairing_games", "plot_ladder", "run_ladder", "write_markdown"]

#: Every player the ladder measures by default, the references first.
DEFAULT_PLAYERS: Final = (*REFERENCE_PLAYERS, *(level.italian for level in LEVELS))
#: Games per pairing: the base, and the smaller budgets of the slow levels (the smallest budget of the two applies).
BASE_GAMES: Final = 2000
LEVEL_GAMES: Final = {5: 600, 6: 150}


def level_number(spec: str) -> int | None:
    """The level a spec names, or None for a reference player or an external bot."""
    try:
        return parse_level(spec).number
    except PlayerSpecError:
        return None


def ladder_pairings(specs: Sequence[str], round_robin: bool = False) -> list[tuple[int, int]]:
    """The pairings to play, as index pairs into ``specs``, each once.

    Without ``round_robin``: every pair of non-levels (the references), each level against the next level present,
    and each level against every non-level. The presumed stronger player comes first (a level before a reference, the
    higher level, the later of two references as listed, weakest first), so the table reads as gains up the ladder.
    """
    count = len(specs)
    if round_robin:
        return [(b, a) for a in range(count) for b in range(a + 1, count)]
    levels = sorted((number, index) for index, spec in enumerate(specs) if (number := level_number(spec)) is not None)
    level_indices = {index for _, index in levels}
    others = [index for index in range(count) if index not in level_indices]
    pairs: list[tuple[int, int]] = [(b, a) for i, a in enumerate(others) for b in others[i + 1 :]]
    pairs += [(high, low) for (_, low), (_, high) in itertools.pairwise(levels)]
    pairs += [(level, other) for _, level in levels for other in others]
    return list(dict.fromkeys(pairs))


def pairing_games(a: str, b: str, scale: float = 1.0, fixed: int | None = None) -> int:
    """Games for the pairing of specs ``a`` and ``b``: ``fixed`` if given, else the budget of the slower player."""
    if fixed is not None:
        return fixed
    budget = BASE_GAMES
    for spec in (a, b):
        number = level_number(spec)
        if number is not None:
            budget = min(budget, LEVEL_GAMES.get(number, BASE_GAMES))
    return max(2, math.ceil(budget * scale))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m briscola.arena ladder",
        description=_(
            "Measure the AI levels: each level against the next one and the reference players, an Elo for each from "
            "all games, written to a Markdown page with a plot."
        ),
    )
    parser.add_argument(
        "--players", nargs="+", default=list(DEFAULT_PLAYERS), metavar="PLAYER", help=_("who plays (default: all)")
    )
    parser.add_argument("--round-robin", action="store_true", help=_("play every pairing"))
    parser.add_argument("--games", type=int, metavar="N", help=_("games for every pairing (default: by level)"))
    parser.add_argument(
        "--games-scale", type=float, default=1.0, metavar="X", help=_("multiply the default game counts, e.g. 0.05")
    )
    parser.add_argument("--out", default="docs/ai-ladder.md", metavar="PATH", help=_("the Markdown page to write"))
    parser.add_argument("--plot", metavar="PATH", help=_("the PNG plot to write (default: beside the page)"))
    add_common_options(parser)
    return parser


def run_ladder(argv: Sequence[str], out: IO[str], err: IO[str]) -> int:
    """Play the ladder and write its page and plot; the exit code as :func:`briscola.arena.command.main` returns it."""
    args = _parser().parse_args(argv)
    rules, jobs = check_common(args)
    if len(rules.teams) != 2:
        raise ArenaError(
            _("the ladder plays pairings: choose a game of two sides, not {preset}").format(preset=rules.name)
        )
    specs = list(args.players)
    if len({display_name(spec) for spec in specs}) != len(specs) or len(specs) < 2:
        raise ArenaError(_("the ladder needs at least two different players"))
    if (args.games is not None and args.games < 1) or not args.games_scale > 0:
        raise ArenaError(_("the number of games must be at least 1"))
    pairings = ladder_pairings(specs, args.round_robin)
    games = [pairing_games(specs[a], specs[b], args.games_scale, args.games) for a, b in pairings]
    plan = build_plan(
        specs,
        rules,
        0,
        args.seed,
        whole_match=args.match,
        time_ms=args.time_ms,
        tables=pairings,
        games_per_table=games,
    )
    check_players(plan.specs, plan.rules, plan.time_ms)
    results = play_plan(plan, jobs, err, args.progress or err.isatty(), label=_("ladder: "))
    summary = summarize(plan, results)
    tallies = [PairTally(pair.a, pair.b, pair.games, pair.score.value * pair.games) for pair in summary.pairs]
    ratings = fit_ratings(tallies, len(specs), anchor=rating_anchor(plan.names))
    page = Path(args.out)
    plot = Path(args.plot) if args.plot else page.with_suffix(".png")
    page.parent.mkdir(parents=True, exist_ok=True)
    drawn = plot_ladder(summary, ratings, plot, err)
    command = shlex.join(["python", "-m", "briscola.arena", "ladder", *argv])
    write_markdown(summary, ratings, page, plot if drawn else None, command, datetime.date.today())
    if args.json:
        report = to_json(summary)
        report["ratings"] = _ratings_json(summary, ratings)
        out.write(json.dumps(report, allow_nan=False) + "\n")
    else:
        out.write(_("Wrote {page}").format(page=page) + (_(" and {plot}").format(plot=plot) if drawn else "") + "\n")
    return 0


def _ratings_json(summary: Summary, ratings: Ratings) -> dict[str, object]:
    def number(value: float) -> float | None:
        return round(value, 6) if math.isfinite(value) else None

    return {
        "anchor": summary.plan.names[ratings.anchor],
        "elo": [number(value) for value in ratings.elo],
        "elo_ci": [[number(ratings.low[i]), number(ratings.high[i])] for i in range(len(ratings.elo))],
    }


def write_markdown(
    summary: Summary, ratings: Ratings, page: Path, plot: Path | None, command: str, date: datetime.date
) -> None:
    """The ladder's page: how it was produced, the fitted ratings, the plot, and every pairing's results."""
    plan = summary.plan
    names = plan.names
    anchor = names[ratings.anchor]
    lines = [
        "# The AI ladder",
        "",
        "How strong each computer player is, measured by the arena: each level against the next one and the "
        "reference players, every deal played twice with the seats swapped so that luck cancels. Campione plays "
        "the ladder as it meets a stranger: it learns nobody here (the arena's `--learn` is off), so what it gains "
        "from learning an opponent it meets again is measured apart (`bench/adapt.py`, docs/ai.md).",
        "",
        f"Produced on {date.isoformat()} by:",
        "",
        "```",
        command,
        "```",
        "",
        f"Rules and sample: {describe_plan(plan)}.",
        "",
        "## Ratings",
        "",
        f"One Elo per player, fitted from all {plan.total_games} games (Bradley-Terry maximum likelihood, a draw "
        f"counting half a win), anchored at {anchor} = 0; each 95% interval is relative to {anchor}.",
        "",
        "| player | Elo | 95% CI | games | score vs field | time per move, median / p95 (ms) | faults |",
        "|---|---:|---|---:|---:|---|---:|",
    ]
    for i in sorted(range(len(names)), key=lambda i: -ratings.elo[i]):
        player = summary.players[i]
        rating = (
            "0 | (anchor)"
            if i == ratings.anchor
            else f"{signed(ratings.elo[i])} | {interval(ratings.estimate(i), elo=True)}"
        )
        lines.append(
            f"| {names[i]} | {rating} | {player.games} "
            f"| {player.score.value:.3f} | {ms(player.move_median_ms)} / {ms(player.move_p95_ms)} | {player.faults} |"
        )
    if plot is not None:
        lines += ["", f"![The ladder: Elo of each player with its 95% interval]({_relative(plot, page)})"]
    lines += [
        "",
        "## Pairings",
        "",
        "Score: the first player's wins plus half the draws, per game. Margin: its mean point difference per game. "
        "Elo difference: the first player over the second, from the score.",
        "",
        "| player | opponent | games | score | 95% CI | margin | Elo diff | Elo 95% CI | faults |",
        "|---|---|---:|---:|---|---:|---:|---|---|",
    ]
    for pair in summary.pairs:
        lines.append(
            f"| {names[pair.a]} | {names[pair.b]} | {pair.games} | {pair.score.value:.3f} | {interval(pair.score)} "
            f"| {signed(pair.margin, 1)} | {signed(pair.elo.value)} | {interval(pair.elo, elo=True)} "
            f"| {pair.faults[0]} / {pair.faults[1]} |"
        )
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _relative(target: Path, page: Path) -> str:
    return Path(os.path.relpath(target.resolve(), page.resolve().parent)).as_posix()


def plot_ladder(summary: Summary, ratings: Ratings, path: Path, err: IO[str]) -> bool:
    """Draw each player's Elo with its 95% interval into a PNG at ``path``; False if matplotlib is missing."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        err.write(_("arena: matplotlib is not installed (pip install -e '.[dev]'): the plot is not drawn\n"))
        return False
    names = summary.plan.names
    order = sorted(range(len(names)), key=lambda i: ratings.elo[i])
    elo = [ratings.elo[i] for i in order]
    below = [ratings.elo[i] - ratings.low[i] for i in order]
    above = [ratings.high[i] - ratings.elo[i] for i in order]
    figure = Figure(figsize=(7.0, 1.2 + 0.45 * len(names)), layout="constrained")
    FigureCanvasAgg(figure)  # the Agg canvas, set explicitly: no window, no global pyplot state
    axes = figure.add_subplot()
    axes.errorbar(elo, range(len(order)), xerr=[below, above], fmt="o", capsize=4, color="#1f5fa8")
    axes.axvline(0.0, color="#999999", linewidth=0.8)
    axes.set_yticks(range(len(order)), [names[i] for i in order])
    axes.set_ylim(-0.6, len(order) - 0.4)
    axes.set_xlabel(f"Elo ({names[ratings.anchor]} = 0), with 95% intervals")
    axes.set_title("Briscola AI ladder")
    axes.grid(axis="x", alpha=0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=120)
    return True
