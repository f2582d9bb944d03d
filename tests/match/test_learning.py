"""Campione learns the human at the table (issue 36): one more hand in its model after each hand, kept in the history
under the profile; a kept model that can't be read is said and rebuilt while the match goes on; without a history or a
profile it learns within the match; other levels never learn; a continued match does not learn its replayed hands
again; and the worker process learns, hands the model back, and gets it back after a crash."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import cast

import pytest

from briscola.ai.opponent import OpponentModel
from briscola.ai.search import SearchPlayer
from briscola.engine import Deal, Game, Phase, preset
from briscola.engine.actions import Play
from briscola.engine.record import SeatInfo, SeatKind
from briscola.match.driver import MatchDriver, SeatConfig
from briscola.match.learning import PROFILE, hand_observations, is_campione, learning_seat
from briscola.match.recorder import HistoryWriter, MatchRecorder
from briscola.match.worker import InlineThinker, WorkerThinker
from briscola.store.history import History

#: Campione's think time in these tests: its search stops at its least (the learning is what is tested).
QUICK = 0.0


@pytest.fixture(autouse=True)
def _data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def _driver(
    history: History | None, profile: str | None = "Ann", level: str = "campione", seed: int = 3
) -> MatchDriver:
    seats = [SeatConfig("You", None), SeatConfig("Campione", level)]
    driver = MatchDriver(preset("classic"), seed, seats, InlineThinker(seed, QUICK), ai_delay=0.0)
    if history is not None:
        infos = (SeatInfo(profile or "You", SeatKind.HUMAN), SeatInfo("Campione", SeatKind.COMPUTER, level))
        writer = HistoryWriter(history, threaded=False)
        driver.start_recording(MatchRecorder(writer, infos, preset="classic", profile=profile, human_seat=0))
    return driver


def _play_hand(driver: MatchDriver, rng: random.Random) -> None:
    """Play one hand to its end (the human a random legal card), then take the news as the results panel does."""
    hands = len(driver.hand_results)
    for step in range(1, 2000):
        if len(driver.hand_results) > hands:
            driver.coach_news()
            return
        if driver.waiting_next_hand and driver.match_over is None:
            driver.next_hand()
        if driver.awaiting_human:
            cards = [action for action in driver.view().legal if isinstance(action, Play)]
            assert driver.submit(rng.choice(cards)) is None
        driver.tick(float(step))
    raise AssertionError("the hand never ended")


def _campione(driver: MatchDriver) -> SearchPlayer:
    players = cast(InlineThinker, driver.thinker)._players.players
    player = players[(1, "campione")]
    assert isinstance(player, SearchPlayer)
    return player


def _busy(thinker: WorkerThinker) -> bool:
    """Whether the worker is learning (read through a call, so a type checker doesn't keep an earlier answer)."""
    return thinker.learning


def _kept(history: History, owner: str = "Ann") -> OpponentModel:
    model, problem = history.opponent_model(PROFILE, owner)
    assert problem is None
    return model


def test_campione_learns_one_more_hand_after_each_hand_and_the_history_keeps_it() -> None:
    history, _ = History.open(":memory:")
    assert history is not None
    driver = _driver(history)
    rng = random.Random(1)
    for hand in (1, 2):
        _play_hand(driver, rng)
        assert _kept(history).hands == hand
        assert _campione(driver).opponent is not None
        assert _campione(driver).opponent.hands == hand  # type: ignore[union-attr]
    assert driver.messages == []
    driver.close()
    # The next match under the same profile starts from what was kept.
    again = _driver(history, seed=4)
    _play_hand(again, rng)
    assert _kept(history).hands == 3
    again.close()


def test_forgotten_during_the_match_stays_forgotten_and_campione_starts_afresh() -> None:
    """The player has what Campione learned forgotten from Settings (opened from the pause) in the middle of a match:
    the hand learned meanwhile is not kept, and Campione's model starts again from nothing."""
    history, _ = History.open(":memory:")
    assert history is not None
    driver = _driver(history)
    rng = random.Random(5)
    _play_hand(driver, rng)
    assert _kept(history).hands == 1
    assert history.forget_opponent_model(PROFILE, "Ann")
    _play_hand(driver, rng)
    assert _kept(history).hands == 0, "what was forgotten does not come back"
    driver.coach_news()
    assert _campione(driver).opponent is not None
    assert _campione(driver).opponent.hands == 0  # type: ignore[union-attr]
    driver.close()


def test_a_kept_model_that_cant_be_read_is_said_and_rebuilt_and_the_match_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    history, _ = History.open(path)
    assert history is not None
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO opponent_models (kind, owner, model, hands, updated)"
            " VALUES ('profile', 'Ann', '{oops', 9, 'x')"
        )
    driver = _driver(history)
    _play_hand(driver, random.Random(2))
    (message,) = driver.messages
    assert "Ann" in message and "not JSON" in message
    assert _kept(history).hands == 1  # rebuilt from this hand, the broken one replaced
    _play_hand(driver, random.Random(3))
    assert _kept(history).hands == 2
    driver.close()
    history.close()


