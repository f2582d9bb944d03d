"""The checks a setting's value must pass, each returning the value as the game keeps it or raising a reason.

A check sees one value, in the shape a TOML file gives it (a list, a table, text...), and either returns it in the form
the settings dataclasses hold (a list becomes a tuple, a level number its name, a colour lower case) or raises
:class:`InvalidValueError` whose reason is written to follow the key and value in a message: ``display.deck = "napoli"
is not a deck (decks: ...)``. The reason is a :class:`~briscola.text.i18n.Text`, translated when it is shown: a value
checked at startup may be reported long after the player has chosen another language.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, Final

from briscola.ai.levels import PlayerSpecError, player_name, player_names
from briscola.text.i18n import N_, Text

__all__ = [
    "EXTERNAL_PREFIX",
    "HUMAN",
    "MAX_WINDOW",
    "MIN_WINDOW",
    "Check",
    "InvalidValueError",
    "boolean",
    "check_level",
    "check_seat",
    "choice",
    "colour",
    "describe",
    "fraction",
    "options",
    "seats",
    "toml_text",
    "whole",
    "window",
]

#: The smallest window the table is laid out for (briscola.ui.core.layout.MIN_SIZE) and a generous largest (8K).
MIN_WINDOW: Final = (960, 600)
MAX_WINDOW: Final = (7680, 4320)
HUMAN: Final = "human"
#: The longest name a profile may have (the history refuses longer ones too: ``history.rows.profile_name``).
MAX_PROFILE_CHARS: Final = 64
#: A seat spec starting with this runs the rest as a BBP/1 bot program: ``external:python3 mybot.py --fast``. Its one
#: home, below the match layer that seats such a bot (:mod:`briscola.match.seats` re-exports it).
EXTERNAL_PREFIX: Final = "external:"
_COLOUR: Final = re.compile(r"#[0-9a-fA-F]{6}")

Check = Callable[[object], Any]


class InvalidValueError(ValueError):
    """A value a setting can't take; :attr:`reason` says why, e.g. 'is not a deck (decks: ...)' (``str()`` reads it)."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return str(self.reason)


# ---------------------------------------------------------------------------------------------------- describing values


def describe(value: object) -> Text:
    """The kind of a TOML value in words, for 'must be X, not Y'."""
    if isinstance(value, bool):
        return Text(N_("true/false"))
    if isinstance(value, int):
        return Text(N_("a whole number"))
    if isinstance(value, float):
        return Text(N_("a number with a fraction"))
    if isinstance(value, str):
        return Text(N_("text"))
    if isinstance(value, (list, tuple)):
        return Text(N_("a list"))
    if isinstance(value, dict):
        return Text(N_("a table"))
    return Text(N_("a date or time"))


def toml_text(value: object) -> str:
    """``value`` written as TOML (inline), for messages and for the comments of ``settings.toml``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return '"' + "".join(ch if ch.isprintable() else f"\\U{ord(ch):08x}" for ch in escaped) + '"'
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {toml_text(item)}" for key, item in value.items()) + "}"
    return str(value)


# ---------------------------------------------------------------------------------------------------------- the checks


def boolean(value: object) -> bool:
    """true or false; TOML has no other spelling, so 1, 0 and "yes" are refused rather than guessed."""
    if not isinstance(value, bool):
        raise InvalidValueError(Text(N_("must be true or false, not {kind}"), kind=describe(value)))
    return value


def whole(low: int, high: int) -> Check:
    """A check for a whole number from ``low`` to ``high`` (true/false is not a number here, unlike in Python)."""

    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidValueError(Text(N_("must be a whole number, not {kind}"), kind=describe(value)))
        if not low <= value <= high:
            raise InvalidValueError(Text(N_("is out of range: must be from {low} to {high}"), low=low, high=high))
        return value

    return check


def fraction(value: object) -> float:
    """A number from 0.0 to 1.0; a whole 0 or 1 is accepted, since people write ``volume = 1``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidValueError(Text(N_("must be a number, not {kind}"), kind=describe(value)))
    if not 0.0 <= value <= 1.0:  # also refuses nan
        raise InvalidValueError(Text(N_("is out of range: must be from {low} to {high}"), low="0.0", high="1.0"))
    return float(value)


