"""Cards: the 40 neutral card codes of BBP/1, their capture order, points and names per deck family.

A card is a small ``int`` (``suit * 10 + strength``) wrapped in :class:`Card`, so that the hot paths of the engine
index tables with it directly while people and files see its code (``"AD"``, ``"3H"``, ``"KC"``). Within a suit a
higher ``strength`` captures a lower one, so comparing two cards of one suit is comparing two integers.

>>> Card.parse("3H").points
10
>>> Card.parse("AD").beats_in_suit(Card.parse("3D"))
True
>>> [c.code for c in sorted(cards_of_suit(Suit.CLUBS), reverse=True)][:3]
['AC', '3C', 'KC']
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import Final

__all__ = [
    "ALL_CARDS",
    "CAPTURE_ORDER",
    "CARD_POINTS",
    "DECK_TOTAL_POINTS",
    "RANK_POINTS",
    "Card",
    "CardCodeError",
    "DeckFamily",
    "Rank",
    "Suit",
    "card_name",
    "cards_of_suit",
    "corner_index",
    "parse_cards",
    "rank_name",
    "suit_name",
]


class CardCodeError(ValueError):
    """A card code that is not one of the 40 codes of BBP/1 (rank ``A234567JQK`` then suit ``DHSC``)."""


class Suit(IntEnum):
    """The four suits, in the neutral order of BBP/1: D, H, S, C."""

    DENARI = 0
    COPPE = 1
    SPADE = 2
    BASTONI = 3

    # French-family aliases, so code reading ``Suit.HEARTS`` is as clear as ``Suit.COPPE``.
    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The one-letter code used in card codes and in BBP/1."""
        return "DHSC"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter (``D``, ``H``, ``S``, ``C``, any case)."""
        index = "DHSC".find(text.strip().upper()) if len(text.strip()) == 1 else -1
        if index < 0:
            raise CardCodeError(f"{text!r} is not a suit letter (one of D, H, S, C)")
        return cls(index)


class Rank(IntEnum):
    """The ten ranks, numbered by capture strength: ``Rank.TWO`` is the weakest, ``Rank.ACE`` the strongest."""

    TWO = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    JACK = 5  # Fante / Sota / Jack
    QUEEN = 6  # Cavallo / Caballo / Queen (Dame)
    KING = 7  # Re / Rey / King
    THREE = 8
    ACE = 9

    @property
    def letter(self) -> str:
        """The one-character code used in card codes and in BBP/1."""
        return _RANK_LETTERS[self]

    @property
    def points(self) -> int:
        """Card points of this rank: A 11, 3 10, K 4, Q 3, J 2, the rest 0."""
        return RANK_POINTS[self]

    @property
    def face_value(self) -> int:
        """The number printed on the card in Italian and French decks (A=1, J=8, Q=9, K=10), used for cutting."""
        return _FACE_VALUES[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank code (``A 2 3 4 5 6 7 J Q K``, any case)."""
        index = _RANK_LETTERS.find(text.strip().upper()) if len(text.strip()) == 1 else -1
        if index < 0:
            raise CardCodeError(f"{text!r} is not a rank code (one of A, 2-7, J, Q, K)")
        return cls(index)


_RANK_LETTERS: Final = "24567JQK3A"
#: Card points by rank strength (2 4 5 6 7 J Q K 3 A): the one table of card points; everything else derives from it.
RANK_POINTS: Final[tuple[int, ...]] = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)
#: Card points by card number (``suit * 10 + strength``), for hot loops that index with a card and skip the property.
CARD_POINTS: Final[tuple[int, ...]] = RANK_POINTS * 4
_FACE_VALUES: Final = (2, 4, 5, 6, 7, 8, 9, 10, 3, 1)

#: Ranks from the strongest to the weakest: the order in which cards capture (and in which chiamata bids descend).
CAPTURE_ORDER: Final[tuple[Rank, ...]] = tuple(sorted(Rank, reverse=True))


