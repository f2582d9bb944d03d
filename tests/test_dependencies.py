"""The game depends on pygame-ce and never on the plain ``pygame`` distribution: both install the same ``pygame``
import package, so the plain one, asked for by us or by anything we install, would silently replace pygame-ce."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised (PEP 503)."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group(1)).lower()


def test_pyproject_asks_for_pygame_ce_and_never_pygame() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"].values()
    everything = [*project["dependencies"], *(requirement for listed in extras for requirement in listed)]
    names = {_name(requirement) for requirement in everything}
    assert "pygame-ce" in names
    assert "pygame" not in names


def test_nothing_installed_brings_the_plain_pygame() -> None:
    with pytest.raises(metadata.PackageNotFoundError):
        metadata.distribution("pygame")
    for dist in metadata.distributions():
        for requirement in dist.requires or ():
            assert _name(requirement) != "pygame", f"{dist.metadata['Name']} requires {requirement}"
