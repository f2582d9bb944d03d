"""How a graded level errs: a worse card with a probability that falls with what it costs, never a uniform blunder.

Principiante and Medio (:mod:`briscola.ai.heuristic`), Facile (:mod:`briscola.ai.facile`) and Difficile
(:mod:`briscola.ai.search`) each cost their cards by their own judgement; the draw itself is this one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from briscola.engine.cards import Card

__all__ = ["slip"]


def slip(cards: Sequence[Card], costs: Mapping[Card, float], temperature: float, rng: random.Random) -> Card:
    """One of ``cards`` drawn with probability proportional to ``exp(-cost / temperature)``: the costless one (the
    level's best) most often, a cheap mistake often, a costly one rarely. ``cards`` fixes the order of the draw, so
    the same generator state always gives the same card."""
    weights = [math.exp(-costs[card] / temperature) for card in cards]
    return rng.choices(cards, weights=weights)[0]
