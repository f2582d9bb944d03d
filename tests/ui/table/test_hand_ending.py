"""A move that ends the hand asks first, and the hand's result says why it ended (issue 30, item 5): declaring 31 at
the table (a wrong claim loses the hand on one click before) and a seat that left; the result's headline waits for
the points to finish counting, and a key shows it all at once."""

from __future__ import annotations

import random

import pygame
import pytest

from briscola.engine import Deal, Declare, Game, preset
from briscola.engine.events import Declared, HandOver
from briscola.ui.app import App
from briscola.ui.overlays.results import HandResultScene
from briscola.ui.shots import autoplay_human
from tests.ui.helpers import FRAME, click, drawn, key, make_table, step_until


def test_declaring_31_asks_first_and_the_result_says_why_the_hand_ended() -> None:
    app, table = make_table("--variant", "to31", "--speed", "instant", "--seed", "5")
    try:
        for _ in range(20_000):
            if table.interactive and any(isinstance(button.value, Declare) for button in table.buttons):
                break
            app.step(FRAME)
        button = next(button for button in table.buttons if isinstance(button.value, Declare))
        click(button.rect.center)
        for _ in range(3):
            app.step(FRAME)
        assert not any(isinstance(event, Declared) for event in table.driver.game.log)  # asked, not declared
        asking = next(button for button in table.buttons if isinstance(button.value, Declare))
        assert asking.label == "Declare 31? Press again"
        assert "points" not in asking.label  # to 31 keeps the count hidden, the question too
        click(asking.rect.center)
        for _ in range(2_000):
            if isinstance(app.top, HandResultScene):
                break
            app.step(FRAME)
        result = app.top
        assert isinstance(result, HandResultScene) and result.event.result.reason == "declare"
        assert result.reason().startswith("You declare 31")
    finally:
        app.close()


def test_a_hand_lost_by_a_seat_that_left_says_so() -> None:
    app, table = make_table("--speed", "instant")
    try:
        game = Game(preset("classic"), 3)
        game.apply(Deal())
        over = next(event for event in game.forfeit((1,)) if isinstance(event, HandOver))
        assert over.result.reason == "exited"
        scene = HandResultScene(app, table, over)
        assert scene.reason() == f"{table.names[1]} left the table: that side loses the hand."
    finally:
        app.close()


def _said(result: HandResultScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with drawn(monkeypatch, "briscola.ui.overlays.results") as texts:
        result.draw(result.app.screen)
    return [text for text, _rect in texts]


def _counting(result: HandResultScene) -> bool:
    """Whether the points still count up, read afresh (a function, so the type checker doesn't pin it)."""
    return result.counting


def _result_of_a_hand() -> tuple[App, HandResultScene]:
    """A table at fast speed played to its first hand's result, just shown: the points are still to count."""
    app, table = make_table("--players", "2")
    rng = random.Random(2)

    def shown() -> bool:
        autoplay_human(table, rng)
        return isinstance(app.top, HandResultScene)

    step_until(app, shown)
    result = app.top
    assert isinstance(result, HandResultScene)
    return app, result


def test_the_hands_headline_waits_for_the_points_to_finish_counting(monkeypatch: pytest.MonkeyPatch) -> None:
    app, result = _result_of_a_hand()
    try:
        assert result.counting and result.count_time > 0.2
        headline, score = result.title(), "Match score:"
        said = _said(result, monkeypatch)
        assert headline not in said and not any(text.startswith(score) for text in said)
        assert "Counting the points…" in said
        with drawn(monkeypatch) as texts:  # the table under the result: its corner still shows the score before
            app.draw()
        corner = [text for text, _rect in texts if text.startswith("Match: ")]
        assert corner == [f"Match: {result.table.names[0]} 0   {result.table.names[1]} 0"]
        assert sum(result.table.driver.game.match_scores) > 0  # though the game has scored the hand
        while result.elapsed + FRAME < result.count_time:  # still counting on the count's last frame
            app.step(FRAME)
            said = _said(result, monkeypatch)
            assert headline not in said and not any(text.startswith(score) for text in said)
        step_until(app, lambda: not result.counting)
        said = _said(result, monkeypatch)
        assert headline in said and any(text.startswith(score) for text in said)
        assert "Counting the points…" not in said
        assert result.shown_points() == list(result.event.result.side_points)
    finally:
        app.close()


def test_a_key_skips_the_count_and_shows_the_outcome_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    app, result = _result_of_a_hand()
    try:
        assert result.counting
        key(pygame.K_SPACE)
        app.step(FRAME)
        assert not _counting(result) and app.top is result  # skipped, not closed
        said = _said(result, monkeypatch)
        assert result.title() in said and any(text.startswith("Match score:") for text in said)
        key(pygame.K_RETURN)  # on to the next hand: the table's corner now counts the hand just seen
        table = result.table
        step_until(app, lambda: table.interactive)
        with drawn(monkeypatch) as texts:
            app.draw()
        scores = table.driver.game.match_scores
        assert sum(scores) > 0
        corner = [text for text, _rect in texts if text.startswith("Match: ")]
        assert corner == [f"Match: {table.names[0]} {scores[0]}   {table.names[1]} {scores[1]}"]
    finally:
        app.close()
