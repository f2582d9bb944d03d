"""Test helpers for the players: play a whole match, asserting that every choice is one of the legal actions; a hand
played at random to its endgame."""

from __future__ import annotations

import random
from collections.abc import Sequence

from briscola.ai.simple import Player
from briscola.engine import PRESETS, Deal, Game, Phase, Play


def play_checked(game: Game, players: Sequence[Player], *, max_steps: int = 20_000) -> Game:
    """Play ``game`` to its end with ``players`` (one per seat); fail on an illegal choice or a match without end."""
    for _ in range(max_steps):
        if game.is_over:
            return game
        seat = game.to_move
        if seat is None:
            game.apply(Deal())
            continue
        view = game.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal, f"{type(players[seat]).__name__} at seat {seat} chose {action}, not {view.legal}"
        game.apply(action, seat=seat)
    raise AssertionError(f"the {game.rules.name} match did not end in {max_steps} steps")


def played_to_empty_talon(seed: int) -> tuple[Game, random.Random]:
    """A two-player classic hand played at random (seeded) until the talon is empty, with the generator to go on."""
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    while game.phase is Phase.PLAY and game.talon_size > 0:
        game.apply(Play(rng.choice(game.legal_cards())))
    return game, rng
