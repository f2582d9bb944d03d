"""The settings the running game holds: one-run overrides (--lang, --fullscreen, --windowed) are checked, used and
never saved; changes in the game are checked, saved and end the override of what they change."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from briscola.engine.presets import PRESETS
from briscola.store import Problem, SettingProblem, report
from briscola.store.session import COMMAND_LINE, SettingsStore, apply_overrides, parse_window
from briscola.store.settings import running_points_shown
from briscola.store.settings_schema import CoachSettings, DisplaySettings, Settings


def test_overrides_apply_for_one_run_and_are_never_saved(defaults_file: Path, overlay_file: Path) -> None:
    store = SettingsStore.load(defaults_file, overlay_file, language="de", windowed="1024x700")
    assert store.problems == []
    assert (store.settings.display.language, store.settings.display.window_size) == ("de", (1024, 700))
    assert store.saved == Settings()
    store.change({"sound.volume": 0.3})
    assert tomllib.loads(overlay_file.read_text(encoding="utf-8")) == {"sound": {"volume": 0.3}}
    assert store.settings.display.language == "de"  # the override still holds for this run
    assert SettingsStore.load(defaults_file, overlay_file).settings.display.language == ""


def test_fullscreen_and_windowed(defaults_file: Path, overlay_file: Path) -> None:
    assert SettingsStore.load(defaults_file, overlay_file, fullscreen=True).settings.display.fullscreen
    both = SettingsStore.load(defaults_file, overlay_file, fullscreen=True, windowed="1600x900")
    assert not both.settings.display.fullscreen and both.settings.display.window_size == (1600, 900)


def test_changing_a_setting_ends_its_override(defaults_file: Path, overlay_file: Path) -> None:
    store = SettingsStore.load(defaults_file, overlay_file, language="de", windowed="1024x700")
    store.change({"display.language": "it", "display.fullscreen": True})
    assert store.settings.display.language == "it" and store.settings.display.fullscreen
    assert store.settings.display.window_size == (1280, 800)
    written = tomllib.loads(overlay_file.read_text(encoding="utf-8"))
    assert written == {"display": {"language": "it", "fullscreen": True}}


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"language": "xx"}, "--lang xx"),
        ({"windowed": "10x10"}, "--windowed 10x10"),
        ({"windowed": "huge"}, "--windowed huge"),
    ],
)
def test_bad_overrides_are_reported_and_ignored(
    defaults_file: Path, overlay_file: Path, options: dict[str, str], key: str
) -> None:
    store = SettingsStore.load(defaults_file, overlay_file, **options)  # type: ignore[arg-type]
    assert [(p.file, p.key) for p in store.problems] == [(COMMAND_LINE, key)]
    assert store.settings == Settings() and store.overrides == {}


def test_apply_overrides_alone() -> None:
    result, problems = apply_overrides(Settings(), language="es", fullscreen=True)
    assert problems == [] and result.display.language == "es" and result.display.fullscreen
    assert parse_window(" 800 x 600 ") == [800, 600] and parse_window("800x") is None


def test_a_refused_change_keeps_the_old_value(defaults_file: Path, overlay_file: Path) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    problems = store.change({"display.deck": "napoli", "display.sort_hand": False, "display.nope": 1})
    assert [p.key for p in problems] == ["display.deck", "display.nope"]
    assert store.settings.display.deck == "napoletane" and not store.settings.display.sort_hand
    assert store.problems == problems


def test_a_combination_changes_in_one_call(defaults_file: Path, overlay_file: Path) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    seats = ("medio", "human", "medio", "external:bot", "facile")
    assert store.change({"game.preset": "chiamata", "game.players": 5, "game.seats": seats}) == []
    reloaded = SettingsStore.load(defaults_file, overlay_file)
    assert reloaded.problems == [] and reloaded.settings.game.seats == seats


def test_choosing_a_preset_brings_its_players(defaults_file: Path, overlay_file: Path) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    assert store.change({"game.seats": ("facile", "human")}) == []
    assert store.change({"game.preset": "four"}) == []
    assert (store.settings.game.players, store.settings.game.seats) == (4, ())
    assert store.change({"game.preset": "open"}) == []
    assert store.settings.game.players == 2


def test_running_points_are_never_shown_in_briscola_to_31() -> None:
    shown = Settings(display=DisplaySettings(show_running_points=True))
    assert running_points_shown(shown, PRESETS["classic"])
    assert not running_points_shown(shown, PRESETS["to31"])
    assert not running_points_shown(Settings(), PRESETS["classic"])


def test_the_trick_cue_is_on_for_a_newcomer_and_turning_it_off_is_saved_and_loaded(
    defaults_file: Path, overlay_file: Path
) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    assert store.settings.display.trick_cue and Settings().display.trick_cue
    assert store.change({"display.trick_cue": False}) == []
    assert tomllib.loads(overlay_file.read_text(encoding="utf-8")) == {"display": {"trick_cue": False}}
    assert not SettingsStore.load(defaults_file, overlay_file).settings.display.trick_cue
    assert [p.key for p in store.change({"display.trick_cue": "maybe"})] == ["display.trick_cue"]
    assert not store.settings.display.trick_cue  # a refused value keeps the one saved


def test_report_prints_one_line_per_problem() -> None:
    out = io.StringIO()
    report(
        [Problem("a.toml", "display.deck", "is not a deck", '"x"', '"napoletane"'), Problem("b", None, "is odd")], out
    )
    assert out.getvalue() == 'a.toml: display.deck = "x" is not a deck; using "napoletane"\nb: is odd\n'
    assert SettingProblem is Problem


def test_the_store_never_loads_pygame() -> None:
    """The store is the data layer: tools and tests use it without a display, so it must not import pygame."""
    import subprocess
    import sys

    code = "import sys, briscola.store; assert 'pygame' not in sys.modules, 'pygame was imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_values_handed_back_from_settings_are_accepted(defaults_file: Path, overlay_file: Path) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    game = store.settings.game
    changes = {"game.options": (("swap", "seven"),), "display.window_size": (1920, 1080), "game.seats": game.seats}
    assert store.change(changes) == []
    assert store.settings.game.option_dict() == {"swap": "seven"}
    assert store.settings.display.window_size == (1920, 1080)


def test_a_coach_setting_changed_in_the_game_is_held_saved_and_loaded(defaults_file: Path, overlay_file: Path) -> None:
    """The [coach] table is built like the others: a change is in the settings the game reads at once (it once was
    saved but left at its default until the next start), and in the file for the next run."""
    store = SettingsStore.load(defaults_file, overlay_file)
    assert store.settings.coach == CoachSettings()
    assert store.change({"coach.counting_aid": True, "coach.grading": "hand"}) == []
    assert store.settings.coach == CoachSettings(counting_aid=True, grading="hand")
    again = SettingsStore.load(defaults_file, overlay_file).settings.coach
    assert again.counting_aid and again.grading == "hand"
