"""Chance, made reproducible: the deck order of every hand and the choice of the first dealer, from a seed.

These are pure functions of (ruleset, seed, hand number). Python's ``random.Random`` seeded with a string is stable
across Python versions (the string is hashed with SHA-512), and so is ``shuffle``; a game record therefore needs only
its seed to re-create every deal. Changing these functions changes every recorded deal: the record format's version
must change with them.
"""

from __future__ import annotations

import random

from briscola.engine.cards import Card
from briscola.engine.events import DealerChosen
from briscola.engine.ruleset import FirstDealer, Ruleset

__all__ = ["choose_first_dealer", "deck_order"]


def deck_order(rules: Ruleset, seed: int, hand_no: int) -> list[Card]:
    """The shuffled deck of hand ``hand_no`` (0-based), top card first."""
    rng = random.Random(f"briscola/deal/{seed}/{hand_no}")
    order = list(rules.deck)
    rng.shuffle(order)
    return order


def choose_first_dealer(rules: Ruleset, seed: int) -> DealerChosen:
    """The first dealer, by lot or by cutting for the lowest card (aces lowest; a tie for lowest cuts again)."""
    rng = random.Random(f"briscola/dealer/{seed}")
    if rules.first_dealer is FirstDealer.LOT:
        return DealerChosen(rng.randrange(rules.players), "lot")
    contenders = list(range(rules.players))
    rounds: list[tuple[tuple[int, Card], ...]] = []
    while True:
        deck = list(rules.deck)
        rng.shuffle(deck)
        cut = tuple((seat, deck[i]) for i, seat in enumerate(contenders))
        rounds.append(cut)
        lowest = min(card.rank.face_value for _, card in cut)
        contenders = [seat for seat, card in cut if card.rank.face_value == lowest]
        if len(contenders) == 1:
            return DealerChosen(contenders[0], "cut", tuple(rounds))
