"""Soak: 200 hands played by the computers in every seat, through the worker process, without an exception and
without the game's memory growing by 30 MB or more (slow: run with ``pytest -m slow``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from briscola.ui.launcher import build_table
from briscola.ui.options import Options, parse_options

FRAME = 1.0 / 60.0


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0
    return 0.0


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads memory from /proc")
def test_demo_200_hands_ends_cleanly_and_memory_stays_flat() -> None:
    options = parse_options(
        [
            "--demo",
            "200",
            "--speed",
            "instant",
            "--ai-delay",
            "0",
            "--level",
            "greedy",
            "--players",
            "4",
            "--mute",
            "--seed",
            "21",
        ]
    )
    assert isinstance(options, Options)
    app, table = build_table(options)
    baseline = None
    try:
        for _ in range(2_000_000):
            if not app.step(FRAME):
                break
            if baseline is None and table.controller.hands_done >= 10:
                baseline = rss_mb()
        assert table.controller.hands_done == 200
        assert baseline is not None
        growth = rss_mb() - baseline
        print(f"resident memory: {baseline:.1f} MB after 10 hands, growth {growth:+.1f} MB by hand 200")
        assert growth < 30.0, f"resident memory grew by {growth:.1f} MB over 190 hands"
    finally:
        app.close()
