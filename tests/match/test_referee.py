"""The referee: it plays on through every kind of bad answer, forfeits for a seat that left, and closes every seat."""

from __future__ import annotations

import logging
import random

import pytest

from briscola.engine import Action, Deal, Game, Pass, Phase, PlayerView, preset, replay
from briscola.engine.events import HandOver
from briscola.engine.record import SeatInfo, SeatKind, record_from_game
from briscola.match.referee import MatchOutcome, play_match
from briscola.match.seats import Seat, SeatExited, SeatFault, make_seat


class ScriptedSeat:
    """A seat that plays like ``random`` but misbehaves as told, and remembers what the referee did to it.

    ``misbehave`` is one of ``None``, ``"illegal"``, ``"fault"``, ``"crash"``, ``"exit"``; from the ``after``-th request
    on (counting from 0), every request goes wrong that way.
    """

    def __init__(self, misbehave: str | None = None, after: int = 0, seed: int = 0) -> None:
        self.name = f"scripted-{misbehave}"
        self.misbehave = misbehave
        self.after = after
        self.rng = random.Random(seed)
        self.requests = 0
        self.observed: list[PlayerView] = []
        self.closed = 0

    def choose(self, view: PlayerView) -> Action:
        request = self.requests
        self.requests += 1
        if self.misbehave is not None and request >= self.after:
            if self.misbehave == "illegal":
                return Deal()
            if self.misbehave == "fault":
                raise SeatFault("no answer in time")
            if self.misbehave == "crash":
                raise RuntimeError("bug in the bot")
            if self.misbehave == "exit":
                raise SeatExited("the program exited")
        return self.rng.choice(view.legal)

    def observe(self, view: PlayerView) -> None:
        self.observed.append(view)

    def close(self) -> None:
        self.closed += 1


def _play(seats: list[Seat], seed: int = 5, name: str = "classic", **kwargs: int) -> MatchOutcome:
    return play_match(preset(name), seed, seats, **kwargs)


def _replays(outcome: MatchOutcome) -> Game:
    """The match replays from its seed and actions: the referee only ever applied legal actions."""
    game = outcome.game
    seats = tuple(SeatInfo(f"p{seat}", SeatKind.COMPUTER) for seat in range(game.players))
    return replay(record_from_game(game, seats))


@pytest.mark.parametrize("misbehave", ["illegal", "fault", "crash"])
def test_a_bad_answer_is_a_fault_and_the_first_legal_action_is_played(misbehave: str) -> None:
    bad = ScriptedSeat(misbehave, seed=1)
    good = ScriptedSeat(seed=2)
    outcome = _play([bad, good])
    assert outcome.finished
    assert outcome.faults == (bad.requests, 0)
    assert bad.requests > 0
    assert len(outcome.fault_log) == bad.requests
    assert all(fault.seat == 0 for fault in outcome.fault_log)
    assert len(outcome.move_times[0]) == bad.requests
    assert len(outcome.move_times[1]) == good.requests
    assert _replays(outcome).match_winners == outcome.winners


def test_an_unexpected_error_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="briscola.match.referee"):
        outcome = _play([ScriptedSeat("crash", after=3), ScriptedSeat()], hands=1)
    assert outcome.faults[0] > 0
    assert "RuntimeError: bug in the bot" in caplog.text
    assert outcome.fault_log[0].reason == "RuntimeError: bug in the bot"


def test_a_fault_playing_the_first_legal_action_is_exactly_that_action() -> None:
    outcome = _play([ScriptedSeat("illegal"), ScriptedSeat(seed=3)], hands=1)
    game = Game(preset("classic"), 5)
    for action in outcome.game.actions:
        if game.to_move == 0:
            assert action == game.legal_actions()[0]
        game.apply(action)


def test_a_seat_that_exits_forfeits_the_hand_and_is_back_at_the_next_deal() -> None:
    gone = ScriptedSeat("exit", after=2)
    other = ScriptedSeat(seed=4)
    outcome = _play([gone, other])
    assert outcome.finished
    assert outcome.exited == (0,)
    assert outcome.winners == (1,)
    assert all(hand.reason == "exited" and hand.winners == (1,) for hand in outcome.hands)
    assert len(outcome.hands) == preset("classic").hands_to_win
    # Two good answers, then one request per hand: each time it leaves at once, and is told nothing more that hand.
    assert gone.requests == 2 + len(outcome.hands)
    assert [departure.hand_no for departure in outcome.exit_log] == list(range(len(outcome.hands)))
    assert outcome.exit_log[0].reason == "the program exited"
    assert outcome.faults == (0, 0)
    # Told of every new hand, but of nothing after each departure (so never of a hand's end).
    assert {view.hand_no for view in gone.observed} == set(range(1, len(outcome.hands) + 1))
    assert not any(view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) for view in gone.observed)


