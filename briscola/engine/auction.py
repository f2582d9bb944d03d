"""Auctions: the chiamata bidding (ranks descending, then point targets) and the subastada point bidding.

Chiamata (rules.md 6): in turn each player names a rank weaker than the last bid (A, 3, K, ... 2, all at 61 points) or,
below the 2, a higher point target (61, 62, ... 120), or passes for good. When all but one have passed and that one
holds the highest bid, they are the caller and call a card of the last rank bid (the 2 after a point bid) in the suit
of their choice. Subastada: bids are point targets from the ruleset's minimum upwards; the winner chooses trump.
If everybody passes without a bid, the hand is thrown in and the next dealer deals. The auction's own state,
:class:`~briscola.engine.state.AuctionState`, lives with the rest of the state and is re-exported here.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.actions import Action, Bid, Call, ChooseTrump, Pass
from briscola.engine.cards import CAPTURE_ORDER, Card, Rank, Suit
from briscola.engine.errors import IllegalActionError, IllegalReason
from briscola.engine.events import AllPassed, AuctionWon, BidMade, CardCalled, Event, Passed, TrumpChosen
from briscola.engine.state import AuctionState, Phase, State

__all__ = [
    "AuctionState",
    "apply_bid",
    "apply_call",
    "bid_level",
    "bid_target",
    "legal_bids",
    "legal_calls",
    "rank_called_after",
]

#: Chiamata point targets go up to every point in the deck.
_CHIAMATA_MAX_TARGET: Final = 120
#: Subastada contracts can exceed 120 through melds: 40 in trumps and 20 in each other suit.
_SUBASTADA_MAX_TARGET: Final = 120 + 40 + 3 * 20


def bid_level(bid: Bid) -> int:
    """A bid's height in the auction: chiamata ranks A..2 are 0..9, a point target ``t`` is ``10 + t - 61``."""
    if bid.rank is not None:
        return CAPTURE_ORDER.index(bid.rank)
    assert bid.target is not None
    return 10 + bid.target - 61


def bid_target(bid: Bid) -> int:
    """The points a bid promises: 61 for a rank bid, else its target."""
    return 61 if bid.target is None else bid.target


def legal_bids(game: State) -> list[Action]:
    """Pass, and every bid higher than the highest so far."""
    state = game.auction
    assert state is not None
    actions: list[Action] = [Pass()]
    if game.rules.chiamata:
        low = 0 if state.high_bid is None else bid_level(state.high_bid) + 1
        for level in range(low, 10 + _CHIAMATA_MAX_TARGET - 61 + 1):
            actions.append(Bid(rank=CAPTURE_ORDER[level]) if level < 10 else Bid(target=61 + level - 10))
    else:
        low = game.rules.auction_min_bid if state.high_bid is None else bid_target(state.high_bid) + 1
        actions.extend(Bid(target=target) for target in range(low, _SUBASTADA_MAX_TARGET + 1))
    return actions


def _is_legal_bid(game: State, bid: Bid) -> bool:
    state = game.auction
    assert state is not None
    if game.rules.chiamata:
        if bid.target is not None and not 61 <= bid.target <= _CHIAMATA_MAX_TARGET:
            return False
        return state.high_bid is None or bid_level(bid) > bid_level(state.high_bid)
    if bid.target is None or bid.target > _SUBASTADA_MAX_TARGET:
        return False
    low = game.rules.auction_min_bid if state.high_bid is None else bid_target(state.high_bid) + 1
    return bid.target >= low


def apply_bid(game: State, action: Bid | Pass, events: list[Event]) -> None:
    """A bid or a pass by the player to move; ends the auction when it is decided."""
    state = game.auction
    seat = game.to_move
    assert state is not None and seat is not None
    if isinstance(action, Bid):
        if not _is_legal_bid(game, action):
            high = "no bid yet" if state.high_bid is None else f"the highest bid is {state.high_bid}"
            raise IllegalActionError(f"{action} is not a legal bid ({high})", IllegalReason.BID_TOO_LOW)
        state.high_bid = action
        state.high_bidder = seat
        state.bids.append((seat, action))
        events.append(BidMade(seat, action))
    else:
        state.passed[seat] = True
        state.bids.append((seat, None))
        events.append(Passed(seat))
    remaining = [s for s in game.active if not state.passed[s]]
    if not remaining:
        events.append(AllPassed())
        game.auction = None
        game.to_move = None
        game.phase = Phase.DEAL
        return
    if len(remaining) == 1 and state.high_bidder == remaining[0]:
        winner = remaining[0]
        assert state.high_bid is not None
        game.caller = winner
        game.contract = bid_target(state.high_bid)
        events.append(AuctionWon(winner, state.high_bid, game.contract))
        game.phase = Phase.CALL
        game.to_move = winner
        return
    following = game.following[seat]
    while state.passed[following]:
        following = game.following[following]
    game.to_move = following


def rank_called_after(bid: Bid) -> Rank:
    """Chiamata: the rank a caller who won with ``bid`` calls: the rank bid, or the 2 after a point bid.

    Public so that the explanation of a bid (:mod:`briscola.text.bids`) says what the engine will ask for.
    """
    return bid.rank if bid.rank is not None else Rank.TWO


def called_rank(game: State) -> Rank:
    """The rank the chiamata caller must call: the last rank bid, or the 2 after a point bid."""
    state = game.auction
    assert state is not None and state.high_bid is not None
    return rank_called_after(state.high_bid)


def legal_calls(game: State) -> list[Action]:
    """Chiamata: the four cards of the called rank. Subastada: the four suits."""
    if game.rules.chiamata:
        rank = called_rank(game)
        return [Call(Card.of(rank, suit)) for suit in Suit]
    return [ChooseTrump(suit) for suit in Suit]


def apply_call(game: State, action: Call | ChooseTrump, events: list[Event]) -> None:
    """The caller names the card (chiamata) or the trump suit (subastada); play begins."""
    seat = game.to_move
    assert seat is not None
    choices = legal_calls(game)
    if action not in choices:
        raise IllegalActionError(
            f"{action} can't be called now (choose one of: {', '.join(map(str, choices))})",
            IllegalReason.CALL_NOT_ALLOWED,
        )
    if isinstance(action, Call):
        game.called_card = action.card
        game.trump = action.card.suit
        game.partner = next(s for s in game.active if action.card in game.hands[s])
        events.append(CardCalled(seat, action.card))
    else:
        game.trump = action.suit
        events.append(TrumpChosen(seat, action.suit))
    game.trump_public = True
    game.auction = None
    game.phase = Phase.PLAY
    game.to_move = game.leader
