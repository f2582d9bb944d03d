"""The coach's verdicts: the grade's boundaries, a decision judged against the analysis, a hand's accuracy, and the
player that follows the hints."""

from __future__ import annotations

import dataclasses
import random

import pytest

from briscola.ai.analysis import ActionValue, Analysis, Budget, Estimate
from briscola.ai.coach import GRADE_LIMITS, CoachPlayer, Decision, Grade, accuracy, grade, review_decision
from briscola.ai.levels import COACH, make_player, player_names
from briscola.engine import PRESETS, Game
from briscola.engine.actions import Play, Swap
from briscola.engine.cards import Card
from tests.ai.helpers import play_checked


@pytest.mark.parametrize(
    ("points", "win", "expected"),
    [
        (0.0, 0.0, Grade.BEST),
        (0.99, 0.019, Grade.BEST),
        (1.0, 0.0, Grade.GOOD),
        (0.0, 0.02, Grade.GOOD),
        (2.99, 0.049, Grade.GOOD),
        (3.0, 0.0, Grade.INACCURACY),
        (0.0, 0.05, Grade.INACCURACY),
        (5.99, 0.099, Grade.INACCURACY),
        (6.0, 0.0, Grade.MISTAKE),
        (0.0, 0.10, Grade.MISTAKE),
        (10.99, 0.199, Grade.MISTAKE),
        (11.0, 0.0, Grade.BLUNDER),
        (0.0, 0.20, Grade.BLUNDER),
        (40.0, 1.0, Grade.BLUNDER),
    ],
)
def test_each_grade_starts_where_its_limits_say(points: float, win: float, expected: Grade) -> None:
    assert grade(points, win) is expected


def test_the_limits_grow_from_grade_to_grade() -> None:
    points = [limit for _grade, limit, _win in GRADE_LIMITS]
    wins = [limit for _grade, _points, limit in GRADE_LIMITS]
    assert points == sorted(points) and wins == sorted(wins)
    assert [verdict for verdict, _p, _w in GRADE_LIMITS] + [Grade.BLUNDER] == list(Grade)


def _value(card: str, points: float, win: float) -> ActionValue:
    return ActionValue(Play(Card.parse(card)), True, Estimate(points, 1.0), Estimate(win, 0.02), Estimate(0.0))


def _analysis(*values: ActionValue, best: int = 0) -> Analysis:
    return Analysis(0, values[best].action, values, "middle", 40, False, True)


def test_a_decision_costs_what_the_best_action_is_worth_more() -> None:
    analysis = _analysis(_value("AD", 70, 0.8), _value("2S", 62, 0.74), _value("3C", 72, 0.5))
    assert review_decision(analysis, Play(Card.parse("AD"))) == Decision(
        Play(Card.parse("AD")), Play(Card.parse("AD")), 0.0, 0.0, Grade.BEST, False
    )
    mistake = review_decision(analysis, Play(Card.parse("2S")))
    assert mistake.points_lost == pytest.approx(8) and mistake.win_lost == pytest.approx(0.06)
    assert mistake.grade is Grade.MISTAKE
    # More points than the best card but a lower chance of winning: the points lost are none, the chance counts.
    risky = review_decision(analysis, Play(Card.parse("3C")))
    assert risky.points_lost == 0 and risky.win_lost == pytest.approx(0.3) and risky.grade is Grade.BLUNDER
    assert accuracy([mistake, risky]) == pytest.approx(4)


def test_a_forced_move_and_a_move_not_valued_are_not_counted_in_the_accuracy() -> None:
    forced = review_decision(_analysis(_value("AD", 70, 0.8)), Play(Card.parse("AD")))
    assert forced.forced and forced.grade is Grade.BEST
    swap_first = Analysis(0, Swap(), (ActionValue(Swap(), False), _value("AD", 70, 0.8)), "late", 40, False, True)
    not_valued = review_decision(swap_first, Play(Card.parse("AD")))
    assert not_valued.grade is None
    assert accuracy([forced, not_valued]) is None


def test_the_hint_follower_is_an_arena_player_that_plays_legal_moves() -> None:
    assert COACH not in player_names()  # not offered in the menus, nor played in the ladder
    assert isinstance(make_player(COACH, random.Random(1)), CoachPlayer)
    for name in ("classic", "four"):
        players = [CoachPlayer(random.Random(seat), Budget(deals=6)) for seat in range(PRESETS[name].players)]
        play_checked(Game(dataclasses.replace(PRESETS[name], hands_to_win=1), 3), players)
