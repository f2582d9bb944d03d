"""Loading, checking and changing the settings: the documented defaults, then the player's overlay.

Writing them (the overlay, and the documented defaults file) is :mod:`.settings_write`'s.

The game reads two TOML files. The defaults file (``settings.toml`` at the top of the project, or ``--settings PATH``)
documents every setting and is never written by the game. The overlay, in the player's config folder, holds only
what the player changed in the game, so a new default in a later release reaches everybody who didn't change it.
Each key of each file is checked on its own; a wrong one falls back to the value below it (the defaults file's, or
the built-in one) and becomes a :class:`~.problems.Problem`: nothing here raises for anything a file contains, so a
typo can never stop the game. An overlay that can't be read at all is moved aside, never deleted.

Nothing the player wrote is dropped silently either. The overlay is rewritten from the settings in use whenever the
player changes one, and a line of it the game could not use (a wrong value, an unknown key or table, a rule option the
preset refuses) has no setting to be written from. So such a line is reported when the file is read, with a note that
it will be kept, and every later save writes it back at the end of the file as a comment (``#: key = value  # why``),
where the player finds it next to the reason; the kept comments are carried from save to save until the player
deletes them. Once saved, the file holds only values the game accepts: its old problems are solved.

:class:`SettingsStore` is what the game holds: the defaults, the saved settings and the settings in use, which may
differ from the saved ones for one run (``--lang``, ``--fullscreen``, ``--windowed``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from briscola.engine.presets import PRESETS
from briscola.engine.ruleset import Ruleset
from briscola.store import paths
from briscola.store.atomic import FileTooLargeError, move_aside, read_limited
from briscola.store.checks import InvalidValueError, toml_text
from briscola.store.problems import Problem
from briscola.store.settings_schema import SCHEMA, TABLES, GameSettings, Settings, build, flatten
from briscola.text.i18n import N_, Text

__all__ = [
    "KEPT_NOTE",
    "KEPT_PREFIX",
    "MAX_SETTINGS_BYTES",
    "LoadedSettings",
    "change_settings",
    "counting_aid_shown",
    "counting_allowed",
    "load_settings",
    "new_game_rules",
    "plain_value",
    "running_points_shown",
    "toml_value",
]

#: A settings file is a few kilobytes; anything much larger is not one, and is refused unread.
MAX_SETTINGS_BYTES: Final = 256 * 1024
# Rule options with a setting of their own (or that are labels), refused inside game.options.
_OWN_KEYS: Final = {"players": "game.players", "hands_to_win": "game.hands_to_win", "name": "", "description": ""}
#: Starts each line of the overlay the game could not use, kept as a comment (and carried from save to save).
KEPT_PREFIX: Final = "#: "
#: The note of a problem whose line is kept as a comment when the overlay is next saved.
KEPT_NOTE: Final = N_(
    "When your settings are next saved, this line stays in the file as a comment: nothing you wrote is lost."
)
_MISSING: Final = object()


@dataclass(frozen=True, slots=True)
class LoadedSettings:
    """The outcome of :func:`load_settings`: the defaults file's settings, those with the overlay, and the problems.

    ``kept`` are the overlay's lines the game could not use, as the comments
    :func:`.settings_write.save_overlay` writes them: those kept by an earlier save, then those found now.
    """

    defaults: Settings
    settings: Settings
    problems: tuple[Problem, ...]
    kept: tuple[str, ...] = ()


def load_settings(
    defaults_path: Path | None = None, overlay_path: Path | None = None, *, now: datetime | None = None
) -> LoadedSettings:
    """Read the defaults file and the overlay (the usual places when None), checking every key; never raises."""
    defaults_file = defaults_path or paths.DEFAULTS_PATH
    overlay_file = overlay_path or paths.overlay_path()
    problems: list[Problem] = []
    values = flatten(Settings())
    data, _text = _readtoml_value(defaults_file, problems, now=None)
    must_exist = defaults_file != paths.DEFAULTS_PATH or paths.FROM_CHECKOUT  # an installed copy has none
    if data is None and not problems and must_exist:  # nothing read and nothing wrong reading it: there is no file
        problems.append(Problem(str(defaults_file), None, Text(N_("is missing; using the built-in defaults"))))
    _merge(data or {}, str(defaults_file), values, problems)
    defaults = build(values)
    data, text = _readtoml_value(overlay_file, problems, now=now or datetime.now())
    start = len(problems)
    _merge(data or {}, str(overlay_file), values, problems)
    kept = [line for line in text.splitlines() if line.startswith(KEPT_PREFIX)]
    for index in range(start, len(problems)):
        problem = problems[index]
        raw = _MISSING if problem.key is None else _raw_value(data or {}, problem.key)
        if raw is _MISSING or problem.key is None:
            continue  # the value at fault came from the defaults file: the overlay has no line of it
        line = _one_line(f"{KEPT_PREFIX}{problem.key} = {toml_text(raw)}")
        if not any(old == line or old.startswith(line + "  # ") for old in kept):
            kept.append(line + "  # " + _one_line(str(problem.reason)))
        problems[index] = replace(problem, note=Text(KEPT_NOTE))
    return LoadedSettings(defaults, build(values), tuple(problems), tuple(kept))


def _one_line(text: str) -> str:
    """``text`` with its line breaks written as escapes: a kept comment must stay one comment line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _raw_value(data: Mapping[str, Any], name: str) -> object:
    """The value the file gave ``name`` (a table, ``table.key`` or ``game.options.option``), or :data:`_MISSING`."""
    if name in data:
        return data[name]
    table, _dot, rest = name.partition(".")
    content = data.get(table)
    if not isinstance(content, dict):
        return _MISSING
    if rest in content:
        return content[rest]
    key, _dot, option = rest.partition(".")
    inner = content.get(key)
    return inner[option] if isinstance(inner, dict) and option in inner else _MISSING


