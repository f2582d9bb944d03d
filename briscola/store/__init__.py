"""The game's memory, without pygame: settings (documented defaults plus the player's overlay) and the autosave.

What the desktop game calls:

- at startup, ``store = SettingsStore.load(args.settings, language=args.lang, fullscreen=args.fullscreen,
  windowed=args.windowed)``, then :func:`report` ``(store.problems)`` to stderr and show ``store.notices`` in the game
  (each put into words when shown, so in the language in use then; a notice goes once its cause is gone);
  use ``store.settings`` (typed, always valid);
- when the player changes something, ``store.change({"display.deck": "piacentine"})`` (saved at once; the overlay's
  lines the game couldn't use are kept in it as comments);
- as a match starts and after every trick, ``autosave.save(game, config)``; at the end of a match,
  ``autosave.clear()``;
- for "continue", ``continued, problems = autosave.load()``: ``continued.game`` is the match as it was saved;
- for the title's one-click "Play", ``game, problems = quick_game(store)``: the last new game's choices (or the
  default game, with the reason, when they can't start);
- every match kept, for the statistics and replays: :mod:`briscola.store.history` (its docstring lists the calls;
  the game writes it through :mod:`briscola.match.recorder`).

Nothing here raises for what a file contains or a folder refuses: such things come back as :class:`Problem`\\ s.
"""

from briscola.store import autosave
from briscola.store.autosave import Coaching, Continued, MatchConfig
from briscola.store.problems import Problem, report
from briscola.store.quick_game import QuickGame, quick_game
from briscola.store.session import SettingsStore, apply_overrides
from briscola.store.settings import (
    counting_aid_shown,
    counting_allowed,
    load_settings,
    new_game_rules,
    running_points_shown,
)
from briscola.store.settings_schema import DisplaySettings, GameSettings, Settings, SoundSettings
from briscola.store.settings_write import save_overlay

#: The name the brief and the issue use for a problem with a settings file.
SettingProblem = Problem

__all__ = [
    "Coaching",
    "Continued",
    "DisplaySettings",
    "GameSettings",
    "MatchConfig",
    "Problem",
    "QuickGame",
    "SettingProblem",
    "Settings",
    "SettingsStore",
    "SoundSettings",
    "apply_overrides",
    "autosave",
    "counting_aid_shown",
    "counting_allowed",
    "load_settings",
    "new_game_rules",
    "quick_game",
    "report",
    "running_points_shown",
    "save_overlay",
]
