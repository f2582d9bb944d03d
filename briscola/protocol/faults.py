"""A seat's two ways of failing the referee, as BBP/1 names them (docs/bot-protocol.md): a fault, and a departure.

They live with the protocol, under the match layer, because the external seat raises them and must not import the
match that catches them; :mod:`briscola.match.seats` re-exports them for every referee.
"""

from __future__ import annotations

__all__ = ["SeatExited", "SeatFault"]


class SeatFault(Exception):  # noqa: N818 - a fault, as BBP/1 calls it, not an error of ours
    """The seat answered badly this time (too late, not JSON, not a legal action); ``str()`` says how."""


class SeatExited(Exception):  # noqa: N818 - an event at the table, not an error of ours
    """The seat is gone (its program exited or can't be started); ``str()`` says why."""
