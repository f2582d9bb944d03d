"""The history's API: matches recorded hand by hand land with the right results, for a person, partners and the arena;
profiles; misuse refused; and a process killed mid-match loses nothing before its last finished hand."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from briscola.ai.opponent import OpponentModel
from briscola.engine import preset
from briscola.engine.record import SeatInfo, SeatKind, replay
from briscola.store.history import History
from briscola.store.history.facts import Outcome, hands_of
from briscola.store.history.rows import Filters, local_time_text, utc_text
from tests.store.history_helpers import play

ROOT = Path(__file__).resolve().parents[2]


def _memory() -> History:
    history, problems = History.open(":memory:")
    assert history is not None and problems == []
    return history


def test_a_match_recorded_hand_by_hand_lands_with_its_result_and_hands() -> None:
    history = _memory()
    played = play(history, seed=11)
    record = played.record()
    (match,) = history.matches()
    human_won = 0 in (record.result.winners or ())
    assert match.id == played.match_id and match.status == "finished" and match.profile == "Anna"
    assert match.result is (Outcome.WON if human_won else Outcome.LOST)
    assert [seat.match_score for seat in match.seats] == list(record.result.match_scores)
    assert match.hands_played == record.result.hands_played == len(played.hands)
    assert [seat.opponents for seat in match.seats] == ["medio", "human"]
    detail = history.match(match.id)
    assert detail is not None
    assert detail.record == record
    assert list(detail.hands) == hands_of(record)
    for hand, event in zip(detail.hands, played.hands, strict=True):
        assert hand.side_points == event.result.side_points and hand.winners == event.result.winners
        assert hand.game_points == event.result.game_points


def test_end_match_finds_the_hands_that_were_not_recorded_one_by_one() -> None:
    history = _memory()
    played = play(history, seed=12, record_hands=False)
    detail = history.match(played.match_id or 0)
    assert detail is not None
    assert list(detail.hands) == hands_of(played.record()) and len(detail.hands) == len(played.hands)


def test_an_abandoned_match_keeps_its_hands_and_counts_apart() -> None:
    history = _memory()
    played = play(history, seed=13, rules=preset("classic").with_options(hands_to_win=5), stop_after_hands=1)
    assert history.abandon_match(played.match_id)
    (match,) = history.matches()
    assert match.status == "abandoned" and match.result is Outcome.ABANDONED and match.ended is not None
    assert all(seat.result is Outcome.ABANDONED for seat in match.seats)
    stats = history.stats()
    assert (stats.overall.matches, stats.overall.abandoned, stats.overall.win_rate) == (1, 1, None)
    assert stats.overall.hands == 1
    with pytest.raises(ValueError, match="not being played"):
        history.record_hand(played.match_id, played.record(), played.hands[0].result)


def test_partners_share_the_result_of_their_side() -> None:
    history = _memory()
    seats = (
        SeatInfo("Anna", SeatKind.HUMAN),
        SeatInfo("Left", SeatKind.COMPUTER, "facile"),
        SeatInfo("Partner", SeatKind.COMPUTER, "esperto"),
        SeatInfo("Right", SeatKind.COMPUTER, "medio"),
    )
    played = play(history, seed=14, preset_name="four", seats=seats)
    (match,) = history.matches()
    results = [seat.result for seat in match.seats]
    assert results[0] == results[2] != results[1] == results[3]
    assert match.result is results[0]
    assert [seat.team for seat in match.seats] == [0, 1, 0, 1]
    assert match.seats[0].opponents == "facile+medio", "mixed opponents, weakest first"
    detail = history.match(match.id)
    assert detail is not None
    for hand in detail.hands:
        outcomes = {seat.seat: seat.outcome for seat in hand.seats}
        assert outcomes[0] == outcomes[2] and outcomes[1] == outcomes[3]
        points = {seat.seat: seat.points for seat in hand.seats}
        assert points[0] + points[1] == preset("four").deck_points
    assert played.record().finished


def test_a_match_without_a_person_is_counted_per_level() -> None:
    history = _memory()
    seats = (SeatInfo("A", SeatKind.COMPUTER, "facile"), SeatInfo("B", SeatKind.COMPUTER, "medio"))
    for seed in range(6):
        play(history, seed=seed, seats=seats, profile=None, human_seat=None)
    assert all(match.result is None and match.human_seat is None for match in history.matches())
    assert history.stats().overall.matches == 0, "no human seat: nothing for the player's statistics"
    facile, medio = history.stats(Filters(level="facile")).overall, history.stats(Filters(level="medio")).overall
    assert facile.matches == medio.matches == 6
    assert (facile.won, facile.lost) == (medio.lost, medio.won)
    assert list(history.stats(Filters(level="facile")).by_level) == ["medio"]


def test_a_three_way_tie_for_first_is_a_draw_for_those_tied() -> None:
    history = _memory()
    seats = tuple(SeatInfo(name, SeatKind.COMPUTER, "facile") for name in ("A", "B", "C"))
    seen = set()
    for seed in range(40):
        played = play(history, seed=seed, preset_name="three", seats=seats, profile=None, human_seat=None)
        winners = played.record().result.winners or ()
        (match,) = history.matches(limit=1)
        results = [seat.result for seat in match.seats]
        for seat, result in enumerate(results):
            expected = Outcome.LOST if seat not in winners else Outcome.WON if len(winners) == 1 else Outcome.DRAWN
            assert result is expected
        seen.add(len(winners))
    assert 1 in seen


def test_profiles_are_made_on_first_use_renamed_and_filtered() -> None:
    history = _memory()
    anna = history.profile("  Anna ")
    assert anna is not None and anna.name == "Anna"
    assert history.profile("Anna") == anna
    play(history, seed=1, profile="Anna")
    play(history, seed=2, profile="Bruno")
    assert [profile.name for profile in history.profiles()] == ["Anna", "Bruno"]
    assert [match.profile for match in history.matches(Filters(profile="Bruno"))] == ["Bruno"]
    learned = OpponentModel()
    learned.hands = 3
    assert history.keep_opponent_model("profile", "Anna", learned)
    renamed = history.rename_profile("Anna", "Annalisa")
    assert renamed is not None and renamed.id == anna.id
    assert history.opponent_model("profile", "Annalisa")[0].hands == 3, "what Champion learned goes with the name"
    assert history.opponent_model("profile", "Anna")[0].hands == 0
    assert history.keeps_opponent_model("profile", "Annalisa") and not history.keeps_opponent_model("profile", "Anna")
    assert [match.profile for match in history.matches(Filters(profile="Annalisa"))] == ["Annalisa"]
    assert history.stats(Filters(profile="Annalisa")).overall.matches == 1
    with pytest.raises(ValueError, match="already a profile"):
        history.rename_profile("Annalisa", "Bruno")
    with pytest.raises(KeyError):
        history.rename_profile("Nobody", "Somebody")
    for bad in ("", "   ", "x" * 65, "tab\there"):
        with pytest.raises(ValueError):
            history.profile(bad)


def test_misuse_is_refused_and_changes_nothing() -> None:
    history = _memory()
    played = play(history, seed=3)
    with pytest.raises(ValueError, match="not being played"):
        history.end_match(played.match_id, played.record())
    with pytest.raises(ValueError, match="finished"):
        history.abandon_match(played.match_id, played.record())
    unfinished = play(history, seed=4, finish=False, record_hands=False, stop_after_hands=1)
    with pytest.raises(ValueError, match="finished match's record"):
        history.end_match(unfinished.match_id, unfinished.record())
    with pytest.raises(ValueError, match="human"):
        history.begin_match(played.record(), preset="classic", human_seat=1)
    assert history.record_hand(None, played.record(), played.hands[0].result) is False
    assert [match.status for match in history.matches()] == ["playing", "finished"]


_CRASHING_GAME = textwrap.dedent(
    """
    import os, random, signal, sys
    from briscola.engine import Game, preset
    from briscola.engine.events import HandOver
    from briscola.engine.record import SeatInfo, SeatKind, record_from_game
    from briscola.store.history import History

    history, problems = History.open(sys.argv[1])
    assert history is not None and not problems, problems
    seats = (SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Computer", SeatKind.COMPUTER, "medio"))
    game = Game(preset("classic").with_options(hands_to_win=5), 21)
    rng = random.Random(21)
    match_id = history.begin_match(record_from_game(game, seats), preset="classic", profile="Anna", human_seat=0)
    hands = 0
    while True:
        for event in game.apply(rng.choice(game.legal_actions())):
            if isinstance(event, HandOver):
                assert history.record_hand(match_id, record_from_game(game, seats), event.result)
                hands += 1
        if hands == 2:
            for _ in range(5):  # into the third hand, then the process dies without closing anything
                game.apply(rng.choice(game.legal_actions()))
            os.kill(os.getpid(), signal.SIGKILL)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_game_loses_nothing_before_its_last_finished_hand(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _CRASHING_GAME, str(path)], env=env, capture_output=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()
    history, problems = History.open(path)
    assert history is not None and problems == []
    (match,) = history.unfinished()
    assert match.hands_played == 2 and match.status == "playing"
    detail = history.match(match.id)
    assert detail is not None and len(detail.hands) == 2
    assert detail.record.result.hands_played == 2 and not detail.record.finished
    assert list(detail.hands) == hands_of(detail.record)
    assert replay(detail.record).deals_played == 2
    assert history.abandon_match(match.id)
    assert history.unfinished() == []


@pytest.mark.parametrize(
    ("zone", "shown"),
    [("UTC0", "2025-03-01 18:30"), ("CET-1CEST,M3.5.0,M10.5.0/3", "2025-03-01 19:30"), ("EST5", "2025-03-01 13:30")],
)
def test_stored_times_are_shown_on_the_players_clock(monkeypatch: pytest.MonkeyPatch, zone: str, shown: str) -> None:
    """A time kept in UTC reads as the player's local time: converted, not merely relabelled."""
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        stored = utc_text(datetime(2025, 3, 1, 18, 30, tzinfo=UTC))
        assert stored == "2025-03-01T18:30:00Z"
        assert local_time_text(stored) == shown
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_failed_look_for_a_kept_model_does_not_pass_for_forgotten() -> None:
    """The table checks before each keep whether the player had the model forgotten: a history that can't be read
    must not make it throw away what was learned."""
    history = _memory()
    assert not history.keeps_opponent_model("profile", "Anna")
    history.close()
    assert history.keeps_opponent_model("profile", "Anna")
    assert history.take_problems(), "the failed read is reported"
