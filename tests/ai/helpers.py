"""Test helper for the players: play a whole match, asserting that every choice is one of the legal actions."""

from __future__ import annotations

from collections.abc import Sequence

from briscola.ai.simple import Player
from briscola.engine import Deal, Game


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
