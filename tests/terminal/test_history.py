"""The terminal game records its matches in the history: a whole match as finished, one left as abandoned, a
watched one as a match between programs; ``--no-history`` and a single hand record nothing."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from briscola.ai import Player, levels
from briscola.ai.search import SearchPlayer
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


def test_campione_in_the_terminal_learns_the_profile_hand_by_hand_and_the_history_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Against Campione (at its least think time here), each hand played adds one hand to what it learned of the
    profile; the next match starts from it; a model that can't be read is said, and rebuilt."""
    from briscola.match.learning import PROFILE
    from briscola.terminal import command

    made = levels.make_player

    def quick(spec: str, rng: random.Random) -> Player:
        player = made(spec, rng)
        if isinstance(player, SearchPlayer):
            player.time_limit = 0.0
        return player

    monkeypatch.setattr(command, "make_player", quick)
    path = tmp_path / "h.sqlite3"
    argv = ["--seed", "3", "--opponent", "campione", "--history", str(path)]
    script = Script(["1"] * 25, then=())  # one whole hand, then the input closes
    assert run(argv, script)[0] == 0
    history, _problems = History.open(path)
    assert history is not None
    assert history.opponent_model(PROFILE, "Player")[0].hands == 1
    history.close()
    assert run(argv, Script(["1"] * 25, then=()))[0] == 0
    history, _problems = History.open(path)
    assert history is not None
    assert history.opponent_model(PROFILE, "Player")[0].hands == 2
    history.close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE opponent_models SET model = 'broken'")
    code, text, _err = run(argv, Script(["1"] * 25, then=()))
    assert code == 0 and "could not be read" in text
    history, _problems = History.open(path)
    assert history is not None
    assert history.opponent_model(PROFILE, "Player")[0].hands == 1
    history.close()
