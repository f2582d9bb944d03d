"""The match the title's one-click "Play" starts: the last new game's choices as the settings keep them, the default
game the first time, and the default game (with the reason) when the remembered choices can't start."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from briscola.engine import PRESETS
from briscola.store import GameSettings, SettingsStore, quick_game


def test_the_first_time_play_is_two_players_classic_against_a_middle_level(
    defaults_file: Path, overlay_file: Path
) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    game, problems = quick_game(store)
    assert problems == []
    assert game.rules == PRESETS["classic"] and game.preset == "classic"
    assert game.seats == ("human", "medio") and game.seed == 0
    assert not game.remembered and not game.watched and not game.options_changed


def test_the_choices_of_the_last_new_game_are_read_back_from_the_file(defaults_file: Path, overlay_file: Path) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    seats = ["esperto", "human", "facile", "campione"]
    changes = {"game.players": 4, "game.preset": "four", "game.seats": seats, "game.options": {"swap": "seven"}}
    assert store.change({**changes, "game.hands_to_win": 3}) == []
    game, problems = quick_game(SettingsStore.load(defaults_file, overlay_file))  # as the next start finds them
    assert problems == []
    assert game.remembered and game.options_changed and game.preset == "four"
    assert game.seats == tuple(seats)
    assert game.rules == PRESETS["four"].with_options(swap="seven", hands_to_win=3)


def test_a_corrupt_remembered_choice_falls_back_to_the_default_with_the_reason(
    defaults_file: Path, overlay_file: Path
) -> None:
    overlay_file.parent.mkdir(parents=True)
    overlay_file.write_text('[game]\npreset = "no-such-rules"\nseats = ["human", "grandmaster"]\n', encoding="utf-8")
    store = SettingsStore.load(defaults_file, overlay_file)
    assert {problem.key for problem in store.notices} >= {"game.preset", "game.seats"}  # said on the title
    game, problems = quick_game(store)
    assert problems == [] and game.preset == "classic" and game.seats == ("human", "medio")


def test_choices_that_no_longer_start_fall_back_to_the_default_game_and_say_why(
    defaults_file: Path, overlay_file: Path
) -> None:
    store = SettingsStore.load(defaults_file, overlay_file)
    stale = [
        GameSettings(players=2, preset="classic", seats=("human", "medio", "medio")),  # a seat too many
        GameSettings(players=9, preset="classic"),  # no table seats nine
        GameSettings(players=2, preset="gone-in-this-version"),
        GameSettings(players=2, preset="classic", options=(("no_such_option", True),)),
        GameSettings(players=2, preset="classic", seats=("human", "human")),
    ]
    for game_settings in stale:
        store.settings = replace(store.settings, game=game_settings)
        game, problems = quick_game(store)
        assert game.rules == PRESETS["classic"] and game.seats == ("human", "medio") and not game.remembered
        assert len(problems) == 1
        assert problems[0].file == str(overlay_file) and problems[0].key == "game"
        assert "default game" in problems[0].message()
