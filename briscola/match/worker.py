"""Computer players off the render loop: a thinker asks for a move and is polled each frame, never waited on.

:class:`WorkerThinker` runs the AI in a separate process (the ``spawn`` context: no inherited pygame or threads), so
a search taking a second never steals a frame from the window, whatever Python's GIL does. :class:`InlineThinker`
computes in-process, for tests that want determinism and no process. Both deliver through :meth:`Thinker.poll`, and
neither ever raises into the game: a crashed worker is restarted and a wrong or missing answer becomes a legal move
with a message saying so.

The same worker also prices positions for the coach (``docs/coach.md``): :meth:`Thinker.request_analysis` asks
:func:`briscola.ai.analysis.analyse` of a view, answered through :meth:`Thinker.poll_analysis` as moves are. One
process does both, in the order asked, so neither needs a second core and nothing is duplicated: the table asks an
analysis only while the human is to move (no computer is thinking then), an analysis is capped by its budget's time
limit (the hint's 0.8 s), and it stops as soon as a newer analysis or a cancel reaches the worker (its ``cancel`` reads
the pipe between deals). A computer's move asked while an analysis of the human's last decision still runs waits for
it, at most that time limit: the grade of the move just played needs that analysis whole. A failed analysis is a
reply with nothing in it, never an exception in the game.

Campione learns the player it faces there too (:mod:`briscola.match.learning`): :meth:`Thinker.give_opponent` hands
a seat's Campione the model kept for the other player, and :meth:`Thinker.request_learning` asks it to learn a
finished hand from its own seat's view (a tenth of a second: never on the frame), answered through
:meth:`Thinker.take_learned` with the model as text, for the table to keep. The worker holds the model; the thinker
remembers its latest text, so a worker restarted after a crash gets it back.

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
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, Protocol

from briscola.engine.actions import Action, Play
from briscola.engine.views import PlayerView
from briscola.text.i18n import _

if TYPE_CHECKING:
    from briscola.ai.analysis import Analysis, Budget
    from briscola.ai.opponent import OpponentModel

__all__ = [
    "DEFAULT_THINK_TIME",
    "AnalysisReply",
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


@dataclass(frozen=True, slots=True)
class AnalysisReply:
    """The coach's analysis asked of the worker: ``analysis`` None when it failed (the coach then says nothing)."""

    view: PlayerView
    analysis: Analysis | None


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

    def request_analysis(self, view: PlayerView, budget: Budget, seed: int) -> None:
        """Start the coach's analysis of ``view`` (dropping any analysis asked before, finished or not)."""

    def poll_analysis(self) -> AnalysisReply | None:
        """The analysis asked last, once it is ready, else None. Never blocks."""

    @property
    def analysing(self) -> bool:
        """True while an analysis is asked and not yet handed out."""

    def cancel_analysis(self) -> None:
        """Drop the analysis in flight: the worker stops it and its reply, if it comes, is ignored."""

    def give_opponent(self, seat: int, model: str) -> None:
        """``seat``'s Campione plays (and learns on) with ``model``, an opponent model as text, from now on."""

    def request_learning(self, seat: int, view: PlayerView) -> None:
        """``seat``'s Campione learns the hand that ended in ``view`` (its own seat's view at the hand's end)."""

    def take_learned(self, wait: float = 0.0) -> list[tuple[int, str]]:
        """The models learned since the last call, ``(seat, model as text)`` in the order asked; waiting ``wait``
        seconds at most for the hands still being learned (the table waits only as it is left, never on a frame)."""

    @property
    def learning(self) -> bool:
        """True while a hand asked to be learned has not been handed out by :meth:`take_learned`."""


def player_seed(match_seed: int, seat: int) -> str:
    """The seed of a seat's own generator: the AI's choices replay with the match."""
    return f"briscola/ui/{match_seed}/{seat}"


def fallback_action(view: PlayerView) -> Action:
    """A legal move when a player failed: the first legal card, or the first legal action of any kind."""
    for action in view.legal:
        if isinstance(action, Play):
            return action
    return view.legal[0]


def _analyse(view: PlayerView, budget: Budget, seed: int, cancel: Any = None) -> Analysis | None:
    """The analysis, or None if it failed: the coach keeps quiet rather than stopping the game."""
    from briscola.ai.analysis import analyse

    try:
        return analyse(view, budget, seed, cancel=cancel)
    except Exception:
        return None


def _checked(seat: int, action: object, view: PlayerView, who: str) -> Answer:
    if isinstance(action, Action) and action in view.legal:
        return Answer(seat, action)
    return Answer(
        seat,
        fallback_action(view),
        _("{who} gave an illegal move; a legal one was played for it.").format(who=who),
    )


