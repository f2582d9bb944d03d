"""History benchmark: how long storing a finished hand takes, how large the database grows per match, and how long
the statistics scene takes to open over 10,000 matches.

Fills a new history file (in a temporary folder) with real matches played by random moves through the engine, each
recorded as the table will record it: begun, every hand stored as it ends (:meth:`History.record_hand`, the one call on
the table's path while a match is played; timed), then ended (:func:`briscola.arena.history_fill.fill_history`, the
one filling code). Three matches in four are classic, one in four is the four-player game. The file's size after a
checkpoint, per 1,000 matches, is extrapolated to 10,000 (the size grows linearly: a match is its rows and its record).
Besides the clock, each call's CPU time is measured: on a loaded machine the clock's tail is mostly the process waiting
for a core, which the CPU time leaves out.

Then a second history of 10,000 matches played by the levels (the "human" seat by the greedy player, against levels
1-3 and, at four, level 2) is made, once: ``--big PATH`` keeps it there and reuses it on later runs, since playing
them takes many minutes. The statistics scene is opened on it headless, :data:`OPENINGS` times, each time from its
making to its first frame drawn (the board computed, every chart and text drawn): the median is
``stats_scene_open_ms``, with its CPU time beside it for the same reason as above.

Prints each figure beside its target and ends with one JSON line of all figures. Targets (issue 31): a finished hand
stored in at most 5 ms at the 95th percentile; under 60 MB for 10,000 matches; the statistics scene open in at most
150 ms with 10,000 matches. The replay viewer's target comes with it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from briscola.arena.history_fill import fill_history
from briscola.stats import percentile
from briscola.store.history import History

MATCHES = 1000
TARGET_HAND_MS = 5.0
TARGET_MB_10000 = 60.0
BIG_MATCHES = 10_000
SPACING = timedelta(hours=2)
OPENINGS = 5
TARGET_OPEN_MS = 150.0


def fill(history: History, matches: int) -> tuple[list[float], list[float]]:
    """Play (random moves) and record ``matches`` matches; the seconds each ``record_hand`` took, on the clock and in
    CPU time."""
    times: list[float] = []
    cpu: list[float] = []

    def timed(clock: float, thread: float) -> None:
        times.append(clock)
        cpu.append(thread)

    fill_history(history, matches, human=None, on_hand=timed)
    return times, cpu


def big_history(path: Path) -> None:
    """Make ``path`` a history of :data:`BIG_MATCHES` matches played by the levels (kept: filling takes minutes)."""
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.unlink(missing_ok=True)
    history, problems = History.open(part)
    if history is None or problems:
        raise SystemExit(f"the history could not be opened: {problems}")
    started = time.perf_counter()
    fill_history(history, BIG_MATCHES, start=datetime.now(UTC) - BIG_MATCHES * SPACING, spacing=SPACING)
    history._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    history.close()
    part.rename(path)
    print(f"{BIG_MATCHES} matches played by the levels in {time.perf_counter() - started:.0f} s into {path}")


def stats_scene_open(path: Path) -> tuple[list[float], list[float]]:
    """Seconds to open the statistics scene (headless) on the history at ``path``, :data:`OPENINGS` times: on the
    clock and in CPU time."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from briscola.ui.app import App, AppConfig
    from briscola.ui.launcher import Launcher
    from briscola.ui.menus.stats import StatsScene

    history, problems = History.open(path)
    if history is None or problems:
        raise SystemExit(f"the history could not be opened: {problems}")
    app = App(AppConfig(history=history), Launcher)
    times, cpu = [], []
    for _ in range(OPENINGS):
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.push(StatsScene(app))
        app.step(1 / 60)  # the first frame drawn: what the player waits for
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        app.pop(app.scenes[-1])
    app.close()
    history.close()
    return times, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument(
        "--big",
        type=Path,
        help="the 10,000-match history: made there if missing, reused if present (default: temporary)",
    )
    args = parser.parse_args(argv)
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
        big = args.big or Path(folder) / "big.sqlite3"
        big_history(big)
        openings, openings_cpu = stats_scene_open(big)
    p95 = percentile(times, 95) * 1000
    median = percentile(times, 50) * 1000
    cpu_p95 = percentile(cpu, 95) * 1000
    per_10000 = size_mb * 10_000 / MATCHES
    print(f"{MATCHES} matches, {len(times)} hands recorded in {elapsed:.1f} s (random moves)")
    print(f"record_hand: median {median:.2f} ms, p95 {p95:.2f} ms (target <= {TARGET_HAND_MS:g} ms)")
    print(f"record_hand CPU time: p95 {cpu_p95:.2f} ms (the clock's p95 less waiting for a busy machine's cores)")
    print(f"database: {size_mb:.2f} MB for {MATCHES} matches, {per_10000:.1f} MB for 10,000", end="")
    print(f" (target < {TARGET_MB_10000:g} MB)")
    open_ms = percentile(openings, 50) * 1000
    open_cpu_ms = percentile(openings_cpu, 50) * 1000
    print(f"statistics scene: opened in {open_ms:.0f} ms, median of {OPENINGS}, with {BIG_MATCHES} matches", end="")
    print(f" (target <= {TARGET_OPEN_MS:g} ms); CPU time {open_cpu_ms:.0f} ms")
    figures = {
        "matches": MATCHES,
        "hands": len(times),
        "record_hand_ms_median": round(median, 3),
        "record_hand_ms_p95": round(p95, 3),
        "record_hand_cpu_ms_p95": round(cpu_p95, 3),
        "db_mb_per_1000_matches": round(size_mb * 1000 / MATCHES, 3),
        "db_mb_10000_matches": round(per_10000, 2),
        "stats_scene_open_ms": round(open_ms, 1),
        "stats_scene_open_ms_max": round(max(openings) * 1000, 1),
        "stats_scene_open_cpu_ms": round(open_cpu_ms, 1),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
