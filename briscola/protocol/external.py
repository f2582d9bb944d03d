"""BBP/1, the referee side: an external bot program as a seat at the table.

:class:`ExternalSeat` runs a bot as a child process and never trusts it: it waits for an answer only until a deadline,
checks the answer against the legal actions, and survives a bot that hangs, babbles or dies. What each seat's bot is
told is built in :mod:`briscola.protocol.messages` from that seat's view alone. The bot side, our own levels as a BBP/1
program, is :mod:`briscola.protocol.bot`.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
from pathlib import Path
from typing import IO, Final, Literal, TypeAlias

from briscola.engine.actions import Action
from briscola.engine.views import PlayerView
from briscola.protocol.faults import SeatExited, SeatFault
from briscola.protocol.messages import PROTOCOL, EventFeed, Message, request_message

__all__ = ["GRACE_MS", "HELLO_MS", "MAX_RESTARTS", "BotExited", "BotFault", "ExitKind", "ExternalSeat", "FaultKind"]

#: Added to every request's ``time_ms`` before an answer counts as missing (the spec's grace).
GRACE_MS: Final = 1000
#: How long a starting bot may take to answer ``hello`` (an interpreter that loads a large model needs a while).
HELLO_MS: Final = 10_000
#: How many times a bot that died is started again, at the next hand, before its seat is given up.
MAX_RESTARTS: Final = 3
_QUIT_WAIT_S: Final = 1.0
_MAX_LINE: Final = 1 << 20

#: Which of the spec's faults a bot made: no answer in time, not JSON, not an ``action`` message, not a legal action.
FaultKind: TypeAlias = Literal["timeout", "json", "message", "illegal"]
#: Why a bot is gone: it could not be run ("start"); it ran but did not answer ``hello`` in time ("no_hello"), exited
#: before answering it ("hello_exit") or answered in something that isn't BBP/1 ("not_bbp"); it exited later; or the
#: referee closed it.
ExitKind: TypeAlias = Literal["start", "no_hello", "hello_exit", "not_bbp", "exited", "closed"]


class BotFault(SeatFault):
    """A bot's fault, with its ``kind``: a referee that shows faults to people words them itself (the desktop table
    translates them), while ``str()`` keeps the English detail for logs and the arena's reports."""

    def __init__(self, message: str, kind: FaultKind) -> None:
        super().__init__(message)
        self.kind: FaultKind = kind


class BotExited(SeatExited):
    """A bot that is gone, with the ``kind`` of departure, for the same reason as :class:`BotFault`."""

    def __init__(self, message: str, kind: ExitKind) -> None:
        super().__init__(message)
        self.kind: ExitKind = kind


# ------------------------------------------------------------------------------------------------ the process


class _BotProcess:
    """A running bot: lines are written and read by two threads, so neither a full pipe nor silence can block us."""

    def __init__(self, argv: list[str], stderr: IO[bytes] | int) -> None:
        self.popen = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self.broken = False
        threading.Thread(target=self._read, name="bbp-reader", daemon=True).start()
        threading.Thread(target=self._write, name="bbp-writer", daemon=True).start()

    def _read(self) -> None:
        stdout = self.popen.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError), stdout:  # closed here: closing it elsewhere waits for a read
            for raw in iter(lambda: stdout.readline(_MAX_LINE), b""):
                self.lines.put(raw.decode("utf-8", errors="replace").strip())
        self.lines.put(None)  # end of output: the bot exited (or closed its stdout, which is as good as exiting)

    def _write(self) -> None:
        stdin = self.popen.stdin
        assert stdin is not None
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                stdin.write(data)
                stdin.flush()
            except (OSError, ValueError):
                self.broken = True
                break
        with contextlib.suppress(OSError, ValueError):
            stdin.close()

    def send(self, message: Message) -> None:
        """Queue one message; it is written in order by the writer thread."""
        self._outbox.put((json.dumps(message, separators=(",", ":")) + "\n").encode())

    def alive(self) -> bool:
        """True while the process runs and its stdin accepts our messages."""
        return not self.broken and self.popen.poll() is None

    def stop(self, *, polite: bool) -> None:
        """End the process: ``quit`` and a short wait first when ``polite``, then a kill."""
        if polite and self.alive():
            self.send({"type": "quit"})
        self._outbox.put(None)
        try:
            self.popen.wait(timeout=_QUIT_WAIT_S if polite else 0.05)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=_QUIT_WAIT_S)


