"""Card-art benchmark: how long rasterising a whole deck (40 faces and the back) takes at two sizes.

The game rasterises a deck at startup and again on every window resize, so a deck must draw fast enough not
to stall either: targets 0.5 s at 200x330 and 1.2 s at 400x660 for the slowest deck. Corner indices are
included (they are part of what the game draws). One process, best of a few repeats per deck.
"""

from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from briscola.art.decks import DECKS
from briscola.engine.cards import ALL_CARDS
from briscola.ui.assets.cards import builtin_deck

REPEATS = 3
SIZES = {"200x330": (200, 330), "400x660": (400, 660)}
TARGETS = {"200x330": 0.5, "400x660": 1.2}


def deck_seconds(ident: str, size: tuple[int, int]) -> float:
    """Best time to draw every face and the back of ``ident`` at ``size``, from files already read."""
    best = float("inf")
    for _ in range(REPEATS):
        images = builtin_deck(ident)
        for path in (*images.manifest.faces, images.manifest.back):
            path.read_bytes()  # warm the OS cache: the timing is about drawing, not the disk
        start = time.perf_counter()
        for card in ALL_CARDS:
            images.face(card, size)
        images.back(size)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    """Print per-deck times and the slowest against the targets; the last line is JSON."""
    print("Card-art benchmark: rasterise 40 faces + back per deck (best of", REPEATS, "repeats)")
    slowest: dict[str, float] = {}
    for label, size in SIZES.items():
        times = {ident: deck_seconds(ident, size) for ident in DECKS}
        for ident, seconds in times.items():
            print(f"  {label}  {ident:<12} {seconds:6.3f} s")
        worst = max(times, key=lambda k: times[k])
        slowest[label] = times[worst]
        mark = "met" if times[worst] <= TARGETS[label] else "NOT met"
        print(f"  {label}  slowest: {worst} {times[worst]:.3f} s   target <= {TARGETS[label]} s ({mark})")
    met = all(slowest[k] <= TARGETS[k] for k in SIZES)
    print("  targets:", "met" if met else "NOT met")
    print(json.dumps({f"deck_raster_s_{k}": round(v, 4) for k, v in slowest.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
