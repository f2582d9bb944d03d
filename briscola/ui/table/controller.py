"""The match flow behind the table scene, without pygame: what happens between hands, at a match's end and at a new
match, and what the human's seat may see now.

The table scene animates; this decides. It owns the :class:`~briscola.match.driver.MatchDriver` and keeps the
match's bookkeeping that is no animation: the hands played, the result waiting for the player, the demo's policy
(computers in every seat play ``demo_hands`` hands, a finished match starts again with the next seed), the autosave
cleared once a match is over (nothing is left to continue), a new match's fresh seed. It also keeps the viewer's
:class:`~briscola.engine.views.PlayerView`, built once per change of the game (a view copies the hand's event log, so
the scene must not build one per frame). A move taken back (:meth:`MatchController.undo`) is the driver's to do; the
scene only lays the table again from the game. The scene tells it what it has shown (:meth:`hand_over`,
:meth:`after_result`) and acts on the answers: the results, the match summary, quitting.
"""

from __future__ import annotations

import enum
import random

from briscola.engine import Action, Game
from briscola.engine.events import Event, HandOver
from briscola.engine.views import PlayerView
from briscola.match.driver import MatchDriver, TakenBack

__all__ = ["AfterResult", "MatchController"]


class AfterResult(enum.Enum):
    """What follows a hand's results, once the player (or the demo's timer) dismissed them."""

    NEXT_HAND = "next_hand"
    """The next hand is dealt at the next tick."""
    MATCH_SUMMARY = "match_summary"
    """The match is over: show its summary."""
    RESTARTED = "restarted"
    """A demo's match is over: a new one started at once, with the next seed."""
    QUIT = "quit"
    """A demo played all its hands: close the window."""


class MatchController:
    """One match at the table: the driver, the hands done, the result pending, and the viewer's view."""

    def __init__(self, driver: MatchDriver, *, demo_hands: int | None = None) -> None:
        self.driver = driver
        self.demo_hands = demo_hands
        """With computers in every seat: the hands to play before the window closes (None: a match to play)."""
        self.hands_done = 0
        self.result_pending: HandOver | None = None
        """The hand whose results are showing, until the player goes on."""
        self._view: tuple[Game, int, PlayerView] | None = None
        self._undo: tuple[Game, int, bool] | None = None

    # ------------------------------------------------------------------------------------------------ state

    @property
    def replaying(self) -> bool:
        """True while a continued match is replayed to where it was saved."""
        return self.driver.replaying

    @property
    def awaiting_human(self) -> bool:
        """True when the match waits for the human's move and no result is showing."""
        return self.driver.awaiting_human and self.result_pending is None

    def view(self) -> PlayerView:
        """What the viewing seat may know now: built once per action applied (or new match), then kept."""
        game = self.driver.game
        if self._view is None or self._view[0] is not game or self._view[1] != len(game.actions):
            self._view = (game, len(game.actions), self.driver.view())
        return self._view[2]

    # ------------------------------------------------------------------------------------------------ moves

    def tick(self, now: float) -> list[Event]:
        """The events of the next move, if one is ready (none while a result is showing)."""
        if self.result_pending is not None:
            return []
        return self.driver.tick(now)

    def submit(self, action: Action) -> str | None:
        """The human's move: None when accepted, else why it was refused (in words to show)."""
        return self.driver.submit(action)

    def undo(self) -> TakenBack | str:
        """Take back the human's last decision and the answers to it (:meth:`MatchDriver.undo`); else why not (a hand
        whose results are showing is over for the driver too: it waits for the next hand)."""
        return self.driver.undo()

    @property
    def undo_on(self) -> bool:
        """True when this match was started with taking back moves on (the table then offers a "Take back" button)."""
        return self.driver.coaching.undo

    @property
    def can_undo(self) -> bool:
        """True when a move can be taken back now; asked of the driver once per change of the game (it replays the
        hand to find the human's last decision), as the view is, since the table asks every frame."""
        game = self.driver.game
        if not self.undo_on or self.result_pending is not None:
            return False
        if self._undo is None or self._undo[0] is not game or self._undo[1] != len(game.actions):
            self._undo = (game, len(game.actions), self.driver.undo_refusal() is None)
        return self._undo[2]

    def take_messages(self) -> list[str]:
        """The driver's messages since the last call (a move played for a failing seat, a save that failed)."""
        messages = list(self.driver.messages)
        self.driver.messages.clear()
        return messages

    # ------------------------------------------------------------------------------------------------ flow

    def hand_over(self, event: HandOver) -> bool:
        """A hand ended on the table; True when its results are to be shown (False for a hand being replayed)."""
        self.hands_done += 1
        if self.driver.replaying:  # a hand already seen before the match was saved
            self.driver.next_hand()
            return False
        self.result_pending = event
        return True

    def after_result(self) -> AfterResult:
        """The results were dismissed: go on to the next hand, or say what the table must do instead."""
        self.result_pending = None
        if self.demo_hands is not None and self.hands_done >= self.demo_hands:
            return AfterResult.QUIT
        if self.driver.match_over is not None:
            if self.driver.autosave is not None:  # nothing left to continue
                from briscola.store import autosave

                autosave.clear()
            if self.demo_hands is not None:
                self.driver.restart()
                return AfterResult.RESTARTED
            return AfterResult.MATCH_SUMMARY
        self.driver.next_hand()
        return AfterResult.NEXT_HAND

    def new_match(self, seed: int | None = None) -> None:
        """A new match at this table, with ``seed`` (a fresh random one unless given)."""
        self.driver.restart(random.SystemRandom().randrange(1_000_000) if seed is None else seed)
        self.result_pending = None
        self.hands_done = 0

    def close(self) -> None:
        """Stop the AI worker and the bots."""
        self.driver.close()
