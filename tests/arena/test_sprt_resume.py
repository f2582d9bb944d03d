"""``--sprt`` stops as soon as the sequential test decides; ``--resume`` counts the games the history already keeps
instead of playing them again, after a run stopped midway as after a shorter one."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from briscola.arena.command import main
from briscola.arena.keep import Keeper
from briscola.store.history import History


def run(*argv: str) -> tuple[int, dict[str, Any], str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*argv, "--json"], out, err)
    return code, json.loads(out.getvalue()) if code == 0 else {}, err.getvalue()


def test_sprt_stops_at_a_bound_and_says_so() -> None:
    code, data, _ = run("greedy", "random", "--sprt", "0", "100")
    sprt = data["sprt"]
    assert code == 0 and sprt["verdict"] == "H1"
    assert sprt["llr"] >= sprt["bounds"][1] and sprt["bounds"][0] < 0
    assert sprt["games"] == 2 * sprt["pairs"] == data["games"]
    assert sprt["games"] < 1000 and sprt["played"] == sprt["games"]
    assert sprt["elo"][1] < sprt["elo"][0] < sprt["elo"][2]
    assert sum(sprt["pentanomial"]) == sprt["pairs"]


def test_sprt_rejects_a_gain_that_is_not_there() -> None:
    code, data, _ = run("random", "greedy", "--sprt", "0", "100")
    assert code == 0 and data["sprt"]["verdict"] == "H0" and data["sprt"]["llr"] <= data["sprt"]["bounds"][0]


def test_sprt_text_report() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["greedy", "random", "--sprt", "0", "100"], out, err) == 0
    text = out.getvalue()
    assert "H1 accepted" in text and "LLR" in text and "bounds -2.94, +2.94" in text


def test_sprt_without_a_decision_stops_at_games() -> None:
    code, data, _ = run("greedy", "greedy", "--sprt", "0", "5", "--games", "40")
    assert code == 0 and data["sprt"]["verdict"] is None and data["sprt"]["games"] == 40


@pytest.mark.parametrize(
    "argv",
    [
        ["greedy", "random", "facile", "--sprt", "0", "50"],
        ["greedy", "random", "--sprt", "50", "0"],
        ["greedy", "random", "--sprt", "0", "50", "--alpha", "0.7"],
        ["greedy", "random", "--preset", "three", "--sprt", "0", "50"],
        ["greedy", "random", "--resume"],
    ],
    ids=["three players", "elo1 below elo0", "alpha", "three sides", "resume without history"],
)
def test_bad_sprt_and_resume_arguments_are_refused(argv: list[str]) -> None:
    code, _, err = run(*argv)
    assert code == 2 and "arena: error:" in err


def kept_count(path: Path) -> int:
    """Matches in the history file (read with SQLite itself: a file of an older version opens read-only as none)."""
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM matches").fetchone()[0])
    finally:
        conn.close()


def test_resume_after_ctrl_c_plays_only_what_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "arena.sqlite3"
    _, fresh, _ = run("greedy", "random", "--games", "20", "--seed", "9")
    keep = Keeper.__call__
    sets = []

    def interrupted(self: Keeper, order: int, results: Any) -> bool:
        keep(self, order, results)
        sets.append(order)
        if len(sets) == 4:
            raise KeyboardInterrupt
        return False

    monkeypatch.setattr(Keeper, "__call__", interrupted)
    code, _, err = run("greedy", "random", "--games", "20", "--seed", "9", "--history", str(path))
    assert code == 130 and "interrupted" in err and kept_count(path) == 8
    monkeypatch.setattr(Keeper, "__call__", keep)
    code, resumed, _ = run("greedy", "random", "--games", "20", "--seed", "9", "--history", str(path), "--resume")
    assert code == 0 and kept_count(path) == 20  # twelve games played, not twenty
    assert _without_times(resumed) == _without_times(fresh)
    # the same again plays nothing, and a longer run plays only what it adds
    run("greedy", "random", "--games", "20", "--seed", "9", "--history", str(path), "--resume")
    assert kept_count(path) == 20
    run("greedy", "random", "--games", "30", "--seed", "9", "--history", str(path), "--resume")
    assert kept_count(path) == 30
    run("greedy", "random", "--games", "30", "--seed", "10", "--history", str(path), "--resume")
    assert kept_count(path) == 60  # another seed: other games


def _without_times(data: dict[str, Any]) -> dict[str, Any]:
    """The report but the move times, which differ from run to run."""
    return {key: value for key, value in data.items() if key != "move_ms"}


def test_a_resumed_sprt_counts_the_kept_pairs_first(tmp_path: Path) -> None:
    path = tmp_path / "arena.sqlite3"
    run("greedy", "random", "--games", "40", "--history", str(path))
    code, data, _ = run("greedy", "random", "--sprt", "0", "100", "--history", str(path), "--resume")
    sprt = data["sprt"]
    assert code == 0 and sprt["verdict"] == "H1" and sprt["resumed"] == 40
    _, fresh, _ = run("greedy", "random", "--sprt", "0", "100")
    assert sprt["games"] == fresh["sprt"]["games"] and sprt["llr"] == fresh["sprt"]["llr"]
    assert sprt["played"] == max(0, fresh["sprt"]["games"] - 40)


def test_without_resume_the_same_games_are_kept_again(tmp_path: Path) -> None:
    path = tmp_path / "arena.sqlite3"
    for _ in range(2):
        code, _, err = run("greedy", "random", "--games", "4", "--history", str(path))
        assert code == 0 and not err
    assert kept_count(path) == 8
    history, _ = History.open(path, read_only=True)
    assert history is not None
    with history:
        assert len(history.arena_games("arena1:")) == 4  # each key names the newest of its game


def test_an_older_history_is_migrated_and_resumed_into(tmp_path: Path) -> None:
    from tests.store.test_history_schema import _hand_built

    path = tmp_path / "v2.sqlite3"
    _hand_built(path, 2)  # a version 2 file (before the arena's keys) with one match typed in by hand
    assert kept_count(path) == 1
    code, _, err = run("greedy", "random", "--games", "6", "--history", str(path), "--resume")
    assert code == 0 and not err and kept_count(path) == 7
    code, _, _ = run("greedy", "random", "--games", "6", "--history", str(path), "--resume")
    assert kept_count(path) == 7  # nothing played again


def test_the_progress_line_of_a_sequential_test_shows_the_llr() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["greedy", "random", "--sprt", "0", "100", "--progress"], out, err) == 0
    assert "LLR" in err.getvalue() and "pairs" in err.getvalue() and "%" not in err.getvalue()
