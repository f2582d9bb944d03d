"""The AI off the render loop: the worker process answers, survives a crash, and wrong answers become legal moves.

External bot programs (:mod:`briscola.match.bots`) are tested in ``test_external_seats.py``."""

from __future__ import annotations

import pickle
import time

import pygame
import pytest

from briscola.engine import Play
from briscola.match import worker as worker_module
from briscola.match.worker import Answer, InlineThinker, Thinker, WorkerThinker, fallback_action
from briscola.ui.overlays.results import HandResultScene
from tests.ui.helpers import first_view, key, make_table, step_until


def wait_answer(thinker: Thinker, seconds: float = 60.0) -> Answer | None:
    """Poll (never block) until an answer comes or ``seconds`` pass: the way the frame loop polls."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = thinker.poll()
        if answer is not None:
            return answer
    return None


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


def test_a_long_thinking_time_is_not_taken_for_a_hung_worker() -> None:
    for time_limit, timeout in ((30.0, 40.0), (1.0, 20.0)):
        thinker = WorkerThinker(5, time_limit=time_limit)
        try:
            assert thinker.timeout == timeout
        finally:
            thinker.close()
