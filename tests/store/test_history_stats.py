"""The statistics on a hand-made set of results: counts, Wilson's interval, streaks, hands, cappotti, the histogram,
and the groups by level and preset."""

from __future__ import annotations

import math

import pytest

from briscola.store.history import History
from briscola.store.history.rows import Filters

# (opponents, preset, the human's result, [(outcome, points, cappotto) per hand]); in the order played.
MATCHES = [
    ("medio", "classic", "won", [("won", 70, 0), ("won", 120, 1)]),
    ("medio", "classic", "won", [("won", 61, 0), ("lost", 50, 0), ("won", 80, 0)]),
    ("facile", "classic", "lost", [("lost", 0, -1), ("lost", 40, 0)]),
    ("medio", "four", "drawn", [("drawn", 60, 0)]),
    ("medio", "classic", "won", [("won", 90, 0), ("won", 70, 0)]),
    ("facile", "four", "won", [("won", 66, 0), ("won", 66, 0)]),
    ("medio", "classic", "won", [("won", 100, 0), ("won", 70, 0)]),
    ("medio", "classic", "abandoned", [("lost", 30, 0)]),
    ("facile", "classic", "lost", [("lost", 55, 0), ("lost", 44, 0)]),
    ("medio", "four", "lost", [("lost", 20, 0), ("won", 70, 0), ("lost", 50, 0)]),
]


def _history() -> History:
    history, _ = History.open(":memory:")
    assert history is not None
    conn = history._conn
    conn.execute("INSERT INTO profiles VALUES (1, 'Anna', '2025-01-01T00:00:00Z')")
    for number, (opponents, preset, result, hands) in enumerate(MATCHES, start=1):
        status = "abandoned" if result == "abandoned" else "finished"
        started = f"2025-01-{number:02d}T10:00:00Z"
        conn.execute(
            "INSERT INTO matches (id, profile_id, started, ended, status, preset, players, human_seat, result,"
            " hands_played, record) VALUES (?, 1, ?, ?, ?, ?, 2, 0, ?, ?, '{}')",
            (number, started, started, status, preset, result, len(hands)),
        )
        conn.execute("INSERT INTO seats VALUES (?, 0, 'Anna', 'human', NULL, 0, ?, 0, ?)", (number, opponents, result))
        conn.execute("INSERT INTO seats VALUES (?, 1, 'C', 'computer', ?, 1, 'human', 0, NULL)", (number, opponents))
        for hand_no, (outcome, points, cappotto) in enumerate(hands, start=1):
            conn.execute(
                "INSERT INTO hands VALUES (?, ?, 'played', 1, ?, '[]', '[]', '[]', '[]')",
                (number, hand_no, abs(cappotto)),
            )
            conn.execute(
                "INSERT INTO hand_seats VALUES (?, ?, 0, ?, 0, ?, ?)", (number, hand_no, points, outcome, cappotto)
            )
    return history


def _wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_overall_counts_interval_streaks_and_hands() -> None:
    overall = _history().stats().overall
    assert (overall.matches, overall.won, overall.drawn, overall.lost, overall.abandoned) == (10, 5, 1, 3, 1)
    assert overall.win_rate is not None
    assert overall.win_rate.value == pytest.approx(5.5 / 9)
    low, high = _wilson(5.5, 9)
    assert overall.win_rate.low == pytest.approx(low)
    assert overall.win_rate.high == pytest.approx(high)
    # W W L D W W W (A) L L: three wins running; the abandoned match breaks nothing; two losses at the end.
    assert (overall.longest_win_streak, overall.longest_loss_streak) == (3, 2)
    hands = [hand for *_, match_hands in MATCHES for hand in match_hands]
    assert overall.hands == len(hands) == 20
    assert (overall.hands_won, overall.hands_drawn, overall.hands_lost) == (11, 1, 8)
    assert overall.points_per_hand == pytest.approx(sum(points for _, points, _ in hands) / 20)
    assert (overall.cappotti_taken, overall.cappotti_conceded) == (1, 1)
    assert dict(overall.points_histogram)[70] == 4 and dict(overall.points_histogram)[66] == 2
    assert sum(count for _, count in overall.points_histogram) == 20


def test_groups_by_level_and_preset_and_filters() -> None:
    history = _history()
    stats = history.stats()
    assert list(stats.by_level) == ["facile", "medio"]
    facile = stats.by_level["facile"]
    assert (facile.matches, facile.won, facile.lost, facile.longest_loss_streak) == (3, 1, 2, 1)
    medio = stats.by_level["medio"]
    assert (medio.won, medio.drawn, medio.lost, medio.abandoned, medio.longest_win_streak) == (4, 1, 1, 1, 2)
    four = stats.by_preset["four"]
    assert (four.matches, four.won, four.drawn, four.lost, four.hands) == (3, 1, 1, 1, 6)
    assert history.stats(Filters(preset="four")).overall == four
    assert history.stats(Filters(opponents="facile")).overall == facile
    assert history.stats(Filters(since="2025-01-09")).overall.matches == 2
    assert history.stats(Filters(until="2025-01-02")).overall.matches == 1
    assert history.stats(Filters(profile="Nobody")).overall.matches == 0


def test_no_matches_no_figures() -> None:
    history, _ = History.open(":memory:")
    assert history is not None
    overall = history.stats().overall
    assert (overall.matches, overall.win_rate, overall.points_per_hand, overall.points_histogram) == (0, None, None, ())
