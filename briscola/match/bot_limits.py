"""A bot at the table: which seat specs are bots, how a bot's command is shown, and the clocks it is held to.

Split from :mod:`briscola.match.bots` (the threads that run the bots), so the match driver and the tests can name a bot
and its limits without the threading around it.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from briscola.match.seats import Seat

__all__ = ["BOT_TIME_MS", "HELLO_MS_AT_TABLE", "BotLimits", "external_command", "short_command"]

#: The thinking time an external bot is given for each move at the table (the spec's own example; the referee adds
#: its grace), long enough for a searching bot, short enough that a hung one costs the player only a few seconds.
BOT_TIME_MS: Final = 2000
#: How long a bot at the table has to answer ``hello``: a few seconds, not the arena's ten (whose bots may load large
#: models), because the player waits at the table meanwhile, and a program that is no bot (``sleep 60``) keeps the
#: whole table waiting for it at its first move; our own bot answers in a tenth of a second.
HELLO_MS_AT_TABLE: Final = 4000
#: How much longer than the referee's own deadline the table waits for a bot's thread before it gives up on it: the
#: referee enforces every deadline itself, so this only catches a thread that is stuck for a reason nobody foresaw.
_WATCHDOG_SLACK_S: Final = 2.0
_COMMAND_SHOWN: Final = 40


def external_command(spec: str | None) -> str | None:
    """The command of an ``external:COMMAND`` seat spec (stripped), None for any other spec."""
    from briscola.match.seats import EXTERNAL_PREFIX

    if spec is None or not spec.strip().lower().startswith(EXTERNAL_PREFIX):
        return None
    return spec.strip()[len(EXTERNAL_PREFIX) :].strip()


def short_command(command: str, limit: int = _COMMAND_SHOWN) -> str:
    """The command as a notice names it: paths cut to their last part (``/usr/bin/python3 /x/y/bot.py`` is
    ``python3 bot.py``), so the player recognises the bot without a line of folders; at most ``limit`` characters."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    text = " ".join(word.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or word for word in words) or command
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The clocks of an external bot: per move (``time_ms``, told to the bot), the referee's grace, and ``hello``."""

    time_ms: int = BOT_TIME_MS
    grace_ms: int | None = None
    """None: the spec's grace (:data:`briscola.protocol.external.GRACE_MS`)."""
    hello_ms: int | None = HELLO_MS_AT_TABLE
    """None: the referee's default (:data:`briscola.protocol.external.HELLO_MS`, for bots that load for long)."""

    def make_seat(self, command: str) -> Seat:
        """Start the bot: the arena's referee, :class:`briscola.protocol.external.ExternalSeat` (blocks until it said
        hello)."""
        from briscola.protocol.external import GRACE_MS, HELLO_MS, ExternalSeat

        grace = GRACE_MS if self.grace_ms is None else self.grace_ms
        hello = HELLO_MS if self.hello_ms is None else self.hello_ms
        return ExternalSeat(command, time_ms=self.time_ms, grace_ms=grace, hello_ms=hello)

    def answer_within(self) -> float:
        """Seconds by which the referee has answered a request for sure: the move's time and grace, and a ``hello``
        besides, since a bot that died is started again when it is next told of a new hand."""
        from briscola.protocol.external import GRACE_MS, HELLO_MS

        grace = GRACE_MS if self.grace_ms is None else self.grace_ms
        hello = HELLO_MS if self.hello_ms is None else self.hello_ms
        return (hello + self.time_ms + grace) / 1000 + _WATCHDOG_SLACK_S
