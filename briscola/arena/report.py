"""The arena's results: per-player and per-pairing figures from the games played, as text for people or as JSON.

Definitions used in every report:

- **score**: a game's one point split among its winners (two players: 1 for a win, 0.5 for a draw, 0 for a loss),
  averaged over the player's games;
- **pairwise score** of A against B: in each game where both sat, 1 if A's side won and B's did not, 0 the other way
  round, 0.5 otherwise. With two players it is the score; with more, it is what the Elo figures are computed from;
- **margin**: the points of the player's side minus the average of the other players' sides, per game;
- **Elo vs the field**: the Elo difference implied by the player's pairwise score against all its opponents;
- **faults**: answers the referee refused (late, malformed, illegal, or an error in the player); **exits**: times a
  player left the table (a bot that died), each losing the hand;
- **ratings**: a Bradley-Terry fit of every player from all pairings, anchored at ``random`` = 0 (or ``greedy``, or
  the first player, when ``random`` did not play).

Intervals are 95% and computed over deal sets, the independent units of the arena (see :mod:`briscola.stats`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from briscola.arena.play import GameResult, Plan
from briscola.stats import (
    Estimate,
    PairTally,
    Ratings,
    elo_interval,
    fit_ratings,
    median,
    percentile,
    score_interval,
)
from briscola.text.i18n import _

__all__ = ["PairSummary", "PlayerSummary", "Summary", "format_text", "rating_anchor", "summarize", "to_json"]

_Unit = tuple[int, int]


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's figures over all its games; ``seat_games`` counts its games at each side of the ruleset."""

    name: str
    games: int
    score: Estimate
    wins: int
    draws: int
    losses: int
    margin: float
    elo: Estimate
    faults: int
    fault_example: str
    exits: int
    exit_example: str
    move_median_ms: float | None
    move_p95_ms: float | None
    seat_games: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PairSummary:
    """Player ``a`` against player ``b`` (indices) in the games where both sat: ``a``'s pairwise score and margin."""

    a: int
    b: int
    games: int
    score: Estimate
    elo: Estimate
    margin: float
    faults: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Summary:
    """Everything a report shows; ``unfinished`` counts games stopped by the referee's deal cap (scored as draws)."""

    plan: Plan
    players: tuple[PlayerSummary, ...]
    pairs: tuple[PairSummary, ...]
    ratings: Ratings | None
    unfinished: int


def rating_anchor(names: Sequence[str]) -> int:
    """The player rated 0: ``random`` if it played, else ``greedy``, else the first."""
    for anchor in ("random", "greedy"):
        if anchor in names:
            return list(names).index(anchor)
    return 0


def _pairwise(result: GameResult, p: int, q: int) -> float:
    if result.won[p] and not result.won[q]:
        return 1.0
    if result.won[q] and not result.won[p]:
        return 0.0
    return 0.5


def _unit_estimate(units: dict[_Unit, list[float]]) -> Estimate:
    values = [sum(scores) / len(scores) for scores in units.values()]
    return score_interval(values, sum(len(scores) for scores in units.values()))


def _player(plan: Plan, index: int, results: Sequence[GameResult]) -> PlayerSummary:
    shares: dict[_Unit, list[float]] = defaultdict(list)
    against: dict[_Unit, list[float]] = defaultdict(list)
    wins = draws = losses = faults = exits = 0
    exit_example = ""
    margins: list[float] = []
    times: list[float] = []
    example = ""
    seat_games = [0] * plan.set_size
    for result in results:
        if index not in result.players:
            continue
        p = result.players.index(index)
        unit = (result.table, result.deal_set)
        shares[unit].append(result.shares[p])
        others = [q for q in range(len(result.players)) if q != p]
        against[unit].extend(_pairwise(result, p, q) for q in others)
        someone, everyone = any(result.won), all(result.won)
        if not someone or everyone:
            draws += 1
        elif result.won[p]:
            wins += 1
        else:
            losses += 1
        margins.append(result.points[p] - sum(result.points[q] for q in others) / len(others))
        faults += result.faults[p]
        example = example or result.fault_notes[p]
        exits += result.exits[p]
        exit_example = exit_example or result.exit_notes[p]
        times.extend(result.times[p])
        seat_games[result.sides[p]] += 1
    games = sum(len(scores) for scores in shares.values())
    return PlayerSummary(
        name=plan.names[index],
        games=games,
        score=_unit_estimate(shares),
        wins=wins,
        draws=draws,
        losses=losses,
        margin=sum(margins) / len(margins),
        elo=elo_interval(_unit_estimate(against)),
        faults=faults,
        fault_example=example,
        exits=exits,
        exit_example=exit_example,
        move_median_ms=median(times) * 1000 if times else None,
        move_p95_ms=percentile(times, 95) * 1000 if times else None,
        seat_games=tuple(seat_games),
    )


