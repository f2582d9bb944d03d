"""Game records: a match, finished or not, as a versioned JSON document that replays to exactly the same state.

A match is a pure function of its ruleset, its seed and the actions pushed into it (the deals come from the seed, see
:mod:`.dealing`), so a record stores just those, plus who sat where and a short summary of the result, so a list of
saved games can be shown without replaying each one. The same format serves saved games, the autosave of a match in
progress and the history database; ``docs/record-format.md`` describes it for people.

Loading trusts nothing in the file. The text is size-checked before it is parsed, parsed with ``json`` only, and every
field is type-checked with an error naming its path (``seats[2].kind``). Then the actions are replayed through the
engine, which is the only judge of legality: the first illegal one is refused as ``actions[i]``. Finally the stored
result must agree with the replay, so a hand-edited score is caught. Every refusal is a :class:`RecordError`.

Over 400 lines because it is one idea, a record and its loading, end to end; the field-by-field JSON checks already
live apart in :mod:`.record_json`.

>>> from briscola.engine.actions import Deal
>>> from briscola.engine.presets import preset
>>> game = Game(preset("classic"), seed=42)
>>> _ = game.apply(Deal())
>>> seats = (SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Computer", SeatKind.COMPUTER, "medio"))
>>> record = record_from_game(game, seats)
>>> load_record(record.to_json()) == record
True
>>> load_record("[1, 2]")
Traceback (most recent call last):
...
briscola.engine.errors.RecordError: record: must be a JSON object, not a list
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from briscola.engine.actions import Action, Forfeit
from briscola.engine.errors import IllegalActionError, RecordError
from briscola.engine.events import Event
from briscola.engine.game import Game
from briscola.engine.record_json import (
    MAX_LABEL_CHARS,
    MAX_RECORD_BYTES,
    actions_json,
    check_actions,
    check_created,
    check_int,
    check_object,
    check_rules,
    check_text,
    describe,
    field_path,
    layout,
    parse_json,
    unknown_reason,
)
from briscola.engine.ruleset import Ruleset

__all__ = [
    "MAX_RECORD_BYTES",
    "MAX_SEED",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "RecordResult",
    "SeatInfo",
    "SeatKind",
    "load_game",
    "load_record",
    "record_from_dict",
    "record_from_game",
    "replay",
    "replay_events",
]

#: The value of every record's ``format`` field: it tells a record apart from any other JSON file.
RECORD_FORMAT: Final = "briscola-record"
#: The format version this module writes, and the newest it reads. It changes whenever the meaning of a record
#: changes, including any change to :mod:`.dealing`, which would re-create different deals from the same seed.
#: Version 2 added the ``forfeit:SEATS`` action (a hand ended because seats left); a version 1 record is read as it
#: is, since it can't hold one.
RECORD_VERSION: Final = 2
#: The first version whose records may hold a forfeit.
_FORFEIT_VERSION: Final = 2
#: Seeds are below this bound, so that every language and database that keeps records holds them as a signed 64-bit
#: integer without loss.
MAX_SEED: Final = 2**63

_MAX_NAME_CHARS: Final = 64
_TOP_KEYS: Final = ("format", "version", "app_version", "created", "rules", "seed", "seats", "actions", "result")
_REQUIRED_KEYS: Final = ("rules", "seed", "seats", "actions", "result")
_SEAT_KEYS: Final = ("name", "kind", "level")
_RESULT_KEYS: Final = ("match_scores", "winners", "hands_played")


class SeatKind(StrEnum):
    """Who played a seat, so that a replay and the history can tell a person's play from a program's."""

    HUMAN = "human"
    COMPUTER = "computer"
    """One of the game's own AI levels; :attr:`SeatInfo.level` names which."""
    EXTERNAL = "external"
    """A bot program speaking BBP/1; :attr:`SeatInfo.level` may name it and its version."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat of a recorded match: the name shown at the table, who played it and, for a program, its level."""

    name: str
    kind: SeatKind
    level: str | None = None

    def __post_init__(self) -> None:
        # Checked here too, not only when loading, so that the game can never write a record it would refuse to read.
        check_text(self.name, "seat.name", _MAX_NAME_CHARS)
        object.__setattr__(self, "kind", _check_kind(self.kind, "seat.kind"))
        if self.level is not None:
            check_text(self.level, "seat.level", MAX_LABEL_CHARS)


