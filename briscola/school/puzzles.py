"""Endgame puzzles: positions after the talon is empty where exactly one card wins the hand, or takes the most.

Each puzzle is a moment of a real two-player classic hand played by the levels, kept as the deal's seed and the
actions that led to it (the engine replays them exactly, so the file stays small and can't describe an impossible
position), with the seat to move. With the talon empty nothing is hidden between two players, so the exact solver
(:mod:`briscola.ai.solver`) *proves* the answer:

- ``win``: exactly one legal card wins the hand with best play on both sides; every other card draws or loses it;
- ``points``: every card leads to the same result, and exactly one keeps the most card points with best play, at
  least :data:`POINTS_MARGIN` more than the next best (a smaller difference is not worth a puzzle).

**Difficulty** (:func:`rating`) is a rating on the Elo scale a player's own puzzle rating is compared with: from
1000, more when the answer is not what common sense plays (the greedy reference player's card, and Medio's), more
for every other card to choose from, more the longer the line until the hand is decided. Why those: a puzzle is
hard when the natural card is wrong, and when the win shows only tricks later.

:func:`prove` checks a puzzle from scratch (the shipped file is re-proved by a test, and every puzzle is proved again
as it is loaded: a corrupt or wrong entry is named and left out, and the rest load). :func:`find_puzzles` makes them,
reproducibly from a seed: ``make puzzles`` (``python -m briscola.school.make_puzzles``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from briscola.ai.levels import make_player
from briscola.ai.position import Position
from briscola.ai.solver import common_sense_card, search_value, solve_result
from briscola.engine import PRESETS, Deal, Game, Phase, Play
from briscola.engine.actions import Action, parse_action
from briscola.engine.cards import ALL_CARDS, Card
from briscola.engine.errors import EngineError
from briscola.text.i18n import N_, Text

__all__ = [
    "POINTS_MARGIN",
    "PUZZLES_FILE",
    "Goal",
    "Puzzle",
    "PuzzleError",
    "Verdict",
    "find_puzzles",
    "load_puzzles",
    "position",
    "prove",
    "rating",
    "write_puzzles",
]

#: The puzzles shipped with the game.
PUZZLES_FILE: Final = Path(__file__).with_name("puzzles.json")
#: A ``points`` puzzle's answer keeps at least this many card points more than the next best card.
POINTS_MARGIN: Final = 4
#: The levels whose hands the puzzles are taken from (each game seats two of them, by turns).
SOURCE_LEVELS: Final = ("medio", "difficile", "facile")
_FORMAT: Final = "briscola-puzzles"
_VERSION: Final = 1

Goal = Literal["win", "points"]


class PuzzleError(ValueError):
    """A puzzle that is not one: ``str()`` says which entry and why."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: the deal's ``seed`` and the ``actions`` from the deal to the position, whose seat is to move;
    its ``goal``, its ``answer``, the ``line`` the hand then takes with best play (answer first), and its ``rating``."""

    id: str
    seed: int
    actions: tuple[Action, ...]
    goal: Goal
    answer: Card
    line: tuple[Card, ...]
    rating: int

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seed": self.seed,
            "actions": " ".join(str(action) for action in self.actions),
            "goal": self.goal,
            "answer": str(self.answer),
            "line": " ".join(str(card) for card in self.line),
            "rating": self.rating,
        }

    @classmethod
    def from_json(cls, data: object) -> Puzzle:
        """A puzzle as the file keeps it; :class:`PuzzleError` saying what is wrong (not yet proved: :func:`prove`)."""
        if not isinstance(data, dict):
            raise PuzzleError("not an object")
        try:
            goal = data["goal"]
            if goal not in ("win", "points"):
                raise PuzzleError(f"goal {goal!r} is not 'win' or 'points'")
            seed, rating = data["seed"], data["rating"]
            if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(rating, int):
                raise PuzzleError("seed and rating must be whole numbers")
            return cls(
                id=str(data["id"]),
                seed=seed,
                actions=tuple(parse_action(word) for word in str(data["actions"]).split()),
                goal=goal,
                answer=Card.parse(str(data["answer"])),
                line=tuple(Card.parse(word) for word in str(data["line"]).split()),
                rating=rating,
            )
        except KeyError as error:
            raise PuzzleError(f"{error.args[0]!r} is missing") from None
        except ValueError as error:
            if isinstance(error, PuzzleError):
                raise
            raise PuzzleError(str(error)) from None


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the solver says of every legal card of a position: the result (1 won, 0 drawn, -1 lost) and the card
    points the seat's side keeps, both with best play on both sides."""

    results: dict[Card, int]
    points: dict[Card, int]

    def goal_and_answer(self) -> tuple[Goal, Card] | None:
        """The puzzle this position makes, if any: the one winning card, else the one card keeping the most."""
        best = max(self.results.values())
        top = [card for card, result in self.results.items() if result == best]
        if best == 1 and len(top) == 1:
            return "win", top[0]
        if len(top) != len(self.results):
            return None
        ranked = sorted(self.points.values(), reverse=True)
        if len(ranked) > 1 and ranked[0] - ranked[1] >= POINTS_MARGIN:
            return "points", max(self.points, key=lambda card: self.points[card])
        return None


