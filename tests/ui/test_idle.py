"""The run loop sleeps while nothing moves: the wait it chooses, and the frames it doesn't draw (no real sleeping here).

A player looking at their hand used half a core (issue 30): every frame was drawn at 60 fps whatever moved. These
check the decisions that keep it near zero: :meth:`App.wait_time` is long while the table waits for the human, the
pause menu or the title is up, and short while the table animates or a computer's move is being waited for; a frame
that only polled draws nothing unless its picture changed; and ``run`` hands the wait to the event queue.
"""

from __future__ import annotations

import pygame
import pytest

from briscola.ui.app import IDLE_WAIT, App
from briscola.ui.launcher import build_title
from briscola.ui.options import Options, parse_options
from briscola.ui.scene import POLL_SECONDS
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, make_table, step_until


def human_to_move(*flags: str) -> tuple[App, TableScene]:
    """A table stepped (in simulated time) until the human may move and nothing moves, the pointer away."""
    app, table = make_table("--players", "2", *flags)
    step_until(app, lambda: table.interactive)
    for _ in range(60):  # a second: the cards settle
        app.step(FRAME)
    return app, table


def count_draws(app: App, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time the app draws a frame (the real drawing still happens)."""
    draws: list[int] = []
    real = app.draw

    def counting() -> None:
        draws.append(app.frames)
        real()

    monkeypatch.setattr(app, "draw", counting)
    return draws


def test_a_table_waiting_for_the_human_sleeps_until_an_event() -> None:
    app, table = human_to_move()
    try:
        assert table.wake_in() == float("inf")
        assert app.wait_time() == IDLE_WAIT
    finally:
        app.close()


def test_a_dealing_table_runs_at_the_full_frame_rate() -> None:
    app, table = make_table("--players", "4")
    try:
        app.step(FRAME)  # the deal starts
        assert not table.choreo.idle
        assert app.wait_time() == 0.0
    finally:
        app.close()


def test_a_computer_to_move_is_polled_at_a_modest_rate_and_unchanged_frames_are_not_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, table = make_table("--players", "2", "--ai-delay", "5")  # the answer is held 5 s: a long "thinking"
    try:
        step_until(app, lambda: table.driver.thinking_seat is not None and table.choreo.idle and not table._lifting)
        assert table.wake_in() == POLL_SECONDS
        assert 0.0 < app.wait_time() < 0.1
        draws = count_draws(app, monkeypatch)
        table.clock = float(int(table.clock)) + 0.01  # the dots just changed: the next 0.3 s show the same ones
        app.step(0.02, [], draw=False)
        assert draws == []  # only polled: same game, same dots, same messages
        app.step(0.5, [], draw=False)
        assert len(draws) == 1  # the dots moved on
        app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))], draw=False)
        assert len(draws) == 2  # an event is always answered with a frame
    finally:
        app.close()


def test_a_still_table_is_not_redrawn_by_a_frame_without_events(monkeypatch: pytest.MonkeyPatch) -> None:
    app, _table = human_to_move()
    try:
        draws = count_draws(app, monkeypatch)
        app.step(IDLE_WAIT, [], draw=False)
        assert draws == []
        app.step(FRAME)  # the frame function tests drive still draws every time
        assert len(draws) == 1
    finally:
        app.close()


def test_a_message_wakes_the_table_when_it_starts_to_fade() -> None:
    app, table = human_to_move()
    try:
        table.choreo.toast("Hello", 0.7)
        assert table.wake_in() == pytest.approx(0.3)
        app.step(0.35, [], draw=False)  # in its fade: a frame each 60th of a second until it is gone
        assert app.wait_time() == 0.0
        app.step(0.4, [], draw=False)
        assert table.state.toasts == [] and app.wait_time() == IDLE_WAIT
    finally:
        app.close()


def test_a_card_rising_under_the_pointer_animates_then_the_table_is_still_again() -> None:
    app, table = human_to_move()
    try:
        sprite = table.state.hands[table.driver.viewer][0]
        table.hover = sprite
        app.step(FRAME, [])
        assert app.wait_time() == 0.0
        for _ in range(60):
            app.step(FRAME, [])
        assert sprite.lift == 1.0 and app.wait_time() == IDLE_WAIT
    finally:
        app.close()


def test_the_pause_menu_and_the_title_sleep() -> None:
    app, table = human_to_move()
    try:
        table.pause()
        app.step(FRAME)
        assert app.wait_time() == IDLE_WAIT
    finally:
        app.close()
    options = parse_options(["--mute", "--inline-ai"])
    assert isinstance(options, Options) and options.menus
    title = build_title(options)
    try:
        title.step(FRAME)
        assert title.wait_time() == IDLE_WAIT
    finally:
        title.close()


def test_run_hands_the_wait_to_the_event_queue(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run`` at a still table blocks on ``pygame.event.wait`` with a long timeout; here the wait answers at once."""
    app, _table = human_to_move()
    timeouts: list[int] = []

    def wait(timeout: int = 0) -> pygame.event.Event:
        timeouts.append(timeout)
        return pygame.event.Event(pygame.QUIT) if len(timeouts) > 1 else pygame.event.Event(pygame.NOEVENT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    assert app.run() == 0
    assert timeouts == [round(IDLE_WAIT * 1000)] * 2
