"""``python -m briscola.history``: the history's command line (:mod:`briscola.history.command`)."""

import sys

from briscola.history.command import main

if __name__ == "__main__":
    sys.exit(main())
