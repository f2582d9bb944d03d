"""A computer thinking for more than two seconds: its name plate counts the seconds, the table wakes for each new
one, and a shorter wait shows no number (no real waiting here: the scene's clock is stepped)."""

from __future__ import annotations

from briscola.ui.app import App
from briscola.ui.table.plates import name_plates
from briscola.ui.table.scene import SECONDS_SHOWN, TableScene
from tests.ui.helpers import make_table, step_until


def thinking_table() -> tuple[App, TableScene, int]:
    """A two-player table whose computer is to move and holds its answer for 5 s, stepped until it is asked; and the
    computer's seat."""
    app, table = make_table("--players", "2", "--ai-delay", "5")
    step_until(app, lambda: table.driver.thinking_seat is not None and table.choreo.idle and not table._lifting)
    seat = table.driver.thinking_seat
    assert seat is not None
    return app, table, seat


def plate_text(table: TableScene, seat: int) -> str:
    return next(plate.text for plate in name_plates(table) if plate.seat == seat)


def waited(table: TableScene) -> float:
    return table.clock - table._thinking[1]


def step_to(app: App, table: TableScene, seconds: float) -> None:
    """Step frames until the table has waited ``seconds`` on the computer."""
    while waited(table) < seconds:
        app.step(min(0.1, seconds - waited(table) + 1e-6), [], draw=False)


def test_the_plate_counts_the_seconds_only_after_two() -> None:
    app, table, seat = thinking_table()
    try:
        human = table.driver.human
        assert human is not None
        step_to(app, table, 1.9)
        before = plate_text(table, seat)
        assert table.thinking_seconds is None
        assert not before.endswith(" s")
        step_to(app, table, SECONDS_SHOWN + 0.05)
        assert table.driver.thinking_seat == seat
        assert plate_text(table, seat) == before + "  2 s"
        step_to(app, table, 3.5)
        assert plate_text(table, seat) == before + "  3 s"
        assert not plate_text(table, human).endswith(" s")
    finally:
        app.close()


def test_the_table_wakes_for_each_new_second_and_redraws_then() -> None:
    app, table, _seat = thinking_table()
    try:
        step_to(app, table, 2.7)
        assert table.wake_in() <= 3.0 - waited(table) + 1e-9
        shown = table.picture_key()
        step_to(app, table, 3.0)
        assert table.thinking_seconds == 3
        assert table.picture_key() != shown
    finally:
        app.close()
