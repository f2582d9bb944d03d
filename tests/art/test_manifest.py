"""Reading deck folders a player brings: every way a folder can be unusable gives a reason, never an exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from briscola.art.manifest import DeckManifest, UnusableDeck, discover_decks, read_deck
from briscola.engine.cards import ALL_CARDS, DeckFamily

_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 330">'
    '<rect width="200" height="330" fill="#ffffff"/></svg>'
)
_MANIFEST = """format = 1
[deck]
id = "mine"
name = "My deck"
family = "italian"
credits = "me"
licence = "CC0-1.0"
[cards]
width = 200
height = 330
faces = "faces/{code}.svg"
back = "back.svg"
[index]
style = "number"
"""


def make_deck(folder: Path, manifest: str = _MANIFEST) -> Path:
    """A complete, valid deck folder (plain white SVGs) with ``manifest`` as its deck.toml."""
    (folder / "faces").mkdir(parents=True)
    for card in ALL_CARDS:
        (folder / "faces" / f"{card.code}.svg").write_text(_SVG, encoding="utf-8")
    (folder / "back.svg").write_text(_SVG, encoding="utf-8")
    (folder / "deck.toml").write_text(manifest, encoding="utf-8")
    return folder


def reason(folder: Path) -> str:
    found = read_deck(folder)
    assert isinstance(found, UnusableDeck), found
    return found.reason


def test_a_valid_deck_is_read(tmp_path: Path) -> None:
    found = read_deck(make_deck(tmp_path / "mine"))
    assert isinstance(found, DeckManifest)
    assert found.name == "My deck" and found.family is DeckFamily.ITALIAN
    assert found.faces[0] == tmp_path / "mine" / "faces" / "2D.svg"
    assert found.index_style == "number" and found.aspect == pytest.approx(1.65)


def test_missing_manifest(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert "deck.toml is missing" in reason(tmp_path / "empty")


def test_corrupt_toml(tmp_path: Path) -> None:
    folder = make_deck(tmp_path / "d", _MANIFEST.replace('name = "My deck"', "name = My deck"))
    assert "not valid TOML" in reason(folder)


def test_not_utf8(tmp_path: Path) -> None:
    folder = make_deck(tmp_path / "d")
    (folder / "deck.toml").write_bytes(b"\xff\xfe\x00name")
    assert "UTF-8" in reason(folder)


def test_missing_face(tmp_path: Path) -> None:
    folder = make_deck(tmp_path / "d")
    (folder / "faces" / "KS.svg").unlink()
    assert reason(folder) == "the face of KS (faces/KS.svg) is missing"


def test_missing_back(tmp_path: Path) -> None:
    folder = make_deck(tmp_path / "d")
    (folder / "back.svg").unlink()
    assert "back" in reason(folder) and "missing" in reason(folder)


@pytest.mark.parametrize("escape", ["../outside/{code}.svg", "faces/../../{code}.svg", "/etc/{code}.svg"])
def test_paths_cannot_leave_the_folder(tmp_path: Path, escape: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    for card in ALL_CARDS:
        (outside / f"{card.code}.svg").write_text(_SVG, encoding="utf-8")
    folder = make_deck(tmp_path / "d", _MANIFEST.replace('"faces/{code}.svg"', f'"{escape}"'))
    text = reason(folder)
    assert "leaves the deck folder" in text or "absolute" in text


def test_back_cannot_leave_the_folder(tmp_path: Path) -> None:
    folder = make_deck(tmp_path / "d", _MANIFEST.replace('back = "back.svg"', 'back = "../back.svg"'))
    (tmp_path / "back.svg").write_text(_SVG, encoding="utf-8")
    assert "leaves the deck folder" in reason(folder)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    folder = make_deck(tmp_path / "d")
    secret = tmp_path / "secret.svg"
    secret.write_text(_SVG, encoding="utf-8")
    (folder / "back.svg").unlink()
    (folder / "back.svg").symlink_to(secret)
    assert "outside the deck folder" in reason(folder)


def test_wrong_count_in_a_face_table(tmp_path: Path) -> None:
    table = "".join(f'{card.code} = "faces/{card.code}.svg"\n' for card in ALL_CARDS[:39])
    manifest = _MANIFEST.replace('faces = "faces/{code}.svg"\n', "").replace(
        "[index]", f"[cards.faces]\n{table}[index]"
    )
    folder = make_deck(tmp_path / "d", manifest)
    assert "lists 39 cards" in reason(folder) and "missing AC" in reason(folder)


def test_a_full_face_table_is_accepted(tmp_path: Path) -> None:
    table = "".join(f'{card.code} = "faces/{card.code}.svg"\n' for card in ALL_CARDS)
    manifest = _MANIFEST.replace('faces = "faces/{code}.svg"\n', "").replace(
        "[index]", f"[cards.faces]\n{table}[index]"
    )
    assert isinstance(read_deck(make_deck(tmp_path / "d", manifest)), DeckManifest)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('family = "italian"', 'family = "tarot"', "deck.family"),
        ('style = "number"', 'style = "roman"', "index.style"),
        ("width = 200", "width = -3", "positive"),
        ("height = 330", "height = 900", "taller than wide"),
        ('faces = "faces/{code}.svg"', 'faces = "faces/card.svg"', "{code}"),
        ('faces = "faces/{code}.svg"', 'faces = "faces/{code}.gif"', "not an SVG or PNG"),
        ('name = "My deck"', 'name = ""', "deck.name"),
        ("format = 1", "format = 7", "format 7"),
        ('style = "number"', 'colours = ["red"]', "index.colours"),
    ],
)
def test_bad_values_are_explained(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert expected in reason(make_deck(tmp_path / "d", _MANIFEST.replace(old, new)))


def test_discover_lists_good_and_bad_folders_sorted(tmp_path: Path) -> None:
    make_deck(tmp_path / "b-good")
    (tmp_path / "a-empty").mkdir()
    (tmp_path / "not-a-folder.txt").write_text("x", encoding="utf-8")
    found = discover_decks(tmp_path)
    assert [f.folder.name for f in found] == ["a-empty", "b-good"]
    assert isinstance(found[0], UnusableDeck) and isinstance(found[1], DeckManifest)


def test_discover_in_a_missing_folder_finds_nothing(tmp_path: Path) -> None:
    assert discover_decks(tmp_path / "nowhere") == []
