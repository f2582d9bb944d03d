"""Card, rank and suit names as a player reads them: the one home of how a card is named, per language and deck.

The engine names cards in each deck's own words (:func:`briscola.engine.cards.card_name`: ``Asso di denari``, ``As
de oros``, ``Ace of diamonds``) but may not translate: it imports nothing of the project. Every screen and the
terminal game ask here instead (the table's messages and buttons, the contract line, the trumps' label, the hand's
result, the rules book and its captions, the terminal's cards and bids), so a card reads the same everywhere, in the
player's language, whichever deck is on the table. BBP/1 and the saves never see these names: they speak card codes.

There are two suit systems, and each is named in the player's words:

* **Latin suits**, the Italian and the Spanish decks: the same four suits and the same courts, so one table of words
  serves both. In Italian they are ``Fante di coppe``, in Spanish ``Sota de copas``, in English ``Jack of cups``,
  whichever of the two decks is drawn (an Italian player calls a Spanish *sota* a *fante*). Their messages carry the
  context :data:`LATIN`, since an English word may name two different things in another language: the Jack of a
  French deck is a *Jota* in Spanish, the Latin one a *Sota*; German joins *Karo-Bube* but says *Bube der Kelche*.
* **French suits**: ``Jack of diamonds``, ``Fante di quadri``, ``Karo-Bube``, ``Jota de diamantes``, ``ruder knægt``.

The English words for the Latin decks, and why: **coins, cups, swords, batons**: batons and not clubs, because the
French deck's trefoil is clubs, and one English word names one picture (Italian and Spanish, too, keep *fiori* and
*bastoni*, *tréboles* and *bastos* apart); **Knight**, not Horse, for the mounted court card (*cavallo*, *caballo*),
as tarot names it in English and as the rules pages call it; **Jack**, not Knave, the word English players know from
their own cards. Suits are lower case, as in running text (``Ace of coins``, ``Trumps: cups``), like the French
deck's ``Jack of diamonds``.

An Italian or Spanish deck's own names stay its flavour: :func:`deck_suit_names` gives them, to be shown beside the
player's words where they differ (the rules book does), never in their place.

With no catalog for the language (and in English), every word is the msgid: the English names above.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.actions import Bid
from briscola.engine.cards import Card, DeckFamily, Rank, Suit, suit_name
from briscola.text.i18n import N_, NC_, _, pgettext

__all__ = ["LATIN", "bid_label", "card_label", "deck_suit_names", "rank_label", "suit_label", "suit_list"]

LATIN: Final = "Italian or Spanish deck"
"""The context (``msgctxt``) of the Latin-suited decks' words; written out literally in each ``NC_`` below, as the
catalog tool reads literals only (a test checks they agree)."""

# Plain words as msgids: no other message of the game is exactly one of these words, and a future one with the same
# English word would almost always want the same translation (a "King" is a "Re" wherever it appears).
_FRENCH_RANKS: Final[dict[Rank, str]] = {
    Rank.ACE: N_("Ace"),
    Rank.TWO: N_("Two"),
    Rank.THREE: N_("Three"),
    Rank.FOUR: N_("Four"),
    Rank.FIVE: N_("Five"),
    Rank.SIX: N_("Six"),
    Rank.SEVEN: N_("Seven"),
    Rank.JACK: N_("Jack"),
    Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
}
#: In :class:`Suit` order (D, H, S, C); lower case, as suits are written inside a sentence.
_FRENCH_SUITS: Final = (N_("diamonds"), N_("hearts"), N_("spades"), N_("clubs"))

#: The Italian and Spanish decks' ranks (context :data:`LATIN`): the same courts under two decks' pictures.
_LATIN_RANKS: Final[dict[Rank, str]] = {
    Rank.ACE: NC_("Italian or Spanish deck", "Ace"),
    Rank.TWO: NC_("Italian or Spanish deck", "Two"),
    Rank.THREE: NC_("Italian or Spanish deck", "Three"),
    Rank.FOUR: NC_("Italian or Spanish deck", "Four"),
    Rank.FIVE: NC_("Italian or Spanish deck", "Five"),
    Rank.SIX: NC_("Italian or Spanish deck", "Six"),
    Rank.SEVEN: NC_("Italian or Spanish deck", "Seven"),
    Rank.JACK: NC_("Italian or Spanish deck", "Jack"),
    Rank.QUEEN: NC_("Italian or Spanish deck", "Knight"),
    Rank.KING: NC_("Italian or Spanish deck", "King"),
}
#: In :class:`Suit` order (D, H, S, C): denari / oros, coppe / copas, spade / espadas, bastoni / bastos.
_LATIN_SUITS: Final = (
    NC_("Italian or Spanish deck", "coins"),
    NC_("Italian or Spanish deck", "cups"),
    NC_("Italian or Spanish deck", "swords"),
    NC_("Italian or Spanish deck", "batons"),
)
_LATIN_CARD: Final = NC_("Italian or Spanish deck", "{rank} of {suit}")


def _latin(family: DeckFamily) -> bool:
    return family is not DeckFamily.FRENCH


def rank_label(rank: Rank, family: DeckFamily) -> str:
    """A rank's name in the player's language for this deck: ``Knight`` / ``Queen`` in English, ``Cavallo`` /
    ``Donna`` in Italian, ``Caballo`` / ``Reina`` in Spanish."""
    if _latin(family):
        return pgettext(LATIN, _LATIN_RANKS[rank])
    return _(_FRENCH_RANKS[rank])


def suit_label(suit: Suit, family: DeckFamily) -> str:
    """A suit's name for running text, in the player's language: ``coins`` / ``diamonds``, ``denari`` / ``quadri``."""
    if _latin(family):
        return pgettext(LATIN, _LATIN_SUITS[suit])
    return _(_FRENCH_SUITS[suit])


def card_label(card: Card, family: DeckFamily) -> str:
    """A card's full name in the player's language: ``Knight of cups``, ``Cavallo di coppe``, ``Queen of hearts``."""
    # Translators reorder or rejoin the parts: "{suit}-{rank}" (Herz-Dame), "{suit} {rank}" (hjerter dame).
    pattern = pgettext(LATIN, _LATIN_CARD) if _latin(family) else _("{rank} of {suit}")
    return pattern.format(rank=rank_label(card.rank, family), suit=suit_label(card.suit, family))


def suit_list(family: DeckFamily) -> str:
    """The four suits in the player's words, in the deck's order: ``coins, cups, swords, batons``."""
    return ", ".join(suit_label(suit, family) for suit in Suit)


def deck_suit_names(family: DeckFamily) -> str | None:
    """An Italian or Spanish deck's suits in its own language (``denari, coppe, spade, bastoni``), as flavour beside
    the player's words; None for the French deck, and where the player's words already are the deck's own."""
    if not _latin(family):
        return None
    own = ", ".join(suit_name(suit, family) for suit in Suit)
    return None if own == suit_list(family) else own


def bid_label(bid: Bid, family: DeckFamily, *, unit: bool = True) -> str:
    """An auction bid for the player: a rank's name (chiamata's ``Ace``, ``Three`` ...) or so many points.

    The one wording of a bid, for the terminal game and the table alike. ``unit=False`` gives a point bid as the bare
    number, where the words around it or the auction already on screen say what it counts (the table's bid buttons,
    "Bid 70", and its line "Anna bids 70.").
    """
    if bid.rank is not None:
        return rank_label(bid.rank, family)
    if not unit:
        return str(bid.target)
    return _("{target} points").format(target=bid.target)
