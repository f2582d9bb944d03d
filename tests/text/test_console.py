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
