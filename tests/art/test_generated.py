"""The generator: committed assets equal a fresh build, manifests are valid, decks and faces are distinct."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from briscola.art.build import ASSETS_DIR, differences, generate_all, generate_deck, write_all
from briscola.art.decks import DECKS
from briscola.art.frames import BACKS
from briscola.art.manifest import DeckManifest, read_deck
from briscola.art.model import CARD_H, CARD_W
from briscola.engine.cards import ALL_CARDS


def test_committed_assets_equal_a_fresh_generation() -> None:
    found = differences()
    assert found == [], "assets/cards is stale: run `make art`\n" + "\n".join(found[:20])


def test_generation_is_deterministic() -> None:
    assert generate_deck("trevisane") == generate_deck("trevisane")


def test_differences_reports_changed_missing_and_stray_files(tmp_path: Path) -> None:
    files = {
        f"{ident}/{name}": text for ident in ("napoletane", "spagnole") for name, text in generate_deck(ident).items()
    }
    files["francesi/AD.svg"] = generate_deck("francesi")["AD.svg"]
    write_all(tmp_path, files)
    assert differences(tmp_path, files) == []
    (tmp_path / "napoletane" / "AD.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "spagnole" / "KC.svg").unlink()
    (tmp_path / "francesi" / "old.svg").write_text("<svg/>", encoding="utf-8")
    expected = ["changed: napoletane/AD.svg", "missing: spagnole/KC.svg", "stray: francesi/old.svg"]
    assert differences(tmp_path, files) == expected
    assert write_all(tmp_path, files) == expected
    assert differences(tmp_path, files) == []
    assert not (tmp_path / "francesi" / "old.svg").exists()


def test_the_seven_decks_and_at_least_four_backs() -> None:
    assert {"napoletane", "piacentine", "siciliane", "trevisane", "bergamasche", "francesi", "spagnole"} <= set(DECKS)
    assert len(BACKS) >= 4
    assert len({deck.back for deck in DECKS.values()}) >= 4


@pytest.mark.parametrize("ident", list(DECKS))
def test_built_in_manifest_is_valid(ident: str) -> None:
    found = read_deck(ASSETS_DIR / ident)
    assert isinstance(found, DeckManifest), found
    assert found.name == DECKS[ident].name
    assert found.licence == "MIT" and "original" in found.credits
    assert len(found.faces) == 40 and found.back.name == "back.svg"
    assert found.index_style == DECKS[ident].index


@pytest.mark.parametrize("ident", list(DECKS))
def test_every_face_has_the_card_viewbox_and_is_distinct(ident: str) -> None:
    files = generate_deck(ident)
    faces = [files[f"{card.code}.svg"] for card in ALL_CARDS]
    assert len(set(faces)) == 40
    for text in faces:
        assert f'viewBox="0 0 {CARD_W:g} {CARD_H:g}"' in text


def test_decks_differ_in_more_than_colour() -> None:
    """Two decks may not be palette swaps: with every colour blanked out, their faces still differ."""
    files = generate_all()
    shapes = {}
    for ident, deck in DECKS.items():
        if deck.variant_of:
            continue
        text = "".join(files[f"{ident}/{card.code}.svg"] for card in ALL_CARDS[:30])
        shapes[ident] = re.sub(r"#[0-9a-fA-F]{3,6}", "#", text)
    assert len(set(shapes.values())) == len(shapes)
