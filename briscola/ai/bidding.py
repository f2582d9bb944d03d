"""Everything the heuristic levels decide besides which card to play: auctions, calls, trump choice, and the optional
moves of the variants (trump swap, declaring 31, melds, partner signals).

These choices are rare but decide whole hands (a wrong claim of 31 loses at once, a bad call gives away the game), so
each is a small rule a player could state in one sentence. :class:`Habits` holds what distinguishes the levels: how
carefully they judge a hand for bidding, and how often a beginner forgets a move that was there to take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from briscola.engine.actions import Action, Ask, Bid, Call, ChooseTrump, Declare, Meld, Pass, Signal, Swap
from briscola.engine.auction import bid_level
from briscola.engine.cards import CAPTURE_ORDER, Card, Rank, Suit
from briscola.engine.events import SignalKind
from briscola.engine.options import sign_of
from briscola.engine.views import PlayerView

__all__ = [
    "Habits",
    "auction_action",
    "hand_trump_strength",
    "optional_action",
    "partner_rank",
    "side_points",
    "swap_gains",
]

#: Briscola to 31: the captured points that make a claim right.
TO_31_TARGET: Final = 31

#: How much each rank is worth as a trump when judging a hand: its points plus the tricks it can take.
_TRUMP_WORTH: Final = {
    Rank.ACE: 20,
    Rank.THREE: 17,
    Rank.KING: 11,
    Rank.QUEEN: 9,
    Rank.JACK: 8,
    Rank.SEVEN: 6,
    Rank.SIX: 5,
    Rank.FIVE: 5,
    Rank.FOUR: 5,
    Rank.TWO: 5,
}
#: A plain ace is nearly sure points; a plain three is safe only with its ace.
_PLAIN_ACE_WORTH: Final = 8
_PLAIN_THREE_WORTH: Final = 4
_PLAIN_GUARDED_THREE_WORTH: Final = 7
#: Chiamata: the hand strength needed to bid at all, and how much more buys each further step down the ranks.
_CHIAMATA_OPEN: Final = 40
_CHIAMATA_STEP: Final = 9
#: Subastada: what an average hand of ``hand_size`` cards is worth per card, and points of contract per unit above it.
_SUBASTADA_AVERAGE_PER_CARD: Final = 7.0
_SUBASTADA_POINTS_PER_UNIT: Final = 1.2
_SUBASTADA_MAX_RAISE: Final = 30
#: A King and Queen pair counts towards a contract with these odds of winning a trick while both are in hand.
_MELD_ODDS: Final = 0.7


@dataclass(frozen=True, slots=True)
class Habits:
    """How a level handles the moves other than card play.

    ``forget`` is the chance of overlooking a free move (a meld, a swap, a claim of 31) at each chance to make it: a
    beginner's lapse that costs points but is never a wrong move. ``careful`` levels judge a hand's strength with the
    trumps it would make; the others count points only. ``bid_noise`` shifts a beginner's limits at random by up to
    that many steps. ``signals``: the level tells its partners about its trumps; ``asks``: it asks them aloud (only
    worth it for a level that reads the answers).
    """

    forget: float = 0.0
    careful: bool = True
    bid_noise: int = 0
    signals: bool = True
    asks: bool = True


def side_points(view: PlayerView) -> int:
    """The card and meld points my side has captured so far (what a claim of 31 is judged on)."""
    return sum(view.points[seat] + view.meld_points[seat] for seat in view.team())


def hand_trump_strength(hand: Sequence[Card], suit: Suit) -> int:
    """How strong ``hand`` would be with ``suit`` as trumps: its trumps by their worth, plus its plain carichi."""
    total = 0
    held = set(hand)
    for card in hand:
        if card.suit == suit:
            total += _TRUMP_WORTH[card.rank]
        elif card.rank is Rank.ACE:
            total += _PLAIN_ACE_WORTH
        elif card.rank is Rank.THREE:
            guarded = Card.of(Rank.ACE, card.suit) in held
            total += _PLAIN_GUARDED_THREE_WORTH if guarded else _PLAIN_THREE_WORTH
        else:
            total += card.points // 2
    return total


def _best_trump(hand: Sequence[Card], meld_bonus: bool = False) -> tuple[Suit, int]:
    """The suit that makes the strongest hand as trumps (a King+Queen pair in it adds its 40 when ``meld_bonus``)."""

    def worth(suit: Suit) -> int:
        bonus = 0
        if meld_bonus and Card.of(Rank.KING, suit) in hand and Card.of(Rank.QUEEN, suit) in hand:
            bonus = 12
        return hand_trump_strength(hand, suit) + bonus

    suit = max(Suit, key=lambda s: (worth(s), -s))
    return suit, worth(suit)


# ---------------------------------------------------------------------------------------------------- auctions


def auction_action(view: PlayerView, habits: Habits, rng: random.Random) -> Action:
    """A bid, a pass, a call or a trump choice for a view in the auction or call phase."""
    legal = view.legal
    calls = [action for action in legal if isinstance(action, Call)]
    if calls:
        return _call(view, calls)
    choices = [action for action in legal if isinstance(action, ChooseTrump)]
    if choices:
        suit, _ = _best_trump(view.hand, meld_bonus=True)
        return next((choice for choice in choices if choice.suit == suit), choices[0])
    bids = [action for action in legal if isinstance(action, Bid)]
    if not bids:
        return Pass() if Pass() in legal else legal[0]
    lowest = min(bids, key=bid_level)
    noise = rng.randint(-habits.bid_noise, habits.bid_noise) if habits.bid_noise else 0
    if view.rules.chiamata:
        limit = _chiamata_limit(view.hand, habits.careful) + noise
        return lowest if 0 <= bid_level(lowest) <= limit else Pass()
    assert lowest.target is not None
    limit = _subastada_limit(view, habits.careful) + 3 * noise
    return lowest if lowest.target <= limit else Pass()


def partner_rank(hand: Sequence[Card], suit: Suit) -> Rank:
    """The rank a chiamata caller who means ``suit`` for trumps can bid down to and still have a partner: the strongest
    rank of ``suit`` it lacks (the 2 when it holds every other), since the caller calls the last rank bid in a suit of
    its choice, and holding that card means playing alone (rules section 6).

    The rule both chiamata judgements start from: the levels' (:func:`auction_action`) and the greedy reference
    player's (:class:`briscola.ai.simple.GreedyPlayer`), which differ in how far past it a hand's strength takes them.
    """
    held = {card.rank for card in hand if card.suit == suit}
    return next((rank for rank in CAPTURE_ORDER if rank not in held), Rank.TWO)


def _chiamata_limit(hand: Sequence[Card], careful: bool) -> int:
    """The deepest auction level (:func:`~briscola.engine.auction.bid_level`) worth reaching, or -1 to pass.

    The levels' judgement: the caller will call the best card it lacks in its strongest suit
    (:func:`partner_rank`), so it can go down to that rank; every ``_CHIAMATA_STEP`` of strength beyond what opening
    needs lets it go one step further (a weaker partner card, then point targets above 61).
    """
    suit, strength = _best_trump(hand)
    if not careful:
        strength = sum(card.points for card in hand) + 4 * sum(1 for card in hand if card.suit == suit)
    if strength < _CHIAMATA_OPEN:
        return -1
    return CAPTURE_ORDER.index(partner_rank(hand, suit)) + (strength - _CHIAMATA_OPEN) // _CHIAMATA_STEP


def _call(view: PlayerView, calls: list[Call]) -> Call:
    """Call the bid rank in the suit where the hand is strongest, never a card in hand unless all four are."""
    unheld = [call for call in calls if call.card not in view.hand] or calls
    return max(unheld, key=lambda call: (hand_trump_strength(view.hand, call.card.suit), -call.card.suit))


def _subastada_limit(view: PlayerView, careful: bool) -> int:
    """The highest contract worth bidding, or 0 to pass: the points the hand should bring, with its melds.

    The hand in view is only part of the cards I will play (3 of 20 with two players), so its strength above the
    average counts in that proportion. In a partnership only my own hand is judged; the partner's average share is
    already what the minimum assumes.
    """
    hand = view.hand
    rules = view.rules
    suit, strength = _best_trump(hand)
    if not careful:
        strength = sum(card.points for card in hand) + 5 * sum(1 for card in hand if card.suit == suit)
    share = rules.hand_size / max(len(rules.deck) // rules.active_players, rules.hand_size)
    surplus = (strength - _SUBASTADA_AVERAGE_PER_CARD * rules.hand_size) * share
    melds = 0.0
    for meld_suit in Suit:
        if Card.of(Rank.KING, meld_suit) in hand and Card.of(Rank.QUEEN, meld_suit) in hand:
            melds += (40 if meld_suit == suit else 20) * _MELD_ODDS
    if surplus < 0 and melds == 0:
        return 0
    raise_by = int(max(surplus, 0) * _SUBASTADA_POINTS_PER_UNIT + melds)
    return rules.auction_min_bid + min(raise_by, _SUBASTADA_MAX_RAISE)


# ---------------------------------------------------------------------------------------------------- options


def optional_action(view: PlayerView, habits: Habits, rng: random.Random) -> Action | None:
    """The optional move to make before playing a card (claim, meld, swap, signal, question), or None."""
    legal = view.legal
    if Declare() in legal and side_points(view) >= TO_31_TARGET and not _forgets(habits, rng):
        return Declare()
    melds = [action for action in legal if isinstance(action, Meld)]
    if melds and not _forgets(habits, rng):
        # The trump pair first: it is worth 40, the others 20.
        return max(melds, key=lambda meld: (meld.suit == view.trump, -meld.suit))
    if Swap() in legal and swap_gains(view) and not _forgets(habits, rng):
        return Swap()
    if habits.signals and Signal() in legal and _signal_helps(view):
        return Signal()
    if habits.asks and Ask() in legal and _ask_helps(view):
        return Ask()
    return None


def _forgets(habits: Habits, rng: random.Random) -> bool:
    return habits.forget > 0 and rng.random() < habits.forget


def swap_gains(view: PlayerView) -> bool:
    """True when the face-up briscola is a stronger trump than the 7 or 2 the swap would give for it.

    Without the rank limits a 7 may take a 4, 5 or 6; giving a stronger trump for a weaker one is no gift. With no trump
    2 or 7 in hand there is nothing to give, so nothing to gain (a swap is then never legal either).
    """
    briscola = view.briscola
    if briscola is None:
        return False
    givable = [card for card in view.hand if card.suit == briscola.suit and card.rank in (Rank.TWO, Rank.SEVEN)]
    return bool(givable) and all(briscola.rank > card.rank for card in givable)


def _my_sign(view: PlayerView) -> SignalKind | None:
    """The sign my hand calls for now."""
    trump = view.trump
    if trump is None:
        return None
    return sign_of(view.hand, trump, king=view.rules.signal_king)


def _signal_helps(view: PlayerView) -> bool:
    """Sign when my partners don't know yet what I hold: the first time, and whenever it has changed since."""
    mine = [signal.signal for signal, _ in view.signals if signal.seat == view.seat]
    return not mine or mine[-1] is not _my_sign(view)


def _ask_helps(view: PlayerView) -> bool:
    """Ask when about to lead with no answer since my partners last drew: what they hold decides what I lead."""
    if view.trick:
        return False
    partners = [seat for seat in view.team() if seat != view.seat]
    for partner in partners:
        fresh = any(signal.seat == partner and draws == view.draws[partner] for signal, draws in view.signals)
        if not fresh:
            return True
    return False
