"""Card, rank and suit names as a player reads them: in the deck's own words, translated only where that is right.

The engine names cards (:func:`briscola.engine.cards.card_name`) but may not translate: it imports nothing of the
project. So the screens and the terminal ask here instead, and this module decides per deck family:

* Italian and Spanish decks keep their proper names in every language (``Fante di coppe``, ``Sota de oros``): they
  are what their players call the cards wherever they play, and what a player learns to recognise on the table.
* The French deck's names are ordinary words of whatever language the player speaks (``Jack of diamonds`` is
  ``Fante di quadri``, ``Karo-Bube``, ``Jota de diamantes``, ``ruder knægt``), so they go through gettext, and so does
  the pattern that joins rank and suit: each language orders and links the two in its own way.

English text is the engine's own French-family names, so an untranslated game reads exactly as before.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.actions import Bid
from briscola.engine.cards import Card, DeckFamily, Rank, Suit, card_name, rank_name, suit_name
from briscola.text.i18n import N_, _

__all__ = ["bid_label", "card_label", "rank_label", "suit_label"]

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


def rank_label(rank: Rank, family: DeckFamily) -> str:
    """A rank's name for the player: ``Fante`` / ``Sota`` in every language, a French-deck rank in the player's."""
    if family is DeckFamily.FRENCH:
        return _(_FRENCH_RANKS[rank])
    return rank_name(rank, family)


def suit_label(suit: Suit, family: DeckFamily) -> str:
    """A suit's name for running text: ``coppe`` / ``copas`` in every language, a French-deck suit in the player's."""
    if family is DeckFamily.FRENCH:
        return _(_FRENCH_SUITS[suit])
    return suit_name(suit, family)


def card_label(card: Card, family: DeckFamily) -> str:
    """A card's full name for the player: ``Cavallo di coppe`` as it is, ``Queen of hearts`` in the player's words."""
    if family is DeckFamily.FRENCH:
        # Translators reorder or rejoin the parts: "{suit}-{rank}" (Herz-Dame), "{suit} {rank}" (hjerter dame).
        return _("{rank} of {suit}").format(rank=rank_label(card.rank, family), suit=suit_label(card.suit, family))
    return card_name(card, family)


def bid_label(bid: Bid, family: DeckFamily, *, unit: bool = True) -> str:
    """An auction bid for the player: a rank's name (chiamata's ``Asso``, ``Tre`` ...) or so many points.

    The one wording of a bid, for the terminal game and the table alike. ``unit=False`` gives a point bid as the bare
    number, where the words around it or the auction already on screen say what it counts (the table's bid buttons,
    "Bid 70", and its line "Anna bids 70.").
    """
    if bid.rank is not None:
        return rank_label(bid.rank, family)
    if not unit:
        return str(bid.target)
    return _("{target} points").format(target=bid.target)
