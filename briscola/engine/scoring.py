"""Scoring: who won a hand, what it is worth towards the match, and when the match is over (rules.md 3.9, 4, 6).

A hand's sides (:attr:`State.sides <briscola.engine.state.State.sides>`) are the seats playing together: fixed
partnerships, each seat alone (2 and 3 players), the four active seats in alternating pairs when one of five sits out,
or the chiamata caller with the partner against the rest.
"""

from __future__ import annotations

from typing import Final, Literal

from briscola.engine.events import Event, HandOver, HandResult, MatchOver
from briscola.engine.ruleset import AloneScoring, CappottoCount, DrawHandling
from briscola.engine.state import Phase, State

__all__ = [
    "CHIAMATA_ALONE",
    "CHIAMATA_CALLER",
    "CHIAMATA_OTHER",
    "CHIAMATA_PARTNER",
    "ChiamataRole",
    "chiamata_doubled",
    "chiamata_points",
    "finish_hand",
    "margin_points",
    "next_stake",
]

#: The chiamata table (rules.md 6): what a made deal gives each seat; a failed one gives the opposite. A caller who
#: called their own card plays alone: +4 (``CHIAMATA_ALONE``), and the others -1 each (zero-sum) or -2 each (the
#: table doubled, :attr:`AloneScoring.DOUBLED`). The score sheet reads the same table through :func:`chiamata_points`.
CHIAMATA_CALLER: Final = 2
CHIAMATA_PARTNER: Final = 1
CHIAMATA_OTHER: Final = -1
CHIAMATA_ALONE: Final = 4

#: A seat's part in a chiamata deal.
ChiamataRole = Literal["caller", "partner", "other"]


def chiamata_points(
    role: ChiamataRole, *, made: bool, alone: bool, doubled: bool, alone_rule: AloneScoring = AloneScoring.ZERO_SUM
) -> int:
    """What one seat gains from a chiamata deal: the table, its signs reversed on failure, all doubled by a cappotto.

    >>> [chiamata_points(role, made=True, alone=False, doubled=False) for role in ("caller", "partner", "other")]
    [2, 1, -1]
    >>> chiamata_points("other", made=False, alone=True, doubled=False, alone_rule=AloneScoring.DOUBLED)
    2
    """
    if role == "caller":
        value = CHIAMATA_ALONE if alone else CHIAMATA_CALLER
    elif role == "partner":
        if alone:
            raise ValueError("a caller playing alone has no partner")
        value = CHIAMATA_PARTNER
    else:
        value = CHIAMATA_OTHER * (2 if alone and alone_rule is AloneScoring.DOUBLED else 1)
    return (1 if made else -1) * value * (2 if doubled else 1)


def chiamata_doubled(on: bool, counts: CappottoCount, *, all_tricks: bool, all_points: bool) -> bool:
    """True when a chiamata deal's result is doubled: ``cappotto_double`` (``on``) and a cappotto as ``counts`` says.

    >>> chiamata_doubled(True, CappottoCount.TRICKS, all_tricks=False, all_points=True)
    False
    """
    if not on:
        return False
    return all_tricks if counts is CappottoCount.TRICKS else all_points


def next_stake(stake: int, handling: DrawHandling, *, drawn: bool) -> int:
    """What the next hand is worth after one worth ``stake``: a decided hand resets it; a draw replayed doubles it,
    a draw carried adds one hand (one draw carried: the next counts double); otherwise a draw changes nothing.

    >>> next_stake(1, DrawHandling.CARRY, drawn=True), next_stake(2, DrawHandling.REPLAY, drawn=True)
    (2, 4)
    """
    if not drawn:
        return 1
    if handling is DrawHandling.REPLAY:
        return stake * 2
    if handling is DrawHandling.CARRY:
        return stake + 1
    return stake


def margin_points(points: int) -> int:
    """Spanish margins: 1 game point for 61-90, 2 for 91-119, 3 for all 120 (capote); at least 1 for a win."""
    if points >= 120:
        return 3
    if points >= 91:
        return 2
    return 1


def _winning_sides(game: State, sides: tuple[tuple[int, ...], ...], totals: list[int], reason: str) -> list[int]:
    """Indices of the winning sides (empty for a draw)."""
    rules = game.rules
    if reason == "declare":
        assert game.declared is not None
        seat, correct = game.declared
        mine = next(i for i, side in enumerate(sides) if seat in side)
        return [mine] if correct else [i for i in range(len(sides)) if i != mine]
    if reason == "exited":
        return [i for i, side in enumerate(sides) if not any(seat in side for seat in game.exited)]
    if rules.chiamata or rules.subastada:
        assert game.contract is not None and game.caller is not None
        mine = next(i for i, side in enumerate(sides) if game.caller in side)
        made = totals[mine] >= game.contract
        return [mine] if made else [i for i in range(len(sides)) if i != mine]
    best = max(totals)
    top = [i for i, total in enumerate(totals) if total == best]
    return top if len(top) == 1 else []