def position(puzzle: Puzzle) -> Game:
    """The game at the puzzle's moment, replayed from its seed (:class:`PuzzleError` if the actions don't replay to a
    two-player position after the talon is empty with a seat to move)."""
    game = Game(PRESETS["classic"], puzzle.seed)
    try:
        for action in puzzle.actions:
            game.apply(action)
    except EngineError as error:
        raise PuzzleError(f"its actions don't replay: {error}") from None
    if game.phase is not Phase.PLAY or game.talon_size or game.to_move is None or game.is_over:
        raise PuzzleError("its actions don't lead to a move after the talon is empty")
    return game


def judge(game: Game) -> Verdict:
    """Every legal card of the seat to move, solved exactly (nothing is hidden once the talon is empty)."""
    seat = game.to_move
    assert seat is not None
    pos = Position(game, seat)
    results: dict[Card, int] = {}
    points: dict[Card, int] = {}
    for card in game.legal_cards():
        pos.play(card)
        results[card] = solve_result(pos)
        points[card] = search_value(pos)
        pos.undo()
    return Verdict(results, points)


def prove(puzzle: Puzzle) -> None:
    """Check ``puzzle`` from scratch: it replays, its goal and answer are the solver's, and its line is best play.
    :class:`PuzzleError` says what is wrong."""
    game = position(puzzle)
    found = judge(game).goal_and_answer()
    if found is None:
        raise PuzzleError("no single card wins or keeps the most there")
    if found != (puzzle.goal, puzzle.answer):
        raise PuzzleError(f"the solver's answer is {found[1]} ({found[0]}), not {puzzle.answer} ({puzzle.goal})")
    if puzzle.line != best_line(game, puzzle.answer):
        raise PuzzleError("its line is not the hand's best play")


def best_line(game: Game, answer: Card) -> tuple[Card, ...]:
    """The hand from the answer to its last card, each side keeping its best result and then its most points (the
    first such card in the hand's order when several are equal), as the solution is shown."""
    seat = game.to_move
    assert seat is not None
    pos = Position(game, seat)
    line = [answer]
    pos.play(answer)
    while not pos.over:
        mine = pos.side[pos.to_move] == 0
        scored: list[tuple[int, int, int]] = []
        for card in sorted(pos.moves()):
            pos.play(card)
            result, kept = solve_result(pos), search_value(pos)
            pos.undo()
            scored.append((result if mine else -result, kept if mine else -kept, card))
        best = max(scored, key=lambda item: (item[0], item[1]))
        chosen = next(item[2] for item in scored if item[:2] == best[:2])
        line.append(ALL_CARDS[chosen])
        pos.play(chosen)
    return tuple(line)


def rating(game: Game, goal: Goal, answer: Card, line: Sequence[Card], medio_card: Card | None) -> int:
    """The puzzle's difficulty on the Elo scale (see the module): from 1000, +250 if common sense (the greedy reference
    player) plays another card, +250 if Medio does, +75 for every other legal card, +40 for every card of the line
    before the hand is decided (a win shown only tricks later is harder to see), and +100 for a ``points`` puzzle
    (nothing as plain as winning or losing tells the card)."""
    seat = game.to_move
    assert seat is not None
    pos = Position(game, seat)
    score = 1000 + 75 * (len(game.legal_cards()) - 1)
    if common_sense_card(pos) != answer:
        score += 250
    if medio_card is not None and medio_card != answer:
        score += 250
    score += 40 * _plies_until_decided(pos, line)
    if goal == "points":
        score += 100
    return score


