"""Campione learns the player it faces, and the history keeps what it learned (no pygame).

The model (:mod:`briscola.ai.opponent`) learns one finished hand at a time from the Campione seat's own view at the
hand's end (:func:`~briscola.ai.opponent.observe`: what that seat was shown, never a hidden card), and only Campione
plays with it or learns: the other levels never. Who is learned is named in the history by a kind and an owner
(:meth:`~briscola.store.history.History.opponent_model`): ``profile`` and the profile's name for a person at the
table or in the terminal game, ``bot`` and the program's name (or a level's) in the arena.

**At the table** (:class:`TableLearning`, used by :class:`~briscola.match.driver.MatchDriver`): a two-player match
with Campione at one seat and the human at the other. The model kept for the human's profile is read off the frame
(on the history writer's thread) as the match starts, a continued match too, and given to the worker that runs
Campione; a kept model that can't be read is a problem told like the history's others, and learning starts afresh.
At every hand's end the worker learns the hand (a tenth of a second, never on the frame) and sends the model back as
text, which the writer's thread keeps. With no history, or no profile, Campione learns within the match only (the
worker keeps the model in memory, for the next matches at the same table too).

The terminal game and the arena learn in place (:func:`hand_observations`), they have no frame to spare.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from briscola.ai.levels import PlayerSpecError, player_name
from briscola.ai.opponent import Observation, OpponentModel, observe
from briscola.engine.events import HandOver
from briscola.engine.game import Game

if TYPE_CHECKING:
    from briscola.match.recorder import HistoryWriter
    from briscola.store.history import History
    from briscola.store.problems import Problem

__all__ = ["CAMPIONE", "PROFILE", "TableLearning", "hand_observations", "is_campione", "learning_seat"]

#: The level that learns its opponent.
CAMPIONE: Final = "campione"
#: The history's kind of owner for a person's profile (a bot program's is ``"bot"``).
PROFILE: Final = "profile"


def is_campione(spec: str | None) -> bool:
    """True for a spec naming Campione (``campione``, ``6``, any case)."""
    if spec is None:
        return False
    try:
        return player_name(spec) == CAMPIONE
    except PlayerSpecError:
        return False


def learning_seat(specs: Sequence[str | None]) -> int | None:
    """The seat whose Campione learns at a table of ``specs`` (None for the human): two seats, Campione at one and the
    human at the other; None at any other table."""
    if len(specs) != 2:
        return None
    for seat, spec in enumerate(specs):
        if is_campione(spec) and specs[1 - seat] is None:
            return seat
    return None


def hand_observations(game: Game, seat: int) -> list[Observation]:
    """Each hand of ``game`` played to its end, as ``seat`` saw the other player's plays (its view at each hand's end),
    oldest first. The game is replayed from its seed to see each hand's end: a finished game's view holds the last
    hand only."""
    if game.seed is None:
        return []
    again = Game(game.rules, game.seed)
    found: list[Observation] = []
    for action in game.actions:
        events = again.apply(action)
        if any(isinstance(event, HandOver) for event in events):
            observation = observe(again.view(seat))
            if observation is not None:
                found.append(observation)
    return found


class TableLearning:
    """What Campione at ``seat`` has learned of the human at a table, and where it is kept (see the module).

    :meth:`keep_in` names the history and the profile; until then (and without them) nothing is read or kept. The
    driver gives the model read (:meth:`take_loaded`) to its thinker, tells the problems (:meth:`take_problems`) and
    hands back each model learned (:meth:`keep`).
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.owner: str | None = None
        self.writer: HistoryWriter | None = None
        self._lock = threading.Lock()
        self._loaded: str | None = None
        self._loading = False
        self._problems: list[Problem] = []
        self._kept = False
        """True once the history holds a model of this match's (read with hands in it, or kept since)."""
        self._forgotten = False

    @classmethod
    def for_table(cls, specs: Sequence[str | None]) -> TableLearning | None:
        """The learning of a table of ``specs``, or None where nobody learns (:func:`learning_seat`)."""
        seat = learning_seat(specs)
        return None if seat is None else cls(seat)

    @property
    def loading(self) -> bool:
        """True from :meth:`keep_in` until the model read is taken: hands learned meanwhile wait for it."""
        with self._lock:
            return self._loading

    def keep_in(self, writer: HistoryWriter, profile: str | None) -> None:
        """Keep what is learned in ``writer``'s history under ``profile`` (nothing without one), reading what was
        kept before on the writer's thread."""
        if not profile:
            return
        self.writer, self.owner = writer, profile
        with self._lock:
            self._loading = True

        def job(history: History) -> None:
            model, problem = OpponentModel(), None
            try:
                model, problem = history.opponent_model(PROFILE, profile)
            finally:  # whatever happens, the match learns on (from nothing if it must)
                with self._lock:
                    self._loaded = model.to_json()
                    self._kept = model.hands > 0
                    if problem is not None:
                        self._problems.append(problem)

        writer.submit(job)

    def take_loaded(self) -> str | None:
        """The model read from the history, as text, once it is read (once only; None before and after)."""
        with self._lock:
            loaded, self._loaded = self._loaded, None
            if loaded is not None:
                self._loading = False
            return loaded

    def take_problems(self) -> list[Problem]:
        """What went wrong reading the kept model, each once."""
        with self._lock:
            problems, self._problems = self._problems, []
            return problems

    def keep(self, text: str) -> None:
        """Keep a model learned (as text) in the history, on the writer's thread; nothing without a history."""
        writer, owner = self.writer, self.owner
        if writer is None or owner is None:
            return

        def job(history: History) -> None:
            with self._lock:
                expected = self._kept
            if expected and not history.keeps_opponent_model(PROFILE, owner):
                # Forgotten meanwhile (Settings, from the pause): what the worker knew goes too, not back in.
                with self._lock:
                    self._forgotten, self._kept = True, False
                return
            if history.keep_opponent_model(PROFILE, owner, OpponentModel.from_json(text)):
                with self._lock:
                    self._kept = True

        writer.submit(job)

    def take_forgotten(self) -> bool:
        """True once after the player had what Campione learned forgotten during the match: the worker's model must
        start afresh (the hand learned meanwhile was not kept)."""
        with self._lock:
            forgotten, self._forgotten = self._forgotten, False
            return forgotten
