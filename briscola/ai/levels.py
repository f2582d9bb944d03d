"""The graded levels and the reference players, by name: the one place that turns a player spec into a player.

Everywhere a player is named (arena, bot program, game options) the same specs are accepted:

- a level by number or by its Italian name in lower case: ``1``/``principiante`` ... ``6``/``campione``;
- a reference player: ``random``, ``greedy``, ``pimc30`` (flat sampling of 30 worlds with greedy rollouts, no
  exact solver: the fixed yardstick the levels are measured against);
- ``coach``: a player that always plays the coach's best action (:class:`briscola.ai.coach.CoachPlayer`), for the
  arena's measure of the hints. It is not offered in the game's menus nor played in the ladder, so it is not in
  :func:`player_names`.

(``external:COMMAND`` seats are bots run as programs; the referee in :mod:`briscola.protocol.external` makes those,
since the AI package never starts processes.)

>>> parse_level("esperto").number, parse_level("2").english
(5, 'Easy')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from briscola.ai.simple import GreedyPlayer, Player, RandomPlayer
from briscola.ai.styles import STYLES, make_style
from briscola.engine.text import N_

__all__ = [
    "COACH",
    "LADDER_ELO",
    "LEVELS",
    "REFERENCE_PLAYERS",
    "Level",
    "PlayerSpecError",
    "make_player",
    "parse_level",
    "player_name",
    "player_names",
]


class PlayerSpecError(ValueError):
    """A player spec that names no level and no reference player."""


@dataclass(frozen=True, slots=True)
class Level:
    """One rung of the ladder: its number, its Italian name (the spec), its English name and how it plays.

    The English name is what players read, so it is marked for the catalogs and shown as ``_(level.english)``; the
    Italian one is a spec typed on command lines and stays as it is. ``summary`` is what the New game screen says of
    a seat given to the level (shown as ``_(level.summary)``): a player choosing an opponent wants to know what it
    does, in the player's words, not the search's.
    """

    number: int
    italian: str
    english: str
    summary: str


LEVELS: Final[tuple[Level, ...]] = (
    Level(
        1,
        "principiante",
        N_("Beginner"),
        N_("Plays sensible-looking cards, with a beginner's mistakes: wastes high cards, trumps worthless tricks."),
    ),
    Level(
        2,
        "facile",
        N_("Easy"),
        N_("Common sense one trick at a time: the cheapest lead, the cheapest winning answer; remembers nothing."),
    ),
    Level(
        3,
        "medio",
        N_("Intermediate"),
        N_("Counts the cards and trumps played, keeps its high cards safe, takes points cheaply; now and then slips."),
    ),
    Level(
        4,
        "difficile",
        N_("Hard"),
        N_("Thinks ahead over guesses at the hidden cards; once no card is hidden, plays without error."),
    ),
    Level(
        5,
        "esperto",
        N_("Expert"),
        N_("Reads your hand from your plays and calculates the last tricks exactly; still quick to play."),
    ),
    Level(
        6,
        "campione",
        N_("Champion"),
        N_("The Expert, searching the middle of the hand deeper: the strongest, at a few seconds a move at most."),
    ),
)

REFERENCE_PLAYERS: Final[tuple[str, ...]] = ("random", "greedy", "pimc30")
#: The spec of the player that follows the coach's hints (:class:`briscola.ai.coach.CoachPlayer`).
COACH: Final = "coach"

#: Each level's Elo as the measured ladder gives it (``docs/ai-ladder.md``, its Ratings table: classic, one hand a
#: game, every deal played twice with the seats swapped, random = 0), weakest first. The one home of these figures:
#: the history's rating of a player (:mod:`briscola.store.history.rating`) holds them fixed and fits the player's
#: Elo on the same scale, so "you play like level 4.3" means what the ladder measured. Re-measuring the ladder means
#: changing them here; ``tests/ai/test_ladder_elo.py`` fails while they and the document disagree.
LADDER_ELO: Final[dict[str, float]] = {
    "principiante": 109.0,
    "facile": 181.0,
    "medio": 265.0,
    "difficile": 374.0,
    "esperto": 500.0,
    "campione": 524.0,
}


def parse_level(spec: str) -> Level:
    """The level named by ``spec`` (``"5"`` or ``"esperto"``, any case); :class:`PlayerSpecError` otherwise."""
    text = spec.strip().lower()
    for level in LEVELS:
        if text in (str(level.number), level.italian):
            return level
    raise PlayerSpecError(
        f"{spec!r} is not a level (1-6 or {', '.join(level.italian for level in LEVELS)})"
        f" nor a reference player ({', '.join(REFERENCE_PLAYERS)})"
    )


def player_names() -> tuple[str, ...]:
    """Every spec :func:`make_player` accepts by name, weakest first."""
    return ("random", "greedy", "pimc30", *(level.italian for level in LEVELS))


def player_name(spec: str) -> str:
    """The name :func:`player_names` lists for ``spec`` (``"3"`` or ``" Medio "`` -> ``"medio"``); a spec naming no
    player raises :class:`PlayerSpecError`, whose message lists what is accepted."""
    text = spec.strip().lower()
    if text in REFERENCE_PLAYERS or text in STYLES:
        return text
    return parse_level(text).italian


def make_player(spec: str, rng: random.Random) -> Player:
    """A new player for ``spec``, drawing its randomness from ``rng`` (its own generator: seed it to replay)."""
    text = spec.strip().lower()
    if text == "random":
        return RandomPlayer(rng)
    if text == "greedy":
        return GreedyPlayer(rng)
    if text == "pimc30":
        from briscola.ai.pimc import Pimc30

        return Pimc30(rng)
    if text == COACH:
        from briscola.ai.coach import CoachPlayer

        return CoachPlayer(rng)
    if text in STYLES:
        return make_style(text, rng)
    level = parse_level(text)
    if level.number <= 3:
        from briscola.ai.heuristic import heuristic_level

        return heuristic_level(level.number, rng)
    from briscola.ai.search import search_level

    return search_level(level.number, rng)
