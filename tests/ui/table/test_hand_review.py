"""The coach's review of a hand in the window: opened from a hand's result (R, the button) and from the replay viewer,
a progress bar while it computes, then the list; Esc closes it and opening it again doesn't start again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import briscola.match.review as review_module
from briscola.ai.analysis import Analysis, Budget
from briscola.engine.views import PlayerView
from briscola.store.history.board import Query
from briscola.ui.app import App
from briscola.ui.launcher import build_replay, build_table, open_history
from briscola.ui.options import Options, parse_options
from briscola.ui.overlays.results import HandResultScene
from briscola.ui.overlays.review import ReviewScene
from briscola.ui.shots import autoplay_human
from tests.match.replay_records import played
from tests.match.test_review import recorded_moves, stub
from tests.ui.helpers import FRAME, click, drawn, key, make_table, step_until


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The analysis replaced by a stub (the runner is inline at a table with --inline-ai); each call's seed."""
    seeds: list[int] = []

    def analyse(view: PlayerView, budget: Budget, seed: int, **_kwargs: object) -> Analysis:
        seeds.append(seed)
        return stub(view, budget, seed)

    monkeypatch.setattr(review_module, "analyse", analyse)
    return seeds


@pytest.fixture
def result() -> Iterator[tuple[App, HandResultScene]]:
    """A two-player table played to its first hand's result."""
    app, table = make_table("--players", "2")
    rng = random.Random(2)

    def shown() -> bool:
        autoplay_human(table, rng)
        return isinstance(app.top, HandResultScene)

    step_until(app, shown)
    scene = app.top
    assert isinstance(scene, HandResultScene)
    try:
        yield app, scene
    finally:
        app.close()


FAST = ["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", "--level", "greedy", "--seed", "5"]


def focused(scene: HandResultScene) -> object:
    """What the focused button does, read afresh."""
    return None if scene.focused is None else scene.focused.value


def top(app: App) -> object:
    """The scene on top, read afresh."""
    return app.top


