"""History benchmark: how long storing a finished hand takes, and how large the database grows per match.

Fills a new history file (in a temporary folder) with real matches played by random moves through the engine, each
recorded as the table will record it: begun, every hand stored as it ends (:meth:`History.record_hand`, the one call on
the table's path while a match is played; timed), then ended. Three matches in four are classic, one in four is the
four-player game. The file's size after a checkpoint, per 1,000 matches, is extrapolated to 10,000 (the size grows
linearly: a match is its rows and its record). Besides the clock, each call's CPU time is measured: on a loaded
machine the clock's tail is mostly the process waiting for a core, which the CPU time leaves out.

Prints each figure beside its target and ends with one JSON line of all figures. Targets (issue 31): a finished hand
stored in at most 5 ms at the 95th percentile; under 60 MB for 10,000 matches. The statistics scene's and the replay
viewer's targets come with them.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

from briscola.engine import Game, preset
from briscola.engine.events import HandOver
from briscola.engine.record import SeatInfo, SeatKind, record_from_game
from briscola.stats import percentile
from briscola.store.history import History

MATCHES = 1000
TARGET_HAND_MS = 5.0
TARGET_MB_10000 = 60.0
CREATED = "2025-03-01T18:30:00Z"
TWO = (SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Computer", SeatKind.COMPUTER, "medio"))
FOUR = (
    SeatInfo("Anna", SeatKind.HUMAN),
    SeatInfo("Left", SeatKind.COMPUTER, "facile"),
    SeatInfo("Partner", SeatKind.COMPUTER, "medio"),
    SeatInfo("Right", SeatKind.COMPUTER, "facile"),
)


def fill(history: History, matches: int) -> tuple[list[float], list[float]]:
    """Play and record ``matches`` matches; the seconds each ``record_hand`` took, on the clock and in CPU time."""
    times: list[float] = []
    cpu: list[float] = []
    rng = random.Random(1)
    for number in range(matches):
        name, seats = ("four", FOUR) if number % 4 == 3 else ("classic", TWO)
        game = Game(preset(name), rng.getrandbits(63))
        match_id = history.begin_match(
            record_from_game(game, seats, created=CREATED), preset=name, profile="Anna", human_seat=0
        )
        while not game.is_over:
            for event in game.apply(rng.choice(game.legal_actions())):
                if isinstance(event, HandOver):
                    record = record_from_game(game, seats, created=CREATED)
                    start, start_cpu = time.perf_counter(), time.thread_time()
                    history.record_hand(match_id, record, event.result)
                    times.append(time.perf_counter() - start)
                    cpu.append(time.thread_time() - start_cpu)
        history.end_match(match_id, record_from_game(game, seats, created=CREATED))
    return times, cpu


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite3"
        history, problems = History.open(path)
        if history is None or problems:
            print(f"the history could not be opened: {problems}", file=sys.stderr)
            return 1
        started = time.perf_counter()
        times, cpu = fill(history, MATCHES)
        elapsed = time.perf_counter() - started
        history._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        history.close()
        size_mb = path.stat().st_size / 1e6
    p95 = percentile(times, 95) * 1000
    median = percentile(times, 50) * 1000
    cpu_p95 = percentile(cpu, 95) * 1000
    per_10000 = size_mb * 10_000 / MATCHES
    print(f"{MATCHES} matches, {len(times)} hands recorded in {elapsed:.1f} s (random moves)")
    print(f"record_hand: median {median:.2f} ms, p95 {p95:.2f} ms (target <= {TARGET_HAND_MS:g} ms)")
    print(f"record_hand CPU time: p95 {cpu_p95:.2f} ms (the clock's p95 less waiting for a busy machine's cores)")
    print(f"database: {size_mb:.2f} MB for {MATCHES} matches, {per_10000:.1f} MB for 10,000", end="")
    print(f" (target < {TARGET_MB_10000:g} MB)")
    figures = {
        "matches": MATCHES,
        "hands": len(times),
        "record_hand_ms_median": round(median, 3),
        "record_hand_ms_p95": round(p95, 3),
        "record_hand_cpu_ms_p95": round(cpu_p95, 3),
        "db_mb_per_1000_matches": round(size_mb * 1000 / MATCHES, 3),
        "db_mb_10000_matches": round(per_10000, 2),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
