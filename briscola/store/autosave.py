"""The autosave: the match in progress, saved after every trick so that "continue" brings it back exactly.

The file is a small JSON wrapper around a :mod:`game record <briscola.engine.record>` (``"record"``, exactly the
format of a saved game) with what the record doesn't hold but continuing needs: who sits in each seat as a seat spec
(``"human"``, a level, ``"external:COMMAND"``: a record keeps only a label for a bot, never the command it was run
with), the preset the match was started from and, when the match is kept in the history, its row there
(``"history_id"``, optional: a continued match goes on recording the same row) and what the coach may do in it
(``"coaching"``, optional: hints, grading, undo, as the new-game screen chose them). Continuing replays the record's
actions through the engine, so the restored game is the same match at the same moment, card for card, and a damaged
file is refused, never half-believed.

A save that can't be read or checked is moved aside with a notice and the game goes on without it; a failed write
is a notice too. Nothing here raises for anything a file contains or a folder refuses.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from briscola import __version__
from briscola.engine.errors import RecordError
from briscola.engine.game import Game
from briscola.engine.record import MAX_RECORD_BYTES, GameRecord, SeatInfo, SeatKind, load_game, record_from_game
from briscola.store import paths
from briscola.store.atomic import FileTooLargeError, read_limited, write_atomic
from briscola.store.checks import EXTERNAL_PREFIX, HUMAN, InvalidValueError, check_seat
from briscola.store.problems import Problem, set_aside
from briscola.store.settings_schema import GRADINGS
from briscola.text.i18n import N_, Text

__all__ = [
    "AUTOSAVE_FORMAT",
    "AUTOSAVE_VERSION",
    "Coaching",
    "Continued",
    "MatchConfig",
    "clear",
    "load",
    "save",
    "saved_history_id",
    "seat_infos",
]

AUTOSAVE_FORMAT: Final = "briscola-autosave"
AUTOSAVE_VERSION: Final = 1
_KEYS: Final = ("format", "version", "seats", "preset", "record")
_OPTIONAL_KEYS: Final = ("history_id", "coaching")
# The record is limited by the engine; the wrapper adds a few hundred bytes at most.
_MAX_BYTES: Final = MAX_RECORD_BYTES + 64 * 1024


@dataclass(frozen=True, slots=True)
class Coaching:
    """What the coach may do in one match (``docs/coach.md``), chosen on the new-game screen (the ``[coach]``
    settings remember the choice for the next match) and kept with the match, so a continued match keeps it."""

    hints: bool = False
    grading: str = "off"
    """One of :data:`~briscola.store.settings_schema.GRADINGS`."""
    undo: bool = False

    @property
    def practice(self) -> bool:
        """True when the coach may help in this match: such a match is kept as practice once it has helped."""
        return self.hints or self.undo or self.grading != "off"

    def to_json(self) -> dict[str, Any]:
        return {"hints": self.hints, "grading": self.grading, "undo": self.undo}

    @classmethod
    def from_json(cls, value: object) -> Coaching:
        """The coaching of a save; a wrong one is a :class:`ValueError` naming the field."""
        if not isinstance(value, dict) or set(value) - {"hints", "grading", "undo"}:
            raise ValueError('"coaching" must hold only hints, grading and undo')
        hints, grading, undo = value.get("hints", False), value.get("grading", "off"), value.get("undo", False)
        if not isinstance(hints, bool) or not isinstance(undo, bool) or grading not in GRADINGS:
            raise ValueError('"coaching" holds a wrong value')
        return cls(hints, grading, undo)


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What a match was started with beyond its rules: a spec and a name for each seat, the preset's name, its row
    in the history, and what the coach may do in it."""

    seats: tuple[str, ...]
    names: tuple[str, ...]
    preset: str
    history_id: int | None = None
    """The match's row in the history (:mod:`.history`), once it has one."""
    coaching: Coaching = Coaching()


@dataclass(frozen=True, slots=True)
class Continued:
    """A restored match: the game at the moment it was saved, the config to seat its players, and its record."""

    game: Game
    config: MatchConfig
    record: GameRecord


def seat_infos(config: MatchConfig) -> tuple[SeatInfo, ...]:
    """The record's seats for ``config``: the kind from each spec, the level for the game's own players."""
    infos = []
    for spec, name in zip(config.seats, config.names, strict=True):
        if spec == HUMAN:
            infos.append(SeatInfo(name, SeatKind.HUMAN))
        elif spec.startswith(EXTERNAL_PREFIX):
            infos.append(SeatInfo(name, SeatKind.EXTERNAL))
        else:
            infos.append(SeatInfo(name, SeatKind.COMPUTER, spec))
    return tuple(infos)


