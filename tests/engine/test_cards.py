"""Cards: codes, capture order, points, names per deck family, parse errors and interning (rules.md section 1)."""

from __future__ import annotations

import copy
import pickle

import pytest

from briscola.engine.cards import (
    ALL_CARDS,
    CAPTURE_ORDER,
    DECK_TOTAL_POINTS,
    Card,
    CardCodeError,
    DeckFamily,
    Rank,
    Suit,
    card_name,
    cards_of_suit,
    corner_index,
    parse_cards,
    rank_name,
    suit_name,
)

RANK_CODES = "A234567JQK"
SUIT_CODES = "DHSC"
ALL_CODES = [rank + suit for suit in SUIT_CODES for rank in RANK_CODES]


def test_there_are_forty_distinct_cards() -> None:
    assert len(ALL_CARDS) == 40
    assert len(set(ALL_CARDS)) == 40
    assert [int(card) for card in ALL_CARDS] == list(range(40))
    assert sorted(card.code for card in ALL_CARDS) == sorted(ALL_CODES)


@pytest.mark.parametrize("code", ALL_CODES)
def test_code_round_trip(code: str) -> None:
    card = Card.parse(code)
    assert card.code == code
    assert str(card) == code
    assert card.rank.letter == code[0]
    assert card.suit.letter == code[1]
    assert Card.of(card.rank, card.suit) is card
    assert Card.parse(code.lower()) is card
    assert Card.parse(f"  {code} ") is card


def test_every_card_round_trips_through_its_number_and_pickle() -> None:
    for card in ALL_CARDS:
        assert Card(int(card)) is card
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
        assert repr(card) == f"Card({card.code})"


def test_card_numbers_are_suit_times_ten_plus_strength() -> None:
    for card in ALL_CARDS:
        assert int(card) == card.suit * 10 + card.rank


def test_rank_order_high_to_low() -> None:
    expected = "A3KQJ76542"
    assert "".join(rank.letter for rank in CAPTURE_ORDER) == expected
    assert [rank.letter for rank in sorted(Rank, reverse=True)] == list(expected)


@pytest.mark.parametrize("suit", list(Suit))
def test_beats_in_suit_follows_the_rank_order(suit: Suit) -> None:
    order = [Card.of(rank, suit) for rank in CAPTURE_ORDER]
    for i, high in enumerate(order):
        for j, low in enumerate(order):
            assert high.beats_in_suit(low) is (i < j)


def test_beats_in_suit_is_false_across_suits() -> None:
    ace_of_coins = Card.parse("AD")
    for card in ALL_CARDS:
        if card.suit is not Suit.DENARI:
            assert not ace_of_coins.beats_in_suit(card)
            assert not card.beats_in_suit(ace_of_coins)


def test_cards_of_suit_weakest_first() -> None:
    clubs = cards_of_suit(Suit.CLUBS)
    assert [card.code for card in clubs] == [r + "C" for r in "24567JQK3A"]
    assert all(card.suit is Suit.BASTONI for card in clubs)


@pytest.mark.parametrize(
    ("letter", "points"), [("A", 11), ("3", 10), ("K", 4), ("Q", 3), ("J", 2), ("7", 0), ("6", 0), ("5", 0), ("4", 0)]
)
def test_points_per_rank(letter: str, points: int) -> None:
    for suit in SUIT_CODES:
        assert Card.parse(letter + suit).points == points
    assert Rank.parse(letter).points == points


def test_two_is_worth_nothing() -> None:
    assert all(Card.parse("2" + suit).points == 0 for suit in SUIT_CODES)


def test_deck_and_suit_totals() -> None:
    assert sum(card.points for card in ALL_CARDS) == 120 == DECK_TOTAL_POINTS
    for suit in Suit:
        assert sum(card.points for card in cards_of_suit(suit)) == 30


def test_carichi_are_aces_and_threes() -> None:
    carichi = {card.code for card in ALL_CARDS if card.is_carico}
    assert carichi == {rank + suit for rank in "A3" for suit in SUIT_CODES}
    assert sum(Card.parse(code).points for code in carichi) == 4 * 21


def test_suit_aliases() -> None:
    aliases = {"DIAMONDS": "DENARI", "HEARTS": "COPPE", "SPADES": "SPADE", "CLUBS": "BASTONI"}
    for french, italian in aliases.items():
        assert Suit[french] is Suit[italian]
    assert [suit.letter for suit in Suit] == list(SUIT_CODES)


@pytest.mark.parametrize(
    ("code", "family", "name"),
    [
        ("AD", DeckFamily.ITALIAN, "Asso di denari"),
        ("AD", DeckFamily.SPANISH, "As de oros"),
        ("AD", DeckFamily.FRENCH, "Ace of diamonds"),
        ("JH", DeckFamily.ITALIAN, "Fante di coppe"),
        ("JH", DeckFamily.SPANISH, "Sota de copas"),
        ("JH", DeckFamily.FRENCH, "Jack of hearts"),
        ("QS", DeckFamily.ITALIAN, "Cavallo di spade"),
        ("QS", DeckFamily.SPANISH, "Caballo de espadas"),
        ("QS", DeckFamily.FRENCH, "Queen of spades"),
        ("KC", DeckFamily.ITALIAN, "Re di bastoni"),
        ("KC", DeckFamily.SPANISH, "Rey de bastos"),
        ("KC", DeckFamily.FRENCH, "King of clubs"),
        ("3D", DeckFamily.ITALIAN, "Tre di denari"),
        ("7C", DeckFamily.SPANISH, "Siete de bastos"),
        ("2H", DeckFamily.FRENCH, "Two of hearts"),
    ],
)
def test_card_names_per_family(code: str, family: DeckFamily, name: str) -> None:
    assert card_name(Card.parse(code), family) == name


