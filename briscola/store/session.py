"""The settings the running game holds: loaded once, overridden for one run, changed and saved as the player plays.

Three layers, kept apart so that nothing leaks into the wrong file: ``defaults`` (the defaults file), ``saved``
(defaults plus the player's overlay: what the overlay records the difference of) and ``settings`` (saved plus the
one-run overrides from the command line: what the game uses). An override is never saved; changing a setting in the
game ends the override of that setting, since the player has just chosen a value for it.

The store also keeps the :attr:`SettingsStore.notices`: what was found wrong at startup and still holds, for the game
to show until it no longer does. A notice goes when the player chooses that setting in the game, and every notice
about a key of the overlay goes once the overlay is saved, since the saved file holds only values the game accepts
(the lines it could not use are kept in it as comments, see :mod:`.settings`): a notice never outlives its cause.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Final

from briscola.store import paths
from briscola.store.checks import InvalidValueError
from briscola.store.problems import COMMAND_LINE, Problem
from briscola.store.settings import change_settings, load_settings
from briscola.store.settings_schema import SCHEMA, Settings
from briscola.store.settings_write import save_overlay
from briscola.text.i18n import N_, Text

__all__ = ["COMMAND_LINE", "SettingsStore", "apply_overrides", "parse_window"]

_WINDOW: Final = re.compile(r"\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*")


def parse_window(text: str) -> list[int] | None:
    """``"1280x800"`` as ``[1280, 800]`` (the shape ``display.window_size`` takes), None if it isn't ``WxH``."""
    match = _WINDOW.fullmatch(text)
    return [int(match[1]), int(match[2])] if match else None


def _override_changes(
    language: str | None, fullscreen: bool, windowed: str | None, problems: list[Problem]
) -> dict[str, object]:
    """The checked settings the options stand for; ``--windowed`` wins over ``--fullscreen`` if both are given.

    A wrong option is named as typed (``--lang xx``), since that is what the player has to fix, and ignored.
    """
    changes: dict[str, object] = {}
    if language is not None:
        try:
            changes["display.language"] = SCHEMA["display.language"].check(language)
        except InvalidValueError as error:
            problems.append(
                Problem(COMMAND_LINE, f"--lang {language}", Text(N_("{reason}; ignored"), reason=error.reason))
            )
    if fullscreen:
        changes["display.fullscreen"] = True
    if windowed is not None:
        size = parse_window(windowed)
        try:
            if size is None:
                raise InvalidValueError(Text(N_("is not a window size: write WIDTHxHEIGHT, e.g. 1280x800")))
            changes["display.window_size"] = SCHEMA["display.window_size"].check(size)
            changes["display.fullscreen"] = False
        except InvalidValueError as error:
            problems.append(
                Problem(COMMAND_LINE, f"--windowed {windowed}", Text(N_("{reason}; ignored"), reason=error.reason))
            )
    return changes


def apply_overrides(
    settings: Settings, *, language: str | None = None, fullscreen: bool = False, windowed: str | None = None
) -> tuple[Settings, list[Problem]]:
    """``settings`` with ``--lang``, ``--fullscreen`` and ``--windowed WxH`` applied, checked, and not saved anywhere.

    A wrong option is a problem naming it, and the setting keeps its saved value.
    """
    problems: list[Problem] = []
    changes = _override_changes(language, fullscreen, windowed, problems)
    result, found = change_settings(settings, changes, COMMAND_LINE)
    return result, problems + found


@dataclass
class SettingsStore:
    """The game's settings and where they are saved; build it with :meth:`load`."""

    defaults: Settings
    saved: Settings
    settings: Settings
    overlay_path: Path
    defaults_path: Path
    problems: list[Problem] = field(default_factory=list)
    """Everything found wrong since loading, for the game to show (the caller prints them to stderr)."""
    overrides: dict[str, object] = field(default_factory=dict)
    """The one-run values by ``table.key``."""
    kept: list[str] = field(default_factory=list)
    """The overlay's lines the game could not use, written back as comments by every save."""
    notices: list[Problem] = field(default_factory=list)
    """The problems found at startup that still hold, for the game to show (see the module's docstring)."""

    @classmethod
    def load(
        cls,
        defaults_path: Path | None = None,
        overlay_path: Path | None = None,
        *,
        language: str | None = None,
        fullscreen: bool = False,
        windowed: str | None = None,
        now: datetime | None = None,
    ) -> SettingsStore:
        """Load both files and apply the one-run options; the problems are in :attr:`problems`. Never raises."""
        defaults_file = defaults_path or paths.DEFAULTS_PATH
        overlay_file = overlay_path or paths.overlay_path()
        loaded = load_settings(defaults_file, overlay_file, now=now)
        problems = list(loaded.problems)
        overrides = _override_changes(language, fullscreen, windowed, problems)
        settings, found = change_settings(loaded.settings, overrides, COMMAND_LINE)
        problems += found  # none: every override was checked above
        return cls(
            loaded.defaults,
            loaded.settings,
            settings,
            overlay_file,
            defaults_file,
            problems,
            overrides,
            list(loaded.kept),
            list(problems),
        )

    def change(self, changes: Mapping[str, object]) -> list[Problem]:
        """Apply the player's ``changes`` (values by ``table.key``), save the overlay, and return what went wrong.

        Changes are applied together, so a combination (preset and players) may change in one call. A refused value
        keeps the old one; a failed save keeps the change for this run. The problems are also added to
        :attr:`problems`. The :attr:`notices` about the settings chosen go, and after a successful save so do those
        about keys of the overlay: the file now holds none of the values they were about.
        """
        saved, problems = change_settings(self.saved, changes, str(self.overlay_path))
        unsaved = save_overlay(
            saved, self.defaults, self.overlay_path, defaults_path=self.defaults_path, kept=self.kept
        )
        refused = {problem.key for problem in problems}
        chosen = [name for name in changes if name not in refused]
        overlay = str(self.overlay_path)
        self.notices = [
            notice
            for notice in self.notices
            if not (notice.key is not None and any(notice.key == n or notice.key.startswith(n + ".") for n in chosen))
            and (unsaved or notice.file != overlay or notice.key is None)
        ]
        problems += unsaved
        self.saved = saved
        for name in changes:
            self.overrides.pop(name, None)
            if name == "display.fullscreen":  # choosing full screen or not ends --windowed as a whole
                self.overrides.pop("display.window_size", None)
        self.settings, _found = change_settings(saved, self.overrides, COMMAND_LINE)
        self.problems += problems
        return problems
