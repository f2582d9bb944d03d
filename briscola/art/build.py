"""Generating ``assets/cards/`` from the deck data, and comparing what is committed with a fresh generation.

The generated files are committed so the game starts without drawing anything, and so a change to the art
shows up in review as a change to files (and to ``docs/decks/*.png``). The comparison keeps them honest: a
test fails when the committed files are not what the generator makes today.
"""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from pathlib import Path
from typing import Final

from briscola import __version__
from briscola.art.decks import DECKS
from briscola.art.faces import face_svg
from briscola.art.frames import BACKS, back_svg
from briscola.art.manifest import MANIFEST_NAME, manifest_toml
from briscola.engine.cards import ALL_CARDS

__all__ = [
    "ASSETS_DIR",
    "BACKS_FOLDER",
    "cards_dir",
    "differences",
    "generate_all",
    "generate_deck",
    "generated_copy",
    "write_all",
]

#: The repository's ``assets/cards`` folder.
ASSETS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "cards"
#: Folder (under ``assets/cards``) holding every back design, for choosing a back apart from the faces.
BACKS_FOLDER: Final = "backs"
#: The file that marks a generated copy as complete: a copy cut short is drawn again, never used half made.
_COMPLETE: Final = ".complete"


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


@functools.cache
def cards_dir() -> Path:
    """The folder of the built-in card files: the repository's ``assets/cards``, or a copy generated for this version.

    A checkout (and an editable install) reads the committed files. A wheel carries the package alone, without the
    repository's ``assets``; the art is drawn by our own code, so the files are generated on first use (under a
    second) into the user cache folder (:func:`generated_copy`).
    """
    if ASSETS_DIR.is_dir():
        return ASSETS_DIR
    from platformdirs import user_cache_path  # only for an installed copy

    return generated_copy(user_cache_path("briscola", appauthor=False))


def generated_copy(root: Path) -> Path:
    """Every generated card file in ``root/cards-VERSION``, drawn there unless a complete copy is already there.

    The folder is named by the version, so an upgrade draws its own art. It is written in a staging folder and
    renamed into place, so two games starting at once, or one stopped half way, never leave a half-drawn deck in
    use. Where ``root`` can't be written, the files go to a temporary folder for this run instead.
    """
    target = root / f"cards-{__version__}"
    if (target / _COMPLETE).is_file():
        return target
    staging: Path | None = None
    try:
        root.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".cards-", dir=root))
        write_all(staging)
        (staging / _COMPLETE).write_text(__version__, encoding="utf-8")
        if target.exists():  # an incomplete copy, left by a run that stopped half way
            shutil.rmtree(target, ignore_errors=True)
        try:
            os.replace(staging, target)
        except OSError:
            if not (target / _COMPLETE).is_file():
                raise
            shutil.rmtree(staging, ignore_errors=True)  # another game finished drawing first: use its copy
        return target
    except OSError:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        fallback = Path(tempfile.mkdtemp(prefix="briscola-cards-"))
        write_all(fallback)
        return fallback
