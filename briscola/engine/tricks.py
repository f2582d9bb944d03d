"""Who wins a trick: the one rule every part of the engine shares, with its lookup tables for the fast paths.

The rule (rules.md 3.6): the highest trump wins if any trump was played; otherwise the highest card **of the suit
led**. A card of another non-trump suit never wins, however high. Every card gets a *capture key* for the trick it is
in, and the highest key wins:

- a trump: ``20 + rank``;
- a card of the suit led: ``10 + rank``;
- any other card: ``-1``.

The lead always has a key of at least 10, so an off-suit card can never win. :data:`CAPTURE_KEYS` holds the keys for
every (trump, suit led) pair, and :data:`SECOND_WINS` answers the two-card question in one lookup; the game state, the
fast playouts and the AI all use them, so there is a single definition of the rule.

>>> from briscola.engine.cards import parse_cards, Suit
>>> trick_winner(parse_cards("KH 2C"), Suit.CLUBS)   # the trump 2 beats the king of hearts
1
>>> trick_winner(parse_cards("7S QD"), Suit.CLUBS)   # an off-suit queen never wins
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from briscola.engine.cards import CARD_POINTS, Suit

__all__ = ["CAPTURE_KEYS", "NO_TRUMP", "SECOND_WINS", "capture_key", "trick_points", "trick_winner"]

#: Index used in the tables for a hand played without trumps (briscolone, or before a hidden trump is known).
NO_TRUMP: Final = 4


def capture_key(card: int, led_suit: int, trump: int) -> int:
    """The strength of ``card`` in a trick whose first card is of ``led_suit``, with ``trump`` (or :data:`NO_TRUMP`)."""
    suit, rank = divmod(card, 10)
    if suit == trump:
        return 20 + rank
    if suit == led_suit:
        return 10 + rank
    return -1


#: ``CAPTURE_KEYS[trump][led_suit][card]``: :func:`capture_key` for every case, trump 0-3 or :data:`NO_TRUMP`.
CAPTURE_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(capture_key(card, led, trump) for card in range(40)) for led in range(4)) for trump in range(5)
)

#: ``SECOND_WINS[trump * 1600 + lead * 40 + reply]``: True when ``reply`` captures ``lead`` (a two-card trick).
SECOND_WINS: Final[tuple[bool, ...]] = tuple(
    CAPTURE_KEYS[trump][lead // 10][reply] > CAPTURE_KEYS[trump][lead // 10][lead]
    for trump in range(5)
    for lead in range(40)
    for reply in range(40)
)


def trick_winner(cards: Sequence[int], trump: Suit | int | None) -> int:
    """The position (0 = the lead) of the card that wins a trick of ``cards`` in playing order."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    keys = CAPTURE_KEYS[NO_TRUMP if trump is None else int(trump)][cards[0] // 10]
    best = 0
    best_key = keys[cards[0]]
    for position in range(1, len(cards)):
        key = keys[cards[position]]
        if key > best_key:
            best, best_key = position, key
    return best


def trick_points(cards: Sequence[int]) -> int:
    """The card points in a trick."""
    return sum(CARD_POINTS[card] for card in cards)
