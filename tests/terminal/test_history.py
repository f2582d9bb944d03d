"""The terminal game records its matches in the history: a whole match as finished, one left as abandoned, a
watched one as a match between programs; ``--no-history`` and a single hand record nothing."""

from __future__ import annotations

from pathlib import Path

from briscola.store import paths
from briscola.store.history import History
from tests.terminal.test_command import Script, run


def test_a_whole_match_played_in_the_terminal_is_recorded_finished(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    code, _text, err = run(["--seed", "3", "--history", str(path)], Script(then=["1"]))
    assert code == 0 and not err
    history, _problems = History.open(path, read_only=True)
    assert history is not None
    (match,) = history.matches()
    assert match.status == "finished" and match.human_seat == 0 and match.profile == "Player"
    detail = history.match(match.id)
    assert detail is not None and detail.record.finished and len(detail.hands) == match.hands_played
    history.close()


def test_a_match_left_in_the_terminal_is_abandoned_with_its_hands(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    script = Script(["1"] * 25, then=())  # past the first hand's 20 cards, then the input closes
    code, _text, _err = run(["--seed", "3", "--history", str(path)], script)
    assert code == 0
    history, _problems = History.open(path, read_only=True)
    assert history is not None
    (match,) = history.matches()
    assert match.status == "abandoned" and match.hands_played == 1
    history.close()


def test_a_watched_match_is_recorded_between_programs_in_the_data_folder_by_default() -> None:
    code, _text, _err = run(["--watch", "--seed", "1", "--opponent", "random"])
    assert code == 0
    history, _problems = History.open(paths.history_path(), read_only=True)
    assert history is not None
    (match,) = history.matches()
    assert match.status == "finished" and match.human_seat is None and match.profile is None
    assert {seat.level for seat in match.seats} == {"random"}
    history.close()


def test_no_history_and_a_single_hand_record_nothing(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    assert run(["--watch", "--seed", "1", "--no-history", "--history", str(path)])[0] == 0
    assert run(["--hand", "--seed", "1", "--history", str(path)], Script(then=["1"]))[0] == 0
    assert not path.exists()
