"""A move that ends the hand asks first, and the hand's result says why it ended (issue 30, item 5): declaring 31 at
the table (a wrong claim loses the hand on one click before) and a seat that left."""

from __future__ import annotations

from briscola.engine import Deal, Declare, Game, preset
from briscola.engine.events import Declared, HandOver
from briscola.ui.overlays.results import HandResultScene
from tests.ui.helpers import FRAME, click, make_table


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
