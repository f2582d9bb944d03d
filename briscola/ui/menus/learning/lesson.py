"""A lesson: its pages one by one (the words, the cards they show in the player's deck), then its exercises.

Keys first: on a page Right, Enter or Space goes on and Left goes back; in an exercise 1-9 picks a choice, Left/Right
move the focus and Enter picks it; after an answer Enter goes on (right) or tries again (wrong), and Esc goes back to
the school at any time. The mouse clicks the same things.

A question is answered by the engine's rules at once. A play exercise is a moment of a real hand shown as its seat
sees it, checked by the coach's analysis (:func:`briscola.school.exercises.check_play`, up to half a second): it is
started on a thread as the exercise opens and kept for the session, so no frame waits for it; an answer given before
it is ready says "The coach is looking…" until it is. A right answer is praised with the lesson's why; a wrong one is
explained with the why and how many points the chosen card keeps less than the best, and can be tried again. Every
right answer is saved at once in the school's progress.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Final

import pygame

from briscola.engine import Play
from briscola.engine.actions import Action, Bid, Call, Pass
from briscola.engine.cards import Card, CardCodeError
from briscola.engine.events import SignalKind
from briscola.school.exercises import (
    Checked,
    PlayExercise,
    Question,
    SignExercise,
    check_play,
    play_game,
    sign_kinds,
    wrong_by,
)
from briscola.school.lessons import LESSONS, Lesson
from briscola.store.school_progress import SchoolKeeper
from briscola.text.i18n import _
from briscola.text.names import bid_label
from briscola.text.signs import sign_meaning
from briscola.ui.assets.cards import deck_images
from briscola.ui.menus.learning.school_board import (
    Choice,
    Table,
    choice_at,
    draw_choices,
    draw_table,
    draw_wrapped,
    layout,
    name_card,
    row_rects,
    step_choice,
    table_of,
)
from briscola.ui.scene import POLL_SECONDS, STILL
from briscola.ui.widgets.basic import COLOURS, Button, draw_text

if TYPE_CHECKING:
    from briscola.engine.views import PlayerView
    from briscola.ui.app import App

__all__ = ["LessonScene", "checked_for"]

_CHECKED: dict[PlayExercise, Checked] = {}
"""Every play exercise checked this session (the analysis is the same every time: no need to run it twice)."""
_RUNNING: dict[PlayExercise, threading.Event] = {}
"""The exercises being checked now, each with the event set when its analysis is kept (an exercise opened twice
meanwhile starts no second analysis)."""
_LOCK: Final = threading.Lock()
_RIGHT: Final = (90, 200, 120)


def checked_for(exercise: PlayExercise, wait: float | None = None) -> Checked | None:
    """The analysis of ``exercise`` if it is ready (``wait``: waiting that many seconds at most for one under way,
    which the scene never does; a test or a tool may)."""
    with _LOCK:
        checked, running = _CHECKED.get(exercise), _RUNNING.get(exercise)
    if checked is None and running is not None and wait is not None:
        running.wait(wait)
        with _LOCK:
            checked = _CHECKED.get(exercise)
    return checked


def _check(exercise: PlayExercise) -> None:
    try:
        checked = check_play(exercise)
        with _LOCK:
            _CHECKED[exercise] = checked
    finally:  # a waiter never waits for ever, even if the analysis failed
        with _LOCK:
            done = _RUNNING.pop(exercise, None)
        if done is not None:
            done.set()


def _start_check(exercise: PlayExercise) -> None:
    """The coach's analysis of ``exercise`` on a thread of its own, unless it is done or under way."""
    with _LOCK:
        if exercise in _CHECKED or exercise in _RUNNING:
            return
        _RUNNING[exercise] = threading.Event()
    threading.Thread(target=_check, args=(exercise,), daemon=True, name="lesson-check").start()


def _card(code: str) -> Card | None:
    try:
        return Card.parse(code)
    except (CardCodeError, ValueError):
        return None


