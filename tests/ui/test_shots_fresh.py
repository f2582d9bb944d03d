"""The table's screenshots are taken as a new player sees the table: never with this machine's own settings (a
counting aid switched on there once changed every picture of ``make screenshots``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from briscola.ui import launcher, shots
from briscola.ui.options import parse_options


def test_a_table_picture_never_reads_the_players_own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "own-config"
    (own / "briscola").mkdir(parents=True)
    (own / "briscola" / "settings.toml").write_text("[display]\ncounting_aid = true\n", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(own))
    seen: list[str] = []
    real = launcher.build_table

    def build(options: Any) -> Any:
        import os

        seen.append(os.environ["XDG_CONFIG_HOME"])
        return real(options)

    monkeypatch.setattr(launcher, "build_table", build)
    options = parse_options(["--seed", "3", "--level", "medio", "--at", "start", "--lang", "en"])
    assert not isinstance(options, int)
    shots.capture(options, tmp_path / "table.png")
    assert (tmp_path / "table.png").stat().st_size > 0
    assert seen and seen[0] != str(own), "the picture's table read a temporary settings folder"
    assert (own / "briscola" / "settings.toml").read_text(encoding="utf-8") == "[display]\ncounting_aid = true\n"
