"""A program that is no BBP/1 bot at all: it reads everything it is sent and never writes a word, not even hello."""

from __future__ import annotations

import sys


def main() -> None:
    """Read until the end of input, answering nothing."""
    for _ in sys.stdin:
        pass


if __name__ == "__main__":
    main()
