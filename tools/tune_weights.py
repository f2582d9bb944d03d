"""Tune Medio's card values (:class:`~briscola.ai.heuristic.Weights`) by self-play, and compare two sets of them.

The hand-set values were guesses; these are measured. SPSA (simultaneous perturbation stochastic approximation)
fits noisy objectives with two evaluations a step whatever the number of parameters: each step nudges every value
up or down at random (in log space, so a value keeps its sign and scale), plays the two perturbed players against
each other over a batch of two-player hands (each deal twice, seats swapped, so the cards' luck cancels), and moves
the values towards the side that won more. Step sizes shrink as in Spall's recipe (a_k = a / (k + 1 + A)^0.602,
c_k = c / (k + 1)^0.101).

    python tools/tune_weights.py tune --iterations 800 --deals 100 --seed 11 --out tuned.json
    python tools/tune_weights.py compare tuned.json --deals 1000 --start 1000000

``compare`` plays the values in a file (or ``default``, the hand-set ones) against another set (``--against``,
default ``default``) on deals ``--start`` onwards, seats swapped, and prints the score with its 95% interval. Use
deals the tuning never saw (the tuner draws its deals from its seed; ``--start`` 1,000,000 and up is clear of
them in practice). Games are played on ``--jobs`` processes (default: every core).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from briscola.ai.heuristic import MedioPlayer, Weights
from briscola.engine import Deal, Game, preset
from briscola.engine.events import HandOver

#: The values tuned: every one that counts in a two-player hand (``race`` only counts in briscola to 31).
NAMES = (
    "trump_power",
    "trump_floor",
    "trump_decay",
    "trump_top",
    "carico_top",
    "carico_exposed",
    "bank",
    "court",
    "cover",
    "trust",
    "keep",
)
#: Values that are shares or probabilities stay at most 1.
CAPS = {"trump_floor": 1.0, "trust": 1.0, "bank": 1.0}
#: SPSA's gains: step size a with stability constant A, perturbation size c (log space), and the bound on |x|.
GAIN_A, GAIN_STABILITY, PERTURBATION, BOUND = 0.6, 20, 0.25, 2.0

Task = tuple[Weights, Weights, int, int]


def weights_at(x: list[float]) -> Weights:
    """The weights at log-space offsets ``x`` from the hand-set ones (0 everywhere is the hand-set set)."""
    base = Weights()
    values = {}
    for name, offset in zip(NAMES, x, strict=True):
        value = getattr(base, name) * math.exp(offset)
        values[name] = min(value, CAPS.get(name, value))
    return dataclasses.replace(base, **values)


def play(task: Task) -> float:
    """One two-player hand of deal ``deal``: the first weights in seat ``seat``; their score (1, 0.5 or 0)."""
    first, second, deal, seat = task
    game = Game(preset("classic").with_options(hands_to_win=1), deal)
    mine = MedioPlayer(random.Random(deal * 7 + 1), weights=first)
    other = MedioPlayer(random.Random(deal * 7 + 2), weights=second)
    players = [mine, other] if seat == 0 else [other, mine]
    while not game.is_over:
        if game.to_move is None:
            game.apply(Deal())
            continue
        mover = game.to_move
        game.apply(players[mover].choose(game.view(mover)))
    over = next(event for event in reversed(game.log) if isinstance(event, HandOver))
    winners = over.result.winners
    return 0.5 if not winners else float(seat in winners)


def tune(args: argparse.Namespace, pool: multiprocessing.pool.Pool) -> None:
    """Run SPSA and write the values (and their log offsets) to ``args.out`` every ten steps."""
    rng = random.Random(args.seed)
    x = [0.0] * len(NAMES)
    started = time.perf_counter()
    for step in range(args.iterations):
        gain = GAIN_A / (step + 1 + GAIN_STABILITY) ** 0.602
        size = PERTURBATION / (step + 1) ** 0.101
        signs = [rng.choice((-1, 1)) for _ in NAMES]
        plus = weights_at([value + size * sign for value, sign in zip(x, signs, strict=True)])
        minus = weights_at([value - size * sign for value, sign in zip(x, signs, strict=True)])
        deals = [rng.randrange(10**9) for _ in range(args.deals)]
        scores = pool.map(play, [(plus, minus, deal, seat) for deal in deals for seat in (0, 1)], chunksize=8)
        lead = 2 * sum(scores) / len(scores) - 1
        x = [
            max(-BOUND, min(BOUND, value + gain * lead / (2 * size * sign)))
            for value, sign in zip(x, signs, strict=True)
        ]
        if (step + 1) % 10 == 0 or step + 1 == args.iterations:
            found = weights_at(x)
            shown = " ".join(f"{name}={getattr(found, name):.3g}" for name in NAMES)
            print(f"{step + 1} {time.perf_counter() - started:.0f}s {shown}", flush=True)
            record = {"x": x, "weights": dataclasses.asdict(found), "iterations": step + 1, "seed": args.seed}
            Path(args.out).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def load(spec: str) -> Weights:
    """``default`` (the hand-set values) or the weights saved in a file by ``tune``."""
    if spec == "default":
        return Weights()
    return Weights(**json.loads(Path(spec).read_text(encoding="utf-8"))["weights"])


def compare(args: argparse.Namespace, pool: multiprocessing.pool.Pool) -> None:
    """Print the score of ``args.weights`` against ``args.against`` with its 95% interval."""
    mine, theirs = load(args.weights), load(args.against)
    deals = range(args.start, args.start + args.deals)
    scores = pool.map(play, [(mine, theirs, deal, seat) for deal in deals for seat in (0, 1)], chunksize=16)
    mean = sum(scores) / len(scores)
    # The two games of a deal are one sample: seats swapped on the same cards, their luck mostly cancels.
    pairs = [(scores[i] + scores[i + 1]) / 2 for i in range(0, len(scores), 2)]
    spread = math.sqrt(sum((pair - mean) ** 2 for pair in pairs) / (len(pairs) - 1) / len(pairs))
    print(f"{args.weights} vs {args.against}: {mean:.4f} ± {1.96 * spread:.4f} over {len(scores)} games")


def main() -> int:
    parser = argparse.ArgumentParser(prog="tune_weights.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    modes = parser.add_subparsers(dest="mode", required=True)
    tuning = modes.add_parser("tune", help="fit the weights by SPSA self-play")
    tuning.add_argument("--iterations", type=int, default=800)
    tuning.add_argument("--deals", type=int, default=100, help="deals a step (each played twice)")
    tuning.add_argument("--seed", type=int, default=11)
    tuning.add_argument("--out", default="tuned.json")
    comparing = modes.add_parser("compare", help="play one set of weights against another")
    comparing.add_argument("weights", help="a file written by tune, or 'default'")
    comparing.add_argument("--against", default="default")
    comparing.add_argument("--deals", type=int, default=1000)
    comparing.add_argument("--start", type=int, default=1_000_000)
    args = parser.parse_args()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        (tune if args.mode == "tune" else compare)(args, pool)
    return 0


if __name__ == "__main__":
    sys.exit(main())
