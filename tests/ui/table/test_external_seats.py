"""External bots at the desktop table: set up in the new-game scene by keys alone, played by BBP/1, never trusted.

Our own bot program (``python -m briscola.bot``) plays a whole hand against the player. Broken bots, each a few lines
written into ``tmp_path``, misbehave in one way apiece (they print garbage, exit at once, play an illegal card, die
mid-hand); the hand still ends, every move is legal, the faults are counted and the player reads a notice naming the
seat and the command. Everything is driven frame by frame with ``app.step``: nothing sleeps.

Below the table, :class:`~briscola.match.bots.ExternalBots` and the match driver are tested on their own: one process
per seat per match, told everything and told to quit, and no poll ever waiting on a slow bot. (Over 400 lines: one
subject, external bots at the table, whose broken-bot cases share the scripts and helpers above them.)
"""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from briscola.engine import preset
from briscola.match.bot_limits import BotLimits, external_command, short_command
from briscola.match.bots import ExternalBots
from briscola.match.driver import MatchDriver, SeatConfig
from briscola.match.worker import Answer, InlineThinker, fallback_action
from briscola.store import SettingsStore
from briscola.text.i18n import set_language
from briscola.ui.app import App
from briscola.ui.launcher import build_title
from briscola.ui.menus.setup.new_game import EXTERNAL, NewGameScene
from briscola.ui.options import Options, parse_options
from briscola.ui.overlays.results import HandResultScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from briscola.ui.widgets.text_field import MAX_TEXT
from tests.ui.helpers import FRAME, first_view, make_table, step_until

PYTHON = shlex.quote(sys.executable)
OUR_BOT = f"{PYTHON} -m briscola.bot --level 2"

#: The broken bots: each answers ``hello`` properly (but the one that exits at once) and then misbehaves.
_PROLOGUE = """\
import json, sys
def send(message):
    sys.stdout.write(json.dumps(message) + "\\n")
    sys.stdout.flush()
requests = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "hello", "protocol": "BBP/1", "name": "broken"})
    elif message["type"] == "quit":
        break
    elif message["type"] == "request":
        requests += 1
"""
BROKEN_BOTS = {
    "garbage_bot.py": _PROLOGUE + "        print('{this is not json', flush=True)\n",
    "exit_bot.py": "import sys\nsys.exit(3)\n",
    "illegal_bot.py": _PROLOGUE
    + "        card = next(c for c in ('AD', 'AC', 'AS', 'AH', '2D') if c not in message['legal'])\n"
    + "        send({'type': 'action', 'action': card})\n",
    "dying_bot.py": _PROLOGUE
    + "        if requests > 1:\n"
    + "            sys.exit(1)\n"
    + "        send({'type': 'action', 'action': message['legal'][0]})\n",
}
#: What the notice says for each (English: the tests set the language).
EXPECTED = {
    "garbage_bot.py": "not JSON",
    "exit_bot.py": "ended before answering hello",
    "illegal_bot.py": "not allowed",
    "dying_bot.py": "stopped running",
}


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """The notices are checked in English, whatever the machine's locale."""
    set_language(["en"])
    yield
    set_language(None)


def make_title() -> App:
    """An app on the title (instant animations, no pause before computer moves, level-1 computers)."""
    options = parse_options(["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai"])
    assert isinstance(options, Options) and options.store is not None
    options.store.change({"game.level": "principiante"})
    app = build_title(options)
    app.step(FRAME)
    return app


def press(app: App, *codes: int, mod: int = 0) -> None:
    """Press each key in turn, one frame each."""
    for code in codes:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
        app.step(FRAME)


def type_text(app: App, text: str) -> None:
    """Type ``text`` as SDL delivers typing: one TEXTINPUT event per character."""
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.step(FRAME)


def set_up_external_seat(app: App, command: str) -> NewGameScene:
    """From the title: "New game", seat 2 stepped to "External bot…" with Right, ``command`` typed in its field."""
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    press(app, pygame.K_DOWN, pygame.K_DOWN)
    row = scene.rows[scene.focus]
    assert row.key == "seat1"
    press(app, *[pygame.K_RIGHT] * (list(row.values).index(EXTERNAL) - row.index))
    assert scene.seats[1] == EXTERNAL and [row.key for row in scene.rows][3] == "command1"
    press(app, pygame.K_DOWN)
    assert scene.rows[scene.focus].key == "command1"
    type_text(app, command)
    return scene


