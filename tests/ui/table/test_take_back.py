"""Taking back a move at the table (headless, in-process AI): U, Ctrl+Z and the "Take back" button of a match started
with taking back on lay the table again at once from the undone game and say what was taken back; with it off, U says
how to turn it on and nothing changes."""

from __future__ import annotations

import pygame

from briscola.engine import Action, Play
from briscola.store import Coaching, MatchConfig
from briscola.ui.app import App
from briscola.ui.table.controls import TAKE_BACK
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, click, key, make_table, step_until
from tests.ui.table.test_table_play import assert_scene_matches_engine


def _table(undo: bool) -> tuple[App, TableScene]:
    app, table = make_table()
    config = MatchConfig(("human", "greedy"), ("You", "Greedy"), "classic", coaching=Coaching(undo=undo))
    table.driver.start_saving(config)
    return app, table


def _play_answered(app: App, table: TableScene) -> tuple[list[Action], Play]:
    """Play the human's first legal card, until one is answered by the computer; the actions before it and it."""
    for _attempt in range(10):
        step_until(app, lambda: table.interactive)
        before = list(table.driver.game.actions)
        hand = table.state.hands[table.driver.viewer]
        legal = {action.card for action in table.view.legal if isinstance(action, Play)}
        index = next(i for i, sprite in enumerate(hand) if sprite.card in legal)
        played = Play(hand[index].card)  # type: ignore[arg-type]
        key(pygame.K_1 + index)
        app.step(FRAME)
        step_until(app, lambda: table.interactive)
        if len(table.driver.game.actions) > len(before) + 1:
            return before, played
    raise AssertionError("no card of the human's was answered")


def _last_toast(table: TableScene) -> str:
    return table.state.toasts[-1].text if table.state.toasts else ""


def test_u_takes_back_the_move_and_the_answer_and_lays_the_table_at_once() -> None:
    app, table = _table(undo=True)
    try:
        before, played = _play_answered(app, table)
        app.step(FRAME)
        assert TAKE_BACK in [button.value for button in table.buttons]
        assert "U: take back" in table.keys_hint
        key(pygame.K_u)
        app.step(FRAME)
        assert table.driver.game.actions == before
        assert table.choreo.idle  # laid at once: nothing flies back
        assert_scene_matches_engine(table)
        assert played.card in [sprite.card for sprite in table.state.hands[table.driver.viewer]]
        words = _last_toast(table)
        assert words.startswith("Taken back: your ") and f"{table.names[1]}'s answer" in words
        step_until(app, lambda: table.interactive)  # the match goes on from there
        assert table.driver.game.actions == before
    finally:
        table.close()


def test_ctrl_z_and_the_button_take_back_too() -> None:
    app, table = _table(undo=True)
    try:
        before, _played = _play_answered(app, table)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode=""))
        app.step(FRAME)
        assert table.driver.game.actions == before
        before, _played = _play_answered(app, table)
        app.step(FRAME)
        button = next(button for button in table.buttons if button.value is TAKE_BACK)
        click(button.rect.center)
        app.step(FRAME)
        assert table.driver.game.actions == before
        assert_scene_matches_engine(table)
    finally:
        table.close()


def test_with_undo_off_u_says_how_to_turn_it_on_and_changes_nothing() -> None:
    app, table = _table(undo=False)
    try:
        _play_answered(app, table)
        app.step(FRAME)
        assert TAKE_BACK not in [button.value for button in table.buttons]
        actions = list(table.driver.game.actions)
        key(pygame.K_u)
        app.step(FRAME)
        assert table.driver.game.actions == actions
        assert "new-game screen" in _last_toast(table)
    finally:
        table.close()


def test_at_a_table_of_four_every_answer_is_taken_back_and_named() -> None:
    app, table = make_table("--players", "4")
    config = MatchConfig(
        ("human", "greedy", "greedy", "greedy"), tuple(table.names), "four", coaching=Coaching(undo=True)
    )
    table.driver.start_saving(config)
    try:
        for _attempt in range(10):
            before, _played = _play_answered(app, table)
            if len(table.driver.game.actions) - len(before) >= 3:  # two seats or more answered
                break
        app.step(FRAME)
        key(pygame.K_u)
        app.step(FRAME)
        assert table.driver.game.actions == before
        assert_scene_matches_engine(table)
        assert "the answers of " in _last_toast(table)
    finally:
        table.close()
