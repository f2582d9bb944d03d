"""External bot programs at the table: BBP/1 programs seated as ``external:COMMAND``, one per seat per match.

The refereeing is :class:`briscola.protocol.external.ExternalSeat`'s, the arena's own; what is added here is a thread
per bot, because starting a bot and waiting for its answer block (for seconds, with a slow or broken bot) and the window
must go on drawing. The threads only wait on pipes and queues, so they hold no GIL while a bot thinks. Every fault a bot
makes becomes a legal move, a count, and a notice in the player's language naming the seat and its command.

This lives apart from :mod:`briscola.match.worker` because a bot is not one of our thinkers: it is a program of someone
else's, told every change of the game rather than only asked to move, run on threads rather than in our worker
process, and never trusted. What the two share is how a move reaches the driver (:class:`~briscola.match.worker.Answer`,
:func:`~briscola.match.worker.fallback_action`), so the driver plays a bot's move as it plays the computer's.

The table marks a bot's seat while it is starting and for as long as it is at fault (:meth:`ExternalBots.status`),
since a notice over the table is read once and easily missed, while the computer goes on playing for the seat. How
each fault is told is :mod:`briscola.ui.table.bot_faults`'s; a bot's clocks and how its command is shown,
:mod:`briscola.match.bot_limits`'s.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from briscola.engine.actions import Action
from briscola.engine.views import PlayerView
from briscola.match.bot_faults import BAD_ANSWERS, GONE, SeatStatus, bot_notice
from briscola.match.bot_limits import BotLimits, short_command
from briscola.match.worker import Answer, fallback_action
from briscola.text.i18n import _

if TYPE_CHECKING:
    from briscola.match.seats import Seat

__all__ = ["ExternalBots"]

_log = logging.getLogger(__name__)

#: How often an idle bot thread checks that the game itself is still running (so it never keeps the program alive).
_IDLE_CHECK_S: Final = 0.25


@dataclass(frozen=True, slots=True)
class _Reply:
    """What a bot's thread reports: a move (``action``), a move it failed to make (``problem`` says why, the UI
    plays a fallback), or, with ``request_id`` 0, how starting went (``detail`` is the bot's name when it works)."""

    request_id: int
    action: Action | None = None
    problem: str = ""
    detail: str = ""


_CLOSE: Final = ("close", 0, None)


class _BotThread:
    """One bot and the thread that owns it: the referee's seat is built, told, asked and closed on that thread only.

    The UI thread hands it jobs (``observe`` a view, ``choose`` for a request id, ``close``) and reads its replies;
    neither queue ever blocks the UI. The thread is not a daemon, so a bot is always told ``quit`` (or killed) even
    when the game is closing; it notices a game that ended without closing it and closes its bot itself.
    """

    def __init__(self, seat: int, command: str, make_seat: Callable[[str], Seat]) -> None:
        self.seat = seat
        self.command = command
        self._make_seat = make_seat
        self.jobs: queue.Queue[tuple[str, int, PlayerView | None]] = queue.Queue()
        self.replies: queue.Queue[_Reply] = queue.Queue()
        self.taken: dict[int, float] = {}
        """When the thread took up each request (by id): a request still queued has no clock running yet."""
        self.pid: int | None = None
        self.start_fault = "start"
        """How starting the bot failed (:data:`briscola.protocol.external.ExitKind`), for the requests it can't
        answer."""
        self.thread = threading.Thread(target=self._run, name=f"briscola-bot-{seat}", daemon=False)
        self.thread.start()

    def _run(self) -> None:
        bot: Seat | None = None
        try:
            bot = self._start()
            self._serve(bot)
        except Exception:  # a bug here must cost the bot its moves (fallbacks), never the game
            _log.exception("the thread of the bot in seat %d failed", self.seat)
            self.replies.put(_Reply(0, None, "error", "the bot's thread failed"))
        finally:
            if bot is not None:
                try:
                    bot.close()  # quit, then a kill if need be; whatever happened above, no bot outlives its thread
                except Exception:
                    _log.exception("the bot in seat %d failed to close", self.seat)
            self.pid = None

    def _start(self) -> Seat | None:
        """The bot, started; None when it didn't get going (the reply says how). A bot that never said ``hello``
        is given up for the match: the referee would start it again as the next request tells it of the hand,
        and a program that is no bot (``sleep 60``) would keep the player waiting a second time, and at every hand.
        A bot that did start and dies later is still started again at the next hand, by the referee."""
        try:
            bot = self._make_seat(self.command)
        except Exception as error:
            self.replies.put(_Reply(0, None, "start", f"{type(error).__name__}: {error}"))
            return None
        self.pid = getattr(bot, "pid", None)
        problem = str(getattr(bot, "gone", ""))
        if problem:
            self.start_fault = str(getattr(bot, "gone_kind", "start"))
            self.replies.put(_Reply(0, None, self.start_fault, problem))
            bot.close()
            self.pid = None
            return None
        version = str(getattr(bot, "version", ""))
        self.replies.put(_Reply(0, None, "", f"{bot.name} {version}".strip()))
        return bot

    def _serve(self, bot: Seat | None) -> None:
        from briscola.match.seats import SeatExited, SeatFault
        from briscola.protocol.external import BotExited, BotFault

        while True:
            try:
                kind, request_id, view = self.jobs.get(timeout=_IDLE_CHECK_S)
            except queue.Empty:
                if threading.main_thread().is_alive():
                    continue
                kind, request_id, view = _CLOSE  # the game ended without closing us: close the bot all the same
            if kind == "close":
                return  # the bot is closed as the thread ends
            if bot is None or view is None:
                if kind == "choose":
                    self.replies.put(_Reply(request_id, None, self.start_fault, "the bot could not be started"))
                continue
            if kind == "observe":
                bot.observe(view)  # never raises: a dead bot is noticed when it is next asked
                self.pid = getattr(bot, "pid", None)
                continue
            self.taken[request_id] = time.monotonic()
            try:
                reply = _Reply(request_id, bot.choose(view))
            except BotFault as error:
                reply = _Reply(request_id, None, error.kind, str(error))
            except BotExited as error:  # also a bot restarted at a new hand that failed to start again
                reply = _Reply(request_id, None, error.kind, str(error))
            except SeatFault as error:
                reply = _Reply(request_id, None, "error", str(error))
            except SeatExited as error:
                reply = _Reply(request_id, None, "exited", str(error))
            except Exception as error:  # the referee's bug must cost one move, not the game
                _log.exception("the bot in seat %d failed", self.seat)
                reply = _Reply(request_id, None, "error", f"{type(error).__name__}: {error}")
            self.pid = getattr(bot, "pid", None)
            self.replies.put(reply)


class ExternalBots:
    """The external bot programs of one match, one per seat, started at once and kept until :meth:`close`.

    The driver tells each bot every change (:meth:`observe`) and asks it to move (:meth:`request`, then :meth:`poll`
    each frame); none of these waits. A bot that fails in any way (won't start, bad JSON, an illegal move, too slow,
    dead) still yields an :class:`Answer`: :func:`fallback_action` with a notice, and a fault counted in
    :attr:`faults`. ``labels`` name the seats in notices (``Bot 2``); ``names`` fills with each bot's own name
    from its ``hello``.
    """

    def __init__(
        self,
        commands: Mapping[int, str],
        *,
        labels: Mapping[int, str] | None = None,
        limits: BotLimits | None = None,
        make_seat: Callable[[str], Seat] | None = None,
    ) -> None:
        self.limits = limits or BotLimits()
        factory = make_seat or self.limits.make_seat
        self.commands = dict(commands)
        self.labels = {seat: (labels or {}).get(seat) or _("Seat {n}").format(n=seat + 1) for seat in commands}
        self.faults: dict[int, int] = dict.fromkeys(commands, 0)
        """Moves played for each bot because it failed to make them."""
        self.names: dict[int, str] = {}
        """Each bot's name and version as its ``hello`` gave them."""
        self.notices: list[str] = []
        """Notices not yet taken by :meth:`take_notices`."""
        self._threads = {seat: _BotThread(seat, command, factory) for seat, command in commands.items()}
        self._request_id = 0
        self._pending: tuple[int, int, PlayerView, float] | None = None
        self._answers: dict[int, _Reply] = {}
        self._down: set[int] = set()  # seats whose bot is known to be gone: told once, not at every move
        self._starting = set(commands)  # seats whose bot has not yet said hello (or failed to)
        self._faulty: dict[int, str] = {}  # seats at fault now, by their last fault: until a move of their own
        self._closed = False

    def __contains__(self, seat: object) -> bool:
        return seat in self._threads

    def who(self, seat: int) -> str:
        """A seat as notices name it: its label and its command, shortened."""
        return _("{seat} ({command})").format(seat=self.labels[seat], command=short_command(self.commands[seat]))

    @property
    def pids(self) -> dict[int, int]:
        """The process ids of the bots running now, by seat."""
        return {seat: t.pid for seat, t in self._threads.items() if t.pid is not None}

    # ------------------------------------------------------------------------------------------------ the game

    def observe(self, seat: int, view: PlayerView) -> None:
        """Tell ``seat``'s bot the game as it sees it now (sent in order, after any request in flight)."""
        if not self._closed:
            self._threads[seat].jobs.put(("observe", 0, view))

    def request(self, seat: int, view: PlayerView) -> None:
        """Ask ``seat``'s bot to move on ``view`` (its own); the answer comes through :meth:`poll`."""
        self._request_id += 1
        self._pending = (self._request_id, seat, view, time.monotonic())
        thread = self._threads[seat]
        if self._closed or not thread.thread.is_alive():
            self._answers[self._request_id] = _Reply(self._request_id, None, "exited", "the bot's thread has ended")
        else:
            thread.jobs.put(("choose", self._request_id, view))

    @property
    def busy(self) -> bool:
        """True while a request is in flight."""
        return self._pending is not None

    def pump(self) -> None:
        """Take what the bots' threads reported: how starting went (names, notices) and answers. Never blocks."""
        for seat, thread in self._threads.items():
            while True:
                try:
                    reply = thread.replies.get_nowait()
                except queue.Empty:
                    break
                self._take(seat, reply)

    def _take(self, seat: int, reply: _Reply) -> None:
        """File one report of ``seat``'s thread: an answer to a request, or how starting the bot went."""
        if reply.request_id:
            self._answers[reply.request_id] = reply
            return
        self._starting.discard(seat)
        if reply.problem:
            self._gone(seat, reply.problem, reply.detail)
        else:
            self.names[seat] = reply.detail
            self._down.discard(seat)

    def wait(self, timeout: float) -> None:
        """Block until the bot asked for a move reports something, or ``timeout`` seconds pass.

        The table never needs this: its frames pause (60 per second), and the bots' threads run in the pauses. A
        driver that runs frames back to back (a test, a script) keeps the interpreter's lock so busy that those threads
        starve and answers take seconds; waiting here on the thread's queue hands them the lock until one arrives.
        """
        if self._pending is None:
            return
        seat = self._pending[1]
        try:
            reply = self._threads[seat].replies.get(timeout=timeout)
        except queue.Empty:
            return
        self._take(seat, reply)

    def poll(self) -> Answer | None:
        """The bot's move when it is ready: its own if good, else a legal one with a notice. Never blocks."""
        self.pump()
        if self._pending is None:
            return None
        request_id, seat, view, asked = self._pending
        reply = self._answers.pop(request_id, None)
        if reply is None:
            if time.monotonic() < self._deadline(seat, request_id, asked):
                return None
            reply = _Reply(request_id, None, "timeout", "the bot's thread did not answer in time")
        self._pending = None
        self._answers.clear()  # anything else is an answer to a request given up on
        if reply.action is not None and reply.action in view.legal:
            self._down.discard(seat)
            self._faulty.pop(seat, None)
            return Answer(seat, reply.action)
        self.faults[seat] += 1
        problem = reply.problem or "illegal"
        if problem in GONE:
            message = self._gone(seat, problem, reply.detail)
        else:
            _log.info("%s: %s", self.who(seat), reply.detail)
            message = bot_notice(problem, self.who(seat))
            self.notices.append(message)
            self._faulty[seat] = problem
        return Answer(seat, fallback_action(view), message)

    def status(self, seat: int) -> SeatStatus:
        """What ``seat``'s bot is doing, for its name plate: still starting, playing its own moves, or at fault (from
        its fault until it makes a move of its own again) with the computer playing for it. Reads only what the last
        :meth:`pump` took (the driver pumps every frame), so drawing a plate changes nothing."""
        fault = self._faulty.get(seat)
        if fault is not None:
            return "bad_answers" if fault in BAD_ANSWERS else "not_responding"
        return "starting" if seat in self._starting else "playing"

    def _deadline(self, seat: int, request_id: int, asked: float) -> float:
        """When the table stops waiting for ``seat``'s thread: the referee's own limits, plus a margin, from when the
        thread took the request up (before that it is starting the bot or finishing an earlier job)."""
        taken = self._threads[seat].taken.get(request_id)
        return (asked if taken is None else max(asked, taken)) + self.limits.answer_within()

    def _gone(self, seat: int, problem: str, detail: str) -> str:
        """A bot that can't play: the notice, given once until the bot is back (restarted at a new hand)."""
        self._faulty[seat] = problem
        message = bot_notice(problem if problem in GONE - {"closed"} else "exited", self.who(seat))
        if seat not in self._down:
            self._down.add(seat)
            _log.info("%s: %s", self.who(seat), detail)
            self.notices.append(message)
        return message

    def take_notices(self) -> list[str]:
        """The notices since the last call (the driver shows them at the table)."""
        self.pump()
        taken, self.notices = self.notices, []
        return taken

    def cancel(self) -> None:
        """Forget the request in flight: its answer, if it comes, is dropped."""
        self._pending = None
        self._answers.clear()

    def close(self) -> None:
        """Say ``quit`` to every bot (killing any that won't go) on its own thread: the caller doesn't wait."""
        self._pending = None
        if self._closed:
            return
        self._closed = True
        for thread in self._threads.values():
            thread.jobs.put(_CLOSE)

    def join(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for every bot to be closed; True when they all are (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        for thread in self._threads.values():
            thread.thread.join(max(0.0, deadline - time.monotonic()))
        return not any(thread.thread.is_alive() for thread in self._threads.values())
