"""The endgame puzzles: every shipped puzzle proved again by the exact solver, the file made reproducibly from its
seed, and a wrong or corrupt entry named and left out while the others load."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from briscola.school.make_puzzles import COUNT, SEED
from briscola.school.puzzles import (
    PUZZLES_FILE,
    Puzzle,
    PuzzleError,
    find_puzzles,
    judge,
    load_puzzles,
    position,
    prove,
    write_puzzles,
)


def test_every_shipped_puzzle_is_proved_again() -> None:
    puzzles, problems = load_puzzles()
    assert problems == []
    assert len(puzzles) >= 300 and len({puzzle.id for puzzle in puzzles}) == len(puzzles)
    goals = Counter(puzzle.goal for puzzle in puzzles)
    assert goals["win"] >= 50 and goals["points"] >= 50
    for puzzle in puzzles:
        verdict = judge(position(puzzle))
        others = [card for card in verdict.results if card != puzzle.answer]
        if puzzle.goal == "win":  # the one card that wins: every other draws or loses
            assert verdict.results[puzzle.answer] == 1 and all(verdict.results[card] < 1 for card in others)
        else:  # the same result whatever is played, and the answer keeps the most by a margin
            assert len(set(verdict.results.values())) == 1
            assert all(verdict.points[puzzle.answer] >= verdict.points[card] + 4 for card in others)


def test_the_file_is_made_from_its_seed() -> None:
    shipped, _ = load_puzzles(check=False)
    assert len(shipped) == COUNT
    assert list(find_puzzles(SEED, 3)) == shipped[:3]


def test_a_wrong_answer_or_line_is_refused() -> None:
    puzzle = load_puzzles(check=False)[0][0]
    other = next(card for card in position(puzzle).legal_cards() if card != puzzle.answer)
    with pytest.raises(PuzzleError, match="the solver's answer is"):
        prove(replace(puzzle, answer=other))
    with pytest.raises(PuzzleError, match="line"):
        prove(replace(puzzle, line=tuple(reversed(puzzle.line))))
    with pytest.raises(PuzzleError, match="don't lead to a move after the talon is empty"):
        prove(replace(puzzle, actions=puzzle.actions[:5]))


def test_a_corrupt_entry_is_named_and_the_others_load(tmp_path: Path) -> None:
    good = load_puzzles(check=False)[0][:3]
    file = tmp_path / "puzzles.json"
    write_puzzles(good, file)
    document = json.loads(file.read_text())
    document["puzzles"][1]["answer"] = "ZZ"
    del document["puzzles"][2]["seed"]
    file.write_text(json.dumps(document))
    loaded, problems = load_puzzles(file)
    assert [puzzle.id for puzzle in loaded] == [good[0].id]
    assert [str(problem).split(":")[0] for problem in problems] == [
        f"Puzzle {good[1].id} is left out",
        f"Puzzle {good[2].id} is left out",
    ]
    assert "'seed' is missing" in str(problems[1])
    file.write_text("{not json")
    assert load_puzzles(file)[0] == [] and "can't be read" in str(load_puzzles(file)[1][0])


def test_a_puzzle_round_trips_through_its_json() -> None:
    puzzle = load_puzzles(check=False)[0][0]
    assert Puzzle.from_json(json.loads(json.dumps(puzzle.to_json()))) == puzzle
    assert PUZZLES_FILE.name == "puzzles.json"
