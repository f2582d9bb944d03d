"""The results of a hand (cards laid out and counted, points ticking up) and the summary at the end of the match.

Both are overlays on the frozen table. The hand result lays out each side's point cards with their values and counts
them up; who won the hand (the headline, why the hand ended, the match score) is told once the count is done, so the
count is not spoiled; a click or a key skips the counting and shows it all at once, Enter or the button goes on; R or
the button beside it (the arrows move the focus to it) opens the coach's review of the player's decisions in the hand
(:mod:`briscola.ui.overlays.review`). In
demo mode they continue by themselves. What comes next is the table's to decide
(:meth:`TableScene.continue_after_result`); Esc asks the app's navigator for the pause menu. The shade, the table kept
to the window's size and the buttons' hover are :mod:`briscola.ui.overlays.scaffold`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.ai.coach import Grade
from briscola.engine import Card
from briscola.engine.events import Declared, HandOver
from briscola.match.review import hands_dealt, match_record
from briscola.text.coach_words import grade_counts
from briscola.text.i18n import _, ngettext
from briscola.ui.core.layout import Pose
from briscola.ui.overlays.scaffold import Overlay, shade
from briscola.ui.scene import POLL_SECONDS, STILL
from briscola.ui.table.coach_marks import GRADE_COLOURS
from briscola.ui.table.messages import describe
from briscola.ui.widgets.basic import COLOURS, Button, draw_panel, draw_text, layout_buttons

if TYPE_CHECKING:
    from briscola.ui.app import App
    from briscola.ui.table.scene import TableScene

__all__ = ["HandResultScene", "MatchSummaryScene", "match_score_text", "side_label"]

_CARD_DELAY = 0.12
"""Seconds between two counted cards at normal speed."""


def side_label(table: TableScene, side: tuple[int, ...]) -> str:
    """The names of a side's seats, joined."""
    return " & ".join(table.names[seat] for seat in side)


def match_score_text(names: list[str], sides: tuple[tuple[int, ...], ...], scores: tuple[int, ...]) -> str:
    """Each side's match score after a hand: once for a side whose seats share it (partners), else seat by seat.

    In chiamata the sides of a hand are not the match's: the caller scores two, the partner one, so "You & Luca: 1"
    would hide that Luca has 2.
    """
    parts = []
    for side in sides:
        if not side:
            continue
        if len({scores[seat] for seat in side}) == 1:
            parts.append(f"{' & '.join(names[seat] for seat in side)}: {scores[side[0]]}")
        else:
            parts.append(", ".join(f"{names[seat]}: {scores[seat]}" for seat in side))
    return "   ".join(parts)


