"""What the statistics scene shows, worked out without pygame: the tallies, the charts' data, the rating, the filters.

The scene (``ui/menus/statistics/stats.py``) asks for one :class:`Board` when it opens and again when a filter changes
(:meth:`briscola.store.history.History.board`), and only draws it. A board is the human's figures under a
:class:`Query`: the profile playing (the setting ``player.profile``; None for every profile), a period counted back
from now, a preset, the opponents' level (the label the history keeps: ``medio``, ``facile+medio``) and whether
practice matches count (:data:`PRACTICE`: all of them by default, or without, or only them). It holds:

- the statistics (:mod:`.stats`): overall, per opponents' level, per preset;
- the win rate over time per opponents' level: after each decided match against that level, the score of the last
  :data:`ROLLING` decided matches, or more for a long history (:func:`rolling_window`; fewer at the start: a line
  begins once :data:`ROLLING_START` are in), at the match's start time; thinned to at most :data:`MAX_POINTS` points
  a line, as many as a chart has room for;
- the points histogram in bins of :data:`BIN` points (the last bin open-ended), from the statistics' exact counts;
- the player's rating against the levels (:mod:`.rating`);
- the most recent matches (to open in the replay viewer), and the presets and levels there are to filter by;
- the coach's accuracy over the last :data:`REVIEW_TREND` hands reviewed (:func:`review_trend`, the profile's, all
  time: a review is of a hand, whatever the filters of matches say).

Everything comes from a few indexed queries, so a board of 10,000 matches is ready well within the scene's opening
budget (``bench/history.py``, ``stats_scene_open_ms``).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import accumulate
from typing import Final

from briscola.store.history.rating import PlayerRating, rating_from_hands
from briscola.store.history.rows import _SUMMARY_COLUMNS, Filters, MatchSummary, _summaries, utc_text
from briscola.store.history.stats import EMPTY_STATS, Stats, hand_rows, match_rows, stats_from_rows, subject_sql

__all__ = [
    "BIN",
    "MAX_POINTS",
    "PERIODS",
    "PRACTICE",
    "RECENT",
    "REVIEW_TREND",
    "ROLLING",
    "ROLLING_START",
    "Board",
    "Choices",
    "Query",
    "ReviewTrend",
    "Series",
    "compute_board",
    "empty_board",
    "histogram_bins",
    "review_trend",
    "rolling_series",
    "rolling_window",
]

#: The periods a board can cover, by key, with their length in days (None: all time).
PERIODS: Final[dict[str, int | None]] = {"all": None, "year": 365, "month": 30, "week": 7}
#: Decided matches the rolling win rate is taken over.
ROLLING: Final = 20
#: Decided matches before a level's line starts (before that a rate of one or two matches is noise).
ROLLING_START: Final = 5
#: Most points a line keeps (a chart is a few hundred pixels wide).
MAX_POINTS: Final = 240
#: Hands reviewed by the coach that the accuracy's trend is taken over.
REVIEW_TREND: Final = 20
#: Width of the histogram's bins, in points.
BIN: Final = 10
#: The last bin starts here and holds everything above (a hand has 120 card points; declarations can add more).
LAST_BIN: Final = 120
#: How many recent matches a board lists.
RECENT: Final = 12
#: The practice filter's values: every match, only those the coach did not help in, only practice (docs/history.md).
PRACTICE: Final[dict[str, bool | None]] = {"all": None, "without": False, "only": True}


@dataclass(frozen=True, slots=True)
class Query:
    """What a board covers (see the module's notes); None lets everything through."""

    profile: str | None = None
    period: str = "all"
    preset: str | None = None
    opponents: str | None = None
    practice: str = "all"
    """One of :data:`PRACTICE`."""

    def filters(self, now: datetime) -> Filters:
        """The history's filters for this query, the period counted back from ``now``."""
        days = PERIODS[self.period]
        since = None if days is None else utc_text(now - timedelta(days=days))
        return Filters(
            profile=self.profile or None,
            preset=self.preset,
            opponents=self.opponents,
            since=since,
            practice=PRACTICE[self.practice],
        )


@dataclass(frozen=True, slots=True)
class Series:
    """One level's rolling win rate: ``(seconds since the epoch, rate)`` points in time order."""

    opponents: str
    matches: int
    points: tuple[tuple[float, float], ...]
    window: int = ROLLING
    """How many decided matches each point's rate is over (the same for every line of a board)."""


@dataclass(frozen=True, slots=True)
class Choices:
    """The presets and opponents' labels the profile's matches have (what the filters cycle through), sorted."""

    presets: tuple[str, ...]
    opponents: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReviewTrend:
    """The accuracy of the last hands the coach reviewed (expected points lost per decision), oldest first."""

    accuracies: tuple[float, ...]

    @property
    def hands(self) -> int:
        """How many reviewed hands the trend is over."""
        return len(self.accuracies)

    @property
    def accuracy(self) -> float | None:
        """Their mean (None with none)."""
        return sum(self.accuracies) / len(self.accuracies) if self.accuracies else None


def review_trend(conn: sqlite3.Connection, profile: str | None, last: int = REVIEW_TREND) -> ReviewTrend:
    """The accuracy of ``profile``'s (or everyone's) last ``last`` reviewed hands that had a graded decision."""
    where = "r.accuracy IS NOT NULL"
    params: list[object] = []
    if profile:
        where += " AND m.profile_id = (SELECT id FROM profiles WHERE name = ?)"
        params.append(profile)
    rows = conn.execute(
        "SELECT r.accuracy FROM hand_reviews r JOIN matches m ON m.id = r.match_id"
        f" WHERE {where} ORDER BY r.created DESC, r.match_id DESC, r.hand DESC LIMIT ?",
        [*params, last],
    ).fetchall()
    return ReviewTrend(tuple(float(row[0]) for row in reversed(rows)))


@dataclass(frozen=True, slots=True)
class Board:
    """Everything the statistics scene draws for one query."""

    query: Query
    stats: Stats
    series: tuple[Series, ...]
    histogram: tuple[tuple[int, int], ...]
    """``(first points of the bin, hands)`` for every bin from 0 up to the last one with hands."""
    rating: PlayerRating | None
    recent: tuple[MatchSummary, ...]
    choices: Choices
    span: tuple[float, float] | None
    """The first and last match's start (seconds since the epoch), the time axis; None with no matches."""
    reviews: ReviewTrend = ReviewTrend(())
    """The coach's accuracy over the last hands reviewed."""

    @property
    def empty(self) -> bool:
        """No match recorded at all for the profile (the scene explains how the history fills)."""
        return not self.choices.presets

    @property
    def filtered_out(self) -> bool:
        """Matches exist, but none under this query's filters."""
        return not self.empty and self.stats.overall.matches == 0


def _seconds(text: str) -> float:
    """A stored UTC time (``2025-03-01T18:30:00Z``) as seconds since the epoch."""
    return datetime.fromisoformat(text).timestamp()


def rolling_window(matches: int) -> int:
    """The rolling win rate's window for lines of up to ``matches`` decided matches: :data:`ROLLING`, or for a long
    history the largest of 50, 100, 200, 500 that is at most a fortieth of it. A line of thousands of matches drawn
    over 20 swings from 40% to 100% and back between its kept points, and shows nothing; over a fortieth of the
    history it shows the trend, which is what the chart is for."""
    return max([ROLLING, *(step for step in (50, 100, 200, 500) if step * 40 <= matches)])


def rolling_series(
    rows: list[tuple[str, str, str]], window: int | None = None, start: int = ROLLING_START
) -> list[Series]:
    """Each opponents' label's rolling win rate from ``(label, started, result)`` rows in time order, over the last
    ``window`` decided matches (None: :func:`rolling_window` of the longest line).

    A win scores 1, a draw a half; abandoned matches are skipped, as in the win rate of the statistics. Only the
    points kept (at most :data:`MAX_POINTS` a line) are worked out, from running totals of the scores.
    """
    values = {"won": 1.0, "drawn": 0.5, "lost": 0.0}
    times: dict[str, list[str]] = {}
    scores: dict[str, list[float]] = {}
    for label, started, result in rows:
        value = values.get(result)
        if value is not None:  # abandoned: left out
            if label not in scores:
                times[label], scores[label] = [], []
            times[label].append(started)
            scores[label].append(value)
    series = []
    if window is None:
        window = rolling_window(max((len(played) for played in scores.values()), default=0))
    for label, played in scores.items():
        totals = [0.0, *accumulate(played)]
        count = len(played)
        kept = list(range(start - 1, count))
        if len(kept) > MAX_POINTS:
            stride = len(kept) / MAX_POINTS
            kept = [kept[int(k * stride)] for k in range(MAX_POINTS - 1)] + [kept[-1]]
        points = tuple(
            (_seconds(times[label][i]), (totals[i + 1] - totals[max(0, i + 1 - window)]) / min(i + 1, window))
            for i in kept
        )
        series.append(Series(label, count, points, window))
    series.sort(key=lambda line: (-line.matches, line.opponents))
    return series


def histogram_bins(exact: tuple[tuple[int, int], ...], width: int = BIN, last: int = LAST_BIN) -> list[tuple[int, int]]:
    """Exact ``(points, hands)`` counts gathered into bins of ``width`` points, the last from ``last`` up."""
    if not exact:
        return []
    bins: dict[int, int] = {}
    for points, hands in exact:
        start = min(max(points, 0) // width * width, last)
        bins[start] = bins.get(start, 0) + hands
    return [(start, bins.get(start, 0)) for start in range(0, max(bins) + 1, width)]


def empty_board(query: Query) -> Board:
    """The board of a history with nothing in it (or one that can't be read)."""
    return Board(query, EMPTY_STATS, (), (), None, (), Choices((), ()), None)


def compute_board(conn: sqlite3.Connection, query: Query, now: datetime | None = None) -> Board:
    """The board for ``query`` (times counted back from ``now``, default the clock's).

    The matches and the counted hands are read once and shared by the statistics, the lines and the rating. The
    choices of the filters are the groups of the statistics when no filter narrows them (as the scene opens), and
    asked of the database only otherwise.
    """
    filters = query.filters(now or datetime.now(UTC))
    matches = match_rows(conn, filters)
    hands = hand_rows(conn, filters)
    stats = stats_from_rows(matches, hands)
    if query.period == "all" and query.preset is None and query.opponents is None and query.practice == "all":
        choices = Choices(tuple(stats.by_preset), tuple(stats.by_level))
    else:
        where, params = subject_sql(Filters(profile=filters.profile))
        presets = [row[0] for row in conn.execute(f"SELECT DISTINCT m.preset{where}", params)]
        labels = [row[0] for row in conn.execute(f"SELECT DISTINCT s.opponents{where}", params)]
        choices = Choices(tuple(sorted(presets)), tuple(sorted(labels)))
    where, params = subject_sql(filters)
    named = where.replace(" WHERE ", " LEFT JOIN profiles p ON p.id = m.profile_id WHERE ", 1)
    recent = _summaries(
        conn,
        conn.execute(
            f"SELECT {_SUMMARY_COLUMNS}{named} ORDER BY m.started DESC, m.id DESC LIMIT ?", [*params, RECENT]
        ).fetchall(),
    )
    return Board(
        query=query,
        stats=stats,
        series=tuple(rolling_series([(level, started, result) for level, _preset, result, started in matches])),
        histogram=tuple(histogram_bins(stats.overall.points_histogram)),
        rating=rating_from_hands(hands),
        recent=tuple(recent),
        choices=choices,
        span=(_seconds(matches[0][3]), _seconds(matches[-1][3])) if matches else None,
        reviews=review_trend(conn, query.profile),
    )
