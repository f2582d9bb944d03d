"""The overlay: only changed keys are written, atomically; it round-trips; a broken one is moved aside (never
deleted, never over an earlier aside file); a folder that can't be written never crashes the game; and the defaults
file is never modified."""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.art.decks import DECKS
from briscola.art.frames import BACKS
from briscola.store import atomic
from briscola.store.checks import MAX_WINDOW, MIN_WINDOW
from briscola.store.paths import DEFAULTS_PATH
from briscola.store.session import SettingsStore
from briscola.store.settings import load_settings
from briscola.store.settings_schema import (
    ANIMATION_SPEEDS,
    LANGUAGES,
    DisplaySettings,
    GameSettings,
    Settings,
    SoundSettings,
    flatten,
)
from briscola.store.settings_write import overlay_data, render_defaults, save_overlay

NOW = datetime(2026, 11, 30, 14, 5, 9)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


display_settings = st.builds(
    DisplaySettings,
    deck=st.sampled_from(list(DECKS)),
    back=st.sampled_from(["", *BACKS]),
    table_colour=st.from_regex(r"#[0-9a-f]{6}", fullmatch=True),
    fullscreen=st.booleans(),
    window_size=st.tuples(st.integers(MIN_WINDOW[0], MAX_WINDOW[0]), st.integers(MIN_WINDOW[1], MAX_WINDOW[1])),
    language=st.sampled_from(LANGUAGES),
    animation_speed=st.sampled_from(ANIMATION_SPEEDS),
    reduced_motion=st.booleans(),
    show_running_points=st.booleans(),
    sort_hand=st.booleans(),
    confirm_play=st.booleans(),
    trick_cue=st.booleans(),
    computer_pause_ms=st.integers(0, 10_000),
)
sound_settings = st.builds(SoundSettings, volume=st.floats(0.0, 1.0, allow_nan=False), mute=st.booleans())
TABLE_CHOICES = [
    ("classic", 2, (), ()),
    ("four", 4, ("human", "medio", "external:python3 bot.py", "esperto"), ()),
    ("chiamata", 5, (), ()),
    ("classic", 2, ("facile", "human"), (("must_follow_suit", True), ("swap", "seven"))),
    ("three", 3, (), (("removed_cards", ("2C",)),)),
]


def make_game(
    level: str, seed: int, hands_to_win: int, table: tuple[str, int, tuple[str, ...], Any], command: str
) -> GameSettings:
    preset, players, seats, options = table
    seats = tuple(f"external:{command}" if seat.startswith("external:") else seat for seat in seats)
    return GameSettings(players, level, seats, preset, options, hands_to_win, seed)


game_settings = st.builds(
    make_game,
    st.sampled_from(["principiante", "facile", "medio", "difficile", "esperto", "campione", "greedy"]),
    st.integers(0, 2**63 - 1),
    st.integers(0, 5),
    st.sampled_from(TABLE_CHOICES),
    st.text(min_size=1, max_size=20).filter(lambda text: text.strip() == text),
)


all_settings = st.builds(Settings, game_settings, display_settings, sound_settings)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(all_settings, st.none() | all_settings)
def test_the_overlay_round_trips(
    tmp_path: Path, overlay_file: Path, chosen: Settings, other_defaults: Settings | None
) -> None:
    defaults = other_defaults or Settings()
    defaults_file = tmp_path / "defaults.toml"
    defaults_file.write_text(render_defaults(defaults), encoding="utf-8")
    before = digest(defaults_file)
    assert save_overlay(chosen, defaults, overlay_file, defaults_path=defaults_file) == []
    loaded = load_settings(defaults_file, overlay_file)
    assert loaded.problems == ()
    assert loaded.defaults == defaults
    assert loaded.settings == chosen
    assert digest(defaults_file) == before
    # Only what differs from the defaults is written (and the players with a new preset).
    written = tomllib.loads(overlay_file.read_text(encoding="utf-8"))
    assert written == overlay_data(chosen, defaults)
    changed = {f"{table}.{key}" for table, keys in written.items() for key in keys}
    assert changed - {"game.players"} <= {
        name for name, value in flatten(chosen).items() if value != flatten(defaults)[name]
    }


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(display_settings, sound_settings, game_settings)
def test_a_rendered_defaults_file_loads_back_to_its_settings(
    tmp_path: Path, overlay_file: Path, display: DisplaySettings, sound: SoundSettings, game: GameSettings
) -> None:
    chosen = Settings(game, display, sound)
    path = tmp_path / "rendered.toml"
    path.write_text(render_defaults(chosen), encoding="utf-8")
    loaded = load_settings(path, overlay_file)
    assert loaded.problems == () and loaded.defaults == loaded.settings == chosen