def _pairs(results: Sequence[GameResult]) -> list[PairSummary]:
    """Every pairing that met, once each, oriented as it first sat at a table (the ladder seats the stronger first)."""
    scores: dict[tuple[int, int], dict[_Unit, list[float]]] = defaultdict(lambda: defaultdict(list))
    margins: dict[tuple[int, int], list[float]] = defaultdict(list)
    faults: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    oriented: dict[frozenset[int], tuple[int, int]] = {}
    for result in results:
        unit = (result.table, result.deal_set)
        players = result.players
        for p in range(len(players)):
            for q in range(p + 1, len(players)):
                a, b = oriented.setdefault(frozenset((players[p], players[q])), (players[p], players[q]))
                i, j = (p, q) if players[p] == a else (q, p)
                scores[(a, b)][unit].append(_pairwise(result, i, j))
                margins[(a, b)].append(result.points[i] - result.points[j])
                faults[(a, b)][0] += result.faults[i]
                faults[(a, b)][1] += result.faults[j]
    pairs = []
    for (a, b), units in scores.items():
        score = _unit_estimate(units)
        pairs.append(
            PairSummary(
                a=a,
                b=b,
                games=sum(len(values) for values in units.values()),
                score=score,
                elo=elo_interval(score),
                margin=sum(margins[(a, b)]) / len(margins[(a, b)]),
                faults=(faults[(a, b)][0], faults[(a, b)][1]),
            )
        )
    return pairs


def summarize(plan: Plan, results: Sequence[GameResult]) -> Summary:
    """The figures of ``results``, played according to ``plan``."""
    players = tuple(_player(plan, index, results) for index in range(len(plan.specs)))
    pairs = _pairs(results)
    ratings: Ratings | None = None
    if len(plan.specs) > 2:
        tallies = [PairTally(pair.a, pair.b, pair.games, pair.score.value * pair.games) for pair in pairs]
        try:
            ratings = fit_ratings(tallies, len(plan.specs), anchor=rating_anchor(plan.names))
        except ValueError:
            ratings = None
    unfinished = sum(1 for result in results if not result.finished)
    return Summary(plan, players, tuple(pairs), ratings, unfinished)


# ---------------------------------------------------------------------------------------------------- text


def signed(value: float, digits: int = 0) -> str:
    """``+12``, ``-3``, ``+inf``: a difference with its sign always shown."""
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    text = f"{value:+.{digits}f}"
    return "+" + text[1:] if text.startswith("-") and float(text) == 0 else text  # no "-0" for an even score


def interval(estimate: Estimate, digits: int = 3, elo: bool = False) -> str:
    """``[0.712, 0.771]`` for scores, ``[+160, +210]`` for Elo."""
    if elo:
        return f"[{signed(estimate.low)}, {signed(estimate.high)}]"
    return f"[{estimate.low:.{digits}f}, {estimate.high:.{digits}f}]"


def ms(value: float | None) -> str:
    """A time in milliseconds, with enough digits for fast players."""
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 1 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def describe_plan(plan: Plan) -> str:
    """One sentence about what was played."""
    unit = _("one match per game") if plan.whole_match else _("one hand per game")
    deals = plan.total_games // plan.set_size
    how = _("each played with the seats swapped") if plan.set_size == 2 else _("each played in every seat rotation")
    return _("{preset}, {games} games ({deals} deals, {how}), {unit}, seed {seed}").format(
        preset=plan.rules.name, games=plan.total_games, deals=deals, how=how, unit=unit, seed=plan.seed
    )