def start(app: App, scene: NewGameScene) -> None:
    """Down to "Start" and Enter."""
    for _ in range(len(scene.rows)):
        if scene.rows[scene.focus].key == "start":
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)


def play_the_hand(app: App, table: TableScene) -> list[str]:
    """Play the human's cards until the hand's result shows; every toast seen on the way."""
    rng = random.Random(3)
    seen: list[str] = []

    def over() -> bool:
        seen.extend(toast.text for toast in table.state.toasts if toast.text not in seen)
        autoplay_human(table, rng)
        if table.driver.bots is not None:
            table.driver.bots.wait(0.05)  # frames back to back would starve the bot's threads (see ExternalBots.wait)
        return isinstance(app.top, HandResultScene)

    step_until(app, over, 20_000)
    return seen


def gone(pid: int) -> bool:
    """True when no process ``pid`` exists (the bot was told to quit, or killed, and reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_an_external_seat_set_up_by_keys_plays_a_hand_by_bbp_and_is_closed_when_the_table_is_left() -> None:
    app = make_title()
    try:
        scene = set_up_external_seat(app, OUR_BOT)
        assert scene.seats == ["human", EXTERNAL + OUR_BOT]
        start(app, scene)
        table = app.top
        assert isinstance(table, TableScene)
        driver = table.driver
        assert driver.bots is not None and 1 in driver.bots and 0 not in driver.bots
        toasts = play_the_hand(app, table)
        assert sum(driver.hand_results[-1].side_points) == 120
        # The bot really played: it said hello (its name is on its plate) and made every one of its moves itself.
        assert driver.seats[1].level_name.startswith("briscola-2")
        faults = [t for t in toasts if "Bot 2" in t and not t.startswith("Bot 2 takes")]  # not the trick cues
        assert driver.bot_faults == {1: 0} and driver.notices == [] and faults == []
        pids = list(driver.bots.pids.values())
        assert len(pids) == 1  # one process for the seat, for the whole hand
        remembered = SettingsStore.load().settings.game
        assert remembered.seats == ("human", EXTERNAL + OUR_BOT)
        bots = driver.bots
    finally:
        app.close()
    assert bots.join(5.0) and gone(pids[0])


@pytest.mark.parametrize("script", sorted(BROKEN_BOTS))
def test_a_broken_bot_still_lets_the_hand_finish_and_the_fault_is_shown(tmp_path: Path, script: str) -> None:
    path = tmp_path / script
    path.write_text(BROKEN_BOTS[script])
    app = make_title()
    try:
        scene = set_up_external_seat(app, f"{PYTHON} {shlex.quote(str(path))}")
        start(app, scene)
        table = app.top
        assert isinstance(table, TableScene)
        toasts = play_the_hand(app, table)
        driver = table.driver
        assert sum(driver.hand_results[-1].side_points) == 120  # every card was played, legally
        assert driver.bot_faults[1] >= 1
        notice = driver.notices[0]
        assert notice.startswith("Bot 2 (python") and script in notice and EXPECTED[script] in notice
        assert notice in toasts  # shown at the table, not only kept
        if script in ("exit_bot.py", "dying_bot.py"):
            assert len(driver.notices) == 1  # a bot that is gone is reported once, not at each of its moves
        else:
            assert len(driver.notices) == driver.bot_faults[1] >= 10  # each bad answer is its own fault
    finally:
        app.close()


def test_a_long_notice_stays_longer_over_the_table_than_a_short_one() -> None:
    """A bot's fault names the seat and the command, which takes a while to read: six seconds instead of four."""
    app, table = make_table("--players", "2")
    try:
        short = "The computer player failed; a legal move was played."
        long = "Bot 2 (python3 garbage_bot.py) took too long to answer; a legal move was played for it."
        assert len(short) <= 60 < len(long)
        table.state.toasts.clear()
        table.driver.messages.extend([short, long])
        table.update(0.0)
        assert {toast.text: toast.left for toast in table.state.toasts} == {short: 4.0, long: 6.0}
        table.state.update(5.0)
        assert [toast.text for toast in table.state.toasts] == [long]
    finally:
        app.close()