class Card(int):
    """One card, an ``int`` in ``0..39`` equal to ``suit * 10 + rank`` (rank numbered by strength).

    Cards are interned: :data:`ALL_CARDS` holds the only 40 instances the engine ever makes, so identity, equality and
    hashing all agree, and code that finds a ``Card`` in an object knows it is looking at a card and not a count.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if _INTERNED:
            if not 0 <= value < 40:
                raise CardCodeError(f"card number {value} is outside 0..39")
            return _INTERNED[value]
        return super().__new__(cls, value)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS_BY_SUIT_INDEX[self // 10]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS_BY_RANK_INDEX[self % 10]

    @property
    def points(self) -> int:
        """The card's points (see :attr:`Rank.points`)."""
        return RANK_POINTS[self % 10]

    @property
    def code(self) -> str:
        """The BBP/1 code: rank then suit, e.g. ``"AD"`` (Asso di denari) or ``"KC"`` (Re di bastoni)."""
        return _RANK_LETTERS[self % 10] + "DHSC"[self // 10]

    @property
    def is_carico(self) -> bool:
        """True for an ace or a three, the *carichi* that hold 21 of each suit's 30 points."""
        return self % 10 >= Rank.THREE

    def beats_in_suit(self, other: Card) -> bool:
        """True when both cards share a suit and this one captures the other."""
        return self // 10 == other // 10 and int(self) > int(other)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of ``rank`` and ``suit``."""
        return _INTERNED[suit * 10 + rank]

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a BBP/1 code such as ``"AD"``, ``"3h"`` or ``" KC "``.

        Raises :class:`CardCodeError` naming the bad code.
        """
        if not isinstance(code, str):
            raise CardCodeError(f"a card code must be a string, not {type(code).__name__}")
        text = code.strip().upper()
        card = _BY_CODE.get(text)
        if card is None:
            raise CardCodeError(f"{code!r} is not a card code (rank A,2-7,J,Q,K then suit D,H,S,C, e.g. 'AD')")
        return card

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_INTERNED: list[Card] = []
_INTERNED.extend([Card(i) for i in range(40)])  # built in full before any lookup: Card() interns once it is filled
_SUITS_BY_SUIT_INDEX: Final = tuple(Suit(i) for i in range(4))
_RANKS_BY_RANK_INDEX: Final = tuple(Rank(i) for i in range(10))
_BY_CODE: Final = {card.code: card for card in _INTERNED}

#: The 40 cards in numeric order (suit by suit, weakest first).
ALL_CARDS: Final[tuple[Card, ...]] = tuple(_INTERNED)
#: Points in a full deck: four suits of 30.
DECK_TOTAL_POINTS: Final = sum(CARD_POINTS)


def cards_of_suit(suit: Suit) -> tuple[Card, ...]:
    """The ten cards of ``suit``, weakest first."""
    return ALL_CARDS[suit * 10 : suit * 10 + 10]


def parse_cards(codes: str) -> tuple[Card, ...]:
    """Read space- or comma-separated codes: ``parse_cards("AD 3H, KC")``."""
    return tuple(Card.parse(part) for part in codes.replace(",", " ").split())


class DeckFamily(Enum):
    """The three families of 40-card decks; they differ only in names and pictures, never in rules."""

    ITALIAN = "italian"
    SPANISH = "spanish"
    FRENCH = "french"


# Names of ranks and suits as each family's own players say them. They are the decks' proper names, which is why
# they are data here; sentence glue around them ("of", "di", "de") is per family too.
_RANK_NAMES: Final[dict[DeckFamily, dict[Rank, str]]] = {
    DeckFamily.ITALIAN: {
        Rank.ACE: "Asso",
        Rank.TWO: "Due",
        Rank.THREE: "Tre",
        Rank.FOUR: "Quattro",
        Rank.FIVE: "Cinque",
        Rank.SIX: "Sei",
        Rank.SEVEN: "Sette",
        Rank.JACK: "Fante",
        Rank.QUEEN: "Cavallo",
        Rank.KING: "Re",
    },
    DeckFamily.SPANISH: {
        Rank.ACE: "As",
        Rank.TWO: "Dos",
        Rank.THREE: "Tres",
        Rank.FOUR: "Cuatro",
        Rank.FIVE: "Cinco",
        Rank.SIX: "Seis",
        Rank.SEVEN: "Siete",
        Rank.JACK: "Sota",
        Rank.QUEEN: "Caballo",
        Rank.KING: "Rey",
    },
    DeckFamily.FRENCH: {
        Rank.ACE: "Ace",
        Rank.TWO: "Two",
        Rank.THREE: "Three",
        Rank.FOUR: "Four",
        Rank.FIVE: "Five",
        Rank.SIX: "Six",
        Rank.SEVEN: "Seven",
        Rank.JACK: "Jack",
        Rank.QUEEN: "Queen",
        Rank.KING: "King",
    },
}
_SUIT_NAMES: Final[dict[DeckFamily, tuple[str, str, str, str]]] = {
    DeckFamily.ITALIAN: ("denari", "coppe", "spade", "bastoni"),
    DeckFamily.SPANISH: ("oros", "copas", "espadas", "bastos"),
    DeckFamily.FRENCH: ("diamonds", "hearts", "spades", "clubs"),
}
_OF: Final = {DeckFamily.ITALIAN: "di", DeckFamily.SPANISH: "de", DeckFamily.FRENCH: "of"}
# The index printed in the corner of a court card: Spanish decks number their courts 10/11/12, Italian ones 8/9/10.
_COURT_INDEX: Final = {
    DeckFamily.ITALIAN: {Rank.JACK: "8", Rank.QUEEN: "9", Rank.KING: "10"},
    DeckFamily.SPANISH: {Rank.JACK: "10", Rank.QUEEN: "11", Rank.KING: "12"},
    DeckFamily.FRENCH: {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"},
}


def rank_name(rank: Rank, family: DeckFamily = DeckFamily.ITALIAN) -> str:
    """The family's name of a rank: ``Fante`` / ``Sota`` / ``Jack``."""
    return _RANK_NAMES[family][rank]


def suit_name(suit: Suit, family: DeckFamily = DeckFamily.ITALIAN) -> str:
    """The family's name of a suit, lower case as in running text: ``denari`` / ``oros`` / ``diamonds``."""
    return _SUIT_NAMES[family][suit]


def corner_index(rank: Rank, family: DeckFamily = DeckFamily.ITALIAN) -> str:
    """The index printed in a card's corner in this family (``"1"`` for an ace, ``"12"`` for a Spanish Rey)."""
    court = _COURT_INDEX[family].get(rank)
    if court is not None:
        return court
    if rank is Rank.ACE:
        return "A" if family is DeckFamily.FRENCH else "1"
    return str(rank.face_value)


def card_name(card: Card, family: DeckFamily = DeckFamily.ITALIAN) -> str:
    """A card's full name in its family's own words: ``Asso di denari``, ``As de oros``, ``Ace of diamonds``."""
    return f"{rank_name(card.rank, family)} {_OF[family]} {suit_name(card.suit, family)}"
