"""What went wrong with a settings file or a save, in words a player can act on.

Nothing in the store raises for bad content: every wrong value, unreadable file or failed write becomes a
:class:`Problem`, the game goes on with a sensible value, and the caller shows the problems on stderr and in the game.
A problem always names the file, and the key when there is one, so the player knows exactly what to fix.

A problem is kept as data (file, key, the value found, the value used) with its reason as a
:class:`~briscola.text.i18n.Text`, and is put into words only when it is shown: the settings are checked at startup,
before the player's language is applied or changed, and a notice read later must still be in the language in use then.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePath
from typing import Final, TextIO

from briscola.store.atomic import move_aside
from briscola.text.i18n import N_, Text, _

__all__ = ["COMMAND_LINE", "Problem", "report"]

#: The "file" named by problems with a command-line option (translated where it is shown).
COMMAND_LINE: Final = N_("command line")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing that was wrong, and what the game did about it.

    ``file`` is the path (or :data:`COMMAND_LINE`) the problem was found in; ``key`` the setting as ``table.key`` (None
    for a problem with the whole file); ``reason`` why, a phrase that follows the key and value in a sentence (a
    :class:`~briscola.text.i18n.Text`, or plain text); ``value`` the value found, written as TOML, when there was one;
    ``fallback`` the value used instead, when one was; ``note`` what will happen next about it, if anything (such as the
    line being kept in its file as a comment when the settings are next saved)."""

    file: str
    key: str | None
    reason: str | Text
    value: str | None = None
    fallback: str | None = None
    note: str | Text | None = None

    @property
    def where(self) -> str:
        """The file as the player reads it: its path, or "command line" in the current language."""
        return _(self.file) if self.file == COMMAND_LINE else self.file

    def message(self) -> str:
        """The whole problem as one line, e.g. ``settings.toml: display.deck = "napoli" is not a deck; using ...``."""
        if self.key is not None and self.value is not None and self.fallback is not None:
            return _("{file}: {key} = {value} {reason}; using {fallback}").format(
                file=self.where, key=self.key, value=self.value, reason=self.reason, fallback=self.fallback
            )
        if self.key is not None and self.value is not None:
            return _("{file}: {key} = {value} {reason}").format(
                file=self.where, key=self.key, value=self.value, reason=self.reason
            )
        if self.key is not None:
            return _("{file}: {key} {reason}").format(file=self.where, key=self.key, reason=self.reason)
        return _("{file}: {reason}").format(file=self.where, reason=self.reason)

    def summary(self) -> str:
        """The problem without its file's path or the value used: what is wrong, short enough for a line or two.

        ``display.deck = "napoli" is not a deck (decks: ...)``; a problem with a whole file names the file by its
        name alone (the path is in :meth:`message` and in the game's notices scene).
        """
        if self.key is not None and self.value is not None:
            return _("{key} = {value} {reason}").format(key=self.key, value=self.value, reason=self.reason)
        if self.key is not None:
            return _("{key} {reason}").format(key=self.key, reason=self.reason)
        return _("{file}: {reason}").format(file=PurePath(self.where).name or self.where, reason=self.reason)


def report(problems: Iterable[Problem], stream: TextIO | None = None) -> None:
    """Print each problem's message on its own line to ``stream`` (standard error by default)."""
    out = sys.stderr if stream is None else stream
    for problem in problems:
        print(problem.message(), file=out)


def set_aside(file: Path, reason: str | Text, now: datetime | None, *, moved: str, stuck: str) -> Problem:
    """Move a broken file of ours out of the way (never delete it) and say so: ``moved`` (a msgid with ``{reason}`` and
    ``{aside}``) once it is moved, ``stuck`` (with ``{reason}`` and ``{error}``) when even that failed."""
    try:
        aside = move_aside(file, now)
    except OSError as error:
        return Problem(str(file), None, Text(stuck, reason=reason, error=error.strerror or error))
    return Problem(str(file), None, Text(moved, reason=reason, aside=aside))
