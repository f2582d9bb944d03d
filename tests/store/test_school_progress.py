"""The school's progress on disk: a round trip, a restart, the Elo update, and a corrupt file moved aside."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from briscola.store import paths
from briscola.store.school_progress import (
    K_FACTOR,
    START_RATING,
    SchoolKeeper,
    SchoolProgress,
    elo_update,
    expected_score,
    load,
    save,
)


def test_a_new_player_starts_at_1200_with_nothing_done(tmp_path: Path) -> None:
    progress, problems = load(tmp_path / "school.json")
    assert problems == []
    assert progress.rating == START_RATING == 1200
    assert progress.streak == 0 and progress.puzzles_done == () and progress.daily is None
    assert progress.right("cards") == frozenset()


def test_the_elo_update_is_k32_against_the_puzzles_rating() -> None:
    assert expected_score(1200, 1200) == pytest.approx(0.5)
    assert elo_update(1200, 1200, True) == pytest.approx(1216)
    assert elo_update(1200, 1200, False) == pytest.approx(1184)
    # a puzzle 400 above: expected 1/11, so a win is worth nearly all of K and a loss nearly nothing
    assert elo_update(1200, 1600, True) == pytest.approx(1200 + K_FACTOR * 10 / 11)
    assert elo_update(1200, 1600, False) == pytest.approx(1200 - K_FACTOR / 11)


def test_puzzles_move_rating_and_streak() -> None:
    progress = SchoolProgress().puzzle("p001", 1300, True).puzzle("p002", 1250, True)
    assert progress.streak == 2 and progress.best_streak == 2
    assert progress.rating == pytest.approx(elo_update(elo_update(1200, 1300, True), 1250, True))
    missed = progress.puzzle("p003", 1100, False, day="2026-12-04")
    assert missed.streak == 0 and missed.best_streak == 2
    assert missed.puzzles_done == ("p001", "p002", "p003")
    assert missed.daily == "2026-12-04"
    assert missed.rating < progress.rating


def test_round_trip_and_a_restart_read_the_same_progress(tmp_path: Path) -> None:
    file = tmp_path / "deep" / "school.json"
    progress = SchoolProgress().answered("cards", 0).answered("cards", 2).answered("endgame", 1)
    progress = progress.puzzle("p010", 1400, True, day="2026-12-04")
    assert save(progress, file) == []
    again, problems = load(file)
    assert problems == []
    assert again == progress
    keeper = SchoolKeeper(file)  # a new game reading the same folder
    assert keeper.progress.right("cards") == {0, 2}
    assert keeper.progress.rating == pytest.approx(progress.rating, abs=0.01)


def test_the_keeper_saves_every_change_in_the_users_data_folder() -> None:
    keeper = SchoolKeeper()
    keeper.change(keeper.progress.answered("trumps", 3))
    assert paths.school_path().is_file()
    assert json.loads(paths.school_path().read_text())["lessons"] == {"trumps": [3]}
    assert SchoolKeeper().progress.right("trumps") == {3}


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"format": "something-else", "version": 1}',
        b'{"format": "briscola-school", "version": 1, "rating": "high"}',
        b'{"format": "briscola-school", "version": 1, "lessons": {"cards": [-1]}}',
        b'{"format": "briscola-school", "version": 1, "streak": 3, "best_streak": 1}',
        b'{"format": "briscola-school", "version": 1, "daily": "yesterday"}',
        b'{"format": "briscola-school", "version": 1, "surprise": 1}',
    ],
)
def test_a_corrupt_file_is_named_moved_aside_and_the_school_starts_afresh(tmp_path: Path, content: bytes) -> None:
    file = tmp_path / "school.json"
    file.write_bytes(content)
    progress, problems = load(file, now=datetime(2026, 12, 4, 15, 0, 0))
    assert progress == SchoolProgress()
    assert len(problems) == 1
    message = problems[0].message()
    assert str(file) in message and "moved to" in message and "starts afresh" in message
    assert not file.exists()
    aside = tmp_path / "school.json.corrupt-20261204-150000"
    assert aside.read_bytes() == content
    assert save(progress, file) == []  # and the game goes on writing a good one
