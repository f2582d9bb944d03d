"""The arena: fair seating, reproducible results whatever the number of processes, its reports, and the ladder."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from briscola.arena.command import main
from briscola.arena.ladder import ladder_pairings, pairing_games
from briscola.arena.play import build_plan, run_plan, unique_names
from briscola.arena.report import signed, summarize
from briscola.engine import preset


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["--json", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "--json prints exactly one line: one JSON object"
    report = json.loads(out)
    assert isinstance(report, dict)
    return report


def _without_times(report: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in report.items() if key != "move_ms"}


def test_json_report_has_the_required_figures(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "greedy", "random", "--games", "20", "--seed", "3")
    for key in ("games", "scores", "score_ci", "margins", "faults", "elo", "elo_ci", "move_ms", "players"):
        assert key in report
    assert report["games"] == 20
    assert report["players"] == ["greedy", "random"]
    assert sum(report["scores"]) == pytest.approx(1.0)
    assert report["margins"][0] == pytest.approx(-report["margins"][1])
    assert report["faults"] == [0, 0]
    assert report["elo"][0] == pytest.approx(-report["elo"][1])
    assert [w + d + loss for w, d, loss in zip(report["wins"], report["draws"], report["losses"], strict=True)] == [
        20,
        20,
    ]
    assert report["seat_games"] == [[10, 10], [10, 10]]
    low, high = report["score_ci"][0]
    assert low <= report["scores"][0] <= high


def test_results_depend_on_the_seed_only_not_on_the_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    one = _json(capsys, "greedy", "random", "--games", "24", "--seed", "9")
    again = _json(capsys, "greedy", "random", "--games", "24", "--seed", "9")
    two = _json(capsys, "greedy", "random", "--games", "24", "--seed", "9", "--jobs", "2")
    other = _json(capsys, "greedy", "random", "--games", "24", "--seed", "10")
    assert _without_times(one) == _without_times(again) == _without_times(two)
    assert _without_times(one) != _without_times(other)


def test_seats_are_swapped_over_the_same_deals() -> None:
    plan = build_plan(["greedy", "random"], preset("classic"), 10, seed=2)
    results = run_plan(plan)
    assert len(results) == 10
    for first, second in zip(results[::2], results[1::2], strict=True):
        assert first.deal_set == second.deal_set
        assert first.sides == (0, 1) and second.sides == (1, 0)


def test_greedy_clearly_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "greedy", "random", "--games", "300", "--seed", "1")
    assert report["scores"][0] > 0.7
    assert report["score_ci"][0][0] > 0.5
    assert report["elo_ci"][0][0] > 0


def test_the_same_player_twice_scores_about_a_half(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "greedy", "greedy", "--games", "100")
    assert report["players"] == ["greedy", "greedy#2"]
    low, high = report["score_ci"][0]
    assert low < 0.5 < high


def test_four_players_team_against_team(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "greedy", "random", "--preset", "four", "--games", "40")
    assert report["seat_games"] == [[20, 20], [20, 20]]
    assert sum(report["scores"]) == pytest.approx(1.0)
    assert report["scores"][0] > 0.5


def test_three_players_each_for_themselves(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "greedy", "random", "random", "--preset", "three", "--games", "30")
    assert report["seat_games"] == [[10, 10, 10]] * 3
    assert sum(report["scores"]) == pytest.approx(1.0)
    assert report["scores"][0] > 1 / 3


def test_more_players_than_sides_play_a_round_robin(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "greedy", "random", "greedy", "--games", "10")
    assert report["games"] == 30
    assert len(report["pairings"]) == 3
    assert report["ratings"]["anchor"] == "random"
    assert report["ratings"]["elo"][1] == 0.0


def test_whole_matches_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "greedy", "random", "--match", "--option", "hands_to_win=3", "--games", "4")
    assert report["unit"] == "match"
    assert report["rules"]["hands_to_win"] == 3
    assert report["draws"] == [0, 0]


def test_human_report_names_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["greedy", "random", "--games", "20"]) == 0
    captured = capsys.readouterr()
    text = captured.out
    for word in ("greedy", "random", "score", "95% CI", "margin", "faults", "median", "p95", "Elo difference"):
        assert word in text
    assert captured.err == "", "no progress bar when stderr is not a terminal"


def test_progress_bar_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["greedy", "random", "--games", "4", "--progress", "--json"]) == 0
    captured = capsys.readouterr()
    assert "4/4 games" in captured.err
    json.loads(captured.out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["greedy", "nobody"], "'nobody' is not a level"),
        (["greedy", "random", "--preset", "nonsense"], "is not a preset"),
        (["greedy", "random", "--option", "hands_to_win=99"], "hands_to_win"),
        (["greedy", "random", "--option", "nonsense"], "key=value"),
        (["greedy", "--preset", "three", "random"], "at least 3 players"),
        (["greedy", "random", "--games", "0"], "at least 1"),
        (["greedy", "random", "--jobs", "-1"], "--jobs"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_usage_errors_from_argparse_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["greedy", "random", "--games", "many"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_unique_names() -> None:
    assert unique_names(["Greedy", "greedy", "random", "greedy"]) == ("greedy", "greedy#2", "random", "greedy#3")
    assert unique_names(["3", "medio", "external:./bot --Fast"]) == ("medio", "medio#2", "external:./bot --Fast")


def test_signed_differences() -> None:
    assert [signed(12.4), signed(-3.6), signed(-0.0), signed(-0.04, 1), signed(float("-inf"))] == [
        "+12",
        "-4",
        "+0",
        "+0.0",
        "-inf",
    ]


def test_summary_scores_follow_the_results() -> None:
    plan = build_plan(["random", "greedy"], preset("classic"), 6, seed=4)
    results = run_plan(plan)
    summary = summarize(plan, results)
    wins = sum(1 for result in results for p, won in enumerate(result.won) if won and result.players[p] == 1)
    draws = sum(1 for result in results if not any(result.won))
    assert summary.players[1].wins == wins
    assert summary.players[1].score.value == pytest.approx((wins + draws / 2) / 6)


# ---------------------------------------------------------------------------------------------------- the ladder


def test_ladder_pairings_climb_and_meet_the_references() -> None:
    specs = ["random", "greedy", "pimc30", "principiante", "facile", "difficile"]
    pairs = {(specs[a], specs[b]) for a, b in ladder_pairings(specs)}
    assert pairs == {
        ("greedy", "random"),
        ("pimc30", "random"),
        ("pimc30", "greedy"),
        ("facile", "principiante"),
        ("difficile", "facile"),
        *((level, ref) for level in ("principiante", "facile", "difficile") for ref in ("random", "greedy", "pimc30")),
    }
    assert len(ladder_pairings(specs, round_robin=True)) == 15


def test_ladder_game_counts() -> None:
    assert pairing_games("greedy", "4") == 2000
    assert pairing_games("esperto", "difficile") == 600
    assert pairing_games("5", "campione") == 150
    assert pairing_games("greedy", "random", scale=0.05) == 100
    assert pairing_games("campione", "random", fixed=8) == 8


def test_ladder_writes_a_page_and_a_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "docs" / "ai-ladder.md"
    argv = ["ladder", "--players", "random", "greedy", "--games", "10", "--out", str(page)]
    assert main(argv) == 0
    assert "Wrote" in capsys.readouterr().out
    text = page.read_text(encoding="utf-8")
    assert "python -m briscola.arena ladder --players random greedy --games 10" in text
    assert "| greedy | random | 10 |" in text
    assert "![" in text and "(ai-ladder.png)" in text
    assert "anchored at random = 0" in text
    png = (tmp_path / "docs" / "ai-ladder.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_ladder_json_and_bad_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "ladder.md"
    plot = tmp_path / "plots" / "ladder.png"
    argv = [
        "ladder",
        "--players",
        "random",
        "greedy",
        "--games",
        "4",
        "--out",
        str(page),
        "--plot",
        str(plot),
        "--json",
    ]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ratings"]["anchor"] == "random"
    assert plot.exists() and "(plots/ladder.png)" in page.read_text(encoding="utf-8")
    assert main(["ladder", "--players", "random", "random", "--out", str(page)]) == 2
    assert main(["ladder", "--players", "3", "medio", "--out", str(page)]) == 2
    assert main(["ladder", "--players", "random", "nobody", "--out", str(page)]) == 2
    assert main(["ladder", "--preset", "three", "--out", str(page)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_failures_in_the_games_exit_1_and_ctrl_c_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import briscola.arena.command as arena
    import briscola.arena.common as arena_common
    import briscola.arena.play as arena_play

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("cannot start")

    monkeypatch.setattr(arena, "check_players", lambda specs, rules, time_ms: None)
    monkeypatch.setattr(arena_play, "make_seat", broken)
    assert main(["greedy", "random", "--games", "2"]) == 1
    assert "the games failed: RuntimeError: cannot start" in capsys.readouterr().err

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(arena_common, "run_plan", interrupted)
    assert main(["greedy", "random", "--games", "2"]) == 130
    assert "interrupted" in capsys.readouterr().err


def test_matplotlib_is_only_imported_to_draw_the_plot() -> None:
    import subprocess
    import sys

    modules = "briscola.arena.command, briscola.arena.common, briscola.arena.play, briscola.arena.report"
    code = f"import sys, {modules}, briscola.match.referee; print('matplotlib' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


BOTS = Path(__file__).resolve().parents[1] / "protocol" / "bots"


def test_an_external_bot_plays_through_bbp(capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"external:{sys.executable} -m briscola.bot --level greedy"
    report = _json(capsys, bot, "random", "--games", "4", "--time-ms", "5000")
    assert report["faults"] == [0, 0]
    assert report["games"] == 4
    assert report["players"][0].startswith("external:")


def test_an_external_bot_that_dies_loses_and_one_that_cannot_start_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    dying = f"external:{sys.executable} {BOTS / 'dying_bot.py'} 5"
    report = _json(capsys, dying, "random", "--games", "2")
    assert report["scores"] == [0.0, 1.0]
    assert report["exits"] == [2, 0]
    assert main([dying, "random", "--games", "2"]) == 0
    assert "left the table 2 times" in capsys.readouterr().out
    assert main([f"external:{BOTS / 'no_such_bot'}", "random", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "could not be started" in err and "no_such_bot" in err and "Traceback" not in err
    assert main([f"external:{sys.executable} {BOTS / 'dying_bot.py'} 0", "random"]) == 2


class _InProcessPool:
    """Stands in for a worker pool: records what it is handed, and plays it here, in the order handed."""

    handed: ClassVar[list[Any]] = []
    chunks: ClassVar[list[int]] = []

    def __init__(self, jobs: int, initializer: Any = None, initargs: tuple[Any, ...] = ()) -> None:
        if initializer is not None:
            initializer(*initargs)

    def __enter__(self) -> _InProcessPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, function: Any, tasks: Any, chunksize: int = 1) -> Iterator[Any]:
        _InProcessPool.handed = list(tasks)
        _InProcessPool.chunks.append(chunksize)
        return (function(task) for task in _InProcessPool.handed)

    def close(self) -> None:
        """Nothing to end: the work was done here."""

    def join(self) -> None:
        """Nothing to wait for."""


class _InProcessContext:
    Pool = _InProcessPool


def test_dear_games_are_spread_over_the_work_handed_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ladder's last tables are its dearest (Campione's games cost a thousand times random's): handed out in plan
    order and in large chunks, one worker got all of them at the end and played them alone for hours. Every quarter
    of the work handed out must hold some of the last table's deal sets, each set handed once, and the results must
    come back in plan order all the same."""
    _InProcessPool.handed, _InProcessPool.chunks = [], []
    monkeypatch.setattr("briscola.arena.play.multiprocessing.get_context", lambda _method: _InProcessContext)
    monkeypatch.setattr("briscola.arena.play.signal.signal", lambda *_args: None)
    plan = build_plan(["random", "greedy", "facile"], preset("classic"), 0, seed=4, games_per_table=[400, 400, 40])
    results = run_plan(plan, jobs=2)
    handed = _InProcessPool.handed
    assert sorted(task.order for task in handed) == list(range(420))
    last_table = [position for position, task in enumerate(handed) if task.table == 2]
    assert len(last_table) == 20
    assert {position * 4 // len(handed) for position in last_table} == {0, 1, 2, 3}
    assert _InProcessPool.chunks == [max(1, 420 // (2 * 64))]
    alone = run_plan(plan, jobs=1)
    assert [replace(result, times=()) for result in results] == [replace(result, times=()) for result in alone]
