"""A BBP/1 bot that answers every request with an action that is not legal: a card not offered, or no action at all."""

from __future__ import annotations

import json
import sys

#: Wrong answers in turn (None stands for "a card code that is not offered").
_WRONG: tuple[object, ...] = (None, "nonsense", 42, None, [])


def _not_offered(legal: list[str]) -> str:
    return next(code for code in ("AD", "AH", "AS", "AC", "3D") if code not in legal)


def main() -> None:
    """Answer hello properly, then every request wrongly, until quit or the end of input."""
    requests = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": "BBP/1", "name": "illegal", "version": "1"}), flush=True)
        elif message["type"] == "request":
            wrong = _WRONG[requests % len(_WRONG)]
            answer = _not_offered(message["legal"]) if wrong is None else wrong
            requests += 1
            print(json.dumps({"type": "action", "action": answer, "id": message.get("id")}), flush=True)
        elif message["type"] == "quit":
            return


if __name__ == "__main__":
    main()
