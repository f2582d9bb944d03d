"""BBP/1, the referee side: messages tell each seat only what it may see, and no bot can hang or crash the referee.

The broken bots live in ``tests/protocol/bots/``; each is a few lines of plain Python that misbehaves in one way.
Deadlines are short here (a 200 ms grace instead of the spec's 1000 ms, and 200-400 ms to think for the bots that sleep
through them) so the suite stays quick.
"""

from __future__ import annotations

import dataclasses
import random
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from enum import Enum
from pathlib import Path

import pytest

from briscola.engine import PRESETS, Card, Deal, Game, Phase, preset
from briscola.engine.events import Event, event_for_seat
from briscola.engine.ruleset import Ruleset, TrumpMode
from briscola.match.referee import play_match
from briscola.match.seats import Seat, SeatExited, SeatFault, make_seat
from briscola.protocol.external import ExternalSeat
from briscola.protocol.messages import EventFeed, Message, event_messages, request_message, rules_message
from briscola.protocol.shadow import rules_from_message

BOTS = Path(__file__).parent / "bots"
PYTHON = shlex.quote(sys.executable)


def bot_command(script: str, *args: object) -> str:
    """The command line that runs one of the test bots with this interpreter."""
    return " ".join([PYTHON, shlex.quote(str(BOTS / script)), *(shlex.quote(str(arg)) for arg in args)])


OUR_BOT = f"{PYTHON} -m briscola.bot --level greedy --seed 11"


def fast_seat(
    script: str, *args: object, time_ms: int = 1000, hello_ms: int = 5000, max_restarts: int = 3
) -> ExternalSeat:
    """A test bot as a seat with a 200 ms grace instead of 1000. The bots answer at once when they answer at all, so
    ``time_ms`` only costs time with a bot that sleeps; it is generous so that a busy machine makes no extra faults."""
    command = bot_command(script, *args)
    return ExternalSeat(command, time_ms=time_ms, grace_ms=200, hello_ms=hello_ms, max_restarts=max_restarts)


# ------------------------------------------------------------------------------------------------ a minimal referee


@dataclasses.dataclass
class LocalOutcome:
    """What :func:`play_local_match` saw: faults and exits per seat, and the game as it ended."""

    game: Game
    faults: list[int]
    exits: list[int]


def play_local_match(rules: Ruleset, seed: int, seats: Sequence[Seat], *, max_deals: int = 40) -> LocalOutcome:
    """The smallest referee: a fault plays the first legal action, an exit forfeits the hand; every seat observes all.

    Unlike :mod:`briscola.match.referee` it keeps telling a seat that left, so an external bot gets its restart at the
    next hand. Closes the seats at the end."""
    game = Game(rules, seed)
    faults = [0] * rules.players
    exits = [0] * rules.players
    try:
        while not game.is_over and not (game.to_move is None and game.hand_no >= max_deals):
            seat = game.to_move
            if seat is None:
                game.apply(Deal())
            else:
                view = game.view(seat)
                try:
                    action = seats[seat].choose(view)
                    if action not in view.legal:
                        raise SeatFault(f"{action} is not legal")
                    game.apply(action, seat=seat)
                except SeatFault:
                    faults[seat] += 1
                    game.apply(view.legal[0], seat=seat)
                except SeatExited:
                    exits[seat] += 1
                    game.forfeit((seat,))
            for other in range(rules.players):
                seats[other].observe(game.view(other))
    finally:
        for each in seats:
            each.close()
    return LocalOutcome(game, faults, exits)


def greedy_seat(seed: int = 0) -> Seat:
    return make_seat("greedy", random.Random(seed))


# ------------------------------------------------------------------------------------------------ leaks


def cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from an event (or any value made of dataclasses and containers)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (str, bytes, int, float, Enum, type(None))):
        return
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from cards_in(item)


def codes_in(message: object, key: str = "") -> Iterator[str]:
    """Every card code written in a message (``call:KD`` included); the rules' list of removed cards is public."""
    if isinstance(message, dict):
        for name, value in message.items():
            if name != "rules":
                yield from codes_in(value, name)
    elif isinstance(message, list):
        for item in message:
            yield from codes_in(item, key)
    elif isinstance(message, str):
        text = message.split(":", 1)[1] if message.startswith("call:") else message
        if len(text) == 2 and not text.isdigit() and key not in ("signal", "reason", "type"):
            yield Card.parse(text).code


LEAK_PRESETS = ["classic", "three", "four", "four-signals", "four-aloud", "chiamata", "five-sitout", "six", "open"]
LEAK_PRESETS += ["cubierta", "subastada", "to31", "scambio", "bussata"]


