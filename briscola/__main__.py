"""``python -m briscola`` (or the ``briscola`` command of an installed copy): the game in a window.

``main.py`` at the top of a checkout starts the game through :func:`main` too.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Start the game with ``argv`` (the process's arguments when None) and return its exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's greeting is not for players
    from briscola.text.console import reader_gone
    from briscola.ui.launch import main as run

    try:
        return run(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:  # the reader went away (``--list-variants | head``): stop quietly, no traceback
        return reader_gone()


if __name__ == "__main__":
    sys.exit(main())
