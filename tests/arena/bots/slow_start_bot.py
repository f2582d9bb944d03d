"""A BBP/1 bot that is slow to start (it sleeps before its ``hello``, like a bot loading a model) and then plays the
first legal action at once. It writes to ``--log`` one line per ``new_hand``: its pid, how many hands this process has
begun, and the seat it was given; and a line ``LEAK`` if it is ever told the cards of a seat that isn't its own.

``--crash-at N`` exits at this process's N-th ``new_hand`` (once per ``--marker`` file, so the restarted bot plays on);
``--hang-at N`` sleeps ``--hang-s`` seconds on the first request of its N-th hand (once per marker as well),
through the referee's deadline.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sleep", type=float, default=1.0)
    parser.add_argument("--log", required=True)
    parser.add_argument("--crash-at", type=int, default=0)
    parser.add_argument("--hang-at", type=int, default=0)
    parser.add_argument("--hang-s", type=float, default=3.0)
    parser.add_argument("--marker", default="")
    args = parser.parse_args()
    time.sleep(args.sleep)
    hands = 0
    seat = -1
    with open(args.log, "a", encoding="utf-8") as log:

        def note(text: str) -> None:
            log.write(text + "\n")
            log.flush()

        def first_time() -> bool:
            marker = Path(args.marker)
            if not args.marker or marker.exists():
                return False
            marker.write_text("done")
            return True

        for line in sys.stdin:
            message = json.loads(line)
            kind = message.get("type")
            if kind == "hello":
                print(json.dumps({"type": "hello", "protocol": "BBP/1", "name": "slow", "version": "1"}), flush=True)
            elif kind == "new_hand":
                hands += 1
                seat = message["seat"]
                note(f"{os.getpid()} {hands} {seat}")
                if hands == args.crash_at and first_time():
                    sys.exit(3)
            elif kind == "deal" and "cards" in message and message["seat"] != seat:
                note("LEAK")
            elif kind == "request":
                if hands == args.hang_at and first_time():
                    time.sleep(args.hang_s)
                answer = {"type": "action", "action": message["legal"][0], "id": message.get("id")}
                print(json.dumps(answer), flush=True)
            elif kind == "quit":
                return


if __name__ == "__main__":
    main()
