"""The new-game row "Take back moves" sets the ``coach.undo`` setting, and the match started after it may take back
moves (the launcher reads the setting as the match starts); off, it may not."""

from __future__ import annotations

import pygame
import pytest

from briscola.ui.table.scene import TableScene
from tests.ui.menus.test_new_game_screen import focus, new_game, press


@pytest.mark.parametrize("wanted", [True, False])
def test_the_take_back_row_sets_the_setting_and_the_match_reads_it(wanted: bool) -> None:
    app, scene = new_game(settings={"coach.undo": not wanted})
    try:
        keys = [row.key for row in scene.rows]
        assert keys[-2:] == ["take_back", "start"]  # near the end, with the coach's other rows
        focus(scene, "take_back")
        assert scene.rows[scene.focus].label == "Take back moves"
        press(app, pygame.K_RIGHT if wanted else pygame.K_LEFT)
        assert scene.undo is wanted
        assert app.settings_store().settings.coach.undo is wanted
        scene.start()
        table = app.top
        assert isinstance(table, TableScene)
        assert table.driver.coaching.undo is wanted and table.controller.undo_on is wanted
        table.close()
    finally:
        app.close()
