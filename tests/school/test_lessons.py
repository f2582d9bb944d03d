"""The lessons: eight, each with pages and three to six exercises; every play exercise's right answer is the coach's
best and every other card keeps at least the stated points less; every question's right answer is the engine's."""

from __future__ import annotations

import pytest

from briscola.engine import Play
from briscola.engine.cards import Card
from briscola.school.exercises import PlayExercise, Question, check_play, wrong_by
from briscola.school.lessons import LESSONS, Lesson

PLAYS = [
    pytest.param(lesson, exercise, id=f"{lesson.key}-{index}")
    for lesson in LESSONS
    for index, exercise in enumerate(lesson.exercises)
    if isinstance(exercise, PlayExercise)
]


def test_the_topics_the_issue_asks_for_each_with_pages_and_exercises() -> None:
    assert [lesson.key for lesson in LESSONS] == [
        "cards",
        "briscola",
        "carichi",
        "trumps",
        "counting",
        "endgame",
        "partners",
        "chiamata",
    ]
    for lesson in LESSONS:
        assert lesson.pages, lesson.key
        assert 3 <= len(lesson.exercises) <= 6, lesson.key
        for page in lesson.pages:
            for code in page.cards:
                Card.parse(code)


@pytest.mark.parametrize(("lesson", "exercise"), PLAYS)
def test_each_play_exercise_is_the_coachs_best_by_its_margin(lesson: Lesson, exercise: PlayExercise) -> None:
    checked = check_play(exercise)
    view = checked.game.view(checked.seat)
    assert len(view.legal) > 1, "a choice, not a forced move"
    offered = exercise.offered(view.legal)
    assert checked.answer in offered and len(offered) > 1
    assert len(offered) == len(exercise.offer.split()) or not exercise.offer, "every action offered is legal"
    for action in view.legal:
        if action != checked.answer:
            assert wrong_by(checked, action) >= exercise.margin, (lesson.key, str(action))
    if exercise.margin:
        assert isinstance(checked.answer, Play)
        best = checked.analysis.best_value
        assert all(best.equity + 1e-9 >= item.equity for item in checked.analysis.actions if item.valued)


def test_each_question_has_its_right_answer_among_its_options() -> None:
    questions = [exercise for lesson in LESSONS for exercise in lesson.exercises if isinstance(exercise, Question)]
    assert questions
    for question in questions:
        assert 0 <= question.answer() < len(question.options)
        for code in question.cards.split():
            Card.parse(code)
