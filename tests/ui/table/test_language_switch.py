"""A language chosen during a match reaches every word on the table at once (issue 30).

Words made when the match began stayed in its language: the human's seat was still "You" at a Spanish table
("Partido: You & Marco"), a computer's level and the pause menu's buttons too. Each test starts a table in English,
switches to Spanish the way the pause menu's Settings do (:meth:`App.follow_setting`), draws, and reads the texts drawn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import cast

import pygame
import pytest

from briscola.engine import Action, Bid
from briscola.text import i18n
from briscola.text.i18n import _, set_language
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.overlays.pause import PauseScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene, describe_action
from tests.ui.helpers import FRAME, drawn, key, make_table, step_until
from tests.ui.menus.test_menus import make_title, press

#: Every module that draws words on the table and over it.
DRAWING = ("briscola.ui.table.draw", "briscola.ui.widgets.basic", "briscola.ui.overlays.pause")


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts in English; the Spanish it switches to ends with it."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


@contextmanager
def every_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The texts drawn by every drawing module while the block runs."""
    texts: list[str] = []
    with ExitStack() as stack:
        recorders = [stack.enter_context(drawn(monkeypatch, module)) for module in DRAWING]
        yield texts
        texts += [text for recorder in recorders for text, _rect in recorder]


def worded(table: TableScene) -> list[str]:
    """The table's buttons as worded in the language in use now."""
    return [describe_action(cast(Action, button.value), table.state.family) for button in table.buttons]


def test_spanish_chosen_from_the_pause_menu_shows_on_the_table_and_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title("--lang", "en")
    press(app, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    rng = random.Random(3)

    def trick_taken() -> bool:
        autoplay_human(table, rng)
        return table.driver.game.tricks_played >= 1 and table.interactive

    step_until(app, trick_taken)
    with every_text(monkeypatch) as english:
        app.draw()
    assert any(text.startswith("Match: You ") for text in english)
    assert any(text.startswith("You") for text in english)  # the player's plate
    level = table.driver.seats[1].level_name
    assert any(f"· {level}" in text for text in english)  # "Giulia · Beginner", maybe "  (dealer)" after

    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.focus = [button.value for button in pause.buttons].index("settings")
    press(app, pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    settings.focus = [row.key for row in settings.rows].index("display.language")
    for _step in range(len(settings.row("display.language").values)):
        if settings.row("display.language").value == "es":
            break
        press(app, pygame.K_RIGHT)
    assert _("You") == "Tú"  # the game speaks Spanish now
    press(app, pygame.K_ESCAPE)
    assert app.top is pause

    with every_text(monkeypatch) as spanish:
        app.draw()  # the table under the pause menu, and the menu
    assert [button.label for button in pause.buttons][:2] == [_("Resume"), _("New game")]
    assert _("Resume") != "Resume" and _("Resume") in spanish and _("Paused") in spanish
    assert any(text.startswith("Partido: Tú ") for text in spanish), spanish
    assert any(text.startswith("Tú") for text in spanish)
    assert any(f"· {_(level)}" in text for text in spanish) and _(level) != level
    assert not [text for text in spanish if "You" in text.split() or level in text]

    press(app, pygame.K_ESCAPE)  # back to the table
    back: object = app.top
    assert back is table
    with every_text(monkeypatch) as playing:
        app.step(FRAME)
    assert any(text.startswith("Partido: Tú ") for text in playing)
    assert not [text for text in playing if "You" in text.split() or "Match:" in text or level in text]
    app.close()


def test_the_bid_buttons_contract_and_messages_are_worded_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chiamata: the bid buttons made for the human's turn, the messages already over the table and the auction's
    standing all read Spanish on the next frame."""
    app, table = make_table("--variant", "chiamata")
    try:
        step_until(app, lambda: table.interactive and any(isinstance(b.value, Bid) for b in table.buttons))
        english = [button.label for button in table.buttons]
        told = [toast.text for toast in table.state.toasts]
        assert told and english == worded(table)

        assert app.store is not None
        app.store.change({"display.language": "es"})
        app.follow_setting("display.language")  # what the settings scene does with the row
        with every_text(monkeypatch) as texts:
            app.draw()
        spanish = [button.label for button in table.buttons]
        assert spanish == worded(table)
        assert spanish != english and all(label in texts for label in spanish)
        assert [toast.text for toast in table.state.toasts] != told
        assert not set(told) & set(texts) - {"Paolo", "Giulia", "Marco", "Sara", "Luca", "Anna"}
        assert not [text for text in texts if "You" in text.split()]
        key(pygame.K_TAB)  # the buttons still work, in Spanish
        app.step(FRAME)
        assert table.button_focus is not None
    finally:
        app.close()
