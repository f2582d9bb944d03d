"""Which puzzle comes next: the puzzle of the day from the date alone, the rated stream near the player's rating,
and the hint naming a card that is a mistake."""

from __future__ import annotations

from datetime import date

import pytest

from briscola.school.puzzles import Puzzle, judge, load_puzzles, position
from briscola.school.stream import daily_puzzle, hint, next_puzzle


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    loaded, problems = load_puzzles(check=False)
    assert problems == [] and len(loaded) >= 300
    return loaded


def test_the_puzzle_of_the_day_depends_on_the_date_alone(puzzles: list[Puzzle]) -> None:
    day = date(2026, 12, 4)
    assert daily_puzzle(puzzles, day) == daily_puzzle(list(reversed(puzzles)), day)
    week = {daily_puzzle(puzzles, date(2026, 12, n)).id for n in range(1, 8)}
    assert len(week) == 7


def test_the_rated_stream_offers_the_nearest_puzzle_not_done(puzzles: list[Puzzle]) -> None:
    first = next_puzzle(puzzles, 1200, ())
    assert abs(first.rating - 1200) == min(abs(puzzle.rating - 1200) for puzzle in puzzles)
    second = next_puzzle(puzzles, 1200, (first.id,))
    assert second.id != first.id
    assert abs(second.rating - 1200) >= abs(first.rating - 1200)
    high = next_puzzle(puzzles, 2400, ())
    assert high.rating == max(puzzle.rating for puzzle in puzzles)
    everything = [puzzle.id for puzzle in puzzles]
    assert next_puzzle(puzzles, 1200, everything) == first  # all done: any again, the nearest first


def test_the_hint_names_the_worst_card_and_never_the_answer(puzzles: list[Puzzle]) -> None:
    for puzzle in puzzles[:25]:
        game = position(puzzle)
        given = hint(game, puzzle.answer)
        assert given is not None
        assert given.mistake != puzzle.answer
        verdict = judge(game)
        if puzzle.goal == "win":
            assert given.loses and verdict.results[given.mistake] < 1
        else:
            assert given.short >= 4
