"""Every setting the game has: its typed value, its default, how a value is checked, and a line saying what it does.

The dataclasses below are the settings as the game reads them (typed, frozen, always valid) and hold the built-in
defaults; :data:`SCHEMA` adds, for each field, the check a value from a file must pass (:mod:`.checks`) and the
comment written above it in ``settings.toml``. A check sees one value at a time; the combinations (the preset with
players, options and seats) are checked in :mod:`.settings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

from briscola.ai.levels import player_names
from briscola.art.decks import DECKS
from briscola.art.frames import BACKS
from briscola.engine.presets import PRESETS
from briscola.engine.record import MAX_SEED
from briscola.store import checks
from briscola.store.checks import HUMAN, MIN_WINDOW, Check, toml_text
from briscola.text.i18n import N_

__all__ = [
    "ANIMATION_SPEEDS",
    "DEFAULT_PROFILE",
    "GRADINGS",
    "LANGUAGES",
    "SCHEMA",
    "TABLES",
    "CoachSettings",
    "DisplaySettings",
    "Entry",
    "GameSettings",
    "PlayerSettings",
    "Settings",
    "SoundSettings",
    "build",
    "flatten",
]

#: The languages the game has catalogs for; "" follows the system.
LANGUAGES: Final = ("", "it", "en", "de", "es", "da")
ANIMATION_SPEEDS: Final = ("slow", "normal", "fast", "instant")
_MAX_PAUSE_MS: Final = 10_000
#: The profile of a player who never chose a name (a name, the same in every language).
DEFAULT_PROFILE: Final = "Player"


@dataclass(frozen=True, slots=True)
class GameSettings:
    """The choices of the new-game screen, remembered for the next match."""

    players: int = 2
    level: str = "medio"
    seats: tuple[str, ...] = ()
    preset: str = "classic"
    options: tuple[tuple[str, Any], ...] = ()
    """Rule options as (name, value) pairs sorted by name (a tuple, so that settings stay hashable and comparable)."""
    hands_to_win: int = 0
    seed: int = 0

    def seat_specs(self) -> tuple[str, ...]:
        """Who sits where, one spec per seat: ``seats`` if given, else the player in seat 0 and ``level`` elsewhere."""
        return self.seats or (HUMAN, *([self.level] * (self.players - 1)))

    def option_dict(self) -> dict[str, Any]:
        """The rule options as a dict, ready for ``Ruleset.with_options``."""
        return dict(self.options)


@dataclass(frozen=True, slots=True)
class DisplaySettings:
    """How the table looks and moves."""

    deck: str = "napoletane"
    back: str = ""
    table_colour: str = "#1f5f3a"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    language: str = ""
    animation_speed: str = "normal"
    reduced_motion: bool = False
    show_running_points: bool = False
    sort_hand: bool = True
    confirm_play: bool = False
    trick_cue: bool = True
    """After each trick a short line over the table says who took it, and for how many points: on for a newcomer
    learning what a trick is worth, for a fast player to turn off."""
    computer_pause_ms: int = 600

    def back_name(self) -> str:
        """The back to draw: the chosen one, or the deck's own when none is chosen."""
        return self.back or DECKS[self.deck].back


@dataclass(frozen=True, slots=True)
class SoundSettings:
    """How loud the game is."""

    volume: float = 0.7
    mute: bool = False


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """Who plays at this screen, and whether their matches are kept (:mod:`briscola.store.history`)."""

    profile: str = ""
    """The profile the human plays under, chosen on the title or the new-game screen; "" is :data:`DEFAULT_PROFILE`."""

    def profile_name(self) -> str:
        """The name the human's matches are kept under."""
        return self.profile or DEFAULT_PROFILE

    history: bool = True
    history_file: str = ""
    """The history database; "" is ``history.sqlite3`` in the user's data folder (``--history`` overrides both)."""


#: When the coach grades the human's moves: never, after each move, or once the hand is over.
GRADINGS: Final = ("off", "move", "hand")


