"""Where the store keeps its files: the documented defaults, the player's overlay, the autosave and the history.

Every function of the store takes its paths as arguments (tests pass temporary folders, ``--settings`` passes
another defaults file); these are only the values used when none is given.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import platformdirs

__all__ = [
    "APP_NAME",
    "DEFAULTS_PATH",
    "FROM_CHECKOUT",
    "autosave_path",
    "history_path",
    "overlay_path",
    "school_path",
    "screenshots_dir",
]

APP_NAME: Final = "briscola"
#: The documented defaults at the top of the project. The game only ever reads it.
DEFAULTS_PATH: Final = Path(__file__).resolve().parents[2] / "settings.toml"
#: True when the game runs from the project's folder (a checkout, or an editable install of one), which holds that
#: file. An installed wheel carries the package alone: there the built-in defaults apply and no file is missing.
FROM_CHECKOUT: Final = (DEFAULTS_PATH.parent / "pyproject.toml").is_file()


def overlay_path() -> Path:
    """The player's changed settings: ``settings.toml`` in the user's config folder (not created here)."""
    # appauthor=False: on Windows, "briscola\\briscola" would only repeat the name.
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / "settings.toml"


def screenshots_dir() -> Path:
    """Where F12 saves the window (not created here): a ``Briscola`` folder in the user's pictures folder where the
    system has one (``~/Pictures``, or what ``xdg-user-dirs`` names), else ``screenshots`` in the user's data folder.

    Never the current folder: a game started from a menu or a desktop file has no folder the player chose.
    """
    pictures = platformdirs.user_pictures_path()
    if pictures.is_dir() and pictures != Path.home():  # with no pictures folder set up, some systems answer ~
        return pictures / "Briscola"
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "screenshots"


def autosave_path() -> Path:
    """The match in progress: ``autosave.json`` in the user's data folder (not created here)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "autosave.json"


def history_path() -> Path:
    """Every match played: ``history.sqlite3`` beside the autosave in the user's data folder (not created here)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "history.sqlite3"


def school_path() -> Path:
    """The school's progress (lessons answered, the puzzle rating): ``school.json`` beside the autosave in the user's
    data folder (not created here)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "school.json"
