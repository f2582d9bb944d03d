"""What went wrong with a settings file or a save, in words a player can act on.

Nothing in the store raises for bad content: every wrong value, unreadable file or failed write becomes a
:class:`Problem`, the game goes on with a sensible value, and the caller shows the problems on stderr and in the game.
A problem always names the file, and the key when there is one, so the player knows exactly what to fix.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from briscola.i18n import _

__all__ = ["Problem", "report"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing that was wrong, and what the game did about it.

    ``file`` is the path (or "command line") the problem was found in; ``key`` the setting as ``table.key`` (None
    for a problem with the whole file); ``reason`` a translated phrase; ``value`` and ``fallback`` the bad value and
    the one used instead, written as TOML, when a value was replaced.
    """

    file: str
    key: str | None
    reason: str
    value: str | None = None
    fallback: str | None = None

    def message(self) -> str:
        """The whole problem as one line, e.g. ``settings.toml: display.deck = "napoli" is not a deck; using ...``."""
        if self.key is not None and self.value is not None and self.fallback is not None:
            return _("{file}: {key} = {value} {reason}; using {fallback}").format(
                file=self.file, key=self.key, value=self.value, reason=self.reason, fallback=self.fallback
            )
        if self.key is not None:
            return _("{file}: {key} {reason}").format(file=self.file, key=self.key, reason=self.reason)
        return _("{file}: {reason}").format(file=self.file, reason=self.reason)


def report(problems: Iterable[Problem], stream: TextIO | None = None) -> None:
    """Print each problem's message on its own line to ``stream`` (standard error by default)."""
    out = sys.stderr if stream is None else stream
    for problem in problems:
        print(problem.message(), file=out)
