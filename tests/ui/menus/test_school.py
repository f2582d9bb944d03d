"""The school in the window, headless: the title opens it; every lesson is played to its end by synthetic keys (a
wrong answer explained and tried again on the way); puzzles solved and missed move the rating as specified; the
puzzle of the day is the same for the same date; the progress survives a restart; a corrupt progress file is named,
moved aside, and the school still opens."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pygame
import pytest

from briscola.school.exercises import PlayExercise, Question, SignExercise, check_play
from briscola.school.lessons import LESSONS
from briscola.school.puzzles import Puzzle
from briscola.store import paths
from briscola.store.school_progress import SchoolKeeper, elo_update
from briscola.text import i18n
from briscola.text.i18n import set_language
from briscola.ui.app import App
from briscola.ui.menus.learning.lesson import LessonScene, checked_for
from briscola.ui.menus.learning.puzzle import PuzzleScene
from briscola.ui.menus.learning.school import SchoolScene
from briscola.ui.menus.learning.school_board import choice_rects
from briscola.ui.menus.title import TitleScene
from tests.ui.helpers import FRAME, click, step_until
from tests.ui.menus.test_menus import make_title, press


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def open_school(app: App) -> SchoolScene:
    """From the title, by the keys: down to School, Enter."""
    title = app.top
    assert isinstance(title, TitleScene)
    keys = [row.key for row in title.rows]
    assert "school" in keys
    press(app, *[pygame.K_DOWN] * ((keys.index("school") - title.focus) % len(keys)), pygame.K_RETURN)
    school = app.top
    assert isinstance(school, SchoolScene)
    return school


def open_row(app: App, key: str) -> None:
    school = app.top
    assert isinstance(school, SchoolScene)
    keys = [row.key for row in school.rows]
    press(app, *[pygame.K_DOWN] * ((keys.index(key) - school.focus) % len(keys)), pygame.K_RETURN)


def right_index(scene: LessonScene) -> int:
    """Where the right answer of the exercise shown is, by the engine's rules or the coach's analysis."""
    index = scene.exercise_index
    assert index is not None
    exercise = scene.lesson.exercises[index]
    if isinstance(exercise, Question):
        return exercise.answer()
    if isinstance(exercise, SignExercise):
        return scene.signs.index(exercise.answer())
    checked = checked_for(exercise, wait=300) or check_play(exercise)
    return scene.actions.index(checked.answer)


def state(scene: object, name: str) -> object:
    """An attribute read afresh (the scene changes it between two asserts, which a type checker can't see)."""
    return getattr(scene, name)


def answer(app: App, scene: LessonScene, index: int) -> None:
    press(app, pygame.K_1 + index)
    step_until(app, lambda: scene.result != "checking")


def test_the_title_has_school_and_it_lists_the_lessons_and_puzzles() -> None:
    app = make_title()
    school = open_school(app)
    keys = [row.key for row in school.rows]
    assert keys == [f"lesson-{lesson.key}" for lesson in LESSONS] + ["daily", "puzzles"]
    assert school.row("puzzles").label == "Puzzles: rating 1200, streak 0"
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_every_lesson_is_playable_to_its_end_by_keys(lesson: object) -> None:
    app = make_title()
    open_school(app)
    open_row(app, f"lesson-{lesson.key}")  # type: ignore[attr-defined]
    scene = app.top
    assert isinstance(scene, LessonScene) and scene.lesson is lesson
    for page in range(scene.pages):
        assert scene.step == page and scene.exercise_index is None
        app.draw()
        press(app, pygame.K_RIGHT)
    if scene.pages > 1:  # Left goes back a page, and Enter on again
        scene.go(scene.pages - 1)
        press(app, pygame.K_LEFT)
        assert scene.step == scene.pages - 2
        scene.go(scene.pages)
    for number, exercise in enumerate(scene.lesson.exercises):
        assert scene.exercise_index == number
        app.draw()
        right = right_index(scene)
        if number == 0:  # a wrong answer first: explained, then tried again
            wrong = next(index for index, choice in enumerate(scene.choices) if choice.enabled and index != right)
            answer(app, scene, wrong)
            assert scene.result == "wrong"
            assert i18n._(exercise.why) in scene.feedback
            if isinstance(exercise, PlayExercise) and exercise.margin:
                assert "points less than the best card" in scene.feedback
            app.draw()
            press(app, pygame.K_RETURN)
            assert state(scene, "result") is None and scene.exercise_index == number
        answer(app, scene, right)
        assert scene.result == "right", scene.feedback
        assert scene.feedback.startswith("Right!")
        app.draw()
        press(app, pygame.K_RETURN)
    assert scene.finished
    assert scene.first_try == set(range(1, len(scene.lesson.exercises)))
    app.draw()
    press(app, pygame.K_RETURN)
    school = app.top
    assert isinstance(school, SchoolScene)
    assert school.keeper.progress.right(scene.lesson.key) == set(range(len(scene.lesson.exercises)))
    assert school.rows[school.focus].label.endswith("· done")


def test_a_choice_is_clicked_and_the_button_tries_again() -> None:
    app = make_title()
    open_school(app)
    open_row(app, "lesson-cards")
    scene = app.top
    assert isinstance(scene, LessonScene)
    scene.go(scene.pages + 1)  # who takes: king or ace of hearts, two cards
    rects = choice_rects(scene.choices, app.size)
    right = right_index(scene)
    click(rects[1 - right].center)
    app.step(FRAME)
    assert scene.result == "wrong"
    button = scene.button()
    assert button is not None and button.label == "Try again"
    click(button.rect.center)
    app.step(FRAME)
    click(rects[right].center)
    app.step(FRAME)
    assert scene.result == "right"


def test_the_progress_survives_a_restart() -> None:
    app = make_title()
    open_school(app)
    open_row(app, "lesson-cards")
    scene = app.top
    assert isinstance(scene, LessonScene)
    scene.go(scene.pages)
    answer(app, scene, right_index(scene))
    assert paths.school_path().is_file()
    again = make_title()  # a new game reading the same data folder
    school = open_school(again)
    assert school.keeper.progress.right("cards") == {0}
    assert school.row("lesson-cards").label.endswith("· 1/4 right")


def test_a_corrupt_progress_file_is_named_and_the_school_opens() -> None:
    file = paths.school_path()
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("{ half a file", encoding="utf-8")
    app = make_title()
    school = open_school(app)
    assert len(school.keeper.problems) == 1
    message = school.keeper.problems[0].message()
    assert str(file) in message and "moved to" in message
    assert list(file.parent.glob("school.json.corrupt-*"))
    assert school.keeper.progress.rating == 1200
    app.draw()
    open_row(app, "lesson-cards")
    assert isinstance(app.top, LessonScene)


def _rated(app: App) -> PuzzleScene:
    open_school(app)
    open_row(app, "puzzles")
    scene = app.top
    assert isinstance(scene, PuzzleScene) and scene.puzzle is not None
    return scene


def _index_of_answer(scene: PuzzleScene) -> int:
    assert scene.puzzle is not None
    return next(index for index, choice in enumerate(scene.choices) if choice.card == scene.puzzle.answer)


def test_a_puzzle_solved_then_one_missed_move_the_rating_as_specified() -> None:
    app = make_title()
    scene = _rated(app)
    assert scene.puzzle is not None
    first = scene.puzzle
    app.draw()
    press(app, pygame.K_1 + _index_of_answer(scene))
    progress = scene.keeper.progress
    assert state(scene, "solved") is True
    assert progress.rating == pytest.approx(elo_update(1200, first.rating, True))
    assert progress.streak == 1 and progress.puzzles_done == (first.id,)
    app.draw()
    press(app, pygame.K_RETURN)  # the next rated puzzle
    second = state(scene, "puzzle")
    assert isinstance(second, Puzzle) and second.id != first.id
    wrong = next(index for index, choice in enumerate(scene.choices) if choice.card != second.answer)
    press(app, pygame.K_1 + wrong)
    assert state(scene, "solved") is False
    after = scene.keeper.progress
    assert after.rating == pytest.approx(elo_update(elo_update(1200, first.rating, True), second.rating, False))
    assert after.streak == 0 and after.best_streak == 1
    assert SchoolKeeper().progress.rating == pytest.approx(after.rating)  # saved


def test_a_hint_dims_a_mistake_and_counts_as_a_miss() -> None:
    app = make_title()
    scene = _rated(app)
    puzzle = scene.puzzle
    assert puzzle is not None
    press(app, pygame.K_h)
    assert scene.helped and scene.hint is not None
    dimmed = [choice.card for choice in scene.choices if not choice.enabled]
    assert dimmed == [scene.hint.mistake] and puzzle.answer not in dimmed
    app.draw()
    press(app, pygame.K_1 + _index_of_answer(scene))
    assert scene.solved is False
    assert scene.keeper.progress.rating == pytest.approx(elo_update(1200, puzzle.rating, False))


def test_the_solution_plays_out_in_time_not_frames() -> None:
    app = make_title()
    scene = _rated(app)
    assert scene.puzzle is not None
    press(app, pygame.K_1 + _index_of_answer(scene))
    assert scene.animating and scene.wake_in() == 0.0
    played = [move[0] for segment in scene.segments for move in segment.moves if move[2][0] == "trick"]
    assert tuple(played) == scene.puzzle.line
    total = sum(segment.seconds for segment in scene.segments[:-1])
    app.step(total / 2)
    app.draw()
    assert scene.animating
    app.step(total / 2 + 0.01)  # two frames or two hundred: the same time, the same end
    assert not state(scene, "animating")
    final = scene.segments[-1]
    assert final.mine == () and final.theirs == () and sum(final.points) == 120
    press(app, pygame.K_r)
    assert state(scene, "animating")


def test_the_puzzle_of_the_day_is_the_same_for_the_same_date_and_rated_once() -> None:
    app = make_title()
    keeper = SchoolKeeper()
    day = date(2026, 12, 4)
    one = PuzzleScene(app, keeper, daily=True, today=day)
    two = PuzzleScene(app, SchoolKeeper(), daily=True, today=day)
    other = PuzzleScene(app, keeper, daily=True, today=date(2026, 12, 5))
    assert one.puzzle is not None and two.puzzle is not None and other.puzzle is not None
    assert one.puzzle.id == two.puzzle.id != other.puzzle.id
    one.choose(0)
    assert keeper.progress.daily == "2026-12-04"
    rating = keeper.progress.rating
    again = PuzzleScene(app, keeper, daily=True, today=day)
    assert not again.rated
    again.choose(0)
    assert keeper.progress.rating == rating


def test_a_play_exercise_shows_only_what_the_seat_sees() -> None:
    """Before the talon is empty the other hands are backs (a count); between two after it, the cards themselves."""
    from briscola.school.exercises import play_game
    from briscola.ui.menus.learning.school_board import table_of

    for lesson in LESSONS:
        for exercise in lesson.exercises:
            if not isinstance(exercise, PlayExercise):
                continue
            game = play_game(exercise)
            seat = game.to_move
            assert seat is not None
            table = table_of(game.view(seat))
            if game.rules.players == 2 and game.talon_size == 0:
                assert table.others == tuple(sorted(game.hands[1 - seat])), lesson.key
            else:
                others = [other for other in range(game.rules.players) if other != seat]
                assert table.others == sum(len(game.hands[other]) for other in others)


def test_a_wrong_puzzle_entry_is_named_and_the_next_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each puzzle is proved as it is shown: a corrupt one (here a wrong answer) is left out with a notice."""
    import dataclasses

    from briscola.school import puzzles as puzzles_module
    from briscola.school.stream import daily_puzzle
    from briscola.ui.menus.learning import puzzle as puzzle_scene

    good, _problems = puzzles_module.load_puzzles(check=False)
    day = date(2026, 12, 4)
    todays = daily_puzzle(good, day)
    game = puzzles_module.position(todays)
    wrong_card = next(card for card in game.hands[game.to_move or 0] if card != todays.answer)
    broken_daily = dataclasses.replace(todays, answer=wrong_card)
    broken_rated = dataclasses.replace(broken_daily, id="zz-broken", rating=1200)
    kept = [puzzle if puzzle.id != todays.id else broken_daily for puzzle in good]
    app = make_title()
    monkeypatch.setattr(puzzle_scene, "load_puzzles", lambda check=True: (list(kept), []))
    daily = PuzzleScene(app, SchoolKeeper(), daily=True, today=day)
    monkeypatch.setattr(puzzle_scene, "load_puzzles", lambda check=True: ([*good, broken_rated], []))
    rated = PuzzleScene(app, SchoolKeeper(), daily=False)
    assert daily.puzzle is not None and daily.puzzle.id != todays.id
    assert rated.puzzle is not None and rated.puzzle.id != "zz-broken"
    assert any(f"Puzzle {todays.id} is left out" in problem for problem in daily.problems), daily.problems
    assert any("Puzzle zz-broken is left out" in problem for problem in rated.problems)
    app.draw()


def test_a_sign_exercise_shows_the_hand_and_the_signs_in_words_and_a_play_shows_the_partners_sign() -> None:
    """Lesson 7's signs: the hand and the briscola in the middle, the variant's signs as worded answers (the king's
    only where it is a sign), the right one the engine's; a card played after a partner's sign shows that sign."""
    from briscola.engine.events import SignalKind
    from briscola.text.signs import sign_meaning

    app = make_title()
    open_school(app)
    open_row(app, "lesson-partners")
    scene = app.top
    assert isinstance(scene, LessonScene)
    kinds = [index for index, item in enumerate(scene.lesson.exercises) if isinstance(item, SignExercise)]
    assert len(kinds) >= 2
    scene.go(scene.pages + kinds[0])
    assert scene.table is not None and scene.table.caption == "Your hand"
    assert scene.table.briscola is not None
    assert [choice.label.lower() for choice in scene.choices] == [sign_meaning(kind) for kind in scene.signs]
    assert SignalKind.KING not in scene.signs and SignalKind.NONE in scene.signs
    rects = choice_rects(scene.choices, app.size)
    assert len({rect.left for rect in rects}) == 2, "worded answers in two columns"
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    app.draw()
    right = right_index(scene)
    click(rects[right].center)
    app.step(FRAME)
    assert scene.result == "right"
    after = next(
        index
        for index, item in enumerate(scene.lesson.exercises)
        if isinstance(item, PlayExercise) and item.preset == "four-signals"
    )
    scene.go(scene.pages + after)
    assert scene.table is not None
    assert scene.table.signs == ("Partner gives a sign: no trumps at all.",)
    app.draw()
