"""The coach's review of a hand over the table: a progress bar while it computes, then every decision judged and the
costliest ones shown as positions.

The review itself runs off the frame (:class:`~briscola.match.review.ReviewRunner`, a process of its own): the scene
polls it each frame while it works and only draws what has come back. Leaving the scene (Esc, Close) stops the
computing and keeps what was done; the launcher keeps the runner per hand, so opening the review again goes on from
there, or shows it at once when it was finished.

On the left, the seat's decisions one a row: the trick, the card played, the coach's, the expected points and the
chance of winning lost, the grade. On the right, one position: the hand held, the trick so far, the trump and the
cards seen before the move, the card played and the coach's outlined, and why the coach's was better. It opens on the
costliest decision; 1, 2, 3 (or the buttons above it) show the three costliest, a click on a row shows that one.
Up/Down or the wheel scroll the list; the hand's accuracy is under the title. The sentences are
:mod:`briscola.text.review_words`' (the terminal says the same ones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.engine import Card
from briscola.engine.actions import Action, Play
from briscola.match.review import Reviewed, ReviewRunner, costliest
from briscola.text.i18n import _
from briscola.text.names import card_label, suit_label
from briscola.text.review_words import accuracy_words, decision_words, grade_words, why_words
from briscola.ui.core.layout import Pose
from briscola.ui.overlays.scaffold import Overlay, shade
from briscola.ui.scene import POLL_SECONDS, STILL
from briscola.ui.table.scene import describe_action
from briscola.ui.widgets.basic import COLOURS, Button, cut_text, draw_panel, draw_text, text_surface

if TYPE_CHECKING:
    from briscola.ui.app import App
    from briscola.ui.table.scene import TableScene

__all__ = ["ReviewScene"]

#: The grade's colour in the list: the worse, the redder.
_GRADE_COLOURS = {
    "best": COLOURS["text"],
    "good": COLOURS["text"],
    "inaccuracy": COLOURS["gold"],
    "mistake": (235, 150, 80),
    "blunder": COLOURS["red"],
}


class ReviewScene(Overlay):
    """One hand's review for one seat (see the module)."""

    def __init__(self, app: App, table: TableScene, runner: ReviewRunner) -> None:
        super().__init__(app, table)
        self.runner = runner
        self.scroll = 0
        """The first row of the list shown."""
        self.selected: int | None = None
        """The decision shown as a position (its number), None for the costliest once the review is done."""
        self._hot: tuple[int, int] | None = None
        self.size = app.size
        runner.start()

    # ------------------------------------------------------------------------------------------------ layout

    def _panel(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        return pygame.Rect(round(w * 0.03), round(h * 0.03), round(w * 0.94), round(h * 0.94))

    def _sizes(self, size: tuple[int, int]) -> tuple[int, int]:
        """The title's and the text's sizes."""
        h = size[1]
        return max(18, h // 30), max(12, h // 52)

    def place(self, size: tuple[int, int]) -> None:
        self.size = size
        panel = self._panel(size)
        _big, small = self._sizes(size)
        button_h = max(30, size[1] // 22)
        close = Button(_("Close"), "close", pygame.Rect(0, 0, max(120, size[0] // 10), button_h))
        close.rect.midbottom = (panel.centerx, panel.bottom - small)
        self.buttons = [close]
        if self.runner.finished:
            right = self._right(panel)
            x = right.x
            for index, item in enumerate(costliest(self.runner.reviewed)):
                label = _("{number}. Trick {trick}").format(number=index + 1, trick=item.trick)
                rect = pygame.Rect(x, self._top(panel), max(110, right.w // 4), button_h)
                self.buttons.append(Button(label, item.turn.number, rect))
                x = rect.right + small
        for button in self.buttons:
            button.hot = self._hot is not None and button.hit(self._hot)
        shown = self.shown()
        self.focus = next(
            (
                index
                for index, button in enumerate(self.buttons)
                if shown is not None and button.value == shown.turn.number
            ),
            0,
        )

    def _top(self, panel: pygame.Rect) -> int:
        """Where the list and the position start, under the title and the accuracy."""
        big, small = self._sizes(self.size)
        return round(panel.y + big * 1.6 + small * 3.2)

    def _left(self, panel: pygame.Rect) -> pygame.Rect:
        top = self._top(panel)
        return pygame.Rect(panel.x + 20, top, round(panel.w * 0.5), self._bottom(panel) - top)

    def _right(self, panel: pygame.Rect) -> pygame.Rect:
        left = self._left(panel)
        x = left.right + 24
        return pygame.Rect(x, left.y, panel.right - 20 - x, left.h)

    def _bottom(self, panel: pygame.Rect) -> int:
        _big, small = self._sizes(self.size)
        return panel.bottom - small - max(30, self.size[1] // 22) - small

    def _row_height(self) -> int:
        return round(self._sizes(self.size)[1] * 1.7)

    def _rows_shown(self) -> int:
        list_rect = self._left(self._panel(self.size))
        return max(1, (list_rect.h - self._row_height()) // self._row_height())

    # ------------------------------------------------------------------------------------------------ input

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-int(event.y))
        elif event.type == pygame.MOUSEMOTION:
            self._hot = event.pos
            self.light_up(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.button_at(event.pos)
            if button is not None:
                self._press(button)
            else:
                self._click_row(event.pos)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.leave()
        elif key == pygame.K_UP:
            self._scroll_by(-1)
        elif key == pygame.K_DOWN:
            self._scroll_by(1)
        elif key == pygame.K_PAGEUP:
            self._scroll_by(-self._rows_shown())
        elif key == pygame.K_PAGEDOWN:
            self._scroll_by(self._rows_shown())
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3):
            digits = (pygame.K_1, pygame.K_2, pygame.K_3)
            index = digits.index(key) if key in digits else (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3).index(key)
            worst = costliest(self.runner.reviewed)
            if self.runner.finished and index < len(worst):
                self.show(worst[index].turn.number)
        elif key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            self._cycle(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focused is not None:
            self._press(self.focused)

    def _press(self, button: Button) -> None:
        if button.value == "close":
            self.leave()
        elif isinstance(button.value, int):
            self.show(button.value)

    def _cycle(self, step: int) -> None:
        """The next (or previous) of the costliest positions."""
        worst = [item.turn.number for item in costliest(self.runner.reviewed)] if self.runner.finished else []
        if not worst:
            return
        shown = self.shown()
        at = worst.index(shown.turn.number) if shown is not None and shown.turn.number in worst else -1
        self.show(worst[(at + step) % len(worst)])

    def _scroll_by(self, rows: int) -> None:
        most = max(0, len(self.runner.reviewed) - self._rows_shown())
        self.scroll = max(0, min(most, self.scroll + rows))

    def _click_row(self, pos: tuple[int, int]) -> None:
        list_rect = self._left(self._panel(self.size))
        if not list_rect.collidepoint(pos):
            return
        row = (pos[1] - list_rect.y - self._row_height()) // self._row_height()
        items = self.runner.reviewed
        if row >= 0 and self.scroll + row < len(items):
            self.show(items[self.scroll + row].turn.number)

    def show(self, number: int) -> None:
        """Show decision ``number`` as a position (its button, if it is one of the costliest, takes the focus)."""
        self.selected = number
        at = next((index for index, button in enumerate(self.buttons) if button.value == number), None)
        if at is not None:
            self.focus = at
            self._show_focus()

    def leave(self) -> None:
        """Back to the scene under the review; what is computing stops, what was done is kept for coming back."""
        self.runner.cancel()
        self.app.pop(self)

    def close(self) -> None:
        """The app closes the scene (quitting): the review's process is stopped."""
        self.runner.cancel()

    # ------------------------------------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        before = self.runner.finished
        self.runner.poll()
        if self.runner.finished and not before:
            self.place(self.size)
            self._show_focus()
        if self.runner.finished:
            self._keep()

    def _keep(self) -> None:
        """The review done: its accuracy kept in the history (once, on the writer's thread) for the statistics'
        trend over many hands."""
        runner = self.runner
        writer = self.app.history_writer()
        if runner.kept or runner.history_id is None or writer is None:
            return
        runner.kept = True
        match_id, hand, seat = runner.history_id, runner.hand, runner.seat
        score, decisions = runner.accuracy, runner.total
        writer.submit(lambda history: history.keep_review(match_id, hand, seat, score, decisions))

    def wake_in(self) -> float:
        """A poll every :data:`POLL_SECONDS` while the review computes; still once it is done."""
        return POLL_SECONDS if self.runner.running else STILL

    def picture_key(self) -> tuple[object, ...]:  # type: ignore[override]
        return (
            self.runner.progress,
            self.runner.failed,
            self.scroll,
            self.selected,
            self.focus,
            tuple(button.hot for button in self.buttons),
        )

    # ------------------------------------------------------------------------------------------------ what is shown

    def name(self, action: Action) -> str:
        """An action as the player reads it: a card by its name in the deck's words, another move by its label."""
        family = self.table.state.family
        return card_label(action.card, family) if isinstance(action, Play) else describe_action(action, family)

    def shown(self) -> Reviewed | None:
        """The decision shown as a position: the one chosen, else the costliest (None while computing, or when no
        decision cost anything)."""
        done = self.runner.done
        if self.selected is not None and self.selected in done:
            return done[self.selected]
        if not self.runner.finished:
            return None
        worst = costliest(self.runner.reviewed)
        return worst[0] if worst else None

    # ------------------------------------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade(surface, 140)
        panel = self._panel((w, h))
        draw_panel(surface, panel, alpha=248)
        big, small = self._sizes((w, h))
        runner = self.runner
        title = _("The coach's review of hand {number}").format(number=runner.hand)
        draw_text(surface, title, big, (w / 2, panel.y + big * 0.9), COLOURS["gold"], bold=True)
        done, total = runner.progress
        line_y = panel.y + big * 1.6 + small * 0.9
        if runner.finished:
            draw_text(surface, accuracy_words(runner.accuracy), small, (w / 2, line_y), COLOURS["text"], bold=True)
        else:
            self._draw_progress(surface, (w / 2, line_y + small * 0.6), done, total, small)
        self._draw_list(surface, self._left(panel), small)
        self._draw_position(surface, self._right(panel), small)
        for button in self.buttons:
            button.draw(surface, small)

    def _draw_progress(
        self, surface: pygame.Surface, centre: tuple[float, float], done: int, total: int, text: int
    ) -> None:
        width, height = round(self.size[0] * 0.4), max(10, text)
        bar = pygame.Rect(0, 0, width, height)
        bar.center = (round(centre[0]), round(centre[1] + text * 0.6))
        pygame.draw.rect(surface, COLOURS["button_off"], bar, border_radius=height // 2)
        filled = bar.copy()
        filled.w = round(width * done / total) if total else width
        if filled.w:
            pygame.draw.rect(surface, COLOURS["gold"], filled, border_radius=height // 2)
        if self.runner.failed:
            words, colour = _("The coach stopped: close the review and open it again to go on."), COLOURS["red"]
        else:
            words, colour = (
                _("The coach is looking at your decisions: {done} of {total}").format(done=done, total=total),
                COLOURS["muted"],
            )
        draw_text(surface, words, text, (centre[0], bar.y - text * 0.9), colour)

    def _draw_list(self, surface: pygame.Surface, area: pygame.Rect, text: int) -> None:
        row_h = self._row_height()
        columns = (0.0, 0.08, 0.33, 0.58, 0.69, 0.8)
        heads = (_("Trick"), _("Played"), _("Best"), _("Points"), _("Chance"), _("Grade"))
        xs = [area.x + round(area.w * share) for share in columns]
        widths = [b - a - 6 for a, b in zip(xs, [*xs[1:], area.right], strict=True)]
        for x, width, head in zip(xs, widths, heads, strict=True):
            draw_text(surface, cut_text(head, text, width), text, (x, area.y), COLOURS["muted"], anchor="topleft")
        pygame.draw.line(surface, COLOURS["muted"], (area.x, area.y + row_h - 4), (area.right, area.y + row_h - 4))
        items = self.runner.reviewed
        shown = self.shown()
        y = area.y + row_h
        for item in items[self.scroll : self.scroll + self._rows_shown()]:
            decision = item.decision
            if shown is not None and item.turn.number == shown.turn.number:
                pygame.draw.rect(surface, COLOURS["button_off"], pygame.Rect(area.x - 6, y - 3, area.w + 12, row_h))
            same = decision.chosen == decision.best or decision.forced
            cells = (
                str(item.trick),
                self.name(decision.chosen),
                "=" if same else self.name(decision.best),
                "" if same else _lost(decision.points_lost, "{:.1f}"),
                "" if same else _lost(100 * decision.win_lost, "{:.0f}%"),
                grade_words(decision),
            )
            label = decision.grade.label if decision.grade is not None else ""
            for x, width, cell, column in zip(xs, widths, cells, range(6), strict=True):
                colour = _GRADE_COLOURS.get(label, COLOURS["muted"]) if column == 5 else COLOURS["text"]
                draw_text(surface, cut_text(cell, text, width), text, (x, y), colour, anchor="topleft")
            y += row_h
        if not items and self.runner.finished:
            draw_text(surface, _("No decision of yours in this hand."), text, (area.x, y), anchor="topleft")
        hidden = len(items) - self._rows_shown()
        if hidden > 0:
            words = _("Up/Down or the wheel: more ({first}-{last} of {count})").format(
                first=self.scroll + 1, last=min(len(items), self.scroll + self._rows_shown()), count=len(items)
            )
            draw_text(surface, words, text, (area.x, area.bottom), COLOURS["muted"], anchor="bottomleft")

    def _draw_position(self, surface: pygame.Surface, area: pygame.Rect, text: int) -> None:
        shown = self.shown()
        top = area.y + max(30, self.size[1] // 22) + text if self.runner.finished else area.y
        if shown is None:
            words = (
                _("Every decision was the coach's choice or as good: nothing to show.")
                if self.runner.finished
                else _("The costliest decisions are shown here when the review is done.")
            )
            draw_text(surface, words, text, (area.x, top + text), COLOURS["muted"], anchor="topleft")
            return
        view, decision = shown.turn.view, shown.decision
        family = self.table.state.family
        renderer = self.table.renderer
        card_h = min(round(area.h * 0.2), round(self.size[1] * 0.15))
        card_w = round(card_h / 1.65)
        small_h = max(24, round(card_h * 0.5))
        small_w = round(small_h / 1.65)
        y = top
        heading = _("Trick {trick}: {grade}").format(trick=shown.trick, grade=grade_words(decision))
        draw_text(surface, heading, text, (area.x, y), COLOURS["gold"], anchor="topleft", bold=True)
        y += round(text * 1.6)

        def cards_row(cards: list[Card], x: float, y0: float, size: tuple[int, int], step: float) -> None:
            for index, card in enumerate(cards):
                pose = Pose(x + size[0] / 2 + index * step, y0 + size[1] / 2, size[0], size[1])
                rect = renderer.blit(surface, card, pose, size)
                if Play(card) == decision.best and decision.best != decision.chosen:
                    pygame.draw.rect(surface, COLOURS["gold"], rect.inflate(6, 6), width=3, border_radius=6)
                elif Play(card) == decision.chosen and decision.best != decision.chosen:
                    pygame.draw.rect(surface, COLOURS["red"], rect.inflate(6, 6), width=3, border_radius=6)

        # The hand held, the trick so far and the trump, side by side.
        draw_text(surface, _("Your hand"), text, (area.x, y), COLOURS["muted"], anchor="topleft")
        hand = sorted(view.hand)
        trick = [card for _seat, card in view.trick]
        hand_w = max(1, len(hand)) * (card_w + 8)
        trick_x = area.x + hand_w + text * 2
        trump_x = area.right - card_w - 4
        draw_text(surface, _("The trick so far"), text, (trick_x, y), COLOURS["muted"], anchor="topleft")
        draw_text(surface, _("Trump"), text, (trump_x, y), COLOURS["muted"], anchor="topleft")
        y += round(text * 1.5)
        cards_row(hand, area.x, y, (card_w, card_h), card_w + 8)
        if trick:
            cards_row(trick, trick_x, y, (card_w, card_h), card_w + 8)
        else:
            draw_text(surface, _("You lead."), text, (trick_x, y + card_h / 2), anchor="midleft")
        if view.briscola is not None:
            renderer.blit(
                surface, view.briscola, Pose(trump_x + card_w / 2, y + card_h / 2, card_w, card_h), (card_w, card_h)
            )
        elif view.trump is not None:
            draw_text(surface, suit_label(view.trump, family), text, (trump_x, y + card_h / 2), anchor="midleft")
        y += card_h + text
        # What had been seen: the cards played before this trick.
        seen = sorted(card for pile in view.captured for card in pile)
        seen_words = (
            _("Seen before this trick: {count} cards").format(count=len(seen))
            if seen
            else _("Nothing seen yet: this is the first trick.")
        )
        draw_text(surface, seen_words, text, (area.x, y), COLOURS["muted"], anchor="topleft")
        y += round(text * 1.5)
        per_row = max(1, int(area.w // (small_w + 3)))
        for start in range(0, len(seen), per_row):
            row = seen[start : start + per_row]
            for index, card in enumerate(row):
                pose = Pose(area.x + small_w / 2 + index * (small_w + 3), y + small_h / 2, small_w, small_h)
                renderer.blit(surface, card, pose, (small_w, small_h))
            y += small_h + 4
        y += text
        # The verdict and why.
        chosen, best = self.name(decision.chosen), self.name(decision.best)
        lines = [decision_words(shown.trick, chosen, best, decision)]
        if decision.grade is not None and not decision.forced and decision.chosen != decision.best:
            lines.append(why_words(chosen, best, decision))
        for line in lines:
            for part in _wrap(line, text, area.w):
                if y + text > area.bottom:
                    return
                draw_text(surface, part, text, (area.x, y), COLOURS["text"], anchor="topleft")
                y += round(text * 1.4)


def _lost(amount: float, form: str) -> str:
    """What a decision lost, as the list shows it: a minus sign before a loss, a plain 0 for none (rounded)."""
    shown = form.format(amount)
    return shown if float(shown.rstrip("%")) == 0 else "−" + shown


def _wrap(line: str, size: int, width: int) -> list[str]:
    """``line`` cut into pieces no wider than ``width`` at ``size``, at spaces."""
    out: list[str] = []
    current = ""
    for word in line.split():
        attempt = f"{current} {word}".strip()
        if current and text_surface(attempt, size).get_width() > width:
            out.append(current)
            current = word
        else:
            current = attempt
    if current:
        out.append(current)
    return out
