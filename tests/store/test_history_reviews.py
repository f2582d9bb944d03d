"""The coach's reviews kept in the history (schema version 3): a hand's accuracy, and the trend over the last ones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from briscola.store.history import History, Query
from tests.store.history_helpers import play


def test_reviews_are_kept_once_per_hand_and_the_trend_is_the_profiles_last_ones() -> None:
    history, _problems = History.open(":memory:")
    assert history is not None
    anna = play(history, 5, profile="Anna", stop_after_hands=1, finish=False).match_id
    bo = play(history, 6, profile="Bo", stop_after_hands=1, finish=False).match_id
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for minute, (match, hand, score) in enumerate(
        [(anna, 1, 4.0), (anna, 2, None), (bo, 1, 9.0), (anna, 3, 2.0), (anna, 1, 3.0)]
    ):
        assert history.keep_review(match, hand, 0, score, 20, now=start + timedelta(minutes=minute))
    assert not history.keep_review(None, 1, 0, 1.0, 20)  # a match the history doesn't keep
    # Hand 1 of Anna's reviewed twice: the second replaces the first; a hand with nothing graded has no accuracy.
    assert history.review_trend("Anna").accuracies == (2.0, 3.0)
    assert history.review_trend().accuracies == (9.0, 2.0, 3.0)
    assert history.review_trend("Anna", last=1).accuracies == (3.0,)
    assert history.review_trend("Anna").accuracy == 2.5
    assert history.review_trend("Nobody").hands == 0
    assert history.board(Query(profile="Bo")).reviews.accuracies == (9.0,)
