"""Our computer players as a BBP/1 bot program: ``python -m briscola.bot --level esperto``.

It reads one JSON message per line on stdin and answers ``hello`` and ``request`` on stdout; everything else feeds
the :class:`~briscola.protocol.shadow.Shadow`, which turns the messages back into the :class:`PlayerView` our players
decide from. It never crashes on odd input: it logs to stderr and goes on, answering with the first legal action
whenever it can't trust its own picture of the hand.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from briscola import __version__
from briscola.ai.levels import PlayerSpecError, make_player, player_names
from briscola.ai.simple import Player
from briscola.protocol.shadow import Shadow

__all__ = ["BotSession", "main"]

PROTOCOL = "BBP/1"
#: The share of a request's ``time_ms`` a searching player may think for (the rest: messages, Python's start-up).
TIME_SHARE = 0.6


class BotSession:
    """One bot's side of a conversation: :meth:`handle` takes a message and gives the answer, if it needs one.

    Kept apart from the stdin/stdout loop so tests can talk to a bot without starting a process.
    """

    def __init__(self, player: Player, name: str, log: Callable[[str], None]) -> None:
        self.player = player
        self.name = name
        self.log = log
        self.shadow = Shadow(log)
        self.finished = False

    def handle_line(self, line: str) -> dict[str, Any] | None:
        """The answer to one line of input, if it needs one. A line that is not a JSON object is logged and skipped."""
        if not line.strip():
            return None
        try:
            message = json.loads(line)
        except ValueError:
            self.log(f"not JSON, ignored: {line[:120]!r}")
            return None
        if not isinstance(message, dict):
            self.log(f"not a JSON object, ignored: {line[:120]!r}")
            return None
        return self.handle(message)

    def handle(self, message: Mapping[str, Any]) -> dict[str, Any] | None:
        """Answer ``hello`` and ``request``; note ``quit``; give everything else to the shadow."""
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL:
                self.log(f"the referee speaks {message.get('protocol')!r}; answering as {PROTOCOL}")
            return {"type": "hello", "protocol": PROTOCOL, "name": self.name, "version": __version__}
        if kind == "request":
            return self._answer(message)
        if kind == "quit":
            self.finished = True
            return None
        self.shadow.feed(message)
        return None

    def _budget(self, time_ms: object) -> None:
        """Let a player that can stop early think for most of ``time_ms``: the rest covers pipes and start-up."""
        if not hasattr(self.player, "time_limit"):
            return
        if isinstance(time_ms, int | float) and not isinstance(time_ms, bool) and time_ms > 0:
            self.player.time_limit = max(time_ms * TIME_SHARE / 1000, 0.0)
        else:
            self.player.time_limit = None

    def _answer(self, message: Mapping[str, Any]) -> dict[str, Any] | None:
        legal = message.get("legal")
        if not isinstance(legal, list) or not legal or not all(isinstance(item, str) for item in legal):
            self.log(f"a request without legal actions, not answered: {dict(message)}")
            return None
        choice = legal[0]
        view = self.shadow.view()
        if view is None:
            self.log(f"no trustworthy view ({self.shadow.confused}): answering {choice}")
        elif sorted(str(action) for action in view.legal) != sorted(legal):
            mine = [str(action) for action in view.legal]
            self.log(f"the shadow's legal actions {mine} differ from the referee's {legal}: answering {choice}")
        else:
            self._budget(message.get("time_ms"))
            try:
                action = str(self.player.choose(view))
            except Exception as error:  # a player's bug must cost one move, not the match
                self.log(f"the player failed ({type(error).__name__}: {error}): answering {choice}")
            else:
                if action in legal:
                    choice = action
                else:
                    self.log(f"the player chose {action!r}, which is not legal: answering {choice}")
        answer: dict[str, Any] = {"type": "action", "action": choice}
        if "id" in message:
            answer["id"] = message["id"]
        return answer


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m briscola.bot",
        description="Play Briscola as a BBP/1 bot: JSON messages, one per line, on stdin and stdout.",
    )
    parser.add_argument(
        "--level", default="greedy", help=f"a level or reference player: {', '.join(player_names())}, or 1-6"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed the player's random choices, to replay a game")
    parser.add_argument("--name", default=None, help="the name given in hello (default: briscola-LEVEL)")
    return parser


def run(session: BotSession, stdin: IO[bytes], stdout: IO[str]) -> None:
    """Serve ``session`` until ``quit`` or the end of input."""
    while not session.finished:
        raw = stdin.readline()
        if not raw:
            return
        answer = session.handle_line(raw.decode("utf-8", errors="replace"))
        if answer is not None:
            stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
            stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """The bot program; its exit status is 0 after ``quit`` or end of input, 2 for bad arguments."""
    args = _parser().parse_args(argv)

    def log(text: str) -> None:
        with contextlib.suppress(OSError, ValueError):  # nobody reads our log any more: that must not stop the bot
            print(f"[{name}] {text}", file=sys.stderr, flush=True)

    name = args.name or f"briscola-{args.level.strip().lower()}"
    try:
        player = make_player(args.level, random.Random(args.seed))
    except (PlayerSpecError, ImportError) as error:  # ImportError: a level whose module is missing from this copy
        print(f"error: {error}", file=sys.stderr)
        return 2
    with contextlib.suppress(BrokenPipeError, KeyboardInterrupt):  # the referee went away: nobody is left to answer
        run(BotSession(player, name, log), sys.stdin.buffer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
