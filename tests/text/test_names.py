"""Card names as players read them: Italian and Spanish decks keep their proper names, the French deck's are translated.

Issue 6: a Danish player of a French deck reads ``ruder knægt``, not ``Jack of diamonds``; an English player of an
Italian deck still reads ``Fante di coppe``. The per-language tests read the committed catalogs, so they pass once the
catalogs carry the French-deck words; the others build their own catalog and do not depend on them.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator

import pytest

import briscola.text.i18n as i18n
from briscola.engine import preset
from briscola.engine.cards import ALL_CARDS, Card, DeckFamily, Rank, Suit, card_name, rank_name, suit_name
from briscola.i18n_tools import extract
from briscola.i18n_tools.catalog import Message, compile_mo
from briscola.terminal.narrator import Narrator
from briscola.terminal.words import Style
from briscola.text.i18n import set_language
from briscola.text.names import card_label, rank_label, suit_label

#: The ranks in the order the tables below list them.
RANK_ORDER = tuple(Rank.parse(letter) for letter in "A234567JQK")

#: language -> (ranks A 2 3 4 5 6 7 J Q K, suits D H S C, some whole cards): what French-deck players say.
FRENCH_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], dict[str, str]]] = {
    "it": (
        ("Asso", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Fante", "Donna", "Re"),
        ("quadri", "cuori", "picche", "fiori"),
        {"JD": "Fante di quadri", "QH": "Donna di cuori", "AS": "Asso di picche", "KC": "Re di fiori"},
    ),
    "de": (
        ("Ass", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Bube", "Dame", "König"),
        ("Karo", "Herz", "Pik", "Kreuz"),
        {"JD": "Karo-Bube", "QH": "Herz-Dame", "AS": "Pik-Ass", "KC": "Kreuz-König"},
    ),
    "es": (
        ("As", "Dos", "Tres", "Cuatro", "Cinco", "Seis", "Siete", "Jota", "Reina", "Rey"),
        ("diamantes", "corazones", "picas", "tréboles"),
        {"JD": "Jota de diamantes", "QH": "Reina de corazones", "AS": "As de picas", "KC": "Rey de tréboles"},
    ),
    "da": (
        ("es", "to", "tre", "fire", "fem", "seks", "syv", "knægt", "dame", "konge"),
        ("ruder", "hjerter", "spar", "klør"),
        {"JD": "ruder knægt", "QH": "hjerter dame", "AS": "spar es", "KC": "klør konge"},
    ),
}


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test may switch language; the module-level translation is restored afterwards for the other tests."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    yield


def _use_catalog(monkeypatch: pytest.MonkeyPatch, words: dict[str, str]) -> None:
    """Speak a made-up language holding only ``words``: the wiring is tested apart from the committed catalogs."""
    header = Message("", msgstr=["Content-Type: text/plain; charset=UTF-8\n"])
    catalog = compile_mo([header, *(Message(msgid, msgstr=[text]) for msgid, text in words.items())])
    monkeypatch.setattr(i18n, "_translation", gettext.GNUTranslations(io.BytesIO(catalog)))


@pytest.mark.parametrize("language", ["en", "it", "de", "es", "da", "xx"])
@pytest.mark.parametrize("family", [DeckFamily.ITALIAN, DeckFamily.SPANISH])
def test_italian_and_spanish_decks_keep_their_proper_names_in_every_language(language: str, family: DeckFamily) -> None:
    set_language([language])
    assert [card_label(card, family) for card in ALL_CARDS] == [card_name(card, family) for card in ALL_CARDS]
    assert [rank_label(rank, family) for rank in Rank] == [rank_name(rank, family) for rank in Rank]
    assert [suit_label(suit, family) for suit in Suit] == [suit_name(suit, family) for suit in Suit]
    assert card_label(Card.parse("QH"), DeckFamily.ITALIAN) == "Cavallo di coppe"
    assert card_label(Card.parse("JD"), DeckFamily.SPANISH) == "Sota de oros"


@pytest.mark.parametrize("language", ["en", "xx"])  # the English catalog, and no catalog at all
def test_in_english_the_french_deck_reads_as_the_engine_names_it(language: str) -> None:
    set_language([language])
    french = DeckFamily.FRENCH
    assert [card_label(card, french) for card in ALL_CARDS] == [card_name(card, french) for card in ALL_CARDS]
    assert [rank_label(rank, french) for rank in Rank] == [rank_name(rank, french) for rank in Rank]
    assert [suit_label(suit, french) for suit in Suit] == [suit_name(suit, french) for suit in Suit]
    assert card_label(Card.parse("JD"), french) == "Jack of diamonds"


def test_every_french_word_and_the_card_pattern_are_extracted_for_the_catalogs() -> None:
    """The msgids are the engine's English names: a word missing here would stay English in every language."""
    msgids = {message.msgid for message in extract()[0]}
    words = {rank_name(rank, DeckFamily.FRENCH) for rank in Rank} | {suit_name(s, DeckFamily.FRENCH) for s in Suit}
    assert words | {"{rank} of {suit}"} <= msgids


def test_the_french_deck_uses_the_catalog_words_and_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalog that reorders the pattern and names a few cards; the untranslated ones fall back to English."""
    words = {"{rank} of {suit}": "{suit}-{rank}", "Jack": "Bube", "diamonds": "Karo", "Cavallo": "Pferd"}
    _use_catalog(monkeypatch, words)
    assert card_label(Card.parse("JD"), DeckFamily.FRENCH) == "Karo-Bube"
    assert card_label(Card.parse("QD"), DeckFamily.FRENCH) == "Karo-Queen"
    assert card_label(Card.parse("JH"), DeckFamily.FRENCH) == "hearts-Bube"
    assert rank_label(Rank.JACK, DeckFamily.FRENCH) == "Bube"
    assert suit_label(Suit.DIAMONDS, DeckFamily.FRENCH) == "Karo"
    # The proper names never go through the catalog, even one that happens to hold them.
    assert card_label(Card.parse("QD"), DeckFamily.ITALIAN) == "Cavallo di denari"
    assert card_label(Card.parse("JD"), DeckFamily.SPANISH) == "Sota de oros"


def test_the_terminal_game_names_french_cards_in_the_players_words(monkeypatch: pytest.MonkeyPatch) -> None:
    words = {"{rank} of {suit}": "{suit} {rank}", "Jack": "knægt", "diamonds": "ruder", "King": "konge"}
    _use_catalog(monkeypatch, words)
    narrator = Narrator(preset("french"), 0, Style(False))
    assert narrator.card(Card.parse("JD")) == "ruder knægt (JD)"
    assert narrator.suit(Suit.DIAMONDS) == "ruder"
    assert Narrator(preset("classic"), 0, Style(False)).card(Card.parse("JD")) == "Fante di denari (JD)"


@pytest.mark.parametrize("language", sorted(FRENCH_WORDS))
def test_the_french_deck_speaks_the_players_language(language: str) -> None:
    """Against the committed catalogs: passes once they translate the French-deck words."""
    ranks, suits, cards = FRENCH_WORDS[language]
    set_language([language])
    french = DeckFamily.FRENCH
    assert tuple(rank_label(rank, french) for rank in RANK_ORDER) == ranks
    assert tuple(suit_label(suit, french) for suit in Suit) == suits
    assert {code: card_label(Card.parse(code), french) for code in cards} == cards
    # Every card still has a name of its own.
    assert len({card_label(card, french) for card in ALL_CARDS}) == len(ALL_CARDS)
