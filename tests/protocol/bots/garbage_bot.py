"""A BBP/1 bot whose answers are not valid JSON, or JSON of the wrong kind, in turn."""

from __future__ import annotations

import json
import sys

_GARBAGE = ("this is not JSON", '{"type": "action", "action": ', "[1, 2, 3]", '{"type": "hello"}', "\u00e8\u00e8\u00e8")


def main() -> None:
    """Answer hello properly, then every request with garbage, until quit or the end of input."""
    requests = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": "BBP/1", "name": "garbage", "version": "1"}), flush=True)
        elif message["type"] == "request":
            print(_GARBAGE[requests % len(_GARBAGE)], flush=True)
            requests += 1
        elif message["type"] == "quit":
            return


if __name__ == "__main__":
    main()
