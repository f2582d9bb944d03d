"""``python -m briscola.history``: every subcommand on a temporary history (stats with what Champion has learned,
forget-model), its messages on bad input and its exit codes; one run in a real process."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from briscola.history.command import main
from briscola.store.history import History
from briscola.text.habits import model_lines, nothing_learned
from tests.ai.helpers import learned_model
from tests.store.history_helpers import play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_real_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / "xdg" / name.lower()))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "history.sqlite3"
    history, _ = History.open(path)
    assert history is not None
    for seed in range(3):
        play(history, seed=seed)
    play(history, seed=7, profile="Bruno")
    history.close()
    return path


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_list_and_its_filters(db: Path) -> None:
    code, out, err = _run("--history", str(db), "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["id", "started", "(UTC)"]
    assert [line.split()[0] for line in lines[1:]] == ["4", "3", "2", "1"]
    code, out, _ = _run("list", "--history", str(db), "--profile", "Bruno")
    assert code == 0 and len(out.splitlines()) == 2 and "Bruno" in out
    code, out, _ = _run("list", "--history", str(db), "--limit", "1")
    assert len(out.splitlines()) == 2


def test_practice_is_a_column_of_the_list_and_a_filter_of_list_and_stats(tmp_path: Path) -> None:
    path = tmp_path / "practice.sqlite3"
    history, _ = History.open(path)
    assert history is not None
    play(history, seed=1)
    practised = play(history, seed=2, finish=False)
    assert history.mark_practice(practised.match_id, undo=True)
    assert history.end_match(practised.match_id, practised.record())
    history.close()
    code, out, _ = _run("--history", str(path), "list")
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("2 ") and lines[1].endswith("practice")
    assert not lines[2].endswith("practice")
    code, out, _ = _run("--history", str(path), "list", "--practice", "yes")
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["2"]
    code, out, _ = _run("--history", str(path), "list", "--practice", "no")
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["1"]
    code, out, _ = _run("--history", str(path), "stats", "--practice", "no", "--json")
    assert code == 0 and json.loads(out)["overall"]["matches"] == 1
    code, out, _ = _run("--history", str(path), "show", "2")
    assert "Practice: " in out


def test_show_a_match_and_its_record(db: Path) -> None:
    code, out, _ = _run("--history", str(db), "show", "2")
    assert code == 0
    assert out.startswith("Match 2: classic") and "Seat 1: Computer (computer, medio)" in out
    assert "Hand 1:" in out and "Result:" in out
    code, out, _ = _run("--history", str(db), "show", "2", "--record")
    assert code == 0 and json.loads(out)["format"] == "briscola-record"
    code, out, err = _run("--history", str(db), "show", "99")
    assert code == 1 and out == "" and "no match 99" in err


def test_export_import_and_duplicates(db: Path, tmp_path: Path) -> None:
    lines_file = tmp_path / "out" / "matches.jsonl"
    code, _, err = _run("--history", str(db), "export", "--all", "--out", str(lines_file))
    assert code == 0 and "4" in err
    assert len(lines_file.read_text().splitlines()) == 4
    other = tmp_path / "other.sqlite3"
    code, out, _ = _run("--history", str(other), "import", str(lines_file))
    assert code == 0 and out.startswith("matches added: 4; already kept: 0; lines refused: 0")
    code, out, _ = _run("--history", str(other), "import", str(lines_file))
    assert code == 0 and out.startswith("matches added: 0; already kept: 4")
    code, out, _ = _run("--history", str(db), "export", "1", "3", "--out", "-")
    assert code == 0 and [json.loads(line)["record"]["seed"] for line in out.splitlines()] == [0, 2]


def test_import_names_the_lines_it_refuses(db: Path, tmp_path: Path) -> None:
    code, good, _ = _run("--history", str(db), "export", "1", "--out", "-")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{nonsense\n" + good + '{"format": "something else"}\n', encoding="utf-8")
    code, out, err = _run("--history", str(tmp_path / "new.sqlite3"), "import", str(bad))
    assert code == 1
    assert out.startswith("matches added: 1; already kept: 0; lines refused: 2")
    assert f"{bad}:1: refused" in err and f"{bad}:3: refused" in err


def test_stats_as_text_and_json(db: Path) -> None:
    code, out, _ = _run("--history", str(db), "stats")
    assert code == 0 and out.startswith("Overall: 4 matches") and "By opponents' level:" in out
    code, out, _ = _run("--history", str(db), "stats", "--json", "--profile", "Anna")
    report = json.loads(out)
    assert out.count("\n") == 1 and report["overall"]["matches"] == 3
    assert list(report["by_level"]) == ["medio"] and list(report["by_preset"]) == ["classic"]


def test_bad_input_and_missing_files(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    code, out, err = _run("--history", str(missing), "list")
    assert code == 0 and "No matches recorded." in out and "no history yet" in err
    assert not missing.exists()
    assert _run("--history", str(missing), "show", "1")[0] == 1
    assert _run("--history", str(missing), "export", "--out", "-")[0] == 2
    assert _run("--history", str(missing), "export", "1", "--all", "--out", "-")[0] == 2
    assert _run("show", "one")[0] == 2
    assert _run()[0] == 2
    code, _, err = _run("--history", str(tmp_path / "h.sqlite3"), "import", str(tmp_path / "nothing.jsonl"))
    assert code == 1 and "nothing.jsonl" in err
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"not a database" * 100)
    code, _, err = _run("--history", str(damaged), "list")
    assert code == 1 and "damaged" in err and damaged.exists(), "reading never moves a file"


def test_the_command_runs_as_a_program(db: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "briscola.history", "--history", str(db), "stats"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Overall: 4 matches")


def test_export_counts_one_match_in_the_singular(db: Path, tmp_path: Path) -> None:
    code, _, err = _run("--history", str(db), "export", "2", "--out", str(tmp_path / "one.jsonl"))
    assert code == 0 and err == "history: exported 1 match\n"


def test_stats_end_with_what_campione_learned_in_the_scenes_words(db: Path) -> None:
    history, _ = History.open(db)
    assert history is not None
    model = learned_model("lowest", hands=2)
    history.keep_opponent_model("profile", "Anna", model)
    history.keep_opponent_model("bot", "Anna", learned_model("medio", hands=1))  # a bot's is not a profile's
    history.close()
    code, out, err = _run("--history", str(db), "stats", "--profile", "Anna")
    assert code == 0 and err == ""
    expected = ["What Champion has learned about Anna:", *("  " + line for line in model_lines(model))]
    assert out.splitlines()[-len(expected) :] == expected
    assert expected[1] == "  Learned from 2 hands." and len(expected) >= 3
    code, out, _ = _run("--history", str(db), "stats")  # no profile named: each one it has learned from
    assert code == 0 and out.endswith("\n".join(expected) + "\n") and "about Bruno" not in out
    code, out, _ = _run("--history", str(db), "stats", "--profile", "Bruno")
    assert out.endswith("What Champion has learned about Bruno:\n  " + nothing_learned() + "\n")
    code, out, _ = _run("--history", str(db), "stats", "--level", "medio")
    assert code == 0 and "Champion" not in out  # a level's figures: no person to have learned about
    code, out, _ = _run("--history", str(db), "stats", "--json", "--profile", "Anna")
    assert "overall" in json.loads(out)


def test_forget_model_forgets_a_profile_or_a_bot_and_says_so(db: Path, tmp_path: Path) -> None:
    history, _ = History.open(db)
    assert history is not None
    history.keep_opponent_model("profile", "Anna", learned_model("lowest", hands=1))
    history.keep_opponent_model("bot", "Anna", learned_model("medio", hands=1))
    history.close()
    code, out, err = _run("--history", str(db), "forget-model", "--profile", "Anna")
    assert (code, out, err) == (0, "Champion has forgotten what it learned about Anna.\n", "")
    code, out, _ = _run("--history", str(db), "forget-model", "--profile", "Anna")
    assert (code, out) == (0, "Champion has learned nothing about Anna: nothing to forget.\n")
    history, _ = History.open(db, read_only=True)
    assert history is not None
    assert history.opponent_model("profile", "Anna")[0].hands == 0
    assert history.opponent_model("bot", "Anna")[0].hands == 1  # the bot of the same name kept its own
    history.close()
    code, out, _ = _run("forget-model", "--bot", "Anna", "--history", str(db))
    assert (code, out) == (0, "Champion has forgotten what it learned about Anna.\n")
    assert _run("--history", str(db), "forget-model")[0] == 2  # whose?
    assert _run("--history", str(db), "forget-model", "--profile", "A", "--bot", "B")[0] == 2
    missing = tmp_path / "none.sqlite3"
    code, out, err = _run("--history", str(missing), "forget-model", "--profile", "Anna")
    assert code == 0 and "nothing to forget" in out and "no history yet" in err and not missing.exists()


def test_forget_model_on_a_history_that_cant_be_written_fails_and_keeps_it(db: Path) -> None:
    history, _ = History.open(db)
    assert history is not None
    history.keep_opponent_model("profile", "Anna", learned_model("lowest", hands=1))
    history.close()
    code, out, err = _run("--history", f"file:{db}?mode=ro", "forget-model", "--profile", "Anna")
    assert code == 1 and out == "" and "nothing was forgotten" in err
    history, _ = History.open(db, read_only=True)
    assert history is not None and history.opponent_model("profile", "Anna")[0].hands == 1
    history.close()
