"""The rules of Briscola in every form rules.md describes: pure standard library, no screen, no files, no clock.

The public API, importable from ``briscola.engine`` itself, is what a program needs to play and keep a match: choose
the rules (:class:`Ruleset`, :func:`preset`), start a :class:`Game`, push :data:`Action` values into it and read the
events it returns, give each seat its :class:`PlayerView`, catch the precise errors (an
:class:`IllegalActionError` says why as an :class:`IllegalReason`), and write and read a :class:`GameRecord`. These
names are kept stable; a change to them is a change for every caller (the table, the terminal game, the arena, bots).

The rest is public too, but imported from its own module, so that the root stays a small surface: the events
(:mod:`.events`), card tables and names (:mod:`.cards`: ``ALL_CARDS``, ``CARD_POINTS``, ``card_name``,
``parse_cards``), the variant options' types (:mod:`.ruleset`: ``TrumpMode``, ``SwapRule``, ...), trick arithmetic
(:mod:`.tricks`), the fast playout and world sampling of the search (:mod:`.fast`, :mod:`.sampling`), asking why a
seat's move is refused (:mod:`.refusal`), the lazy replay (:mod:`.record`) and the state the rule helpers share
(:mod:`.state`).
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
    Forfeit,
    Meld,
    Pass,
    Play,
    Signal,
    Swap,
    parse_action,
)
from briscola.engine.cards import Card, CardCodeError, DeckFamily, Rank, Suit
from briscola.engine.errors import (
    EngineError,
    IllegalActionError,
    IllegalReason,
    NotYourTurnError,
    RecordError,
    RulesetError,
    WrongPhaseError,
)
from briscola.engine.game import Game, Phase
from briscola.engine.presets import PRESETS, preset, preset_names
from briscola.engine.record import GameRecord, SeatInfo, SeatKind, load_game, load_record, record_from_game, replay
from briscola.engine.ruleset import Ruleset
from briscola.engine.views import PlayerView

__all__ = [
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
    "EngineError",
    "Forfeit",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "IllegalReason",
    "Meld",
    "NotYourTurnError",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SeatInfo",
    "SeatKind",
    "Signal",
    "Suit",
    "Swap",
    "WrongPhaseError",
    "load_game",
    "load_record",
    "parse_action",
    "preset",
    "preset_names",
    "record_from_game",
    "replay",
]
