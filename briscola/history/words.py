"""The history command's words: a list of matches, one match hand by hand, the statistics and what Campione has learned
about a player (in :mod:`briscola.text.habits`' words), as plain text.

Levels are shown as the history keeps them (``medio``, ``facile+medio``): the same names ``--opponents`` takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from briscola.ai.opponent import OpponentModel
from briscola.engine.record import SeatKind
from briscola.store.history import MatchDetail, MatchSummary
from briscola.store.history.facts import Outcome
from briscola.store.history.stats import Stats, Tally
from briscola.text.habits import learned_about, model_lines
from briscola.text.i18n import N_, _

__all__ = ["learned_lines", "list_lines", "match_lines", "stats_lines"]

_OUTCOMES: Final = {
    Outcome.WON: N_("won"),
    Outcome.DRAWN: N_("drawn"),
    Outcome.LOST: N_("lost"),
    Outcome.ABANDONED: N_("abandoned"),
}
_KINDS: Final = {SeatKind.HUMAN: N_("human"), SeatKind.COMPUTER: N_("computer"), SeatKind.EXTERNAL: N_("bot program")}
#: Width of a bin of the points histogram in text.
_BIN: Final = 10


def _when(moment: str | None) -> str:
    """``2025-03-01T18:30:00Z`` as ``2025-03-01 18:30``."""
    return "-" if moment is None else moment[:16].replace("T", " ")


def _score(match: MatchSummary) -> str:
    """The match score by team (partners share theirs): ``2:1``."""
    scores: dict[int, int] = {}
    for seat in match.seats:
        scores.setdefault(seat.team, seat.match_score)
    return ":".join(str(scores[team]) for team in sorted(scores))


def _result(match: MatchSummary) -> str:
    if match.status == "playing":
        return _("playing")
    if match.result is not None:
        return _(_OUTCOMES[match.result])
    winners = [seat.name for seat in match.seats if seat.result in (Outcome.WON, Outcome.DRAWN)]
    return _("won by {names}").format(names=", ".join(winners)) if winners else _(_OUTCOMES[Outcome.ABANDONED])


def _opponents(match: MatchSummary) -> str:
    if match.human_seat is None:
        return " - ".join(seat.level or _(_KINDS[seat.kind]) for seat in match.seats)
    return _("vs {levels}").format(levels=match.seats[match.human_seat].opponents)


def list_lines(matches: Sequence[MatchSummary]) -> list[str]:
    """One line a match: id, when, preset, profile, opponents, result, score, hands, and "practice" for a match the
    coach helped in (docs/history.md, "Practice")."""
    if not matches:
        return [_("No matches recorded.")]
    rows = [
        (
            str(match.id),
            _when(match.started),
            match.preset,
            match.profile or "-",
            _opponents(match),
            _result(match),
            _score(match),
            str(match.hands_played),
            _("practice") if match.practice else "",
        )
        for match in matches
    ]
    header = (
        _("id"),
        _("started (UTC)"),
        _("preset"),
        _("profile"),
        _("opponents"),
        _("result"),
        _("score"),
        _("hands"),
        "",
    )
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    ]


def match_lines(detail: MatchDetail) -> list[str]:
    """One match: when and what, its seats, every hand's points and winners, and the result."""
    match = detail.summary
    names = [seat.name for seat in match.seats]
    lines = [
        _("Match {id}: {preset}, started {started}, ended {ended} (UTC); profile: {profile}").format(
            id=match.id,
            preset=match.preset,
            started=_when(match.started),
            ended=_when(match.ended),
            profile=match.profile or "-",
        )
    ]
    for index, seat in enumerate(match.seats):
        who = _(_KINDS[seat.kind]) + (f", {seat.level}" if seat.level else "")
        lines.append(_("  Seat {seat}: {name} ({who})").format(seat=index, name=seat.name, who=who))
    for hand in detail.hands:
        points = ", ".join(
            f"{' & '.join(names[seat] for seat in side)} {total}"
            for side, total in zip(hand.sides, hand.side_points, strict=True)
        )
        outcome = (
            _("won by {names}").format(names=" & ".join(names[seat] for seat in hand.winners))
            if hand.winners
            else _("a draw")
        )
        extra = _(", cappotto") if hand.cappotto else ""
        lines.append(
            _("  Hand {number}: {points}; {outcome}{extra}").format(
                number=hand.hand_no, points=points, outcome=outcome, extra=extra
            )
        )
    lines.append(
        _("Result: {result}, {score} in {hands} hands").format(
            result=_result(match), score=_score(match), hands=match.hands_played
        )
    )
    if match.practice:
        lines.append(_("Practice: hints, graded moves or moves taken back were used."))
    return lines


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _tally_lines(title: str, tally: Tally, indent: str) -> list[str]:
    lines = [
        indent
        + _("{title}: {matches} matches: {won} won, {drawn} drawn, {lost} lost, {abandoned} abandoned").format(
            title=title,
            matches=tally.matches,
            won=tally.won,
            drawn=tally.drawn,
            lost=tally.lost,
            abandoned=tally.abandoned,
        )
    ]
    if tally.win_rate is not None:
        rate = tally.win_rate
        lines.append(
            indent
            + "  "
            + _("win rate {rate} (95% interval {low} to {high})").format(
                rate=_percent(rate.value), low=_percent(rate.low), high=_percent(rate.high)
            )
        )
    if tally.hands:
        lines.append(
            indent
            + "  "
            + _("{hands} hands: {won} won, {drawn} drawn, {lost} lost; {points:.1f} points a hand").format(
                hands=tally.hands,
                won=tally.hands_won,
                drawn=tally.hands_drawn,
                lost=tally.hands_lost,
                points=tally.points_per_hand or 0.0,
            )
        )
    lines.append(
        indent
        + "  "
        + _("cappotti: {taken} taken, {conceded} conceded; longest streaks: {wins} won, {losses} lost").format(
            taken=tally.cappotti_taken,
            conceded=tally.cappotti_conceded,
            wins=tally.longest_win_streak,
            losses=tally.longest_loss_streak,
        )
    )
    return lines


def _histogram(tally: Tally) -> str:
    bins: dict[int, int] = {}
    for points, count in tally.points_histogram:
        start = points // _BIN * _BIN
        bins[start] = bins.get(start, 0) + count
    listed = ", ".join(f"{start}-{start + _BIN - 1}: {count}" for start, count in sorted(bins.items()))
    return _("Points a hand: {bins}").format(bins=listed)


def stats_lines(stats: Stats) -> list[str]:
    """The statistics overall, by opponents' level and by preset, with the points histogram in bins of ten."""
    if not stats.overall.matches:
        return [_("No finished matches to count.")]
    lines = _tally_lines(_("Overall"), stats.overall, "")
    if stats.overall.hands:
        lines.append(_histogram(stats.overall))
    for heading, groups in ((_("By opponents' level:"), stats.by_level), (_("By preset:"), stats.by_preset)):
        lines.append(heading)
        for key, tally in groups.items():
            lines.extend(_tally_lines(key, tally, "  "))
    return lines


def learned_lines(name: str, model: OpponentModel) -> list[str]:
    """What Campione has learned about ``name``: a heading, then the hands and the habits it weighs most, indented."""
    return [learned_about(name), *("  " + line for line in model_lines(model))]
