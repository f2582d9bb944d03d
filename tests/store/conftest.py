"""Fixtures for the store tests: every file lives under tmp_path, and the real config folders are out of reach.

The autouse fixture points the XDG folders (where platformdirs looks on Linux) into tmp_path, so that a test which
forgot to pass a path still can't write into the home of whoever runs the tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from briscola.store.settings_write import render_defaults


@pytest.fixture(autouse=True)
def _no_real_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / "xdg" / name.lower()))


@pytest.fixture
def defaults_file(tmp_path: Path) -> Path:
    """A documented defaults file as the schema writes it."""
    path = tmp_path / "project" / "settings.toml"
    path.parent.mkdir()
    path.write_text(render_defaults(), encoding="utf-8")
    return path


@pytest.fixture
def overlay_file(tmp_path: Path) -> Path:
    """Where the overlay goes: in a config folder that doesn't exist yet."""
    return tmp_path / "config" / "briscola" / "settings.toml"