class ExternalSeat:
    """A BBP/1 bot program at the table: ``ExternalSeat("python3 mybot.py --fast", time_ms=2000)``.

    The command is split like a shell would (``shlex``) but never run through one. Building the seat starts the bot
    and says ``hello``; a bot that can't start or doesn't answer is a seat that has left (:class:`BotExited`, a
    :class:`SeatExited`, when it is asked to move). Bad answers raise :class:`BotFault`, a :class:`SeatFault` that
    says which fault it was. A bot that died is started again at the next hand, at most ``max_restarts`` times. The
    bot's stderr goes to ``stderr_path`` (appended) or is discarded, never to a pipe that nobody reads and that would
    stop it once full. Building the seat and :meth:`choose` block for up to ``hello_ms`` and ``time_ms`` plus the
    grace, so a referee with a window to keep drawing calls them from another thread (one thread per seat: the seat
    itself is not thread-safe).
    """

    def __init__(
        self,
        command: str,
        *,
        time_ms: int,
        grace_ms: int = GRACE_MS,
        hello_ms: int = HELLO_MS,
        max_restarts: int = MAX_RESTARTS,
        stderr_path: str | os.PathLike[str] | None = None,
    ) -> None:
        self.command = command
        self.time_ms = time_ms
        self.grace_ms = grace_ms
        self.hello_ms = hello_ms
        self.max_restarts = max_restarts
        self.restarts = 0
        self.version = ""
        self._stderr: IO[bytes] | None = open(stderr_path, "ab") if stderr_path is not None else None  # noqa: SIM115
        self._process: _BotProcess | None = None
        self._gone = "the bot was never started"
        self._gone_kind: ExitKind = "start"
        self._feed = EventFeed()
        self._request_id = 0
        self._owed = 0  # answers to timed-out requests that may still arrive and must not be taken for new ones
        try:
            self._argv = shlex.split(command)
        except ValueError as error:
            self._argv = []
            self._gone = f"can't read the command {command!r}: {error}"
        self.name = Path(self._argv[0]).name if self._argv else "external"
        if self._argv:
            self._start()

    # ------------------------------------------------------------------------------------------------ lifecycle

    def _start(self) -> None:
        try:
            process = _BotProcess(self._argv, self._stderr if self._stderr is not None else subprocess.DEVNULL)
        except OSError as error:
            self._gone, self._gone_kind = f"can't start {self.command!r}: {error}", "start"
            return
        self._process = process
        self._owed = 0
        process.send({"type": "hello", "protocol": PROTOCOL})
        problem = self._await_hello(process)
        if problem is not None:
            self._gone, self._gone_kind = problem
            process.stop(polite=False)
            self._process = None

    def _await_hello(self, process: _BotProcess) -> tuple[str, ExitKind] | None:
        """Read the bot's ``hello``, skipping lines that are not JSON (a banner); the problem and its kind, or None."""
        deadline = time.monotonic() + self.hello_ms / 1000
        while True:
            try:
                line = process.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return f"{self.name} did not answer hello within {self.hello_ms} ms", "no_hello"
            if line is None:
                return f"{self.name} exited before answering hello (exit code {process.popen.poll()})", "hello_exit"
            try:
                answer = json.loads(line)
            except ValueError:
                continue
            if not isinstance(answer, dict) or answer.get("type") != "hello":
                return f"{self.name} answered hello with {line[:80]!r}", "not_bbp"
            if answer.get("protocol") != PROTOCOL:
                return f"{self.name} speaks {answer.get('protocol')!r}, not {PROTOCOL}", "not_bbp"
            self.name = str(answer.get("name") or self.name)
            self.version = str(answer.get("version") or "")
            return None

    @property
    def gone(self) -> str:
        """Why no bot runs (it never started, it exited, the seat was closed); empty while one runs."""
        return "" if self._process is not None else self._gone

    @property
    def gone_kind(self) -> ExitKind:
        """Why no bot runs, as a kind a referee can word for people (:data:`ExitKind`); meaningless while one runs."""
        return self._gone_kind

    @property
    def pid(self) -> int | None:
        """The running bot's process id, None while no bot runs (never started, gone, closed)."""
        return None if self._process is None else self._process.popen.pid

    def _alive(self) -> bool:
        process = self._process
        if process is not None and not process.alive():
            self._lost(process)
        return self._process is not None

    def _lost(self, process: _BotProcess) -> None:
        """The bot is gone (it exited, or closed its output): remember why and make sure it is really ended."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.popen.wait(timeout=0.2)
        code = process.popen.poll()
        self._gone = f"{self.name} exited" + (f" (exit code {code})" if code is not None else " (closed its output)")
        self._gone_kind = "exited"
        process.stop(polite=False)
        self._process = None

    def new_game(self) -> None:
        """Get ready for another game with the same process (the arena keeps bots alive between games).

        The next view starts the telling afresh with a ``new_hand`` for the seat that view belongs to (which may be
        another seat than last game's), built from that seat's view alone like every message; and the restarts are
        counted per game again, as they are for a seat made for one game.
        """
        self._feed = EventFeed()
        self.restarts = 0

    def close(self) -> None:
        """Say ``quit``, give the bot a moment to leave, then kill it; close the log."""
        if self._process is not None:
            self._process.stop(polite=True)
            self._process = None
            self._gone, self._gone_kind = "the seat was closed", "closed"
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def __enter__(self) -> ExternalSeat:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # ------------------------------------------------------------------------------------------------ the game

    def observe(self, view: PlayerView) -> None:
        """Tell the bot what changed. Never raises: a dead bot is noticed when it is next asked to move."""
        messages = self._feed.take(view)
        if not messages:
            return
        if messages[0]["type"] == "new_hand" and not self._alive() and self._argv and self.restarts < self.max_restarts:
            self.restarts += 1
            self._start()
        if self._alive():
            assert self._process is not None
            for message in messages:
                self._process.send(message)

    def choose(self, view: PlayerView) -> Action:
        """Send what is pending and a ``request``; the bot's answer, checked, within ``time_ms`` plus the grace."""
        self.observe(view)
        if not self._alive():
            raise BotExited(self._gone, self._gone_kind)
        process = self._process
        assert process is not None
        self._discard_stale(process)
        if self._process is None:
            raise BotExited(self._gone, self._gone_kind)
        self._request_id += 1
        process.send(request_message(view, self.time_ms, self._request_id))
        legal = {str(action): action for action in view.legal}
        deadline = time.monotonic() + (self.time_ms + self.grace_ms) / 1000
        while True:
            try:
                line = process.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._owed += 1
                raise BotFault(
                    f"{self.name}: no answer within {self.time_ms} ms (+{self.grace_ms} ms grace)", "timeout"
                ) from None
            if line is None:
                self._lost(process)
                raise BotExited(self._gone, self._gone_kind)
            action = self._answer(line, legal)
            if action is not None:
                return action

    def _discard_stale(self, process: _BotProcess) -> None:
        """Drop lines that arrived while no request was open: late answers to requests that already timed out."""
        while True:
            try:
                line = process.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self._lost(process)
                return
            self._owed = max(0, self._owed - 1)

    def _answer(self, line: str, legal: dict[str, Action]) -> Action | None:
        """The action in ``line``, or None for a late answer to an earlier request; :class:`SeatFault` when bad."""
        try:
            answer = json.loads(line)
        except ValueError:
            if self._owed:
                self._owed -= 1
                return None
            raise BotFault(f"{self.name}: the answer is not valid JSON: {line[:80]!r}", "json") from None
        if isinstance(answer, dict) and "id" in answer:
            if answer["id"] != self._request_id:
                self._owed = max(0, self._owed - 1)
                return None
        elif self._owed:
            self._owed -= 1
            return None
        if not isinstance(answer, dict) or answer.get("type") != "action":
            raise BotFault(f"{self.name}: expected an action message, got {line[:80]!r}", "message")
        text = answer.get("action")
        if not isinstance(text, str) or text not in legal:
            shown = ", ".join(list(legal)[:12]) + (", ..." if len(legal) > 12 else "")
            raise BotFault(f"{self.name}: {text!r} is not a legal action (legal: {shown})", "illegal")
        return legal[text]
