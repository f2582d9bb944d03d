"""A BBP/1 bot that thinks too long: it sleeps past the deadline on some requests, then answers them anyway.

It never echoes the request's ``id``, like a bot written from the spec alone, so the referee must recognise its late
answers by counting them. ``python slow_bot.py SECONDS N...``: sleep SECONDS before answering requests number N
(counting from 1); answer every other request at once with the first legal action.
"""

from __future__ import annotations

import json
import sys
import time


def main() -> None:
    """Answer hello and requests until quit or the end of input."""
    pause = float(sys.argv[1])
    slow = {int(arg) for arg in sys.argv[2:]}
    requests = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": "BBP/1", "name": "slow", "version": "1"}), flush=True)
        elif message["type"] == "request":
            requests += 1
            if requests in slow:
                time.sleep(pause)
            print(json.dumps({"type": "action", "action": message["legal"][0]}), flush=True)
        elif message["type"] == "quit":
            return


if __name__ == "__main__":
    main()
