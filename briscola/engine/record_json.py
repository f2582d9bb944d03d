"""A game record's JSON: laid out for people when written, and read without trusting it when loaded.

Split from :mod:`.record`, which owns what a record is and how it replays; this is the text. Writing keeps a stable
layout a person can read and a diff can compare (:func:`layout`, :func:`actions_json`). Reading treats the file as
hostile: the text is size-checked before it is parsed; NaN, Infinity and keys written twice are refused after it
(``json`` accepts the first two, and keeps only the last of a repeated key, which would hide tampering); and every
checker raises a :class:`~briscola.engine.errors.RecordError` naming the field (``seats[2].kind``) and showing what
it holds only briefly, so a hostile value can't flood the message.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from briscola.engine.actions import Action, Deal, parse_action
from briscola.engine.errors import RecordError, RulesetError
from briscola.engine.ruleset import Ruleset

__all__ = [
    "MAX_LABEL_CHARS",
    "MAX_RECORD_BYTES",
    "actions_json",
    "check_actions",
    "check_created",
    "check_int",
    "check_object",
    "check_rules",
    "check_text",
    "describe",
    "field_path",
    "layout",
    "parse_json",
    "unknown_reason",
]

#: Inputs above this size are refused unread. A long match is a few kilobytes; the limit is there so that a corrupt
#: or hostile file can't make the game parse and replay megabytes of junk.
MAX_RECORD_BYTES: Final = 5 * 1024 * 1024
#: The longest label a record holds (a level's name, a date).
MAX_LABEL_CHARS: Final = 64
# Widths in the written layout: a line of actions, and the longest container kept on one line.
_ACTIONS_LINE_WIDTH: Final = 112
_INLINE_WIDTH: Final = 100
# The longest action string is a forfeit of five of six seats ("forfeit:0,1,2,3,4"); the margin allows nothing that
# parses slowly.
_MAX_ACTION_CHARS: Final = 24


def layout(value: object, indent: str) -> str:
    """``value`` as indented JSON whose nested lines start after ``indent``; flat containers of scalars stay inline."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or not value:
        return flat
    items = list(value.values()) if isinstance(value, dict) else value
    if len(indent) + len(flat) <= _INLINE_WIDTH and not any(isinstance(item, (dict, list)) for item in items):
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        lines = [f"{inner}{json.dumps(key, ensure_ascii=False)}: {layout(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(lines) + f"\n{indent}}}"
    lines = [f"{inner}{layout(item, inner)}" for item in value]
    return "[\n" + ",\n".join(lines) + f"\n{indent}]"


def actions_json(actions: list[str]) -> str:
    """The actions list, a new line at every deal and before a line would pass :data:`_ACTIONS_LINE_WIDTH`."""
    if not actions:
        return "[]"
    lines: list[list[str]] = []
    width = 0
    for text in actions:
        item = json.dumps(text)
        if not lines or text == str(Deal()) or width + len(item) + 2 > _ACTIONS_LINE_WIDTH:
            lines.append([])
            width = 0
        lines[-1].append(item)
        width += len(item) + 2
    return "[\n    " + ",\n    ".join(", ".join(line) for line in lines) + "\n  ]"


