"""The table's match controller: the viewer's view is made once per change of the game, never per frame, and drawing
makes none."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from briscola.engine.views import PlayerView
from briscola.ui.shots import autoplay_human
from tests.ui.helpers import FRAME, make_table


def test_the_view_is_made_once_per_change_of_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = make_table("--players", "2")
    try:
        driver = table.driver
        real = driver.view
        made: list[tuple[int, int]] = []

        def counting() -> PlayerView:
            made.append((id(driver.game), len(driver.game.actions)))
            return real()

        monkeypatch.setattr(driver, "view", counting)
        rng = random.Random(1)
        frames = 0
        while driver.game.tricks_played < 3 and frames < 20_000:
            autoplay_human(table, rng)
            app.step(FRAME)
            frames += 1
        assert driver.game.tricks_played >= 3
        assert made and len(made) == len(set(made))  # never twice for the same state of the game
        assert len(made) < frames / 3  # far fewer than the frames drawn
        before = len(made)
        for _ in range(5):
            app.draw()
        assert len(made) == before  # drawing makes no view
    finally:
        app.close()


def test_drawing_reads_no_file_even_at_a_size_never_shown_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """``draw`` touches no file: the table, the rules book over it and the pause menu, after the window was resized (so
    every card is drawn at a new size: rasterised from the deck's bytes read when the deck was made)."""
    app, table = make_table("--players", "4")
    try:
        rng = random.Random(2)
        while table.driver.game.tricks_played < 2:
            autoplay_human(table, rng)
            app.step(FRAME)
        openers: list[Callable[[], None]] = [
            lambda: None,
            app.navigator.pause,
            lambda: app.navigator.open_rules("four"),
        ]
        for open_scene in openers:
            open_scene()
            app.resize((app.size[0] - 97, app.size[1] - 61))
            app.scenes[-1].update(FRAME)
            with monkeypatch.context() as patched:

                def no_file(*args: object, **kwargs: object) -> None:
                    raise AssertionError(f"a file was opened while drawing: {args}")

                patched.setattr("builtins.open", no_file)
                patched.setattr("io.open", no_file)
                patched.setattr("pathlib.Path.read_bytes", no_file)
                patched.setattr("pathlib.Path.read_text", no_file)
                for _ in range(3):
                    app.draw()
    finally:
        app.close()
