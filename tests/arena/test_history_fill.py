"""The filling code of the benchmark and the screenshots: real matches played by the levels, recorded as the table
records them, a given time apart, every hand timed through the hook."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from briscola.arena.history_fill import FOUR_LEVEL, OPPONENTS, PROFILE, fill_history
from briscola.store.history import History


def test_matches_are_played_by_the_levels_and_recorded_hand_by_hand() -> None:
    history, _ = History.open(":memory:")
    assert history is not None
    timed: list[tuple[float, float]] = []
    start = datetime(2025, 1, 1, tzinfo=UTC)
    hands = fill_history(history, 4, start=start, spacing=timedelta(hours=3), on_hand=lambda *t: timed.append(t))
    matches = list(reversed(history.matches()))
    assert [match.status for match in matches] == ["finished"] * 4
    assert [match.preset for match in matches] == ["classic", "classic", "classic", "four"]
    assert [match.started for match in matches] == [f"2025-01-01T{hour:02d}:00:00Z" for hour in (0, 3, 6, 9)]
    assert all(match.profile == PROFILE and match.human_seat == 0 for match in matches)
    assert [match.seats[1].level for match in matches] == [*OPPONENTS, FOUR_LEVEL]
    assert hands == len(timed) == sum(match.hands_played for match in matches)
    detail = history.match(matches[0].id)
    assert detail is not None and detail.record.finished  # the record replays to the end