def _readtoml_value(path: Path, problems: list[Problem], *, now: datetime | None) -> tuple[dict[str, Any] | None, str]:
    """The parsed file and its text, or None and "" if it is missing or broken (a problem then).

    ``now`` None: never move the file.
    """
    try:
        text = read_limited(path, MAX_SETTINGS_BYTES).decode("utf-8")
        return tomllib.loads(text), text
    except FileNotFoundError:
        return None, ""
    except FileTooLargeError:
        reason = Text(N_("is larger than {size} KB, too large for a settings file"), size=MAX_SETTINGS_BYTES // 1024)
    except UnicodeDecodeError:
        reason = Text(N_("is not UTF-8 text"))
    except tomllib.TOMLDecodeError as error:
        reason = Text(N_("is not valid TOML ({error})"), error=error)
    except RecursionError:  # tomllib recurses into nested arrays: thousands of "[" are not settings
        reason = Text(N_("is not valid TOML (nested too deeply)"))
    except OSError as error:
        reason = Text(N_("can't be read ({error})"), error=error.strerror or error)
    if now is None:
        reason = Text(N_("{reason}; using the built-in defaults"), reason=reason)
    elif not path.is_file():
        reason = Text(N_("{reason}; your saved settings are not used"), reason=reason)
    else:
        try:
            aside = move_aside(path, now)
        except OSError as error:
            reason = Text(
                N_("{reason}; your saved settings are not used, and it could not be moved aside ({error})"),
                reason=reason,
                error=error.strerror or error,
            )
        else:
            reason = Text(
                N_("{reason}; your saved settings are not used. It was moved to {aside}"), reason=reason, aside=aside
            )
    problems.append(Problem(str(path), None, reason))
    return None, ""


def _merge(data: Mapping[str, Any], file: str, values: dict[str, Any], problems: list[Problem]) -> None:
    """Check each key of ``data`` and put the good ones into ``values``; then check the game's combinations."""
    tables = ", ".join(TABLES)
    given: set[str] = set()
    for table, content in data.items():
        if table not in TABLES or not isinstance(content, dict):
            problems.append(
                Problem(
                    file,
                    table,
                    Text(N_("is not a table of settings; ignored (tables: {names})"), names=tables),
                    toml_text(content),
                )
            )
            continue
        for key, value in content.items():
            name = f"{table}.{key}"
            entry = SCHEMA.get(name)
            if entry is None:
                known = ", ".join(TABLES[table])
                problems.append(
                    Problem(
                        file,
                        name,
                        Text(N_("is not a setting; ignored ({table} settings: {names})"), table=table, names=known),
                        toml_text(value),
                    )
                )
                continue
            try:
                values[name] = entry.check(value)
            except InvalidValueError as error:
                problems.append(Problem(file, name, error.reason, toml_text(value), toml_value(name, values[name])))
            else:
                given.add(name)
    _follow_preset(values, given)
    _settle_game(values, file, problems)


def _follow_preset(values: dict[str, Any], given: set[str]) -> None:
    """A preset chosen without a number of players (or seats) brings its own, as choosing it in the game would."""
    if "game.preset" not in given:
        return
    players = PRESETS[values["game.preset"]].players
    if "game.players" not in given:
        values["game.players"] = players
    if "game.seats" not in given and len(values["game.seats"]) not in (0, values["game.players"]):
        values["game.seats"] = ()


def _settle_game(values: dict[str, Any], file: str, problems: list[Problem]) -> None:
    """Make the new-game choices playable together: players for the preset, each option, hands to win, seats.

    Each is tried on top of the preset in that order; one the engine refuses is dropped with the engine's reason.
    The problem names ``file``: the file whose values made the combination, even if the value at fault came from
    the file below it.
    """
    preset = PRESETS[values["game.preset"]]
    rules = preset

    def refuse(name: str, reason: Text, value: object, fallback: object) -> None:
        problems.append(Problem(file, name, reason, toml_text(value), toml_text(fallback)))

    if values["game.players"] != rules.players:
        try:
            rules = rules.with_options(players=values["game.players"])
        except ValueError as error:
            refuse(
                "game.players",
                Text(N_("doesn't suit preset {preset} ({error})"), preset=preset.name, error=error),
                values["game.players"],
                preset.players,
            )
            values["game.players"] = preset.players
    kept = []
    for option, value in values["game.options"]:
        name = f"game.options.{option}"
        if option in _OWN_KEYS:
            problems.append(Problem(file, name, _own_key_reason(option), toml_text(value)))
            continue
        try:
            rules = rules.with_options(**{option: value})
        except (ValueError, TypeError) as error:
            if option in rules.to_dict():
                why = Text(N_("can't be used with preset {preset} ({error})"), preset=preset.name, error=error)
                refuse(name, why, value, rules.to_dict()[option])
            else:
                problems.append(Problem(file, name, Text(N_("is not a rule option; ignored")), toml_text(value)))
            continue
        kept.append((option, value))
    values["game.options"] = tuple(kept)
    if values["game.hands_to_win"]:
        try:
            rules = rules.with_options(hands_to_win=values["game.hands_to_win"])
        except ValueError as error:
            refuse(
                "game.hands_to_win",
                Text(N_("doesn't suit these rules ({error})"), error=error),
                values["game.hands_to_win"],
                0,
            )
            values["game.hands_to_win"] = 0
    seats = values["game.seats"]
    if seats and len(seats) != rules.players:
        why = Text(N_("lists {count} seats for {players} players"), count=len(seats), players=rules.players)
        refuse("game.seats", why, list(seats), [])
        values["game.seats"] = ()


def _own_key_reason(option: str) -> Text:
    if _OWN_KEYS[option]:
        return Text(N_("is set by {key}, not as a rule option; ignored"), key=_OWN_KEYS[option])
    return Text(N_("is a label of the preset, not a rule option; ignored"))


def toml_value(name: str, value: Any) -> str:
    """A setting's value as one line of TOML."""
    return toml_text(plain_value(name, value))


def plain_value(name: str, value: Any) -> Any:
    """A setting's value as TOML data: tuples as lists, the options as a table."""
    if name == "game.options":
        return {key: list(item) if isinstance(item, tuple) else item for key, item in value}
    return list(value) if isinstance(value, tuple) else value


def _from_caller(name: str, value: object) -> object:
    """A value given in code in the shape a TOML file would give it, so the same checks apply."""
    if name == "game.options" and isinstance(value, tuple):  # GameSettings.options, handed back
        value = dict(value)
    if isinstance(value, tuple):
        return [list(item) if isinstance(item, tuple) else item for item in value]
    if name == "game.options" and isinstance(value, Mapping):
        return {str(key): list(item) if isinstance(item, tuple) else item for key, item in value.items()}
    return value


def change_settings(settings: Settings, changes: Mapping[str, object], file: str) -> tuple[Settings, list[Problem]]:
    """``settings`` with ``changes`` (values by ``table.key``) applied together, each checked as if read from ``file``.

    A refused change keeps the old value and becomes a problem; the others are applied. A new preset without a
    number of players brings its own (and clears seats that no longer fit).
    """
    values = flatten(settings)
    problems: list[Problem] = []
    given: set[str] = set()
    for name, value in changes.items():
        entry = SCHEMA.get(name)
        if entry is None:
            problems.append(Problem(file, name, Text(N_("is not a setting; ignored"))))
            continue
        try:
            values[name] = entry.check(_from_caller(name, value))
        except InvalidValueError as error:
            given_text = toml_value(name, _from_caller(name, value))
            problems.append(Problem(file, name, error.reason, given_text, toml_value(name, values[name])))
        else:
            given.add(name)
    _follow_preset(values, given)
    _settle_game(values, file, problems)
    return build(values), problems


def new_game_rules(settings: Settings) -> Ruleset:
    """The ruleset the new-game choices stand for: the preset with players, options and hands to win applied."""
    return game_rules(settings.game)


def game_rules(game: GameSettings) -> Ruleset:
    """The ruleset of a ``[game]`` table (New game's choices, or the title's Play): its one reading."""
    rules = PRESETS[game.preset].with_options(players=game.players, **game.option_dict())
    return rules.with_options(hands_to_win=game.hands_to_win) if game.hands_to_win else rules


def counting_allowed(rules: Ruleset) -> bool:
    """Whether the table may count for the player in this form: never in briscola to 31.

    There a player declares at their turn that their captured points reach 31, and a wrong claim loses the hand:
    keeping the count in one's head *is* the game, so neither the running points nor the counting aid may do it. The
    one home of that fact, read by :func:`running_points_shown` and :func:`counting_aid_shown`.
    """
    return not rules.to_31


def running_points_shown(settings: Settings, rules: Ruleset) -> bool:
    """Whether the table shows running points: as the player chose, but never where counting is the game."""
    return settings.display.show_running_points and counting_allowed(rules)


def counting_aid_shown(settings: Settings, rules: Ruleset) -> bool:
    """Whether the table shows the counting aid (``coach.counting_aid``): as the player chose, but never where
    counting is the game (:func:`counting_allowed`). What a variant hides from the seat (a trump suit still face
    down) is left out of the aid itself, by :func:`briscola.ui.core.counting.count_view`."""
    return settings.coach.counting_aid and counting_allowed(rules)
