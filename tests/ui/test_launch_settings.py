"""The window game starts from the settings files: remembered choices are used, wrong values named and defaulted."""

from __future__ import annotations

from pathlib import Path

import pytest

from briscola.match.worker import DEFAULT_THINK_TIME
from briscola.store.settings_write import render_defaults
from briscola.ui.options import Options, parse_options


def _defaults(tmp_path: Path, replace: dict[str, str]) -> Path:
    """A defaults file as the schema writes it, with some lines replaced (``key = value`` by key)."""
    lines = []
    for line in render_defaults().splitlines():
        key = line.split("=", 1)[0].strip()
        lines.append(f"{key} = {replace[key]}" if key in replace and not line.startswith("#") else line)
    path = tmp_path / "settings.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _options(argv: list[str]) -> Options:
    options = parse_options(argv)
    assert isinstance(options, Options)
    return options


def test_the_settings_file_chooses_deck_level_speed_pause_and_sound(tmp_path: Path) -> None:
    path = _defaults(
        tmp_path,
        {
            "deck": '"piacentine"',
            "level": '"esperto"',
            "animation_speed": '"fast"',
            "computer_pause_ms": "150",
            "volume": "0.25",
            "preset": '"briscolone"',
            "window_size": "[1000, 700]",
        },
    )
    options = _options(["--settings", str(path)])
    assert (options.deck, options.level, options.speed) == ("piacentine", "esperto", "fast")
    assert options.ai_delay == pytest.approx(0.15) and options.volume == pytest.approx(0.25)
    assert options.rules.name == "briscolone" and options.size == (1000, 700)
    # The command line still wins for one run.
    assert _options(["--settings", str(path), "--deck", "spagnole", "--speed", "slow"]).deck == "spagnole"


def test_a_wrong_value_is_named_with_its_file_and_key_and_defaulted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _defaults(tmp_path, {"deck": '"napoli"', "volume": '"loud"'})
    options = _options(["--settings", str(path)])
    err = capsys.readouterr().err
    assert "display.deck" in err and "napoli" in err and str(path) in err
    assert "sound.volume" in err
    assert options.deck == "napoletane" and options.volume == pytest.approx(0.7)


def test_a_missing_settings_file_is_reported_and_the_game_starts_with_defaults(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = _options(["--settings", str(tmp_path / "nowhere.toml")])
    assert "nowhere.toml" in capsys.readouterr().err
    assert options.rules.name == "classic" and options.level == "medio"


def test_window_options_override_the_file_for_one_run(tmp_path: Path) -> None:
    path = _defaults(tmp_path, {"fullscreen": "true"})
    assert _options(["--settings", str(path)]).fullscreen
    windowed = _options(["--settings", str(path), "--windowed", "1100x720"])
    assert not windowed.fullscreen and windowed.size == (1100, 720)
    assert _options(["--settings", str(_defaults(tmp_path, {})), "--fullscreen"]).fullscreen


def test_lang_switches_the_language_for_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen: list[list[str] | None] = []
    monkeypatch.setattr("briscola.text.i18n.set_language", lambda languages: chosen.append(languages))
    _options(["--settings", str(_defaults(tmp_path, {})), "--lang", "it"])
    assert chosen == [["it"]]
    chosen.clear()
    _options(["--settings", str(_defaults(tmp_path, {})), "--lang", "xx"])
    assert chosen == []


def test_the_table_cloth_follows_the_table_colour_setting(tmp_path: Path) -> None:
    from briscola.store import SettingsStore
    from tests.ui.helpers import make_table

    app, table = make_table()
    green = table.background((300, 200)).get_at((150, 92))
    app.store = SettingsStore.load(_defaults(tmp_path, {"table_colour": '"#8a1f2a"'}))
    red = table.background((300, 200)).get_at((150, 92))
    assert green.g > green.r and red.r > 2 * red.g


def test_search_levels_think_within_a_bound_unless_told_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = ["--settings", str(_defaults(tmp_path, {}))]
    assert _options(settings).think_time == DEFAULT_THINK_TIME
    assert _options([*settings, "--think-time", "2.5"]).think_time == 2.5
    assert _options([*settings, "--think-time", "600"]).think_time == DEFAULT_THINK_TIME
    assert "--think-time must be from" in capsys.readouterr().err
