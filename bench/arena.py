"""Arena benchmark: external bots kept alive, and the sequential test's error rates (issue 35).

Each figure is printed with its target; the last line is one JSON object with them all.

- ``external_games_per_s_slow_start`` (target: at least 5x ``..._restart_each_game``): games per second of one-hand
  classic games between ``greedy`` and a BBP/1 bot that sleeps one second as it starts (like a bot loading a model:
  ``tests/arena/bots/slow_start_bot.py``), one process, the bot kept alive between games as the arena now does;
  ``external_games_per_s_restart_each_game`` is the same with ``--restart-each-game``, the arena's old way, measured in
  the same run. ``slow_start_speedup`` is their ratio. The first game of each waits for the start-up too.
- ``sprt_error_rate`` (target: within 0.02 of alpha = 0.05): over 2,000 simulated runs of the SPRT (H0: 0 Elo, H1: 50
  Elo), pairs drawn with a seeded generator from the pentanomial of a true difference of 0 Elo and 5% draws
  (:func:`briscola.stats.sprt.pentanomial_from_elo`), the share of runs that accept H1. ``sprt_power`` (target: within
  0.02 of 1 - beta = 0.95): the same at a true 50 Elo. ``sprt_mean_pairs_*``: the pairs a run needs on average.

``python bench/arena.py`` takes about a minute; ``--quick`` is a smoke run (fewer games and runs, too few to quote).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import shlex
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from briscola.arena.play import build_plan, run_plan  # noqa: E402
from briscola.engine import preset  # noqa: E402
from briscola.stats.sprt import Sprt, pentanomial_from_elo, simulate_run  # noqa: E402

BOT = ROOT / "tests" / "arena" / "bots" / "slow_start_bot.py"
FULL = {"restart_games": 10, "kept_games": 100, "runs": 2000}
QUICK = {"restart_games": 4, "kept_games": 20, "runs": 200}
ELO0, ELO1, ALPHA, BETA, DRAWS = 0.0, 50.0, 0.05, 0.05, 0.05


def games_per_s(games: int, restart_each_game: bool) -> float:
    """Games per second of ``greedy`` against the slow-starting bot, one process."""
    with tempfile.TemporaryDirectory() as folder:
        words = [sys.executable, str(BOT), "--sleep", "1", "--log", str(Path(folder) / "bot.log")]
        spec = "external:" + " ".join(shlex.quote(word) for word in words)
        plan = build_plan([spec, "greedy"], preset("classic"), games, seed=35)
        plan = dataclasses.replace(plan, restart_each_game=restart_each_game)
        start = time.perf_counter()
        results = run_plan(plan)
        elapsed = time.perf_counter() - start
    assert len(results) == games and not any(r.faults[0] or r.exits[0] for r in results)
    return games / elapsed


def accept_h1_rate(elo: float, runs: int, seed: int) -> tuple[float, float]:
    """The share of simulated SPRT runs at a true ``elo`` that accept H1, and the mean pairs per run."""
    rng = random.Random(seed)
    chances = pentanomial_from_elo(elo, DRAWS)
    accepted = pairs = 0
    for _ in range(runs):
        verdict, used = simulate_run(Sprt(ELO0, ELO1, ALPHA, BETA), chances, rng)
        accepted += verdict == "H1"
        pairs += used
    return accepted / runs, pairs / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer games and runs")
    args = parser.parse_args()
    sizes = QUICK if args.quick else FULL
    label = " (quick: too few to quote)" if args.quick else ""
    figures: dict[str, float] = {}

    before = games_per_s(sizes["restart_games"], restart_each_game=True)
    after = games_per_s(sizes["kept_games"], restart_each_game=False)
    figures["external_games_per_s_restart_each_game"] = round(before, 3)
    figures["external_games_per_s_slow_start"] = round(after, 2)
    figures["slow_start_speedup"] = round(after / before, 1)
    print(f"external_games_per_s_restart_each_game {before:.3f} (before; {sizes['restart_games']} games){label}")
    print(f"external_games_per_s_slow_start {after:.2f} (kept alive; {sizes['kept_games']} games){label}")
    print(f"slow_start_speedup {figures['slow_start_speedup']} (target >= 5){label}")

    error, pairs0 = accept_h1_rate(ELO0, sizes["runs"], seed=350)
    power, pairs1 = accept_h1_rate(ELO1, sizes["runs"], seed=351)
    figures["sprt_error_rate"] = round(error, 4)
    figures["sprt_power"] = round(power, 4)
    figures["sprt_mean_pairs_elo0"] = round(pairs0, 1)
    figures["sprt_mean_pairs_elo1"] = round(pairs1, 1)
    runs = sizes["runs"]
    print(f"sprt_error_rate {error:.4f} (target {ALPHA} +- 0.02; {runs} runs at {ELO0:+g} Elo){label}")
    print(f"sprt_power {power:.4f} (target {1 - BETA:g} +- 0.02; {runs} runs at {ELO1:+g} Elo){label}")
    print(f"sprt_mean_pairs {pairs0:.0f} at {ELO0:+g} Elo, {pairs1:.0f} at {ELO1:+g} Elo{label}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
