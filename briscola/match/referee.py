"""The referee: plays one match between seats, trusting none of them, and reports what happened.

The arena plays its games with it (and the BBP/1 tests theirs), enforcing these rules on players it did not write: every
answer is checked against the legal actions; a bad answer (:class:`~briscola.match.seats.SeatFault`, an illegal action,
or any exception a seat's code raises) is a *fault*, for which the first legal action is played so the match goes on; a
seat that is gone (:class:`~briscola.match.seats.SeatExited`) forfeits the hand in progress and hears nothing more of
it. At the next deal it is told of the new hand again, which lets an external bot be restarted; one that is still gone
leaves, and loses, that hand as well. Whatever a seat does, :func:`play_match` returns an outcome and closes every seat.

The desktop table does not use it: its match advances step by step with the animations
(:class:`~briscola.match.driver.MatchDriver`). What the two share is the seat: an external bot at the table is the same
:class:`~briscola.protocol.external.ExternalSeat`, which checks each answer against the legal actions, and a fault there
is a legal move too (the first legal card, :func:`~briscola.match.worker.fallback_action`, where this referee plays the
first legal action).

>>> import random
>>> from briscola.engine.presets import preset
>>> from briscola.match.seats import make_seat
>>> seats = [make_seat("greedy", random.Random(1)), make_seat("random", random.Random(2))]
>>> outcome = play_match(preset("classic"), 7, seats)
>>> outcome.finished, len(outcome.winners) >= 1, outcome.faults
(True, True, (0, 0))
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from briscola.engine.actions import Action, Deal
from briscola.engine.events import Event, HandOver, HandResult
from briscola.engine.game import Game, Phase
from briscola.engine.ruleset import Ruleset
from briscola.engine.views import PlayerView
from briscola.match.seats import PlayerSeat, Seat, SeatExited, SeatFault

__all__ = ["DEFAULT_MAX_DEALS", "Fault", "MatchOutcome", "play_match"]

_log = logging.getLogger(__name__)

#: Deals after which a match is stopped unfinished. No real match comes near it (five chiamata deals, a handful of
#: hands to three); it only stops a match that could go on forever, such as a chiamata where every seat always passes
#: (each thrown-in hand is dealt again) or a match of endless 60-60 draws.
DEFAULT_MAX_DEALS: Final = 500

_HAND_PHASES: Final = (Phase.AUCTION, Phase.CALL, Phase.PLAY)


@dataclass(frozen=True, slots=True)
class Fault:
    """One fault (or one departure): which seat, in which hand (0 = the first), and what went wrong, for reports."""

    seat: int
    hand_no: int
    reason: str


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """What one match produced. Per-seat tuples are indexed by seat.

    ``game`` is the game as it ended (its ``actions`` and ``seed`` make its record). ``hands`` are the scored hands in
    order (a chiamata hand thrown in because all passed is not one). ``points`` adds up, over those hands, the points
    of each seat's side, so partners show the same total. ``winners`` are the match's winning seats; it is empty when
    the match was stopped before its end (``finished`` is false), either on purpose (``hands``) or by the deal cap.
    ``move_times`` holds, for each seat, the seconds each of its answers took, faulty ones included. ``exited`` lists
    the seats that left the table at least once, and ``exit_log`` each departure with its reason.
    """

    game: Game
    faults: tuple[int, ...]
    fault_log: tuple[Fault, ...]
    exit_log: tuple[Fault, ...]
    move_times: tuple[tuple[float, ...], ...]
    hands: tuple[HandResult, ...]
    match_scores: tuple[int, ...]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    exited: tuple[int, ...]
    finished: bool


class _Match:
    """The state of one refereed match: the game, the seats, and the tallies the outcome is made of."""

    def __init__(self, rules: Ruleset, seed: int, seats: Sequence[Seat]) -> None:
        self.game = Game(rules, seed)
        self.seats = seats
        n = rules.players
        self.faults = [0] * n
        self.fault_log: list[Fault] = []
        self.move_times: list[list[float]] = [[] for _ in range(n)]
        self.hands: list[HandResult] = []
        self.gone: set[int] = set()  # seats that left during the hand in progress
        self.exit_log: list[Fault] = []
        self.unforfeitable_hand = -1
        # Our own players decide from the view alone and ignore notices; building a view for each of them after
        # every action would only cost time (a view copies the hand's whole event log).
        self.listeners = [seat for seat in range(n) if not isinstance(seats[seat], PlayerSeat)]

    # ------------------------------------------------------------------------------------------------ faults

    def fault(self, seat: int, reason: str) -> None:
        self.faults[seat] += 1
        self.fault_log.append(Fault(seat, max(self.game.hand_no - 1, 0), reason))

    def _name(self, seat: int) -> str:
        return f"seat {seat} ({getattr(self.seats[seat], 'name', '?')})"

    # ------------------------------------------------------------------------------------------------ moves

    def step(self) -> None:
        """One action: a forfeit, the chance step ``Deal``, or the answer of the seat to move (or its stand-in)."""
        if self.forfeit_gone():
            return
        game = self.game
        seat = game.to_move
        if seat is None:
            self.apply(Deal())
            return
        view = game.view(seat)
        if seat in self.gone:
            # Only reached when the engine refused to forfeit the hand: play on for the missing seat.
            self.fault(seat, "the seat is gone; its move was played for it")
            self.apply(view.legal[0])
            return
        action = self.ask(seat, view)
        if action is not None:
            self.apply(action)

    def ask(self, seat: int, view: PlayerView) -> Action | None:
        """The seat's checked answer, the first legal action after a fault, or None if the seat has just left."""
        legal = view.legal
        start = time.perf_counter()
        try:
            answer = self.seats[seat].choose(view)
        except SeatExited as error:
            self.move_times[seat].append(time.perf_counter() - start)
            self.leave(seat, str(error))
            return None
        except SeatFault as error:
            self.move_times[seat].append(time.perf_counter() - start)
            self.fault(seat, str(error) or "fault")
            return legal[0]
        except Exception as error:  # a seat's bug must not stop the match
            self.move_times[seat].append(time.perf_counter() - start)
            _log.warning("%s raised %s: %s; playing %s for it", self._name(seat), type(error).__name__, error, legal[0])
            _log.debug("traceback of %s's error", self._name(seat), exc_info=True)
            self.fault(seat, f"{type(error).__name__}: {error}")
            return legal[0]
        self.move_times[seat].append(time.perf_counter() - start)
        if answer not in legal:
            self.fault(seat, f"not a legal action: {answer!s}")
            return legal[0]
        return answer

    def apply(self, action: Action) -> None:
        """Apply ``action``, note the hands it scored, and tell every listening seat.

        A new deal readmits the seats that left: they hear of the new hand (an external bot is restarted then).
        """
        events = self.game.apply(action)
        if isinstance(action, Deal):
            self.gone.clear()
        self.after(events)

    def after(self, events: list[Event]) -> None:
        self.hands.extend(event.result for event in events if isinstance(event, HandOver))
        self.notify()

    def notify(self) -> None:
        """Give every seat that follows the game its new view (external bots need every event, hand_over too)."""
        for seat in self.listeners:
            if seat in self.gone:
                continue
            try:
                self.seats[seat].observe(self.game.view(seat))
            except SeatExited as error:
                self.leave(seat, str(error))
            except SeatFault as error:
                self.fault(seat, str(error) or "fault")
            except Exception as error:  # a seat's bug must not stop the match
                _log.warning("%s raised %s while observing: %s", self._name(seat), type(error).__name__, error)
                _log.debug("traceback of %s's error", self._name(seat), exc_info=True)
                self.fault(seat, f"{type(error).__name__}: {error}")

    # ------------------------------------------------------------------------------------------------ leaving

    def leave(self, seat: int, reason: str) -> None:
        """``seat`` is gone: it is asked and told nothing more until the next deal."""
        if seat not in self.gone:
            _log.info("%s left the table: %s", self._name(seat), reason)
            self.gone.add(seat)
            self.exit_log.append(Fault(seat, max(self.game.hand_no - 1, 0), reason))

    def forfeit_gone(self) -> bool:
        """End the hand in progress if a seat that is gone plays in it (its side loses); True if it did."""
        game = self.game
        if not self.gone or game.phase not in _HAND_PHASES or game.hand_no == self.unforfeitable_hand:
            return False
        seats = tuple(sorted(seat for seat in self.gone if seat in game.active))
        if not seats:
            return False
        try:
            events = game.forfeit(seats)
        except Exception as error:  # an engine refusal must not stop the referee either
            _log.warning(
                "hand %d could not be forfeited for seats %s (%s: %s); their moves are played for them",
                game.hand_no,
                seats,
                type(error).__name__,
                error,
            )
            self.unforfeitable_hand = game.hand_no
            return False
        self.after(events)
        return True

    def outcome(self, finished: bool) -> MatchOutcome:
        game = self.game
        n = game.players
        points = [0] * n
        for result in self.hands:
            for seat, total in enumerate(result.points_by_seat(n)):
                points[seat] += total
        return MatchOutcome(
            game=game,
            faults=tuple(self.faults),
            fault_log=tuple(self.fault_log),
            exit_log=tuple(self.exit_log),
            move_times=tuple(tuple(times) for times in self.move_times),
            hands=tuple(self.hands),
            match_scores=tuple(game.match_scores),
            winners=game.match_winners if finished else (),
            points=tuple(points),
            exited=tuple(sorted({departure.seat for departure in self.exit_log})),
            finished=finished,
        )


