"""The engine's precise exceptions: each names what was wrong, so a message can be shown to a person as it is."""

from __future__ import annotations

__all__ = [
    "EngineError",
    "IllegalActionError",
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


class IllegalActionError(EngineError, ValueError):
    """An action the rules don't allow now. The game state is left exactly as it was."""


class NotYourTurnError(IllegalActionError):
    """An action pushed for a seat that is not the one to move."""


class WrongPhaseError(IllegalActionError):
    """An action of the wrong kind for the game's phase (a card played during the auction, say)."""


class RecordError(EngineError, ValueError):
    """A game record that can't be loaded: ``field`` names the first field (or action) found wrong."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
