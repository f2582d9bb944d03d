"""Card files for an installed game: a wheel has no ``assets/cards``, so the art is generated into a cache folder."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from briscola import __version__
from briscola.art import build
from briscola.art.build import differences, generated_copy
from briscola.art.decks import DECKS
from briscola.art.manifest import DeckManifest, read_deck


def test_a_missing_assets_folder_is_replaced_by_a_generated_copy(tmp_path: Path) -> None:
    copy = generated_copy(tmp_path / "cache")
    assert copy == tmp_path / "cache" / f"cards-{__version__}"
    assert differences(copy) == []
    for ident in DECKS:
        assert isinstance(read_deck(copy / ident), DeckManifest), ident
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [copy.name], "the staging folder is left behind"


def test_a_complete_copy_is_reused_and_not_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = generated_copy(tmp_path)
    marker = copy / "napoletane" / "AD.svg"
    marker.write_text("<svg/>", encoding="utf-8")
    monkeypatch.setattr(build, "write_all", lambda *args: pytest.fail("a complete copy was drawn again"))
    assert generated_copy(tmp_path) == copy
    assert marker.read_text(encoding="utf-8") == "<svg/>"


def test_a_copy_left_half_drawn_is_drawn_again(tmp_path: Path) -> None:
    half = tmp_path / f"cards-{__version__}"
    (half / "napoletane").mkdir(parents=True)
    (half / "napoletane" / "AD.svg").write_text("<svg", encoding="utf-8")  # cut short: no completion mark
    assert generated_copy(tmp_path) == half
    assert differences(half) == []


@pytest.fixture
def system_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The system's temporary folder, inside the test's: the fallback copies don't outlive the test."""
    folder = tmp_path / "system-tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_an_unwritable_cache_gives_a_temporary_copy(tmp_path: Path, system_tmp: Path) -> None:
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the cache folder should be", encoding="utf-8")
    copy = generated_copy(blocked)
    assert copy.is_relative_to(system_tmp)
    assert differences(copy) == []
    assert blocked.read_text(encoding="utf-8").startswith("a file"), "the file in the way was overwritten"


def test_the_game_reads_the_repository_assets_when_they_are_there() -> None:
    assert build.cards_dir() == build.ASSETS_DIR


def test_python_dash_m_briscola_starts_the_game_options() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "--list-variants"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "classic" in done.stdout and "chiamata" in done.stdout


def test_a_copy_that_fails_half_way_leaves_no_staging_folder(
    tmp_path: Path, system_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = build.write_all
    calls: list[Path] = []

    def disk_full(root: Path) -> list[str]:
        calls.append(root)
        if len(calls) == 1:  # the cache folder's copy: the disk fills up
            raise OSError(28, "No space left on device")
        return real(root)

    monkeypatch.setattr(build, "write_all", disk_full)
    cache = tmp_path / "cache"
    copy = generated_copy(cache)
    assert copy.is_relative_to(system_tmp) and differences(copy) == []
    assert list(cache.iterdir()) == [], "a half-drawn staging folder was left in the cache"
