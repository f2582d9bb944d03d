"""Events: what applying an action caused, in order, for animations, views, bots, records and the history.

Each event is an immutable value. Most are public; the few that carry a hidden card or a private sign have
``seen_by``, the seats that may see them, and :meth:`for_seat` gives what another seat is shown: the same event with
the card blanked (a card drawn face down), or nothing at all (a partner's secret signal).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from briscola.engine.actions import Bid
from briscola.engine.cards import Card, Suit

__all__ = [
    "AllPassed",
    "AuctionWon",
    "BidMade",
    "CardCalled",
    "CardDealt",
    "CardDrawn",
    "CardPlayed",
    "DealerChosen",
    "Declared",
    "Event",
    "HandOver",
    "HandResult",
    "HandStarted",
    "HandsShown",
    "MatchOver",
    "Melded",
    "PartnerRevealed",
    "Passed",
    "SignalGiven",
    "SignalKind",
    "Swapped",
    "TrickWon",
    "TrumpChosen",
    "TrumpRevealed",
    "TrumpTurned",
    "event_for_seat",
]


class SignalKind(Enum):
    """What a partner signal says about the signaller's trumps (the Spanish convention, truthful by rule)."""

    ACE = "ace"
    """Biting the lips: I hold the trump ace."""
    THREE = "three"
    """Shrugging: I hold the trump three."""
    BOTH = "both"
    """A wink: I hold both the trump ace and three."""
    NONE = "none"
    """Shaking the head: I hold no trumps."""
    SOME = "some"
    """(Answer aloud only) I hold trumps, but neither the ace nor the three (nor the king, with ``signal_king``)."""
    KING = "king"
    """With ``signal_king``: I hold the trump king, but neither the ace nor the three."""


@dataclass(frozen=True, slots=True)
class DealerChosen:
    """The first dealer of the match, by lot or by cutting (``cuts`` lists each round's cut cards by seat)."""

    dealer: int
    method: str
    cuts: tuple[tuple[tuple[int, Card], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new hand: the dealer shuffles. ``sitting_out`` is the seat that sits out (five players), else None."""

    hand_no: int
    dealer: int
    stake: int
    teams: tuple[tuple[int, ...], ...]
    sitting_out: int | None = None


@dataclass(frozen=True, slots=True)
class CardDealt:
    """One card dealt to ``seat``; ``card`` is None for seats not in ``seen_by``."""

    seat: int
    card: Card | None
    seen_by: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class TrumpTurned:
    """The card after the deal is turned: face up (its ``suit`` is trump) or, in cubierta, face down (both None)."""

    card: Card | None
    suit: Suit | None


@dataclass(frozen=True, slots=True)
class TrumpRevealed:
    """Cubierta: the first card of the trump suit was played, so the game announces the trump ``suit``."""

    suit: Suit


@dataclass(frozen=True, slots=True)
class BidMade:
    """An auction bid."""

    seat: int
    bid: Bid


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat left the auction."""

    seat: int


@dataclass(frozen=True, slots=True)
class AuctionWon:
    """Everyone else passed: ``seat`` won the auction with ``bid``; the contract is ``target`` points."""

    seat: int
    bid: Bid
    target: int


@dataclass(frozen=True, slots=True)
class AllPassed:
    """Nobody bid: the hand is thrown in and the next dealer deals again."""


@dataclass(frozen=True, slots=True)
class CardCalled:
    """Chiamata: the caller named ``card``; its suit is now trump. Its holder stays secret until it is played."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    """Subastada: the auction winner chose the trump suit."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class Swapped:
    """``seat`` gave the trump ``gave`` (a 7 or a 2) for the face-up briscola ``took``."""

    seat: int
    gave: Card
    took: Card


@dataclass(frozen=True, slots=True)
class Declared:
    """Briscola to 31: ``seat`` declared; ``correct`` tells whether its side's ``points`` reached 31."""

    seat: int
    correct: bool
    points: int


@dataclass(frozen=True, slots=True)
class Melded:
    """Subastada: ``seat`` showed King and Queen of ``suit``, worth ``points`` (40 in trumps, 20 otherwise)."""

    seat: int
    suit: Suit
    points: int
    cards: tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class SignalGiven:
    """A truthful sign about ``seat``'s trumps, seen only by ``seen_by`` (everyone when asked aloud)."""

    seat: int
    signal: SignalKind
    seen_by: frozenset[int] | None = None
    asked_by: int | None = None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card`` to the trick."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PartnerRevealed:
    """Chiamata: the called card was played, so its holder ``seat`` is known; ``alone`` when it is the caller."""

    seat: int
    alone: bool


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``winner`` took the trick ``cards`` (seat, card in playing order) worth ``points``."""

    winner: int
    cards: tuple[tuple[int, Card], ...]
    points: int
    trick_no: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """``seat`` drew from the talon; ``card`` is None for seats not in ``seen_by``. ``briscola``: the turned card."""

    seat: int
    card: Card | None
    seen_by: frozenset[int] | None = None
    briscola: bool = False
    talon_left: int = 0


@dataclass(frozen=True, slots=True)
class HandsShown:
    """With the talon exhausted, ``seat`` shows its ``cards`` to its partners (``seen_by``)."""

    seat: int
    cards: tuple[Card, ...] | None
    seen_by: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a hand, with the breakdown a results screen shows.

    ``sides`` are the seats playing together this hand; ``side_points`` their totals (card points plus any melds);
    ``captured`` the cards each side took. ``winners`` are the seats of the winning side(s), empty for a draw.
    ``game_points`` is what each seat gained (or lost) towards the match.
    """

    sides: tuple[tuple[int, ...], ...]
    side_points: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    tricks: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    cappotto: bool
    all_tricks: bool
    stake: int
    game_points: tuple[int, ...]
    melds: tuple[int, ...] = ()
    contract: int | None = None
    exited: tuple[int, ...] = ()
    """Seats that left mid-hand (``reason == "exited"``): their sides lost it."""

    @property
    def draw(self) -> bool:
        """True when nobody won the hand."""
        return not self.winners

    def points_by_seat(self, players: int) -> tuple[int, ...]:
        """For every seat, the total of its side (seats sitting out get 0), as BBP/1's ``hand_over`` reports it."""
        out = [0] * players
        for side, points in zip(self.sides, self.side_points, strict=True):
            for seat in side:
                out[seat] = points
        return tuple(out)


@dataclass(frozen=True, slots=True)
class HandOver:
    """The hand ended; ``result`` holds the breakdown. ``match_scores`` are the seats' match totals after it."""

    result: HandResult
    match_scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The match ended. ``winners`` are seats (a whole side, or several on a tie for first)."""

    winners: tuple[int, ...]
    match_scores: tuple[int, ...]


Event: TypeAlias = (
    DealerChosen
    | HandStarted
    | CardDealt
    | TrumpTurned
    | TrumpRevealed
    | BidMade
    | Passed
    | AuctionWon
    | AllPassed
    | CardCalled
    | TrumpChosen
    | Swapped
    | Declared
    | Melded
    | SignalGiven
    | CardPlayed
    | PartnerRevealed
    | TrickWon
    | CardDrawn
    | HandsShown
    | HandOver
    | MatchOver
)


def event_for_seat(event: Event, seat: int) -> Event | None:
    """What ``seat`` is shown of ``event``: itself, a copy with the hidden card blanked, or None when unseen."""
    seen_by = getattr(event, "seen_by", None)
    if seen_by is None or seat in seen_by:
        return event
    if isinstance(event, (CardDealt, CardDrawn)):
        return dataclasses.replace(event, card=None)
    return None