class _Players:
    """Player objects by seat, built on first use and kept (players may remember a hand), and what each seat's
    Campione has learned of the other player (given, or learned here from nothing)."""

    def __init__(self, match_seed: int) -> None:
        self.match_seed = match_seed
        self.players: dict[tuple[int, str], Any] = {}
        self.models: dict[int, OpponentModel] = {}

    def give(self, seat: int, text: str) -> None:
        """``seat``'s model from its text; a text that can't be read leaves the seat learning from nothing."""
        from briscola.ai.opponent import ModelError, OpponentModel

        try:
            self.models[seat] = OpponentModel.from_json(text)
        except ModelError:
            self.models[seat] = OpponentModel()
        self._attach(seat)

    def learn(self, seat: int, view: PlayerView) -> str | None:
        """``seat``'s model after learning the hand ``view`` ends; None when there is nothing to learn from it."""
        from briscola.ai.opponent import OpponentModel, observe

        observation = observe(view)
        if observation is None:
            return None
        model = self.models.setdefault(seat, OpponentModel())
        model.learn(observation)
        self._attach(seat)
        return model.to_json()

    def _attach(self, seat: int) -> None:
        """Only Campione plays with a model: the seat's other players never see it."""
        from briscola.match.learning import is_campione

        for (at, spec), player in self.players.items():
            if at == seat and is_campione(spec) and hasattr(player, "opponent"):
                player.opponent = self.models.get(seat)

    def choose(self, seat: int, spec: str, view: PlayerView, time_limit: float | None) -> Action:
        from briscola.ai.levels import make_player

        key = (seat, spec)
        player = self.players.get(key)
        if player is None:
            player = self.players[key] = make_player(spec, random.Random(player_seed(self.match_seed, seat)))
            if time_limit is not None and hasattr(player, "time_limit"):
                player.time_limit = time_limit
            if seat in self.models:
                self._attach(seat)
        action: Action = player.choose(view)
        return action


class InlineThinker:
    """Thinks in-process at request time (fast levels, tests); the answer is handed out at the next poll."""

    def __init__(self, match_seed: int, time_limit: float | None = None) -> None:
        self._players = _Players(match_seed)
        self._time_limit = time_limit
        self._answer: Answer | None = None
        self._pending = False
        self._analysis: AnalysisReply | None = None
        self._learned: list[tuple[int, str]] = []

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

    def request_analysis(self, view: PlayerView, budget: Budget, seed: int) -> None:
        self._analysis = AnalysisReply(view, _analyse(view, budget, seed))

    def poll_analysis(self) -> AnalysisReply | None:
        reply, self._analysis = self._analysis, None
        return reply

    @property
    def analysing(self) -> bool:
        return self._analysis is not None

    def cancel_analysis(self) -> None:
        self._analysis = None

    def give_opponent(self, seat: int, model: str) -> None:
        self._players.give(seat, model)

    def request_learning(self, seat: int, view: PlayerView) -> None:
        try:
            text = self._players.learn(seat, view)
        except Exception:
            return  # what can't be learned is not learned; the game goes on
        if text is not None:
            self._learned.append((seat, text))

    def take_learned(self, wait: float = 0.0) -> list[tuple[int, str]]:
        learned, self._learned = self._learned, []
        return learned

    @property
    def learning(self) -> bool:
        return bool(self._learned)

    def close(self) -> None:
        self.cancel()
        self.cancel_analysis()


