"""What learning the other player is worth: a search level with a learned opponent model against the same level
without one, against opponents with distinct habits it was never tuned on (issue 36).

For each style (greedy, Principiante, Medio, and the scripted ``lowest`` and ``trumper`` of ``ai/styles.py``):

1. *learning*: an :class:`~briscola.ai.opponent.OpponentModel` learns from hands of the style, observed from the seat
   of a Medio playing it (the observations are the style's plays as that seat saw them, nothing hidden), snapshots
   kept after 0, 50 and 200 hands;
2. *playing*: on the same deals, in both seats, with the same seeds, the level with a snapshot (frozen) and the level
   without a model each play the style; the gain is the difference of their scores (a win 1, a draw 0.5), paired
   deal by deal, with its 95% interval.

With no hand learned the model is not consulted (``MIN_HANDS``), so the two players are the same player and
``adapt_gain_0`` is exactly 0; the bench plays a few pairs to show the games are identical. It also times the
learning level's moves (one process per core; the target is Campione's budget, p95 <= 3 s).

    python bench/adapt.py                      # Campione, 5 styles, 20 deals x 2 seats each (about 45 minutes)
    python bench/adapt.py --level esperto --games 150     # docs/ai.md's Esperto figures (about 25 minutes)
    python bench/adapt.py --quick              # a smoke run

Prints each figure with its target and ends with one JSON line.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import fmean

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from briscola.ai.levels import make_player
from briscola.ai.opponent import OpponentModel, observe
from briscola.ai.search import SearchPlayer
from briscola.engine import PRESETS, Deal, Game, Phase

STYLES = ("greedy", "principiante", "medio", "lowest", "trumper")
TARGET_GAIN_200 = 0.04
TARGET_EACH = -0.01
TARGET_GAIN_0 = -0.01
TARGET_P95_S = 3.0


def _result(game: Game, seat: int) -> float:
    """1 won, 0.5 drawn, 0 lost, for ``seat`` of a finished two-player hand."""
    mine, theirs = game.points[seat], game.points[1 - seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def learn(style: str, hands: Sequence[int], seed: int) -> dict[int, str]:
    """Snapshots (as JSON) of a model that learned ``style`` from Medio's seat, after each of ``hands`` hands."""
    model = OpponentModel()
    snapshots = {0: model.to_json()} if 0 in hands else {}
    rng = random.Random(seed)
    for played in range(1, max(hands) + 1):
        deal = rng.randrange(1 << 31)
        game = Game(PRESETS["classic"], deal)
        game.apply(Deal())
        me = played % 2
        players = {me: make_player("medio", random.Random(deal)), 1 - me: make_player(style, random.Random(deal + 1))}
        while game.phase is Phase.PLAY:
            seat = game.to_move
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)), seat=seat)
        observation = observe(game.view(me))
        if observation is not None:
            model.learn(observation)
        if played in hands:
            snapshots[played] = model.to_json()
    return snapshots


def play_game(level: str, style: str, snapshot: str | None, deal: int, seat: int) -> tuple[float, list[float]]:
    """One deal in one seat, played by the level (with the model ``snapshot``, or without one when None) against the
    style: its result, and the level's move times when it had a model. The level's seed is the deal's and the seat's
    whether it learns or not, so with and without a model it is the same player until the model changes a move."""
    game = Game(PRESETS["classic"], deal)
    game.apply(Deal())
    me = make_player(level, random.Random(deal * 2 + seat))
    if snapshot is not None:
        assert isinstance(me, SearchPlayer)
        me.opponent = OpponentModel.from_json(snapshot)
    other = make_player(style, random.Random(deal * 3 + seat))
    players = {seat: me, 1 - seat: other}
    times: list[float] = []
    while game.phase is Phase.PLAY:
        mover = game.to_move
        assert mover is not None
        started = time.perf_counter()
        action = players[mover].choose(game.view(mover))
        if snapshot is not None and mover == seat:
            times.append(time.perf_counter() - started)
        game.apply(action, seat=mover)
    return _result(game, seat), times


