"""BBP/1, the bot side: the shadow game rebuilds exactly the seat's view, and the bot program survives odd input.

The strongest check plays whole matches between bots that only ever see the referee's messages (passed through JSON),
and compares, at every request, the view the bot rebuilt with the real view of its seat: they must be equal in every
field, events included (but for the choice of the first dealer, which no message tells).
"""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from briscola.ai.levels import make_player
from briscola.engine import PRESETS, Action, Deal, Game, Phase, PlayerView, preset
from briscola.engine.events import DealerChosen
from briscola.match.referee import play_match
from briscola.match.seats import Seat
from briscola.protocol.bot import BotSession
from briscola.protocol.messages import EventFeed, Message, request_message
from briscola.protocol.shadow import Shadow


def _wire(message: Message) -> dict[str, Any]:
    """A message as the other side reads it: through JSON and back."""
    decoded = json.loads(json.dumps(message))
    assert isinstance(decoded, dict)
    return decoded


def _comparable(view: PlayerView) -> PlayerView:
    """The view without what no bot can rebuild: the first dealer's choice (never told) and the order in which another
    seat holds the cards known to be in its hand (a melded King and Queen, say), which the engine takes from the
    order that seat received them in, hidden at a real table."""
    known = tuple(cards if seat == view.seat else tuple(sorted(cards)) for seat, cards in enumerate(view.known_cards))
    events = tuple(event for event in view.events if not isinstance(event, DealerChosen))
    return dataclasses.replace(view, known_cards=known, events=events)


class LoopbackSeat:
    """A bot session driven through the referee's own messages, in-process, that checks its shadow at every request."""

    def __init__(self, level: str, seed: int) -> None:
        self.name = f"loopback-{level}"
        self.logs: list[str] = []
        self.session = BotSession(make_player(level, random.Random(seed)), self.name, self.logs.append)
        self.feed = EventFeed()
        self.requests = 0
        self.mismatches: list[str] = []

    def observe(self, view: PlayerView) -> None:
        for message in self.feed.take(view):
            assert self.session.handle(_wire(message)) is None

    def choose(self, view: PlayerView) -> Action:
        self.observe(view)
        self.requests += 1
        shadow = self.session.shadow.view()
        if shadow is None or _comparable(shadow) != _comparable(view):
            self.mismatches.append(_difference(shadow, view))
        answer = self.session.handle(_wire(request_message(view, 1000, self.requests)))
        assert answer is not None and answer["id"] == self.requests
        legal = {str(action): action for action in view.legal}
        return legal[answer["action"]]

    def close(self) -> None:
        """Nothing to release."""


def _difference(shadow: PlayerView | None, real: PlayerView) -> str:
    if shadow is None:
        return f"no shadow view for seat {real.seat}"
    fields = [
        f"{field.name}: {getattr(shadow, field.name)} != {getattr(real, field.name)}"
        for field in dataclasses.fields(real)
        if getattr(_comparable(shadow), field.name) != getattr(_comparable(real), field.name)
    ]
    return f"seat {real.seat}, hand {real.hand_no}: " + "; ".join(fields)