def format_text(summary: Summary) -> str:
    """The report a person reads in the terminal."""
    plan = summary.plan
    lines = [" vs ".join(plan.names) if len(plan.tables) == 1 else _("Round robin"), describe_plan(summary.plan), ""]
    width = max(6, *(len(name) for name in plan.names))
    lines.append(
        f"{_('player'):<{width}}  {_('games'):>6}  {_('score'):>5}  {_('95% CI'):<14}  {_('win/draw/loss'):<15}"
        f"  {_('margin'):>6}  {_('Elo'):>5}  {_('faults'):>6}  {_('ms/move median'):>14}  {_('p95'):>7}"
    )
    for player in summary.players:
        record = f"{player.wins}/{player.draws}/{player.losses}"
        lines.append(
            f"{player.name:<{width}}  {player.games:>6}  {player.score.value:>5.3f}  {interval(player.score):<14}"
            f"  {record:<15}  {signed(player.margin, 1):>6}  {signed(player.elo.value):>5}  {player.faults:>6}"
            f"  {ms(player.move_median_ms):>14}  {ms(player.move_p95_ms):>7}"
        )
    lines.append(
        _(
            "(score: wins plus half the draws, per game, with its 95% interval; a win shared by several players is "
            "split. Margin: card points ahead per game. Elo: from the score against the opponents.)"
        )
    )
    lines.append("")
    for pair in summary.pairs:
        a, b = plan.names[pair.a], plan.names[pair.b]
        lines.append(
            _(
                "Elo difference, {a} over {b}: {elo} (95% CI {low} to {high}); score {score:.3f} in {games} games"
            ).format(
                a=a,
                b=b,
                elo=signed(pair.elo.value),
                low=signed(pair.elo.low),
                high=signed(pair.elo.high),
                score=pair.score.value,
                games=pair.games,
            )
        )
    if summary.ratings is not None:
        ratings = summary.ratings
        lines += ["", _("Ratings from all games (Elo, {anchor} = 0):").format(anchor=plan.names[ratings.anchor])]
        order = sorted(range(len(plan.names)), key=lambda i: -ratings.elo[i])
        for i in order:
            spread = _("(anchor)") if i == ratings.anchor else interval(ratings.estimate(i), elo=True)
            lines.append(f"  {plan.names[i]:<{width}}  {signed(ratings.elo[i]):>6}  {spread}")
    for player in summary.players:
        if player.faults:
            lines.append(
                _("Faults of {name}: {count}; the first: {reason}").format(
                    name=player.name, count=player.faults, reason=player.fault_example
                )
            )
        if player.exits:
            lines.append(
                _("{name} left the table {count} times, losing those hands; the first time: {reason}").format(
                    name=player.name, count=player.exits, reason=player.exit_example
                )
            )
    if summary.unfinished:
        lines.append(
            _("{count} games did not finish (stopped by the deal cap) and count as draws.").format(
                count=summary.unfinished
            )
        )
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------------- JSON


def _number(value: float | None) -> float | None:
    """JSON has no infinity: an unbounded figure is null."""
    if value is None or not math.isfinite(value):
        return None
    return round(value, 6)


def _pair_of(estimate: Estimate) -> list[float | None]:
    return [_number(estimate.low), _number(estimate.high)]


def to_json(summary: Summary) -> dict[str, Any]:
    """The results as one JSON-ready object (per-player lists follow ``players``; infinite Elo bounds are null)."""
    plan = summary.plan
    players = summary.players
    out: dict[str, Any] = {
        "players": list(plan.names),
        "specs": list(plan.specs),
        "preset": plan.rules.name,
        "rules": plan.rules.to_dict(),
        "unit": "match" if plan.whole_match else "hand",
        "seed": plan.seed,
        "games": plan.total_games,
        "scores": [_number(p.score.value) for p in players],
        "score_ci": [_pair_of(p.score) for p in players],
        "wins": [p.wins for p in players],
        "draws": [p.draws for p in players],
        "losses": [p.losses for p in players],
        "margins": [_number(p.margin) for p in players],
        "elo": [_number(p.elo.value) for p in players],
        "elo_ci": [_pair_of(p.elo) for p in players],
        "faults": [p.faults for p in players],
        "exits": [p.exits for p in players],
        "move_ms": [{"median": _number(p.move_median_ms), "p95": _number(p.move_p95_ms)} for p in players],
        "seat_games": [list(p.seat_games) for p in players],
        "unfinished": summary.unfinished,
        "pairings": [
            {
                "players": [plan.names[pair.a], plan.names[pair.b]],
                "games": pair.games,
                "score": _number(pair.score.value),
                "score_ci": _pair_of(pair.score),
                "elo": _number(pair.elo.value),
                "elo_ci": _pair_of(pair.elo),
                "margin": _number(pair.margin),
                "faults": list(pair.faults),
            }
            for pair in summary.pairs
        ],
    }
    if summary.ratings is not None:
        ratings = summary.ratings
        out["ratings"] = {
            "anchor": plan.names[ratings.anchor],
            "elo": [_number(value) for value in ratings.elo],
            "elo_ci": [_pair_of(ratings.estimate(i)) for i in range(len(plan.names))],
        }
    return out
