"""The coach at the table as the player sees it: the Hint button and key H, the hint's glow and line, the grade badges.

What the coach knows is the match's (:class:`~briscola.match.table_coach.TableCoach`, which asks the AI worker for
its analyses and never blocks a frame); its words are :mod:`briscola.text.coach_words`'s. Here it is only shown:

- **the hint** (when the match has hints on): H or the button (left of the player's hand) asks it; while the worker
  computes, the button reads "Coach thinking…"; once the analysis is in, the preferred card glows in the hand and one
  message says why. The message goes when the decision is made. With hints off, H says where they are turned on.
- **the grades** (grading "after each move"): a badge with the grade's word on the human's card in the trick, from
  the moment its analysis is in to the moment the trick is gathered. With "at the end of the hand" the grades are
  listed on the hand's results instead (:mod:`briscola.ui.overlays.results`).

:func:`update_coach` runs in the scene's ``update``; the drawing functions only read what it prepared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from briscola.ai.coach import Grade
from briscola.engine import Play
from briscola.text.coach_words import grade_word, table_hint
from briscola.text.i18n import _
from briscola.text.names import card_label
from briscola.ui.table.plates import BUTTON_TEXT, text_size, text_width
from briscola.ui.table.state import CoachMarks, Toast
from briscola.ui.widgets.basic import COLOURS, Button, draw_text

if TYPE_CHECKING:
    from briscola.ui.table.protocol import Table

__all__ = [
    "GRADE_COLOURS",
    "HINT_SECONDS",
    "CoachMarks",
    "ask_hint",
    "draw_grade_badge",
    "draw_hint_glow",
    "update_coach",
]

#: How long the hint's line stays at most (it goes sooner, when the card is played).
HINT_SECONDS: Final = 30.0
#: The badge's colour for each grade: green for the coach's choice, to red for a blunder.
GRADE_COLOURS: Final[dict[Grade, tuple[int, int, int]]] = {
    Grade.BEST: (40, 150, 70),
    Grade.GOOD: (95, 150, 60),
    Grade.INACCURACY: (190, 150, 30),
    Grade.MISTAKE: (205, 100, 30),
    Grade.BLUNDER: (190, 40, 40),
}
_GLOW: Final = (120, 210, 255)


def ask_hint(scene: Table) -> None:
    """H or the Hint button: the coach's hint of the decision now, or, with hints off, where to turn them on."""
    driver = scene.driver
    if not driver.coaching.hints:
        scene.choreo.toast(
            lambda: _("Hints are off for this match: turn on Hints in New game before you start a match."), 5.0
        )
        return
    marks = scene.coach_marks
    if not scene.interactive:
        marks.wanted = True  # pressed a moment early (the cards still moving): asked as soon as it is the human's turn
        return
    if marks.told == len(driver.game.actions) and marks.toast is not None and marks.toast not in scene.state.toasts:
        marks.told = None  # asked again after its line faded: told again
    driver.ask_hint()


def update_coach(scene: Table) -> None:
    """Prepare the hint (button, glow, line) and the grade badges for this frame."""
    driver = scene.driver
    marks = scene.coach_marks
    game = driver.game
    now = len(game.actions)
    mine = scene.interactive and driver.human == driver.viewer and driver.human is not None
    if mine and marks.wanted:
        marks.wanted = False
        driver.ask_hint()
    analysis = driver.coach.hint(game) if mine else None
    if analysis is not None and marks.told != now:
        line = table_hint(analysis, scene.view, scene.action_label, lambda card: card_label(card, scene.state.family))
        marks.toast = Toast(line, HINT_SECONDS, lasting=True)
        scene.state.toasts.append(marks.toast)
        del scene.state.toasts[:-3]
        marks.told = now
    if marks.told != now and marks.toast is not None:
        if marks.toast in scene.state.toasts:
            scene.state.toasts.remove(marks.toast)
        marks.toast, marks.told = None, None
    best = None if analysis is None else analysis.best
    marks.hint_action = best
    marks.hint_card = best.card if isinstance(best, Play) else None
    marks.button = _button(scene, driver.coach.thinking(game), marks.button) if mine and driver.coaching.hints else None
    marks.marks = {}
    if driver.coaching.grading == "move":
        in_trick = {sprite.card for sprite in scene.state.trick if sprite.card is not None}
        hand = len(driver.hand_results)
        for move in driver.coach.hand_grades(hand):
            grade = move.decision.grade
            if isinstance(move.action, Play) and move.action.card in in_trick and grade is not None:
                marks.marks[move.action.card] = grade


def hint_button_rect(scene: Table) -> pygame.Rect:
    """Where the Hint button goes: left of the player's hand (the right holds the player's pile, the top the
    messages), as wide as its longer label. The counting aid keeps clear of it whenever the match has hints on."""
    layout = scene.layout
    size = text_size(layout.height, BUTTON_TEXT)
    width = max(text_width(_("Coach thinking…"), size), text_width(_("Hint (H)"), size)) + 24
    height = max(30, layout.height // 22)
    box = layout.hand_box(layout.bottom)
    rect = pygame.Rect(0, 0, width, height)
    rect.midright = (round(max(box.x - layout.margin * 2, layout.margin + width)), round(box.y + box.h / 2))
    return rect


def _button(scene: Table, thinking: bool, old: Button | None) -> Button:
    """The Hint button (:func:`hint_button_rect`); it reads "Coach thinking…" while the hint computes."""
    label = _("Coach thinking…") if thinking else _("Hint (H)")
    rect = hint_button_rect(scene)
    if old is not None and old.rect == rect:
        old.label = label
        return old
    return Button(label, "hint", rect)


def draw_hint_glow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A soft light-blue glow round the card the hint prefers (not gold: gold is the chosen card's ring)."""
    for grow, alpha in ((18, 50), (12, 90), (6, 160)):
        glow = pygame.Surface(rect.inflate(grow, grow).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*_GLOW, alpha), glow.get_rect(), width=4, border_radius=10)
        surface.blit(glow, rect.inflate(grow, grow))


def draw_grade_badge(surface: pygame.Surface, rect: pygame.Rect, grade: Grade, size: int) -> pygame.Rect:
    """The grade's word on a coloured pill across the top of a played card's ``rect``; the pill drawn."""
    word = grade_word(grade)
    width = max(rect.w * 0.8, text_width(word, size) * 1.12 + size)  # drawn bold: wider than measured
    pill = pygame.Rect(0, 0, round(width), round(size * 1.5))
    pill.center = (rect.centerx, rect.top + pill.h // 2 + 2)
    pygame.draw.rect(surface, GRADE_COLOURS[grade], pill, border_radius=pill.h // 2)
    pygame.draw.rect(surface, COLOURS["text"], pill, width=1, border_radius=pill.h // 2)
    draw_text(surface, word, size, pill.center, COLOURS["text"], bold=True)
    return pill
