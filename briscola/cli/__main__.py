"""``python -m briscola.cli``: the terminal game under the name people know (:mod:`briscola.terminal.command`)."""

import sys

from briscola.terminal.command import main

if __name__ == "__main__":
    sys.exit(main())
