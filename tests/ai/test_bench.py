"""bench/ai.py runs and ends with the JSON line the issue asks for; its figures are not judged (tests don't time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai.py"
KEYS = {
    "esperto_median_ms",
    "esperto_p95_ms",
    "difficile_p95_ms",
    "campione_p95_ms",
    "levels123_max_ms",
    "solver_nodes_per_s",
    "trick16_all_worlds_s",
}


# A smoke run still plays Campione's games at its full budget: minutes of a core, over the 300 s guard on a machine
# shared with other work, so it runs with the slow tests (CI runs both).
@pytest.mark.slow
def test_quick_run_ends_with_every_figure_as_one_json_object() -> None:
    command = [sys.executable, str(BENCH), "--quick"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures.keys() >= KEYS
    assert all(isinstance(figures[key], (int, float)) and figures[key] > 0 for key in KEYS)
    assert figures["trick16_worlds"] == 120
