"""``python -m briscola.bot``: our players as a BBP/1 bot program (:mod:`briscola.protocol.bot`)."""

import sys

from briscola.protocol.bot import main

if __name__ == "__main__":
    sys.exit(main())
