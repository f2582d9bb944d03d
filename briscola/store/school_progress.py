"""The school's progress: which exercises of each lesson were answered right, and the player's puzzle rating.

Kept in ``school.json`` in the user's data folder (:func:`briscola.store.paths.school_path`), written atomically after
every answer. What it holds:

- ``lessons``: for each lesson's key, the indices of its exercises answered right (a lesson is done when all are);
- ``rating``: the puzzle rating, from :data:`START_RATING`, moved after every rated puzzle by an Elo update against
  the puzzle's own rating (:func:`elo_update`, K = :data:`K_FACTOR`): solved at the first try and without a hint is a
  win, anything else (a wrong card, a hint used) a loss, so the rating measures what the player sees alone;
- ``streak``: puzzles solved in a row that way (a loss sets it back to 0), and ``best_streak``;
- ``puzzles_done``: the ids of the puzzles answered (the rated stream never offers them again while others are left);
- ``daily``: the date (ISO) of the last puzzle of the day answered, so the school says it is done for today.

A file that can't be read or checked is moved aside with a notice (as the autosave is) and the school starts afresh:
progress is worth less than a game that opens. Nothing here raises for what a file holds or a folder refuses.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from briscola.store import paths
from briscola.store.atomic import FileTooLargeError, read_limited, write_atomic
from briscola.store.problems import Problem, set_aside
from briscola.text.i18n import N_, Text

__all__ = [
    "K_FACTOR",
    "SCHOOL_FORMAT",
    "START_RATING",
    "SchoolKeeper",
    "SchoolProgress",
    "elo_update",
    "expected_score",
    "load",
    "save",
]

SCHOOL_FORMAT: Final = "briscola-school"
_VERSION: Final = 1
#: A new player's puzzle rating: the puzzles' own ratings run from 1000 up, the easiest a little below it.
START_RATING: Final = 1200.0
#: How far one puzzle moves the rating: the chess sites' usual value for a rating still finding its level.
K_FACTOR: Final = 32.0
_MAX_BYTES: Final = 1 << 20
_KEYS: Final = frozenset({"format", "version", "lessons", "rating", "streak", "best_streak", "puzzles_done", "daily"})


def expected_score(rating: float, opponent: float) -> float:
    """The Elo expectation of a player rated ``rating`` against a puzzle rated ``opponent`` (0 to 1)."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def elo_update(rating: float, opponent: float, won: bool, k: float = K_FACTOR) -> float:
    """The rating after one puzzle: ``rating + k * (score - expected)``, the score 1 for a win and 0 for a loss."""
    return rating + k * ((1.0 if won else 0.0) - expected_score(rating, opponent))


