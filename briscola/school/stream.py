"""Which puzzle the school shows next, and the hint it gives, with no pygame.

- **The puzzle of the day** (:func:`daily_puzzle`) is picked from the date alone, so everyone sees the same one that
  day (whatever their rating or what they have done), and consecutive days step far apart through the file.
- **The rated stream** (:func:`next_puzzle`) offers the puzzle whose rating is nearest the player's among those not yet
  done (ties: the first in the file), so a puzzle is neither a walk-over nor out of reach; once all are done, any.
- **The hint** (:func:`hint`) names one card that is a mistake, the worst of them by the exact solver (it loses the
  hand, or keeps the fewest points), and leaves the other candidates to think over: with three cards, two are left,
  the answer among them. Why this hint: it is the coach's word on a real card ("not this one, and why"), it narrows
  the choice without playing it, and the player still has to see the win. A hint counts as a loss for the rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from briscola.engine.cards import Card
from briscola.engine.game import Game
from briscola.school.puzzles import Puzzle, judge

__all__ = ["Hint", "daily_puzzle", "hint", "next_puzzle"]

#: The step between consecutive days' puzzles through the file (a prime, so every puzzle comes round in turn).
_DAILY_STRIDE = 113


def daily_puzzle(puzzles: Sequence[Puzzle], day: date) -> Puzzle:
    """The puzzle of ``day``: the same for the same date and the same file, for everyone."""
    if not puzzles:
        raise ValueError("no puzzles")
    ordered = sorted(puzzles, key=lambda puzzle: puzzle.id)
    return ordered[(day.toordinal() * _DAILY_STRIDE) % len(ordered)]


def next_puzzle(puzzles: Sequence[Puzzle], rating: float, done: Sequence[str], skip: Sequence[str] = ()) -> Puzzle:
    """The rated stream's next puzzle: the nearest ``rating`` of those not ``done`` (nor in ``skip``, those already
    shown this visit); when every puzzle is done, the nearest of all but ``skip``."""
    if not puzzles:
        raise ValueError("no puzzles")
    seen, shown = set(done), set(skip)
    fresh = [puzzle for puzzle in puzzles if puzzle.id not in seen and puzzle.id not in shown]
    pool = fresh or [puzzle for puzzle in puzzles if puzzle.id not in shown] or list(puzzles)
    return min(pool, key=lambda puzzle: abs(puzzle.rating - rating))


@dataclass(frozen=True, slots=True)
class Hint:
    """The card that is a mistake, and whether it loses the hand (else it keeps ``short`` card points fewer)."""

    mistake: Card
    loses: bool
    short: int


def hint(game: Game, answer: Card) -> Hint | None:
    """The worst card of the position by the solver (see the module), or None when the answer is the only card."""
    verdict = judge(game)
    others = [card for card in verdict.results if card != answer]
    if not others:
        return None
    worst = min(others, key=lambda card: (verdict.results[card], verdict.points[card], -int(card)))
    loses = verdict.results[worst] < verdict.results[answer]
    return Hint(worst, loses, verdict.points[answer] - verdict.points[worst])