def test_r_opens_the_review_which_shows_progress_then_the_list(
    result: tuple[App, HandResultScene], calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = result
    key(pygame.K_r)
    app.step(FRAME)
    review = top(app)
    assert isinstance(review, ReviewScene)
    runner = review.runner
    assert runner.hand == 1 and runner.seat == scene.table.driver.human and runner.total == 20
    assert 0 < runner.progress[0] < 20  # one decision a frame, inline
    with drawn(monkeypatch, "briscola.ui.overlays.review") as texts:
        review.draw(app.screen)
    assert any(text.startswith("The coach is looking at your decisions:") for text, _rect in texts)
    step_until(app, lambda: runner.finished)
    app.step(FRAME)
    with drawn(monkeypatch, "briscola.ui.overlays.review") as texts:
        review.draw(app.screen)
    said = [text for text, _rect in texts]
    assert "The coach's review of hand 1" in said
    assert any(text.startswith("Accuracy: ") for text in said)
    assert "mistake" in said or "inaccuracy" in said or "blunder" in said  # the stub's verdicts in the list
    assert [button.label for button in review.buttons][1:] == [
        f"{n}. Trick {item.trick}" for n, item in enumerate(review_module.costliest(runner.reviewed), start=1)
    ]
    # The costliest positions: 2 shows the second.
    key(pygame.K_2)
    app.step(FRAME)
    assert review.shown() is review_module.costliest(runner.reviewed)[1]
    # The list scrolls, and Esc goes back to the result.
    key(pygame.K_DOWN)
    app.step(FRAME)
    assert review.scroll == (1 if len(runner.reviewed) > review._rows_shown() else 0)
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert top(app) is scene
    done = len(calls)
    assert done == 20
    key(pygame.K_r)
    app.step(FRAME)
    again = top(app)
    assert isinstance(again, ReviewScene) and again.runner is runner and runner.finished
    assert len(calls) == 20  # nothing computed again
    # The review judged what was played at the table.
    record = runner.record
    assert [item.decision.chosen for item in runner.reviewed] == recorded_moves(record, 1, runner.seat)


def test_the_button_opens_the_review_and_leaving_midway_keeps_the_work(
    result: tuple[App, HandResultScene], calls: list[int]
) -> None:
    app, scene = result
    step_until(app, lambda: not scene.counting)
    button = next(button for button in scene.buttons if button.value == "review")
    assert button.label == "Review hand (R)"
    click(button.rect.center)
    app.step(FRAME)
    review = top(app)
    assert isinstance(review, ReviewScene)
    app.step(FRAME)
    kept = review.runner.progress[0]
    assert 0 < kept < 20
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert top(app) is scene and not review.runner.running
    assert len(calls) == kept
    click(button.rect.center)
    app.step(FRAME)
    reopened = top(app)
    assert isinstance(reopened, ReviewScene) and reopened.runner is review.runner
    step_until(app, lambda: reopened.runner.finished)
    assert len(calls) == 20 and len(set(calls)) == 20  # resumed: no decision analysed twice


def test_r_in_the_replay_viewer_reviews_the_hand_on_screen_from_the_players_seat(calls: list[int]) -> None:
    options = parse_options(["--mute", "--lang", "en", "--speed", "fast", "--inline-ai"])
    assert isinstance(options, Options)
    record = played("classic", 7, hands=2)
    app, scene = build_replay(options, record, title="test")
    try:
        scene.go_to(scene.replay.next_hand())  # into hand 2
        assert scene.replay.place().hand == 2
        key(pygame.K_r)
        app.step(FRAME)
        review = top(app)
        assert isinstance(review, ReviewScene)
        assert (review.runner.hand, review.runner.seat) == (2, 0)  # Anna, the record's person
        step_until(app, lambda: review.runner.finished)
        assert [item.decision.chosen for item in review.runner.reviewed] == recorded_moves(record, 2, 0)
        # A click on a row shows that decision's position; the wheel scrolls when the rows don't all fit.
        area = review._left(review._panel(app.size))
        row = review._row_height()
        click((area.x + 20, area.y + row * 3.5))  # the third decision's row
        app.step(FRAME)
        shown = review.shown()
        assert shown is not None and shown.turn.number == 2
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.step(FRAME)
        assert review.scroll == min(1, max(0, review.runner.total - review._rows_shown()))
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert top(app) is scene
        assert any(button.value == "review" and button.enabled for button in scene.bar.buttons)
    finally:
        app.close()


def test_a_review_in_the_viewer_of_a_kept_match_is_kept_under_its_row(calls: list[int]) -> None:
    """Opened from the statistics, the viewer knows the match's row: the hand's review goes to it, for the trend."""
    options = parse_options(["--mute", "--lang", "en", "--speed", "fast", "--inline-ai"])
    assert isinstance(options, Options)
    record = played("classic", 7, hands=2)
    app, scene = build_replay(options, record, title="test")
    try:
        scene.history_id = 41
        key(pygame.K_r)
        app.step(FRAME)
        review = top(app)
        assert isinstance(review, ReviewScene)
        assert review.runner.history_id == 41
    finally:
        app.close()


def test_the_arrows_focus_the_review_button_and_enter_presses_it(
    result: tuple[App, HandResultScene], calls: list[int]
) -> None:
    app, scene = result
    step_until(app, lambda: not scene.counting)
    assert focused(scene) == "next"
    key(pygame.K_RIGHT)
    app.step(FRAME)
    assert focused(scene) == "review"
    key(pygame.K_RETURN)
    app.step(FRAME)
    assert isinstance(top(app), ReviewScene)
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    key(pygame.K_LEFT)
    key(pygame.K_RETURN)
    app.step(FRAME)
    assert top(app) is not scene and not isinstance(top(app), ReviewScene)  # the next hand goes on


def test_a_finished_review_keeps_the_hands_accuracy_in_the_history_for_the_trend(
    tmp_path: Path, calls: list[int]
) -> None:
    options = parse_options([*FAST, "--history", str(tmp_path / "h.sqlite3")])
    assert isinstance(options, Options)
    open_history(options)
    app, table = build_table(options, autosave=True)
    rng = random.Random(3)
    try:

        def shown() -> bool:
            autoplay_human(table, rng)
            return isinstance(app.top, HandResultScene)

        step_until(app, shown)
        key(pygame.K_r)
        app.step(FRAME)
        review = top(app)
        assert isinstance(review, ReviewScene)
        step_until(app, lambda: review.runner.finished)
        app.step(FRAME)
        writer = app.history_writer()
        assert writer is not None and writer.flush(10) and app.config.history is not None
        trend = app.config.history.review_trend()
        score = review.runner.accuracy
        assert score is not None and trend.hands == 1 and trend.accuracies[0] == pytest.approx(score)
        board = app.config.history.board(Query())
        assert board.reviews == trend
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        key(pygame.K_r)  # reopened: nothing kept twice
        app.step(FRAME)
        assert writer.flush(10) and app.config.history.review_trend().hands == 1
    finally:
        app.close()
