"""AI benchmark: how long each level thinks per move, and how fast the exact solver is.

Targets (issue 3, one core): Esperto median at most 300 ms and p95 at most 1 s a move; Difficile p95 at most 300 ms;
Campione p95 at most 3 s, and at the table, under its default think time (``--think-time``, which every search
honours by stopping there with its best card so far), p95 at most 3 s whatever the machine's load; levels 1-3 under
5 ms a move (``levels123_max_ms`` is the slowest p95 of the three: a single move can stall for a garbage collection
or a busy neighbour, which says nothing about the level). The exact solver (:func:`~briscola.ai.solver.search_value`,
points to the end of the hand, every card known) visits at least 250,000 positions a second, and a two-player
position at trick 16 is solved for every legal card in every layout of its hidden cards (the opponent's hand and the
talon's order, :func:`~briscola.engine.sampling.all_worlds`: 120 of them) in at most 0.5 s.

Move times come from two-player hands of each level against Medio, seats swapped, each of the level's own moves
timed around ``choose`` alone; the levels play their full budget (as in the arena), and Campione plays the same hands
again under the table's think time, which also counts the moves that time cut short. A node is one card played by
the search; nodes are counted on a second, identical pass with a counting position, so the timed pass runs the real
code untouched. The solvers score the hand's last trick without playing it
(:meth:`~briscola.ai.position.Position.last_trick`), and those cards are not counted: the figure is the cards really
played a second, the conservative count. Single process; ``--quick`` plays a tenth of it (a smoke run: its figures
are too few to quote). The last line is one JSON object with the figures.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from briscola.ai.levels import make_player  # noqa: E402
from briscola.ai.position import Position  # noqa: E402
from briscola.ai.search import SearchPlayer  # noqa: E402
from briscola.ai.simple import Player  # noqa: E402
from briscola.ai.solver import search_value  # noqa: E402
from briscola.engine import Deal, Game, Phase, preset  # noqa: E402
from briscola.engine.actions import Play  # noqa: E402
from briscola.engine.sampling import all_worlds  # noqa: E402
from briscola.engine.views import PlayerView  # noqa: E402
from briscola.match.worker import DEFAULT_THINK_TIME  # noqa: E402
from briscola.stats import percentile  # noqa: E402

#: Two-player hands played by each level (against Medio, seats swapped) for its move times.
GAMES = {"principiante": 60, "facile": 60, "medio": 60, "difficile": 40, "esperto": 24, "campione": 12}
#: Positions the solver figures are taken over.
SOLVER_POSITIONS = 24


class CountingPosition(Position):
    """A position that counts the cards played on it: the solver's nodes."""

    __slots__ = ("nodes",)

    def __init__(self, world: Game, me: int) -> None:
        super().__init__(world, me)
        self.nodes = 0

    def play(self, card: int) -> None:
        """Count, then play."""
        self.nodes += 1
        super().play(card)


