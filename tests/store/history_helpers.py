"""Matches for the history's tests: real games played by random moves, recorded hand by hand as the table will."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from briscola.engine import Game, Ruleset, preset
from briscola.engine.events import HandOver
from briscola.engine.record import GameRecord, SeatInfo, SeatKind, record_from_game
from briscola.store.history import History

CREATED = "2025-03-01T18:30:00Z"
HUMAN_VS_MEDIO = (SeatInfo("Anna", SeatKind.HUMAN), SeatInfo("Computer", SeatKind.COMPUTER, "medio"))


@dataclass
class Played:
    """A match played into a history: its id, the game as it ended (or stopped) and the hands' results."""

    match_id: int | None
    game: Game
    seats: tuple[SeatInfo, ...]
    hands: list[HandOver]

    def record(self) -> GameRecord:
        return record_from_game(self.game, self.seats, created=CREATED)


def play(
    history: History,
    seed: int,
    *,
    rules: Ruleset | None = None,
    seats: Sequence[SeatInfo] = HUMAN_VS_MEDIO,
    preset_name: str = "classic",
    profile: str | None = "Anna",
    human_seat: int | None = 0,
    stop_after_hands: int | None = None,
    finish: bool = True,
    record_hands: bool = True,
) -> Played:
    """Play a match of random moves, recording it: begun, every hand as it ends, then ended (if ``finish``)."""
    game = Game(rules or preset(preset_name), seed)
    rng = random.Random(seed)
    played = Played(None, game, tuple(seats), [])
    played.match_id = history.begin_match(played.record(), preset=preset_name, profile=profile, human_seat=human_seat)
    while not game.is_over:
        for event in game.apply(rng.choice(game.legal_actions())):
            if isinstance(event, HandOver):
                played.hands.append(event)
                if record_hands:
                    assert history.record_hand(played.match_id, played.record(), event.result)
        if stop_after_hands is not None and len(played.hands) >= stop_after_hands:
            return played
    if finish:
        assert history.end_match(played.match_id, played.record())
    return played
