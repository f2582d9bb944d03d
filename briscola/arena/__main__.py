"""``python -m briscola.arena``: the arena's command line (:mod:`briscola.arena.command`)."""

import sys

from briscola.arena.command import main

if __name__ == "__main__":
    sys.exit(main())
