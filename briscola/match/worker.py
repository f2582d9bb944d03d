"""Computer players off the render loop: a thinker asks for a move and is polled each frame, never waited on.

:class:`WorkerThinker` runs the AI in a separate process (the ``spawn`` context: no inherited pygame or threads), so
a search taking a second never steals a frame from the window, whatever Python's GIL does. :class:`InlineThinker`
computes in-process, for tests that want determinism and no process. Both deliver through :meth:`Thinker.poll`, and
neither ever raises into the game: a crashed worker is restarted and a wrong or missing answer becomes a legal move
with a message saying so.

External bot programs (``external:COMMAND`` seats) are not thinkers: they are told every change, not only asked to
move, and run on threads rather than a process of ours; :mod:`briscola.match.bots` seats them. They share
:class:`Answer` and :func:`fallback_action` with the thinkers, so the driver plays every move the same way.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol

from briscola.engine.actions import Action, Play
from briscola.engine.views import PlayerView
from briscola.text.i18n import _

__all__ = [
    "DEFAULT_THINK_TIME",
    "Answer",
    "InlineThinker",
    "Thinker",
    "WorkerThinker",
    "fallback_action",
    "player_seed",
]

#: Seconds a search level may think a move at the table unless the player asks otherwise (``--think-time``): every
#: search stops there and plays its best card so far (:attr:`briscola.ai.search.SearchPlayer.time_limit`). Campione's
#: full search follows the machine's speed and load, so this bound is what keeps its moves within its 3 s at p95 on any
#: machine, busy or not, with room for the worker's pipe; where it binds, and what it costs in strength, is in
#: docs/ai.md ("Campione's think time at the table").
DEFAULT_THINK_TIME = 2.5


@dataclass(frozen=True, slots=True)
class Answer:
    """A seat's move, and a message for the player when it is a fallback (else empty)."""

    seat: int
    action: Action
    message: str = ""


class Thinker(Protocol):
    """Something that computes computer moves without blocking the caller."""

    def request(self, seat: int, spec: str, view: PlayerView) -> None:
        """Start thinking for ``seat`` (a player of level ``spec``) on ``view``."""

    def poll(self) -> Answer | None:
        """The answer when it is ready, else None. Never blocks."""

    @property
    def busy(self) -> bool:
        """True while a request is in flight."""

    def cancel(self) -> None:
        """Forget the request in flight (a new game began): its answer, if it comes, is dropped."""

    def close(self) -> None:
        """Stop any process."""


def player_seed(match_seed: int, seat: int) -> str:
    """The seed of a seat's own generator: the AI's choices replay with the match."""
    return f"briscola/ui/{match_seed}/{seat}"


def fallback_action(view: PlayerView) -> Action:
    """A legal move when a player failed: the first legal card, or the first legal action of any kind."""
    for action in view.legal:
        if isinstance(action, Play):
            return action
    return view.legal[0]


def _checked(seat: int, action: object, view: PlayerView, who: str) -> Answer:
    if isinstance(action, Action) and action in view.legal:
        return Answer(seat, action)
    return Answer(
        seat,
        fallback_action(view),
        _("{who} gave an illegal move; a legal one was played for it.").format(who=who),
    )


class _Players:
    """Player objects by seat, built on first use and kept (players may remember a hand)."""

    def __init__(self, match_seed: int) -> None:
        self.match_seed = match_seed
        self.players: dict[tuple[int, str], Any] = {}

    def choose(self, seat: int, spec: str, view: PlayerView, time_limit: float | None) -> Action:
        from briscola.ai.levels import make_player

        key = (seat, spec)
        player = self.players.get(key)
        if player is None:
            player = self.players[key] = make_player(spec, random.Random(player_seed(self.match_seed, seat)))
            if time_limit is not None and hasattr(player, "time_limit"):
                player.time_limit = time_limit
        action: Action = player.choose(view)
        return action


