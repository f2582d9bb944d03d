"""``python -m briscola`` (or the ``briscola`` command of an installed copy): the game in a window, as ``main.py``."""

from __future__ import annotations

import os
import sys


def main() -> int:
    """Start the game with the process's arguments and return its exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's greeting is not for players
    from briscola.ui.launch import main as run

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