def _play(
    pool: ProcessPoolExecutor, level: str, style: str, snapshot: str | None, jobs: Sequence[tuple[int, int]]
) -> list[tuple[float, list[float]]]:
    """:func:`play_game` for each (deal, seat) of ``jobs``, over the pool, in order."""
    return list(
        pool.map(
            play_game,
            [level] * len(jobs),
            [style] * len(jobs),
            [snapshot] * len(jobs),
            [deal for deal, _ in jobs],
            [seat for _, seat in jobs],
        )
    )


def _interval(values: Sequence[float]) -> float:
    if len(values) < 2:
        return float("nan")
    mean = fmean(values)
    return 1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="campione")
    parser.add_argument("--styles", nargs="+", default=list(STYLES))
    parser.add_argument("--hands", default="0,50,200", help="hands learned, comma separated")
    parser.add_argument("--games", type=int, default=20, help="deals per style and snapshot (each in both seats)")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--zero-pairs", type=int, default=10, help="pairs played to show 0 hands changes nothing")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 10 and 20 hands, 6 deals")
    args = parser.parse_args(argv)
    hands = sorted({int(word) for word in args.hands.split(",")} | {0})
    if args.quick:
        hands, args.games, args.zero_pairs = [0, 10, 20], 6, 2
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        learned = dict(
            zip(
                args.styles,
                pool.map(learn, args.styles, [hands] * len(args.styles), range(len(args.styles))),
                strict=True,
            )
        )
        print(f"learned {max(hands)} hands of each style in {time.perf_counter() - started:.0f} s", flush=True)
        gains: dict[int, dict[str, float]] = {}
        scores: dict[int, dict[str, tuple[float, float, float]]] = {}
        times: list[float] = []
        for style in args.styles:
            # The level without a model plays each deal and seat once: its games are the same whatever was learned.
            most = max(args.games, args.zero_pairs)
            jobs = [(args.seed * 100_000 + number, seat) for number in range(most) for seat in (0, 1)]
            without = dict(zip(jobs, (result for result, _ in _play(pool, args.level, style, None, jobs)), strict=True))
            for count in hands:
                chosen = jobs[: 2 * (args.games if count else args.zero_pairs)]
                played = _play(pool, args.level, style, learned[style][count], chosen)
                with_model = [result for result, _ in played]
                before = [without[job] for job in chosen]
                differences = [a - b for a, b in zip(with_model, before, strict=True)]
                for _, moves in played:
                    times.extend(moves)
                gain = fmean(differences)
                gains.setdefault(count, {})[style] = gain
                scores.setdefault(count, {})[style] = (fmean(with_model), fmean(before), _interval(differences))
                print(
                    f"{args.level} vs {style:12} after {count:3} hands: learning {fmean(with_model):.3f}, "
                    f"not {fmean(before):.3f}, gain {gain:+.3f} ± {_interval(differences):.3f} "
                    f"({len(chosen)} games each)",
                    flush=True,
                )
    top = max(hands)
    mean_top = fmean(gains[top].values())
    worst_top = min(gains[top].values())
    mean_zero = fmean(gains[0].values())
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")
    print(
        f"adapt_gain_{top}: {mean_top:+.3f} (target >= {TARGET_GAIN_200}); worst style {worst_top:+.3f} "
        f"(target >= {TARGET_EACH})"
    )
    print(f"adapt_gain_0: {mean_zero:+.3f} (target >= {TARGET_GAIN_0}; the same player: 0 by construction)")
    print(f"learning {args.level}'s move time p95: {p95:.3f} s over {len(times)} moves (target <= {TARGET_P95_S})")
    print(f"total {time.perf_counter() - started:.0f} s")
    summary = {
        "bench": "adapt",
        "level": args.level,
        "games_per_style": args.games * 2,
        f"adapt_gain_{top}": round(mean_top, 4),
        "adapt_gain_0": round(mean_zero, 4),
        "worst_style": round(worst_top, 4),
        "by_style": {str(count): {style: round(gain, 4) for style, gain in gains[count].items()} for count in hands},
        "move_p95_s": round(p95, 4),
        "met": mean_top >= TARGET_GAIN_200
        and worst_top >= TARGET_EACH
        and mean_zero >= TARGET_GAIN_0
        and p95 <= TARGET_P95_S,
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
