"""Chance, made reproducible: the deck order of every hand and the choice of the first dealer, from a seed.

These are pure functions of (ruleset, seed, hand number), built on SHA-256 rather than :mod:`random`: Python only
promises that ``random.random()`` repeats across versions, not ``shuffle`` or ``randrange``, and a game record must
replay the same deals on every Python that will ever run it. The stream of random bits is SHA-256 of
``"<label>/<counter>"``; numbers below ``n`` are taken by rejection so every shuffle is exactly uniform.
Changing anything here changes every recorded deal, so the record format's version must change with it.

>>> [card.code for card in deck_order(Ruleset(), 1, 0)[:5]]
['5H', 'JD', '3C', '6D', '5D']
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

from briscola.engine.cards import Card
from briscola.engine.events import DealerChosen
from briscola.engine.ruleset import FirstDealer, Ruleset

__all__ = ["SeededStream", "choose_first_dealer", "deck_order"]

_T = TypeVar("_T")


class SeededStream:
    """A deterministic stream of uniform integers drawn from SHA-256 of a label and a counter."""

    def __init__(self, label: str) -> None:
        self._label = label
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def _take_bits(self, count: int) -> int:
        while self._bits < count:
            digest = hashlib.sha256(f"{self._label}/{self._counter}".encode()).digest()
            self._counter += 1
            self._pool |= int.from_bytes(digest, "big") << self._bits
            self._bits += 256
        value = self._pool & ((1 << count) - 1)
        self._pool >>= count
        self._bits -= count
        return value

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, so there is no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        width = max(1, (n - 1).bit_length())
        while True:
            value = self._take_bits(width)
            if value < n:
                return value

    def shuffle(self, items: list[_T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def deck_order(rules: Ruleset, seed: int, hand_no: int) -> list[Card]:
    """The shuffled deck of hand ``hand_no`` (0-based), top card first."""
    order = list(rules.deck)
    SeededStream(f"briscola/deal/{seed}/{hand_no}").shuffle(order)
    return order


def choose_first_dealer(rules: Ruleset, seed: int) -> DealerChosen:
    """The first dealer, by lot or by cutting for the lowest card (aces lowest; a tie for lowest cuts again)."""
    stream = SeededStream(f"briscola/dealer/{seed}")
    if rules.first_dealer is FirstDealer.LOT:
        return DealerChosen(stream.below(rules.players), "lot")
    contenders = list(range(rules.players))
    rounds: list[tuple[tuple[int, Card], ...]] = []
    while True:
        deck = list(rules.deck)
        stream.shuffle(deck)
        cut = tuple((seat, deck[i]) for i, seat in enumerate(contenders))
        rounds.append(cut)
        lowest = min(card.rank.face_value for _, card in cut)
        contenders = [seat for seat, card in cut if card.rank.face_value == lowest]
        if len(contenders) == 1:
            return DealerChosen(contenders[0], "cut", tuple(rounds))
