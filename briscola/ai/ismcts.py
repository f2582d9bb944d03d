"""Campione's middle game: information-set Monte Carlo tree search over the reading's deals.

Esperto's middle game is Medio's judgement, nudged by play-outs in sampled deals; more deals or heavier play-outs never
made it measurably stronger (``docs/ai.md``), because every card is still chosen by the same judgement and each
sampled deal is searched as if its cards were seen. This search is built the other way round (single-observer ISMCTS,
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

The card played is the one visited most. Measured against Esperto (``docs/ai.md``), 1,500 iterations scored 0.513
over 300 games, 4,000 scored 0.544 over 600 and 7,000 (Campione's) 0.542 over 600: the first design whose strength
moved with its budget, though not beyond the noise over Campione before it (0.519 over 1,200).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from briscola.ai.judged import judged_card, judged_rollout
from briscola.ai.position import WIN_WEIGHT, Position
from briscola.ai.solver import solve_result

__all__ = ["EXPLORE", "ismcts_values"]

#: UCB's exploration constant for results between 0 and 1 (about 1/sqrt(2), the usual choice).
EXPLORE = 0.7
#: Iterations between two looks at the clock.
_CLOCK_EVERY = 64


class _Node:
    """The cards played so far (the path from the root); ``wins`` are counted for the side that played the last."""

    __slots__ = ("after", "avail", "children", "judged", "named", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        #: With ``draws``: the tree below this node, one branch per card I drew since my last choice.
        self.after: dict[int, _Node] = {}
        self.avail: dict[int, int] = {}
        #: How often each card was the one Medio's judgement picks here, over the deals that reached the node (bias).
        self.judged: dict[int, int] = {}
        #: The card Medio's judgement named here in each deal (by its index), so a deal reaching the node again is not
        #: judged again: the same cards played in the same deal are the same position, so the same card.
        self.named: dict[int, int] = {}
        self.visits = 0
        self.wins = 0.0


def _result(outcome: int) -> float:
    """Side 0's result from :meth:`Position.outcome`: 1 won, 0.5 drawn, 0 lost."""
    if outcome > WIN_WEIGHT // 2:
        return 1.0
    if outcome < -WIN_WEIGHT // 2:
        return 0.0
    return 0.5


def _playout(pos: Position, solve_at: int) -> float:
    """Side 0's result of the hand played out from ``pos`` by Medio's judgement, solved exactly once at most
    ``solve_at`` cards are left in hands and talon (0: played to the end); ``pos`` is restored."""
    if solve_at <= 0:
        return _result(judged_rollout(pos))
    played = 0
    hands = pos.hands
    while len(pos.talon) + sum(len(hand) for hand in hands) > solve_at:
        pos.play(judged_card(pos))
        played += 1
    value = (solve_result(pos) + 1) / 2
    for _ in range(played):
        pos.undo()
    return value


def ismcts_values(
    positions: Sequence[Position],
    cards: Sequence[int],
    iterations: int,
    rng: random.Random,
    deadline: float | None = None,
    bias: float = 0.0,
    model: float = 0.0,
    draws: bool = False,
    solve_at: int = 0,
) -> dict[int, tuple[int, float]]:
    """For each of my ``cards``: (visits, mean result for me) after ``iterations`` over the deals ``positions``.

    ``positions`` are deals of the same moment with me (side 0) to move, used in turn; each is left as it was.
    ``deadline`` (a :func:`time.perf_counter` time): stop early once it has passed, after at least one iteration per
    card, so a bot answers within its referee's time. Without it, the same deals and ``rng`` give the same values.
    ``bias`` > 0: progressive bias toward Medio's card (Chaslot et al. 2008). At each node walked, Medio's judgement
    (:func:`~briscola.ai.judged.judged_card`, in this iteration's deal) names a card; it is expanded first when untried,
    and each child's score gains ``bias`` times the share of the node's deals in which its card was named over the
    deals in which it was legal, divided by its visits plus one, so sensible lines are searched first and the bias
    fades as results come in. It costs one judgement per node and deal (remembered for the deal's later visits), and
    measured no stronger (``docs/ai.md``), so it is off in every level.
    ``model`` > 0: at the other side's nodes, with that chance, the other player plays the card Medio's judgement
    names for it in this deal, where it knows its own hand, instead of the tree's choice (which mixes all its hands:
    single-observer ISMCTS models an opponent that doesn't know its cards); measured no stronger, off in every level.
    ``draws``: my choices in the tree also depend on the cards I drew on the way, as they do at the table (I see what I
    draw): at my first choice after a draw, the walk goes on in the branch for the card I drew. Without it, one node
    mixes all my draws, and its statistics for a card mix the hands that card was played from.
    ``solve_at`` > 0: each play-out is Medio's judgement down to that many cards left, then the exact result of its deal
    (:func:`~briscola.ai.solver.solve_result`), as the levels play the end at the table. Together at 6,000 iterations
    they measured no stronger (``docs/ai.md``), so both are off in every level.
    """
    root = _Node()
    me = positions[0].to_move
    for iteration in range(iterations):
        if (
            deadline is not None
            and iteration >= len(cards)
            and iteration % _CLOCK_EVERY == 0
            and time.perf_counter() > deadline
        ):
            break
        deal = iteration % len(positions)
        pos = positions[deal]
        node = root
        path: list[tuple[_Node, int]] = []  # each node walked, with the side that chose the card leading to it
        drawn = -1  # with ``draws``: the card I drew since my last choice, if any
        while not pos.over:
            side = pos.side[pos.to_move]
            if drawn >= 0 and side == 0:
                branch = node.after.get(drawn)
                if branch is None:
                    branch = node.after[drawn] = _Node()
                node = branch
                drawn = -1
            legal: Sequence[int] = cards if node is root else pos.moves()
            avail = node.avail
            for card in legal:
                avail[card] = avail.get(card, 0) + 1
            judged = node.judged
            sensible = -1
            modelled = model > 0 and side == 1
            if bias > 0 or modelled:
                sensible = node.named.get(deal, -1)
                if sensible < 0:
                    sensible = node.named[deal] = judged_card(pos)
                if bias > 0:
                    judged[sensible] = judged.get(sensible, 0) + 1
            untried = [card for card in legal if card not in node.children]
            children = node.children
            if modelled and rng.random() < model:
                card = sensible
            elif untried:
                card = sensible if sensible in untried else untried[rng.randrange(len(untried))]
            else:
                card = max(
                    legal,
                    key=lambda option: (
                        children[option].wins / children[option].visits
                        + EXPLORE * math.sqrt(math.log(avail[option]) / children[option].visits)
                        + bias * judged.get(option, 0) / avail[option] / (children[option].visits + 1)
                    ),
                )
            child = children.get(card)
            added = child is None  # mypy narrows on the test below, not on this flag
            if child is None:
                child = children[card] = _Node()
            node = child
            pos.play(card)
            path.append((node, side))
            if draws and pos.drew():
                drawn = pos.hands[me][-1]
            if added:
                break
        value = _result(pos.outcome()) if pos.over else _playout(pos, solve_at)
        for child, side in path:
            child.visits += 1
            child.wins += value if side == 0 else 1.0 - value
        for _ in path:
            pos.undo()
    return {card: (child.visits, child.wins / child.visits) for card, child in root.children.items()}
