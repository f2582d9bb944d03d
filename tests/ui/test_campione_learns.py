"""Campione learns the player at the desktop table (issue 36): a two-player match against Campione under a profile
leaves, after each hand, a model of one more hand in the history under the profile's name; the next match reads it."""

from __future__ import annotations

from pathlib import Path

import pygame

from briscola.match.learning import PROFILE
from briscola.store.history import History
from briscola.ui.launcher import build_table, open_history
from briscola.ui.options import Options, parse_options
from briscola.ui.overlays.results import HandResultScene
from tests.ui.helpers import FRAME, key, step_until

#: Campione at its least think time (the learning is what is tested, not its strength).
CAMPIONE = ["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", "--players", "2"]
CAMPIONE += ["--level", "campione", "--think-time", "0.05"]


def _options(history: Path) -> Options:
    options = parse_options([*CAMPIONE, "--history", str(history), "--seed", "8"])
    assert isinstance(options, Options)
    open_history(options)
    return options


def test_campione_at_the_table_learns_each_hand_and_the_history_keeps_it_under_the_profile(tmp_path: Path) -> None:
    app, table = build_table(_options(tmp_path / "h.sqlite3"), autosave=True)
    assert table.driver.learning is not None and table.driver.learning.seat == 1
    try:
        for hand in (1, 2):

            def progress() -> bool:
                if isinstance(app.top, HandResultScene):
                    return True
                if table.interactive:
                    key(pygame.K_1)
                return False

            step_until(app, progress)
            app.step(FRAME)  # the results panel takes the model learned, for the writer to keep
            writer = app.history_writer()
            assert writer is not None and writer.flush(10)
            assert app.config.history is not None
            model, problem = app.config.history.opponent_model(PROFILE, app.profile)
            assert problem is None and model.hands == hand
            key(pygame.K_RETURN)  # the next hand
            step_until(app, lambda: not isinstance(app.top, HandResultScene))
    finally:
        app.close()
    history, _ = History.open(tmp_path / "h.sqlite3")
    assert history is not None
    assert history.opponent_model(PROFILE, "Player")[0].hands == 2
    history.close()
