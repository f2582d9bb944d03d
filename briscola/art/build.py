"""Generating ``assets/cards/`` from the deck data, and comparing what is committed with a fresh generation.

The generated files are committed so the game starts without drawing anything, and so a change to the art
shows up in review as a change to files (and to ``docs/decks/*.png``). The comparison keeps them honest: a
test fails when the committed files are not what the generator makes today.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from briscola.art.decks import DECKS
from briscola.art.faces import face_svg
from briscola.art.frames import BACKS, back_svg
from briscola.art.manifest import MANIFEST_NAME, manifest_toml
from briscola.engine.cards import ALL_CARDS

__all__ = ["ASSETS_DIR", "BACKS_FOLDER", "differences", "generate_all", "generate_deck", "write_all"]

#: The repository's ``assets/cards`` folder.
ASSETS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "cards"
#: Folder (under ``assets/cards``) holding every back design, for choosing a back apart from the faces.
BACKS_FOLDER: Final = "backs"


def generate_deck(ident: str) -> dict[str, str]:
    """File name -> text of one deck folder: 40 faces, its default back and ``deck.toml``."""
    deck = DECKS[ident]
    files = {f"{card.code}.svg": face_svg(deck, card) for card in ALL_CARDS}
    files["back.svg"] = back_svg(deck.back)
    files[MANIFEST_NAME] = manifest_toml(deck)
    return files


def generate_all() -> dict[str, str]:
    """Relative path (POSIX) -> text of every generated file under ``assets/cards``."""
    files: dict[str, str] = {}
    for ident in DECKS:
        for name, text in generate_deck(ident).items():
            files[f"{ident}/{name}"] = text
    for name in BACKS:
        files[f"{BACKS_FOLDER}/{name}.svg"] = back_svg(name)
    return files


def _generated_folders(files: dict[str, str]) -> list[str]:
    return sorted({rel.split("/", 1)[0] for rel in files})


def differences(root: Path = ASSETS_DIR, files: dict[str, str] | None = None) -> list[str]:
    """What differs between ``root`` and a fresh generation: missing, changed and stray files (empty when equal)."""
    expected = generate_all() if files is None else files
    found: list[str] = []
    for rel, text in sorted(expected.items()):
        target = root / rel
        if not target.is_file():
            found.append(f"missing: {rel}")
        elif target.read_text(encoding="utf-8") != text:
            found.append(f"changed: {rel}")
    for folder in _generated_folders(expected):
        for path in sorted((root / folder).glob("*")) if (root / folder).is_dir() else []:
            rel = f"{folder}/{path.name}"
            if rel not in expected:
                found.append(f"stray: {rel}")
    return found


def write_all(root: Path = ASSETS_DIR, files: dict[str, str] | None = None) -> list[str]:
    """Write every generated file under ``root``, delete stray ones in generated folders; returns what changed."""
    files = generate_all() if files is None else files
    changes = differences(root, files)
    for rel, text in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8", newline="\n")
    for change in changes:
        if change.startswith("stray: "):
            (root / change.removeprefix("stray: ")).unlink()
    return changes
