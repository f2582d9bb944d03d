"""A BBP/1 bot that exits in the middle of a hand: it answers ``N`` requests well, then dies at the next one.

``python dying_bot.py N``. Started again by the referee, it dies again after another ``N`` answers.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    """Answer hello and N requests, then exit with status 3 without a word."""
    answers = int(sys.argv[1])
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": "BBP/1", "name": "dying", "version": "1"}), flush=True)
        elif message["type"] == "request":
            if answers == 0:
                sys.exit(3)
            answers -= 1
            print(json.dumps({"type": "action", "action": message["legal"][0]}), flush=True)
        elif message["type"] == "quit":
            return


if __name__ == "__main__":
    main()
