"""The new-game screen's coach rows: Hints and Grade my moves set the [coach] settings the match starts with."""

from __future__ import annotations

import pygame

from briscola.ui.menus.setup.new_game import NewGameScene
from briscola.ui.table.scene import TableScene
from tests.ui.menus.test_new_game_screen import focus, new_game, press


def test_the_coach_rows_start_from_the_settings_and_set_them_for_the_match() -> None:
    app, scene = new_game(settings={"coach.hints": False, "coach.grading": "off"})
    keys = [row.key for row in scene.rows]
    assert keys[-5:] == ["deck", "hints", "grading", "take_back", "start"]  # the coach's rows together, at the end
    focus(scene, "hints")
    press(app, pygame.K_RIGHT)
    focus(scene, "grading")
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)
    assert scene.hints and scene.grading == "hand"
    assert app.store is not None
    assert app.store.settings.coach.hints and app.store.settings.coach.grading == "hand"  # saved as chosen
    scene.start()
    for _frame in range(10):
        if isinstance(app.scenes[-1], TableScene):
            break
        app.step(1 / 60)
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    coach = app.store.settings.coach
    assert coach.hints and coach.grading == "hand"
    assert table.driver.coaching.hints and table.driver.coaching.grading == "hand"
    again = NewGameScene(app)  # the next new game starts from the choice
    assert again.hints and again.grading == "hand"
