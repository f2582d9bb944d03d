"""A history filled with real matches: played through the engine by the levels (or by random moves), recorded hand by
hand exactly as the table records a match (begun, every hand as it ends, then ended).

One filling code for everything that needs a history of many matches: the history benchmark
(``bench/history.py``: the time of ``record_hand``, the size of the file, the statistics scene's opening time over
10,000 matches) and the screenshots of the statistics scene (:mod:`briscola.ui.shots`). The "human" seat is played by
a player spec too (``greedy`` by default, whose ladder Elo lies between Intermediate and Hard, so the rating the
statistics fit for it can be checked against the ladder), under the profile ``Anna``; its opponents' levels rotate
through :data:`OPPONENTS`. Three matches in four are the two-player classic game, one in four the four-player game
against :data:`FOUR_LEVEL` (the human's partner playing it too). Matches start one after another ``spacing`` apart,
from ``start``, so the statistics have a time axis.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Final

from briscola.ai.levels import make_player
from briscola.ai.simple import Player
from briscola.engine import Game, preset
from briscola.engine.events import HandOver
from briscola.engine.record import SeatInfo, SeatKind, record_from_game
from briscola.store.history import History

__all__ = ["OPPONENTS", "PROFILE", "fill_history"]

#: The profile the filled matches are played under.
PROFILE: Final = "Anna"
#: The levels the human's opponents play, in turn.
OPPONENTS: Final[tuple[str, ...]] = ("principiante", "facile", "medio")
#: The level of the other three seats of a four-player match (a quick one: the levels that sample hidden hands take
#: several milliseconds a move at four, which 10,000 matches would turn into most of an hour).
FOUR_LEVEL: Final = "facile"
CREATED: Final = "2025-03-01T18:30:00Z"

#: Called after each ``record_hand`` with its seconds on the clock and in CPU time.
HandTimer = Callable[[float, float], None]


def _seats(players: int, level: str) -> tuple[SeatInfo, ...]:
    human = SeatInfo(PROFILE, SeatKind.HUMAN)
    if players == 2:
        return (human, SeatInfo("Computer", SeatKind.COMPUTER, level))
    names = ("Left", "Partner", "Right")
    return (human, *(SeatInfo(name, SeatKind.COMPUTER, level) for name in names))


def fill_history(
    history: History,
    matches: int,
    *,
    seed: int = 1,
    human: str | None = "greedy",
    opponents: Sequence[str] = OPPONENTS,
    start: datetime | None = None,
    spacing: timedelta = timedelta(hours=1),
    on_hand: HandTimer | None = None,
) -> int:
    """Play and record ``matches`` matches; the hands recorded. ``human`` None: every seat makes random moves."""
    rng = random.Random(seed)
    first = start or datetime(2025, 1, 1, tzinfo=UTC)
    hands = 0
    for number in range(matches):
        name = "four" if number % 4 == 3 else "classic"
        level = opponents[number % len(opponents)] if name == "classic" else FOUR_LEVEL
        game = Game(preset(name), rng.getrandbits(63))
        seats = _seats(game.rules.players, level)
        players: list[Player | None] = [None] * len(seats)
        if human is not None:
            specs = [human, *(level for _ in seats[1:])]
            players = [make_player(spec, random.Random(rng.getrandbits(63))) for spec in specs]
        match_id = history.begin_match(
            record_from_game(game, seats, created=CREATED),
            preset=name,
            profile=PROFILE,
            human_seat=0,
            started=first + number * spacing,
        )
        while not game.is_over:
            seat = game.to_move
            player = None if seat is None else players[seat]
            if player is None or seat is None:
                action = rng.choice(game.legal_actions())  # a deal (the only action), or a random move
            else:
                action = player.choose(game.view(seat))
            for event in game.apply(action):
                if isinstance(event, HandOver):
                    record = record_from_game(game, seats, created=CREATED)
                    clock, cpu = time.perf_counter(), time.thread_time()
                    history.record_hand(match_id, record, event.result)
                    if on_hand is not None:
                        on_hand(time.perf_counter() - clock, time.thread_time() - cpu)
                    hands += 1
        history.end_match(
            match_id, record_from_game(game, seats, created=CREATED), ended=first + number * spacing + spacing / 2
        )
    return hands
