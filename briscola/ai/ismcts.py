"""Campione's middle game: information-set Monte Carlo tree search over the reading's deals.

Esperto's middle game is Medio's judgement, nudged by play-outs in sampled deals: every card is still chosen by that
judgement, and each sampled deal is searched as if its cards were seen, so more deals or heavier play-outs don't make
it stronger (``docs/ai.md``). This search is built the other way round (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012):

- each iteration takes one deal of the hidden cards (drawn beforehand from the reading's posterior,
  :func:`~briscola.ai.inference.posterior_worlds`) and walks one tree of the cards played, shared by every deal: a
  node's statistics mix all the deals that reach it, so neither player's choices in the tree can depend on cards it
  can't see (a search per deal lets them, the *strategy fusion* of sampling);
- a child is picked by UCB among the cards legal in this deal, with each card's chance counted by how often it was
  legal (*availability*), so a card the other player holds in few deals is not over-explored;
- one node is added per iteration, the rest of the hand is played out by Medio's judgement
  (:func:`~briscola.ai.judged.judged_rollout`), and the result, won 1, drawn ½, lost 0, is backed up, each node
  counting it for the side that chose the card leading to it.

The card played is the one visited most. Unlike the play-outs, its strength grows with its iterations; what each budget
scores against Esperto is in ``docs/ai.md`` ("Information-set MCTS in the middle game").
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from briscola.ai.judged import judged_rollout
from briscola.ai.position import WIN_WEIGHT, Position

__all__ = ["EXPLORE", "MIN_ITERATIONS", "ismcts_values"]

#: UCB's exploration constant for results between 0 and 1 (about 1/sqrt(2), the usual choice).
EXPLORE = 0.7
#: Iterations between two looks at the clock: a look costs a ten-thousandth of an iteration, and the fewer iterations
#: between them, the nearer its deadline a search stops on a machine that gives it a small share of a core.
_CLOCK_EVERY = 8
#: However short the time, a search runs this many iterations: some twenty play-outs a card, so a card is never
#: picked blind (a few hundredths of a second on the development machine).
MIN_ITERATIONS = 64


class _Node:
    """The cards played so far (the path from the root); ``wins`` are counted for the side that played the last."""

    __slots__ = ("avail", "children", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.avail: dict[int, int] = {}
        self.visits = 0
        self.wins = 0.0


def _result(outcome: int) -> float:
    """Side 0's result from :meth:`Position.outcome`: 1 won, 0.5 drawn, 0 lost."""
    if outcome > WIN_WEIGHT // 2:
        return 1.0
    if outcome < -WIN_WEIGHT // 2:
        return 0.0
    return 0.5


def ismcts_values(
    positions: Sequence[Position],
    cards: Sequence[int],
    iterations: int,
    rng: random.Random,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
    opponent: Callable[[Position], int] | None = None,
    faithful: float = 0.0,
) -> dict[int, tuple[int, float]]:
    """For each of my ``cards``: (visits, mean result for me) after ``iterations`` over the deals ``positions``.

    ``positions`` are deals of the same moment with me (side 0) to move, used in turn; each is left as it was.
    ``deadline`` (a time of ``clock``): stop early once it has passed, after at least :data:`MIN_ITERATIONS`, so a
    bot answers within its referee's time and a player at the table waits no longer than its budget; the clock is read
    every :data:`_CLOCK_EVERY` iterations. The visits then count fewer iterations: the card played is still the one
    visited most. Without it, the same deals and ``rng`` give the same values. ``clock``: tests give a fake one, so
    a budget can be checked without timing anything.

    ``opponent`` and ``faithful``: a learned model of the other player (:mod:`briscola.ai.opponent`) and the chance
    that it keeps to the model's favourite cards. Each iteration, with that chance, the other player's cards in the
    tree and in the play-out are the model's, not the tree's best answers and Medio's judgement: the search then
    values my cards against this player as it plays, as far as it plays that way.
    """
    root = _Node()
    for iteration in range(iterations):
        if (
            deadline is not None
            and iteration >= MIN_ITERATIONS
            and iteration % _CLOCK_EVERY == 0
            and clock() > deadline
        ):
            break
        pos = positions[iteration % len(positions)]
        follows = opponent if opponent is not None and faithful > 0 and rng.random() < faithful else None
        node = root
        path: list[tuple[_Node, int]] = []  # each node walked, with the side that chose the card leading to it
        while not pos.over:
            side = pos.side[pos.to_move]
            legal: Sequence[int] = cards if node is root else pos.moves()
            avail = node.avail
            for card in legal:
                avail[card] = avail.get(card, 0) + 1
            children = node.children
            untried = [card for card in legal if card not in children]
            if follows is not None and side == 1:
                card = follows(pos)
            elif untried:
                card = untried[rng.randrange(len(untried))]
            else:
                card = max(
                    legal,
                    key=lambda option: (
                        children[option].wins / children[option].visits
                        + EXPLORE * math.sqrt(math.log(avail[option]) / children[option].visits)
                    ),
                )
            child = children.get(card)
            added = child is None  # mypy narrows on the test below, not on this flag
            if child is None:
                child = children[card] = _Node()
            node = child
            pos.play(card)
            path.append((node, side))
            if added:
                break
        value = _result(pos.outcome() if pos.over else judged_rollout(pos, follows))
        for child, side in path:
            child.visits += 1
            child.wins += value if side == 0 else 1.0 - value
        for _ in path:
            pos.undo()
    return {card: (child.visits, child.wins / child.visits) for card, child in root.children.items()}