def test_without_a_profile_campione_learns_within_the_match_and_keeps_nothing() -> None:
    history, _ = History.open(":memory:")
    assert history is not None
    driver = _driver(history, profile=None)
    _play_hand(driver, random.Random(4))
    assert _campione(driver).opponent is not None
    assert _campione(driver).opponent.hands == 1  # type: ignore[union-attr]
    assert history.opponent_model(PROFILE, "You")[0].hands == 0
    assert driver.messages == []
    driver.close()


def test_without_a_history_campione_learns_within_the_match() -> None:
    driver = _driver(None)
    _play_hand(driver, random.Random(5))
    assert _campione(driver).opponent is not None
    assert _campione(driver).opponent.hands == 1  # type: ignore[union-attr]
    driver.close()


def test_only_campione_against_the_human_learns() -> None:
    assert learning_seat([None, "campione"]) == 1
    assert learning_seat(["6", None]) == 0
    assert learning_seat([None, "esperto"]) is None
    assert learning_seat(["campione", "campione"]) is None  # the demo: no human to learn
    assert learning_seat([None, "campione", "campione"]) is None  # three players: nothing the model follows
    assert is_campione(" Campione ") and not is_campione("external:campione") and not is_campione(None)
    history, _ = History.open(":memory:")
    assert history is not None
    driver = _driver(history, level="greedy")
    assert driver.learning is None
    _play_hand(driver, random.Random(6))
    assert _kept(history).hands == 0
    driver.close()


def test_a_continued_match_reads_the_model_again_and_does_not_learn_its_replayed_hands() -> None:
    history, _ = History.open(":memory:")
    assert history is not None
    first = _driver(history)
    _play_hand(first, random.Random(7))
    assert _kept(history).hands == 1
    actions = first.game.actions
    first.close()
    seats = [SeatConfig("You", None), SeatConfig("Campione", "campione")]
    continued = MatchDriver(preset("classic"), 3, seats, InlineThinker(3, QUICK), ai_delay=0.0, replay=tuple(actions))
    infos = (SeatInfo("Ann", SeatKind.HUMAN), SeatInfo("Campione", SeatKind.COMPUTER, "campione"))
    writer = HistoryWriter(history, threaded=False)
    recorder = MatchRecorder(writer, infos, preset="classic", profile="Ann", human_seat=0)
    continued.start_recording(recorder, continued=recorder.record(first.game))
    for step in range(len(actions) + 2):
        continued.tick(float(step))
    assert not continued.replaying and len(continued.hand_results) == 1
    continued.coach_news()
    assert _kept(history).hands == 1
    _play_hand(continued, random.Random(8))
    assert _kept(history).hands == 2
    assert _campione(continued).opponent.hands == 2  # type: ignore[union-attr]
    continued.close()


def _finished_hand(seed: int) -> Game:
    from briscola.ai.levels import make_player

    game = Game(preset("classic"), seed)
    game.apply(Deal())
    players = [make_player("greedy", random.Random(seed)), make_player("random", random.Random(seed + 1))]
    while game.phase is Phase.PLAY:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)), seat=seat)
    return game


def test_hand_observations_sees_every_hand_of_a_game_as_the_seat_saw_it() -> None:
    game = _finished_hand(11)
    assert len(hand_observations(game, 0)) == 1
    assert hand_observations(game, 0) != hand_observations(game, 1)


def test_the_worker_process_learns_hands_back_the_model_and_gets_it_back_after_a_crash() -> None:
    thinker = WorkerThinker(9, QUICK)
    try:
        given = OpponentModel()
        given.hands = 4
        thinker.give_opponent(1, given.to_json())
        thinker.request_learning(1, _finished_hand(12).view(1))
        assert thinker.learning
        ((seat, text),) = thinker.take_learned(wait=60)
        assert seat == 1 and OpponentModel.from_json(text).hands == 5
        assert not _busy(thinker)
        thinker.kill_for_test()
        thinker.request_learning(1, _finished_hand(13).view(1))  # restarts the worker, which is given the model
        ((_, text),) = thinker.take_learned(wait=60)
        assert OpponentModel.from_json(text).hands == 6
    finally:
        thinker.close()
