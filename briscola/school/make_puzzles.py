"""``make puzzles``: write the shipped endgame puzzles (``briscola/school/puzzles.json``) from a seed.

The same seed and count always write the same file (the levels' hands are seeded), so the file is regenerated, never
edited by hand; ``tests/school/test_puzzles.py`` proves every puzzle in it again.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from briscola.school.puzzles import PUZZLES_FILE, find_puzzles, write_puzzles

#: The seed and count of the shipped file.
SEED, COUNT = 1, 300


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m briscola.school.make_puzzles", description=__doc__)
    parser.add_argument("--seed", type=int, default=SEED, help=f"the seed of the levels' hands (default {SEED})")
    parser.add_argument("--count", type=int, default=COUNT, help=f"how many puzzles (default {COUNT})")
    parser.add_argument("--out", type=Path, default=PUZZLES_FILE, help="the file to write (default: the shipped one)")
    args = parser.parse_args(argv)
    puzzles = list(find_puzzles(args.seed, args.count))
    write_puzzles(puzzles, args.out)
    goals = Counter(puzzle.goal for puzzle in puzzles)
    ratings = sorted(puzzle.rating for puzzle in puzzles)
    print(
        f"{len(puzzles)} puzzles ({goals['win']} win, {goals['points']} most points), "
        f"ratings {ratings[0]}-{ratings[-1]}, written to {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
