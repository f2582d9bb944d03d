"""The arena keeps an external bot alive between games (issue 35): one process per external seat, told each game
afresh through ``new_hand`` and only its own seat's view; a crash or a hang costs a fault and a fresh process, never
the referee's progress. ``tests/arena/bots/slow_start_bot.py`` is the bot: slow to start, and it logs its hands."""

from __future__ import annotations

import dataclasses
import shlex
import sys
from collections import Counter
from pathlib import Path

from briscola.arena.play import build_plan, run_plan
from briscola.engine import preset

BOT = Path(__file__).parent / "bots" / "slow_start_bot.py"


def bot_spec(log: Path, *args: object, sleep: float = 0.2) -> str:
    words = [sys.executable, str(BOT), "--sleep", sleep, "--log", log, *args]
    return "external:" + " ".join(shlex.quote(str(word)) for word in words)


def log_lines(log: Path) -> list[list[str]]:
    return [line.split() for line in log.read_text().splitlines()]


def test_one_process_plays_every_game_and_hears_only_its_seat(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    plan = build_plan([bot_spec(log, sleep=1.0), "greedy"], preset("classic"), 12, seed=3, time_ms=2000)
    results = run_plan(plan)  # one second to start, once: the twelve games would take twelve seconds otherwise
    assert len(results) == 12 and all(r.finished for r in results)
    assert sum(r.faults[0] + r.exits[0] for r in results) == 0
    lines = log_lines(log)
    assert ["LEAK"] not in lines
    pids = Counter(line[0] for line in lines)
    assert len(pids) == 1  # one start-up for twelve games
    assert [int(line[1]) for line in lines] == list(range(1, 13))  # hands counted on in the one process
    assert {line[2] for line in lines} == {"0", "1"}  # told its new seat as the seats swap


def test_restart_each_game_keeps_the_old_behaviour(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    plan = build_plan([bot_spec(log), "greedy"], preset("classic"), 4, seed=3, time_ms=2000)
    run_plan(dataclasses.replace(plan, restart_each_game=True))
    lines = log_lines(log)
    assert len({line[0] for line in lines}) == 4 and {line[1] for line in lines} == {"1"}


def test_a_bot_that_plays_itself_has_a_process_per_seat(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    spec = bot_spec(log)
    plan = build_plan([spec, spec], preset("classic"), 6, seed=5, time_ms=2000)
    results = run_plan(plan)
    assert all(r.finished and not any(r.faults) for r in results)
    lines = log_lines(log)
    assert ["LEAK"] not in lines and len({line[0] for line in lines}) == 2


def test_a_crash_counts_and_a_fresh_process_plays_on(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    spec = bot_spec(log, "--crash-at", 3, "--marker", tmp_path / "crashed")
    plan = build_plan([spec, "greedy"], preset("classic"), 8, seed=7, time_ms=2000)
    results = run_plan(plan)
    assert len(results) == 8
    assert [r.exits[0] for r in results] == [0, 0, 1, 0, 0, 0, 0, 0]  # the third game lost to the crash
    pids = list(dict.fromkeys(line[0] for line in log_lines(log)))
    assert len(pids) == 2  # the crashed process, then one more for the rest
    assert sum(1 for line in log_lines(log) if line[0] == pids[1]) == 5


def test_a_hang_is_a_fault_and_never_blocks_the_referee(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    spec = bot_spec(log, "--hang-at", 2, "--hang-s", 2, "--marker", tmp_path / "hung")
    plan = build_plan([spec, "greedy"], preset("classic"), 4, seed=7, time_ms=100)
    results = run_plan(plan)
    assert len(results) == 4 and all(r.finished for r in results)
    assert results[1].faults[0] >= 1 and "no answer" in results[1].fault_notes[0]
    assert [r.faults[0] for r in (results[0], results[2], results[3])] == [0, 0, 0]
    pids = list(dict.fromkeys(line[0] for line in log_lines(log)))
    assert len(pids) == 2  # the bot that hung is not trusted with another game


def test_kept_bots_work_on_worker_processes(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    plan = build_plan([bot_spec(log), "greedy"], preset("classic"), 16, seed=3, time_ms=2000)
    results = run_plan(plan, jobs=2)
    assert len(results) == 16 and sum(r.faults[0] + r.exits[0] for r in results) == 0
    lines = log_lines(log)
    assert ["LEAK"] not in lines and len(lines) == 16 and len({line[0] for line in lines}) <= 2
