"""Every command-line entry point stops quietly when the program reading its output goes away (``| head``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

MAIN = Path(__file__).resolve().parents[2] / "main.py"


@pytest.mark.parametrize(
    "command",
    [
        ["-m", "briscola", "--list-variants"],
        [str(MAIN), "--list-variants"],
        ["-m", "briscola.cli", "--seed", "3", "--watch", "--hand"],
        ["-m", "briscola.arena", "greedy", "random", "--games", "2", "--json"],
    ],
)
def test_a_closed_pipe_ends_the_program_without_a_traceback(command: list[str]) -> None:
    """The reading end is closed before the program starts, so its first write meets a broken pipe, every time."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, *command], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120, check=False
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr, done.stderr
    assert "BrokenPipeError" not in done.stderr
    assert done.returncode == 1


@pytest.mark.parametrize(
    ("command", "usage"),
    [
        (["-m", "briscola.cli"], "python -m briscola.cli"),
        (["-m", "briscola.terminal"], "python -m briscola.cli"),
        (["-m", "briscola.bot"], "python -m briscola.bot"),
        (["-m", "briscola.arena"], "python -m briscola.arena"),
        (["-m", "briscola.art"], "python -m briscola.art"),
        (["-m", "briscola.ui.assets.deck_sheet"], "python -m briscola.ui.assets.deck_sheet"),
    ],
)
def test_every_command_name_people_know_still_starts_its_program(command: list[str], usage: str) -> None:
    """The packages moved (issue 29); the commands of the README and the docs did not: each answers ``--help``."""
    done = subprocess.run(
        [sys.executable, *command, "--help"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert usage in done.stdout
