"""Start Briscola: ``python main.py`` opens the title menu in a window; options naming a game (``--players``,
``--variant``, ``--demo``, ``--screenshot``) go straight to the table (``--help`` lists the options).

The terminal game is still there: ``python -m briscola.cli`` (or ``python main.py --terminal [its options]``).
"""

import sys

from briscola.__main__ import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
