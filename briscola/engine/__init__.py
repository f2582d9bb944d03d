"""The rules of Briscola in every form rules.md describes: pure standard library, no screen, no files, no clock.

The public API is re-exported here: cards, rulesets and presets, actions, events, the :class:`Game` state, per-seat
views with world sampling, and game records.
"""

from briscola.engine.actions import (
    Action,
    ActionParseError,
    Ask,
    Bid,
    Call,
    ChooseTrump,
    Deal,
    Declare,
    Meld,
    Pass,
    Play,
    Signal,
    Swap,
    parse_action,
)
from briscola.engine.cards import ALL_CARDS, Card, CardCodeError, DeckFamily, Rank, Suit, card_name, parse_cards
from briscola.engine.errors import (
    EngineError,
    IllegalActionError,
    NotYourTurnError,
    RecordError,
    RulesetError,
    WrongPhaseError,
)
from briscola.engine.game import Game, Phase
from briscola.engine.presets import PRESETS, preset, preset_names
from briscola.engine.record import (
    GameRecord,
    RecordResult,
    SeatInfo,
    SeatKind,
    load_game,
    load_record,
    record_from_game,
    replay,
    replay_events,
)
from briscola.engine.ruleset import DrawHandling, FirstDealer, Ruleset, SignalRule, SwapRule, TrumpMode
from briscola.engine.sampling import SamplingError, sample_world
from briscola.engine.tricks import trick_points, trick_winner
from briscola.engine.views import PlayerView

__all__ = [
    "ALL_CARDS",
    "PRESETS",
    "Action",
    "ActionParseError",
    "Ask",
    "Bid",
    "Call",
    "Card",
    "CardCodeError",
    "ChooseTrump",
    "Deal",
    "DeckFamily",
    "Declare",
    "DrawHandling",
    "EngineError",
    "FirstDealer",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "Meld",
    "NotYourTurnError",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "RecordError",
    "RecordResult",
    "Ruleset",
    "RulesetError",
    "SamplingError",
    "SeatInfo",
    "SeatKind",
    "Signal",
    "SignalRule",
    "Suit",
    "Swap",
    "SwapRule",
    "TrumpMode",
    "WrongPhaseError",
    "card_name",
    "load_game",
    "load_record",
    "parse_action",
    "parse_cards",
    "preset",
    "preset_names",
    "record_from_game",
    "replay",
    "replay_events",
    "sample_world",
    "trick_points",
    "trick_winner",
]
