"""Recorded matches for the replay's tests: real games of random moves over the presets, as records."""

from __future__ import annotations

import random

from briscola.engine import Game, Ruleset, preset
from briscola.engine.events import HandOver
from briscola.engine.record import GameRecord, SeatInfo, SeatKind, record_from_game

CREATED = "2025-03-01T18:30:00Z"


def seats_for(players: int) -> tuple[SeatInfo, ...]:
    """Anna at seat 0, computers elsewhere."""
    others = tuple(SeatInfo(f"Computer {n}", SeatKind.COMPUTER, "medio") for n in range(1, players))
    return (SeatInfo("Anna", SeatKind.HUMAN), *others)


def played(name: str, seed: int, *, hands: int | None = None, rules: Ruleset | None = None) -> GameRecord:
    """A match of ``name`` (or ``rules``) played by random moves from ``seed``: whole, or stopped after ``hands``."""
    ruleset = rules or preset(name)
    game = Game(ruleset, seed)
    rng = random.Random(seed)
    done = 0
    while not game.is_over and (hands is None or done < hands):
        for event in game.apply(rng.choice(game.legal_actions())):
            done += isinstance(event, HandOver)
    return record_from_game(game, seats_for(ruleset.players), created=CREATED)