def test_an_empty_or_unreadable_command_is_refused_at_start_with_its_field_focused() -> None:
    app = make_title()
    try:
        scene = set_up_external_seat(app, "")
        start(app, scene)
        assert app.top is scene and "Seat 2" in scene.notice and "command" in scene.notice
        assert scene.rows[scene.focus].key == "command1"
        type_text(app, "python3 'mybot.py")
        assert scene.notice == ""  # typing clears the refusal
        start(app, scene)
        assert app.top is scene and "quotes" in scene.notice
        assert scene.rows[scene.focus].key == "command1"
    finally:
        app.close()


def test_the_command_field_edits_by_keyboard() -> None:
    app = make_title()
    try:
        scene = set_up_external_seat(app, "python3 my bot.py")
        field = scene.rows[scene.focus]
        press(app, pygame.K_SPACE)  # the space comes as text input; the key itself must not leave or activate
        assert scene.rows[scene.focus] is field and field.text == "python3 my bot.py"
        press(app, pygame.K_BACKSPACE)
        assert field.text == "python3 my bot.p" and scene.seats[1] == EXTERNAL + "python3 my bot.p"
        press(app, pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL)
        assert field.text == "python3 my "
        type_text(app, "\tx\x07" + "y" * (MAX_TEXT + 10))  # control characters are dropped; the length is capped
        assert field.text.startswith("python3 my xy") and len(field.text) == MAX_TEXT
        app.draw()  # the end of an overlong command is drawn, cut to the box
        press(app, pygame.K_RETURN)
        assert scene.rows[scene.focus].key != "command1"  # Enter moves on
        press(app, pygame.K_UP, pygame.K_UP, pygame.K_LEFT)  # back on the seat: "External bot…" back to a level
        assert not scene.seats[1].startswith(EXTERNAL) and "command1" not in [row.key for row in scene.rows]
        press(app, pygame.K_RIGHT)  # and forth again: the command typed is still there
        assert scene.seats[1] == EXTERNAL + field.text.strip()
    finally:
        app.close()


def test_a_remembered_external_seat_comes_back_with_its_command() -> None:
    app = make_title()
    try:
        assert app.store is not None
        app.store.change({"game.seats": ["human", "external:python3 bot.py --fast"]})
        press(app, pygame.K_DOWN, pygame.K_RETURN)  # past Play to New game
        scene = app.top
        assert isinstance(scene, NewGameScene)
        assert scene.seats == ["human", "external:python3 bot.py --fast"] and not scene.notice
        assert scene.row("seat1").value == EXTERNAL and scene.row("command1").text == "python3 bot.py --fast"
    finally:
        app.close()


# ------------------------------------------------------------------------------------------------ the bots alone

RECORDING_BOT = """\
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    log.write(line)
    log.flush()
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "BBP/1", "name": "recorder", "version": "7"}), flush=True)
    elif message["type"] == "request":
        print(json.dumps({"type": "action", "action": message["legal"][-1]}), flush=True)
    elif message["type"] == "quit":
        break
"""
SLOW_BOT = """\
import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "BBP/1", "name": "sloth"}), flush=True)
    elif message["type"] == "request":
        time.sleep(3)
        print(json.dumps({"type": "action", "action": message["legal"][0]}), flush=True)
"""


def bot_script(tmp_path: Path, name: str, text: str, *args: str) -> str:
    """A command running the bot ``text``, written to ``tmp_path/name``, with this interpreter."""
    path = tmp_path / name
    path.write_text(text)
    return " ".join(shlex.quote(word) for word in (sys.executable, str(path), *args))


def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Poll ``condition`` (never sleeping) until it holds or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
    return condition()


def test_external_command_and_short_command() -> None:
    assert external_command("external: python3 bot.py ") == "python3 bot.py"
    assert external_command("esperto") is None and external_command(None) is None
    assert short_command("/usr/bin/python3 /home/me/bots/bot.py --fast") == "python3 bot.py --fast"
    assert short_command("x" * 80, 20) == "x" * 19 + "…"