@dataclass(frozen=True, slots=True)
class RecordResult:
    """Where the match stood when it was recorded: enough to list saved games without replaying them.

    ``winners`` is None while the match goes on; ``hands_played`` counts hands that were scored (a hand thrown in
    after an auction where everybody passed is not one).
    """

    match_scores: tuple[int, ...]
    winners: tuple[int, ...] | None
    hands_played: int

    @classmethod
    def of_game(cls, game: Game) -> RecordResult:
        """The summary of ``game`` as it stands."""
        winners = tuple(game.match_winners) if game.is_over else None
        return cls(tuple(game.match_scores), winners, game.deals_played)

    @property
    def finished(self) -> bool:
        """True when the match was over."""
        return self.winners is not None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A match as ruleset, seed and actions, with its seats and result: everything needed to replay it exactly.

    ``created`` is an ISO-8601 timestamp with a UTC offset, supplied by the caller because the engine has no clock.
    ``version`` is the format version the record was read as; :meth:`to_dict` always writes the current layout and
    :data:`RECORD_VERSION`, since that is what it produces.
    """

    rules: Ruleset
    seed: int
    seats: tuple[SeatInfo, ...]
    actions: tuple[Action, ...]
    result: RecordResult
    created: str | None = None
    app_version: str | None = None
    version: int = RECORD_VERSION

    def __post_init__(self) -> None:
        # The loader has checked all of this with precise paths already; these checks are for records built in code,
        # so a bug elsewhere can't produce a file that this module would refuse to load.
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "actions", tuple(self.actions))
        _check_version(self.version)
        _check_seed(self.seed, "seed")
        _check_seat_count(len(self.seats), self.rules.players)
        if len(self.result.match_scores) != self.rules.players:
            raise RecordError(
                "result.match_scores", f"lists {len(self.result.match_scores)} scores for {self.rules.players} seats"
            )
        if self.created is not None:
            check_created(self.created, "created")
        if self.app_version is not None:
            check_text(self.app_version, "app_version", MAX_LABEL_CHARS)

    @property
    def finished(self) -> bool:
        """True when the recorded match was over."""
        return self.result.finished

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data, keys in the documented order."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "app_version": self.app_version,
            "created": self.created,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "seats": [{"name": seat.name, "kind": seat.kind.value, "level": seat.level} for seat in self.seats],
            "actions": [str(action) for action in self.actions],
            "result": {
                "match_scores": list(self.result.match_scores),
                "winners": None if self.result.winners is None else list(self.result.winners),
                "hands_played": self.result.hands_played,
            },
        }

    def to_json(self) -> str:
        """The record as JSON text: fixed key order, two-space indent, a final newline.

        The same record always gives the same text, so files can be compared and hashed. The layout is for a person
        reading the file: small objects and lists of plain values (a seat, the scores) stay on one line, and the
        actions run one hand per line (wrapped when long), since a match is a few hundred of them.
        """
        parts = []
        for key, value in self.to_dict().items():
            body = actions_json(value) if key == "actions" else layout(value, "  ")
            parts.append(f"  {json.dumps(key)}: {body}")
        return "{\n" + ",\n".join(parts) + "\n}\n"


# ---------------------------------------------------------------------------------------------------- making, replaying


def record_from_game(
    game: Game, seats: Sequence[SeatInfo], created: str | None = None, app_version: str | None = None
) -> GameRecord:
    """The record of ``game`` as it stands (finished or not): its rules, seed, every action so far and the result."""
    if game.seed is None:
        raise RecordError("seed", "a sampled world (a game without a seed) can't be recorded")
    return GameRecord(
        rules=game.rules,
        seed=game.seed,
        seats=tuple(seats),
        actions=tuple(game.actions),
        result=RecordResult.of_game(game),
        created=created,
        app_version=app_version,
    )


def replay(record: GameRecord) -> Game:
    """The game after every action of ``record``; an illegal action raises :class:`RecordError` naming it."""
    game = Game(record.rules, record.seed)
    for _ in _apply_all(game, record.actions):
        pass
    return game


def replay_events(record: GameRecord) -> Iterator[tuple[Action, list[Event]]]:
    """Each action of ``record`` with the events it caused, one at a time, so a viewer can animate the replay.

    The replay is lazy: a viewer that stops halfway costs nothing more. An illegal action raises
    :class:`RecordError` when it is reached (never for a record that :func:`load_record` accepted).
    """
    return _apply_all(Game(record.rules, record.seed), record.actions)


def _apply_all(game: Game, actions: Sequence[Action]) -> Iterator[tuple[Action, list[Event]]]:
    """Push each action, turning the engine's refusal into a RecordError that names the action's place."""
    for index, action in enumerate(actions):
        try:
            events = game.apply(action)
        except IllegalActionError as error:
            raise RecordError(f"actions[{index}]", f"{str(action)!r} is not legal at this point: {error}") from None
        yield action, events


# ------------------------------------------------------------------------------------------------------------ loading


def load_record(text: str | bytes) -> GameRecord:
    """Read and check a record: size, JSON, every field, the replay of every action and the stored result."""
    return load_game(text)[0]


def load_game(text: str | bytes) -> tuple[GameRecord, Game]:
    """Like :func:`load_record`, also returning the replayed game, so restoring an autosave replays only once."""
    return _record_and_game(parse_json(text))


def record_from_dict(obj: object) -> GameRecord:
    """Check already-parsed JSON data (a record's :meth:`~GameRecord.to_dict` form) as :func:`load_record` does.

    For data kept parsed elsewhere (a database column, say). Only the text can show a key written twice, so that one
    check is :func:`load_record`'s alone.
    """
    return _record_and_game(obj)[0]


def _record_and_game(obj: object) -> tuple[GameRecord, Game]:
    if not isinstance(obj, dict):
        raise RecordError("record", f"must be a JSON object, not {describe(obj)}")
    if "format" not in obj:
        raise RecordError("format", "is missing: this is not a Briscola game record")
    if obj["format"] != RECORD_FORMAT:
        raise RecordError("format", f"is {describe(obj['format'])}, not {RECORD_FORMAT!r}: this is not a game record")
    if "version" not in obj:
        raise RecordError("version", "is missing")
    version = _check_version(obj["version"])
    # The version is checked before the keys: a newer release may add fields, and "written by a newer release" is
    # the message that helps then, not "unknown field".
    unknown = [key for key in obj if key not in _TOP_KEYS]
    if unknown:
        raise RecordError(field_path("", unknown[0]), unknown_reason(unknown, _TOP_KEYS))
    for key in _REQUIRED_KEYS:
        if key not in obj:
            raise RecordError(key, "is missing")
    app_version = obj.get("app_version")
    if app_version is not None:
        app_version = check_text(app_version, "app_version", MAX_LABEL_CHARS)
    created = obj.get("created")
    if created is not None:
        created = check_created(created, "created")
    rules = check_rules(obj["rules"])
    seed = _check_seed(obj["seed"], "seed")
    seats = _check_seats(obj["seats"], rules.players)
    actions = check_actions(obj["actions"])
    if version < _FORFEIT_VERSION:
        for index, action in enumerate(actions):
            if isinstance(action, Forfeit):
                raise RecordError(
                    f"actions[{index}]", f"a forfeit is recorded only from format version {_FORFEIT_VERSION}"
                )
    result = _check_result(obj["result"], rules.players)
    record = GameRecord(rules, seed, seats, actions, result, created, app_version, version)
    # Every field is known to be well-formed; only now does the engine see the actions.
    game = replay(record)
    _compare_result(result, RecordResult.of_game(game))
    return record, game


def _check_kind(value: object, path: str) -> SeatKind:
    """The seat's kind; the plain string ("human") is accepted too, as a StrEnum compares equal to it anyway."""
    if isinstance(value, str):
        try:
            return SeatKind(value)
        except ValueError:
            pass
    raise RecordError(path, f"must be one of {', '.join(kind.value for kind in SeatKind)}, not {describe(value)}")


def _check_version(value: object) -> int:
    version = check_int(value, "version")
    if version > RECORD_VERSION:
        raise RecordError(
            "version",
            f"this record is format version {version}, written by a newer release of the game; "
            f"this release reads versions up to {RECORD_VERSION}",
        )
    if version < 1:
        raise RecordError("version", f"must be at least 1, not {version}")
    return version


def _check_seed(value: object, path: str) -> int:
    return check_int(value, path, 0, MAX_SEED - 1)


def _check_seat_count(count: int, players: int) -> None:
    if count != players:
        raise RecordError("seats", f"lists {count} seats, but the rules are for {players} players")


def _check_seats(value: object, players: int) -> tuple[SeatInfo, ...]:
    if not isinstance(value, list):
        raise RecordError("seats", f"must be a list, not {describe(value)}")
    _check_seat_count(len(value), players)
    seats = []
    for index, item in enumerate(value):
        path = f"seats[{index}]"
        seat = check_object(item, path, _SEAT_KEYS, ("name", "kind"))
        name = check_text(seat["name"], f"{path}.name", _MAX_NAME_CHARS)
        kind = _check_kind(seat["kind"], f"{path}.kind")
        level = seat.get("level")
        if level is not None:
            level = check_text(level, f"{path}.level", MAX_LABEL_CHARS)
        seats.append(SeatInfo(name, kind, level))
    return tuple(seats)


def _check_result(value: object, players: int) -> RecordResult:
    result = check_object(value, "result", _RESULT_KEYS, _RESULT_KEYS)
    scores = result["match_scores"]
    if not isinstance(scores, list):
        raise RecordError("result.match_scores", f"must be a list, not {describe(scores)}")
    if len(scores) != players:
        raise RecordError("result.match_scores", f"lists {len(scores)} scores for {players} seats")
    match_scores = tuple(check_int(score, f"result.match_scores[{i}]") for i, score in enumerate(scores))
    winners_value = result["winners"]
    winners: tuple[int, ...] | None = None
    if winners_value is not None:
        if not isinstance(winners_value, list):
            raise RecordError("result.winners", f"must be a list of seats or null, not {describe(winners_value)}")
        winners = tuple(check_int(seat, f"result.winners[{i}]", 0, players - 1) for i, seat in enumerate(winners_value))
    hands_played = check_int(result["hands_played"], "result.hands_played", 0)
    return RecordResult(match_scores, winners, hands_played)


def _compare_result(stored: RecordResult, replayed: RecordResult) -> None:
    """Refuse a result the replay contradicts, saying which part and both values."""
    for name in _RESULT_KEYS:
        mine, theirs = getattr(stored, name), getattr(replayed, name)
        if mine != theirs:
            raise RecordError(
                f"result.{name}",
                f"the record says {_json_text(mine)}, but replaying its actions gives {_json_text(theirs)}",
            )


def _json_text(value: object) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value)
