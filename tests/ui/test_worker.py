"""The AI off the render loop: the worker process answers, survives a crash, and wrong answers become legal moves;
external bot programs run on their own threads, one process per seat per match, and never block a frame."""

from __future__ import annotations

import json
import pickle
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from briscola.engine import Deal, Game, Play, preset
from briscola.ui import worker as worker_module
from briscola.ui.match_driver import MatchDriver, SeatConfig
from briscola.ui.results import HandResultScene
from briscola.ui.worker import (
    Answer,
    BotLimits,
    ExternalBots,
    InlineThinker,
    Thinker,
    WorkerThinker,
    external_command,
    fallback_action,
    short_command,
)

from .helpers import key, make_table, step_until


def wait_answer(thinker: Thinker, seconds: float = 60.0) -> Answer | None:
    """Poll (never block) until an answer comes or ``seconds`` pass: the way the frame loop polls."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = thinker.poll()
        if answer is not None:
            return answer
    return None


def first_view(players: int = 2):  # type: ignore[no-untyped-def]
    game = Game(preset("classic" if players == 2 else "four"), 3)
    game.apply(Deal())
    assert game.to_move is not None
    return game.view(game.to_move)


def test_a_view_pickles_for_the_worker() -> None:
    view = first_view(4)
    assert pickle.loads(pickle.dumps(view)) == view


def test_the_worker_process_answers_and_survives_a_crash() -> None:
    view = first_view()
    thinker = WorkerThinker(5, timeout=60.0)
    try:
        thinker.request(view.seat, "greedy", view)
        assert thinker.busy
        answer = wait_answer(thinker)
        assert answer is not None and answer.action in view.legal and not answer.message
        thinker.request(view.seat, "esperto", view)  # seconds of work: it can't answer before it is killed
        thinker.kill_for_test()
        answer = wait_answer(thinker, 10.0)
        assert answer is not None
        assert answer.action in view.legal and "restarted" in answer.message
        assert thinker.restarts == 1
        thinker.request(view.seat, "greedy", view)  # the new worker works
        answer = wait_answer(thinker)
        assert answer is not None and answer.action in view.legal
    finally:
        thinker.close()


def test_a_whole_hand_with_the_worker_process() -> None:
    app, table = make_table("--players", "2", "--speed", "instant", inline=False)
    try:

        def progress() -> bool:
            if table.interactive:
                key(pygame.K_1)
            return isinstance(app.top, HandResultScene)

        step_until(app, progress, 400_000)
        assert isinstance(table.driver.thinker, WorkerThinker)
        assert sum(table.driver.hand_results[-1].side_points) == 120
    finally:
        app.close()


def test_an_illegal_or_failing_computer_move_becomes_a_legal_one(monkeypatch: pytest.MonkeyPatch) -> None:
    view = first_view()
    thinker = InlineThinker(1)
    illegal = Play(next(card for card in view.rules.deck if card not in view.hand))
    monkeypatch.setattr(worker_module._Players, "choose", lambda *args: illegal)
    thinker.request(view.seat, "greedy", view)
    answer = thinker.poll()
    assert answer is not None and answer.action in view.legal and answer.message

    def boom(*args: object) -> None:
        raise RuntimeError("a bug in the AI")

    monkeypatch.setattr(worker_module._Players, "choose", boom)
    thinker.request(view.seat, "greedy", view)
    answer = thinker.poll()
    assert answer is not None and answer.action == fallback_action(view) and answer.message
    assert thinker.poll() is None


# ------------------------------------------------------------------------------------------------ external bots

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
    bots = ExternalBots({view.seat: command}, labels={view.seat: "Marco"}, limits=BotLimits(time_ms=100, grace_ms=100))
    try:
        bots.request(view.seat, view)
        answer = None
        slowest = 0.0
        deadline = time.monotonic() + 15.0
        while answer is None and time.monotonic() < deadline:
            started = time.perf_counter()
            answer = bots.poll()
            slowest = max(slowest, time.perf_counter() - started)
        assert answer is not None and slowest < 0.05  # the frame loop never waits on the bot
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
