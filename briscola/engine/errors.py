"""The engine's precise exceptions: each names what was wrong, so a message can be shown to a person as it is.

A refused action also says *why* in a form a program can read (:class:`IllegalReason`), so the desktop table and the
terminal game put the engine's own judgement into the player's language instead of working it out again from the
rules (:mod:`briscola.text.reasons`).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "EngineError",
    "IllegalActionError",
    "IllegalReason",
    "NotYourTurnError",
    "RecordError",
    "RulesetError",
    "WrongPhaseError",
]


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class RulesetError(EngineError, ValueError):
    """A ruleset that can't be played. ``option`` names the offending option."""

    def __init__(self, option: str, reason: str) -> None:
        super().__init__(f"{option}: {reason}")
        self.option = option
        self.reason = reason


class IllegalReason(StrEnum):
    """Why the engine refused an action: one value for each rule it checks, the string a program may store or send."""

    NOT_YOUR_TURN = "not_your_turn"
    """Pushed for a seat that is not the one to move (or by a seat, for the referee's forfeit)."""
    WRONG_PHASE = "wrong_phase"
    """An action of a kind the phase doesn't take: a card during the auction, a bid during play, a deal mid-hand."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """A card of another suit while the hand holds one of the suit led, where the rules make players follow."""
    BID_TOO_LOW = "bid_too_low"
    """A bid not above the highest so far, or outside the bids the auction knows."""
    CALL_NOT_ALLOWED = "call_not_allowed"
    """A card of another rank than the one bid (chiamata), or the wrong kind of call for the variant."""
    SWAP_NOT_ALLOWED = "swap_not_allowed"
    DECLARE_NOT_ALLOWED = "declare_not_allowed"
    MELD_NOT_ALLOWED = "meld_not_allowed"
    SIGNAL_NOT_ALLOWED = "signal_not_allowed"
    ASK_NOT_ALLOWED = "ask_not_allowed"
    SEAT_NOT_PLAYING = "seat_not_playing"
    """A forfeit for a seat that is not playing the hand."""
    BAD_DEAL = "bad_deal"
    """:meth:`Game.from_deal <briscola.engine.game.Game.from_deal>` given a deck or a dealer that can't be."""


class IllegalActionError(EngineError, ValueError):
    """An action the rules don't allow now. The game state is left exactly as it was.

    The message is English for logs and developers; :attr:`reason` is what a program reads to react or to translate.
    """

    def __init__(self, message: str, reason: IllegalReason) -> None:
        super().__init__(message)
        self.reason = reason


class NotYourTurnError(IllegalActionError):
    """An action pushed for a seat that is not the one to move."""

    def __init__(self, message: str) -> None:
        super().__init__(message, IllegalReason.NOT_YOUR_TURN)


class WrongPhaseError(IllegalActionError):
    """An action of the wrong kind for the game's phase (a card played during the auction, say)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, IllegalReason.WRONG_PHASE)


class RecordError(EngineError, ValueError):
    """A game record that can't be loaded: ``field`` names the first field (or action) found wrong."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
