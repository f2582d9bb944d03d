"""``pimc30``: the fixed reference for the search levels. Flat sampling of 30 worlds, one greedy rollout per card.

Perfect Information Monte Carlo in its plainest form: deal the hidden cards 30 times; in each deal play every legal
card and finish the hand with both sides playing single-trick common sense (:func:`briscola.ai.solver.rollout`);
play the card with the best total. No exact solving, no weighting, nothing tuned: it stays fixed so the levels can
be measured against the same yardstick over time. Everything but card play is the greedy player's.
"""

from __future__ import annotations

import random

from briscola.ai.position import POINTS, Position
from briscola.ai.simple import GreedyPlayer
from briscola.ai.solver import rollout
from briscola.engine.actions import Action, Play
from briscola.engine.game import Phase
from briscola.engine.sampling import sample_world
from briscola.engine.views import PlayerView

__all__ = ["Pimc30"]

WORLDS = 30


class Pimc30:
    """Flat PIMC with :data:`WORLDS` worlds and greedy rollouts."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.greedy = GreedyPlayer(random.Random(rng.random()))

    def choose(self, view: PlayerView) -> Action:
        """The card with the best rollout total, or the greedy choice outside card play."""
        cards = [action.card for action in view.legal if isinstance(action, Play)]
        if view.phase is not Phase.PLAY or len(cards) < 2:
            return self.greedy.choose(view)
        totals = dict.fromkeys(cards, 0)
        for _ in range(WORLDS):
            pos = Position(sample_world(view, self.rng), view.seat)
            for card in cards:
                pos.play(card)
                totals[card] += rollout(pos)
                pos.undo()
        return Play(max(cards, key=lambda card: (totals[card], -POINTS[card], -(card % 10))))
