"""The computer players. Each one imports the engine only and decides from a :class:`PlayerView`, never the game.

Keeping players to the view makes cheating impossible by construction: whatever a player knows, its seat may know.
Every player takes its own ``random.Random`` so that a seeded match replays exactly, and exposes one method,
``choose(view) -> Action``, which the controller (terminal, desktop table, arena, bot referee) calls at its turn.
"""

from briscola.ai.simple import GreedyPlayer, Player, RandomPlayer

__all__ = ["GreedyPlayer", "Player", "RandomPlayer"]
