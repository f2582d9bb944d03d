"""Scripted players with one strong habit each: opponents whose style a learning player should pick up (issue 36).

Each plays like the greedy reference player (:class:`~briscola.ai.simple.GreedyPlayer`) except for its habit, so a
measurement against it measures what knowing that habit is worth, and nothing else:

- ``lowest``: always plays its lowest card, the one that captures least (a 2 before a 4 ... before a three and an
  ace; a trump only when every card is a trump), whatever lies on the table: it never takes a trick on purpose and
  never saves a carico;
- ``trumper``: takes every carico (an ace or a three of another suit) led or played before it with its lowest trump,
  whether or not the trick is worth it; otherwise greedy.

Auctions, calls and optional moves are greedy's, so both play every form. Each is deterministic given its generator,
which (as greedy's) only breaks ties between equally good cards.
"""

from __future__ import annotations

import random
from typing import Final

from briscola.ai.simple import GreedyPlayer, require_legal
from briscola.engine.actions import Action, Play
from briscola.engine.cards import Rank
from briscola.engine.state import Phase
from briscola.engine.views import PlayerView

__all__ = ["STYLES", "LowestPlayer", "TrumperPlayer", "make_style"]

#: The scripted styles by spec: accepted by :func:`briscola.ai.levels.make_player` and the arena, not offered at the
#: table nor run by the ladder.
STYLES: Final[tuple[str, ...]] = ("lowest", "trumper")

_CARICHI: Final = (Rank.ACE, Rank.THREE)


class LowestPlayer:
    """Plays its lowest card every time; greedy in everything but card play."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._greedy = GreedyPlayer(rng)

    def choose(self, view: PlayerView) -> Action:
        legal = require_legal(view)
        cards = [action.card for action in legal if isinstance(action, Play)]
        if view.phase is not Phase.PLAY or not cards:
            return self._greedy.choose(view)
        return Play(min(cards, key=lambda card: (view.trump is not None and card.suit == view.trump, card.rank, card)))


class TrumperPlayer:
    """Trumps every carico of another suit on the table with its lowest trump; greedy otherwise."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._greedy = GreedyPlayer(rng)

    def choose(self, view: PlayerView) -> Action:
        legal = require_legal(view)
        trumps = [
            action.card
            for action in legal
            if isinstance(action, Play) and view.trump is not None and action.card.suit == view.trump
        ]
        if view.phase is Phase.PLAY and trumps and _carico_of_another_suit(view):
            return Play(min(trumps, key=lambda card: (card.rank, card)))
        return self._greedy.choose(view)


def _carico_of_another_suit(view: PlayerView) -> bool:
    """True when the trick on the table holds an ace or a three that is not a trump."""
    return any(card.rank in _CARICHI and card.suit != view.trump for _seat, card in view.trick)


def make_style(spec: str, rng: random.Random) -> LowestPlayer | TrumperPlayer:
    """The scripted player named ``spec`` (one of :data:`STYLES`)."""
    return LowestPlayer(rng) if spec == "lowest" else TrumperPlayer(rng)