class LessonScene:
    """One lesson, page by page, then exercise by exercise, then its end."""

    opaque = True

    def __init__(self, app: App, key: str, keeper: SchoolKeeper) -> None:
        self.app = app
        self.keeper = keeper
        self.lesson: Lesson = next(lesson for lesson in LESSONS if lesson.key == key)
        self.deck = deck_images(app.settings_store().settings.display.deck)
        self.size = app.size
        self.step = 0
        """Pages first, then exercises, then the end: ``step`` counts through them all."""
        self.focus = 0
        self.choices: list[Choice] = []
        self.actions: list[Action | None] = []
        self.signs: tuple[SignalKind, ...] = ()
        """A sign exercise's answers, in the choices' order."""
        self.table: Table | None = None
        self.chosen: int | None = None
        self.result: str | None = None
        """None before an answer, then "checking" (the analysis not ready yet), "right" or "wrong"."""
        self.feedback = ""
        self.first_try: set[int] = set()
        self._tried = False

    # ------------------------------------------------------------------------------------------------ content

    @property
    def pages(self) -> int:
        return len(self.lesson.pages)

    @property
    def exercise_index(self) -> int | None:
        """The exercise shown, if one is."""
        index = self.step - self.pages
        return index if 0 <= index < len(self.lesson.exercises) else None

    @property
    def finished(self) -> bool:
        return self.step >= self.pages + len(self.lesson.exercises)

    def go(self, step: int) -> None:
        """Show ``step`` (a page, an exercise, or the end)."""
        self.step = max(0, min(step, self.pages + len(self.lesson.exercises)))
        self.chosen, self.result, self.feedback, self.focus, self._tried = None, None, "", 0, False
        self.choices, self.actions, self.signs, self.table = [], [], (), None
        index = self.exercise_index
        if index is not None:
            self._open(self.lesson.exercises[index])

    def _open(self, exercise: PlayExercise | Question | SignExercise) -> None:
        if isinstance(exercise, SignExercise):
            game = play_game(exercise)
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            self.signs = sign_kinds(game.rules)
            meanings = (sign_meaning(kind) for kind in self.signs)
            self.choices = [Choice(meaning[:1].upper() + meaning[1:]) for meaning in meanings]
            self.actions = [None] * len(self.choices)
            self.table = self._hand_table(view)
            return
        if isinstance(exercise, Question):
            self.choices = [Choice(option, _card(option)) for option in exercise.options]
            self.actions = [None] * len(self.choices)
            cards = tuple(("", card) for code in exercise.cards.split() if (card := _card(code)) is not None)
            trump = None if exercise.trump is None else Card.parse("A" + exercise.trump).suit
            self.table = Table(0, cards, trump, None, 0, None)
            return
        _start_check(exercise)
        game = play_game(exercise)
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if any(isinstance(action, Play) for action in view.legal):
            self.choices = [Choice(name_card(card, self.deck), card, Play(card) in view.legal) for card in view.hand]
            self.actions = [Play(card) if Play(card) in view.legal else None for card in view.hand]
            self.table = table_of(view)
        else:
            offered = exercise.offered(view.legal)
            self.choices = [
                Choice(self._action_name(action), action.card if isinstance(action, Call) else None)
                for action in offered
            ]
            self.actions = list(offered)
            self.table = self._hand_table(view)
        self.focus = next((index for index, choice in enumerate(self.choices) if choice.enabled), 0)

    @staticmethod
    def _hand_table(view: PlayerView) -> Table:
        """The seat's hand shown in the middle (the choices are not its cards: a bid, a call, a sign)."""
        base = table_of(view)
        hand = tuple(("", card) for card in view.hand)
        return Table(0, hand, base.trump, base.briscola, base.talon, None, _("Your hand"))

    def _action_name(self, action: Action) -> str:
        """An auction's move in the player's words (a call is shown as its card)."""
        if isinstance(action, Bid):
            return _("Bid {bid}").format(bid=bid_label(action, self.deck.manifest.family))
        if isinstance(action, Pass):
            return _("Pass")
        return str(action)

    # ------------------------------------------------------------------------------------------------ answers

    def choose(self, index: int) -> None:
        """The player's answer: checked now, or as soon as the coach's analysis is ready."""
        if self.result in ("right", "checking") or not 0 <= index < len(self.choices):
            return
        if not self.choices[index].enabled:
            return
        self.chosen, self.focus = index, index
        self.result = "checking"
        self._resolve()

    def _resolve(self) -> None:
        index, position = self.exercise_index, self.chosen
        if index is None or position is None:
            return
        exercise = self.lesson.exercises[index]
        lost = 0.0
        if isinstance(exercise, Question):
            right = position == exercise.answer()
        elif isinstance(exercise, SignExercise):
            right = self.signs[position] == exercise.answer()
        else:
            checked = checked_for(exercise)
            if checked is None:
                self.feedback = _("The coach is looking at it…")
                return
            action = self.actions[position]
            right = action == checked.answer
            if not right and action is not None:
                lost = wrong_by(checked, action)
        why = _(exercise.why)
        if right:
            self.result = "right"
            self.feedback = _("Right! {why}").format(why=why)
            if not self._tried:
                self.first_try.add(index)
            self.keeper.change(self.keeper.progress.answered(self.lesson.key, index))
            return
        self.result, self._tried = "wrong", True
        self.feedback = _("Not the best choice. {why}").format(why=why)
        choice = self.choices[position]
        if lost >= 0.5 and choice.card is not None:
            self.feedback += " " + _("The {card} keeps about {points} points less than the best card.").format(
                card=name_card(choice.card, self.deck), points=round(lost)
            )

    def retry(self) -> None:
        """Try the exercise again (the choice kept in focus, the explanation cleared)."""
        if self.result == "wrong":
            self.result, self.feedback, self.chosen = None, "", None

    def proceed(self) -> None:
        """Enter after an answer, or on a page: on to the next step; at the end, back to the school."""
        if self.finished:
            self.app.pop(self)
        elif self.exercise_index is None or self.result == "right":
            self.go(self.step + 1)

    # ------------------------------------------------------------------------------------------------ scene

    def button(self) -> Button | None:
        """The button under the feedback: Next after a right answer, Try again after a wrong one, and so on."""
        w, h = self.size
        label = None
        if self.exercise_index is None:
            label = _("Back to the school") if self.finished else _("Next")
        elif self.result == "right":
            label = _("Next")
        elif self.result == "wrong":
            label = _("Try again")
        if label is None:
            return None
        rect = pygame.Rect(0, 0, max(170, w // 7), max(38, h // 18))
        rect.bottomright = (w - w // 24, h - h // 22)
        return Button(label, None, rect, focused=True)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION and self.result is None:
            index = choice_at(self.choices, self.size, event.pos)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.button()
            if button is not None and button.hit(event.pos):
                self._press()
                return
            index = choice_at(self.choices, self.size, event.pos)
            if index is not None and self.result is None:
                self.choose(index)

    def _press(self) -> None:
        if self.result == "wrong":
            self.retry()
        else:
            self.proceed()

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        answering = self.exercise_index is not None and self.result is None
        if not answering:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
                self._press()
            elif key == pygame.K_r:
                self.retry()
            elif key == pygame.K_LEFT and self.exercise_index is None and 0 < self.step < self.pages:
                self.go(self.step - 1)
            return
        if pygame.K_1 <= key <= pygame.K_9:
            self.choose(key - pygame.K_1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = step_choice(self.choices, self.focus, 1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.focus)

    def update(self, dt: float) -> None:
        if self.result == "checking":
            self._resolve()

    def wake_in(self) -> float:
        """Polls while the coach's analysis of the answer given is not ready; else only input changes the scene."""
        return POLL_SECONDS if self.result == "checking" else STILL

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    # ------------------------------------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(COLOURS["felt_dark"])
        inner = surface.get_rect().inflate(-w // 30, -h // 30)
        pygame.draw.rect(surface, COLOURS["felt"], inner, border_radius=24)
        draw_text(surface, _(self.lesson.title), max(22, h // 24), (w / 2, h // 18), COLOURS["gold"], bold=True)
        total = self.pages + len(self.lesson.exercises)
        index = self.exercise_index
        if self.finished:
            self._draw_end(surface)
        elif index is None:
            self._draw_page(surface)
        else:
            self._draw_exercise(surface, index)
        where = _("Step {step} of {total}").format(step=min(self.step + 1, total), total=total)
        draw_text(surface, where, max(13, h // 50), (w - w // 20, h // 18), COLOURS["muted"], anchor="midright")
        button = self.button()
        if button is not None:
            button.draw(surface, max(16, h // 38))
        keys = (
            _("1-9 or arrows and Enter: choose · Esc: back to the school")
            if index is not None and self.result is None
            else _("Right or Enter: next · Left: back · Esc: the school")
            if index is None
            else _("Enter or R: try again · Esc: the school")
            if self.result == "wrong"
            else _("Enter: go on · Esc: the school")
        )
        draw_text(surface, keys, max(12, h // 56), (w / 2, h - h // 40 - 4), COLOURS["muted"])

    def _draw_page(self, surface: pygame.Surface) -> None:
        w, h = self.size
        page = self.lesson.pages[self.step]
        bottom = draw_wrapped(surface, _(page.text), max(17, h // 30), h * 0.15, round(w * 0.72))
        cards = [card for code in page.cards if (card := _card(code)) is not None]
        if cards:
            size = (round(h * 0.2 * 0.6), round(h * 0.2))
            centre = (w / 2, max(bottom + size[1] / 2 + h / 30, h * 0.6))
            for card, rect in zip(cards, row_rects(len(cards), centre, size, round(w * 0.86)), strict=True):
                surface.blit(self.deck.face(card, rect.size), rect)

    def _draw_exercise(self, surface: pygame.Surface, index: int) -> None:
        w, h = self.size
        exercise = self.lesson.exercises[index]
        grid = layout(self.size)
        counter = _("Exercise {number} of {total}").format(number=index + 1, total=len(self.lesson.exercises))
        draw_text(surface, counter, max(14, h // 46), (w / 2, grid.ask_y - h // 40), COLOURS["muted"])
        draw_wrapped(surface, _(exercise.ask), max(17, h // 34), grid.ask_y, round(w * 0.8), bold=True)
        if self.table is not None:
            draw_table(surface, self.deck, self.table)
        marks = {}
        if self.chosen is not None and self.result in ("right", "wrong"):
            marks[self.chosen] = _RIGHT if self.result == "right" else COLOURS["red"]
        focus = self.focus if self.result is None else None
        draw_choices(surface, self.deck, self.choices, focus, marks=marks)
        if self.feedback:
            colour = _RIGHT if self.result == "right" else COLOURS["red"] if self.result == "wrong" else COLOURS["text"]
            size = max(15, h // 42)
            draw_wrapped(surface, self.feedback, size, grid.feedback_y, round(w * 0.62), colour, bold=True)

    def _draw_end(self, surface: pygame.Surface) -> None:
        w, h = self.size
        total = len(self.lesson.exercises)
        right = len(self.first_try)
        draw_wrapped(surface, _("Lesson complete!"), max(24, h // 22), h * 0.3, round(w * 0.8), COLOURS["gold"])
        words = _("{right} of {total} exercises right at the first try.").format(right=right, total=total)
        draw_wrapped(surface, words, max(18, h // 32), h * 0.42, round(w * 0.8))
