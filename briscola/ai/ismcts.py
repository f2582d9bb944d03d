"""Information-set Monte Carlo tree search for the middle game of two-player hands (experiment).

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): each iteration deals the hidden cards afresh (from the
reading's posterior), walks a tree of cards played in which a node's statistics are shared by every deal that reaches
it (so neither player's choices can depend on cards it can't see, unlike a search per deal), picks children by UCB
over the cards legal in this deal (counting how often each was available), adds one node, plays the rest of the hand
out by Medio's judgement (:func:`~briscola.ai.judged.judged_rollout`) and backs the result up (won 1, drawn 0.5,
lost 0).
"""

from __future__ import annotations

import math
import random

from briscola.ai.judged import judged_rollout
from briscola.ai.position import WIN_WEIGHT, Position

__all__ = ["ismcts_values"]


class _Node:
    __slots__ = ("avail", "children", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.avail: dict[int, int] = {}
        self.visits = 0
        self.wins = 0.0  # for the side that played the card leading here


def _result(outcome: int) -> float:
    """Side 0's result from :meth:`Position.outcome`: 1 won, 0.5 drawn, 0 lost."""
    if outcome > WIN_WEIGHT // 2:
        return 1.0
    if outcome < -WIN_WEIGHT // 2:
        return 0.0
    return 0.5


def ismcts_values(
    positions: list[Position], cards: list[int], iterations: int, rng: random.Random, explore: float = 0.7
) -> dict[int, tuple[int, float]]:
    """For each of my ``cards``: (visits, mean result for me) after ``iterations`` over the deals ``positions``."""
    root = _Node()
    for iteration in range(iterations):
        pos = positions[iteration % len(positions)]
        node = root
        path: list[tuple[_Node, int]] = []  # (child, side that chose it)
        played = 0
        while not pos.over:
            legal = cards if node is root else pos.moves()
            for card in legal:
                node.avail[card] = node.avail.get(card, 0) + 1
            untried = [card for card in legal if card not in node.children]
            side = pos.side[pos.to_move]
            if untried:
                card = untried[rng.randrange(len(untried))]
                child = _Node()
                node.children[card] = child
                pos.play(card)
                played += 1
                path.append((child, side))
                break
            best = -1.0
            card = legal[0]
            for option in legal:
                child = node.children[option]
                score = child.wins / child.visits + explore * math.sqrt(math.log(node.avail[option]) / child.visits)
                if score > best:
                    best, card = score, option
            node = node.children[card]
            pos.play(card)
            played += 1
            path.append((node, side))
        value = _result(judged_rollout(pos)) if not pos.over else _result(pos.outcome())
        for child, side in path:
            child.visits += 1
            child.wins += value if side == 0 else 1.0 - value
        for _ in range(played):
            pos.undo()
    return {card: (child.visits, child.wins / max(child.visits, 1)) for card, child in root.children.items()}
