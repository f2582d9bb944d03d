"""What the history keeps of a match and its hands, read from the engine's own facts: no rule is worked out again here.

A hand's facts come from the engine's :class:`~briscola.engine.events.HandResult` (the event the table and the
terminal already receive): its sides, their points, the game points, the winners and the cappotto. A match's come from
its :class:`~briscola.engine.record.GameRecord`: the seats, the rules' teams and the result's winners. A finished
record's hands are found by replaying it (:func:`hands_of`), which is how an imported match gets its hands.

**What a result means.** Results are per seat, so the same words serve a person and the arena:

- a seat *won* the match when it is among the winners and every winner is on its team (partners win together);
- it *drew* when it shares first place with a seat of another team (a tie for first in three-handed or chiamata);
- it *lost* otherwise; every seat of a match left unfinished is *abandoned*.

The human's result is their seat's result, which in a team game is their side's. A hand is *won* by the seats of the
winning side(s), *drawn* by everyone when nobody won, and *lost* by the rest; a seat sitting the hand out (five players)
has no row for it. Each seat's opponents are the seats outside its team (in chiamata and three-handed games, every
other seat), summed up as a label of their levels (:func:`opponents_label`): ``medio``, or ``facile+medio`` for a
table of mixed levels, ``human`` for a person, ``external`` for a bot program. The statistics are grouped by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from briscola.ai.levels import player_names
from briscola.engine.events import HandOver, HandResult
from briscola.engine.record import GameRecord, SeatInfo, SeatKind, replay_events
from briscola.engine.ruleset import Ruleset

__all__ = [
    "HandFacts",
    "HandSeat",
    "Outcome",
    "SeatFacts",
    "hand_facts",
    "hands_of",
    "opponents_label",
    "seat_facts",
    "seat_results",
]

#: The label of a person among the opponents, and of a bot program with no level of its own.
HUMAN_LABEL: Final = "human"
EXTERNAL_LABEL: Final = "external"
_ORDER: Final = {name: index for index, name in enumerate(player_names())}


class Outcome(StrEnum):
    """A seat's result in a match or a hand; ``ABANDONED`` only for a match left unfinished."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat of a match as the history keeps it: who, which team (an index of ``rules.teams``), and against whom."""

    seat: int
    name: str
    kind: SeatKind
    level: str | None
    team: int
    opponents: str


@dataclass(frozen=True, slots=True)
class HandSeat:
    """One seat's view of a hand: its side's points and its own game points, its outcome, and a cappotto taken
    (``1``) or conceded (``-1``) by its side."""

    seat: int
    points: int
    game_points: int
    outcome: Outcome
    cappotto: int


@dataclass(frozen=True, slots=True)
class HandFacts:
    """A scored hand: its number in the match (from 1), the engine's breakdown, and each playing seat's view."""

    hand_no: int
    reason: str
    stake: int
    cappotto: bool
    sides: tuple[tuple[int, ...], ...]
    side_points: tuple[int, ...]
    game_points: tuple[int, ...]
    winners: tuple[int, ...]
    seats: tuple[HandSeat, ...]


def _team_of(rules: Ruleset, seat: int) -> int:
    return next(index for index, team in enumerate(rules.teams) if seat in team)


def _label(info: SeatInfo) -> str:
    if info.kind is SeatKind.HUMAN:
        return HUMAN_LABEL
    if info.kind is SeatKind.EXTERNAL:
        return EXTERNAL_LABEL
    return info.level or EXTERNAL_LABEL


def opponents_label(rules: Ruleset, seats: Sequence[SeatInfo], seat: int) -> str:
    """The levels of ``seat``'s opponents: one name when they all play alike, else the names weakest first, by ``+``."""
    team = rules.teams[_team_of(rules, seat)]
    labels = {_label(info) for index, info in enumerate(seats) if index not in team}
    return "+".join(sorted(labels, key=lambda label: (_ORDER.get(label, len(_ORDER)), label)))


def seat_facts(record: GameRecord) -> tuple[SeatFacts, ...]:
    """Every seat of ``record`` with its team and its opponents' label."""
    rules = record.rules
    return tuple(
        SeatFacts(
            seat, info.name, info.kind, info.level, _team_of(rules, seat), opponents_label(rules, record.seats, seat)
        )
        for seat, info in enumerate(record.seats)
    )


def seat_results(record: GameRecord) -> tuple[Outcome, ...]:
    """Each seat's result: won, drawn or lost for a finished match (see the module's notes), abandoned otherwise."""
    winners = record.result.winners
    if winners is None:
        return (Outcome.ABANDONED,) * len(record.seats)
    rules = record.rules
    winning_teams = {_team_of(rules, seat) for seat in winners}
    results = []
    for seat in range(len(record.seats)):
        if seat not in winners:
            results.append(Outcome.LOST)
        elif len(winning_teams) == 1:
            results.append(Outcome.WON)
        else:
            results.append(Outcome.DRAWN)
    return tuple(results)


def hand_facts(hand_no: int, result: HandResult, rules: Ruleset) -> HandFacts:
    """The history's rows for one hand, from the engine's result of it (``hand_no`` counts scored hands from 1)."""
    melds = result.melds or (0,) * len(result.sides)
    # A side took every card point when its points less its declarations are the deck's.
    card_points = [points - meld for points, meld in zip(result.side_points, melds, strict=True)]
    took_all = [points == rules.deck_points for points in card_points]
    seats = []
    for side, points, all_cards in zip(result.sides, result.side_points, took_all, strict=True):
        conceded = not all_cards and any(took_all)
        for seat in side:
            if not result.winners:
                outcome = Outcome.DRAWN
            elif seat in result.winners:
                outcome = Outcome.WON
            else:
                outcome = Outcome.LOST
            cappotto = 1 if all_cards else -1 if conceded else 0
            seats.append(HandSeat(seat, points, result.game_points[seat], outcome, cappotto))
    return HandFacts(
        hand_no=hand_no,
        reason=result.reason,
        stake=result.stake,
        cappotto=result.cappotto,
        sides=result.sides,
        side_points=result.side_points,
        game_points=result.game_points,
        winners=result.winners,
        seats=tuple(sorted(seats, key=lambda hand_seat: hand_seat.seat)),
    )


def hands_of(record: GameRecord) -> list[HandFacts]:
    """The scored hands of ``record``, by replaying it (the engine is the judge; an illegal action raises
    :class:`~briscola.engine.errors.RecordError`)."""
    hands: list[HandFacts] = []
    for _, events in replay_events(record):
        for event in events:
            if isinstance(event, HandOver):
                hands.append(hand_facts(len(hands) + 1, event.result, record.rules))
    return hands
