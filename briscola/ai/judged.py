"""The intermediate level's judgement, fast enough for rollouts: one card choice on a :class:`Position`.

Search levels score a card by playing the rest of the hand out in sampled worlds. Played out by single-trick
greed (:func:`~briscola.ai.solver.greedy_card`), those playouts throw trumps and carichi away the way a weak player
does, and the search learns little from them: greedy rollouts left the search weaker than Medio. Played out by
Medio's judgement (a card is worth the trick it wins or loses, minus what it would be worth kept, see
:class:`~briscola.ai.heuristic.Weights`), the playouts are as good as Medio, and a search over them improves on it.

Here that judgement works on plain ints inside one world, for two players: the player to move counts the cards it
can't see (the other hand and the talon) exactly as Medio counts them, and a leader weighs each lead against the reply
the other hand would choose by the same judgement. With more players it falls back to greedy single-trick play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from briscola.ai.heuristic import RANK_TIE, Weights
from briscola.ai.position import POINTS, Position
from briscola.ai.solver import greedy_card
from briscola.engine.cards import DECK_TOTAL_POINTS

__all__ = ["judged_card", "judged_rollout"]

# Medio's weights (briscola.ai.heuristic.Weights) as plain module constants: the rollout reads them millions of times
# a move, and attribute lookups on a dataclass would cost a good share of that.
_MEDIO: Final = Weights()
_TRUMP_POWER: Final = _MEDIO.trump_power
_TRUMP_FLOOR: Final = _MEDIO.trump_floor
_TRUMP_DECAY: Final = _MEDIO.trump_decay
_TRUMP_TOP: Final = _MEDIO.trump_top
_CARICO_EXPOSED: Final = _MEDIO.carico_exposed
_COURT: Final = _MEDIO.court
_COVER: Final = _MEDIO.cover
_KEEP: Final = _MEDIO.keep
_RANK_TIE: Final = RANK_TIE
_DECK_POINTS: Final = float(DECK_TOTAL_POINTS)


def _with(facts: tuple[list[int], list[int]], cards: list[int], trump: int) -> tuple[list[int], list[int]]:
    """``facts`` (:func:`_facts`) of some unseen cards, with ``cards`` added to them (``facts`` stay as they were)."""
    top, trumps = facts
    top = top.copy()
    trumps = trumps.copy()
    for card in cards:
        suit = card // 10
        if card > top[suit]:
            top[suit] = card
        if suit == trump:
            trumps.append(card)
    return top, trumps


def _facts(unseen: list[int], trump: int) -> tuple[list[int], list[int]]:
    """What :func:`_hold` asks of ``unseen``: the highest card of each suit (-1 if none), and the trumps.

    Counted once per choice rather than once per card weighed: scanning the unseen cards for each card was most of a
    rollout's time.
    """
    return _with(([-1, -1, -1, -1], []), unseen, trump)


def _hold(card: int, hand: list[int], facts: tuple[list[int], list[int]], trump: int, stage: float) -> float:
    """What ``card`` is worth kept by the holder of ``hand``, when ``facts`` (:func:`_facts`) tell the unseen cards."""
    suit = card // 10
    rank = card % 10
    points = POINTS[card]
    if suit == trump:
        higher = 0
        for other in facts[1]:
            if other > card:
                higher += 1
        power = _TRUMP_POWER * (_TRUMP_FLOOR + (1 - _TRUMP_FLOOR) * stage) / (1 + _TRUMP_DECAY * higher)
        return points + power + (_TRUMP_TOP if higher == 0 else 0.0) + _RANK_TIE * rank
    if points < 10:
        cover = 0.0
        if points == 0:
            carichi = 0
            for held in hand:
                if POINTS[held] >= 10 and held // 10 != trump:
                    carichi += 1
            cover = _COVER * carichi
        return _COURT * points + _RANK_TIE * rank + cover
    return (_CARICO_EXPOSED if facts[0][suit] > card else 1.0) * points


def _reply(
    pos: Position, lead: int, hand: list[int], facts: tuple[list[int], list[int]], trump: int, stage: float
) -> int:
    """The card the second player answers ``lead`` with: the trick's points won or lost, minus the card kept."""
    keys = pos.keys[lead // 10]
    lead_key = keys[lead]
    options = hand
    if pos.must_follow:
        options = [card for card in hand if card // 10 == lead // 10] or hand
    on_table = POINTS[lead]
    best = options[0]
    best_value = -1e9
    for card in options:
        worth = on_table + POINTS[card]
        value = (worth if keys[card] > lead_key else -worth) - _hold(card, hand, facts, trump, stage)
        if value > best_value:
            best, best_value = card, value
    return best


def judged_card(pos: Position) -> int:
    """The card Medio's judgement picks for the player to move, seeing its own hand and counting the rest.

    A leader (two players) sees the other hand in the world it plays in: a rollout is one guess of the hidden cards,
    and the guesses average out over the worlds a search samples.
    """
    moves = pos.moves()
    if len(moves) == 1:
        return moves[0]
    if pos.active != 2:
        return greedy_card(pos)
    me = pos.to_move
    other = 1 - me if len(pos.hands) == 2 else pos.following[me]
    hand = pos.hands[me]
    trump = pos.trump
    their = pos.hands[other]
    if not pos.trick and not their:
        # Nobody is left to answer a lead: the cheapest card, and no need to count the unseen ones.
        return min(moves, key=lambda card: POINTS[card])
    talon_facts = _facts(pos.talon, trump)
    facts = _with(talon_facts, their, trump)
    left = _DECK_POINTS - pos.side_points[0] - pos.side_points[1]
    stage = max(left, 0.0) / _DECK_POINTS
    best = moves[0]
    best_value = -1e9
    if pos.trick:
        lead = pos.trick[0]
        keys = pos.keys[lead // 10]
        lead_key = keys[lead]
        for card in moves:
            worth = POINTS[lead] + POINTS[card]
            value = (worth if keys[card] > lead_key else -worth) - _KEEP * _hold(card, hand, facts, trump, stage)
            if value > best_value:
                best, best_value = card, value
        return best
    for card in moves:
        # The other hand counts what it can't see: the rest of my hand and the talon.
        rest = [held for held in hand if held != card]
        reply = _reply(pos, card, their, _with(talon_facts, rest, trump), trump, stage)
        keys = pos.keys[card // 10]
        worth = POINTS[card] + POINTS[reply]
        outcome = worth if keys[reply] <= keys[card] else -worth
        value = outcome - _KEEP * _hold(card, hand, facts, trump, stage)
        if value > best_value:
            best, best_value = card, value
    return best


def judged_rollout(pos: Position, opponent: Callable[[Position], int] | None = None) -> int:
    """Side 0's final points if everyone plays :func:`judged_card` from here (the position is restored); with an
    ``opponent``, side 1 plays its card instead (a learned model of the other player, :mod:`briscola.ai.opponent`)."""
    played = 0
    while not pos.over:
        if opponent is not None and pos.side[pos.to_move]:
            pos.play(opponent(pos))
        else:
            pos.play(judged_card(pos))
        played += 1
    value = pos.outcome()
    for _ in range(played):
        pos.undo()
    return value
