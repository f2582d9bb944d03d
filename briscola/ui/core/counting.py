"""The counting aid's numbers (issue 33, item 5): what a careful player keeps in their head, from one seat's view.

A player who counts knows which cards of each suit are gone, how many trumps the others may still hold, where the
aces and threes (the *carichi*, 21 of each suit's 30 points) still are, and how the points stand. :func:`count_view`
works all of that out from the seat's :class:`~briscola.engine.views.PlayerView` and nothing else, so the aid can
never tell the player a card they have not seen: a card is *played* when the view shows it in a captured pile or in
the trick; it is *seen* when the seat holds it, when the view places it in another hand (open briscola, the
briscola drawn with the last card, a partner's hand shown) or when it is the face-up briscola still under the talon;
every other card of the deck is *out* (:meth:`PlayerView.unseen_cards`).

What a variant hides stays hidden: with no trump suit known to the seat (briscolone, a chiamata or subastada hand
before the trump is named, a cubierta trump still face down) there is no line of trumps. Whether the aid may be shown
at all (never in briscola to 31) is :func:`briscola.store.counting_aid_shown`'s, the one rule it shares with the
running points. Pure data, no pygame: the table computes it in ``update`` when the view changes and ``draw`` paints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from briscola.engine.cards import CAPTURE_ORDER, Card, Suit
from briscola.engine.ruleset import TrumpMode
from briscola.engine.views import PlayerView

__all__ = ["CardState", "Count", "SidePoints", "SuitRow", "count_view"]


class CardState(Enum):
    """What the seat knows of one card."""

    PLAYED = "played"
    """On the table this hand: in anyone's captured pile or in the trick."""
    SEEN = "seen"
    """Not played, but the seat knows where it is: in its own hand, shown in another, or the face-up briscola."""
    OUT = "out"
    """The seat can't place it: in a hidden hand or in the talon."""


@dataclass(frozen=True, slots=True)
class SuitRow:
    """One suit of the deck, its cards from the strongest down, each with what the seat knows of it."""

    suit: Suit
    cards: tuple[tuple[Card, CardState], ...]
    trump: bool
    """True when this is the trump suit and the seat knows it."""

    @property
    def played(self) -> tuple[Card, ...]:
        """The suit's cards played this hand, strongest first."""
        return tuple(card for card, state in self.cards if state is CardState.PLAYED)

    @property
    def out(self) -> tuple[Card, ...]:
        """The suit's cards still out (unseen by the seat), strongest first."""
        return tuple(card for card, state in self.cards if state is CardState.OUT)


@dataclass(frozen=True, slots=True)
class SidePoints:
    """One side's points taken so far this hand: its seats (as the seat knows the sides) and their points."""

    seats: tuple[int, ...]
    points: int
    """Card points captured, with any declarations (subastada's 20 and 40): what the running points show."""
    mine: bool
    """True for the viewing seat's own side."""


@dataclass(frozen=True, slots=True)
class Count:
    """Everything the counting aid shows, for one seat at one moment."""

    rows: tuple[SuitRow, ...]
    """Every suit in the deck, in the deck's order."""
    trumps_out: tuple[Card, ...] | None
    """The trumps the seat can't place, strongest first; None when the seat knows no trump suit (nothing to count)."""
    trumpless: bool
    """True in a form with no trump at all (briscolone): no trump suit will ever be known."""
    carichi_out: tuple[Card, ...]
    """The aces and threes the seat can't place, by suit then strength."""
    sides: tuple[SidePoints, ...]
    """Each side's points, the seat's own side first."""
    in_play: int
    """Card points no side has taken yet: the deck's points less every captured card's."""

    @property
    def played(self) -> dict[Suit, tuple[Card, ...]]:
        """The cards played this hand, by suit (strongest first)."""
        return {row.suit: row.played for row in self.rows}


def _states(view: PlayerView) -> dict[Card, CardState]:
    """Each card of the deck and what the seat knows of it, from the view alone."""
    played = set(view.played_cards())
    out = set(view.unseen_cards())
    return {
        card: CardState.PLAYED if card in played else CardState.OUT if card in out else CardState.SEEN
        for card in view.rules.deck
    }


def _sides(view: PlayerView) -> tuple[SidePoints, ...]:
    """The sides as the seat knows them (a chiamata partner only once known), its own first, with their points."""
    sides = [side for side in view.sides if any(seat in view.active for seat in side)] or [(view.seat,)]
    out = [
        SidePoints(
            seats=tuple(sorted(side, key=lambda seat: seat != view.seat)),  # "You & Sara", the viewer first
            points=sum(view.points[seat] + view.meld_points[seat] for seat in side),
            mine=view.seat in side,
        )
        for side in sides
    ]
    return tuple(sorted(out, key=lambda side: not side.mine))


def count_view(view: PlayerView) -> Count:
    """What the counting aid shows for ``view``'s seat: see the module's docstring. Reads nothing but ``view``."""
    states = _states(view)
    trump = view.trump
    suits = sorted({card.suit for card in view.rules.deck})
    rows = tuple(
        SuitRow(
            suit=suit,
            cards=tuple(
                (Card.of(rank, suit), states[Card.of(rank, suit)])
                for rank in CAPTURE_ORDER
                if Card.of(rank, suit) in states
            ),
            trump=suit == trump,
        )
        for suit in suits
    )
    trumps_out = next((row.out for row in rows if row.trump), None)
    if trump is not None and trumps_out is None:
        trumps_out = ()  # every trump removed from the deck: none can be out
    carichi_out = tuple(card for row in rows for card in row.out if card.is_carico)
    taken = sum(card.points for pile in view.captured for card in pile)
    return Count(
        rows=rows,
        trumps_out=trumps_out,
        trumpless=view.rules.trump_mode is TrumpMode.NONE,
        carichi_out=carichi_out,
        sides=_sides(view),
        in_play=view.rules.deck_points - taken,
    )
