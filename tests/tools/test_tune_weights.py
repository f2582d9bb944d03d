"""tools/tune_weights.py: its log-space values start at the hand-set ones, respect their caps, and it runs."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from briscola.ai.heuristic import MedioPlayer, Weights
from briscola.engine import Action, PlayerView

TOOL = Path(__file__).resolve().parents[2] / "tools" / "tune_weights.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tune_weights", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_offsets_of_zero_are_the_hand_set_values_and_shares_stay_at_most_one() -> None:
    tool = load_tool()
    assert tool.weights_at([0.0] * len(tool.NAMES)) == Weights()
    high = tool.weights_at([2.0] * len(tool.NAMES))
    assert high.trust == high.bank == high.trump_floor == 1.0
    assert high.trump_power > Weights().trump_power


def test_a_hand_is_seeded_and_puts_the_first_weights_in_the_seat_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = load_tool()
    mine, theirs = Weights(keep=0.5), Weights()
    for deal in range(3):
        for seat in (0, 1):
            score = tool.play((mine, theirs, deal, seat))
            assert score in (0.0, 0.5, 1.0)
            assert tool.play((mine, theirs, deal, seat)) == score
    movers: dict[int, set[Weights]] = {0: set(), 1: set()}

    class Spy(MedioPlayer):
        def choose(self, view: PlayerView) -> Action:
            movers[view.seat].add(self.style.weights)
            return super().choose(view)

    monkeypatch.setattr(tool, "MedioPlayer", Spy)
    tool.play((mine, theirs, 1, 1))
    assert movers == {0: {theirs}, 1: {mine}}


def test_compare_prints_a_score_with_its_interval() -> None:
    command = [sys.executable, str(TOOL), "--jobs", "1", "compare", "default", "--deals", "3", "--start", "5"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.startswith("default vs default: ")
    assert "over 6 games" in done.stdout