@pytest.mark.parametrize("name", LEAK_PRESETS)
def test_messages_hold_only_cards_the_seat_may_see(name: str) -> None:
    """For random matches, each seat's messages name only cards that the seat's own (redacted) events show it."""
    rules = preset(name)
    for seed in range(2):
        game = Game(rules, seed)
        rng = random.Random(seed)
        feeds = [EventFeed() for _ in range(rules.players)]
        seen: list[set[Card]] = [set() for _ in range(rules.players)]
        steps = 0
        while not game.is_over and steps < 1500:
            steps += 1
            before = 0 if game.to_move is None else len(game.log)  # a deal starts a new log
            game.apply(rng.choice(game.legal_actions()))
            new: list[Event] = game.log[before:]
            for seat in range(rules.players):
                for event in new:
                    shown = event_for_seat(event, seat)
                    seen[seat].update(cards_in(shown))
                view = game.view(seat)
                messages = feeds[seat].take(view)
                if view.legal:
                    messages.append(request_message(view, 100, steps))
                    seen[seat].update(cards_in(view.legal))
                for message in messages:
                    _check_message(message, seat, rules, seen[seat])


def _check_message(message: Message, seat: int, rules: Ruleset, seen: set[Card]) -> None:
    leaked = {code for code in codes_in(message) if Card.parse(code) not in seen}
    assert not leaked, f"seat {seat} is told {sorted(leaked)} in {message}"
    kind = message["type"]
    if kind in ("deal", "draw") and message["seat"] != seat and not rules.open_hands:
        face_up = kind == "draw" and message.get("briscola") and rules.trump_mode is TrumpMode.TURNED
        assert ("cards" not in message and "card" not in message) or face_up, message
    if kind == "trump" and rules.trump_mode is TrumpMode.HIDDEN:
        assert "card" not in message


def test_secret_signals_reach_the_signallers_side_only() -> None:
    rules = preset("four-signals")
    told = 0
    for seed in range(6):
        game = Game(rules, seed)
        rng = random.Random(seed)
        feeds = [EventFeed() for _ in range(rules.players)]
        while not game.is_over:
            legal = game.legal_actions()
            signals = [action for action in legal if str(action) == "signal"]
            game.apply(signals[0] if signals and rng.random() < 0.7 else rng.choice(legal))
            for seat in range(rules.players):
                for message in feeds[seat].take(game.view(seat)):
                    if message.get("action") == "signal":
                        assert (message["seat"] - seat) % 2 == 0, "an opponent was told a secret sign"
                        told += 1
    assert told > 0


# ------------------------------------------------------------------------------------------------ message shapes


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_travel_whole(name: str) -> None:
    game = Game(preset(name), 3)
    game.apply(Deal())
    sent = rules_message(game.view(0))
    assert sent["variant"] == name
    assert rules_from_message(sent) == preset(name)


def test_a_classic_hand_opens_as_the_spec_shows() -> None:
    game = Game(preset("classic"), 1)
    game.apply(Deal())
    seat = game.active[1]
    messages = event_messages(game.view(seat))
    assert [m["type"] for m in messages] == ["new_hand", "deal", "deal", "trump"]
    new_hand = messages[0]
    assert {key: new_hand[key] for key in ("seat", "players", "teams", "dealer", "hand_size", "deck_size")} == {
        "seat": seat,
        "players": 2,
        "teams": [[0], [1]],
        "dealer": game.dealer,
        "hand_size": 3,
        "deck_size": 40,
    }
    first, mine = messages[1], messages[2]
    assert first == {"type": "deal", "seat": game.active[0], "count": 3}
    assert mine == {"type": "deal", "seat": seat, "cards": [card.code for card in game.hands[seat]]}
    assert game.briscola is not None
    assert messages[3] == {"type": "trump", "card": game.briscola.code, "suit": game.briscola.suit.letter}


def test_cubierta_trump_is_face_down_then_announced() -> None:
    game = Game(preset("cubierta"), 2)
    game.apply(Deal())
    feed = EventFeed()
    assert feed.take(game.view(0))[-1] == {"type": "trump", "face_down": True}
    revealed = False
    while not revealed and game.phase is Phase.PLAY:
        game.apply(game.legal_actions()[0])
        trumps = [m for m in feed.take(game.view(0)) if m["type"] == "trump"]
        revealed = game.view(0).trump_public
        if revealed:
            assert game.trump is not None
            assert trumps == [{"type": "trump", "suit": game.trump.letter}]
        else:
            assert trumps == []
    assert revealed


def test_hand_over_reports_side_totals_and_exits() -> None:
    game = Game(preset("four"), 4)
    game.apply(Deal())
    game.apply(game.legal_actions()[0])
    game.forfeit((1,))
    over = EventFeed().take(game.view(0))[-1]
    assert over["type"] == "hand_over"
    assert over["reason"] == "exited" and over["exited"] == [1] and over["winner"] == [0, 2]
    assert len(over["points"]) == 4 and over["points"][0] == over["points"][2]


# ------------------------------------------------------------------------------------------------ our bot, refereed


@pytest.mark.parametrize("name", ["classic", "four", "cubierta"])
def test_our_bot_plays_whole_matches_without_a_fault(name: str) -> None:
    rules = preset(name)
    seats: list[Seat] = [ExternalSeat(OUR_BOT, time_ms=2000) for _ in range(rules.players)]
    assert all(seat.name == "briscola-greedy" for seat in seats)
    outcome = play_local_match(rules, 21, seats)
    assert outcome.game.is_over
    assert outcome.faults == [0] * rules.players and outcome.exits == [0] * rules.players


