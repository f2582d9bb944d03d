"""Writing the settings: the player's overlay (only what differs from the defaults) and the documented defaults file.

Split from :mod:`.settings`, which reads and checks them. The overlay is written atomically and never over the
defaults file; the lines of it the game could not use are written back as comments under a heading that says why
(:data:`~.settings.KEPT_PREFIX`), so a save never loses what the player wrote.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any, Final

import tomli_w

from briscola.store import paths
from briscola.store.atomic import write_atomic
from briscola.store.problems import Problem
from briscola.store.settings import plain_value, toml_value
from briscola.store.settings_schema import SCHEMA, TABLES, Settings, flatten
from briscola.text.i18n import N_, Text

__all__ = ["overlay_data", "render_defaults", "save_overlay"]

_DOC_WIDTH: Final = 116
_HEADER: Final = (
    "# Briscola: the settings you changed in the game. Only the keys that differ from the defaults are here;\n"
    "# delete a line (or the whole file) to go back to the default. The game rewrites this file when you change a\n"
    "# setting: edit it only while the game is closed, and expect comments to be dropped (except the lines kept\n"
    "# at the end, which the game could not use).\n\n"
)
_KEPT_HEADER: Final = (
    "\n# Not used: the game could not use these lines of this file when it read it (each is followed by why), so it\n"
    "# keeps them here as comments rather than lose them. To use one, correct it and put it under its [table] as\n"
    "# key = value (while the game is closed); or delete it.\n"
)


def overlay_data(settings: Settings, defaults: Settings) -> dict[str, dict[str, Any]]:
    """The TOML data of the overlay: only the keys whose value differs from ``defaults``."""
    data: dict[str, dict[str, Any]] = {}
    preset_changed = settings.game.preset != defaults.game.preset
    for name, entry in SCHEMA.items():
        value = entry.default(settings)
        # A preset read without players brings its own number (_follow_preset), so the players go with it.
        if value != entry.default(defaults) or (preset_changed and name == "game.players"):
            data.setdefault(entry.table, {})[entry.key] = plain_value(name, value)
    return data


def save_overlay(
    settings: Settings,
    defaults: Settings,
    overlay_path: Path | None = None,
    *,
    defaults_path: Path | None = None,
    kept: tuple[str, ...] | list[str] = (),
) -> list[Problem]:
    """Write the overlay of ``settings`` atomically; a folder that can't be written is a problem, never an exception.

    ``defaults_path`` is the defaults file in use: the game refuses to write over it even if both paths name it.
    ``kept`` are the lines of the overlay the game could not use (:attr:`LoadedSettings.kept`), written back at the
    end as comments under a heading that says why they are there: a save never loses what the player wrote.
    """
    path = overlay_path or paths.overlay_path()
    protected = defaults_path or paths.DEFAULTS_PATH
    try:
        same = path.resolve() == protected.resolve()
    except OSError:
        same = False
    if same:
        return [
            Problem(str(path), None, Text(N_("is the defaults file, which the game never changes; settings not saved")))
        ]
    text = _HEADER + tomli_w.dumps(overlay_data(settings, defaults))
    if kept:
        text += _KEPT_HEADER + "".join(line + "\n" for line in kept)
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as error:
        reason = Text(
            N_("could not be saved ({error}); your changes last until the game is closed"),
            error=error.strerror or error,
        )
        return [Problem(str(path), None, reason)]
    return []


def render_defaults(settings: Settings | None = None) -> str:
    """The text of a documented defaults file for ``settings`` (the built-in defaults when None).

    This is how the top-level ``settings.toml`` is made, so its comments and values can't drift from the schema.
    """
    values = flatten(settings or Settings())
    lines = [
        "# Briscola: default settings.",
        "#",
        "# Every setting the game reads, with its default value and the values it accepts. The game never modifies",
        "# this file: what you change in the game is saved as an overlay in your user configuration folder, holding",
        "# only the keys that differ from these defaults. Delete the overlay to go back to the defaults. A wrong value",
        "# never stops the game: the game says which key is wrong and why, and uses the default for it.",
    ]
    for table, keys in TABLES.items():
        lines += ["", f"[{table}]"]
        for key in keys:
            name = f"{table}.{key}"
            lines += [f"# {line}" for line in textwrap.wrap(SCHEMA[name].doc, _DOC_WIDTH)]
            lines.append(f"{key} = {toml_value(name, values[name])}")
    return "\n".join(lines) + "\n"
