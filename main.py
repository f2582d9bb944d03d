"""Start Briscola: ``python main.py`` opens the title menu in a window; options naming a game (``--players``,
``--variant``, ``--demo``, ``--screenshot``) go straight to the table (``--help`` lists the options).

The terminal game is still there: ``python -m briscola.cli`` (or ``python main.py --terminal [its options]``).
"""

import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Start the game with ``argv`` (the process's arguments when None) and return its exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's greeting is not for players
    # Imported here, not at the top, so importing this module costs nothing (and pygame loads only for the window).
    from briscola.ui.launch import main as run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