def finish_hand(game: State, reason: str, events: list[Event]) -> None:
    """Score the hand, update the match, and move to the next phase (hand over or match over)."""
    rules = game.rules
    sides = game.sides
    card_points = [sum(game.points[s] for s in side) for side in sides]
    melds = [sum(game.meld_points[s] for s in side) for side in sides]
    totals = [c + m for c, m in zip(card_points, melds, strict=True)]
    tricks = [sum(game.tricks_won[s] for s in side) for side in sides]
    winning = _winning_sides(game, sides, totals, reason)
    winners = tuple(sorted(seat for i in winning for seat in sides[i]))
    cappotto = any(points == rules.deck_points for points in card_points)
    all_tricks = reason == "played" and any(count == game.tricks_played for count in tricks)
    gained = [0] * rules.players
    if rules.chiamata:
        doubled = chiamata_doubled(
            rules.cappotto_double, rules.cappotto_counts, all_tricks=all_tricks, all_points=cappotto
        )
        _score_chiamata(game, sides, bool(winning and 0 in winning), doubled, gained)
    elif rules.rematada:
        for side, points in zip(sides, totals, strict=True):
            for seat in side:
                gained[seat] = points
    else:
        for index in winning:
            worth = margin_points(card_points[index]) if rules.margin_scoring else 1
            worth *= game.stake
            if rules.all_tricks_double and tricks[index] == game.tricks_played and reason == "played":
                worth *= 2
            for seat in sides[index]:
                gained[seat] = worth
            if rules.sit_out_share and index == 1 and game.sitting_out is not None:
                gained[game.sitting_out] = worth
    stake = game.stake
    drawn = not winning and not rules.rematada
    game.stake = next_stake(game.stake, rules.draw_handling, drawn=drawn)
    if drawn and rules.draw_handling is DrawHandling.REPLAY:
        game.next_dealer = game.dealer
    for seat, points in enumerate(gained):
        game.match_scores[seat] += points
    game.deals_played += 1
    result = HandResult(
        sides=sides,
        side_points=tuple(totals),
        captured=tuple(tuple(card for s in side for card in game.captured[s]) for side in sides),
        tricks=tuple(tricks),
        winners=winners,
        reason=reason,
        cappotto=cappotto,
        all_tricks=all_tricks,
        stake=stake,
        game_points=tuple(gained),
        melds=tuple(melds),
        contract=game.contract,
        exited=game.exited,
    )
    game.to_move = None
    game.partner_revealed = game.partner is not None or game.partner_revealed
    events.append(HandOver(result, tuple(game.match_scores)))
    match_winners = _match_winners(game)
    if match_winners is None:
        game.phase = Phase.HAND_OVER
    else:
        game.match_winners = match_winners
        game.phase = Phase.MATCH_OVER
        events.append(MatchOver(match_winners, tuple(game.match_scores)))


def _score_chiamata(
    game: State, sides: tuple[tuple[int, ...], ...], made: bool, doubled: bool, gained: list[int]
) -> None:
    """The chiamata table for every seat (:func:`chiamata_points`); the caller's side is ``sides[0]``."""
    caller = game.caller
    assert caller is not None
    alone = len(sides[0]) == 1
    for seat in game.active:
        role: ChiamataRole = "caller" if seat == caller else "partner" if seat in sides[0] else "other"
        gained[seat] = chiamata_points(
            role, made=made, alone=alone, doubled=doubled, alone_rule=game.rules.chiamata_alone
        )


def _match_winners(game: State) -> tuple[int, ...] | None:
    """The seats that have won the match, or None while it goes on."""
    rules = game.rules
    scores = game.match_scores
    if rules.chiamata:
        if game.deals_played < rules.chiamata_deals:
            return None
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)
    target = rules.match_target
    reached = [seat for seat, score in enumerate(scores) if score >= target]
    if not reached:
        return None
    best = max(scores[seat] for seat in reached)
    top = [seat for seat in reached if scores[seat] == best]
    # Sides tied at the top of the rematada count play on (partners always share a score).
    if rules.rematada and sum(1 for team in rules.teams if any(seat in team for seat in top)) > 1:
        return None
    return tuple(sorted(top))
