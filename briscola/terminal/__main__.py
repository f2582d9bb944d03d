"""``python -m briscola.terminal``: the terminal game (:mod:`briscola.terminal.command`)."""

import sys

from briscola.terminal.command import main

if __name__ == "__main__":
    sys.exit(main())
