"""Problems read in the language in use when they are read, and notices that never outlive their cause: a save of
the overlay keeps the lines the game couldn't use as comments (nothing is lost) and the notices about them go."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import briscola.text.i18n as i18n
from briscola.store.problems import COMMAND_LINE, Problem
from briscola.store.session import SettingsStore
from briscola.store.settings import KEPT_NOTE, KEPT_PREFIX, load_settings
from briscola.text.i18n import Text, _, set_language

BAD_OVERLAY = '[display]\ndeck = "napoli"\ndek = 1\n[sound]\nvolume = 7\nmute = true\n[graphics]\nx = 1\n'


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test may switch language; the one before is restored afterwards."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------------------------ languages


def test_a_problem_found_in_one_language_reads_wholly_in_the_language_chosen_later(
    defaults_file: Path, overlay_file: Path
) -> None:
    loaded = load_settings(defaults_file, _write(overlay_file, '[display]\ndeck = "napoli"\n'))
    problem = loaded.problems[0]
    assert "is not a deck" in problem.message() and "; using " in problem.message()
    set_language(["it"])
    italian = problem.message()
    reason = _("is not a deck (decks: {choices})").split("(")[0].strip()
    assert reason != "is not a deck" and reason in italian  # the catalog has it: the reason is Italian now...
    assert "is not a deck" not in italian and "; using " not in italian  # ...and so is the sentence round it
    assert reason in problem.summary() and str(overlay_file) not in problem.summary()


def test_nested_reasons_and_kinds_are_translated_when_read(defaults_file: Path, overlay_file: Path) -> None:
    loaded = load_settings(defaults_file, _write(overlay_file, '[sound]\nmute = "yes"\n'))
    reason = loaded.problems[0].reason
    assert isinstance(reason, Text) and "must be true or false, not text" in reason
    set_language(["de"])
    assert str(reason) == _("must be true or false, not {kind}").format(kind=_("text"))
    assert "must be" not in str(reason)


def test_a_command_line_problem_names_the_command_line_in_the_current_language(
    defaults_file: Path, overlay_file: Path
) -> None:
    store = SettingsStore.load(defaults_file, overlay_file, language="xx")
    problem = store.problems[0]
    assert problem.file == COMMAND_LINE and problem.message().startswith("command line: --lang xx ")
    set_language(["it"])
    assert problem.message().startswith(_("command line") + ": --lang xx ")


def test_a_text_compares_and_hashes_by_message_and_parameters() -> None:
    assert Text("a {x}", x=1) == Text("a {x}", x=1) and Text("a {x}", x=1) != Text("a {x}", x=2)
    assert len({Text("a {x}", x=1), Text("a {x}", x=1)}) == 1
    assert f"[{Text('a {x}', x=Text('b'))}]" == "[a b]"
    assert Problem("f", "k", Text("r")) == Problem("f", "k", Text("r"))


# ------------------------------------------------------------------------------------------------------ kept lines


def test_saving_keeps_the_lines_the_game_could_not_use_as_comments_and_ends_their_notices(
    defaults_file: Path, overlay_file: Path
) -> None:
    _write(overlay_file, BAD_OVERLAY)
    store = SettingsStore.load(defaults_file, overlay_file)
    keys = sorted(p.key or "" for p in store.notices)
    assert keys == ["display.deck", "display.dek", "graphics", "sound.volume"]
    assert all(p.note is not None and str(p.note) == KEPT_NOTE for p in store.notices)  # the notice says so

    assert store.change({"display.sort_hand": False}) == []  # an unrelated setting: the overlay is saved
    assert store.notices == []  # the file holds none of the values they were about
    text = overlay_file.read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if line.startswith(KEPT_PREFIX)]
    assert [line.split("  # ")[0] for line in kept] == [
        '#: display.deck = "napoli"',
        "#: display.dek = 1",
        "#: sound.volume = 7",
        "#: graphics = {x = 1}",
    ]
    assert "is not a deck" in kept[0] and "out of range" in kept[2]  # each with why
    assert tomllib.loads(text) == {"display": {"sort_hand": False}, "sound": {"mute": True}}  # the good ones stay

    again = SettingsStore.load(defaults_file, overlay_file)  # the next run: nothing wrong, the comments carried on
    assert again.problems == [] and again.kept == kept
    again.change({"sound.volume": 0.5})
    assert [line for line in overlay_file.read_text(encoding="utf-8").splitlines() if line.startswith("#: ")] == kept


def test_a_failed_save_keeps_the_notices(defaults_file: Path, overlay_file: Path) -> None:
    _write(overlay_file, BAD_OVERLAY)
    store = SettingsStore.load(defaults_file, overlay_file, now=None)
    store.defaults_path = overlay_file  # the overlay taken for the defaults file: the save is refused
    problems = store.change({"display.sort_hand": False})
    assert len(problems) == 1 and problems[0].key is None
    assert len(store.notices) == 4 and "napoli" in overlay_file.read_text(encoding="utf-8")


def test_choosing_a_setting_ends_the_notice_about_it_in_the_defaults_file(tmp_path: Path, overlay_file: Path) -> None:
    defaults = _write(tmp_path / "settings.toml", '[display]\ndeck = "napoli"\n[sound]\nvolume = "loud"\n')
    store = SettingsStore.load(defaults, overlay_file)
    assert sorted(p.key or "" for p in store.notices) == ["display.deck", "sound.volume"]
    assert all(p.note is None for p in store.notices)  # the game never writes the defaults file: nothing to keep
    store.change({"display.sort_hand": False})
    assert len(store.notices) == 2  # still wrong in that file
    store.change({"display.deck": "piacentine"})
    assert [p.key for p in store.notices] == ["sound.volume"]
    assert "napoli" in defaults.read_text(encoding="utf-8")  # and never touched


def test_a_refused_change_keeps_the_notice(tmp_path: Path, overlay_file: Path) -> None:
    defaults = _write(tmp_path / "settings.toml", '[display]\ndeck = "napoli"\n')
    store = SettingsStore.load(defaults, overlay_file)
    store.change({"display.deck": "nope"})
    assert [p.key for p in store.notices] == ["display.deck"]


def test_a_kept_line_is_one_comment_line_whatever_it_holds(defaults_file: Path, overlay_file: Path) -> None:
    _write(overlay_file, '[display]\n"a\\nb" = "x\\ny"\n')
    store = SettingsStore.load(defaults_file, overlay_file)
    store.change({"display.sort_hand": False})
    loaded = load_settings(defaults_file, overlay_file)
    assert loaded.problems == () and len(loaded.kept) == 1 and loaded.kept[0].startswith("#: display.")