def test_a_seat_that_comes_back_plays_the_next_hand() -> None:
    class ExitsOnce(ScriptedSeat):
        def choose(self, view: PlayerView) -> Action:
            self.requests += 1
            if self.requests == 1:
                raise SeatExited("crashed, will be restarted")
            return self.rng.choice(view.legal)

    seat = ExitsOnce()
    outcome = _play([seat, ScriptedSeat(seed=8)], seed=12)
    assert outcome.hands[0].reason == "exited"
    assert all(hand.reason == "played" for hand in outcome.hands[1:])
    assert len(outcome.hands) >= 2


def test_the_seats_are_closed_whatever_happens() -> None:
    seats = [ScriptedSeat("crash"), ScriptedSeat("exit")]
    _play(list(seats))
    assert [seat.closed for seat in seats] == [1, 1]
    wrong = [ScriptedSeat(), ScriptedSeat(), ScriptedSeat()]
    with pytest.raises(ValueError, match="3 seats"):
        _play(list(wrong))
    assert [seat.closed for seat in wrong] == [1, 1, 1]


def test_a_seat_failing_to_close_does_not_stop_the_others_closing() -> None:
    class BadClose(ScriptedSeat):
        def close(self) -> None:
            super().close()
            raise OSError("pipe already closed")

    first, second = BadClose(), ScriptedSeat()
    outcome = _play([first, second], hands=1)
    assert len(outcome.hands) == 1
    assert (first.closed, second.closed) == (1, 1)


def test_listening_seats_see_every_change_including_the_end_of_each_hand() -> None:
    seats = [ScriptedSeat(seed=6), ScriptedSeat(seed=7)]
    outcome = _play(list(seats))
    for seat_no, seat in enumerate(seats):
        assert len(seat.observed) == len(outcome.game.actions)
        assert all(view.seat == seat_no for view in seat.observed)
        ends = [view for view in seat.observed if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)]
        assert len(ends) == len(outcome.hands)
        assert all(any(isinstance(event, HandOver) for event in view.events) for view in ends)


def test_outcome_totals_and_determinism() -> None:
    def run() -> MatchOutcome:
        return _play([make_seat("greedy", random.Random(1)), make_seat("random", random.Random(2))], seed=11)

    first, second = run(), run()
    assert first.game.actions == second.game.actions
    assert first.winners == second.winners and first.match_scores == second.match_scores
    assert sum(first.points) == 120 * len(first.hands)
    assert first.points == tuple(sum(hand.points_by_seat(2)[seat] for hand in first.hands) for seat in range(2))
    assert first.finished and first.winners == first.game.match_winners


def test_hands_stops_after_that_many_scored_hands() -> None:
    outcome = _play([ScriptedSeat(seed=1), ScriptedSeat(seed=2)], hands=1)
    assert len(outcome.hands) == 1
    assert not outcome.finished or preset("classic").hands_to_win == 1
    assert outcome.winners == ()


def test_a_match_that_would_never_end_is_stopped_by_the_deal_cap() -> None:
    class AlwaysPass(ScriptedSeat):
        def choose(self, view: PlayerView) -> Action:
            return Pass() if Pass() in view.legal else view.legal[0]

    seats: list[Seat] = [AlwaysPass() for _ in range(5)]
    outcome = _play(seats, name="chiamata", max_deals=4)
    assert not outcome.finished
    assert outcome.hands == ()
    assert outcome.game.hand_no == 4


def test_four_players_sides_share_their_points() -> None:
    seats: list[Seat] = [make_seat("greedy" if seat % 2 == 0 else "random", random.Random(seat)) for seat in range(4)]
    outcome = _play(seats, name="four", hands=1)
    assert outcome.points[0] == outcome.points[2] and outcome.points[1] == outcome.points[3]
    assert outcome.points[0] + outcome.points[1] == 120


def test_a_seat_exiting_during_a_chiamata_auction_never_crashes_the_referee() -> None:
    """Whether the engine can forfeit a hand still in its auction or not, the match ends and the seat is gone."""
    seats = [ScriptedSeat("exit", seed=0)] + [ScriptedSeat(seed=seat) for seat in range(1, 5)]
    outcome = _play(list[Seat](seats), name="chiamata", seed=3, max_deals=20)
    assert outcome.exited == (0,)
    assert seats[0].requests == len(outcome.exit_log) >= 1
    assert len({departure.hand_no for departure in outcome.exit_log}) == len(outcome.exit_log)
