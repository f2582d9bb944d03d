"""Card names as players read them: every deck in the player's language (issue 6, then issue 30).

Issue 6: a Danish player of a French deck reads ``ruder knægt``, not ``Jack of diamonds``. Issue 30: an English player
of an Italian deck read ``Asso``, ``Tre``, ``Re`` in every caption; now the Latin suits are named in the player's
language too (``Knight of cups``, ``Cavallo di coppe``, ``Caballo de copas``), and the deck's own words are flavour
beside them. The per-language tests read the committed catalogs; the others build their own catalog and do not depend
on them.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator

import pytest

import briscola.text.i18n as i18n
from briscola.engine import PRESETS, preset
from briscola.engine.actions import Bid
from briscola.engine.cards import ALL_CARDS, Card, DeckFamily, Rank, Suit, card_name, rank_name, suit_name
from briscola.i18n_tools import extract
from briscola.i18n_tools.catalog import Message, compile_mo
from briscola.terminal.narrator import Narrator
from briscola.terminal.words import Style
from briscola.text.i18n import set_language
from briscola.text.names import LATIN, bid_label, card_label, deck_suit_names, rank_label, suit_label, suit_list
from briscola.text.rules_page import rules_page

#: The ranks in the order the tables below list them.
RANK_ORDER = tuple(Rank.parse(letter) for letter in "A234567JQK")

#: language -> (ranks A 2 3 4 5 6 7 J Q K, suits D H S C, some whole cards): what French-deck players say.
FRENCH_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], dict[str, str]]] = {
    "en": (
        ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Jack", "Queen", "King"),
        ("diamonds", "hearts", "spades", "clubs"),
        {"JD": "Jack of diamonds", "QH": "Queen of hearts", "AS": "Ace of spades", "KC": "King of clubs"},
    ),
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

#: language -> (ranks, suits, some whole cards): what players of an Italian or a Spanish deck read, either deck.
LATIN_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], dict[str, str]]] = {
    "en": (
        ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Jack", "Knight", "King"),
        ("coins", "cups", "swords", "batons"),
        {"JD": "Jack of coins", "QH": "Knight of cups", "AS": "Ace of swords", "KC": "King of batons"},
    ),
    "it": (
        ("Asso", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Fante", "Cavallo", "Re"),
        ("denari", "coppe", "spade", "bastoni"),
        {"JD": "Fante di denari", "QH": "Cavallo di coppe", "AS": "Asso di spade", "KC": "Re di bastoni"},
    ),
    "es": (
        ("As", "Dos", "Tres", "Cuatro", "Cinco", "Seis", "Siete", "Sota", "Caballo", "Rey"),
        ("oros", "copas", "espadas", "bastos"),
        {"JD": "Sota de oros", "QH": "Caballo de copas", "AS": "As de espadas", "KC": "Rey de bastos"},
    ),
    "de": (
        ("Ass", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Bube", "Reiter", "König"),
        ("Münzen", "Kelche", "Schwerter", "Stäbe"),
        {"JD": "Bube der Münzen", "QH": "Reiter der Kelche", "AS": "Ass der Schwerter", "KC": "König der Stäbe"},
    ),
    "da": (
        ("es", "to", "tre", "fire", "fem", "seks", "syv", "knægt", "rytter", "konge"),
        ("mønter", "bægre", "sværd", "stave"),
        {"JD": "mønter knægt", "QH": "bægre rytter", "AS": "sværd es", "KC": "stave konge"},
    ),
}
ITALIAN_RANK_WORDS = ("Asso", "Tre", "Re", "Cavallo", "Fante")
LATIN_FAMILIES = (DeckFamily.ITALIAN, DeckFamily.SPANISH)


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test may switch language; the module-level translation is restored afterwards for the other tests."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    yield


def _use_catalog(monkeypatch: pytest.MonkeyPatch, words: dict[str, str], context: dict[str, str] | None = None) -> None:
    """Speak a made-up language holding only ``words`` (and ``context``, the Latin decks' words): the wiring is
    tested apart from the committed catalogs."""
    header = Message("", msgstr=["Content-Type: text/plain; charset=UTF-8\n"])
    plain = [Message(msgid, msgstr=[text]) for msgid, text in words.items()]
    latin = [Message(msgid, msgstr=[text], context=LATIN) for msgid, text in (context or {}).items()]
    catalog = compile_mo([header, *plain, *latin])
    monkeypatch.setattr(i18n, "_translation", gettext.GNUTranslations(io.BytesIO(catalog)))


@pytest.mark.parametrize("language", sorted(LATIN_WORDS))
@pytest.mark.parametrize("family", LATIN_FAMILIES)
def test_italian_and_spanish_decks_speak_the_players_language(language: str, family: DeckFamily) -> None:
    """Against the committed catalogs: either Latin deck reads the same words, those of the player's language."""
    ranks, suits, cards = LATIN_WORDS[language]
    set_language([language])
    assert tuple(rank_label(rank, family) for rank in RANK_ORDER) == ranks
    assert tuple(suit_label(suit, family) for suit in Suit) == suits
    assert {code: card_label(Card.parse(code), family) for code in cards} == cards
    assert suit_list(family) == ", ".join(suits)
    assert len({card_label(card, family) for card in ALL_CARDS}) == len(ALL_CARDS)


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


def test_without_a_catalog_the_words_are_english() -> None:
    """No catalog for the language: the msgids, which are the English words of each deck."""
    set_language(["xx"])
    for family in LATIN_FAMILIES:
        assert card_label(Card.parse("QH"), family) == "Knight of cups"
    french = DeckFamily.FRENCH
    assert [card_label(card, french) for card in ALL_CARDS] == [card_name(card, french) for card in ALL_CARDS]
    assert [rank_label(rank, french) for rank in Rank] == [rank_name(rank, french) for rank in Rank]
    assert [suit_label(suit, french) for suit in Suit] == [suit_name(suit, french) for suit in Suit]


@pytest.mark.parametrize("family", LATIN_FAMILIES)
def test_in_the_decks_own_language_the_names_are_the_decks_own(family: DeckFamily) -> None:
    """An Italian deck in Italian and a Spanish deck in Spanish read exactly as the engine names them."""
    set_language(["it" if family is DeckFamily.ITALIAN else "es"])
    assert [card_label(card, family) for card in ALL_CARDS] == [card_name(card, family) for card in ALL_CARDS]
    assert [rank_label(rank, family) for rank in Rank] == [rank_name(rank, family) for rank in Rank]
    assert deck_suit_names(family) is None  # no flavour to add: the player's words are the deck's


def test_the_decks_own_names_are_flavour_where_the_player_speaks_another_language() -> None:
    set_language(["en"])
    assert deck_suit_names(DeckFamily.ITALIAN) == "denari, coppe, spade, bastoni"
    assert deck_suit_names(DeckFamily.SPANISH) == "oros, copas, espadas, bastos"
    assert deck_suit_names(DeckFamily.FRENCH) is None
    set_language(["it"])
    assert deck_suit_names(DeckFamily.SPANISH) == "oros, copas, espadas, bastos"


def test_a_bid_is_named_with_the_decks_rank_in_the_players_language() -> None:
    set_language(["en"])
    assert bid_label(Bid(rank=Rank.QUEEN), DeckFamily.ITALIAN) == "Knight"
    assert bid_label(Bid(rank=Rank.QUEEN), DeckFamily.FRENCH) == "Queen"
    assert bid_label(Bid(target=70), DeckFamily.ITALIAN) == "70 points"
    set_language(["es"])
    assert bid_label(Bid(rank=Rank.JACK), DeckFamily.ITALIAN) == "Sota"
    assert bid_label(Bid(rank=Rank.JACK), DeckFamily.FRENCH) == "Jota"


def test_every_word_and_pattern_is_extracted_for_the_catalogs_with_its_context() -> None:
    """The msgids are the English words; the Latin decks' carry the context LATIN (written out literally in
    names.py, so the extractor can read it: a typo there would leave a word untranslated in every language)."""
    messages = extract()[0]
    plain = {message.msgid for message in messages if message.context is None}
    latin = {message.msgid for message in messages if message.context == LATIN}
    french = {rank_name(rank, DeckFamily.FRENCH) for rank in Rank} | {suit_name(s, DeckFamily.FRENCH) for s in Suit}
    assert french | {"{rank} of {suit}"} <= plain
    english = set(LATIN_WORDS["en"][0]) | set(LATIN_WORDS["en"][1]) | {"{rank} of {suit}"}
    assert latin == english
    assert {message.context for message in messages} == {None, LATIN}


def test_the_words_come_from_the_catalog_each_deck_with_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalog that reorders the patterns and names a few cards; the untranslated ones fall back to English. The
    same English word is two messages: "Jack" of a French deck and "Jack" of a Latin one."""
    words = {"{rank} of {suit}": "{suit}-{rank}", "Jack": "Jota", "diamonds": "Karo"}
    latin = {"{rank} of {suit}": "{rank} der {suit}", "Jack": "Sota", "coins": "Münzen"}
    _use_catalog(monkeypatch, words, latin)
    assert card_label(Card.parse("JD"), DeckFamily.FRENCH) == "Karo-Jota"
    assert card_label(Card.parse("QD"), DeckFamily.FRENCH) == "Karo-Queen"
    assert card_label(Card.parse("JD"), DeckFamily.ITALIAN) == "Sota der Münzen"
    assert card_label(Card.parse("QH"), DeckFamily.SPANISH) == "Knight der cups"


def test_the_terminal_game_names_cards_in_the_players_words(monkeypatch: pytest.MonkeyPatch) -> None:
    words = {"{rank} of {suit}": "{suit} {rank}", "Jack": "knægt", "diamonds": "ruder", "King": "konge"}
    _use_catalog(monkeypatch, words, {"{rank} of {suit}": "{suit} {rank}", "Jack": "knægt", "coins": "mønter"})
    narrator = Narrator(preset("french"), 0, Style(False))
    assert narrator.card(Card.parse("JD")) == "ruder knægt (JD)"
    assert narrator.suit(Suit.DIAMONDS) == "ruder"
    assert Narrator(preset("classic"), 0, Style(False)).card(Card.parse("JD")) == "mønter knægt (JD)"
    set_language(["en"])
    assert Narrator(preset("classic"), 0, Style(False)).card(Card.parse("JD")) == "Jack of coins (JD)"
    assert Narrator(preset("brisca"), 0, Style(False)).card(Card.parse("3S")) == "Three of swords (3S)"


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("family", list(DeckFamily))
def test_english_rules_pages_name_no_card_in_italian_or_spanish(name: str, family: DeckFamily) -> None:
    """Issue 30: no "Asso/Tre/Re" in English. The deck's own words appear once, as flavour, in brackets."""
    set_language(["en"])
    page = rules_page(PRESETS[name], family)
    text = " ".join(paragraph.text for paragraph in page)
    flavour = deck_suit_names(family)
    if flavour is not None:
        assert f"(the deck's own names: {flavour})" in text
        text = text.replace(flavour, "")
    words = set(text.replace(",", " ").replace(".", " ").replace("(", " ").replace(")", " ").split())
    assert not words & {*ITALIAN_RANK_WORDS, "Sota", "Caballo", "Rey", "As", "Tres"}
    assert not words & {"denari", "coppe", "spade", "bastoni", "oros", "copas", "espadas", "bastos"}
    queen = "Queen" if family is DeckFamily.FRENCH else "Knight"
    assert f"Order within a suit: Ace, Three, King, {queen}, Jack, 7, 6, 5, 4, 2." in text
