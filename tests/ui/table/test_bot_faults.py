"""A broken bot at the table is told as it broke, and its seat says so for as long as it lasts.

Real programs that are no bots (``/bin/echo hello``, ``sleep 60``, a missing program, one that speaks another
protocol) check that each start fault is worded as it happened; a scripted seat (no process) checks the seat's state
from starting, through a fault, to playing again. The table's name plate is checked as drawn. Nothing sleeps: the
tests poll, and the slow cases are given short limits.
"""

from __future__ import annotations

import shlex
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from briscola.engine import Action, preset
from briscola.engine.views import PlayerView
from briscola.match.bot_limits import HELLO_MS_AT_TABLE, BotLimits
from briscola.match.bots import ExternalBots
from briscola.match.driver import MatchDriver, SeatConfig
from briscola.match.worker import Answer, InlineThinker, fallback_action
from briscola.protocol.external import BotFault
from briscola.text.i18n import set_language
from briscola.ui.app import App
from briscola.ui.launcher import build_title, start_match
from briscola.ui.options import Options, parse_options
from briscola.ui.table.plates import name_plates
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, first_view, step_until


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language(["en"])
    yield
    set_language(None)


def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Poll ``condition`` (never sleeping) until it holds or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
    return condition()


def first_answer(bots: ExternalBots, view: PlayerView) -> Answer:
    """Ask the bot of ``view``'s seat to move and poll until the answer (its own or one played for it) is there."""
    bots.request(view.seat, view)
    answers: list[Answer] = []

    def answered() -> bool:
        answer = bots.poll()
        if answer is not None:
            answers.append(answer)
        return bool(answers)

    assert wait_until(answered, 15.0)
    return answers[0]


WRONG_PROTOCOL = """\
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "hello", "protocol": "BBP/2"}), flush=True)
sys.stdin.readline()
"""


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("/bin/echo hello", "started but ended before answering hello"),  # it ran: not "could not be started"
        ("sleep 60", "started but did not answer hello in time"),
        ("{missing}", "could not be started"),
        ("{wrong}", "started but does not speak BBP/1"),
    ],
)
def test_a_bot_that_fails_to_start_is_told_by_the_fault_it_made(tmp_path: Path, command: str, expected: str) -> None:
    script = tmp_path / "wrong.py"
    script.write_text(WRONG_PROTOCOL)
    command = command.format(
        missing=shlex.quote(str(tmp_path / "no-such-bot")),
        wrong=f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}",
    )
    view = first_view()
    bots = ExternalBots({view.seat: command}, labels={view.seat: "Bot 2"}, limits=BotLimits(hello_ms=300))
    try:
        answer = first_answer(bots, view)
        assert answer.action == fallback_action(view)
        assert answer.message.startswith("Bot 2 (") and expected in answer.message, answer.message
        if expected != "could not be started":
            assert "could not be started" not in answer.message
        assert bots.status(view.seat) == "not_responding"
    finally:
        bots.close()
    assert bots.join(5.0)


def test_a_bot_at_the_table_has_a_few_seconds_to_say_hello() -> None:
    assert BotLimits().hello_ms == HELLO_MS_AT_TABLE <= 5000  # the arena's ten seconds are too long to sit waiting
    seats = [SeatConfig("You", None), SeatConfig("Bot 2", "external:/bin/true")]
    driver = MatchDriver(preset("classic"), 1, seats, InlineThinker(1))
    try:
        assert driver.bots is not None and driver.bots.limits.hello_ms == HELLO_MS_AT_TABLE
    finally:
        driver.close()


class ScriptedSeat:
    """A bot without a process: it says hello once ``ready`` is set, then plays each move of ``script`` in turn (an
    exception is raised, a None plays the first legal move)."""

    def __init__(self, ready: threading.Event, script: list[Exception | None]) -> None:
        assert ready.wait(10.0)
        self.name, self.version, self.gone, self.pid = "scripted", "1", "", None
        self.script = script

    def observe(self, view: PlayerView) -> None:
        return None

    def choose(self, view: PlayerView) -> Action:
        step = self.script.pop(0)
        if step is not None:
            raise step
        return view.legal[0]

    def close(self) -> None:
        return None


def test_a_bots_seat_says_starting_then_at_fault_until_it_plays_a_move_of_its_own_again() -> None:
    view = first_view()
    ready = threading.Event()
    script: list[Exception | None] = [BotFault("slow", "timeout"), BotFault("bad", "illegal"), None]
    bots = ExternalBots({view.seat: "scripted"}, make_seat=lambda _command: ScriptedSeat(ready, script))
    try:
        bots.pump()
        assert bots.status(view.seat) == "starting"
        ready.set()

        def playing() -> bool:
            bots.pump()
            return bots.status(view.seat) == "playing"

        assert wait_until(playing)
        assert "could not" not in first_answer(bots, view).message
        assert bots.status(view.seat) == "not_responding"  # too slow: the computer played for it
        first_answer(bots, view)
        assert bots.status(view.seat) == "bad_answers"
        answer = first_answer(bots, view)
        assert answer.message == "" and bots.status(view.seat) == "playing"  # its own move again: the mark goes
    finally:
        bots.close()
    assert bots.join(5.0)


@pytest.fixture
def app_on_title() -> Iterator[App]:
    options = parse_options(["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai"])
    assert isinstance(options, Options)
    app = build_title(options)
    app.step(FRAME)
    yield app
    app.close()


def test_the_name_plate_of_a_bot_at_fault_says_the_computer_plays_for_it(app_on_title: App) -> None:
    app = app_on_title
    table = start_match(app, preset("classic"), ("human", "external:/bin/echo hello"), 5, "classic")
    assert isinstance(table, TableScene)
    step_until(app, lambda: bool(table.driver.notices))
    assert "ended before answering hello" in table.driver.notices[0]
    app.draw()
    plate = next(plate for plate in name_plates(table) if plate.seat == 1)
    assert plate.text.startswith("Bot 2 · not responding — the computer plays for it"), plate.text
    assert plate.status == "not_responding" and "echo" not in plate.text  # the command gives way to the state
    assert pygame.Rect(0, 0, *app.size).contains(plate.rect)


def test_the_name_plate_of_a_starting_bot_says_so(app_on_title: App) -> None:
    app = app_on_title
    table = start_match(app, preset("classic"), ("human", "external:sleep 60"), 5, "classic")
    app.step(FRAME)
    plate = next(plate for plate in name_plates(table) if plate.seat == 1)
    assert plate.text.startswith("Bot 2 · sleep 60 · starting…") and plate.status == "starting"


SILENT_BOT = """\
import sys
with open(sys.argv[1], "a") as log:
    log.write("started\\n")
for line in sys.stdin:
    pass
"""


def test_a_program_that_never_says_hello_is_waited_for_once_not_again_at_its_first_move(tmp_path: Path) -> None:
    script, log = tmp_path / "silent.py", tmp_path / "starts.log"
    script.write_text(SILENT_BOT)
    command = " ".join(shlex.quote(word) for word in (sys.executable, str(script), str(log)))
    view = first_view()
    bots = ExternalBots({view.seat: command}, limits=BotLimits(hello_ms=500))
    try:
        started = time.monotonic()
        first_answer(bots, view)  # its first move tells it of the hand: the referee would start it again
        first_answer(bots, view)
        assert time.monotonic() - started < 5.0
        assert log.read_text().count("started") == 1
    finally:
        bots.close()
    assert bots.join(5.0) and bots.pids == {}
