"""The replay viewer's model: every position is the engine's own state, forwards, backwards and by jumps."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from briscola.engine import Deal, Game, preset
from briscola.engine.errors import RecordError
from briscola.engine.events import BidMade, CardCalled, CardDealt, CardDrawn, TrickWon
from briscola.engine.record import GameRecord, RecordResult
from briscola.match.replay import Replay, seen
from tests.match.replay_records import played

RECORDS = {
    "2p classic": lambda: played("classic", 7),
    "4p": lambda: played("four", 3),
    "chiamata": lambda: played("chiamata", 5),
    "5 hands to 3": lambda: played("classic", 11, rules=replace(preset("classic"), hands_to_win=3)),
    "stopped mid-trick": lambda: played("classic", 2, hands=1),
}


def fresh(record: GameRecord, position: int) -> Game:
    """The engine's replay of the first ``position`` actions, from the start."""
    game = Game(record.rules, record.seed)
    for action in record.actions[:position]:
        game.apply(action)
    return game


def same_state(one: Game, other: Game) -> None:
    """The two games agree on everything any seat may know, and on the actions taken."""
    assert one.actions == other.actions
    assert one.phase == other.phase and one.to_move == other.to_move
    for seat in range(one.rules.players):
        assert one.view(seat) == other.view(seat)


@pytest.mark.parametrize("name", list(RECORDS))
def test_every_position_forwards_then_backwards_is_the_engines_replay(name: str) -> None:
    record = RECORDS[name]()
    replay = Replay.open(record)
    states = [fresh(record, 0)]
    for _ in range(replay.total):
        move = replay.forward()
        assert move is not None
        states.append(fresh(record, replay.position))
        same_state(replay.game, states[-1])
    assert replay.forward() is None
    for position in range(replay.total - 1, -1, -1):
        replay.back()
        assert replay.position == position
        same_state(replay.game, states[position])


@pytest.mark.parametrize("name", list(RECORDS))
def test_jumps_land_on_the_engines_state(name: str) -> None:
    record = RECORDS[name]()
    replay = Replay.open(record)
    rng = random.Random(4)
    for position in [replay.total, 0, *rng.sample(range(replay.total + 1), min(25, replay.total + 1))]:
        replay.go_to(position)
        same_state(replay.game, fresh(record, position))


def test_the_chiamata_record_has_an_auction_and_a_call() -> None:
    replay = Replay.open(RECORDS["chiamata"]())
    events = replay.events_between(0, replay.total, None)
    assert any(isinstance(event, BidMade) for event in events)
    assert any(isinstance(event, CardCalled) for event in events)
    assert replay.place(replay.total).hands == 5


def test_trick_and_hand_jumps_go_to_their_starts() -> None:
    record = RECORDS["5 hands to 3"]()
    replay = Replay.open(record)
    deals = [i + 1 for i, action in enumerate(record.actions) if isinstance(action, Deal)]
    assert replay.hand_starts == deals
    replay.go_to(0)
    assert replay.next_hand() == deals[0]
    replay.go_to(deals[1] + 5)
    assert replay.previous_hand() == deals[1]
    assert replay.next_hand() == deals[2]
    replay.go_to(deals[1])
    assert replay.previous_hand() == deals[0]
    assert replay.hand_start() == deals[1]
    # a trick starts after its hand's deal and after every trick taken but the hand's last
    replay.go_to(deals[0])
    first = replay.next_trick()
    assert any(isinstance(event, TrickWon) for event in replay.moves[first - 1].events)
    assert replay.place(first).trick == 2 and replay.place(deals[0]).trick == 1
    replay.go_to(first + 1)
    assert replay.previous_trick() == first
    replay.go_to(replay.total)
    assert replay.next_trick() == replay.total == replay.next_hand()
    place = replay.place()
    assert (place.move, place.moves, place.hand, place.hand_over) == (replay.total, replay.total, len(deals), True)
    assert replay.place(0) == replace(replay.place(0), move=0, hand=0, trick=0)


def test_a_seats_view_hides_what_it_did_not_see() -> None:
    replay = Replay.open(RECORDS["4p"]())
    deal = replay.moves[0].events
    everything = seen(deal, None)
    assert all(event.card is not None for event in everything if isinstance(event, CardDealt))
    for seat in range(4):
        mine = [event for event in seen(deal, seat) if isinstance(event, CardDealt)]
        assert all((event.card is not None) == (event.seat == seat) for event in mine)
    drawn = [e for move in replay.moves for e in seen(move.events, 1) if isinstance(e, CardDrawn)]
    assert any(e.card is None for e in drawn) and all(e.card is not None for e in drawn if e.seat == 1)


def test_a_corrupt_record_is_refused_with_the_engines_reason() -> None:
    record = RECORDS["2p classic"]()
    wrong_result = replace(record, result=RecordResult((0, 0), None, 0))
    with pytest.raises(RecordError, match=r"result\.match_scores: the record says \[0, 0\]"):
        Replay.open(wrong_result)
    swapped = list(record.actions)
    swapped[3], swapped[30] = swapped[30], swapped[3]
    with pytest.raises(RecordError, match=r"actions\[\d+\]: .* is not legal at this point"):
        Replay.open(replace(record, actions=tuple(swapped)))
