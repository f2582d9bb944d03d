"""The golden transcripts: seeded games of every player on every preset, recorded move by move.

A restructuring of the code must not change how any player plays. :func:`transcripts` plays a fixed set of seeded
hands (every level and reference player, on every preset and player count) and returns each hand's actions as text;
``tests/match/data/golden_moves.json`` holds them as recorded before the move to packages (issue 29), and
``tests/match/test_golden_moves.py`` compares. Rewrite the file only for a change that is meant to change play:
``python tests/match/golden.py --write`` (it says which transcripts changed).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from briscola.ai.levels import make_player
from briscola.engine import PRESETS, Deal, Game

GOLDEN = Path(__file__).with_name("data") / "golden_moves.json"

#: Quick players play every preset on two seeds; the search levels a choice of presets (their hands cost seconds).
QUICK = ("random", "greedy", "1", "2", "3")
SEARCH_PRESETS = ("classic", "three", "four", "chiamata", "six", "open", "to31", "scambio", "subastada", "briscolone")
SEEDS = (11, 12)


def cases(*, slow: bool) -> list[tuple[str, str, int]]:
    """(preset, player spec, seed) of every transcript; ``slow`` adds the search levels' dearer hands."""
    found = [(name, spec, seed) for name in PRESETS for spec in QUICK for seed in SEEDS]
    found += [(name, spec, SEEDS[0]) for name in SEARCH_PRESETS for spec in ("pimc30", "4", "5")]
    if slow:
        found += [(name, spec, SEEDS[1]) for name in SEARCH_PRESETS for spec in ("4", "5")]
        found += [(name, "6", SEEDS[0]) for name in ("classic", "four", "chiamata")]
    return found


def key(preset: str, spec: str, seed: int) -> str:
    """The transcript's name in the golden file."""
    return f"{preset}/{spec}/{seed}"


def play_hand(preset: str, spec: str, seed: int) -> list[str]:
    """The actions, as text, of one seeded hand with ``spec`` at every seat (each seat its own seeded generator)."""
    game = Game(PRESETS[preset], seed)
    players = [make_player(spec, random.Random(seed * 100 + seat)) for seat in range(game.players)]
    actions: list[str] = []
    dealt = False
    while not game.is_over:
        seat = game.to_move
        if seat is None:
            if dealt:
                break
            game.apply(Deal())
            dealt = True
            actions.append("deal")
            continue
        action = players[seat].choose(game.view(seat))
        game.apply(action, seat=seat)
        actions.append(f"{seat}:{action}")
    return actions


def main(argv: list[str]) -> int:
    """``--write``: play every case (slow ones too) and rewrite the golden file, listing what changed."""
    old = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    new: dict[str, list[str]] = {}
    for preset, spec, seed in cases(slow=True):
        start = time.perf_counter()
        new[key(preset, spec, seed)] = play_hand(preset, spec, seed)
        print(f"{key(preset, spec, seed):32} {time.perf_counter() - start:6.2f} s", flush=True)
    changed = sorted(name for name in new if old.get(name) != new[name])
    print(f"{len(changed)} of {len(new)} transcripts differ from the golden file: {', '.join(changed[:20])}")
    if "--write" in argv:
        GOLDEN.write_text(json.dumps(new, indent=0, sort_keys=True) + "\n")
        print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
