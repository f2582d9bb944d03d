"""Seats: whatever can sit at the table (a computer level, a reference player, an external bot) behind one interface.

The referee (arena, desktop table) talks to every seat the same way: ``choose(view)`` when the seat is to move,
``observe(view)`` after every change of the game so a seat that keeps its own state (an external bot) can follow it,
and ``close()`` at the end. Our own players decide from the view alone, so for them ``observe`` does nothing.

A seat that misbehaves raises :class:`SeatFault` (the referee counts a fault and plays the first legal action for it)
or :class:`SeatExited` (the seat is gone: the referee forfeits the hand for its side). The referee never trusts a
seat's answer: it checks it against the legal actions itself. The two exceptions are BBP/1's notions and live in
:mod:`briscola.protocol.faults` (the external seat raises them without importing the match); the ``external:`` prefix
of a seat spec is :mod:`briscola.store.checks`'s, which checks the specs a settings file holds. Both are re-exported
here for every referee.
"""

from __future__ import annotations

import random
from typing import Protocol

from briscola.ai.levels import make_player
from briscola.ai.simple import Player
from briscola.engine.actions import Action
from briscola.engine.views import PlayerView
from briscola.protocol.faults import SeatExited, SeatFault
from briscola.store.checks import EXTERNAL_PREFIX

__all__ = ["EXTERNAL_PREFIX", "PlayerSeat", "Seat", "SeatExited", "SeatFault", "make_seat"]


class Seat(Protocol):
    """One place at the table."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """An action for ``view``, which is the seat's own and has ``view.legal`` non-empty."""
        ...

    def observe(self, view: PlayerView) -> None:
        """The game changed; ``view`` is what the seat may see now."""
        ...

    def close(self) -> None:
        """The match is over: release whatever the seat holds (a process, a file)."""
        ...


class PlayerSeat:
    """One of our own players at a seat: it decides from the view and needs no notice of changes."""

    def __init__(self, name: str, player: Player) -> None:
        self.name = name
        self.player = player

    def choose(self, view: PlayerView) -> Action:
        """The player's choice."""
        return self.player.choose(view)

    def observe(self, view: PlayerView) -> None:
        """Nothing to do: the next view will hold everything."""

    def close(self) -> None:
        """Nothing to release."""


def make_seat(spec: str, rng: random.Random, *, time_ms: int = 2000) -> Seat:
    """A seat for ``spec``: a level (``5``, ``esperto``), a reference player, or ``external:COMMAND``.

    ``time_ms`` is the thinking time granted to an external bot for each request. Raises
    :class:`briscola.ai.levels.PlayerSpecError` for a spec that names nothing.
    """
    text = spec.strip()
    if text.lower().startswith(EXTERNAL_PREFIX):
        from briscola.protocol.external import ExternalSeat

        return ExternalSeat(text[len(EXTERNAL_PREFIX) :].strip(), time_ms=time_ms)
    return PlayerSeat(text.lower(), make_player(text, rng))
