"""Search inside one sampled world (a :class:`~briscola.ai.position.Position`): exact alpha-beta, and rollouts.

:func:`search_value` is the points side 0 (the searching player's side) is sure of at the end of the hand, and
:func:`solve_result` the won / drawn / lost result, both with best play: with nothing hidden (two players once the
talon is empty) the move they pick is optimal. :func:`rollout` plays the hand out by single-trick common sense
(:func:`greedy_card`): the reference player ``pimc30``'s evaluation.

:func:`solve_result` also solves against a fixed rule instead of best play: against single-trick common sense
played without fail (:func:`common_sense_card`, the greedy reference player's rules) in the deals where the other
player's plays say that is how it plays (Esperto and Campione, :func:`briscola.ai.inference.strict_chance`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from briscola.ai.position import POINTS, Position

__all__ = [
    "common_sense_card",
    "greedy_card",
    "greedy_choice",
    "rollout",
    "search_value",
    "solve_result",
]

_INFINITY: Final = 10_000
# A trump costs more to give away than a plain card of the same points: it could have won a trick later.
_TRUMP_COST: Final = 6


def _cost(card: int, trump_keys: tuple[int, ...]) -> int:
    """How much playing ``card`` costs its owner, for ordering cheap-to-dear: points, trumps and rank."""
    return POINTS[card] * 4 + (_TRUMP_COST * 4 if trump_keys[card] >= 20 else 0) + card % 10


def greedy_card(pos: Position) -> int:
    """Single-trick common sense for the player to move: see :func:`greedy_choice`."""
    moves = pos.moves()
    if len(moves) == 1:
        return moves[0]
    trick = pos.trick
    if not trick:
        return greedy_choice(moves, trick, pos.keys, mine_winning=False, last=False)
    best_pos, _ = pos.winning_position()
    mine_winning = pos.side[pos.trick_seats[best_pos]] == pos.side[pos.to_move]
    return greedy_choice(moves, trick, pos.keys, mine_winning=mine_winning, last=len(trick) == pos.active - 1)


def greedy_choice(
    moves: Sequence[int],
    trick: Sequence[int],
    keys_by_led: tuple[tuple[int, ...], ...],
    *,
    mine_winning: bool,
    last: bool,
) -> int:
    """Single-trick common sense: the leader plays its cheapest card; a follower takes the trick with its cheapest
    winning card when that is worth it, else plays its cheapest card; a player whose side already wins the trick
    loads it with its richest plain card when last to play. ``keys_by_led`` is the trick table for the trump suit.
    """
    # Any table's keys tell trumps apart: a trump's key is 20 or more whatever the suit led.
    trump_keys = keys_by_led[0]
    if not trick:
        return min(moves, key=lambda card: _cost(card, trump_keys))
    if mine_winning:
        if last:
            plain = [card for card in moves if trump_keys[card] < 20]
            if plain:
                return max(plain, key=lambda card: (POINTS[card], -(card % 10)))
        return min(moves, key=lambda card: _cost(card, trump_keys))
    keys = keys_by_led[trick[0] // 10]
    best_key = max(keys[card] for card in trick)
    on_table = sum(POINTS[card] for card in trick)
    winners = [card for card in moves if keys[card] > best_key]
    if winners:
        cheapest = min(winners, key=lambda card: _cost(card, trump_keys))
        is_trump = trump_keys[cheapest] >= 20
        # A card of the suit led wins for free (its points come back with the trick); a trump only for points,
        # and a trump carico only for a trick already worth one.
        if not is_trump or (on_table >= 2 and (POINTS[cheapest] < 10 or on_table >= 10)):
            return cheapest
    return min(moves, key=lambda card: _cost(card, trump_keys))


def common_sense_card(pos: Position) -> int:
    """The greedy reference player's card (:class:`~briscola.ai.simple.GreedyPlayer`) for the player to move, in a
    two-player position; of equally good cards, the lowest numbered (the first in a sorted hand).

    The same rules as :func:`~briscola.ai.simple.greedy_cards` on a position's integers: lead the cheapest card;
    follow with the richest card of the suit led that wins, else the lowest trump that wins a trick holding points (a
    trump ace or three only for a trick worth ten), else the cheapest card. :func:`greedy_card` is a different,
    older common sense (``pimc30``'s rollouts, a fixed yardstick), so it is not this.
    """
    moves = pos.moves()
    if len(moves) == 1:
        return moves[0]
    trump_keys = pos.keys[0]
    trick = pos.trick
    if trick:
        keys = pos.keys[trick[0] // 10]
        best_key = max(keys[card] for card in trick)
        on_table = sum(POINTS[card] for card in trick)
        winners = [card for card in moves if keys[card] > best_key]
        in_suit = [card for card in winners if trump_keys[card] < 20]
        if in_suit:
            return min(in_suit, key=lambda card: (-POINTS[card], card))
        trumps = [card for card in winners if on_table >= 10 or POINTS[card] < 10]
        if trumps and on_table > 0:
            return min(trumps)
    return min(moves, key=lambda card: (POINTS[card], trump_keys[card] >= 20, card % 10, card))


def rollout(pos: Position) -> int:
    """Side 0's final points if everyone plays :func:`greedy_card` from here (the position is restored)."""
    played = 0
    while not pos.over:
        pos.play(greedy_card(pos))
        played += 1
    value = pos.side_points[0]
    for _ in range(played):
        pos.undo()
    return value


def _ordered_moves(pos: Position) -> list[int]:
    """The legal cards, rich ones and trumps first: in trick-taking games that order prunes most of the tree."""
    moves = pos.moves()
    if len(moves) > 1:
        trump_keys = pos.keys[0]
        moves.sort(key=lambda card: -POINTS[card] - (8 if trump_keys[card] >= 20 else 0))
    return moves


def search_value(
    pos: Position,
    alpha: int = -_INFINITY,
    beta: int = _INFINITY,
    table: dict[tuple[object, ...], tuple[int, int]] | None = None,
) -> int:
    """The points side 0 is sure of at the end of the hand from ``pos`` with best play on both sides (alpha-beta).

    Positions met again by another order of tricks are looked up in ``table``: between tricks, what side 0 will
    still take depends on the hands, how far the talon is drawn and who leads, not on the points taken so far, so
    the table keeps bounds on that gain. Pass one table to several calls on the same world to share it.
    """
    mine = pos.side_points[0]
    if pos.over:
        return mine
    if table is None:
        table = {}
    key: tuple[object, ...] | None = None
    if not pos.trick:
        if not pos.talon and len(pos.hands[pos.to_move]) == 1:
            last = pos.last_trick()
            if last is not None:
                return last[0]
        key = (*(tuple(sorted(hand)) for hand in pos.hands), len(pos.talon), pos.to_move)
        bounds = table.get(key)
        if bounds is not None:
            low, high = bounds[0] + mine, bounds[1] + mine
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
    window = (alpha, beta)
    maximizing = pos.side[pos.to_move] == 0
    value = -_INFINITY if maximizing else _INFINITY
    for card in _ordered_moves(pos):
        pos.play(card)
        child = search_value(pos, alpha, beta, table)
        pos.undo()
        if maximizing and child > value:
            value = child
            alpha = max(alpha, value)
        elif not maximizing and child < value:
            value = child
            beta = min(beta, value)
        if alpha >= beta:
            break
    if key is not None:
        low, high = table.get(key, (-_INFINITY, _INFINITY))
        gain = value - mine
        if value <= window[0]:
            high = min(high, gain)
        elif value >= window[1]:
            low = max(low, gain)
        else:
            low = high = gain
        table[key] = (low, high)
    return value


def solve_result(
    pos: Position,
    alpha: int = -1,
    beta: int = 1,
    table: dict[tuple[object, ...], tuple[int, int]] | None = None,
    opponent: Callable[[Position], int] | None = None,
) -> int:
    """The exact result of ``pos`` for side 0 with best play: 1 won, 0 drawn, -1 lost.

    Much cheaper than :func:`search_value` to the end: the window is three values wide, a line stops as soon as one
    side holds more than half the points, which decides most lines tricks before the last card, and positions met
    again by another order of tricks are looked up in ``table`` (bounds per position between tricks; pass one
    table to several calls on the same world to share it).

    With an ``opponent`` (such as :func:`common_sense_card`), side 1 is not an adversary but that fixed rule: only
    side 0's cards branch, which is far cheaper, and the result counts the tricks such a player gives away, which a
    search assuming best play never expects. Never share a ``table`` between solves with different opponents.
    """
    mine, theirs = pos.side_points
    if mine * 2 > pos.total:
        return 1
    if theirs * 2 > pos.total:
        return -1
    if pos.over:
        return 0
    if not pos.trick and not pos.talon and len(pos.hands[pos.to_move]) == 1:
        last = pos.last_trick()
        if last is not None:
            return (last[0] > last[1]) - (last[0] < last[1])
    if opponent is not None and pos.side[pos.to_move]:
        pos.play(opponent(pos))
        value = solve_result(pos, alpha, beta, table, opponent)
        pos.undo()
        return value
    if table is None:
        table = {}
    key: tuple[object, ...] | None = None
    if not pos.trick:
        # Between tricks a position is its hands, how far the talon is drawn, who leads and the points taken.
        key = (*(tuple(sorted(hand)) for hand in pos.hands), len(pos.talon), pos.to_move, mine)
        bounds = table.get(key)
        if bounds is not None:
            low, high = bounds
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
    window = (alpha, beta)
    maximizing = pos.side[pos.to_move] == 0
    value = -2 if maximizing else 2
    for card in _ordered_moves(pos):
        pos.play(card)
        child = solve_result(pos, alpha, beta, table, opponent)
        pos.undo()
        if maximizing and child > value:
            value = child
            alpha = max(alpha, value)
        elif not maximizing and child < value:
            value = child
            beta = min(beta, value)
        if alpha >= beta:
            break
    if key is not None:
        low, high = table.get(key, (-1, 1))
        if value <= window[0]:
            high = min(high, value)
        elif value >= window[1]:
            low = max(low, value)
        else:
            low = high = value
        table[key] = (low, high)
    return value
