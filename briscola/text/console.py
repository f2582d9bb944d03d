"""What every command-line entry point does when the program reading its output goes away.

``python main.py --list-variants | head -2``: ``head`` exits after two lines, the next write fails with
:class:`BrokenPipeError`, and Python would print a traceback for what is no error at all. Each entry point catches
it and calls :func:`reader_gone`, which stops quietly with exit code 1.
"""

from __future__ import annotations

import os
import sys
from typing import IO

__all__ = ["EXIT_READER_GONE", "reader_gone"]

EXIT_READER_GONE = 1


def reader_gone(out: IO[str] | None = None) -> int:
    """Point stdout at /dev/null (when ``out`` is stdout) and return the exit code to stop with.

    Python flushes stdout once more at exit, and that flush would fail again on the closed pipe; with stdout on
    /dev/null it succeeds and says nothing.
    """
    if out is None or out is sys.stdout:
        with open(os.devnull, "w", encoding="utf-8") as devnull:
            os.dup2(devnull.fileno(), sys.stdout.fileno())
    return EXIT_READER_GONE