def test_a_match_starts_one_bot_tells_it_everything_and_says_quit_at_the_end(tmp_path: Path) -> None:
    log = tmp_path / "heard.jsonl"
    command = bot_script(tmp_path, "recorder.py", RECORDING_BOT, str(log))
    rules = preset("classic").with_options(hands_to_win=1)
    seats = [SeatConfig("Anna", "greedy"), SeatConfig("Bot 2", f"external:{command}", f"external:{command}")]
    driver = MatchDriver(rules, 9, seats, InlineThinker(9), ai_delay=0.0, bot_limits=BotLimits(time_ms=1500))
    plate = driver.seats[1].level_name  # the command, short, until the bot names itself; never the raw spec
    assert plate == short_command(command, 24) and "recorder.py" in plate and len(plate) == 24
    bots = driver.bots
    assert bots is not None

    def over() -> bool:
        if driver.waiting_next_hand:
            driver.next_hand()
        driver.tick(time.monotonic())
        return driver.match_over is not None

    assert wait_until(over, 20.0)
    assert bots.join(5.0)  # the match's end closed the bot
    heard = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [message["type"] for message in heard]
    assert kinds.count("hello") == 1 and kinds[:2] == ["hello", "new_hand"] and kinds[-2:] == ["hand_over", "quit"]
    requests = [message for message in heard if message["type"] == "request"]
    assert len(requests) == 20 and all(message["time_ms"] == 1500 for message in requests)
    plays = [message for message in heard if message["type"] == "play" and message["seat"] == 1]
    assert [play["card"] for play in plays] == [request["legal"][-1] for request in requests]  # its own choices
    assert driver.bot_faults == {1: 0} and driver.seats[1].level_name == "recorder 7"


def test_a_slow_bot_never_blocks_a_poll_and_its_move_is_played_for_it(tmp_path: Path) -> None:
    view = first_view()
    command = bot_script(tmp_path, "sloth.py", SLOW_BOT)
    # The bot's clock (1.5 s with its grace) is far longer than any poll may take on a loaded machine, so a poll that
    # waited on the bot would show as one slow poll and few of them, whatever else the machine is doing.
    bots = ExternalBots({view.seat: command}, labels={view.seat: "Marco"}, limits=BotLimits(time_ms=1000, grace_ms=500))
    try:
        bots.request(view.seat, view)
        answer = None
        slowest = 0.0
        polls = 0
        deadline = time.monotonic() + 15.0
        while answer is None and time.monotonic() < deadline:
            started = time.perf_counter()
            answer = bots.poll()
            polls += 1
            slowest = max(slowest, time.perf_counter() - started)
        assert answer is not None and slowest < 0.5 and polls > 100  # the frame loop never waits on the bot
        assert answer.action == fallback_action(view) and "Marco (python" in answer.message
        assert "sloth.py" in answer.message and bots.faults == {view.seat: 1}
        assert bots.take_notices() == [answer.message] and bots.take_notices() == []
    finally:
        bots.close()
    assert bots.join(5.0) and bots.pids == {}  # the sleeping bot was killed, not waited for


def test_a_bot_that_cannot_start_is_told_once_and_every_move_is_played_for_it(tmp_path: Path) -> None:
    view = first_view()
    bots = ExternalBots({view.seat: str(tmp_path / "no-such-bot")})
    answers: list[Answer] = []

    def answered() -> bool:
        answer = bots.poll()
        if answer is not None:
            answers.append(answer)
        return answer is not None

    try:
        for _ in range(2):
            bots.request(view.seat, view)
            assert wait_until(answered)
        assert [answer.action for answer in answers] == [fallback_action(view)] * 2
        assert all("could not be started" in answer.message for answer in answers) and not bots.busy
        assert bots.faults == {view.seat: 2}
        notices = bots.take_notices()
        assert len(notices) == 1 and "no-such-bot" in notices[0]
    finally:
        bots.close()
    assert bots.join(5.0)


def test_a_new_match_at_the_table_starts_a_new_bot_and_closes_the_old(tmp_path: Path) -> None:
    log = tmp_path / "heard.jsonl"
    command = bot_script(tmp_path, "recorder.py", RECORDING_BOT, str(log))
    seats = [SeatConfig("You", None), SeatConfig("Bot 2", f"external:{command}")]
    driver = MatchDriver(preset("classic"), 4, seats, InlineThinker(4), ai_delay=0.0)
    old = driver.bots
    assert old is not None and wait_until(lambda: bool(old.pids))
    old_pid = old.pids[1]
    driver.restart()
    new = driver.bots
    assert new is not None and new is not old
    assert old.join(5.0) and wait_until(lambda: bool(new.pids)) and new.pids[1] != old_pid
    driver.close()
    assert new.join(5.0)
    assert log.read_text().count('"quit"') == 2
