"""Practice matches (docs/history.md, "Practice"): a match is practice once the coach's advice was shown in it
(hints_used: a hint, or moves graded) or a move was taken back (undo_used); the mark stays once set, and the lists,
the statistics and the statistics scene's board can leave practice out or keep only it, one rule for all."""

from __future__ import annotations

import pytest

from briscola.store.history import Filters, History, Query
from tests.store.history_helpers import play


def _history() -> tuple[History, int]:
    """Three finished matches of Anna's, the second one practice (a move taken back while it was played)."""
    history, _ = History.open(":memory:")
    assert history is not None
    play(history, seed=1)
    practised = play(history, seed=2, finish=False)
    assert history.mark_practice(practised.match_id, undo=True)
    assert history.mark_practice(practised.match_id, hints=True)  # a later mark adds, never takes off
    assert history.end_match(practised.match_id, practised.record())
    play(history, seed=3)
    assert practised.match_id is not None
    return history, practised.match_id


def test_the_mark_is_kept_and_shown_on_the_match() -> None:
    history, practised = _history()
    by_id = {match.id: match for match in history.matches()}
    assert by_id[practised].undo_used and by_id[practised].hints_used and by_id[practised].practice
    assert [match.practice for match in by_id.values()].count(True) == 1


def test_a_closed_match_is_not_marked_afterwards() -> None:
    history, practised = _history()
    first = next(match.id for match in history.matches() if match.id != practised)
    with pytest.raises(ValueError, match="not being played"):  # as a hand written after the end: the writer says so
        history.mark_practice(first, undo=True)
    assert not next(match for match in history.matches() if match.id == first).undo_used


def test_lists_and_statistics_filter_practice_alike() -> None:
    history, practised = _history()
    assert [match.id for match in history.matches(Filters(practice=True))] == [practised]
    assert practised not in [match.id for match in history.matches(Filters(practice=False))]
    assert history.stats(Filters()).overall.matches == 3
    assert history.stats(Filters(practice=True)).overall.matches == 1
    assert history.stats(Filters(practice=False)).overall.matches == 2


def test_the_board_counts_practice_by_default_and_leaves_it_out_or_keeps_only_it_on_request() -> None:
    history, practised = _history()
    everything = history.board(Query(profile="Anna"))
    assert everything.stats.overall.matches == 3
    assert [match.practice for match in everything.recent].count(True) == 1
    without = history.board(Query(profile="Anna", practice="without"))
    assert without.stats.overall.matches == 2 and practised not in [match.id for match in without.recent]
    assert without.choices == everything.choices  # the other filters still offer every preset and level
    only = history.board(Query(profile="Anna", practice="only"))
    assert only.stats.overall.matches == 1 and [match.id for match in only.recent] == [practised]
    hands = sum(tally.hands for tally in (without.stats.overall, only.stats.overall))
    assert hands == everything.stats.overall.hands
