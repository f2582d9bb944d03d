"""Medio's exact reading of the end of a two-player hand: from the last draw on, every deal played out by alpha-beta.

This reading is worth almost everything Medio's judgement has over single-trick common sense (``docs/ai.md``, "Why the
search levels are built on Medio"), so it is its own module: a counting player who
knows all but one or two cards plays the rest of the hand out in every deal they could be in, and a won hand outweighs
any margin.
"""

from __future__ import annotations

import itertools
import math
from typing import Final, TypeAlias

from briscola.ai.knowledge import Knowledge, beats
from briscola.engine.cards import Card
from briscola.engine.ruleset import TrumpMode
from briscola.engine.views import PlayerView

__all__ = ["endgame_values"]

#: The weight of a win against the point margin when the end of a hand is read exactly.
_RESULT_WEIGHT: Final = 100
#: Read the end exactly only up to this many cards in hand and this many possible deals of the hidden cards (with the
#: talon down to the last draw, a counting player has at most four deals to consider).
_ENDGAME_HAND: Final = 3
_ENDGAME_WORLDS: Final = 24


def endgame_values(know: Knowledge, cards: list[Card], trust: float) -> dict[Card, float] | None:
    """Two players near the end: every card's exact value in each deal of the hidden cards, averaged.

    Once the talon holds at most the last draw, a player who counted knows all but one or two cards, so the rest of
    the hand is played out in every possible deal (a deal that contradicts what the opponent's play suggested counts
    ``1 - trust``, see :attr:`Knowledge.declined`). Returns None when the end is not that near.
    """
    view = know.view
    if len(view.active) != 2 or len(view.hand) > _ENDGAME_HAND or view.talon_size > 2:
        return None
    if know.trump is None and view.rules.trump_mode is not TrumpMode.NONE:
        return None
    other = next(seat for seat in view.active if seat != view.seat)
    hidden = know.hidden.get(other, 0)
    unseen = sorted(know.unseen)
    deals = math.comb(len(unseen), hidden) * math.factorial(know.talon_hidden)
    if len(unseen) != hidden + know.talon_hidden or deals > _ENDGAME_WORLDS:
        return None
    bottom = (view.briscola,) if view.briscola is not None and view.briscola_in_talon else ()
    team = view.team()
    points = (
        sum(view.points[seat] + view.meld_points[seat] for seat in team),
        sum(view.points[seat] + view.meld_points[seat] for seat in view.active if seat not in team),
    )
    end = _Ending(view)
    then, lacking = know.declined.get(other, (0, frozenset()))
    totals = dict.fromkeys(cards, 0.0)
    weight_sum = 0.0
    for held in itertools.combinations(unseen, hidden):
        their_hand = tuple(sorted(know.known[other] | set(held)))
        believed = sum(1 for card in their_hand if card in lacking) <= view.draws[other] - then
        weight = 1.0 if believed else 1.0 - trust
        for order in itertools.permutations(card for card in unseen if card not in held):
            if weight <= 0:
                break
            weight_sum += weight
            for card in cards:
                state = ((tuple(c for c in view.hand if c != card), their_hand), (*order, *bottom), points)
                if view.trick:
                    value = end.finish(state, 1, view.trick[0][1], card, -math.inf, math.inf)
                else:
                    value = end.value(state, 0, card, -math.inf, math.inf)
                totals[card] += value * weight
    return {card: total / weight_sum for card, total in totals.items()} if weight_sum > 0 else None


_State: TypeAlias = tuple[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[Card, ...], tuple[int, int]]
"""An ending with every card known: (my hand, the other hand), the talon (top first), (my points, theirs)."""


class _Ending:
    """An alpha-beta search of a two-player ending with every card known: me (0) maximising, the other minimising."""

    def __init__(self, view: PlayerView) -> None:
        self.trump = view.trump
        self.follow = view.rules.must_follow_suit
        self.rematada = view.rules.rematada
        self.contract = view.contract if view.rules.subastada else None
        self.i_called = view.caller in view.team()

    def utility(self, mine: int, theirs: int) -> float:
        """A won hand outweighs any margin; the margin breaks ties (and is all that counts in rematada)."""
        margin = mine - theirs
        if self.rematada:
            return margin
        if self.contract is not None:
            made = (mine if self.i_called else theirs) >= self.contract
            result = 1 if made == self.i_called else -1
        else:
            result = (margin > 0) - (margin < 0)
        return _RESULT_WEIGHT * result + margin

    def value(self, state: _State, leader: int, lead: Card | None, alpha: float, beta: float) -> float:
        """The value for me once ``leader`` has led ``lead`` (None: ``leader`` is about to lead)."""
        hands = state[0]
        mover = leader if lead is None else 1 - leader
        hand = hands[mover]
        if not hand:
            return self.utility(*state[2])
        options = hand
        if lead is not None and self.follow:
            options = tuple(card for card in hand if card.suit == lead.suit) or hand
        best = -math.inf if mover == 0 else math.inf
        for card in options:
            rest = tuple(c for c in hand if c != card)
            after: _State = ((rest, hands[1]) if mover == 0 else (hands[0], rest), state[1], state[2])
            if lead is None:
                value = self.value(after, leader, card, alpha, beta)
            else:
                value = self.finish(after, leader, lead, card, alpha, beta)
            if mover == 0:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def finish(self, state: _State, leader: int, lead: Card, reply: Card, alpha: float, beta: float) -> float:
        """Score the trick ``lead`` (by ``leader``) and ``reply``, draw from the talon, and search on."""
        (hands, talon, points) = state
        winner = 1 - leader if beats(reply, lead, lead.suit, self.trump) else leader
        gain = lead.points + reply.points
        points = (points[0] + gain, points[1]) if winner == 0 else (points[0], points[1] + gain)
        if talon:
            first, second = (*hands[winner], talon[0]), (*hands[1 - winner], talon[1])
            hands = (first, second) if winner == 0 else (second, first)
            talon = talon[2:]
        return self.value((hands, talon, points), winner, None, alpha, beta)