@pytest.mark.slow
@pytest.mark.parametrize("name", ["three", "chiamata", "subastada", "to31", "scambio", "open", "four-aloud", "six"])
def test_our_bot_plays_every_variant_without_a_fault(name: str) -> None:
    test_our_bot_plays_whole_matches_without_a_fault(name)


@pytest.mark.parametrize("name", ["classic", "four-signals"])
def test_our_bot_through_the_referee(name: str) -> None:
    rules = preset(name)
    seats: list[Seat] = [ExternalSeat(OUR_BOT, time_ms=2000) if seat % 2 else greedy_seat(seat) for seat in range(4)]
    outcome = play_match(rules, 8, seats[: rules.players])
    assert outcome.finished and outcome.faults == (0,) * rules.players and outcome.exited == ()


def test_make_seat_runs_an_external_bot() -> None:
    seat = make_seat(f"external:{OUR_BOT}", random.Random(0), time_ms=500)
    assert isinstance(seat, ExternalSeat) and seat.name == "briscola-greedy"
    seat.close()


# ------------------------------------------------------------------------------------------------ broken bots


def test_a_slow_bot_faults_on_late_answers_only() -> None:
    # A 600 ms deadline and a 900 ms sleep: the late answer comes in the middle of the next request's 600 ms.
    slow = fast_seat("slow_bot.py", 0.9, 1, 3, time_ms=400)
    outcome = play_local_match(preset("classic"), 3, [slow, greedy_seat()])
    assert outcome.game.is_over
    # The late answers to requests 1 and 3 arrive while the referee waits for the next ones: never taken for them.
    assert outcome.faults == [2, 0] and outcome.exits == [0, 0]


def test_an_illegal_bot_faults_on_every_request() -> None:
    seat = fast_seat("illegal_bot.py")
    game = Game(preset("classic"), 5)
    game.apply(Deal())
    while game.to_move != 0:
        game.apply(game.legal_actions()[0])
    seat.observe(game.view(0))
    for _ in range(5):
        with pytest.raises(SeatFault, match="not a legal action"):
            seat.choose(game.view(0))
    seat.close()
    outcome = play_local_match(preset("classic"), 5, [greedy_seat(), fast_seat("illegal_bot.py")])
    assert outcome.game.is_over and outcome.faults[1] >= 20 and outcome.faults[0] == 0


def test_a_bot_that_writes_garbage_faults() -> None:
    outcome = play_local_match(
        preset("four"),
        5,
        [fast_seat("garbage_bot.py")] + [greedy_seat(seat) for seat in range(1, 4)],
    )
    assert outcome.game.is_over and outcome.faults[0] >= 10 and outcome.faults[1:] == [0, 0, 0]


def test_a_bot_that_dies_forfeits_the_hand_and_is_restarted() -> None:
    dying = fast_seat("dying_bot.py", 2, max_restarts=1)
    outcome = play_local_match(preset("classic"), 6, [dying, greedy_seat()])
    assert outcome.game.is_over and outcome.game.match_winners == (1,)
    assert outcome.exits[0] == 2 and dying.restarts == 1  # died in hand 1, restarted, died again in hand 2
    assert outcome.faults == [0, 0]


def test_a_bot_that_never_says_hello_never_hangs_the_referee() -> None:
    start = time.monotonic()
    mute = fast_seat("mute_bot.py", hello_ms=300, max_restarts=1)
    outcome = play_local_match(preset("classic"), 7, [greedy_seat(), mute])
    assert outcome.game.is_over and outcome.game.match_winners == (0,)
    assert outcome.exits[1] >= 1 and mute.restarts == 1
    assert time.monotonic() - start < 10


def test_a_command_that_cannot_start_is_a_seat_that_left() -> None:
    seat = ExternalSeat("/nonexistent/bot --fast", time_ms=200)
    game = Game(preset("classic"), 1)
    game.apply(Deal())
    with pytest.raises(SeatExited, match="can't start"):
        seat.choose(game.view(game.active[0]))
    seat.close()
    with pytest.raises(SeatExited, match="can't read the command"):
        ExternalSeat("python3 'unclosed", time_ms=200).choose(game.view(game.active[0]))


@pytest.mark.parametrize(
    ("script", "args", "expect"),
    [
        ("illegal_bot.py", (), "faults"),
        ("garbage_bot.py", (), "faults"),
        ("slow_bot.py", (0.6, 2), "faults"),
        ("dying_bot.py", (3,), "exit"),
        ("mute_bot.py", (), "exit"),
    ],
)
def test_broken_bots_through_the_referee(script: str, args: tuple[object, ...], expect: str) -> None:
    seat = fast_seat(script, *args, time_ms=200 if script == "slow_bot.py" else 1000, hello_ms=300)
    start = time.monotonic()
    outcome = play_match(preset("classic"), 9, [seat, greedy_seat(1)])
    assert outcome.finished and time.monotonic() - start < 15
    if expect == "faults":
        assert outcome.faults[0] >= 1 and outcome.exited == ()
    else:
        assert outcome.exited == (0,) and outcome.winners == (1,)
