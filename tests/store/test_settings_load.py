"""Loading settings: the defaults load clean, and every kind of wrong value is reported (file, key, why) and replaced
by the value below it, without ever raising."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.store.paths import DEFAULTS_PATH
from briscola.store.problems import Problem
from briscola.store.settings import LoadedSettings, load_settings, new_game_rules
from briscola.store.settings_schema import SCHEMA, Settings, flatten


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def load_overlay(defaults_file: Path, overlay_file: Path, text: str) -> LoadedSettings:
    return load_settings(defaults_file, write(overlay_file, text))


def test_built_in_defaults_load_without_problems(defaults_file: Path, overlay_file: Path) -> None:
    loaded = load_settings(defaults_file, overlay_file)
    assert loaded.problems == ()
    assert loaded.settings == loaded.defaults == Settings()
    assert not overlay_file.exists()  # loading never creates the overlay


def test_the_top_level_settings_toml_is_complete_documented_and_loads_clean(overlay_file: Path) -> None:
    loaded = load_settings(DEFAULTS_PATH, overlay_file)
    assert [problem.message() for problem in loaded.problems] == []
    assert loaded.defaults == Settings()
    lines = DEFAULTS_PATH.read_text(encoding="utf-8").splitlines()
    for name, entry in SCHEMA.items():
        found = [i for i, line in enumerate(lines) if re.match(rf"{entry.key}\s*=", line)]
        assert found, f"{name} is missing from settings.toml"
        assert lines[found[0] - 1].startswith("#"), f"{name} has no comment above it"


# (key, TOML value, words the reason must contain)
BAD_VALUES = [
    ("display.deck", '"napoli"', "is not a deck"),
    ("display.deck", "3", "must be text"),
    ("display.back", '"classic"', "is not a card back"),
    ("display.table_colour", '"green"', "is not a colour"),
    ("display.table_colour", '"#12345"', "is not a colour"),
    ("display.table_colour", "0x1f5f3a", "must be text"),
    ("display.window_size", "[1280]", "two whole numbers"),
    ("display.window_size", '"1280x800"', "two whole numbers"),
    ("display.window_size", "[1280.5, 800]", "two whole numbers"),
    ("display.window_size", "[100, 100]", "out of range"),
    ("display.window_size", "[99999, 800]", "out of range"),
    ("display.fullscreen", '"yes"', "must be true or false"),
    ("display.fullscreen", "1", "must be true or false"),
    ("display.language", '"fr"', "is not a language"),
    ("display.animation_speed", '"warp"', "is not an animation speed"),
    ("display.computer_pause_ms", "-1", "out of range"),
    ("display.computer_pause_ms", "true", "must be a whole number"),
    ("display.computer_pause_ms", "600.0", "must be a whole number"),
    ("sound.volume", "1.5", "out of range"),
    ("sound.volume", "nan", "out of range"),
    ("sound.volume", '"loud"', "must be a number"),
    ("sound.mute", "2024-01-01", "must be true or false, not a date"),
    ("game.players", "7", "out of range"),
    ("game.players", "[2]", "must be a whole number, not a list"),
    ("game.level", '"godlike"', "is not a level"),
    ("game.preset", '"poker"', "is not a preset"),
    ("game.hands_to_win", "9", "out of range"),
    ("game.seed", "-5", "out of range"),
    ("game.seats", '"human"', "must be a list"),
    ("game.seats", '["human", "nobody"]', "is not a seat"),
    ("game.seats", '["human", "external:"]', "names no program"),
    ("game.seats", '["human", "human"]', 'more than one "human"'),
    ("game.options", "3", "must be a table of rule options"),
]


@pytest.mark.parametrize(("name", "value", "words"), BAD_VALUES)
def test_each_bad_value_is_reported_with_file_and_key_and_defaulted(
    defaults_file: Path, overlay_file: Path, name: str, value: str, words: str
) -> None:
    table, key = name.split(".")
    loaded = load_overlay(defaults_file, overlay_file, f"[{table}]\n{key} = {value}\n")
    assert len(loaded.problems) == 1, loaded.problems
    problem = loaded.problems[0]
    assert (problem.file, problem.key) == (str(overlay_file), name)
    assert words in problem.reason
    message = problem.message()
    assert message.startswith(f"{overlay_file}: {name} = ") and "; using " in message
    assert flatten(loaded.settings)[name] == SCHEMA[name].default()
    assert overlay_file.exists()  # a bad value is not a corrupt file: the overlay stays where it is


def test_the_message_reads_plainly(defaults_file: Path, overlay_file: Path) -> None:
    loaded = load_overlay(defaults_file, overlay_file, '[display]\ndeck = "napoli"\n')
    assert loaded.problems[0].message() == (
        f'{overlay_file}: display.deck = "napoli" is not a deck (decks: "napoletane", "piacentine", "siciliane", '
        '"trevisane", "bergamasche", "francesi", "francesi-4c", "spagnole"); using "napoletane"'
    )


def test_a_bad_overlay_value_falls_back_to_the_defaults_file_not_the_built_in(tmp_path: Path) -> None:
    defaults = write(tmp_path / "d.toml", '[display]\ndeck = "piacentine"\nvolume_typo = 1\n')
    loaded = load_settings(defaults, write(tmp_path / "o.toml", '[display]\ndeck = "napoli"\n'))
    assert loaded.defaults.display.deck == loaded.settings.display.deck == "piacentine"
    assert [(p.file, p.key) for p in loaded.problems] == [
        (str(defaults), "display.volume_typo"),
        (str(tmp_path / "o.toml"), "display.deck"),
    ]
    assert loaded.problems[1].fallback == '"piacentine"'


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ("[display]\ndek = 1\n", "display.dek", "is not a setting"),
        ("[graphics]\ndeck = 1\n", "graphics", "is not a table of settings"),
        ("deck = 1\n", "deck", "is not a table of settings"),
    ],
)
def test_unknown_keys_and_tables_are_reported_and_ignored(
    defaults_file: Path, overlay_file: Path, text: str, key: str, words: str
) -> None:
    loaded = load_overlay(defaults_file, overlay_file, text)
    assert [(p.file, p.key) for p in loaded.problems] == [(str(overlay_file), key)]
    assert words in loaded.problems[0].reason and "ignored" in loaded.problems[0].reason
    assert loaded.settings == Settings()


def test_good_keys_survive_next_to_bad_ones(defaults_file: Path, overlay_file: Path) -> None:
    text = '[display]\ndeck = "spagnole"\nback = "nope"\nsort_hand = false\n[sound]\nvolume = 1\n'
    loaded = load_overlay(defaults_file, overlay_file, text)
    assert [p.key for p in loaded.problems] == ["display.back"]
    assert (loaded.settings.display.deck, loaded.settings.display.sort_hand) == ("spagnole", False)
    assert loaded.settings.sound.volume == 1.0 and isinstance(loaded.settings.sound.volume, float)


def test_values_are_kept_in_one_spelling(defaults_file: Path, overlay_file: Path) -> None:
    text = '[game]\nlevel = "5"\nseats = ["Human", "1", " external: bot --fast "]\nplayers = 3\npreset = "three"\n'
    text += '[display]\ntable_colour = "#AABBCC"\n'
    loaded = load_overlay(defaults_file, overlay_file, text)
    assert loaded.problems == ()
    assert loaded.settings.game.level == "esperto"
    assert loaded.settings.game.seats == ("human", "principiante", "external:bot --fast")
    assert loaded.settings.display.table_colour == "#aabbcc"


def test_a_missing_defaults_file_means_built_in_defaults_and_a_problem(tmp_path: Path, overlay_file: Path) -> None:
    loaded = load_settings(tmp_path / "nowhere.toml", overlay_file)
    assert loaded.settings == Settings()
    assert [(p.file, p.key) for p in loaded.problems] == [(str(tmp_path / "nowhere.toml"), None)]
    assert "missing" in loaded.problems[0].message()


def test_an_installed_copy_without_the_defaults_file_has_no_problem(
    tmp_path: Path, overlay_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A wheel carries the package alone: the project's settings.toml is not beside it, and that is not a fault.
    from briscola.store import paths

    monkeypatch.setattr(paths, "DEFAULTS_PATH", tmp_path / "settings.toml")
    monkeypatch.setattr(paths, "FROM_CHECKOUT", False)
    assert load_settings(None, overlay_file).problems == ()
    named = tmp_path / "other.toml"  # a file named with --settings is missing wherever the game runs from
    assert [p.file for p in load_settings(named, overlay_file).problems] == [str(named)]
    monkeypatch.setattr(paths, "FROM_CHECKOUT", True)
    assert [p.file for p in load_settings(None, overlay_file).problems] == [str(tmp_path / "settings.toml")]


def test_a_corrupt_defaults_file_is_reported_and_never_touched(tmp_path: Path, overlay_file: Path) -> None:
    defaults = write(tmp_path / "settings.toml", "[display\ndeck = ")
    loaded = load_settings(defaults, overlay_file)
    assert loaded.settings == Settings()
    assert "is not valid TOML" in loaded.problems[0].reason and "built-in defaults" in loaded.problems[0].reason
    assert defaults.read_text(encoding="utf-8") == "[display\ndeck = "
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]


# ------------------------------------------------------------------------------------------------------ combinations


def game_problems(defaults_file: Path, overlay_file: Path, text: str) -> tuple[Settings, list[str | None]]:
    loaded = load_overlay(defaults_file, overlay_file, "[game]\n" + text)
    return loaded.settings, [p.key for p in loaded.problems]


def test_a_good_combination_of_new_game_choices(defaults_file: Path, overlay_file: Path) -> None:
    text = 'players = 4\npreset = "four"\nseats = ["human", "medio", "external:bot", 6]\n'
    text += 'options = { signals = "secret", swap = "seven" }\nhands_to_win = 3\nseed = 12345\n'
    got, keys = game_problems(defaults_file, overlay_file, text)
    assert keys == []
    rules = new_game_rules(got)
    options = rules.to_dict()
    assert [options[key] for key in ("players", "signals", "swap", "hands_to_win")] == [4, "secret", "seven", 3]
    assert got.game.seat_specs() == ("human", "medio", "external:bot", "campione")


def test_a_preset_alone_brings_its_number_of_players(defaults_file: Path, overlay_file: Path) -> None:
    got, keys = game_problems(defaults_file, overlay_file, 'preset = "chiamata"\n')
    assert keys == [] and got.game.players == 5


def test_players_that_dont_suit_the_preset_fall_back_to_the_presets(defaults_file: Path, overlay_file: Path) -> None:
    got, keys = game_problems(defaults_file, overlay_file, 'preset = "chiamata"\nplayers = 2\n')
    assert keys == ["game.players"] and got.game.players == 5
    assert new_game_rules(got).players == 5
    assert got.game.seat_specs() == ("human", "medio", "medio", "medio", "medio")


def test_a_preset_can_be_adapted_to_another_number_of_players(defaults_file: Path, overlay_file: Path) -> None:
    got, keys = game_problems(defaults_file, overlay_file, "players = 4\n")
    assert keys == [] and new_game_rules(got).teams == ((0, 2), (1, 3))


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('options = { swap = "sideways" }\n', "game.options.swap"),
        ("options = { no_such_rule = true }\n", "game.options.no_such_rule"),
        ("options = { players = 4 }\n", "game.options.players"),
        ('options = { name = "mine" }\n', "game.options.name"),
        ('seats = ["human", "medio", "medio"]\n', "game.seats"),
        ('options = { signals = "secret" }\n', "game.options.signals"),  # two players can't signal
    ],
)
def test_choices_the_rules_refuse_are_dropped(defaults_file: Path, overlay_file: Path, text: str, key: str) -> None:
    got, keys = game_problems(defaults_file, overlay_file, text)
    assert keys == [key]
    assert got.game == Settings().game
    new_game_rules(got)  # always playable


# --------------------------------------------------------------------------------------------------------- no crash

toml_scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["napoletane", "lattice-red", "#123abc", "human", "medio", "four", "chiamata", "de", "fast"]),
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3),
    max_leaves=8,
)
names = st.sampled_from([*SCHEMA, "display.nope", "game.extra"])


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(names, toml_values, max_size=8))
def test_any_values_at_all_never_raise_and_give_valid_settings(
    defaults_file: Path, overlay_file: Path, values: dict[str, Any]
) -> None:
    data: dict[str, dict[str, Any]] = {}
    for name, value in values.items():
        table, key = name.split(".")
        data.setdefault(table, {})[key] = value
    loaded = load_overlay(defaults_file, overlay_file, tomli_w.dumps(data))
    assert all(isinstance(problem, Problem) for problem in loaded.problems)
    assert len(loaded.problems) <= len(values) + 2
    # What came out passes every check unchanged, and makes a playable ruleset.
    for name, value in flatten(loaded.settings).items():
        raw = value if name != "game.options" else dict(value)
        raw = list(raw) if isinstance(raw, tuple) else raw
        assert SCHEMA[name].check(raw) == value
    new_game_rules(loaded.settings)
