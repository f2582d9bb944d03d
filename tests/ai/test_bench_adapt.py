"""bench/adapt.py runs and ends with the JSON line issue 36 asks for; its figures are not judged (tests don't time).
With no hand learned the two players are the same player, so that gain is exactly 0."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "adapt.py"


# A smoke run still learns and plays some forty games: tens of seconds of a core, so it runs with the slow tests.
@pytest.mark.slow
def test_a_quick_run_ends_with_its_figures_as_one_json_object() -> None:
    command = [sys.executable, str(BENCH), "--quick", "--level", "esperto", "--styles", "lowest", "--jobs", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["bench"] == "adapt" and figures["level"] == "esperto"
    assert figures["adapt_gain_0"] == 0.0
    assert set(figures["by_style"]) == {"0", "10", "20"}
    assert isinstance(figures["adapt_gain_20"], float) and figures["move_p95_s"] > 0
