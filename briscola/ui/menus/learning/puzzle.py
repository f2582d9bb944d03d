"""The endgame puzzles: the puzzle of the day, and a rated stream chosen near the player's puzzle rating.

The position is drawn as the lessons draw theirs, with the opponent's cards face up: after the talon is empty nothing
is hidden between two players. The goal is said ("One card wins the hand" / "One card keeps the most points"); 1-9,
the arrows and Enter, or a click, play a card. H asks for a hint: the coach names one card that is a mistake (the
worst by the exact solver, :func:`briscola.school.stream.hint`) and dims it, which marks the puzzle as helped.

After the answer the rating moves (an Elo update against the puzzle's rating, :mod:`briscola.store.school_progress`:
solved without a hint is a win, anything else a loss) and the change is shown; then the solution is played out from
the position: each card of the line flies from its hand to the trick, a finished trick stays a moment and goes to
its taker, every step timed in seconds (:data:`PLAY_SECONDS`...), never in frames. Enter goes on to the next rated
puzzle (from the puzzle of the day, back to the school). Today's puzzle is rated once: answered again the same day it
says so and leaves the rating alone.

The puzzles are read as the scene opens without re-proving them all (half a second), and each is proved by the
solver as it is shown (milliseconds): one that fails is left out with a notice naming it, and the next is shown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Final

import pygame

from briscola.engine import Play
from briscola.engine.cards import Card
from briscola.engine.events import TrickWon
from briscola.engine.game import Game
from briscola.school.puzzles import Puzzle, PuzzleError, load_puzzles, position, prove
from briscola.school.stream import Hint, daily_puzzle, hint, next_puzzle
from briscola.store.school_progress import SchoolKeeper
from briscola.text.i18n import _
from briscola.ui.assets.cards import deck_images
from briscola.ui.menus.learning.school_board import (
    Choice,
    Table,
    choice_at,
    choice_rects,
    draw_choices,
    draw_table,
    draw_wrapped,
    layout,
    name_card,
    row_rects,
    step_choice,
    trick_rects,
)
from briscola.ui.scene import STILL
from briscola.ui.widgets.basic import COLOURS, Button, draw_text

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["PLAY_SECONDS", "PuzzleScene", "Segment", "solution"]

#: A card's flight from its hand to the trick.
PLAY_SECONDS: Final = 0.45
#: A finished trick shown before it goes.
PAUSE_SECONDS: Final = 0.6
#: A finished trick's flight to its taker.
SWEEP_SECONDS: Final = 0.35
_RIGHT: Final = (90, 200, 120)

Place = tuple[str, int, int]
"""Where a card is: a zone ("mine", "theirs", "trick", "pile-mine", "pile-theirs"), its index there, and how many
cards the zone then holds (the rectangles are the window's, found as it is drawn)."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One step of the solution: how long it lasts, what lies still meanwhile, and the cards flying."""

    seconds: float
    mine: tuple[Card, ...]
    theirs: tuple[Card, ...]
    trick: tuple[tuple[bool, Card], ...]
    """(played by the player's seat, card)."""
    points: tuple[int, int]
    moves: tuple[tuple[Card, Place, Place], ...] = ()


def solution(game: Game, line: tuple[Card, ...]) -> list[Segment]:
    """The line played out from ``game`` (not changed) as timed segments, the last one still for ever."""
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    work = game.clone()
    mine, theirs = list(game.hands[seat]), list(game.hands[1 - seat])
    trick = [(player == seat, card) for player, card in view.trick]
    points = (view.points[seat], view.points[1 - seat])
    segments: list[Segment] = []
    for card in line:
        player = work.to_move
        hand = mine if player == seat else theirs
        source: Place = ("mine" if player == seat else "theirs", hand.index(card), len(hand))
        hand.remove(card)
        target: Place = ("trick", len(trick), len(trick) + 1)
        segments.append(
            Segment(PLAY_SECONDS, tuple(mine), tuple(theirs), tuple(trick), points, ((card, source, target),))
        )
        events = work.apply(Play(card))
        trick.append((player == seat, card))
        won = next((event for event in events if isinstance(event, TrickWon)), None)
        if won is not None:
            segments.append(Segment(PAUSE_SECONDS, tuple(mine), tuple(theirs), tuple(trick), points))
            pile = "pile-mine" if won.winner == seat else "pile-theirs"
            flying = tuple(
                (played, ("trick", index, len(trick)), (pile, 0, 1)) for index, (_m, played) in enumerate(trick)
            )
            segments.append(Segment(SWEEP_SECONDS, tuple(mine), tuple(theirs), (), points, flying))
            gained = (won.points, 0) if won.winner == seat else (0, won.points)
            points = (points[0] + gained[0], points[1] + gained[1])
            trick = []
    segments.append(Segment(math.inf, tuple(mine), tuple(theirs), tuple(trick), points))
    return segments


def _ease(t: float) -> float:
    """Smooth start and stop."""
    return t * t * (3 - 2 * t)


class PuzzleScene:
    """One puzzle at a time: the position, the answer, the rating's change and the solution played out."""

    opaque = True

    def __init__(self, app: App, keeper: SchoolKeeper, *, daily: bool, today: date | None = None) -> None:
        self.app = app
        self.keeper = keeper
        self.daily = daily
        self.today = today or date.today()
        self.deck = deck_images(app.settings_store().settings.display.deck)
        self.size = app.size
        puzzles, problems = load_puzzles(check=False)
        self.puzzles: list[Puzzle] = puzzles
        self.problems: list[str] = [str(problem) for problem in problems]
        self.shown: list[str] = []
        self.puzzle: Puzzle | None = None
        self.game: Game | None = None
        self.next_puzzle()

    # ------------------------------------------------------------------------------------------------ puzzles

    def next_puzzle(self) -> None:
        """The next puzzle to show (the day's, or the nearest the rating not yet done), proved before it is shown."""
        self.puzzle = self.game = None
        self.hint: Hint | None = None
        self.helped = False
        self.chosen: int | None = None
        self.solved: bool | None = None
        self.rated = True
        self.before = self.keeper.progress.rating
        self.elapsed = 0.0
        self.segments: list[Segment] = []
        self.focus = 0
        while self.puzzles:
            if self.daily:
                puzzle = daily_puzzle(self.puzzles, self.today)
            else:
                progress = self.keeper.progress
                puzzle = next_puzzle(self.puzzles, progress.rating, progress.puzzles_done, self.shown)
            try:
                prove(puzzle)
                game = position(puzzle)
            except PuzzleError as error:
                self.problems.append(_("Puzzle {name} is left out: {reason}.").format(name=puzzle.id, reason=error))
                self.puzzles.remove(puzzle)
                continue
            self.puzzle, self.game = puzzle, game
            self.shown.append(puzzle.id)
            self.rated = not (self.daily and self.keeper.progress.daily == self.today.isoformat())
            seat = game.to_move
            assert seat is not None
            self.seat = seat
            self.choices = [Choice(name_card(card, self.deck), card) for card in game.hands[seat]]
            return
        self.choices = []

    def ask_hint(self) -> None:
        """H: the coach names a card that is a mistake; the puzzle counts as helped."""
        if self.puzzle is None or self.game is None or self.solved is not None or self.hint is not None:
            return
        self.hint = hint(self.game, self.puzzle.answer)
        self.helped = True
        if self.hint is not None:
            self.choices = [
                Choice(choice.label, choice.card, choice.card != self.hint.mistake) for choice in self.choices
            ]
            if not self.choices[self.focus].enabled:
                self.focus = next(index for index, choice in enumerate(self.choices) if choice.enabled)

    def choose(self, index: int) -> None:
        """Play the card ``index``: rated, then the solution starts playing out."""
        if self.puzzle is None or self.game is None or self.solved is not None:
            return
        if not 0 <= index < len(self.choices) or not self.choices[index].enabled:
            return
        card = self.choices[index].card
        self.chosen, self.focus = index, index
        self.solved = card == self.puzzle.answer and not self.helped
        self.before = self.keeper.progress.rating
        if self.rated:
            day = self.today.isoformat() if self.daily else None
            self.keeper.change(self.keeper.progress.puzzle(self.puzzle.id, self.puzzle.rating, self.solved, day))
        self.segments = solution(self.game, self.puzzle.line)
        self.elapsed = 0.0

    def proceed(self) -> None:
        """Enter after an answer: the next rated puzzle, or back to the school from the puzzle of the day."""
        if self.solved is None:
            return
        if self.daily:
            self.app.pop(self)
        else:
            self.next_puzzle()

    # ------------------------------------------------------------------------------------------------ scene

    def button(self) -> Button | None:
        if self.solved is None:
            return None
        w, h = self.size
        rect = pygame.Rect(0, 0, max(170, w // 7), max(38, h // 18))
        rect.bottomright = (w - w // 24, h - h // 22)
        label = _("Back to the school") if self.daily else _("Next puzzle")
        return Button(label, None, rect, focused=True)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.app.pop(self)
            elif self.solved is not None:
                if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
                    self.proceed()
                elif key == pygame.K_r:
                    self.elapsed = 0.0
            elif key == pygame.K_h:
                self.ask_hint()
            elif pygame.K_1 <= key <= pygame.K_9:
                self.choose(key - pygame.K_1)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = step_choice(self.choices, self.focus, 1 if key == pygame.K_RIGHT else -1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.focus)
        elif event.type == pygame.MOUSEMOTION and self.solved is None:
            index = choice_at(self.choices, self.size, event.pos)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.button()
            if button is not None and button.hit(event.pos):
                self.proceed()
            elif self.solved is None:
                index = choice_at(self.choices, self.size, event.pos)
                if index is not None:
                    self.choose(index)

    def update(self, dt: float) -> None:
        if self.segments:
            self.elapsed += dt

    @property
    def animating(self) -> bool:
        """True while the solution is still moving."""
        return bool(self.segments) and self.elapsed < sum(segment.seconds for segment in self.segments[:-1])

    def wake_in(self) -> float:
        return 0.0 if self.animating else STILL

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    # ------------------------------------------------------------------------------------------------ drawing

    def _segment(self) -> tuple[Segment, float]:
        """The segment playing at ``elapsed`` and how far through it (0 to 1)."""
        start = 0.0
        for segment in self.segments:
            if self.elapsed < start + segment.seconds:
                return segment, (self.elapsed - start) / segment.seconds
            start += segment.seconds
        return self.segments[-1], 1.0

    def _place(self, place: Place) -> pygame.Rect:
        w = self.size[0]
        grid = layout(self.size)
        zone, index, count = place
        if zone == "mine":
            return choice_rects([Choice("", Card(0))] * count, self.size)[index]
        if zone == "theirs":
            return row_rects(count, (w / 2, grid.others_y), grid.small, round(w * 0.4))[index]
        if zone == "trick":
            return trick_rects(count, self.size)[index]
        rect = pygame.Rect((0, 0), grid.small)
        rect.center = (round(w * 0.05), grid.choices_y if zone == "pile-mine" else grid.others_y)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(COLOURS["felt_dark"])
        inner = surface.get_rect().inflate(-w // 30, -h // 30)
        pygame.draw.rect(surface, COLOURS["felt"], inner, border_radius=24)
        title = _("Puzzle of the day") if self.daily else _("Puzzles")
        draw_text(surface, title, max(22, h // 24), (w / 2, h // 18), COLOURS["gold"], bold=True)
        progress = self.keeper.progress
        status = _("Your rating {rating} · streak {streak}").format(
            rating=round(progress.rating), streak=progress.streak
        )
        draw_text(surface, status, max(13, h // 50), (w - w // 20, h // 18), COLOURS["muted"], anchor="midright")
        if self.puzzle is None or self.game is None:
            draw_wrapped(surface, _("No puzzle can be shown."), max(18, h // 32), h * 0.3, round(w * 0.8))
            self._draw_problems(surface)
            return
        puzzle = self.puzzle
        about = _("Puzzle {name}, rated {rating}").format(name=puzzle.id, rating=puzzle.rating)
        if self.daily:
            about = _("{date} · {puzzle}").format(date=self.today.isoformat(), puzzle=about)
        draw_text(surface, about, max(13, h // 50), (w / 20, h // 18), COLOURS["muted"], anchor="midleft")
        grid = layout(self.size)
        goal = (
            _("One card wins the hand. Which?") if puzzle.goal == "win" else _("One card keeps the most points. Which?")
        )
        draw_wrapped(surface, goal, max(17, h // 34), grid.ask_y, round(w * 0.8), bold=True)
        if self.segments:
            self._draw_solution(surface)
        else:
            view = self.game.view(self.seat)
            trick = tuple((_("You") if player == self.seat else _("Opponent"), card) for player, card in view.trick)
            points = (view.points[self.seat], view.points[1 - self.seat])
            others = tuple(self.game.hands[1 - self.seat])
            draw_table(surface, self.deck, Table(others, trick, view.trump, None, 0, points))
            draw_choices(surface, self.deck, self.choices, self.focus)
        self._draw_words(surface)
        button = self.button()
        if button is not None:
            button.draw(surface, max(16, h // 38))
        keys = (
            _("1-9 or arrows and Enter: play · H: a hint · Esc: back to the school")
            if self.solved is None
            else _("Enter: go on · R: the solution again · Esc: the school")
        )
        draw_text(surface, keys, max(12, h // 56), (w / 2, h - h // 40 - 4), COLOURS["muted"])
        self._draw_problems(surface)

    def _draw_solution(self, surface: pygame.Surface) -> None:
        assert self.game is not None
        segment, through = self._segment()
        trick = tuple((_("You") if mine else _("Opponent"), card) for mine, card in segment.trick)
        draw_table(surface, self.deck, Table(segment.theirs, trick, self.game.trump, None, 0, segment.points))
        if not self.animating:
            mine, theirs = segment.points
            ending = (
                _("The hand ends {mine} to {theirs}: won.")
                if mine > 60
                else _("The hand ends {mine} to {theirs}: lost.")
                if theirs > 60
                else _("The hand ends 60 to 60: a draw.")
            ).format(mine=mine, theirs=theirs)
            w, h = self.size
            draw_text(surface, ending, max(17, h // 34), (w / 2, layout(self.size).trick_y), COLOURS["gold"], bold=True)
        hand = [Choice("", card) for card in segment.mine]
        draw_choices(surface, self.deck, hand, None, numbered=False)
        for card, source, target in segment.moves:
            start, end = self._place(source), self._place(target)
            t = _ease(min(1.0, max(0.0, through)))
            rect = pygame.Rect(
                round(start.x + (end.x - start.x) * t),
                round(start.y + (end.y - start.y) * t),
                round(start.w + (end.w - start.w) * t),
                round(start.h + (end.h - start.h) * t),
            )
            surface.blit(self.deck.face(card, rect.size), rect)

    def _draw_words(self, surface: pygame.Surface) -> None:
        """The hint, or the verdict and the rating's change."""
        w, h = self.size
        grid = layout(self.size)
        size = max(15, h // 42)
        width = round(w * 0.62)
        if self.solved is None:
            if self.hint is not None:
                card = name_card(self.hint.mistake, self.deck)
                words = (
                    _("Hint: not the {card}: it loses the hand.")
                    if self.hint.loses
                    else _("Hint: not the {card}: it keeps {points} points fewer.")
                ).format(card=card, points=self.hint.short)
                words += " " + _("(A hint counts as a miss for your rating.)")
                draw_wrapped(surface, words, size, grid.feedback_y, width, COLOURS["gold"], bold=True)
            return
        assert self.puzzle is not None
        answer = name_card(self.puzzle.answer, self.deck)
        right = self.chosen is not None and self.choices[self.chosen].card == self.puzzle.answer
        if right and not self.helped:
            words, colour = _("Right! The {card} it is. Watch the hand play out.").format(card=answer), _RIGHT
        elif right:
            words, colour = _("Right, with a hint: the {card}.").format(card=answer), COLOURS["gold"]
        else:
            words, colour = _("Not this one: the answer is the {card}. Watch why.").format(card=answer), COLOURS["red"]
        after = self.keeper.progress.rating
        if self.rated:
            change = round(after) - round(self.before)
            words += " " + _("Rating {before}, now {after} ({change:+d}).").format(
                before=round(self.before), after=round(after), change=change
            )
        else:
            words += " " + _("Today's puzzle was already answered: the rating stays.")
        draw_wrapped(surface, words, size, grid.feedback_y, width, colour, bold=True)

    def _draw_problems(self, surface: pygame.Surface) -> None:
        if not self.problems:
            return
        w, h = self.size
        draw_wrapped(surface, "  ".join(self.problems), max(12, h // 60), h * 0.9, round(w * 0.6), COLOURS["red"])