def choice(choices: Iterable[str], unknown: str) -> Check:
    """A check for one of ``choices``; ``unknown`` is an N_-marked message with a ``{choices}`` placeholder."""
    allowed = tuple(choices)

    def check(value: object) -> str:
        if not isinstance(value, str):
            raise InvalidValueError(Text(N_("must be text, not {kind}"), kind=describe(value)))
        if value not in allowed:
            listed = ", ".join(toml_text(choice) for choice in allowed)
            raise InvalidValueError(Text(unknown, choices=listed))
        return value

    return check


def check_level(value: object) -> str:
    """A computer player: a level by number (3 or "3") or name, or a reference player; returned as its name."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise InvalidValueError(Text(N_("must be text, not {kind}"), kind=describe(value)))
    try:
        return player_name(value)
    except PlayerSpecError:
        raise InvalidValueError(
            Text(N_("is not a level (levels: 1 to 6 or {names})"), names=", ".join(player_names()))
        ) from None


def check_seat(value: object) -> str:
    """One seat spec: "human", a level, or "external:COMMAND"; returned in its canonical spelling."""
    if isinstance(value, str) and value.strip().lower() == HUMAN:
        return HUMAN
    if isinstance(value, str) and value.strip().lower().startswith(EXTERNAL_PREFIX):
        command = value.strip()[len(EXTERNAL_PREFIX) :].strip()
        if not command:
            raise InvalidValueError(Text(N_("names no program after {prefix}"), prefix=toml_text(EXTERNAL_PREFIX)))
        return EXTERNAL_PREFIX + command
    try:
        return check_level(value)
    except InvalidValueError:
        raise InvalidValueError(
            Text(N_('is not a seat: write "human", a level (1 to 6 or its name) or "external:COMMAND"'))
        ) from None


def seats(value: object) -> tuple[str, ...]:
    """A list of seat specs; at most one "human", since the table shows one hand."""
    if not isinstance(value, list):
        raise InvalidValueError(Text(N_("must be a list, not {kind}"), kind=describe(value)))
    specs = []
    for index, item in enumerate(value):
        try:
            specs.append(check_seat(item))
        except InvalidValueError as error:
            raise InvalidValueError(
                Text(N_("entry {index}, {value}, {reason}"), index=index, value=toml_text(item), reason=error.reason)
            ) from None
    if specs.count(HUMAN) > 1:
        raise InvalidValueError(Text(N_('has more than one "human" seat; one person plays at this screen')))
    return tuple(specs)


def options(value: object) -> tuple[tuple[str, Any], ...]:
    """Only the shape here: whether each option exists and fits the preset is checked with the preset."""
    if not isinstance(value, dict):
        raise InvalidValueError(Text(N_("must be a table of rule options, not {kind}"), kind=describe(value)))
    return tuple(sorted((str(key), tuple(item) if isinstance(item, list) else item) for key, item in value.items()))


def colour(value: object) -> str:
    """``#rrggbb``, kept in lower case so that equal colours compare equal."""
    if not isinstance(value, str):
        raise InvalidValueError(Text(N_("must be text, not {kind}"), kind=describe(value)))
    if not _COLOUR.fullmatch(value):
        raise InvalidValueError(Text(N_('is not a colour: write "#" and six hexadecimal digits, e.g. "#1f5f3a"')))
    return value.lower()


def window(value: object) -> tuple[int, int]:
    """``[width, height]`` in pixels, no smaller than the table is laid out for."""
    if not isinstance(value, list) or len(value) != 2 or not all(_is_whole(item) for item in value):
        raise InvalidValueError(Text(N_("must be a list of two whole numbers, [width, height]")))
    width, height = value
    (low_w, low_h), (high_w, high_h) = MIN_WINDOW, MAX_WINDOW
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        raise InvalidValueError(
            Text(
                N_("is out of range: from {low} to {high}"),
                low=toml_text(list(MIN_WINDOW)),
                high=toml_text(list(MAX_WINDOW)),
            )
        )
    return (width, height)


def profile(value: object) -> str:
    """A profile's name: "" (the first profile) or 1 to 64 characters without control characters, kept stripped."""
    if not isinstance(value, str):
        raise InvalidValueError(Text(N_("must be text, not {kind}"), kind=describe(value)))
    text = value.strip()
    if len(text) > MAX_PROFILE_CHARS or any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
        raise InvalidValueError(
            Text(
                N_("is not a player's name: at most {count} characters, none of them control characters"),
                count=MAX_PROFILE_CHARS,
            )
        )
    return text


def text(value: object) -> str:
    """Any text (a path, say)."""
    if not isinstance(value, str):
        raise InvalidValueError(Text(N_("must be text, not {kind}"), kind=describe(value)))
    return value


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