def test_only_changed_keys_are_written(defaults_file: Path, overlay_file: Path) -> None:
    chosen = replace(Settings(), display=replace(Settings().display, deck="siciliane"))
    assert save_overlay(chosen, Settings(), overlay_file, defaults_path=defaults_file) == []
    text = overlay_file.read_text(encoding="utf-8")
    assert tomllib.loads(text) == {"display": {"deck": "siciliane"}}
    assert text.startswith("# Briscola: the settings you changed")
    assert save_overlay(Settings(), Settings(), overlay_file, defaults_path=defaults_file) == []
    assert tomllib.loads(overlay_file.read_text(encoding="utf-8")) == {}


def test_the_overlay_records_the_difference_from_the_defaults_file_in_use(tmp_path: Path, overlay_file: Path) -> None:
    defaults = tmp_path / "mine.toml"
    defaults.write_text('[display]\ndeck = "trevisane"\n', encoding="utf-8")
    store = SettingsStore.load(defaults, overlay_file)
    store.change({"display.deck": "napoletane"})  # the built-in default, but not this file's
    assert tomllib.loads(overlay_file.read_text(encoding="utf-8")) == {"display": {"deck": "napoletane"}}
    assert SettingsStore.load(defaults, overlay_file).settings.display.deck == "napoletane"


def test_a_preset_adapted_to_the_defaults_number_of_players_round_trips(tmp_path: Path, overlay_file: Path) -> None:
    defaults = tmp_path / "four.toml"
    defaults.write_text('[game]\npreset = "four"\nplayers = 4\n', encoding="utf-8")
    store = SettingsStore.load(defaults, overlay_file)
    assert store.change({"game.preset": "classic", "game.players": 4}) == []
    assert tomllib.loads(overlay_file.read_text(encoding="utf-8")) == {"game": {"preset": "classic", "players": 4}}
    assert SettingsStore.load(defaults, overlay_file).settings == store.settings


def test_the_game_never_modifies_the_defaults_file(overlay_file: Path) -> None:
    before = digest(DEFAULTS_PATH)
    stat = DEFAULTS_PATH.stat()
    store = SettingsStore.load(DEFAULTS_PATH, overlay_file, language="de", windowed="1024x700")
    store.change({"display.deck": "francesi", "sound.mute": True, "game.preset": "four", "game.players": 4})
    store.change({"display.back": "no-such-back"})
    assert digest(DEFAULTS_PATH) == before
    assert DEFAULTS_PATH.stat().st_mtime_ns == stat.st_mtime_ns


def test_saving_over_the_defaults_file_is_refused(defaults_file: Path) -> None:
    before = digest(defaults_file)
    chosen = replace(Settings(), sound=SoundSettings(mute=True))
    problems = save_overlay(chosen, Settings(), defaults_file, defaults_path=defaults_file)
    assert len(problems) == 1 and "never changes" in problems[0].reason
    assert digest(defaults_file) == before


# ------------------------------------------------------------------------------------------------ broken overlays


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"[display\ndeck = ", "is not valid TOML"),
        (b'[display]\ndeck = "napoletane"\ndeck = "siciliane"\n', "is not valid TOML"),
        (b'[display]\ndeck = "\xff\xfe"\n', "is not UTF-8"),
        (b"# " + b"x" * (300 * 1024) + b"\n", "too large"),
        (b"x = " + b"[" * 100_000, "nested too deeply"),
    ],
)
def test_a_corrupt_overlay_is_moved_aside_with_a_notice(
    defaults_file: Path, overlay_file: Path, content: bytes, words: str
) -> None:
    overlay_file.parent.mkdir(parents=True)
    overlay_file.write_bytes(content)
    loaded = load_settings(defaults_file, overlay_file, now=NOW)
    assert loaded.settings == Settings()
    aside = overlay_file.with_name("settings.toml.corrupt-20261130-140509")
    assert [(p.file, p.key) for p in loaded.problems] == [(str(overlay_file), None)]
    assert words in loaded.problems[0].reason and str(aside) in loaded.problems[0].message()
    assert not overlay_file.exists()
    assert aside.read_bytes() == content  # kept, not deleted


