"""Two reference players: one that picks any legal action, and one with single-trick common sense.

They are the yardsticks the stronger levels are measured against, and the opponents a beginner meets first, so the
greedy player's rules are few and can be explained in a sentence each (see :class:`GreedyPlayer`). Both decide from a
:class:`PlayerView` alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from briscola.ai.bidding import partner_rank, swap_gains
from briscola.engine.actions import Action, Bid, Call, ChooseTrump, Declare, Pass, Play, Swap
from briscola.engine.auction import bid_level
from briscola.engine.cards import CAPTURE_ORDER, Card, Suit
from briscola.engine.game import Phase
from briscola.engine.tricks import trick_points, trick_winner
from briscola.engine.views import PlayerView

__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "greedy_cards", "require_legal"]

#: Briscola to 31: the captured points that make a declaration right.
_TO_31_TARGET = 31
#: A trump carico (ace or three of trumps) is only spent on a trick that already holds at least this many points.
_TRUMP_CARICO_MIN_TRICK = 10
#: Subastada: the greedy player never bids more than this many points over the minimum contract.
_SUBASTADA_MAX_RAISE = 20

_T = TypeVar("_T")


class Player(Protocol):
    """Anything that can take a seat: it is asked for an action whenever its seat is to move."""

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal``."""
        ...


