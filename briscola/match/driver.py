"""The match behind the table: the engine, who sits where, and whose move is awaited (no pygame here).

The table asks :meth:`MatchDriver.tick` for the next events only when its animations are done, so the engine never
runs ahead of what the player has seen. The human's moves arrive through :meth:`MatchDriver.submit`; the computers'
come from a :class:`~briscola.match.worker.Thinker`, polled without waiting, and are held back at least ``ai_delay``
seconds after the request so people can follow the play. Events are handed out as the viewing seat may see them.

A seat whose spec is ``external:COMMAND`` is a BBP/1 bot program: the driver starts one per seat for the match
(:class:`~briscola.match.bots.ExternalBots`, which runs each on its own thread), tells it every change the seat may see,
asks it for its moves as it asks the thinker, and closes it when the match ends, a new one starts or the table is left.
What goes wrong with a bot becomes a legal move and a notice in :attr:`MatchDriver.messages` (the table shows them)
and in :attr:`MatchDriver.notices` (kept for the match), and counts in :attr:`MatchDriver.bot_faults`.

A match worth continuing is saved (:meth:`MatchDriver.start_saving`) as it starts and after every trick, so the save
always holds the latest match: a new one replaces the abandoned one at once, never after its first trick.

A match kept in the history (:meth:`MatchDriver.start_recording`) is written by its
:class:`~briscola.match.recorder.MatchRecorder`, off the frame: a hand at every ``HandOver``, the match at
``MatchOver``, abandoned when a new match replaces it at this table or the table is left with nothing saved to
continue. Its row's id goes into the autosave; what failed to be written becomes a message like a bot's.

**Campione learns the human** (:mod:`briscola.match.learning`) in a two-player match against Campione: the model kept
for the profile is read on the history writer's thread as the match is recorded and given to the thinker's worker,
which learns each finished hand from Campione's own view (never on the frame); each model learned is kept on the
writer's thread. Hands a continued match replays were learned when first played, and are not learned again.

**Take back** (:meth:`MatchDriver.undo`, a match started with ``coaching.undo``): the game is rebuilt from its seed and
its actions up to the human's last one (the engine replays exactly, as a record or a continued match does), so the
computers' answers after it go with it and the request in flight is cancelled. Only within the hand being played (a
finished hand is final, and is already in the history), and never with a bot program at the table, which can't be
told to forget what it saw. The save is rewritten at once and the history's row is marked ``undo_used``; the record
the row ends with is the game's, so it is always the undone one.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from briscola.ai.opponent import OpponentModel
from briscola.engine import Action, Deal, Game, Phase, Ruleset
from briscola.engine.actions import Forfeit
from briscola.engine.events import Event, HandOver, HandResult, MatchOver, TrickWon, event_for_seat
from briscola.engine.views import PlayerView
from briscola.match.bot_limits import BotLimits, external_command, short_command
from briscola.match.bots import ExternalBots
from briscola.match.learning import TableLearning
from briscola.match.recorder import BEGIN_WAIT, MatchRecorder
from briscola.match.table_coach import TableCoach
from briscola.match.worker import Thinker
from briscola.store import Coaching
from briscola.text.i18n import _
from briscola.text.reasons import why_refused

if TYPE_CHECKING:
    from briscola.engine.record import GameRecord
    from briscola.store import MatchConfig

__all__ = ["CLOSE_LEARNING_WAIT", "MatchDriver", "SeatConfig", "TakenBack"]

#: Seconds the table, as it is left, waits for Campione to finish learning the last hand (a tenth of one is usual).
CLOSE_LEARNING_WAIT = 1.0


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """Who sits in a seat: a name and a level spec (or ``external:COMMAND``), or ``spec=None`` for the human."""

    name: str
    spec: str | None
    level_name: str = ""


@dataclass(frozen=True, slots=True)
class TakenBack:
    """What :meth:`MatchDriver.undo` took back: ``(seat, action)`` in the order played, the human's decision first,
    then the computers' answers to it."""

    moves: tuple[tuple[int, Action], ...]


def acted(game: Game) -> list[int | None]:
    """The seat that made each action of ``game`` (None for a deal or a forfeit: nobody's decision), found by
    replaying its actions from the seed: the engine keeps the actions, not who pushed them."""
    assert game.seed is not None
    again = Game(game.rules, game.seed)
    seats: list[int | None] = []
    for action in game.actions:
        seats.append(None if isinstance(action, (Deal, Forfeit)) else again.to_move)
        again.apply(action)
    return seats


