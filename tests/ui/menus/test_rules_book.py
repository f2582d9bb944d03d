"""The rules book shows the page built from the ruleset it is about: each preset's, or the match's own (issue 30)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from briscola.engine import PRESETS
from briscola.text import i18n
from briscola.text.i18n import _, set_language
from briscola.text.rules_page import rules_page
from briscola.ui.app import App
from briscola.ui.menus.rules import RulesBookScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, drawn, step_until
from tests.ui.menus.test_menus import make_title, press


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts in English, and the language a test chooses (``--lang it``) ends with it."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def shown(book: RulesBookScene) -> str:
    """The book's text as laid out, its wrapped lines joined again."""
    return " ".join(line for line, _colour in book.lines if line)


def open_book(app: App, preset: str) -> RulesBookScene:
    app.navigator.open_rules(preset)
    app.step(FRAME)
    book = app.top
    assert isinstance(book, RulesBookScene)
    return book


def test_every_presets_page_is_the_one_built_from_its_ruleset() -> None:
    app = make_title()
    book = open_book(app, "classic")
    for _preset in PRESETS:
        page = rules_page(PRESETS[book.preset], book.deck.manifest.family)  # the cards named for the deck shown
        text = shown(book)
        assert all(paragraph.text in text for paragraph in page), book.preset
        if book.preset == "chiamata":
            assert "draws first" not in text and "more than 60" not in text and "secret partner" in text
        press(app, pygame.K_RIGHT)
    app.close()


def test_the_rules_from_the_pause_menu_are_the_matchs_own_with_its_options() -> None:
    """A classic match set to three hands and following suit: its page says so, and not the preset's summary."""
    app = make_title()
    assert app.store is not None
    app.store.change({"game.hands_to_win": 3, "game.options": {"must_follow_suit": True}})
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    rules = table.driver.rules
    assert rules.name == "classic" and rules.hands_to_win == 3 and rules.must_follow_suit
    rng = random.Random(5)

    def playing() -> bool:
        autoplay_human(table, rng)
        return table.interactive

    step_until(app, playing)
    press(app, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    book = app.top
    assert isinstance(book, RulesBookScene) and book.preset == "" and book.rules == rules
    text = shown(book)
    assert "The first to win 3 hands wins the match." in text
    assert "must follow the suit led if they can" in text and "no need to follow suit" not in text
    assert PRESETS["classic"].description not in text, "the preset's summary would say best of three"
    assert all(paragraph.text in text for paragraph in rules_page(rules, book.deck.manifest.family))
    press(app, pygame.K_RIGHT)
    assert book.preset == "classic" and "The first to win 2 hands wins the match." in shown(book)
    app.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_long_page_scrolls_to_its_end_and_every_line_stays_in_the_window(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_title("--lang", lang)
    book = open_book(app, "chiamata")
    screen = app.screen.get_rect()
    last = book.lines[-1][0]
    seen: set[str] = set()
    with drawn(monkeypatch, "briscola.ui.menus.rules") as texts:
        book.draw(app.screen)
    assert _("more below") in {text for text, _rect in texts}
    for _page in range(len(book.lines)):
        with drawn(monkeypatch, "briscola.ui.menus.rules") as texts:
            book.draw(app.screen)
        assert texts and all(screen.contains(rect) for _text, rect in texts)
        rects = [rect for _text, rect in texts]
        assert not any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1 :]), "texts overlap"
        seen |= {text for text, _rect in texts}
        if last in seen:
            break
        press(app, pygame.K_PAGEDOWN)
    else:
        pytest.fail("the end of the page was never shown")
    assert {line for line, _colour in book.lines if line} <= seen, "every line was shown on some page"
    with drawn(monkeypatch, "briscola.ui.menus.rules") as texts:
        book.draw(app.screen)
    assert _("more below") not in {text for text, _rect in texts}
    app.close()


@pytest.mark.parametrize("deck", ["napoletane", "francesi", "spagnole"])
def test_in_english_the_book_names_every_card_in_english(deck: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: no "Asso/Tre/Re" captions in English. The captions under the point cards and the page name the ranks
    of the deck shown in English (Knight for an Italian or Spanish deck, Queen for the French one); the deck's own
    suit names appear once, as its flavour, beside the English ones."""
    app = make_title()
    assert app.store is not None
    app.store.change({"display.deck": deck})
    book = open_book(app, "classic")
    with drawn(monkeypatch, "briscola.ui.menus.rules") as texts:
        book.draw(app.screen)
    captions = [text for text, _rect in texts if ": " in text and text.split(": ")[1].isdigit()]
    court = "Queen" if deck == "francesi" else "Knight"
    assert captions == ["Ace: 11", "Three: 10", "King: 4", f"{court}: 3", "Jack: 2"]
    words = set(" ".join([*captions, shown(book)]).replace(",", " ").replace(".", " ").split())
    assert not words & {"Asso", "Tre", "Re", "Cavallo", "Fante", "As", "Tres", "Rey", "Caballo", "Sota"}
    own = {"napoletane": "denari, coppe, spade, bastoni", "spagnole": "oros, copas, espadas, bastos"}.get(deck)
    if own is None:
        assert "The suits: diamonds, hearts, spades, clubs." in shown(book)
    else:
        assert f"The suits: coins, cups, swords, batons (the deck's own names: {own})." in shown(book)
    app.close()