class HandResultScene(Overlay):
    """Points per side with the captured point cards, winner or draw, cappotto, the match score; then go on."""

    def __init__(self, app: App, table: TableScene, event: HandOver) -> None:
        super().__init__(app, table)
        self.event = event
        self.elapsed = 0.0
        result = event.result
        self.cards = [sorted((c for c in side if c.points), key=lambda c: (-c.points, c)) for side in result.captured]
        speed = app.config.speed_factor
        self.card_delay = _CARD_DELAY * speed
        longest = max((len(side) for side in self.cards), default=0)
        self.count_time = longest * self.card_delay
        self.size = app.size

    @property
    def counting(self) -> bool:
        """True while the points are still ticking up."""
        return self.elapsed < self.count_time

    @property
    def button(self) -> Button | None:
        """The one button: the next hand, or the match's result."""
        return self.buttons[0] if self.buttons else None

    @property
    def reviewable(self) -> bool:
        """The hand had a human seat whose decisions the coach can review."""
        return self.table.driver.human is not None

    def place(self, size: tuple[int, int]) -> None:
        self.size = size
        label = _("See the match result") if self.table.driver.match_over is not None else _("Next hand")
        width, height = max(220, size[0] // 5), max(36, size[1] // 18)
        self.buttons = layout_buttons([(label, "next")], (size[0] / 2, size[1] * 0.86), width, height)
        if self.reviewable:  # beside the one that goes on, which keeps the focus (Enter goes on as before)
            review = Button(_("Review hand (R)"), "review", self.buttons[0].rect.copy())
            gap = height // 2
            self.buttons[0].rect.x -= (width + gap) // 2
            review.rect.x = self.buttons[0].rect.right + gap
            self.buttons.append(review)

    def review(self) -> None:
        """The coach's review of the human's decisions in this hand, over the results (Esc comes back here)."""
        driver = self.table.driver
        if driver.human is None:
            return
        record = match_record(driver.game, self.table.names, driver.human)
        history_id = driver.recorder.history_id if driver.recorder is not None else None
        self.app.navigator.review_hand(record, hands_dealt(record), driver.human, history_id=history_id)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.counting:
                self.elapsed = self.count_time
            elif (button := self.button_at(event.pos)) is not None:
                if button.value == "review":
                    self.review()
                else:
                    self.done()
        elif event.type == pygame.MOUSEMOTION:
            self.light_up(event.pos)
        elif not self.counting and self.focus_key(event):
            return
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.counting:
                self.elapsed = self.count_time
            elif self.focused is not None and self.focused.value == "review":
                self.review()
            else:
                self.done()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.reviewable:
            self.elapsed = max(self.elapsed, self.count_time)
            self.review()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.navigator.pause()

    def wake_in(self) -> float:
        """0 while the points count up; then, in the demo, the seconds until the panel goes on by itself; while the
        coach's last grade of the hand is computed (or Campione learns the hand), often enough to take it when it
        comes."""
        if self.counting:
            return 0.0
        auto = self.app.config.result_auto_advance
        wait = STILL if auto is None else max(0.0, self.count_time + auto - self.elapsed)
        thinker = self.table.driver.thinker
        return min(wait, POLL_SECONDS) if thinker.analysing or thinker.learning else wait

    @property
    def grades(self) -> list[Grade]:
        """The human's graded moves of this hand, in order, when the match grades them at the hand's end."""
        driver = self.table.driver
        if driver.coaching.grading != "hand":
            return []
        hand = len(driver.hand_results) - 1
        return [move.decision.grade for move in driver.coach.hand_grades(hand) if move.decision.grade is not None]

    def update(self, dt: float) -> None:
        self.table.driver.coach_news()
        before = self.shown_points()
        self.elapsed += dt
        if self.shown_points() != before:
            self.app.sounds.play("flick")
        auto = self.app.config.result_auto_advance
        if auto is not None and self.elapsed >= self.count_time + auto:
            self.done()

    def done(self) -> None:
        """Close the panel and let the table go on."""
        self.app.pop(self)
        self.table.continue_after_result()

    def shown_points(self) -> list[int]:
        """Each side's points counted so far (the melds come last)."""
        out = []
        result = self.event.result
        for index, side in enumerate(self.cards):
            shown = len(side) if self.card_delay <= 0 else min(len(side), int(self.elapsed / self.card_delay))
            points = sum(card.points for card in side[:shown])
            if shown == len(side) and index < len(result.melds):
                points += result.melds[index]
            out.append(min(points, result.side_points[index]) if shown < len(side) else result.side_points[index])
        return out

    def title(self) -> str:
        """Who won the hand, in words."""
        result = self.event.result
        viewer = self.table.driver.viewer
        if result.draw:
            return _("A draw: {points} each.").format(points=result.side_points[0])
        winners = [side for side in result.sides if set(side) & set(result.winners)]
        if viewer in result.winners and self.table.driver.human is not None:
            text = _("You win the hand!")
        else:
            side = winners[0] if winners else ()
            text = ngettext("{names} wins the hand.", "{names} win the hand.", len(side)).format(
                names=side_label(self.table, side)
            )
        if result.cappotto:
            text += " " + _("Cappotto!")
        return text

    def reason(self) -> str:
        """Why the hand ended, when it was not played out: a declaration of 31 (right or wrong), or a seat that left
        the table. Said under the headline, so a hand lost on one move never reads as an unexplained 0-0."""
        result = self.event.result
        if result.reason == "declare":
            declared = next((e for e in reversed(self.table.view.events) if isinstance(e, Declared)), None)
            if declared is not None:
                return describe(declared, self.table.names, self.table.driver.human, self.table.state.family)
        if result.reason == "exited" and result.exited:
            names = " & ".join(self.table.names[seat] for seat in result.exited)
            return ngettext(
                "{names} left the table: that side loses the hand.",
                "{names} left the table: that side loses the hand.",
                len(result.exited),
            ).format(names=names)
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade(surface, 110)
        panel = pygame.Rect(round(w * 0.08), round(h * 0.06), round(w * 0.84), round(h * 0.88))
        draw_panel(surface, panel, alpha=245)
        big, small = max(18, h // 26), max(13, h // 44)
        hand_no = self.table.state.hand_no + 1
        draw_text(
            surface, _("Hand {number}").format(number=hand_no), small, (w / 2, panel.y + big * 0.9), COLOURS["muted"]
        )
        counting = self.counting  # the outcome waits for the count: a headline first would spoil it
        if counting:
            draw_text(surface, _("Counting the points…"), big, (w / 2, panel.y + big * 2.1), COLOURS["muted"])
        else:
            draw_text(surface, self.title(), big, (w / 2, panel.y + big * 2.1), COLOURS["gold"], bold=True)
        result = self.event.result
        rows = len(result.sides)
        top = panel.y + big * 3.4
        reason = self.reason()
        if reason:  # its room is kept while counting, so the rows don't move when it shows
            if not counting:
                draw_text(surface, reason, small, (w / 2, panel.y + big * 3.3), COLOURS["text"])
            top += small * 1.8
        grades = self.grades if self.table.driver.coaching.grading == "hand" else None
        bottom = h * (0.74 if grades is None else 0.69)
        row_h = (bottom - top) / max(1, rows)
        card_h = min(row_h * 0.62, h * 0.16)
        card_w = round(card_h / 1.65)
        points = self.shown_points()
        for index, side in enumerate(result.sides):
            y = top + row_h * index
            name = side_label(self.table, side)
            taken = len(result.captured[index])
            name += "   " + ngettext("{count} card taken", "{count} cards taken", taken).format(count=taken)
            draw_text(surface, name, small, (panel.x + 24, y + small), COLOURS["text"], anchor="midleft", bold=True)
            draw_text(
                surface,
                str(points[index]),
                big,
                (panel.right - 30, y + row_h * 0.45),
                COLOURS["gold"],
                anchor="midright",
                bold=True,
            )
            self._draw_cards(
                surface, index, (panel.x + 24, y + small * 2.2), panel.w - 200, (card_w, round(card_h)), small
            )
        if counting:
            return
        scores = match_score_text(self.table.names, result.sides, self.event.match_scores)
        draw_text(surface, _("Match score: {scores}").format(scores=scores), small, (w / 2, h * 0.78), COLOURS["text"])
        if grades is not None:
            self._draw_grades(surface, grades, h * 0.72, small)
        for button in self.buttons:
            button.draw(surface, small)

    def _draw_grades(self, surface: pygame.Surface, grades: list[Grade], y: float, size: int) -> None:
        """The hand's grades: counted in words, then one coloured mark per move in the order played."""
        w = surface.get_width()
        if not grades:
            draw_text(surface, _("The coach is grading your moves…"), size, (w / 2, y), COLOURS["muted"])
            return
        words = draw_text(surface, grade_counts(grades), size, (w / 2, y), COLOURS["text"])
        radius = max(4, size // 3)
        step = radius * 3
        x0 = w / 2 - (len(grades) - 1) * step / 2
        for index, grade in enumerate(grades):
            centre = (round(x0 + index * step), round(words.bottom + radius * 2))
            pygame.draw.circle(surface, GRADE_COLOURS[grade], centre, radius)
            pygame.draw.circle(surface, COLOURS["text"], centre, radius, width=1)

    def _draw_cards(
        self,
        surface: pygame.Surface,
        index: int,
        origin: tuple[float, float],
        width: float,
        size: tuple[int, int],
        text: int,
    ) -> None:
        cards = self.cards[index]
        shown = len(cards) if self.card_delay <= 0 else min(len(cards), int(self.elapsed / self.card_delay))
        step = min(size[0] * 1.05, width / max(1, len(cards) + 2))
        renderer = self.table.renderer
        x0, y0 = origin
        card: Card
        for i, card in enumerate(cards[:shown]):
            pose = Pose(x0 + size[0] / 2 + i * step, y0 + size[1] / 2, size[0], size[1])
            renderer.blit(surface, card, pose, size)
            draw_text(surface, str(card.points), text, (pose.x, y0 + size[1] + text * 0.8), COLOURS["gold"])
        if not cards and shown == 0:
            draw_text(surface, _("No points taken."), text, (x0, y0 + size[1] / 2), COLOURS["muted"], anchor="midleft")


class MatchSummaryScene(Overlay):
    """The winner of the match and each hand's points; new game or quit."""

    def place(self, size: tuple[int, int]) -> None:
        width, height = max(220, size[0] // 5), max(36, size[1] // 18)
        labels = [(_("New game"), "new")]
        if self.app.store is not None:  # the menus can be reached: back to the title (the match is over, not saved)
            labels.append((_("Main menu"), "menu"))
        labels.append((_("Quit"), "quit"))
        self.buttons = layout_buttons(labels, (size[0] / 2, size[1] * 0.78), width, height)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.button_at(event.pos)
            if button is not None:
                self._choose(str(button.value))
        elif event.type == pygame.MOUSEMOTION:
            self.light_up(event.pos)
        elif self.focus_key(event):
            return
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._choose("new" if self.focused is None else str(self.focused.value))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._choose("quit")

    def _choose(self, what: str) -> None:
        if what == "new":
            self.app.pop(self)
            self.table.new_match()
        elif what == "menu":
            self.app.navigator.open_title()
        else:
            self.app.quit()

    def title(self) -> str:
        """The winner of the match."""
        over = self.table.driver.match_over
        if over is None:
            return ""
        if self.table.driver.human is not None and self.table.driver.human in over.winners:
            return _("You win the match!")
        names = " & ".join(self.table.names[s] for s in over.winners)
        return ngettext("{names} wins the match.", "{names} win the match.", len(over.winners)).format(names=names)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade(surface, 130)
        panel = pygame.Rect(round(w * 0.2), round(h * 0.1), round(w * 0.6), round(h * 0.8))
        draw_panel(surface, panel)
        big, small = max(20, h // 22), max(13, h // 42)
        draw_text(surface, self.title(), big, (w / 2, panel.y + big * 1.4), COLOURS["gold"], bold=True)
        driver = self.table.driver
        y: float = panel.y + big * 3
        for number, result in enumerate(driver.hand_results, start=1):
            sides = "  –  ".join(
                f"{side_label(self.table, side)} {points}"
                for side, points in zip(result.sides, result.side_points, strict=True)
            )
            line = _("Hand {number}: {sides}").format(number=number, sides=sides)
            draw_text(surface, line, small, (w / 2, y), COLOURS["text"])
            y += small * 1.6
            if y > h * 0.66:
                break
        over = driver.match_over
        if over is not None:
            seats = sorted({self.table.state.pile_owner(s) for s in range(driver.rules.players)})
            scores = "   ".join(f"{self.table.names[s]}: {over.match_scores[s]}" for s in seats)
            draw_text(
                surface, _("Final score: {scores}").format(scores=scores), small, (w / 2, h * 0.68), COLOURS["text"]
            )
        for button in self.buttons:
            button.draw(surface, small)