def _serve(conn: Connection, match_seed: int, time_limit: float | None) -> None:
    """The worker process, answering in the order asked:

    - ``("move", id, seat, spec, view)`` with ``("move", id, action or error text)``;
    - ``("analyse", id, view, budget, seed)`` with ``("analysis", id, Analysis or None)``, stopped early when a newer
      analysis, a ``("cancel", id)`` or the end arrives meanwhile (a move asked meanwhile waits its turn);
    - ``("opponent", seat, model text)``, no answer: the seat's Campione plays with that model;
    - ``("learn", id, seat, view)`` with ``("learned", id, (seat, model text or None))``;
    - None: the end.
    """
    players = _Players(match_seed)
    backlog: deque[Any] = deque()

    def stop_analysis() -> bool:
        """Asked between deals: read what came meanwhile; True if it makes the analysis pointless."""
        try:
            while conn.poll(0):
                backlog.append(conn.recv())
        except (EOFError, OSError):
            return True
        return any(message is None or message[0] in ("analyse", "cancel") for message in backlog)

    while True:
        try:
            message = backlog.popleft() if backlog else conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        reply: tuple[object, ...]
        if message[0] == "move":
            _kind, request_id, seat, spec, view = message
            try:
                action: object = players.choose(seat, spec, view, time_limit)
            except Exception:
                action = "error: " + traceback.format_exc(limit=3)
            reply = ("move", request_id, action)
        elif message[0] == "analyse":
            _kind, request_id, view, budget, seed = message
            reply = ("analysis", request_id, _analyse(view, budget, seed, stop_analysis))
        elif message[0] == "opponent":
            _kind, seat, text = message
            players.give(seat, text)
            continue
        elif message[0] == "learn":
            _kind, request_id, seat, view = message
            try:
                learned = players.learn(seat, view)
            except Exception:
                learned = None
            reply = ("learned", request_id, (seat, learned))
        else:
            continue  # a cancel of an analysis already answered
        try:
            conn.send(reply)
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
        self._move_reply: tuple[int, object] | None = None
        self._analysis_asked: tuple[int, PlayerView] | None = None
        self._analysis_reply: AnalysisReply | None = None
        self._models: dict[int, str] = {}
        """Each seat's opponent model as last given or learned: given again to a restarted worker."""
        self._learning_asked: set[int] = set()
        self._learned: list[tuple[int, str]] = []
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
        with contextlib.suppress(BrokenPipeError, OSError):  # a worker dead at once is restarted by the next send
            for seat, text in self._models.items():
                parent.send(("opponent", seat, text))

    def _restart(self) -> None:
        self._analysis_asked = None  # lost with the worker: the coach sees it answered by nothing
        self._learning_asked.clear()  # a hand being learned is lost with it (the model before it is given again)
        self._stop()
        self.restarts += 1
        self._start()

    @property
    def pid(self) -> int | None:
        """The worker's process id (for memory figures)."""
        return None if self._process is None else int(self._process.pid)

    def _send(self, message: tuple[object, ...]) -> None:
        """Send ``message`` to the worker, restarting a dead one first (an analysis in flight is then lost)."""
        try:
            assert self._conn is not None
            self._conn.send(message)
        except (BrokenPipeError, OSError, AssertionError):
            self._restart()
            assert self._conn is not None
            self._conn.send(message)

    def _receive(self) -> None:
        """Take every reply that has arrived: the move and the analysis still awaited are kept, the rest dropped."""
        if self._conn is None:
            return
        while self._conn.poll(0):
            kind, got_id, reply = self._conn.recv()
            if kind == "move" and self._pending is not None and got_id == self._pending[0]:
                self._move_reply = (got_id, reply)
            elif kind == "analysis" and self._analysis_asked is not None and got_id == self._analysis_asked[0]:
                view = self._analysis_asked[1]
                self._analysis_asked = None
                self._analysis_reply = AnalysisReply(view, reply)
            elif kind == "learned" and got_id in self._learning_asked:
                self._learning_asked.discard(got_id)
                seat, text = reply
                if text is not None:
                    self._models[seat] = text
                    self._learned.append((seat, text))

    def request(self, seat: int, spec: str, view: PlayerView) -> None:
        self._request_id += 1
        self._pending = (self._request_id, seat, view, time.monotonic())
        self._move_reply = None
        self._send(("move", self._request_id, seat, spec, view))

    def request_analysis(self, view: PlayerView, budget: Budget, seed: int) -> None:
        self._request_id += 1
        self._analysis_reply = None
        self._send(("analyse", self._request_id, view, budget, seed))  # a restart meanwhile forgets nothing asked
        self._analysis_asked = (self._request_id, view)

    def poll_analysis(self) -> AnalysisReply | None:
        if self._analysis_asked is not None:
            try:
                self._receive()
            except (EOFError, OSError):
                self._analysis_asked = None  # the worker died: the next move request restarts it
        reply, self._analysis_reply = self._analysis_reply, None
        return reply

    @property
    def analysing(self) -> bool:
        return self._analysis_asked is not None or self._analysis_reply is not None

    def cancel_analysis(self) -> None:
        asked, self._analysis_asked, self._analysis_reply = self._analysis_asked, None, None
        if asked is not None and self._conn is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self._conn.send(("cancel", asked[0]))

    def give_opponent(self, seat: int, model: str) -> None:
        self._models[seat] = model
        self._send(("opponent", seat, model))

    def request_learning(self, seat: int, view: PlayerView) -> None:
        self._request_id += 1
        self._send(("learn", self._request_id, seat, view))
        self._learning_asked.add(self._request_id)

    def take_learned(self, wait: float = 0.0) -> list[tuple[int, str]]:
        deadline = time.monotonic() + wait
        try:
            while self._learning_asked and self._conn is not None:
                self._receive()
                left = deadline - time.monotonic()
                if not self._learning_asked or left <= 0 or not self._conn.poll(left):
                    break
        except (EOFError, OSError):
            self._learning_asked.clear()  # the worker died: the next request restarts it
        learned, self._learned = self._learned, []
        return learned

    @property
    def learning(self) -> bool:
        return bool(self._learning_asked or self._learned)

    def poll(self) -> Answer | None:
        if self._pending is None or self._conn is None:
            return None
        _request_id, seat, view, started = self._pending
        try:
            self._receive()
            if self._move_reply is not None:
                _got_id, reply = self._move_reply
                self._move_reply = None
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
        self._move_reply = None

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
        self._analysis_asked = self._analysis_reply = None
        self._stop()