def save(game: Game, config: MatchConfig, path: Path | None = None, *, now: datetime | None = None) -> list[Problem]:
    """Write ``game`` as the autosave, atomically; what went wrong (if anything) comes back as problems.

    Call it after every trick. A finished match is saved too (the caller :func:`clear`\\ s it when the player leaves
    the result screen); :func:`load` never offers a finished match.
    """
    file = path or paths.autosave_path()
    created = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        config = replace(config, seats=tuple(check_seat(spec) for spec in config.seats))
        record = record_from_game(game, seat_infos(config), created=created, app_version=__version__)
    except (RecordError, ValueError) as error:  # InvalidValueError is a ValueError
        return [Problem(str(file), None, Text(N_("the match could not be saved ({error})"), error=error))]
    document: dict[str, Any] = {
        "format": AUTOSAVE_FORMAT,
        "version": AUTOSAVE_VERSION,
        "seats": list(config.seats),
        "preset": config.preset,
        "record": record.to_dict(),
    }
    if config.history_id is not None:
        document["history_id"] = config.history_id
    if config.coaching != Coaching():
        document["coaching"] = config.coaching.to_json()
    try:
        write_atomic(file, (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    except OSError as error:
        reason = Text(
            N_("the match could not be saved ({error}); it can't be continued later"), error=error.strerror or error
        )
        return [Problem(str(file), None, reason)]
    return []


def load(path: Path | None = None, *, now: datetime | None = None) -> tuple[Continued | None, list[Problem]]:
    """The saved match in progress, or None (no save, a finished match, or a broken file moved aside with a notice)."""
    file = path or paths.autosave_path()
    try:
        data = read_limited(file, _MAX_BYTES)
    except FileNotFoundError:
        return None, []
    except FileTooLargeError:
        return None, [_set_aside(file, Text(N_("is too large to be a saved match")), now)]
    except OSError as error:
        if file.is_file():
            return None, [_set_aside(file, Text(N_("can't be read ({error})"), error=error.strerror or error), now)]
        return None, [Problem(str(file), None, Text(N_("can't be read ({error})"), error=error.strerror or error))]
    try:
        continued = _parse(data)
    except (RecordError, _BadSaveError) as error:
        return None, [_set_aside(file, Text(N_("is not a match that can be continued ({error})"), error=error), now)]
    if continued.game.is_over:
        return None, []
    return continued, []


def saved_history_id(path: Path | None = None) -> int | None:
    """The history row of the saved match, read without replaying it (None: no save, no row, or a broken file)."""
    try:
        document = json.loads(read_limited(path or paths.autosave_path(), _MAX_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError, FileTooLargeError):
        return None
    value = document.get("history_id") if isinstance(document, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def clear(path: Path | None = None) -> list[Problem]:
    """Remove the autosave (the match ended or the player abandoned it); a missing file is fine."""
    file = path or paths.autosave_path()
    try:
        file.unlink(missing_ok=True)
    except OSError as error:
        return [Problem(str(file), None, Text(N_("could not be removed ({error})"), error=error.strerror or error))]
    return []


class _BadSaveError(ValueError):
    """The wrapper around the record is wrong; ``str()`` names the field."""


def _parse(data: bytes) -> Continued:
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise _BadSaveError(Text(N_("not JSON: {error}"), error=error)) from None
    except RecursionError:
        raise _BadSaveError(Text(N_("not JSON: nested too deeply"))) from None
    if not isinstance(document, dict) or document.get("format") != AUTOSAVE_FORMAT:
        raise _BadSaveError(Text(N_('"format" is not "{format}"'), format=AUTOSAVE_FORMAT))
    if document.get("version") != AUTOSAVE_VERSION:
        raise _BadSaveError(Text(N_('"version" is not {version}'), version=AUTOSAVE_VERSION))
    unknown = sorted(set(document) - set(_KEYS) - set(_OPTIONAL_KEYS))
    missing = [key for key in _KEYS if key not in document]
    if unknown or missing:
        raise _BadSaveError(Text(N_("unknown or missing fields: {fields}"), fields=", ".join(unknown + missing)))
    preset = document["preset"]
    if not isinstance(preset, str):
        raise _BadSaveError(Text(N_('"preset" is not text')))
    history_id = document.get("history_id")
    if history_id is not None and (isinstance(history_id, bool) or not isinstance(history_id, int) or history_id < 1):
        raise _BadSaveError(Text(N_('"history_id" is not a match number')))
    try:
        coaching = Coaching.from_json(document.get("coaching", {}))
    except ValueError:
        raise _BadSaveError(Text(N_('"coaching" is not hints, grading and undo as the game writes them'))) from None
    record, game = load_game(json.dumps(document["record"]))
    seats = _check_seats(document["seats"], record.seats)
    names = tuple(seat.name for seat in record.seats)
    return Continued(game, MatchConfig(seats, names, preset, history_id, coaching), record)


def _check_seats(value: object, infos: Sequence[SeatInfo]) -> tuple[str, ...]:
    """The seat specs, one per seat of the record and of the same kind: a save can't turn a computer into a bot."""
    if not isinstance(value, list) or len(value) != len(infos):
        raise _BadSaveError(Text(N_('"seats" must list one seat spec per seat of the record')))
    specs = []
    for index, (item, info) in enumerate(zip(value, infos, strict=True)):
        try:
            spec = check_seat(item)
        except InvalidValueError as error:
            raise _BadSaveError(f"seats[{index}]: {error}") from None
        kind = SeatKind.HUMAN if spec == HUMAN else SeatKind.EXTERNAL if spec.startswith(EXTERNAL_PREFIX) else None
        if info.kind != (kind or SeatKind.COMPUTER) or (kind is None and info.level != spec):
            raise _BadSaveError(Text(N_("seats[{index}] doesn't match the record's seat"), index=index))
        specs.append(spec)
    return tuple(specs)


def _set_aside(file: Path, reason: Text, now: datetime | None) -> Problem:
    """Move a broken save out of the way (never delete it) and say so."""
    return set_aside(
        file,
        reason,
        now,
        moved=N_("{reason}; it was moved to {aside}, and a new match can be started"),
        stuck=N_("{reason}; it could not be moved aside ({error}), and is not continued"),
    )
