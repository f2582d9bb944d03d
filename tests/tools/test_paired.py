"""tools/paired.py: its changes are typed and checked, reach every process that plays, and pair the same games."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from briscola.ai import search

TOOL = Path(__file__).resolve().parents[2] / "tools" / "paired.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paired", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=120)


def figures(*args: str) -> dict[str, Any]:
    done = run(*args)
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert isinstance(last, dict)
    return last


def test_changes_are_typed_like_the_fields() -> None:
    tool = load_tool()
    changes = tool.parse_changes(["mid_weight=0.1", "late_worlds= 12", "read=True"])
    assert changes == {"mid_weight": 0.1, "late_worlds": 12, "read": True}
    assert type(changes["late_worlds"]) is int and type(changes["mid_weight"]) is float


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("nope=1", "KEY one of late_cards"),
        ("late_worlds", "expected KEY=VALUE"),
        ("late_worlds=many", "late_worlds is a number (int)"),
        ("read=maybe", "read is true or false"),
        ("mid_weight=-1", "can't be negative"),
    ],
)
def test_a_wrong_change_is_named(item: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        load_tool().parse_changes([item])


def test_install_changes_one_level_and_an_empty_change_restores_it() -> None:
    tool = load_tool()
    before = search.LEVEL_PARAMS[5]
    try:
        tool.install(5, {"mid_weight": 0.5})
        assert search.LEVEL_PARAMS[5].mid_weight == 0.5
        assert search.LEVEL_PARAMS[5].late_worlds == before.late_worlds
        tool.install(5, {})
        assert search.LEVEL_PARAMS[5] == before
    finally:
        search.LEVEL_PARAMS[5] = before


def test_a_think_time_budgets_only_the_level_measured_and_no_change_restores_it() -> None:
    tool = load_tool()
    try:
        tool.install(6, {}, 0.5)
        budgeted = search.search_level(6, random.Random(1))
        assert isinstance(budgeted, search.SearchPlayer) and budgeted.time_limit == 0.5
        assert budgeted.clock is time.perf_counter
        tool.install(6, {}, 0.5, "cpu")
        on_cpu = search.search_level(6, random.Random(1))
        assert isinstance(on_cpu, search.SearchPlayer) and on_cpu.clock is time.process_time
        other = search.search_level(5, random.Random(1))
        assert isinstance(other, search.SearchPlayer) and other.time_limit is None
        tool.install(6, {})
        again = search.search_level(6, random.Random(1))
        assert isinstance(again, search.SearchPlayer) and again.time_limit is None
    finally:
        search.search_level = tool.ORIGINAL_LEVEL


def test_a_change_reaches_the_worker_processes_and_no_change_differs_in_nothing() -> None:
    # Rollouts weighed fifty times over Medio's values change Difficile's middle game: a different margin.
    change = ("difficile", "random", "--set", "mid_worlds=4", "--set", "mid_weight=50", "--games", "4")
    alone, pooled = figures(*change, "--jobs", "1"), figures(*change, "--jobs", "2")
    assert alone == pooled  # had the workers not installed the change, they would have played Difficile as it is
    assert alone["games"] == 4
    assert alone["margin_changed"] != alone["margin_as_it_is"]
    same = figures("difficile", "random", "--set", f"late_worlds={search.LEVEL_PARAMS[4].late_worlds}", "--games", "4")
    assert same["difference"] == {"mean": 0.0, "half_width": 0.0}
    assert same["margin_changed"] == same["margin_as_it_is"]


@pytest.mark.slow
def test_common_random_numbers_make_a_budget_that_never_binds_play_the_same_games() -> None:
    # An hour a move never stops Difficile's search: with common random numbers the budgeted version must then choose
    # every card the version as it is chooses, so no game differs; a budget that binds on every search differs.
    never = figures("difficile", "random", "--think-time", "3600", "--common", "--games", "4")
    assert never["games_differing"] == 0 and never["difference"] == {"mean": 0.0, "half_width": 0.0}
    assert never["cut"] == 0 and never["moves"] > 0
    always = figures("difficile", "random", "--think-time", "0.000001", "--common", "--games", "4")
    assert always["cut"] > 0 and always["games_differing"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("medio", "random"), "not a search level"),
        (("esperto", "nobody"), "nobody"),
        (("esperto", "greedy", "--set", "x=1"), "KEY=VALUE"),
        (("esperto", "greedy", "--games", "2"), "at least 4"),
    ],
)
def test_wrong_arguments_exit_with_a_message(args: tuple[str, ...], message: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