def test_a_second_corrupt_overlay_never_overwrites_the_first(defaults_file: Path, overlay_file: Path) -> None:
    overlay_file.parent.mkdir(parents=True)
    for attempt in range(3):
        overlay_file.write_text(f"broken {attempt} = = =", encoding="utf-8")
        load_settings(defaults_file, overlay_file, now=NOW)
    stem = "settings.toml.corrupt-20261130-140509"
    kept = {path.name: path.read_text(encoding="utf-8") for path in overlay_file.parent.iterdir()}
    assert kept == {stem: "broken 0 = = =", f"{stem}-2": "broken 1 = = =", f"{stem}-3": "broken 2 = = ="}


def test_the_link_less_fallback_also_keeps_earlier_aside_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: object, dst: object) -> None:
        raise PermissionError("no hard links on this file system")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "autosave.json"
    for attempt in range(2):
        path.write_text(str(attempt), encoding="utf-8")
        atomic.move_aside(path, NOW)
    assert sorted(p.read_text() for p in tmp_path.iterdir()) == ["0", "1"]


# -------------------------------------------------------------------------------------- folders that can't be written


def test_a_config_folder_that_is_a_file_doesnt_crash(defaults_file: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "config"
    blocker.write_text("not a folder", encoding="utf-8")
    overlay = blocker / "briscola" / "settings.toml"
    loaded = load_settings(defaults_file, overlay)  # reading through a file: like a missing overlay
    assert loaded.settings == Settings()
    store = SettingsStore.load(defaults_file, overlay)
    problems = store.change({"display.deck": "piacentine"})
    assert len(problems) == 1 and "could not be saved" in problems[0].reason
    assert store.settings.display.deck == "piacentine"  # kept for this run
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_an_overlay_path_that_is_a_folder_doesnt_crash(defaults_file: Path, overlay_file: Path) -> None:
    overlay_file.mkdir(parents=True)
    (overlay_file / "keep.txt").write_text("mine", encoding="utf-8")
    loaded = load_settings(defaults_file, overlay_file, now=NOW)
    assert loaded.settings == Settings() and len(loaded.problems) == 1
    assert "can't be read" in loaded.problems[0].reason
    problems = save_overlay(
        Settings(sound=SoundSettings(mute=True)), Settings(), overlay_file, defaults_path=defaults_file
    )
    assert len(problems) == 1 and "could not be saved" in problems[0].message()
    assert (overlay_file / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert [p.name for p in overlay_file.parent.iterdir()] == ["settings.toml"]  # no temporary file left behind


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes through chmod 0o500")
def test_a_read_only_config_folder_doesnt_crash(defaults_file: Path, overlay_file: Path) -> None:
    overlay_file.parent.mkdir(parents=True)
    overlay_file.parent.chmod(0o500)
    try:
        problems = save_overlay(Settings(sound=SoundSettings(mute=True)), Settings(), overlay_file)
        assert len(problems) == 1 and "could not be saved" in problems[0].reason
    finally:
        overlay_file.parent.chmod(0o700)


def test_a_config_folder_that_cant_be_made_doesnt_crash(tmp_path: Path) -> None:
    """The same failure as a read-only folder, in a form root can't write through: the folder's parent is a file."""
    blocker = tmp_path / "config"
    blocker.write_text("not a folder", encoding="utf-8")
    overlay = blocker / "briscola" / "settings.toml"
    problems = save_overlay(Settings(sound=SoundSettings(mute=True)), Settings(), overlay)
    assert len(problems) == 1 and "could not be saved" in problems[0].reason
    assert str(overlay) in problems[0].message()
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_failed_write_keeps_the_old_overlay_whole(
    defaults_file: Path, overlay_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = Settings(sound=SoundSettings(volume=0.25))
    assert save_overlay(old, Settings(), overlay_file, defaults_path=defaults_file) == []
    before = overlay_file.read_bytes()

    def full_disk(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    problems = save_overlay(Settings(sound=SoundSettings(volume=0.5)), Settings(), overlay_file)
    assert len(problems) == 1 and "No space left on device" in problems[0].reason
    assert overlay_file.read_bytes() == before
    assert [p.name for p in overlay_file.parent.iterdir()] == ["settings.toml"]