@dataclass(frozen=True, slots=True)
class CoachSettings:
    """The coach at the table (``docs/coach.md``), all off by default: a match is played as it is unless the player
    asks. Hints, grading and undo are chosen per match on the new-game screen and remembered here for the next one; a
    match with any of them used is marked as practice wherever results are kept."""

    hints: bool = False
    grading: str = "off"
    undo: bool = False
    counting_aid: bool = False
    """The cards played by suit, the trumps and carichi still out and the points each side holds, beside the table
    (never in briscola to 31, where counting is the game, nor where the variant hides what it would show)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """All the settings, one table each as in ``settings.toml``."""

    game: GameSettings = GameSettings()
    display: DisplaySettings = DisplaySettings()
    sound: SoundSettings = SoundSettings()
    player: PlayerSettings = PlayerSettings()
    coach: CoachSettings = CoachSettings()


@dataclass(frozen=True, slots=True)
class Entry:
    """One setting: where it lives, what it does (the comment above it in settings.toml) and how it is checked."""

    table: str
    key: str
    doc: str
    check: Check

    @property
    def name(self) -> str:
        """``table.key``, as problems name it."""
        return f"{self.table}.{self.key}"

    def default(self, settings: Settings | None = None) -> Any:
        """The value in ``settings`` (the built-in defaults when None)."""
        return getattr(getattr(settings or Settings(), self.table), self.key)


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(f'"{name}"' for name in names)


# The comments of settings.toml (long lines are wrapped when the file is written).
_DOCS: Final[dict[str, str]] = {
    "game.players": "Number of players at the table: 2 to 6 (4 and 6 play in two teams; 5 play briscola chiamata). "
    "It must suit the preset: a preset for another number of players is adapted when its rules allow.",
    "game.level": "Strength of the computer players when `seats` is empty: 1 to 6, or its name: "
    f"{_quoted(player_names()[3:])} (1 to 6).",
    "game.seats": 'Who sits where, seat 0 first, one entry per player: "human" (you), a level (1 to 6 or its name) '
    'or "external:COMMAND" (a bot program speaking BBP/1). [] = you in seat 0 and `level` in the others.',
    "game.preset": 'Ruleset preset: the rules and variant options to play with, by name, e.g. "classic" (classic '
    'Italian rules) or "four" (four players in two teams). `python -m briscola.cli --help` lists every preset.',
    "game.options": 'Rule options changed from the preset, e.g. { swap = "seven", must_follow_suit = true }; '
    "docs/record-format.md lists them all. {} = the preset as it is.",
    "game.hands_to_win": "Hands a side must win to win the match: 1 to 5 (2 = best of three, 3 = best of five); "
    "0 = as the preset says.",
    "game.seed": "Seed of the shuffle: 0 = a new random deal every time; any positive whole number replays the same "
    "deals.",
    "display.deck": f"Card faces: {_quoted(DECKS)}.",
    "display.back": f'Card back, chosen independently of the faces: {_quoted(BACKS)}; "" (empty) = the deck\'s own.',
    "display.table_colour": 'Colour of the table cloth: "#rrggbb".',
    "display.fullscreen": "Start in full screen: true or false.",
    "display.window_size": "Window size in pixels, [width, height], used when not in full screen; at least "
    f"{toml_text(list(MIN_WINDOW))}.",
    "display.language": f'Language of the game: {_quoted(LANGUAGES[1:])}; "" (empty) = the system\'s language.',
    "display.animation_speed": f"Speed of card animations: {_quoted(ANIMATION_SPEEDS)}.",
    "display.reduced_motion": "Keep movement on screen to a minimum, for players who find motion uncomfortable: "
    "true or false.",
    "display.show_running_points": "Show each side's points as tricks are taken (otherwise only at the end of the "
    "hand): true or false. Never shown in briscola to 31, where counting them is the game.",
    "display.sort_hand": "Keep your hand sorted by suit and rank: true or false.",
    "display.confirm_play": "Ask you to confirm each card before it is played: true or false.",
    "display.trick_cue": "After each trick, say for a moment who took it and for how many points (only who took it in "
    "briscola to 31): true or false.",
    "display.computer_pause_ms": "Pause before each computer move, in milliseconds, so you can follow the play: "
    f"0 to {_MAX_PAUSE_MS}.",
    "sound.volume": "Sound volume: 0.0 (silent) to 1.0 (full).",
    "sound.mute": "Turn all sound off without losing the volume: true or false.",
    "player.profile": "Your name, the profile your matches are kept under (chosen on the title or the new-game "
    'screen), at most 64 characters; "" (empty) = "Player".',
    "player.history": "Keep every match in the history (statistics, replays): true or false.",
    "player.history_file": 'The history database; "" (empty) = history.sqlite3 in your user data folder. The '
    "command line's --history PATH goes over it for one run.",
    "coach.hints": "Offer the coach's hint (H at the table) in new matches: true or false. Chosen per match on the "
    "new-game screen; a match with hints used is kept as practice.",
    "coach.grading": "Grade your moves (best, good, inaccuracy, mistake, blunder): "
    f"{_quoted(GRADINGS)} (after each move, or at the end of the hand). Chosen per match on the new-game screen.",
    "coach.undo": "Let you take back your last move in new matches (practice): true or false. A match with a move "
    "taken back is kept as practice.",
    "coach.counting_aid": "Show the cards already played, the trumps and carichi still out and the points each side "
    "holds, beside the table: true or false. Never in briscola to 31.",
}

_CHECKS: Final[dict[str, Check]] = {
    "game.players": checks.whole(2, 6),
    "game.level": checks.check_level,
    "game.seats": checks.seats,
    "game.preset": checks.choice(PRESETS, N_("is not a preset (presets: {choices})")),
    "game.options": checks.options,
    "game.hands_to_win": checks.whole(0, 5),
    "game.seed": checks.whole(0, MAX_SEED - 1),
    "display.deck": checks.choice(DECKS, N_("is not a deck (decks: {choices})")),
    "display.back": checks.choice(("", *BACKS), N_("is not a card back (backs: {choices})")),
    "display.table_colour": checks.colour,
    "display.fullscreen": checks.boolean,
    "display.window_size": checks.window,
    "display.language": checks.choice(LANGUAGES, N_("is not a language (languages: {choices})")),
    "display.animation_speed": checks.choice(ANIMATION_SPEEDS, N_("is not an animation speed (speeds: {choices})")),
    "display.reduced_motion": checks.boolean,
    "display.show_running_points": checks.boolean,
    "display.sort_hand": checks.boolean,
    "display.confirm_play": checks.boolean,
    "display.trick_cue": checks.boolean,
    "display.computer_pause_ms": checks.whole(0, _MAX_PAUSE_MS),
    "sound.volume": checks.fraction,
    "sound.mute": checks.boolean,
    "player.profile": checks.profile,
    "player.history": checks.boolean,
    "player.history_file": checks.text,
    "coach.hints": checks.boolean,
    "coach.grading": checks.choice(GRADINGS, N_("is not a way of grading (choose from: {choices})")),
    "coach.undo": checks.boolean,
    "coach.counting_aid": checks.boolean,
}

_CLASSES: Final = {
    "game": GameSettings,
    "display": DisplaySettings,
    "sound": SoundSettings,
    "player": PlayerSettings,
    "coach": CoachSettings,
}

#: Every setting by ``table.key``, in the order of the dataclasses (which is the order of settings.toml).
SCHEMA: Final[dict[str, Entry]] = {
    f"{table}.{f.name}": Entry(table, f.name, _DOCS[f"{table}.{f.name}"], _CHECKS[f"{table}.{f.name}"])
    for table, cls in _CLASSES.items()
    for f in fields(cls)
}
#: The tables and, for each, its keys in order.
TABLES: Final[dict[str, tuple[str, ...]]] = {
    table: tuple(f.name for f in fields(cls)) for table, cls in _CLASSES.items()
}
# A documented setting with no field (or a check with no setting) is a mistake made while adding one: fail at import.
assert set(_DOCS) == set(_CHECKS) == set(SCHEMA), "settings_schema: _DOCS, _CHECKS and the dataclasses disagree"


def build(values: Mapping[str, Any]) -> Settings:
    """Settings from checked values by ``table.key`` (every key present)."""
    parts: dict[str, dict[str, Any]] = {table: {} for table in TABLES}
    for name, value in values.items():
        table, key = name.split(".", 1)
        parts[table][key] = value
    return Settings(
        GameSettings(**parts["game"]),
        DisplaySettings(**parts["display"]),
        SoundSettings(**parts["sound"]),
        PlayerSettings(**parts["player"]),
        CoachSettings(**parts["coach"]),
    )


def flatten(settings: Settings) -> dict[str, Any]:
    """The values of ``settings`` by ``table.key``, in schema order."""
    return {name: entry.default(settings) for name, entry in SCHEMA.items()}