class InlineThinker:
    """Thinks in-process at request time (fast levels, tests); the answer is handed out at the next poll."""

    def __init__(self, match_seed: int, time_limit: float | None = None) -> None:
        self._players = _Players(match_seed)
        self._time_limit = time_limit
        self._answer: Answer | None = None
        self._pending = False

    def request(self, seat: int, spec: str, view: PlayerView) -> None:
        try:
            action = self._players.choose(seat, spec, view, self._time_limit)
            self._answer = _checked(seat, action, view, _("The computer"))
        except Exception:
            message = _("The computer player failed; a legal move was played for it.")
            self._answer = Answer(seat, fallback_action(view), message)
        self._pending = True

    def poll(self) -> Answer | None:
        if not self._pending:
            return None
        self._pending = False
        return self._answer

    @property
    def busy(self) -> bool:
        return self._pending

    def cancel(self) -> None:
        self._pending = False
        self._answer = None

    def close(self) -> None:
        self.cancel()


def _serve(conn: Connection, match_seed: int, time_limit: float | None) -> None:
    """The worker process: answer (request id, seat, spec, view) with (request id, action or error text)."""
    players = _Players(match_seed)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        request_id, seat, spec, view = message
        try:
            reply: object = players.choose(seat, spec, view, time_limit)
        except Exception:
            reply = "error: " + traceback.format_exc(limit=3)
        try:
            conn.send((request_id, reply))
        except (BrokenPipeError, OSError):
            return


class WorkerThinker:
    """Thinks in a worker process; restarts it after a crash and answers with a fallback move meanwhile.

    ``timeout`` bounds a move: past it, the worker is assumed stuck, restarted, and a legal move is played. It is
    at least ``time_limit`` and ten seconds more, so a long thinking time asked for is not taken for a hang.
    """

    def __init__(self, match_seed: int, time_limit: float | None = None, timeout: float = 20.0) -> None:
        self.match_seed = match_seed
        self.time_limit = time_limit
        self.timeout = timeout if time_limit is None else max(timeout, time_limit + 10.0)
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None
        self._request_id = 0
        self._pending: tuple[int, int, PlayerView, float] | None = None
        self.restarts = 0
        self._start()

    def _start(self) -> None:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(child, self.match_seed, self.time_limit), name="briscola-ai", daemon=True
        )
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def _restart(self) -> None:
        self._stop()
        self.restarts += 1
        self._start()

    @property
    def pid(self) -> int | None:
        """The worker's process id (for memory figures)."""
        return None if self._process is None else int(self._process.pid)

    def request(self, seat: int, spec: str, view: PlayerView) -> None:
        self._request_id += 1
        self._pending = (self._request_id, seat, view, time.monotonic())
        try:
            assert self._conn is not None
            self._conn.send((self._request_id, seat, spec, view))
        except (BrokenPipeError, OSError, AssertionError):
            self._restart()
            assert self._conn is not None
            self._conn.send((self._request_id, seat, spec, view))

    def poll(self) -> Answer | None:
        if self._pending is None or self._conn is None:
            return None
        request_id, seat, view, started = self._pending
        try:
            while self._conn.poll(0):
                got_id, reply = self._conn.recv()
                if got_id != request_id:
                    continue  # an answer to a request given up on
                self._pending = None
                if isinstance(reply, str):
                    return Answer(
                        seat, fallback_action(view), _("The computer player failed; a legal move was played.")
                    )
                return _checked(seat, reply, view, _("The computer"))
        except (EOFError, OSError):
            pass  # the worker died: handled below
        alive = self._process is not None and self._process.is_alive()
        if alive and time.monotonic() - started < self.timeout:
            return None
        self._pending = None
        self._restart()
        message = _("The computer player stopped; it was restarted and a legal move was played for it.")
        if alive:
            message = _("The computer player took too long; a legal move was played for it.")
        return Answer(seat, fallback_action(view), message)

    @property
    def busy(self) -> bool:
        return self._pending is not None

    def cancel(self) -> None:
        self._pending = None  # the late answer carries an old request id, so poll() skips it

    def _stop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self._conn.send(None)
            self._conn.close()
        if self._process is not None:
            self._process.join(timeout=0.5)
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(timeout=1.0)
        self._process, self._conn = None, None

    def kill_for_test(self) -> None:
        """Kill the worker abruptly, as a crash would (tests prove the game survives it)."""
        if self._process is not None:
            self._process.kill()
            self._process.join(timeout=2.0)

    def close(self) -> None:
        self._pending = None
        self._stop()
