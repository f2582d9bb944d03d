"""``python -m briscola.sheet``: the score sheet in the terminal (:mod:`briscola.sheet.command`)."""

import sys

from briscola.sheet.command import main

if __name__ == "__main__":
    sys.exit(main())
