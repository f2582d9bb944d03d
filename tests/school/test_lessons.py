"""The lessons: eight, each with pages and three to six exercises; every play exercise's right answer is the coach's
best and every other card keeps at least the stated points less; every question's right answer is the engine's."""

from __future__ import annotations

import pytest

from briscola.engine import Play
from briscola.engine.cards import Card
from briscola.school.exercises import PlayExercise, Question, SignExercise, check_play, play_game, sign_kinds, wrong_by
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


def test_each_sign_exercise_is_answered_by_the_engines_sign_of_the_hand_shown() -> None:
    """The right answer is the engine's truthful sign for the hand the seat holds (never typed in), one of the signs
    the variant offers; the partners' lesson teaches at least a sign to give and that a hand may have none."""
    from briscola.engine.events import SignalKind
    from briscola.engine.options import sign_of

    signs = [exercise for lesson in LESSONS for exercise in lesson.exercises if isinstance(exercise, SignExercise)]
    assert {exercise.answer() for exercise in signs} >= {SignalKind.THREE, SignalKind.SOME}
    for exercise in signs:
        game = play_game(exercise)
        seat = game.to_move
        assert seat is not None and game.trump is not None and game.trump_public
        assert exercise.answer() is sign_of(game.hands[seat], game.trump, king=game.rules.signal_king)
        assert exercise.answer() in sign_kinds(game.rules)


def test_a_play_after_a_partners_sign_is_decided_by_the_sign() -> None:
    """The partners' lesson has a card to play after the partner's sign where the sign changes the coach's best card:
    seen without the sign (the same view, its signs taken away), another card is best."""
    import dataclasses

    from briscola.ai.analysis import analyse
    from briscola.school.exercises import EXERCISE_BUDGET, EXERCISE_SEED

    partners = next(lesson for lesson in LESSONS if lesson.key == "partners")
    after = [item for item in partners.exercises if isinstance(item, PlayExercise) and item.preset == "four-signals"]
    assert after
    for exercise in after:
        checked = check_play(exercise)
        view = checked.game.view(checked.seat)
        side = next(members for members in view.sides if checked.seat in members)
        assert any(sign.seat in side and sign.seat != checked.seat for sign, _draws in view.signals)
        blind = analyse(dataclasses.replace(view, signals=()), EXERCISE_BUDGET, EXERCISE_SEED)
        assert blind.best != checked.answer