def test_italian_is_the_default_family() -> None:
    assert card_name(Card.parse("KD")) == "Re di denari"
    assert rank_name(Rank.JACK) == "Fante"
    assert suit_name(Suit.SPADE) == "spade"


def test_every_card_has_a_distinct_name_in_every_family() -> None:
    for family in DeckFamily:
        names = {card_name(card, family) for card in ALL_CARDS}
        assert len(names) == 40
        assert all(name[0].isupper() for name in names)


@pytest.mark.parametrize(
    ("family", "suits"),
    [
        (DeckFamily.ITALIAN, ("denari", "coppe", "spade", "bastoni")),
        (DeckFamily.SPANISH, ("oros", "copas", "espadas", "bastos")),
        (DeckFamily.FRENCH, ("diamonds", "hearts", "spades", "clubs")),
    ],
)
def test_suit_names(family: DeckFamily, suits: tuple[str, str, str, str]) -> None:
    assert tuple(suit_name(suit, family) for suit in Suit) == suits


@pytest.mark.parametrize(
    ("family", "jack", "queen", "king", "ace"),
    [
        (DeckFamily.ITALIAN, "8", "9", "10", "1"),
        (DeckFamily.SPANISH, "10", "11", "12", "1"),
        (DeckFamily.FRENCH, "J", "Q", "K", "A"),
    ],
)
def test_corner_indices(family: DeckFamily, jack: str, queen: str, king: str, ace: str) -> None:
    assert corner_index(Rank.JACK, family) == jack
    assert corner_index(Rank.QUEEN, family) == queen
    assert corner_index(Rank.KING, family) == king
    assert corner_index(Rank.ACE, family) == ace
    assert corner_index(Rank.SEVEN, family) == "7"
    assert corner_index(Rank.TWO, family) == "2"
    assert corner_index(Rank.THREE, family) == "3"


def test_face_values_put_the_ace_lowest() -> None:
    values = {rank.letter: rank.face_value for rank in Rank}
    assert values == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}


@pytest.mark.parametrize("bad", ["", "A", "AX", "1D", "8D", "10D", "XD", "ADD", "A D", "DA", "??", "KC KD"])
def test_bad_codes_raise_card_code_error_naming_the_code(bad: str) -> None:
    with pytest.raises(CardCodeError) as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)
    assert "is not a card code" in str(info.value)


def test_card_code_error_is_a_value_error() -> None:
    assert issubclass(CardCodeError, ValueError)


def test_parsing_a_non_string_raises_card_code_error() -> None:
    with pytest.raises(CardCodeError, match="must be a string, not int"):
        Card.parse(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [-1, 40, 100])
def test_card_numbers_outside_the_deck_are_refused(number: int) -> None:
    with pytest.raises(CardCodeError, match=f"card number {number} is outside 0..39"):
        Card(number)


@pytest.mark.parametrize("bad", ["", "X", "DH", "1"])
def test_suit_parse_errors(bad: str) -> None:
    with pytest.raises(CardCodeError, match="is not a suit letter"):
        Suit.parse(bad)


@pytest.mark.parametrize("bad", ["", "1", "8", "10", "X", "AK"])
def test_rank_parse_errors(bad: str) -> None:
    with pytest.raises(CardCodeError, match="is not a rank code"):
        Rank.parse(bad)


def test_suit_and_rank_parse_accept_any_case() -> None:
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse(" C ") is Suit.CLUBS
    assert Rank.parse("q") is Rank.QUEEN
    assert Rank.parse("3") is Rank.THREE


def test_parse_cards_reads_spaces_and_commas() -> None:
    assert parse_cards("AD 3h, KC,,  2S") == (Card.parse("AD"), Card.parse("3H"), Card.parse("KC"), Card.parse("2S"))
    assert parse_cards("") == ()
    with pytest.raises(CardCodeError, match="'ZZ'"):
        parse_cards("AD ZZ")


def test_cards_are_interned() -> None:
    assert Card(5) is ALL_CARDS[5]
    assert Card.parse("AD") is ALL_CARDS[9]
    assert Card.of(Rank.TWO, Suit.DENARI) is ALL_CARDS[0]
    assert Card(Card(17)) is ALL_CARDS[17]
    assert all(Card(i) is ALL_CARDS[i] for i in range(40))


def test_cards_hash_and_compare_as_their_numbers() -> None:
    assert Card(12) == 12
    assert hash(Card(12)) == hash(12)
    assert {Card(3): "x"}[Card.parse(Card(3).code)] == "x"
