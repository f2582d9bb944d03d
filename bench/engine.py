"""Engine benchmark: random-vs-random throughput, and the clone/apply/view/sample rates that search depends on.

Prints each figure beside its target and ends with one JSON line of all figures. Single process, so every figure is
for one core. Each measurement is the best of a few repeats, because these machines are shared and noisy; compare
figures within one run (the 4-player/2-player ratio, fast path vs full engine) rather than across runs.

Targets (issue 2): at least 20,000 complete 2-player random games per second on one core, and 4 players no worse than
2x slower per card played.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable

from briscola.engine import Card, Deal, Game, Phase, Play, preset
from briscola.engine.fast import playout, random_hand
from briscola.engine.sampling import sample_world

REPEATS = 3


def best_rate(work: Callable[[int], int], count: int) -> float:
    """Units per second of ``work(count)`` (which returns the units it did), best of :data:`REPEATS`."""
    best = 0.0
    for _ in range(REPEATS):
        start = time.perf_counter()
        units = work(count)
        elapsed = time.perf_counter() - start
        best = max(best, units / elapsed)
    return best


def fast_games(name: str) -> Callable[[int], int]:
    """Complete random hands through the fast playout path."""
    rules = preset(name)

    def run(count: int) -> int:
        rng = random.Random(1)
        for _ in range(count):
            random_hand(rules, rng)
        return count

    return run


def engine_games(name: str) -> Callable[[int], int]:
    """Complete random hands through Game.apply, events and all (what the table and the arena use)."""
    rules = preset(name).with_options(hands_to_win=1)

    def run(count: int) -> int:
        rng = random.Random(2)
        hands = 0
        for seed in range(count):
            game = Game(rules, seed)
            game.apply(Deal())
            while game.phase is Phase.PLAY:
                cards = game.legal_cards()
                game.apply(game.legal_actions()[0] if not cards else _play(rng, cards))
            hands += 1
        return hands

    return run


def _play(rng: random.Random, cards: list[Card]) -> Play:
    return Play(cards[int(rng.random() * len(cards))])


def mid_hand_game(name: str) -> Game:
    """A game five tricks into a hand: a typical position for search."""
    game = Game(preset(name), 3)
    game.apply(Deal())
    rng = random.Random(3)
    while game.tricks_played < 5:
        game.apply(rng.choice(game.legal_actions()))
    return game


def clone_rate(count: int) -> int:
    game = mid_hand_game("classic")
    for _ in range(count):
        game.clone()
    return count


def clone_apply_rate(count: int) -> int:
    """Clone a position and apply one card: the step a tree search takes per node."""
    game = mid_hand_game("classic")
    first = game.legal_actions()[0]
    for _ in range(count):
        game.clone().apply(first)
    return count


def view_rate(count: int) -> int:
    game = mid_hand_game("four")
    for i in range(count):
        game.view(i & 3)
    return count


def sample_rate(count: int) -> int:
    view = mid_hand_game("four").view(0)
    rng = random.Random(4)
    for _ in range(count):
        sample_world(view, rng)
    return count


def playout_rate(count: int) -> int:
    game = mid_hand_game("classic")
    rng = random.Random(5)
    for _ in range(count):
        playout(game, rng)
    return count


def main() -> int:
    quick = "--quick" in sys.argv
    scale = 10 if quick else 1
    deck_2p = len(preset("classic").deck)
    deck_4p = len(preset("four").deck)
    fast_2p = best_rate(fast_games("classic"), 20000 // scale)
    fast_4p = best_rate(fast_games("four"), 10000 // scale)
    cards_2p = fast_2p * deck_2p
    cards_4p = fast_4p * deck_4p
    full_2p = best_rate(engine_games("classic"), 2000 // scale)
    full_4p = best_rate(engine_games("four"), 1000 // scale)
    figures = {
        "games_per_s_2p": round(fast_2p),
        "games_per_s_4p": round(fast_4p),
        "cards_per_s_2p": round(cards_2p),
        "cards_per_s_4p": round(cards_4p),
        "per_card_ratio_4p_vs_2p": round(cards_2p / cards_4p, 3),
        "engine_games_per_s_2p": round(full_2p),
        "engine_games_per_s_4p": round(full_4p),
        "clone_per_s": round(best_rate(clone_rate, 50000 // scale)),
        "clone_apply_per_s": round(best_rate(clone_apply_rate, 30000 // scale)),
        "playout_per_s": round(best_rate(playout_rate, 20000 // scale)),
        "view_per_s": round(best_rate(view_rate, 20000 // scale)),
        "sample_per_s": round(best_rate(sample_rate, 10000 // scale)),
    }
    print("Briscola engine benchmark (one core, best of", REPEATS, "repeats)")
    print(f"  fast path, 2 players : {figures['games_per_s_2p']:>9,} games/s   target >= 20,000")
    print(f"  fast path, 4 players : {figures['games_per_s_4p']:>9,} games/s")
    print(f"  cards/s 2p vs 4p     : {figures['cards_per_s_2p']:>9,} vs {figures['cards_per_s_4p']:,}")
    print(f"  4p slower per card   : {figures['per_card_ratio_4p_vs_2p']:>9}x      target <= 2x")
    print(f"  full engine (events) : {figures['engine_games_per_s_2p']:>9,} games/s 2p, {full_4p:,.0f} 4p")
    print(f"  clone                : {figures['clone_per_s']:>9,} /s")
    print(f"  clone + apply        : {figures['clone_apply_per_s']:>9,} /s")
    print(f"  playout from mid-hand: {figures['playout_per_s']:>9,} /s")
    print(f"  view                 : {figures['view_per_s']:>9,} /s")
    print(f"  sample world         : {figures['sample_per_s']:>9,} /s")
    met = figures["games_per_s_2p"] >= 20000 and figures["per_card_ratio_4p_vs_2p"] <= 2
    print("  targets:", "met" if met else "NOT met")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