class MatchDriver:
    """Drives one match: pushes ``Deal`` and the computers' moves, takes the human's, and records what happened."""

    def __init__(
        self,
        rules: Ruleset,
        seed: int,
        seats: list[SeatConfig],
        thinker: Thinker,
        *,
        viewer: int = 0,
        ai_delay: float = 0.6,
        replay: tuple[Action, ...] = (),
        bot_limits: BotLimits | None = None,
    ) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a table of {rules.players}")
        self.rules = rules
        self.seed = seed
        self.game = Game(rules, seed)
        self.seats = [self._plate(config) for config in seats]
        self.thinker = thinker
        self.bot_limits = bot_limits or BotLimits()
        self.notices: list[str] = []
        """Every notice about an external bot in this match, in order (``messages`` are taken by the table)."""
        self.bots = self._start_bots()
        self.viewer = viewer
        self.ai_delay = ai_delay
        self.messages: list[str] = []
        self.hand_results: list[HandResult] = []
        self.match_over: MatchOver | None = None
        self.last_hand_over: HandOver | None = None
        self._waiting_next_hand = False
        self._asked_at: float | None = None
        self._asked_seat: int | None = None
        self._human_action: Action | None = None
        self._asked_bot = False
        self.replay: deque[Action] = deque(replay)
        """A continued match's actions, re-applied at once (no AI asked) so the table sees the same match again."""
        self.autosave: MatchConfig | None = None
        """Set (by :meth:`start_saving`) for a match worth continuing: the game is saved after every trick."""
        self.recorder: MatchRecorder | None = None
        """Set (by :meth:`start_recording`) for a match kept in the history."""
        self._told: set[str] = set()
        self.coach = TableCoach(thinker, Coaching(), seed)
        self.learning = TableLearning.for_table([config.spec for config in seats])
        """Campione's learning of the human, at a two-player table against Campione (else None)."""
        self._unlearned: list[PlayerView] = []
        """Hands ended while the kept model was still being read: learned once it is given."""
        self._coached = False
        """True once the history was told the coach helped in this match."""
        """The hint and the grades of the human's moves (:mod:`briscola.match.table_coach`), as :attr:`coaching`
        allows; it asks the thinker's worker for its analyses."""

    @property
    def replaying(self) -> bool:
        """True while a continued match is being brought back to where it was saved."""
        return bool(self.replay)

    # ------------------------------------------------------------------------------------------------ bots

    @staticmethod
    def _plate(config: SeatConfig) -> SeatConfig:
        """An external seat shows its command, shortened, until its bot gives its own name (never the raw spec)."""
        command = external_command(config.spec)
        if command is None or config.level_name not in ("", config.spec):
            return config
        return replace(config, level_name=short_command(command, 24))

    def _start_bots(self) -> ExternalBots | None:
        """Start this match's bot programs, if any seat is one (each on its own thread: nothing waits here)."""
        commands = {seat: command for seat, c in enumerate(self.seats) if (command := external_command(c.spec))}
        if not commands:
            return None
        labels = {seat: self.seats[seat].name for seat in commands}
        return ExternalBots(commands, labels=labels, limits=self.bot_limits)

    @property
    def bot_faults(self) -> dict[int, int]:
        """Moves played for each external seat because its bot failed to make them (empty without bots)."""
        return {} if self.bots is None else dict(self.bots.faults)

    def _bot_news(self) -> None:
        """Show what the bots' threads reported: their notices, and each bot's own name on its plate."""
        bots = self.bots
        if bots is None:
            return
        for notice in bots.take_notices():
            self.messages.append(notice)
            self.notices.append(notice)
        for seat, name in bots.names.items():
            if name and self.seats[seat].level_name != name:
                self.seats[seat] = replace(self.seats[seat], level_name=name)

    def _tell_bots(self) -> None:
        """Every bot hears of the change as its seat sees it (the hand's end too, which no request would carry)."""
        if self.bots is None or self.replay:
            return  # a continued match being replayed: a bot hears the hand so far with its first request
        for seat in self.bots.commands:
            self.bots.observe(seat, self.game.view(seat))

    # ------------------------------------------------------------------------------------------------ state

    @property
    def human(self) -> int | None:
        """The human's seat, or None when computers play every seat (demo)."""
        for seat, config in enumerate(self.seats):
            if config.spec is None:
                return seat
        return None

    def view(self) -> PlayerView:
        """What the viewing seat may know now."""
        return self.game.view(self.viewer)

    @property
    def awaiting_human(self) -> bool:
        """True when the game waits for the human's move."""
        human = self.human
        return human is not None and self.game.to_move == human and not self.game.is_over

    @property
    def thinking_seat(self) -> int | None:
        """The computer seat whose move is being worked out, if any."""
        return self._asked_seat

    @property
    def waiting_next_hand(self) -> bool:
        """True after a hand ended, until :meth:`next_hand` (the results screen is showing)."""
        return self._waiting_next_hand

    def next_hand(self) -> None:
        """The player has seen the hand's result: deal the next one at the next tick."""
        self._waiting_next_hand = False

    # ------------------------------------------------------------------------------------------------ moves

    def submit(self, action: Action) -> str | None:
        """The human's move: None when accepted (applied at the next tick), else why it was refused."""
        if not self.awaiting_human or self._human_action is not None:
            return _("It is not your turn.")
        view = self.game.view(self.viewer if self.human is None else self.human)
        if action in view.legal:
            self._human_action = action
            return None
        return why_refused(action, view)

    def tick(self, now: float) -> list[Event]:
        """Advance the match if a move is ready; the events caused, as the viewer sees them (often none)."""
        game = self.game
        self._bot_news()
        self._history_news()
        self._learning_news()
        if not self.replay:
            self.coach.coaching = self.coaching
            self.coach.tick(game, self.human, self.awaiting_human and self._human_action is None)
            self._mark_coached()
        if game.is_over or self._waiting_next_hand:
            return []
        if self.replay:
            return self._apply(self.replay.popleft(), None, replayed=True)
        if game.phase in (Phase.DEAL, Phase.HAND_OVER):
            return self._apply(Deal(), None)
        seat = game.to_move
        if seat is None:
            return []
        if seat == self.human:
            action, self._human_action = self._human_action, None
            if action is None:
                return []
            self.coach.played(game, len(self.hand_results), action)
            return self._apply(action, seat)
        if self._asked_seat is None:
            config = self.seats[seat]
            self._asked_bot = self.bots is not None and seat in self.bots
            if self.bots is not None and self._asked_bot:
                self.bots.request(seat, game.view(seat))
            else:
                self.thinker.request(seat, config.spec or "greedy", game.view(seat))
            self._asked_seat, self._asked_at = seat, now
            return []
        if self._asked_at is not None and now - self._asked_at < self.ai_delay:
            return []
        answer = self.bots.poll() if self.bots is not None and self._asked_bot else self.thinker.poll()
        if answer is None:
            return []
        self._asked_seat = self._asked_at = None
        if answer.message and not self._asked_bot:
            self.messages.append(answer.message)
        self._bot_news()  # a bot's fault: its notice, before the move played for it
        return self._apply(answer.action, seat)

    def _apply(self, action: Action, seat: int | None, *, replayed: bool = False) -> list[Event]:
        events = self.game.apply(action, seat=seat)
        shown: list[Event] = []
        for event in events:
            if isinstance(event, HandOver):
                self.hand_results.append(event.result)
                self.last_hand_over = event
                self._waiting_next_hand = True
                if self.recorder is not None and not self.replay:
                    self.recorder.hand(self.game, event.result)
                if self.learning is not None and not replayed:
                    self._learn(self.game.view(self.learning.seat))
            elif isinstance(event, MatchOver):
                self.match_over = event
                if self.recorder is not None:
                    self.recorder.end(self.game)
            elif isinstance(event, TrickWon) and self.autosave is not None and not self.replay:
                self._save()
            seen = event_for_seat(event, self.viewer)
            if seen is not None:
                shown.append(seen)
        self._tell_bots()
        if self.match_over is not None and self.bots is not None:
            self.bots.close()  # after the last hand_over: each bot is told quit
        return shown

    def coach_news(self) -> None:
        """Take an analysis the coach was waiting for while no move is awaited (the hand's results showing), so
        the grade of the hand's last move still comes; and the model Campione learned from the hand, to keep."""
        self._learning_news()
        if not self.replay:
            self.coach.tick(self.game, self.human, False)
            self._mark_coached()

    def ask_hint(self) -> bool:
        """The human asked for the hint of their decision now: the coach works it out (see :attr:`coach`), and the
        match is marked in the history as practice (``hints_used``). False when the hint is off for this match, or it is
        not the human's decision."""
        human = self.human
        if not self.coaching.hints or human is None or not self.awaiting_human:
            return False
        self.coach.ask_hint(self.game, human)
        self._mark_coached()
        return True

    def _mark_coached(self) -> None:
        """Once the coach has helped in this match (a hint asked, a move graded), its history row says so, once."""
        if self._coached or not (self.coach.hints_used or self.coach.graded):
            return
        self._coached = True
        if self.recorder is not None:
            self.recorder.mark_practice(hints=True)

    # ------------------------------------------------------------------------------------------------ take back

    def undo_refusal(self) -> str | None:
        """Why the human's last decision can't be taken back now, in the player's words; None when it can."""
        if not self.coaching.undo:
            return _("Taking back moves is off in this match: turn on “Take back moves” on the new-game screen.")
        if self.bots is not None:
            return _("Moves can't be taken back with a bot program at the table: it can't be told to forget them.")
        human = self.human
        if human is None:
            return _("There is no move of yours to take back.")
        if self.replay:
            return _("Wait until the match is back where it was saved.")
        if self.match_over is not None or self._waiting_next_hand or self.game.phase is Phase.HAND_OVER:
            return _("The hand is over: a finished hand can't be taken back.")
        if self._human_action is not None:
            return _("Wait until your move is on the table.")
        if self._last_human_action() is None:
            return _("You have made no decision in this hand yet.")
        return None

    def _last_human_action(self) -> int | None:
        """The index in the game's actions of the human's last decision in the hand being played, if any."""
        seats = acted(self.game)
        start = max((i for i, action in enumerate(self.game.actions) if isinstance(action, Deal)), default=0)
        return next((i for i in range(len(seats) - 1, start - 1, -1) if seats[i] == self.human), None)

    def undo(self) -> TakenBack | str:
        """Take back the human's last decision in this hand and the computers' answers after it; the match goes on
        from the position before it (rebuilt from the seed by the engine), saved at once and marked in the history.
        Why not, in words, when it can't be done (:meth:`undo_refusal`)."""
        refusal = self.undo_refusal()
        if refusal is not None:
            return refusal
        index = self._last_human_action()
        assert index is not None and self.game.seed is not None
        seats = acted(self.game)
        taken = tuple((seat, action) for seat, action in zip(seats[index:], self.game.actions[index:], strict=True))
        self.thinker.cancel()
        self._asked_seat = self._asked_at = None
        self._asked_bot = False
        game = Game(self.rules, self.game.seed)
        for action in self.game.actions[:index]:
            game.apply(action)
        self.game = game
        self.coach.taken_back(index)
        if self.recorder is not None:
            self.recorder.mark_practice(undo=True)
        if self.autosave is not None:
            self._save()
        return TakenBack(tuple((seat, action) for seat, action in taken if seat is not None))

    @property
    def coaching(self) -> Coaching:
        """What the coach may do in this match (none for a match that is not saved: the demo, the command line's)."""
        return self.autosave.coaching if self.autosave is not None else Coaching()

    def start_saving(self, config: MatchConfig) -> None:
        """Save this match for "continue" with ``config``, from now on after every trick, and at once.

        A new match replaces the save of the one before at once (atomically), not after its first trick: a player
        who starts a new match and goes back to the title must find this match behind "Continue", never the match
        they abandoned. A continued match being replayed is not saved until it is back where it was (its save holds
        it already, and the moves replayed so far would cut it short).
        """
        self.autosave = config
        if self.recorder is not None and config.coaching.grading != "off":
            # Moves graded as they are played are the coach's advice on every move, read or not: such a match is
            # practice from its start, kept as ``hints_used`` (docs/history.md, "Practice").
            self.recorder.mark_practice(hints=True)
        if not self.replay:
            self._save(starting=True)

    def start_recording(self, recorder: MatchRecorder, *, continued: GameRecord | None = None) -> None:
        """Keep this match in the history through ``recorder``: its row begun now (waiting a moment for its id, which
        the autosave carries), or for a ``continued`` match, the row it had taken up again with the record saved."""
        self.recorder = recorder
        if self.learning is not None:
            self.learning.keep_in(recorder.writer, recorder.profile)
        if continued is not None:
            recorder.resume(continued)
        else:
            recorder.begin(self.game, wait=BEGIN_WAIT)

    def _learn(self, view: PlayerView) -> None:
        """Campione learns the hand ``view`` ends (its own seat's view) in the worker, once the kept model is given."""
        assert self.learning is not None
        if self.learning.loading:
            self._unlearned.append(view)
        else:
            self.thinker.request_learning(self.learning.seat, view)

    def _learning_news(self, wait: float = 0.0) -> None:
        """Give the worker the model read from the history (then the hands that waited for it), tell a kept model that
        could not be read, and keep each model learned (all on the writer's thread, none here)."""
        learning = self.learning
        if learning is None:
            return
        loaded = learning.take_loaded()
        if loaded is not None:
            self.thinker.give_opponent(learning.seat, loaded)
            for view in self._unlearned:
                self.thinker.request_learning(learning.seat, view)
            self._unlearned.clear()
        for problem in learning.take_problems():
            self.messages.append(problem.message())
        if learning.take_forgotten():
            self.thinker.give_opponent(learning.seat, OpponentModel().to_json())
        if not self.thinker.learning:
            return
        learned = self.thinker.take_learned(wait)
        for _seat, text in learned:
            learning.keep(text)

    def _history_news(self) -> None:
        """What the history failed to write, told once each (a history locked all match long says so once)."""
        if self.recorder is None:
            return
        for problem in self.recorder.writer.take_problems():
            message = problem.message()
            if message not in self._told:
                self._told.add(message)
                self.messages.append(message)

    def _save(self, *, starting: bool = False) -> None:
        """The autosave after a trick (or as a match starts); a failed write is a message on the table, never a stop.

        If the save of a match ``starting`` can't be written, the previous one is removed instead: an old match
        must not come back as the one to continue.
        """
        from briscola.store import autosave

        assert self.autosave is not None
        if self.recorder is not None and self.recorder.history_id != self.autosave.history_id:
            self.autosave = replace(self.autosave, history_id=self.recorder.history_id)
        problems = autosave.save(self.game, self.autosave)
        if problems and starting:
            problems += autosave.clear()
        for problem in problems:
            self.messages.append(problem.message())

    def close(self) -> None:
        """Stop the thinker's process and say ``quit`` to the bots (on their threads: the table doesn't wait).

        A match left with nothing saved to continue it is closed in the history as abandoned; a saved one stays
        open there, to be continued."""
        if self.recorder is not None and self.autosave is None:
            self.recorder.abandon(self.game)
        self._learning_news(wait=CLOSE_LEARNING_WAIT)  # the last hand's model, learned as the table was left
        self.thinker.close()
        if self.bots is not None:
            self.bots.close()

    def restart(self, seed: int | None = None) -> None:
        """A new match at the same table (the next seed unless one is given); a saved match is replaced at once."""
        self.seed = self.seed + 1 if seed is None else seed
        self.thinker.cancel()
        if self.bots is not None:
            self.bots.close()  # a new match, new bot processes: none keeps what it learnt of the last one
        self.bots = self._start_bots()
        if self.recorder is not None:  # the match left for this one is over for good
            self.recorder.abandon(self.game)
        self.game = Game(self.rules, self.seed)
        self.coach.reset(match_seed=self.seed)
        self._coached = False
        self.replay.clear()
        if self.recorder is not None:
            self.recorder = self.recorder.fresh()
            self.recorder.begin(self.game, wait=BEGIN_WAIT)
            if self.coaching.grading != "off":
                self.recorder.mark_practice(hints=True)  # as start_saving does for the first match
        if self.autosave is not None:
            self._save(starting=True)  # the abandoned match is no longer the one to continue
        self.hand_results = []
        self.match_over = None
        self.last_hand_over = None
        self._waiting_next_hand = False
        self._asked_seat = self._asked_at = None
        self._asked_bot = False
        self._human_action = None