def _plies_until_decided(pos: Position, line: Sequence[Card]) -> int:
    """Cards of ``line`` played before one side holds more than half the hand's points (the position is restored)."""
    played = 0
    for card in line:
        mine, theirs = pos.side_points
        if max(mine, theirs) * 2 > pos.total:
            break
        pos.play(card)
        played += 1
    for _ in range(played):
        pos.undo()
    return played


def find_puzzles(seed: int, count: int) -> Iterator[Puzzle]:
    """Puzzles from hands the levels play, in a fixed order from ``seed``: the same seed always gives the same ones.

    One puzzle a hand at most, so no two share their cards: of the two moments with three cards in hand after the
    talon is empty (the leader's and the follower's), a ``win`` is preferred to a ``points``, then the earlier.
    """
    rng = random.Random(seed)
    found = 0
    game_no = 0
    while found < count:
        game_no += 1
        deal_seed = rng.randrange(1 << 31)
        levels = (SOURCE_LEVELS[game_no % len(SOURCE_LEVELS)], SOURCE_LEVELS[(game_no + 1) % len(SOURCE_LEVELS)])
        players = [make_player(level, random.Random(deal_seed + seat)) for seat, level in enumerate(levels)]
        game = Game(PRESETS["classic"], deal_seed)
        game.apply(Deal())
        actions: list[Action] = [Deal()]
        candidates: list[Puzzle] = []
        while game.phase is Phase.PLAY and not game.is_over:
            seat = game.to_move
            assert seat is not None
            if game.talon_size == 0 and len(game.hands[seat]) == 3:
                puzzle = _puzzle_at(game, tuple(actions), f"p{found + 1:03d}")
                if puzzle is not None:
                    candidates.append(puzzle)
            chosen = players[seat].choose(game.view(seat))
            game.apply(chosen, seat=seat)
            actions.append(chosen)
        if candidates:
            found += 1
            yield min(candidates, key=lambda puzzle: puzzle.goal != "win")


def _puzzle_at(game: Game, actions: tuple[Action, ...], ident: str) -> Puzzle | None:
    """The puzzle of this moment, if it makes one."""
    verdict = judge(game)
    found = verdict.goal_and_answer()
    if found is None:
        return None
    goal, answer = found
    line = best_line(game, answer)
    medio = make_player("medio", random.Random(0)).choose(game.view(game.to_move or 0))
    medio_card = medio.card if isinstance(medio, Play) else None
    assert game.seed is not None
    return Puzzle(ident, game.seed, actions, goal, answer, line, rating(game, goal, answer, line, medio_card))


def write_puzzles(puzzles: Sequence[Puzzle], path: Path = PUZZLES_FILE) -> None:
    """The puzzles as the game ships them: one JSON object, one puzzle a line (easy to read and to compare)."""
    lines = ",\n".join("    " + json.dumps(puzzle.to_json(), ensure_ascii=False) for puzzle in puzzles)
    text = f'{{"format": "{_FORMAT}", "version": {_VERSION}, "puzzles": [\n{lines}\n]}}\n'
    path.write_text(text, encoding="utf-8")


def load_puzzles(path: Path = PUZZLES_FILE, *, check: bool = True) -> tuple[list[Puzzle], list[Text]]:
    """The puzzles of ``path``, each proved again when ``check``; what is wrong comes back as problems naming the
    entry, and those entries are left out (a file that can't be read at all gives no puzzle and one problem)."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        return [], [Text(N_("The puzzles can't be read ({error})."), error=error)]
    if not isinstance(document, dict) or document.get("format") != _FORMAT or document.get("version") != _VERSION:
        return [], [Text(N_("{path} is not a puzzles file of this game."), path=path)]
    entries = document.get("puzzles")
    if not isinstance(entries, list):
        return [], [Text(N_("{path} holds no list of puzzles."), path=path)]
    puzzles: list[Puzzle] = []
    problems: list[Text] = []
    for index, entry in enumerate(entries, start=1):
        name = entry.get("id", f"#{index}") if isinstance(entry, dict) else f"#{index}"
        try:
            puzzle = Puzzle.from_json(entry)
            if check:
                prove(puzzle)
        except PuzzleError as error:
            problems.append(Text(N_("Puzzle {name} is left out: {reason}."), name=name, reason=str(error)))
            continue
        puzzles.append(puzzle)
    return puzzles, problems