def require_legal(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of ``view``; ValueError when its seat is not to move (a caller's mistake, said plainly)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to choose: it is not to move")
    return view.legal


class RandomPlayer:
    """Picks uniformly among the legal actions: the floor every other player must beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        """Any legal action, each as likely as the others."""
        return self.rng.choice(require_legal(view))


class GreedyPlayer:
    """Single-trick common sense, with no memory and no plan beyond the trick on the table.

    - Leading: the cheapest card (fewest points, then not a trump, then the lowest rank).
    - Following: take the trick with the cheapest winning card when the trick holds points, or when a card of the suit
      led wins it (that costs nothing: its points come back with the trick); a trump ace or three only for a trick
      already worth a carico. Otherwise throw the cheapest card.
    - Partners: when a partner is winning and no opponent plays after, load the trick with the richest non-trump card.
    - Options: swap whenever the briscola is the better card; in briscola to 31, declare as soon as the side's
      points reach 31. No other optional moves.
    - Auctions: bid the next step while the hand's best suit supports it, else pass; call or choose that suit.

    The ``rng`` only breaks ties between equally good cards (two lisci of different suits, say), so its play varies
    from game to game without ever being worse.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        """The greedy action for ``view``'s seat."""
        legal = require_legal(view)
        if view.phase is Phase.AUCTION:
            return self._bid(view, legal)
        if view.phase is Phase.CALL:
            return self._call(view, legal)
        if Swap() in legal and swap_gains(view):
            return Swap()
        if Declare() in legal and sum(view.points[seat] for seat in view.team()) >= _TO_31_TARGET:
            return Declare()
        cards = [action.card for action in legal if isinstance(action, Play)]
        if not cards:
            return legal[0]
        return Play(self._card(view, cards))

    # ------------------------------------------------------------------------------------------------ play

    def _card(self, view: PlayerView, cards: list[Card]) -> Card:
        team = view.team()
        opponent_after = any(seat not in team for seat in view.seats_after(view.seat))
        return self._pick(greedy_cards(cards, view.trick, view.trump, team=team, opponent_after=opponent_after))

    def _pick(self, tied: Sequence[_T]) -> _T:
        """One of equally good choices: the generator varies the play between games without making it worse."""
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def _best(self, cards: Sequence[_T], key: Callable[[_T], tuple[int, ...]]) -> _T:
        """The choice with the smallest ``key``; exact ties are broken by the player's generator."""
        return self._pick(_cheapest(cards, key))

    # ------------------------------------------------------------------------------------------------ auctions

    def _bid(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        bids = [action for action in legal if isinstance(action, Bid)]
        if not bids:
            return Pass()
        lowest = min(bids, key=bid_level)
        if view.rules.chiamata:
            limit = _chiamata_limit(view.hand)
            return lowest if bid_level(lowest) <= limit else Pass()
        assert lowest.target is not None
        limit = _subastada_limit(view.hand, view.rules.hand_size, view.rules.auction_min_bid)
        return lowest if lowest.target <= limit else Pass()

    def _call(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        calls = [action for action in legal if isinstance(action, Call)]
        if calls:
            # A card the caller holds would make it play alone: only when it holds all four.
            unheld = [call for call in calls if call.card not in view.hand] or calls
            return self._best(unheld, lambda call: (-_suit_strength(view.hand, call.card.suit),))
        suits = [action for action in legal if isinstance(action, ChooseTrump)]
        if suits:
            return self._best(suits, lambda choice: (-_suit_strength(view.hand, choice.suit),))
        return legal[0]


def greedy_cards(
    cards: Sequence[Card],
    trick: Sequence[tuple[int, Card]],
    trump: Suit | None,
    *,
    team: Sequence[int],
    opponent_after: bool,
) -> list[Card]:
    """The cards of ``cards`` that single-trick common sense plays to ``trick`` (equally good, so all of them).

    :class:`GreedyPlayer` picks one of them; :mod:`briscola.ai.inference` asks which hands would have made a sensible
    player choose the card it did. ``team``: the seats on the player's side; ``opponent_after``: an opponent plays to
    the trick after this player.
    """

    def cheap(card: Card) -> tuple[int, ...]:
        return (card.points, card.suit == trump, card.rank)

    if not trick:
        return _cheapest(cards, cheap)
    played = [card for _, card in trick]
    winning_seat = trick[trick_winner(played, trump)][0]
    if winning_seat in team:
        rich = [card for card in cards if card.suit != trump and card.points > 0]
        if rich and not opponent_after:
            return _cheapest(rich, lambda card: (-card.points, card.rank))
        return _cheapest(cards, cheap)
    on_table = trick_points(played)
    winners = [card for card in cards if trick_winner([*played, card], trump) == len(played)]
    in_suit = [card for card in winners if card.suit != trump]
    trumps = [card for card in winners if card.suit == trump]
    if on_table < _TRUMP_CARICO_MIN_TRICK:
        trumps = [card for card in trumps if not card.is_carico]
    if in_suit:
        # Points come back with the trick; when nobody can answer, the richest card is the best buy.
        if opponent_after:
            return _cheapest(in_suit, lambda card: (card.rank,))
        return _cheapest(in_suit, lambda card: (-card.points, card.rank))
    if trumps and on_table > 0:
        return _cheapest(trumps, lambda card: (card.rank,))
    return _cheapest(cards, cheap)


def _cheapest(items: Sequence[_T], key: Callable[[_T], tuple[int, ...]]) -> list[_T]:
    """The items with the smallest ``key``, in their order."""
    keys = [key(item) for item in items]
    lowest = min(keys)
    return [item for item, k in zip(items, keys, strict=True) if k == lowest]


def _suit_strength(hand: Sequence[Card], suit: Suit) -> int:
    """How well a suit would serve as trumps: each card counts 3 plus its points, so length and carichi both matter."""
    return sum(3 + card.points for card in hand if card.suit == suit)


def _best_suit(hand: Sequence[Card]) -> Suit:
    return max(Suit, key=lambda suit: (_suit_strength(hand, suit), -suit))


def _chiamata_limit(hand: Sequence[Card]) -> int:
    """The deepest auction level (:func:`~briscola.engine.auction.bid_level`) worth going to, or -1 to pass at once.

    The greedy judgement, simpler than the levels' (:mod:`briscola.ai.bidding`): the caller means to call the highest
    card it lacks in its best suit (:func:`~briscola.ai.bidding.partner_rank`), so it can bid down to that rank; every
    card of the suit beyond three lets it go one step lower (a weaker partner card, or a point target below the 2).
    """
    suit = _best_suit(hand)
    held = {card.rank for card in hand if card.suit == suit}
    if len(held) < 3 and _suit_strength(hand, suit) < 20:
        return -1
    return CAPTURE_ORDER.index(partner_rank(hand, suit)) + max(0, len(held) - 3)


def _subastada_limit(hand: Sequence[Card], hand_size: int, min_bid: int) -> int:
    """The highest contract worth bidding, or 0 to pass.

    The hand's strength is its points plus 5 for each card of its best suit (the future trumps); an average hand scores
    about 6 per card. Each point above that raises the contract by one over the minimum, up to a fixed cap.
    """
    suit = _best_suit(hand)
    strength = sum(card.points for card in hand) + 5 * sum(1 for card in hand if card.suit == suit)
    surplus = strength - 6 * hand_size
    if surplus < 0:
        return 0
    return min_bid + min(surplus, _SUBASTADA_MAX_RAISE)
