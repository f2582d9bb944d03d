"""The arena keeps the games it plays in a history when asked (``--history``): each a match between programs."""

from __future__ import annotations

from pathlib import Path

import pytest

from briscola.arena.command import main
from briscola.store.history import Filters, History


@pytest.mark.parametrize("whole", [False, True], ids=["one-hand games", "whole matches"])
def test_every_game_the_arena_plays_is_kept_as_a_match_between_programs(tmp_path: Path, whole: bool) -> None:
    path = tmp_path / "arena.sqlite3"
    flags = ["--match"] if whole else []
    assert main(["greedy", "random", "--games", "4", "--json", "--history", str(path), *flags]) == 0
    history, problems = History.open(path, read_only=True)
    assert history is not None and not problems
    with history:
        matches = history.matches()
        assert len(matches) == 4
        assert {m.human_seat for m in matches} == {None} and {m.preset for m in matches} == {"classic"}
        assert {m.status for m in matches} == ({"finished"} if whole else {"abandoned"})
        assert all(m.hands_played >= 1 for m in matches)
        assert {seat.level for m in matches for seat in m.seats} == {"greedy", "random"}
        assert history.stats(Filters(level="greedy")).overall.hands >= 4


def test_without_history_the_arena_writes_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["greedy", "random", "--games", "2", "--json"]) == 0
    assert not list(tmp_path.rglob("*.sqlite3"))