def play_match(
    rules: Ruleset,
    seed: int,
    seats: Sequence[Seat],
    *,
    hands: int | None = None,
    max_deals: int = DEFAULT_MAX_DEALS,
) -> MatchOutcome:
    """Play a match of ``rules`` from ``seed`` with ``seats[i]`` at seat ``i``, and close every seat at the end.

    ``hands`` stops the match once that many hands have been scored (the arena's one-hand games); the outcome is then
    unfinished unless the match itself ended. ``max_deals`` caps the deals of a match that would not end.
    """
    try:
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a game of {rules.players} players")
        match = _Match(rules, seed, seats)
        game = match.game
        while not game.is_over:
            if hands is not None and len(match.hands) >= hands:
                break
            if game.to_move is None and game.hand_no >= max_deals:
                _log.warning("match of seed %d stopped after %d deals", seed, max_deals)
                break
            match.step()
        return match.outcome(game.is_over)
    finally:
        _close_all(seats)


def _close_all(seats: Sequence[Seat]) -> None:
    """Close every seat, even when one of them fails to close."""
    for index, seat in enumerate(seats):
        try:
            seat.close()
        except Exception as error:  # the other seats must still be closed
            _log.warning("seat %d (%s) failed to close: %s", index, getattr(seat, "name", "?"), error)