class _NonFinite:
    """Stands in for ``NaN`` or ``Infinity`` while parsing, so the check afterwards can say where it was."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class _JsonObject(dict[str, Any]):
    """A parsed JSON object that remembers keys written twice: ``json`` keeps only the last, which hides tampering."""

    __slots__ = ("duplicates",)

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.duplicates: list[str] = []
        if len(self) < len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.duplicates.append(key)
                seen.add(key)


def parse_json(text: str | bytes) -> object:
    """The JSON data in ``text``, refusing oversize input unread, and NaN, Infinity and repeated keys after."""
    if isinstance(text, bytes):
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError("record", _too_big(len(text)))
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise RecordError("record", f"is not UTF-8 text (bad byte at offset {error.start})") from None
    elif isinstance(text, str):
        # Measuring means encoding; skip it when even four bytes a character would fit.
        if len(text) > MAX_RECORD_BYTES // 4:
            size = len(text) if len(text) > MAX_RECORD_BYTES else len(text.encode("utf-8", "surrogatepass"))
            if size > MAX_RECORD_BYTES:
                raise RecordError("record", _too_big(size))
        text = text.removeprefix("\ufeff")
    else:
        raise RecordError("record", f"must be text or bytes, not {type(text).__name__}")
    try:
        data = json.loads(text, parse_constant=_NonFinite, object_pairs_hook=_JsonObject)
    except json.JSONDecodeError as error:
        raise RecordError(
            "record", f"is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise RecordError("record", "is nested too deeply to be a game record") from None
    except ValueError as error:  # an integer with more digits than Python converts
        raise RecordError("record", f"is not a readable JSON document: {error}") from None
    _check_plain_json(data)
    return data


def _too_big(size: int) -> str:
    return f"is {size:,} bytes, more than a game record can be ({MAX_RECORD_BYTES:,} bytes): refused unread"


def _check_plain_json(data: object) -> None:
    """Walk the parsed data (without recursion: depth is the attacker's choice) for the markers the parser left."""
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, _NonFinite):
            raise RecordError(path or "record", f"{value.text} is not a number JSON allows")
        if isinstance(value, _JsonObject):
            if value.duplicates:
                raise RecordError(field_path(path, value.duplicates[0]), "is written twice in one object")
            stack.extend((field_path(path, key), item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path or 'record'}[{index}]", item) for index, item in reversed(list(enumerate(value))))


def field_path(parent: str, key: object) -> str:
    """A field path such as ``seats[1].kind``; a key is cut short so a hostile one can't flood the message."""
    name = str(key)
    if len(name) > 40:
        name = name[:40] + "..."
    return f"{parent}.{name}" if parent else name


def describe(value: object) -> str:
    """A JSON value as a message shows it: its kind and, briefly, itself."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:40] + "..."
    if isinstance(value, str):
        return f"the text {shown}"
    if isinstance(value, int):
        return f"the number {shown}"
    if isinstance(value, float):
        return f"the fraction {shown}"
    return f"a {type(value).__name__}"


def unknown_reason(unknown: list[Any], known: Sequence[str]) -> str:
    others = f" (nor {', '.join(map(repr, unknown[1:4]))}{'...' if len(unknown) > 4 else ''})" if unknown[1:] else ""
    return f"is not a field here{others}; the fields are {', '.join(known)}"


def check_int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    """An integer, never a boolean (JSON ``true`` is a bool, and Python would let it pass as 1)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(path, f"must be a whole number, not {describe(value)}")
    if low is not None and value < low:
        raise RecordError(path, f"must be at least {low}, not {value}")
    if high is not None and value > high:
        raise RecordError(path, f"must be at most {high}, not {value}")
    return value


def check_text(value: object, path: str, max_chars: int) -> str:
    """Text a person will see: not blank, not too long, and free of control characters and lone surrogates."""
    if not isinstance(value, str):
        raise RecordError(path, f"must be text, not {describe(value)}")
    if not value.strip():
        raise RecordError(path, "must not be empty")
    if len(value) > max_chars:
        raise RecordError(path, f"is {len(value)} characters long; at most {max_chars} are allowed")
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise RecordError(path, f"holds the control character {char!r}")
    return value


def check_created(value: object, path: str) -> str:
    """An ISO-8601 date and time with its UTC offset: without one, records from two machines can't be ordered."""
    text = check_text(value, path, MAX_LABEL_CHARS)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise RecordError(path, f"{text!r} is not an ISO-8601 date and time (e.g. 2025-03-01T18:30:00Z)") from None
    if moment.tzinfo is None:
        raise RecordError(path, f"{text!r} has no UTC offset (write e.g. 2025-03-01T18:30:00Z)")
    return text


def check_object(value: object, path: str, keys: Sequence[str], required: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(path, f"must be an object, not {describe(value)}")
    unknown = [key for key in value if key not in keys]
    if unknown:
        raise RecordError(field_path(path, unknown[0]), unknown_reason(unknown, keys))
    for key in required:
        if key not in value:
            raise RecordError(field_path(path, key), "is missing")
    return value


def check_rules(value: object) -> Ruleset:
    if not isinstance(value, dict):
        raise RecordError("rules", f"must be an object, not {describe(value)}")
    try:
        return Ruleset.from_dict(value)
    except RulesetError as error:
        raise RecordError(field_path("rules", error.option), error.reason) from None


def check_actions(value: object) -> tuple[Action, ...]:
    """Parse every action before any is played, so a malformed one is reported even after an illegal one."""
    if not isinstance(value, list):
        raise RecordError("actions", f"must be a list, not {describe(value)}")
    actions = []
    for index, item in enumerate(value):
        path = f"actions[{index}]"
        if not isinstance(item, str):
            raise RecordError(path, f"must be an action's text, not {describe(item)}")
        if len(item) > _MAX_ACTION_CHARS:
            raise RecordError(path, f"is {len(item)} characters long; no action is longer than {_MAX_ACTION_CHARS}")
        try:
            action = parse_action(item)
        except ValueError as error:
            raise RecordError(path, str(error)) from None
        # One spelling per action ("AD", not "ad" or " AD"), so equal matches are equal files.
        if str(action) != item:
            raise RecordError(path, f"{item!r} must be written {str(action)!r}")
        actions.append(action)
    return tuple(actions)