def move_times(level: str, games: int, think_time: float | None = None, cut: list[bool] | None = None) -> list[float]:
    """Milliseconds of each move ``level`` chose in ``games`` two-player hands against Medio; with ``think_time``,
    under that budget a move, each move's being cut short by it appended to ``cut``."""
    rules = preset("classic").with_options(hands_to_win=1)
    times: list[float] = []
    for number in range(games):
        seat = number % 2
        game = Game(rules, 1000 + number // 2)
        players: list[Player] = [make_player("medio", random.Random(number)) for _ in range(2)]
        player = players[seat] = make_player(level, random.Random(number + 500))
        if think_time is not None and isinstance(player, SearchPlayer):
            player.time_limit = think_time
        while not game.is_over:
            if game.to_move is None:
                game.apply(Deal())
                continue
            mover = game.to_move
            view = game.view(mover)
            started = time.perf_counter()
            action = players[mover].choose(view)
            if mover == seat:
                times.append((time.perf_counter() - started) * 1000)
                if cut is not None and isinstance(player, SearchPlayer):
                    cut.append(player.stopped_early)
            game.apply(action)
    return times


def game_at_trick(trick: int, seed: int) -> Game:
    """A two-player hand played by Medio on both sides up to the lead of trick ``trick`` (counting from 1)."""
    game = Game(preset("classic").with_options(hands_to_win=1), seed)
    players = [make_player("medio", random.Random(seed * 2 + side)) for side in range(2)]
    while not (game.phase is Phase.PLAY and game.tricks_played == trick - 1 and not game.trick_cards):
        if game.to_move is None:
            game.apply(Deal())
            continue
        mover = game.to_move
        game.apply(players[mover].choose(game.view(mover)))
    return game


def solve_all_cards(view: PlayerView, worlds: list[Game], position: Callable[[Game, int], Position]) -> int:
    """Solve every legal card of ``view`` in every world for points; returns the nodes visited (0 if not counted)."""
    cards = [action.card for action in view.legal if isinstance(action, Play)]
    nodes = 0
    for world in worlds:
        pos = position(world, view.seat)
        table: dict[tuple[object, ...], tuple[int, int]] = {}
        for card in cards:
            pos.play(card)
            search_value(pos, table=table)
            pos.undo()
        nodes += pos.nodes if isinstance(pos, CountingPosition) else 0
    return nodes


def solver_figures(positions: int) -> tuple[float, float, float, int]:
    """(nodes per second, slowest and median seconds to solve a trick-16 position over all worlds, worlds each)."""
    node_total = 0
    seconds_total = 0.0
    trick16: list[float] = []
    layouts = 0
    for seed in range(positions):
        # Nodes per second on deeper trees: trick 14 (14 cards left), one sampled layout, every card solved.
        game = game_at_trick(14, seed)
        view = game.view(game.to_move if game.to_move is not None else game.leader)
        world = next(all_worlds(view))
        started = time.perf_counter()
        solve_all_cards(view, [world], Position)
        seconds_total += time.perf_counter() - started
        node_total += solve_all_cards(view, [world], CountingPosition)
        # Trick 16: every layout of the hidden cards, every card, solved.
        game = game_at_trick(16, seed)
        view = game.view(game.to_move if game.to_move is not None else game.leader)
        started = time.perf_counter()
        worlds = list(all_worlds(view))
        solve_all_cards(view, worlds, Position)
        trick16.append(time.perf_counter() - started)
        layouts = len(worlds)
    return node_total / seconds_total, max(trick16), statistics.median(trick16), layouts


def main() -> int:
    quick = "--quick" in sys.argv
    scale = 10 if quick else 1
    print("Briscola AI benchmark (one core; two-player hands against Medio)")
    figures: dict[str, float] = {}
    slowest_p95 = 0.0
    for level, games in GAMES.items():
        times = move_times(level, max(2, games // scale))
        median, p95 = statistics.median(times), percentile(times, 95)
        print(
            f"  {level:<13}: median {median:8.2f} ms  p95 {p95:8.2f} ms  max {max(times):8.2f} ms  ({len(times)} moves)"
        )
        if level in ("principiante", "facile", "medio"):
            slowest_p95 = max(slowest_p95, p95)
        else:
            figures[f"{level}_median_ms"] = round(median, 2)
            figures[f"{level}_p95_ms"] = round(p95, 2)
    figures["levels123_max_ms"] = round(slowest_p95, 2)
    cut: list[bool] = []
    times = move_times("campione", max(1 if quick else 2, GAMES["campione"] // scale), DEFAULT_THINK_TIME, cut)
    figures["campione_table_p95_ms"] = round(percentile(times, 95), 2)
    figures["campione_table_max_ms"] = round(max(times), 2)
    figures["campione_table_cut_pct"] = round(100 * sum(cut) / len(cut), 1)
    print(
        f"  {'campione@' + format(DEFAULT_THINK_TIME, 'g') + 's':<13}: median {statistics.median(times):8.2f} ms"
        f"  p95 {figures['campione_table_p95_ms']:8.2f} ms  max {max(times):8.2f} ms  ({len(times)} moves,"
        f" {sum(cut)} cut short by the think time)"
    )
    nodes_per_s, trick16_max, trick16_median, layouts = solver_figures(max(2, SOLVER_POSITIONS // scale))
    figures["solver_nodes_per_s"] = round(nodes_per_s)
    figures["trick16_all_worlds_s"] = round(trick16_max, 3)
    figures["trick16_median_s"] = round(trick16_median, 3)
    figures["trick16_worlds"] = layouts
    print(
        f"  Esperto      : median {figures['esperto_median_ms']} ms (target <= 300),"
        f" p95 {figures['esperto_p95_ms']} ms (<= 1000)"
    )
    print(f"  Difficile    : p95 {figures['difficile_p95_ms']} ms (target <= 300)")
    print(f"  Campione     : p95 {figures['campione_p95_ms']} ms (target <= 3000)")
    print(
        f"  at the table : Campione p95 {figures['campione_table_p95_ms']} ms (target <= 3000), max"
        f" {figures['campione_table_max_ms']} ms, under a {DEFAULT_THINK_TIME:g} s think time"
    )
    print(f"  levels 1-3   : slowest p95 {figures['levels123_max_ms']} ms (target < 5)")
    print(f"  solver       : {figures['solver_nodes_per_s']:,} nodes/s (target >= 250,000)")
    print(
        f"  trick 16     : {layouts} layouts x every card solved, slowest {trick16_max:.3f} s,"
        f" median {trick16_median:.3f} s (target <= 0.5 s)"
    )
    met = (
        figures["esperto_median_ms"] <= 300
        and figures["esperto_p95_ms"] <= 1000
        and figures["difficile_p95_ms"] <= 300
        and figures["campione_p95_ms"] <= 3000
        and figures["campione_table_p95_ms"] <= 3000
        and figures["levels123_max_ms"] < 5
        and figures["solver_nodes_per_s"] >= 250_000
        and trick16_max <= 0.5
    )
    print("  targets:", "met" if met else "NOT met")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
