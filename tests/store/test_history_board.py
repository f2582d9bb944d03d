"""The statistics scene's model on a small hand-made history: the numbers exactly, the filters, the empty history,
the rolling win rate, the histogram's bins, the streaks and the player's rating against the levels."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from briscola.ai.levels import LADDER_ELO
from briscola.stats import fit_against
from briscola.store.history import History
from briscola.store.history.board import Query, histogram_bins, rolling_series, rolling_window
from briscola.store.history.rating import level_equivalent, rating_from_counts

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
# (day of Feb 2025, preset, players, opponents, human's result, [(outcome, points, cappotto) per hand])
MATCHES = [
    (1, "classic", 2, "medio", "won", [("won", 70, 0), ("won", 120, 1)]),
    (2, "classic", 2, "medio", "lost", [("lost", 50, 0), ("won", 80, 0), ("lost", 0, -1)]),
    (3, "classic", 2, "facile", "won", [("won", 61, 0)]),
    (20, "four", 4, "medio", "drawn", [("drawn", 60, 0)]),
    (25, "classic", 2, "medio", "won", [("won", 90, 0)]),
    (26, "classic", 2, "medio", "won", [("won", 65, 0)]),
    (27, "classic", 2, "facile+medio", "abandoned", [("lost", 30, 0)]),
]


def _history(matches: list[tuple[int, str, int, str, str, list[tuple[str, int, int]]]] = MATCHES) -> History:
    history, _ = History.open(":memory:")
    assert history is not None
    conn = history._conn
    conn.execute("INSERT INTO profiles VALUES (1, 'Anna', '2025-01-01T00:00:00Z')")
    conn.execute("INSERT INTO profiles VALUES (2, 'Bruno', '2025-01-01T00:00:00Z')")
    for number, (day, preset, players, opponents, result, hands) in enumerate(matches, start=1):
        status = "abandoned" if result == "abandoned" else "finished"
        started = f"2025-02-{day:02d}T10:00:00Z"
        conn.execute(
            "INSERT INTO matches (id, profile_id, started, ended, status, preset, players, human_seat, result,"
            " hands_played, record) VALUES (?, 1, ?, ?, ?, ?, ?, 0, ?, ?, '{}')",
            (number, started, started, status, preset, players, result, len(hands)),
        )
        conn.execute("INSERT INTO seats VALUES (?, 0, 'Anna', 'human', NULL, 0, ?, 0, ?)", (number, opponents, result))
        for hand_no, (outcome, points, cappotto) in enumerate(hands, start=1):
            conn.execute(
                "INSERT INTO hands VALUES (?, ?, 'played', 1, ?, '[]', '[]', '[]', '[]')", (number, hand_no, 0)
            )
            conn.execute(
                "INSERT INTO hand_seats VALUES (?, ?, 0, ?, 0, ?, ?)", (number, hand_no, points, outcome, cappotto)
            )
    return history


def test_the_board_of_a_small_history_exactly() -> None:
    board = _history().board(Query(profile="Anna"), now=NOW)
    overall = board.stats.overall
    assert (overall.matches, overall.won, overall.drawn, overall.lost, overall.abandoned) == (7, 4, 1, 1, 1)
    assert overall.hands == 10
    assert overall.points_per_hand == pytest.approx((70 + 120 + 50 + 80 + 0 + 61 + 60 + 90 + 65 + 30) / 10)
    assert (overall.cappotti_taken, overall.cappotti_conceded) == (1, 1)
    assert (overall.longest_win_streak, overall.longest_loss_streak) == (2, 1)
    assert set(board.stats.by_level) == {"medio", "facile", "facile+medio"}
    assert board.histogram == ((0, 1), (10, 0), (20, 0), (30, 1), (40, 0), (50, 1), (60, 3), (70, 1), (80, 1),
                               (90, 1), (100, 0), (110, 0), (120, 1))  # fmt: skip
    assert board.choices.presets == ("classic", "four")
    assert board.choices.opponents == ("facile", "facile+medio", "medio")
    assert [match.id for match in board.recent] == [7, 6, 5, 4, 3, 2, 1]
    assert board.span == (
        datetime(2025, 2, 1, 10, tzinfo=UTC).timestamp(),
        datetime(2025, 2, 27, 10, tzinfo=UTC).timestamp(),
    )
    assert not board.empty and not board.filtered_out


def test_the_rating_counts_two_player_hands_against_one_level() -> None:
    rating = _history().board(Query(), now=NOW).rating
    assert rating is None  # 8 such hands: fewer than a rating needs
    counts = {"medio": (9, 0, 3), "facile": (5, 1, 2), "facile+medio": (50, 0, 0), "human": (9, 9, 9)}
    rating = rating_from_counts(counts)
    assert rating is not None
    assert rating.hands == 20
    expected = fit_against([(LADDER_ELO["facile"], 8, 5.5), (LADDER_ELO["medio"], 12, 9)])
    assert rating.elo == expected
    assert rating.level == pytest.approx(level_equivalent(rating.elo.value))
    assert rating.by_level == (("facile", 8, 5.5 / 8), ("medio", 12, 0.75))


def test_the_level_in_words_is_interpolated_between_rungs() -> None:
    assert level_equivalent(LADDER_ELO["medio"]) == 3.0
    midway = (LADDER_ELO["medio"] + LADDER_ELO["difficile"]) / 2
    assert level_equivalent(midway) == pytest.approx(3.5)
    assert level_equivalent(-50.0) == 1.0
    assert level_equivalent(900.0) == 6.0


def test_filters_period_preset_opponents_and_profile() -> None:
    history = _history()
    week = history.board(Query(period="week"), now=NOW)  # from 22 February
    assert [match.id for match in week.recent] == [7, 6, 5]
    assert week.stats.overall.won == 2
    month = history.board(Query(period="month"), now=NOW)  # from 30 January: everything
    assert month.stats.overall.matches == 7
    four = history.board(Query(preset="four"), now=NOW)
    assert (four.stats.overall.matches, four.stats.overall.drawn) == (1, 1)
    facile = history.board(Query(opponents="facile"), now=NOW)
    assert [match.id for match in facile.recent] == [3]
    assert facile.choices.presets == ("classic", "four")  # the choices stay: a filter must be undoable
    bruno = history.board(Query(profile="Bruno"), now=NOW)
    assert bruno.empty and bruno.rating is None and bruno.series == ()


def test_an_empty_history_and_a_filter_that_keeps_nothing() -> None:
    history, _ = History.open(":memory:")
    assert history is not None
    board = history.board(Query(), now=NOW)
    assert board.empty and not board.filtered_out
    assert (board.series, board.histogram, board.recent, board.span, board.rating) == ((), (), (), None, None)
    nothing = _history().board(Query(period="week", preset="four"), now=NOW)
    assert nothing.filtered_out and not nothing.empty


def test_the_rolling_win_rate_per_level() -> None:
    rows = [("medio", f"2025-02-{day:02d}T10:00:00Z", result) for day, result in
            enumerate(["won", "lost", "drawn", "won", "abandoned", "won", "lost"], start=1)]  # fmt: skip
    rows.append(("facile", "2025-02-10T10:00:00Z", "won"))
    (medio, facile) = rolling_series(rows, window=3, start=2)
    assert medio.opponents == "medio" and medio.matches == 6
    assert [rate for _, rate in medio.points] == pytest.approx([0.5, 1.5 / 3, 1.5 / 3, 2.5 / 3, 2 / 3])
    assert medio.points[0][0] == datetime(2025, 2, 2, 10, tzinfo=UTC).timestamp()
    assert facile.points == ()  # one match: not yet a line


def test_the_histogram_bins() -> None:
    assert histogram_bins(()) == []
    assert histogram_bins(((0, 2), (9, 1), (10, 4), (61, 3), (130, 1), (121, 2))) == [
        (0, 3), (10, 4), (20, 0), (30, 0), (40, 0), (50, 0), (60, 3), (70, 0), (80, 0), (90, 0), (100, 0), (110, 0),
        (120, 3)]  # fmt: skip


def test_the_rating_on_the_database_counts_only_two_player_duels() -> None:
    hands = [("won", 70, 0)] * 6 + [("lost", 40, 0)] * 4
    matches = [
        (1, "classic", 2, "medio", "won", hands),
        (2, "four", 4, "medio", "won", [("won", 70, 0)] * 30),  # a team game: left out
        (3, "classic", 2, "facile+medio", "won", [("won", 70, 0)] * 30),  # mixed levels: left out
    ]
    rating = _history(matches).board(Query(), now=NOW).rating
    assert rating is not None
    assert rating.hands == 10
    assert rating.elo == fit_against([(LADDER_ELO["medio"], 10, 6)])


def test_a_long_history_is_averaged_over_more_matches() -> None:
    assert [rolling_window(n) for n in (0, 100, 1999, 2000, 4000, 7999, 8000, 50_000)] == [
        20,
        20,
        20,
        50,
        100,
        100,
        200,
        500,
    ]
    rows = [("medio", f"2025-01-01T00:{n // 60:02d}:{n % 60:02d}Z", "won" if n % 2 else "lost") for n in range(2400)]
    (line,) = rolling_series(rows)
    assert line.window == 50
    assert all(abs(rate - 0.5) <= 0.01 for _when, rate in line.points[5:])  # over 50 alternating results: a half
