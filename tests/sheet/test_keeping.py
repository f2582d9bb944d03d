"""Sheets kept in the history database: saved after every change, reopened, and nothing confirmed lost when the
program is killed while a deal is being entered. Also the terminal command over a pipe."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

from briscola.sheet.command import main
from briscola.sheet.keeping import kept_sheets, new_sheet, reopen_sheet
from briscola.sheet.model import ChiamataEntry, DealEntry, SheetRules
from briscola.store.history import History

ROOT = Path(__file__).resolve().parents[2]


def test_every_change_is_kept_and_a_sheet_reopens_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    history, _ = History.open(path)
    assert history is not None
    kept = new_sheet(history, SheetRules(("Anna", "Bo"), deals_to_win=None), "Friday")
    kept.editor.add(DealEntry((60, 60)))
    kept.editor.add(DealEntry((70, 50)))
    kept.editor.replace(0, DealEntry((61, 59)))
    kept.editor.add(DealEntry((30, 90)))
    kept.editor.undo()
    history.close()
    again, _ = History.open(path)
    assert again is not None and kept.id is not None
    (summary,) = kept_sheets(again)
    assert (summary.id, summary.title, summary.entries) == (kept.id, "Friday", 2)
    reopened = reopen_sheet(again, kept.id)
    assert reopened.editor.entries == (DealEntry((61, 59)), DealEntry((70, 50)))
    assert reopened.editor.tally.totals == (2, 0)
    reopened.editor.add(DealEntry((0, 120)))
    assert reopen_sheet(again, kept.id).editor.tally.totals == (2, 1)


def test_a_chiamata_sheet_keeps_its_rules(tmp_path: Path) -> None:
    history, _ = History.open(tmp_path / "h.sqlite3")
    assert history is not None
    rules = SheetRules(("A", "B", "C", "D", "E"), chiamata=True, cappotto_double=True, chiamata_deals=7)
    kept = new_sheet(history, rules)
    kept.editor.add(ChiamataEntry(caller=1, partner=None, called="AS", made=True, every_trick=True))
    assert kept.id is not None
    again = reopen_sheet(history, kept.id)
    assert again.editor.rules == rules and again.title == "A, B, C, D, E"
    assert again.editor.tally.totals == (-4, 8, -4, -4, -4)


def test_without_a_history_the_sheet_still_scores() -> None:
    kept = new_sheet(None, SheetRules(("Anna", "Bo")))
    kept.editor.add(DealEntry((70, 50)))
    assert kept.id is None and kept.editor.tally.totals == (1, 0) and kept_sheets(None) == []


def test_killed_while_entering_a_deal_loses_no_saved_entry(tmp_path: Path) -> None:
    """The real command on a pipe: two deals confirmed ("Deal 2 saved."), the third half typed, then SIGKILL."""
    path = tmp_path / "history.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(ROOT), LANGUAGE="en", LANG="C.UTF-8")
    command = [sys.executable, "-m", "briscola.sheet", "--history", str(path), "new", "Anna", "Bo", "--match", "free"]
    child = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        for typed, confirmation in (("60 60\n", "Deal 1 saved."), ("70\n", "Deal 2 saved.")):
            child.stdin.write(typed)
            child.stdin.flush()
            while (line := child.stdout.readline()) and confirmation not in line:
                pass
            assert confirmation in line
        child.stdin.write("45")  # the third deal half typed: no newline, so the command is waiting for the rest
        child.stdin.flush()
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
        child.stdin.close()
        child.stdout.close()
        assert child.stderr is not None
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    history, problems = History.open(path)
    assert history is not None and problems == []
    (summary,) = history.sheets()
    kept = reopen_sheet(history, summary.id)
    assert kept.editor.entries == (DealEntry((60, 60)), DealEntry((70, 50)))
    assert kept.editor.tally.totals == (2, 0)  # the carried draw made the second deal count double


def test_the_command_fills_shows_and_exports(tmp_path: Path) -> None:
    path = str(tmp_path / "h.sqlite3")
    out, err = io.StringIO(), io.StringIO()
    typed = io.StringIO("70 40\n70\nedit 1 50 70\nundo\nquit\n")
    assert main(["--history", path, "new", "Anna", "Bo", "--title", "Friday"], out, err, typed) == 0
    text = out.getvalue()
    assert "Not entered: The points add up to 110, not 120" in text
    assert "Deal 1 saved." in text and "Deal 1 saved." in text.split("Deal 1 saved.", 1)[1]
    out = io.StringIO()
    assert main(["--history", path, "export", "1", "--csv", "-"], out, err) == 0
    assert out.getvalue().splitlines()[2] == "1,70 - 50,1,0,1,0"
    assert main(["--history", path, "show", "9"], io.StringIO(), err) == 1
    assert "There is no sheet 9" in err.getvalue()


def test_the_command_takes_chiamata_deals(tmp_path: Path) -> None:
    path = str(tmp_path / "h.sqlite3")
    out = io.StringIO()
    typed = io.StringIO("anna car 72 card=3S\nBo - failed\n1 3 120 all\n2 2 70\n")
    names = ["Anna", "Bo", "Carla", "Dino", "Eva"]
    args = ["--history", path, "new", *names, "--chiamata", "--every-trick-doubles"]
    assert main(args, out, io.StringIO(), typed) == 0
    assert "Not entered: A caller who held the called card plays alone" in out.getvalue()
    history, _ = History.open(path)
    assert history is not None
    assert reopen_sheet(history, 1).editor.tally.totals == (8, -7, 5, -1, -1)