def _loopback_match(name: str, seed: int) -> list[LoopbackSeat]:
    rules = preset(name)
    seats = [
        LoopbackSeat("greedy" if (seat + seed) % 2 else "random", seed * 10 + seat) for seat in range(rules.players)
    ]
    table: list[Seat] = list(seats)
    outcome = play_match(rules, seed, table)
    assert outcome.finished and outcome.faults == (0,) * rules.players, outcome.fault_log
    for seat in seats:
        assert not seat.mismatches, seat.mismatches[0]
        assert not seat.logs, seat.logs[0]
    assert sum(seat.requests for seat in seats) > 0
    return seats


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_shadow_view_is_the_real_view_at_every_request(name: str) -> None:
    _loopback_match(name, 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", range(2, 12))
def test_the_shadow_view_is_the_real_view_in_many_matches(name: str, seed: int) -> None:
    _loopback_match(name, seed)


# ------------------------------------------------------------------------------------------------ odd input


def _session() -> tuple[BotSession, list[str]]:
    logs: list[str] = []
    return BotSession(make_player("greedy", random.Random(0)), "test", logs.append), logs


def test_hello_is_answered_with_the_protocol_and_a_name() -> None:
    session, _ = _session()
    answer = session.handle({"type": "hello", "protocol": "BBP/1"})
    assert answer is not None
    assert answer["type"] == "hello" and answer["protocol"] == "BBP/1" and answer["name"] == "test"
    assert answer["version"]


@pytest.mark.parametrize(
    "line",
    [
        "",
        "not json",
        "[1, 2]",
        '{"type": "mystery", "x": 1}',
        '{"no type": true}',
        '{"type": "play", "seat": 0}',
        '{"type": "new_hand", "seat": "x"}',
        '{"type": "deal", "seat": 0, "cards": ["ZZ"]}',
        '{"type": "draw"}',
        '{"type": "action", "seat": 0, "action": "fly"}',
    ],
)
def test_odd_input_is_ignored_and_a_request_still_gets_a_legal_answer(line: str) -> None:
    session, _ = _session()
    assert session.handle_line(line) is None
    answer = session.handle({"type": "request", "legal": ["AD", "7C"], "time_ms": 100})
    assert answer == {"type": "action", "action": "AD"}


def test_a_shadow_contradicted_by_the_referee_answers_the_first_legal_action() -> None:
    game = Game(preset("classic"), 4)
    game.apply(Deal())
    seat = game.active[0]
    session, logs = _session()
    for message in EventFeed().take(game.view(seat)):
        session.handle(_wire(message))
    shadow_view = session.shadow.view()
    assert shadow_view is not None and _comparable(shadow_view) == _comparable(game.view(seat))
    other = game.active[1]
    session.handle({"type": "play", "seat": other, "card": game.hands[seat][0].code})  # a card the bot holds itself
    answer = session.handle({"type": "request", "legal": ["XX", "YY"], "time_ms": 100, "id": 7})
    assert answer == {"type": "action", "action": "XX", "id": 7}
    assert session.shadow.confused is not None and logs
    # The next hand starts afresh.
    game.apply(game.legal_actions()[0])
    game.forfeit((other,))
    game.apply(Deal())
    feed = EventFeed()
    for message in feed.take(game.view(seat)):
        session.handle(_wire(message))
    assert session.shadow.confused is None


def test_a_referee_that_sends_only_the_variant_name_is_understood() -> None:
    game = Game(preset("four"), 2)
    game.apply(Deal())
    shadow = Shadow(lambda text: None)
    for message in EventFeed().take(game.view(3)):
        if message["type"] == "new_hand":
            message = {key: message[key] for key in ("type", "seat", "players", "teams", "dealer", "hand_size")}
            message["rules"] = {"variant": "four"}
        shadow.feed(_wire(message))
    view = shadow.view()
    assert view is not None and view.hand == game.view(3).hand and view.legal == game.view(3).legal


def test_cubierta_shadow_learns_the_trump_from_the_play_that_reveals_it() -> None:
    rules = preset("cubierta")
    for seed in range(12):
        game = Game(rules, seed)
        game.apply(Deal())
        shadow = Shadow(lambda text: None)
        feed = EventFeed()
        while game.phase is Phase.PLAY:
            game.apply(game.legal_actions()[-1])
            for message in feed.take(game.view(0)):
                shadow.feed(_wire(message))
            view = shadow.view()
            assert view is not None and _comparable(view) == _comparable(game.view(0))
        assert shadow.confused is None


# ------------------------------------------------------------------------------------------------ the program


def _run_bot(lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "briscola.bot", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def test_the_program_answers_hello_and_requests_and_exits_on_quit() -> None:
    result = _run_bot(
        [
            '{"type":"hello","protocol":"BBP/1"}',
            "garbage",
            '{"type":"request","legal":["3D","AD"],"time_ms":100,"id":1}',
            '{"type":"quit"}',
            '{"type":"request","legal":["AD"],"time_ms":100}',
        ],
        "--level",
        "random",
        "--seed",
        "1",
        "--name",
        "tester",
    )
    assert result.returncode == 0
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers == [
        {"type": "hello", "protocol": "BBP/1", "name": "tester", "version": answers[0]["version"]},
        {"type": "action", "action": "3D", "id": 1},
    ]
    assert "not JSON" in result.stderr


def test_the_program_exits_at_the_end_of_input() -> None:
    result = _run_bot(['{"type":"hello","protocol":"BBP/1"}'])
    assert result.returncode == 0 and json.loads(result.stdout)["name"] == "briscola-greedy"


def test_the_program_refuses_an_unknown_level() -> None:
    result = _run_bot([], "--level", "grandmaster")
    assert result.returncode == 2 and "grandmaster" in result.stderr


@pytest.mark.parametrize(("time_ms", "expected"), [(2000, 1.2), (100, 0.06), (None, None), ("soon", None), (-5, None)])
def test_a_searching_player_thinks_within_the_requests_time(time_ms: object, expected: float | None) -> None:
    game = Game(preset("classic"), 4)
    game.apply(Deal())
    seat = game.to_move
    assert seat is not None
    session = BotSession(make_player("esperto", random.Random(1)), "bot", lambda line: None)
    for message in EventFeed().take(game.view(seat)):
        session.handle(_wire(message))
    legal = [str(action) for action in game.view(seat).legal]
    request: dict[str, Any] = {"type": "request", "legal": legal, "time_ms": time_ms}
    answer = session.handle(request)
    assert answer is not None and answer["action"] in legal
    limit = vars(session.player)["time_limit"]
    assert limit == pytest.approx(expected) if expected is not None else limit is None