@dataclass(frozen=True, slots=True)
class SchoolProgress:
    """What the school remembers (see the module); frozen, every change makes a new one to save."""

    lessons: dict[str, frozenset[int]] = field(default_factory=dict)
    rating: float = START_RATING
    streak: int = 0
    best_streak: int = 0
    puzzles_done: tuple[str, ...] = ()
    daily: str | None = None

    def right(self, lesson: str) -> frozenset[int]:
        """The exercises of ``lesson`` answered right so far."""
        return self.lessons.get(lesson, frozenset())

    def answered(self, lesson: str, index: int) -> SchoolProgress:
        """Exercise ``index`` of ``lesson`` answered right."""
        lessons = dict(self.lessons)
        lessons[lesson] = self.right(lesson) | {index}
        return replace(self, lessons=lessons)

    def puzzle(self, ident: str, puzzle_rating: int, solved: bool, day: str | None = None) -> SchoolProgress:
        """A puzzle answered: ``solved`` at the first try without a hint, else a loss; ``day`` when it was the
        puzzle of that day (ISO date)."""
        streak = self.streak + 1 if solved else 0
        done = self.puzzles_done if ident in self.puzzles_done else (*self.puzzles_done, ident)
        return replace(
            self,
            rating=elo_update(self.rating, puzzle_rating, solved),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            puzzles_done=done,
            daily=day if day is not None else self.daily,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SCHOOL_FORMAT,
            "version": _VERSION,
            "lessons": {key: sorted(value) for key, value in sorted(self.lessons.items())},
            "rating": self.rating,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "puzzles_done": list(self.puzzles_done),
            "daily": self.daily,
        }

    @classmethod
    def from_json(cls, document: object) -> SchoolProgress:
        """The progress a file holds; :class:`ValueError` naming what is wrong."""
        if not isinstance(document, dict) or document.get("format") != SCHOOL_FORMAT:
            raise ValueError(Text(N_('"format" is not "{format}"'), format=SCHOOL_FORMAT))
        if document.get("version") != _VERSION:
            raise ValueError(Text(N_('"version" is not {version}'), version=_VERSION))
        unknown = sorted(set(document) - _KEYS)
        if unknown:
            raise ValueError(Text(N_("unknown fields: {fields}"), fields=", ".join(unknown)))
        lessons = document.get("lessons", {})
        if not isinstance(lessons, dict) or not all(
            isinstance(key, str) and isinstance(value, list) and all(_whole(item) and item >= 0 for item in value)
            for key, value in lessons.items()
        ):
            raise ValueError(Text(N_('"lessons" is not lists of exercise numbers')))
        rating = document.get("rating", START_RATING)
        if isinstance(rating, bool) or not isinstance(rating, int | float) or not 0 <= rating <= 5000:
            raise ValueError(Text(N_('"rating" is not a rating')))
        streak, best = document.get("streak", 0), document.get("best_streak", 0)
        if not (_whole(streak) and _whole(best) and 0 <= streak <= best):
            raise ValueError(Text(N_('"streak" and "best_streak" are not counts')))
        done = document.get("puzzles_done", [])
        if not isinstance(done, list) or not all(isinstance(item, str) for item in done):
            raise ValueError(Text(N_('"puzzles_done" is not a list of puzzle ids')))
        daily = document.get("daily")
        if daily is not None and not _is_date(daily):
            raise ValueError(Text(N_('"daily" is not a date')))
        return cls(
            {key: frozenset(value) for key, value in lessons.items()},
            float(rating),
            streak,
            best,
            tuple(dict.fromkeys(done)),
            daily,
        )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_date(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        datetime.strptime(value, "%Y-%m-%d")
    except ValueError:
        return False
    return True


def load(path: Path | None = None, now: datetime | None = None) -> tuple[SchoolProgress, list[Problem]]:
    """The progress kept in ``path`` (the user's by default): a fresh one when there is no file, and a fresh one
    with a problem naming the file when it can't be read (it is then moved aside, never deleted)."""
    file = path or paths.school_path()
    if not file.exists():
        return SchoolProgress(), []
    try:
        data = read_limited(file, _MAX_BYTES)
    except FileTooLargeError:
        return SchoolProgress(), [_set_aside(file, Text(N_("is too large to be the school's progress")), now)]
    except OSError as error:
        text = Text(N_("could not be read ({error}); the school starts afresh"), error=error.strerror or error)
        return SchoolProgress(), [Problem(str(file), None, text)]
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        return SchoolProgress(), [_set_aside(file, Text(N_("not JSON: {error}"), error=error), now)]
    try:
        return SchoolProgress.from_json(document), []
    except ValueError as error:
        reason = error.args[0] if error.args and isinstance(error.args[0], Text) else str(error)
        return SchoolProgress(), [_set_aside(file, reason, now)]


def save(progress: SchoolProgress, path: Path | None = None) -> list[Problem]:
    """Write ``progress`` atomically; a folder that refuses is a problem, never an exception."""
    file = path or paths.school_path()
    text = json.dumps(progress.to_json(), ensure_ascii=False, indent=1) + "\n"
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(file, text.encode("utf-8"))
    except OSError as error:
        return [Problem(str(file), None, Text(N_("could not be saved ({error})"), error=error.strerror or error))]
    return []


def _set_aside(file: Path, reason: str | Text, now: datetime | None) -> Problem:
    """Move a broken progress file out of the way and say so."""
    return set_aside(
        file,
        reason,
        now,
        moved=N_("{reason}; it was moved to {aside}, and the school starts afresh"),
        stuck=N_("{reason}; it could not be moved aside ({error}), and the school starts afresh"),
    )


class SchoolKeeper:
    """The progress of one visit to the school, shared by its scenes: read once as the school opens, saved after every
    change; ``problems`` holds what went wrong reading or writing it (shown by the school, never raised)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.progress, self.problems = load(path)

    def change(self, progress: SchoolProgress) -> None:
        """Keep ``progress`` and save it at once (a failed write is one more problem)."""
        self.progress = progress
        self.problems += save(progress, self.path)
