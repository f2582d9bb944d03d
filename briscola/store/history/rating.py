"""The player's estimated rating: an Elo fitted from their hands against the levels, said as "you play like level 4.3".

**The scale.** The levels' Elos are the measured ladder's (:data:`briscola.ai.levels.LADDER_ELO`, from
``docs/ai-ladder.md``), held fixed; only the player's Elo is fitted (:func:`briscola.stats.fit_against`, the same
Bradley-Terry model and weak prior as the ladder's own fit), so the player lands on the ladder's scale and beside its
rungs.

**What counts.** The ladder was measured one *hand* a game, one against one. So the player's games are their hands in
two-player matches against one computer level: a hand won is a win, a hand lost a loss, a drawn hand (60 all) half of
each. Matches, not hands, would not do: a match to several hands magnifies a small edge per hand, which the ladder's
Elo does not include. Left out, because the ladder says nothing about them:

- team games (four or six players): the result is the partner's as much as the player's;
- three-handed and chiamata tables, and tables of mixed levels: a hand there is no duel against one known level;
- opponents that are people or external programs, whose strength is unknown.

The other two-player forms count as the classic game the ladder was measured in (the preset filter narrows the fit to
one form). Hands of abandoned matches count: they were played to the end.

**In words.** The fitted Elo is placed between the two levels whose Elos surround it and read as a level number with a
decimal, linearly between them: 300 Elo, between medio (265, level 3) and difficile (374, level 4), is level 3.3. The
interval's ends are read the same way. Below the first level or above the last the figure is clamped to 1.0 or 6.0,
and the words say "below" or "above" instead (the ladder has no rung to compare with there).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Final

from briscola.ai.levels import LADDER_ELO, LEVELS
from briscola.stats import Estimate, fit_against
from briscola.store.history.facts import Outcome
from briscola.store.history.rows import Filters
from briscola.store.history.stats import hand_rows

__all__ = [
    "MIN_HANDS",
    "PlayerRating",
    "level_equivalent",
    "player_rating",
    "rating_from_counts",
    "rating_from_hands",
]

_OUTCOMES: Final = (Outcome.WON, Outcome.DRAWN, Outcome.LOST)
#: Fewer hands than this give no rating: the interval would span the whole ladder and say nothing.
MIN_HANDS: Final = 10


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """The player's Elo (with its 95% interval) and the same as a level number from 1.0 to 6.0."""

    elo: Estimate
    level: float
    level_low: float
    level_high: float
    hands: int
    """The hands the fit counted."""
    by_level: tuple[tuple[str, int, float], ...]
    """``(level, hands, score)`` per level played, weakest first: what the fit was given."""

    @property
    def below(self) -> bool:
        """Weaker than the first level (the level figure is clamped to 1.0)."""
        return self.elo.value < LADDER_ELO[LEVELS[0].italian]

    @property
    def above(self) -> bool:
        """Stronger than the last level (clamped to 6.0)."""
        return self.elo.value > LADDER_ELO[LEVELS[-1].italian]


def level_equivalent(elo: float) -> float:
    """``elo`` as a level number, interpolated linearly between the ladder's rungs, clamped to [1, 6]."""
    rungs = [(level.number, LADDER_ELO[level.italian]) for level in LEVELS]
    if elo <= rungs[0][1]:
        return float(rungs[0][0])
    for (number, low), (_, high) in pairwise(rungs):
        if elo <= high:
            return number + (elo - low) / (high - low) if high > low else float(number)
    return float(rungs[-1][0])


def rating_from_counts(counts: dict[str, tuple[int, int, int]]) -> PlayerRating | None:
    """The rating from hands won, drawn and lost against each level (labels that are not levels are ignored)."""
    played = [
        (level.italian, *counts[level.italian])
        for level in LEVELS
        if level.italian in counts and sum(counts[level.italian]) > 0
    ]
    hands = sum(won + drawn + lost for _, won, drawn, lost in played)
    if hands < MIN_HANDS:
        return None
    results = [(LADDER_ELO[name], won + drawn + lost, won + drawn / 2) for name, won, drawn, lost in played]
    elo = fit_against(results)
    if elo is None:
        return None
    return PlayerRating(
        elo=elo,
        level=level_equivalent(elo.value),
        level_low=level_equivalent(elo.low),
        level_high=level_equivalent(elo.high),
        hands=hands,
        by_level=tuple(
            (name, won + drawn + lost, (won + drawn / 2) / (won + drawn + lost)) for name, won, drawn, lost in played
        ),
    )


def rating_from_hands(hands: Sequence[tuple[str, str, int, str, int, int, int]]) -> PlayerRating | None:
    """The rating from the statistics' counted hands (:func:`~briscola.store.history.stats.hand_rows`): those of
    two-player matches against one level (see the module's notes)."""
    counts: dict[str, list[int]] = {}
    for label, _preset, players, outcome, _points, _cappotto, count in hands:
        if players == 2 and label in LADDER_ELO:
            row = counts.setdefault(label, [0, 0, 0])
            row[_OUTCOMES.index(Outcome(outcome))] += count
    return rating_from_counts({label: (won, drawn, lost) for label, (won, drawn, lost) in counts.items()})


def player_rating(conn: sqlite3.Connection, filters: Filters) -> PlayerRating | None:
    """The rating of the human's seat in the matches ``filters`` keep (see the module's notes for which hands count);
    None with fewer than :data:`MIN_HANDS` such hands."""
    return rating_from_hands(hand_rows(conn, replace(filters, level=None)))
