"""Time-based tweening: easing curves, a tween of one value, and a timeline of beats for the table's animations.

Everything here is driven by elapsed seconds handed in by the caller (``update(dt)``), never by frame count or a wall
clock, so a test can step time in any increments and see the same result, and a slow frame never slows the game.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["EASINGS", "Beat", "Timeline", "Tween", "ease_in_out_cubic", "ease_out_back", "ease_out_cubic", "linear"]

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing: for ticking numbers, where a steady pace reads best."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing: a card thrown onto the table."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle at both ends: a card slid across the table."""
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """A small overshoot before settling: a lifted card that springs."""
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def ease_in_out_sine(t: float) -> float:
    """The softest curve: for fades."""
    return -(math.cos(math.pi * t) - 1.0) / 2.0


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "in_out_sine": ease_in_out_sine,
}


@dataclass(slots=True)
class Tween:
    """Progress from 0 to 1 over ``duration`` seconds after ``delay``, shaped by ``easing``.

    A duration of 0 finishes at the first update (the "instant" animation speed), so code never needs a special case.
    """

    duration: float
    easing: Easing = ease_in_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.elapsed += max(0.0, dt)

    @property
    def raw(self) -> float:
        """Linear progress in [0, 1], before easing."""
        if self.elapsed < self.delay:
            return 0.0
        if self.duration <= 0.0:
            return 1.0
        return min(1.0, (self.elapsed - self.delay) / self.duration)

    @property
    def value(self) -> float:
        """Eased progress (may overshoot 1 slightly with ``ease_out_back``)."""
        raw = self.raw
        return 1.0 if raw >= 1.0 else self.easing(raw)

    @property
    def started(self) -> bool:
        """True once the delay has passed."""
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        """True once the tween has reached its end."""
        return self.raw >= 1.0

    def finish(self) -> None:
        """Jump to the end (a resize, or a player who skips)."""
        self.elapsed = self.delay + self.duration


@dataclass(slots=True)
class Beat:
    """One step of a timeline: ``start`` runs when the beat begins; the next beat begins ``hold`` seconds later."""

    start: Callable[[], None]
    hold: float
    label: str = ""


@dataclass
class Timeline:
    """Beats played one after another. The table turns each engine event into beats, so animations follow the rules.

    Beats with a short hold overlap their motions (the deal: one card leaves before the last one lands), yet start in
    order, so what the table shows never runs ahead of the events.
    """

    beats: deque[Beat] = field(default_factory=deque)
    wait: float = 0.0

    def add(self, start: Callable[[], None], hold: float = 0.0, label: str = "") -> None:
        """Queue a beat."""
        self.beats.append(Beat(start, max(0.0, hold), label))

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds, starting every beat whose turn has come (several in one frame if need be)."""
        self.wait -= dt
        while self.beats and self.wait <= 0.0:
            beat = self.beats.popleft()
            beat.start()
            self.wait += beat.hold
        if not self.beats:
            self.wait = max(self.wait, 0.0)

    @property
    def idle(self) -> bool:
        """True when every beat has started and its hold has passed."""
        return not self.beats and self.wait <= 0.0

    def flush(self) -> None:
        """Start every queued beat now (used when the animation speed is instant or the window closes)."""
        while self.beats:
            self.beats.popleft().start()
        self.wait = 0.0
