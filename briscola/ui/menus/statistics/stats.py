"""The statistics scene: how the player is doing, from every match the history keeps (reached from the title and the
pause menu).

It shows the player's rating against the levels ("You play like level 3.6", :mod:`briscola.store.history.rating`),
the results as a table (overall, per opponents' level, per preset: won-drawn-lost, the win rate with its 95% interval,
points per hand, cappotti, the longest streaks), the win rate over time as a line per level, the histogram of points
per hand, and the latest matches, any of which opens in the replay viewer (a practice match marked so); across the
foot, what Campione has learned about the player (:mod:`briscola.text.habits`: the hands it learned from and the
habits it weighs most, as many as the strip holds, or that it has learned nothing yet). Four filters
narrow it all: the period, the rules (preset), the opponents' level and the practice matches (all, without them, or
only them: ``docs/history.md``, "Practice"); the profile is the one playing (the setting ``player.profile``), or every
profile when none is set.

Everything shown is one :class:`~briscola.store.history.board.Board`, asked of the history when the scene opens and
again in ``update`` after a filter changes, never while drawing (``bench/history.py`` times the opening:
``stats_scene_open_ms``, at most 150 ms with 10,000 matches); what Campione learned is read once, as the scene opens
(the filters don't narrow it: it is learned over every two-player game). An empty history gets a friendly
explanation of how it fills instead of empty charts, and a history that is off for this run says so.

Keys: Up/Down or Tab move between the filters and the matches, Left/Right change the focused filter (Enter steps it
on), Enter on a match replays it, Esc or Backspace go back. The mouse: a click on a filter steps it on (a right click
steps it back), a click on a match replays it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from briscola.ai.opponent import OpponentModel
from briscola.store.history.board import PERIODS, PRACTICE, Board, Query, empty_board
from briscola.store.history.stats import Tally
from briscola.text.habits import habit_lines, learned_from, learned_heading, nothing_learned
from briscola.text.i18n import _
from briscola.text.presets import preset_label
from briscola.text.review_words import trend_words
from briscola.ui.menus.statistics.stats_draw import (
    draw_cell,
    draw_histogram,
    draw_rate_chart,
    draw_rating,
    draw_tallies,
)
from briscola.ui.menus.statistics.stats_words import (
    PERIOD_NAMES,
    PRACTICE_NAMES,
    date_label,
    opponents_label,
    opponents_or_all,
    preset_or_all,
    result_label,
)
from briscola.ui.widgets.basic import COLOURS, Button, draw_focus, draw_panel, draw_text, fit_text
from briscola.ui.widgets.form import wrap_words

if TYPE_CHECKING:
    from briscola.store.history import History
    from briscola.store.history.rows import MatchSummary
    from briscola.ui.app import App

__all__ = ["StatsScene"]

FILTERS = ("period", "preset", "opponents", "practice")
#: The most of the window's height the strip of what Campione learned takes (its habits that don't fit are left out).
LEARNED_SHARE = 0.2


class StatsScene:
    """The history's statistics, charts and rating for the player, with filters."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app
        self.size = app.size
        self.history: History | None = app.config.history
        self.query = Query(profile=self._profile())
        self.focus = 0
        """The focused item: the filters (0-3), then the recent matches."""
        self.hot: int | None = None
        """The item under the pointer."""
        self.message = ""
        """A line about the last thing asked that could not be done (a match that can't be replayed)."""
        self.board = self._compute()
        self._stale = False
        self.learned = self._learned()
        """What Campione has learned about the player (None: no history to ask), read here, never while drawing."""

    def _profile(self) -> str | None:
        """The profile playing (the setting ``player.profile``), or None for every profile when none is set."""
        player = getattr(self.app.settings_store().settings, "player", None)
        name = getattr(player, "profile", "") if player is not None else ""
        return name.strip() or None if isinstance(name, str) else None

    def _learned(self) -> OpponentModel | None:
        """What Campione has learned about the profile playing (:attr:`App.profile`, the name it learns under); a
        kept model that can't be read is said as the scene's message, and shown as nothing learned."""
        if self.history is None:
            return None
        model, problem = self.history.opponent_model("profile", self.app.profile)
        if problem is not None:
            self.message = problem.summary()
        return model

    def _compute(self) -> Board:
        return empty_board(self.query) if self.history is None else self.history.board(self.query)

    # ------------------------------------------------------------------------------------------------ filters

    def values(self, which: str) -> list[str | None]:
        """The values the filter ``which`` cycles through (None: everything)."""
        choices = self.board.choices
        if which == "period":
            return list(PERIODS)
        if which == "practice":
            return list(PRACTICE)
        if which == "preset":
            return [None, *choices.presets]
        return [None, *choices.opponents]

    def step_filter(self, which: str, delta: int) -> None:
        """Change the filter ``which`` by ``delta`` values (wrapping); the board is worked out again in ``update``."""
        values = self.values(which)
        current = getattr(self.query, which)
        index = values.index(current) if current in values else 0
        value = values[(index + delta) % len(values)]
        if which == "period":
            self.query = replace(self.query, period=value or "all")
        elif which == "practice":
            self.query = replace(self.query, practice=value or "all")
        elif which == "preset":
            self.query = replace(self.query, preset=value)
        else:
            self.query = replace(self.query, opponents=value)
        self.message = ""
        self._stale = True

    def filter_label(self, which: str) -> str:
        """A filter's button: its value in words."""
        if which == "period":
            return _(PERIOD_NAMES[self.query.period])
        if which == "practice":
            return _(PRACTICE_NAMES[self.query.practice])
        if which == "preset":
            return preset_or_all(self.query.preset)
        return opponents_or_all(self.query.opponents)

    # ------------------------------------------------------------------------------------------------ layout

    @property
    def text_size(self) -> int:
        return max(14, self.size[1] // 44)

    def buttons(self) -> list[Button]:
        """The filters as buttons across the top (focused and lit as the scene's state says)."""
        w, h = self.size
        count = len(FILTERS)
        width, height = min(w // (count + 1), 300), max(32, h // 20)
        gap = w // 60
        left = w / 2 - (count * width + (count - 1) * gap) / 2
        buttons = []
        for index, which in enumerate(FILTERS):
            rect = pygame.Rect(round(left + index * (width + gap)), round(h * 0.115), width, height)
            button = Button(f"‹ {self.filter_label(which)} ›", which, rect)
            button.focused, button.hot = index == self.focus, index == self.hot
            buttons.append(button)
        return buttons

    def panels(self) -> dict[str, pygame.Rect]:
        """Where each panel goes: the rating and the results on the left, the charts and the matches on the right."""
        w, h = self.size
        margin = max(12, w // 48)
        top, bottom = round(h * 0.19), round(h - h // 16)
        learned = pygame.Rect(margin, bottom, w - 2 * margin, 0)
        if self.shows_learned:
            learned.h = self.learned_height(learned.w)
            learned.y = bottom - learned.h
            bottom = learned.y - margin // 2
        middle = w // 2
        left = pygame.Rect(margin, top, middle - margin - margin // 2, bottom - top)
        right = pygame.Rect(middle + margin // 2, top, w - margin - middle - margin // 2, bottom - top)
        gap = margin // 2
        rating_h = round(left.h * 0.36)
        if learned.h:  # the strip under both columns: the rating gives up its spare room first, never its words
            rating_h = max(round(left.h * 0.31), min(rating_h, self.rating_height()))
        chart_h, histogram_h = round(right.h * 0.38), round(right.h * 0.27)
        return {
            "rating": pygame.Rect(left.x, left.y, left.w, rating_h),
            "tallies": pygame.Rect(left.x, left.y + rating_h + gap, left.w, left.h - rating_h - gap),
            "chart": pygame.Rect(right.x, right.y, right.w, chart_h),
            "histogram": pygame.Rect(right.x, right.y + chart_h + gap, right.w, histogram_h),
            "recent": pygame.Rect(
                right.x, right.y + chart_h + histogram_h + 2 * gap, right.w, right.h - chart_h - histogram_h - 2 * gap
            ),
            "whole": pygame.Rect(left.x, top, right.right - left.x, bottom - top),
            "learned": learned,
        }

    # ------------------------------------------------------------------------------------------------ Campione

    @property
    def shows_learned(self) -> bool:
        """The strip of what Campione learned is shown beside the figures: not over an empty or absent history."""
        return self.learned is not None and self.history is not None and not self.board.empty

    @property
    def learned_size(self) -> int:
        """The type of the strip's lines."""
        return max(11, self.text_size - 2)

    def learned_lines(self, width: int) -> list[list[str]]:
        """The strip's sentences, each wrapped to ``width``: the habits Campione weighs most that fit in at most
        :data:`LEARNED_SHARE` of the window's height (whole sentences: one that doesn't fit is left out, never cut),
        or the nothing-learned line."""
        model = self.learned
        if model is None:
            return []
        pad = max(8, self.text_size * 2 // 3)
        size = self.learned_size
        sentences = [nothing_learned()] if model.hands <= 0 else habit_lines(model)
        wrapped = [wrap_words(sentence, size, width - 2 * pad) for sentence in sentences]
        room = self.size[1] * LEARNED_SHARE - 2 * pad - round(self.text_size * 1.5)
        step = round(size * 1.4)
        kept: list[list[str]] = []
        for lines in wrapped:
            if kept and (sum(map(len, kept)) + len(lines)) * step > room:
                break
            kept.append(lines)
        return kept

    def learned_height(self, width: int) -> int:
        """The strip's height: its heading and its lines."""
        pad = max(8, self.text_size * 2 // 3)
        lines = sum(map(len, self.learned_lines(width)))
        return 2 * pad + round(self.text_size * 1.5) + lines * round(self.learned_size * 1.4)

    def rating_height(self) -> int:
        """The least height the rating panel's words and ladder need (:func:`~.stats_draw.draw_rating`'s layout),
        with the coach's accuracy under them when there is one."""
        size = self.text_size
        pad, small, big = max(8, size * 2 // 3), max(11, size - 3), round(size * 1.45)
        need = 2 * pad + round(size * 1.5 + big * 1.35 + small * 5.6)
        reviews = self.board.reviews
        if trend_words(reviews.hands, reviews.accuracy):  # the line draw_rating puts under the ladder
            need += small + pad // 2
        return need

    def recent_rects(self) -> list[pygame.Rect]:
        """The rows of the recent matches that fit their panel."""
        panel = self.panels()["recent"]
        size = self.text_size
        step = round(size * 1.5)
        top = panel.y + max(8, size * 2 // 3) + round(size * 1.5)
        count = min(len(self.board.recent), max(0, (panel.bottom - top - 4) // step))
        return [pygame.Rect(panel.x + 6, top + n * step, panel.w - 12, step) for n in range(count)]

    def item_at(self, pos: tuple[int, int]) -> int | None:
        for index, button in enumerate(self.buttons()):
            if button.rect.collidepoint(pos):
                return index
        for index, rect in enumerate(self.recent_rects()):
            if rect.collidepoint(pos):
                return len(FILTERS) + index
        return None

    # ------------------------------------------------------------------------------------------------ input

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def process_event(self, event: pygame.event.Event) -> None:
        items = len(FILTERS) + len(self.recent_rects())
        if event.type == pygame.KEYDOWN:
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop(self)
            elif event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
                back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and shift)
                self.focus = (self.focus + (-1 if back else 1)) % items
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < len(FILTERS):
                self.step_filter(FILTERS[self.focus], -1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.focus)
        elif event.type == pygame.MOUSEMOTION:
            self.hot = self.item_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            item = self.item_at(event.pos)
            if item is not None:
                self.focus = item
                self.activate(item, -1 if event.button == 3 else 1)

    def activate(self, item: int, delta: int = 1) -> None:
        """A filter steps on (or back); a match opens in the replay viewer."""
        if item < len(FILTERS):
            self.step_filter(FILTERS[item], delta)
        elif item - len(FILTERS) < len(self.board.recent):
            self.replay(self.board.recent[item - len(FILTERS)])

    def replay(self, match: MatchSummary) -> None:
        """Open ``match`` in the replay viewer (a record that no longer replays is said, not shown)."""
        from briscola.engine.errors import RecordError

        if self.history is None:
            return
        try:
            detail = self.history.match(match.id)
        except RecordError:
            detail = None
        if detail is None:
            self.message = _("This match can't be replayed: its record is damaged.")
            return
        title = _("{date} · {rules}").format(date=date_label(match.started), rules=preset_label(match.preset))
        self.app.navigator.open_replay(detail.record, title=title, history_id=match.id)

    def update(self, dt: float) -> None:
        """The board again after a filter changed (here, never while drawing)."""
        if self._stale:
            self.board = self._compute()
            self._stale = False
            self.focus = min(self.focus, len(FILTERS) + len(self.recent_rects()) - 1)

    # ------------------------------------------------------------------------------------------------ drawing

    def tally_rows(self) -> list[tuple[str, Tally]]:
        """The results table's rows: everything, then each opponents' level, then each preset ("" a gap)."""
        stats = self.board.stats
        rows: list[tuple[str, Tally]] = [(_("All matches"), stats.overall)]
        if len(stats.by_level) > 1:
            rows += [("", stats.overall)] + [(opponents_label(key), tally) for key, tally in stats.by_level.items()]
        if len(stats.by_preset) > 1:
            rows += [("", stats.overall)] + [(preset_label(key), tally) for key, tally in stats.by_preset.items()]
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(COLOURS["felt_dark"])
        inner = surface.get_rect().inflate(-w // 30, -h // 30)
        pygame.draw.rect(surface, COLOURS["felt"], inner, border_radius=24)
        draw_text(surface, _("Statistics"), max(26, h // 18), (w / 2, h * 0.058), COLOURS["gold"], bold=True)
        size = self.text_size
        panels = self.panels()
        if self.history is None or self.board.empty:
            self._draw_empty(surface, panels["whole"], size)
        else:
            for button in self.buttons():
                button.draw(surface, size)
            if self.board.filtered_out:
                note = _(
                    "No matches with these filters: change the period, the rules, the opponents or the practice filter."
                )
                draw_text(surface, note, fit_text(note, size, w - w // 8), panels["whole"].center, COLOURS["text"])
            else:
                draw_rating(surface, panels["rating"], self.board.rating, size, self.board.reviews)
                draw_tallies(surface, panels["tallies"], self.tally_rows(), size)
                draw_rate_chart(surface, panels["chart"], self.board, size)
                draw_histogram(surface, panels["histogram"], self.board.histogram, size)
                self._draw_recent(surface, panels["recent"], size)
            if self.shows_learned:
                self._draw_learned(surface, panels["learned"], size)
        keys = _("Up/Down: choose · Left/Right: change a filter · Enter: replay a match · Esc: back")
        if self.history is None or self.board.empty:
            keys = _("Esc: back")  # nothing to choose, filter or replay yet
        if self.message:
            keys = self.message
        colour = COLOURS["gold"] if self.message else COLOURS["muted"]
        draw_text(surface, keys, fit_text(keys, max(12, size - 2), w - w // 10), (w / 2, h - h // 32), colour)

    def _draw_recent(self, surface: pygame.Surface, panel: pygame.Rect, size: int) -> None:
        draw_panel(surface, panel, alpha=235)
        pad = max(8, size * 2 // 3)
        title = _("Latest matches (Enter or a click: replay)")
        draw_text(
            surface,
            title,
            fit_text(title, size, panel.w - 2 * pad, True),
            (panel.x + pad, panel.y + pad),
            COLOURS["gold"],
            anchor="topleft",
            bold=True,
        )
        small = max(11, size - 3)
        for index, (rect, match) in enumerate(zip(self.recent_rects(), self.board.recent, strict=False)):
            item = len(FILTERS) + index
            if item in (self.focus, self.hot):
                pygame.draw.rect(surface, COLOURS["button"], rect, border_radius=6)
            if item == self.focus:
                draw_focus(surface, rect, radius=6)
            seat = match.seats[match.human_seat] if match.human_seat is not None else None
            against = opponents_label(seat.opponents) if seat is not None else ""
            result = result_label(match.result)
            if match.practice:
                result = _("{result}, practice").format(result=result)
            parts = (date_label(match.started), preset_label(match.preset), against, result)
            shares = (0.0, 0.27, 0.6, 0.82)
            for share, part, end in zip(shares, parts, (*shares[1:], 1.0), strict=True):
                room = round((end - share) * (rect.w - 16)) - 6
                colour = COLOURS["gold"] if share == shares[-1] else COLOURS["text"]
                draw_cell(
                    surface, part, small, room, (rect.x + 8 + share * (rect.w - 16), rect.centery), colour, "midleft"
                )

    def _draw_learned(self, surface: pygame.Surface, panel: pygame.Rect, size: int) -> None:
        """What Campione has learned about the player: the heading, the hands learned from on its right, the habits
        (or that nothing is learned yet) under it."""
        draw_panel(surface, panel, alpha=235)
        pad = max(8, size * 2 // 3)
        head = learned_heading()
        heading = draw_text(
            surface,
            head,
            fit_text(head, size, panel.w * 2 // 3 - pad, True),
            (panel.x + pad, panel.y + pad),
            COLOURS["gold"],
            anchor="topleft",
            bold=True,
        )
        small = self.learned_size
        if self.learned is not None and self.learned.hands > 0:
            count = learned_from(self.learned.hands)
            room = panel.right - pad - heading.right - 2 * pad
            draw_text(
                surface,
                count,
                fit_text(count, small, room),
                (panel.right - pad, heading.centery),
                COLOURS["muted"],
                anchor="midright",
            )
        y = panel.y + pad + round(size * 1.5)
        step = round(small * 1.4)
        for lines in self.learned_lines(panel.w):
            for line in lines:
                draw_text(surface, line, small, (panel.x + pad, y), COLOURS["text"], anchor="topleft")
                y += step

    def _draw_empty(self, surface: pygame.Surface, whole: pygame.Rect, size: int) -> None:
        """No matches to show: what the statistics will hold, and how they fill (or why the history is off)."""
        if self.history is None:
            head = _("The history is off for this run")
            body = _("The file that keeps your matches could not be opened, so nothing is recorded or shown now.")
        else:
            head = _("No matches recorded yet")
            body = _(
                "Every match you play is kept here. Play a few from the title screen and come back: you will see "
                "your results against each level, your points per hand, your longest streaks, your win rate over "
                "time, and which level you play like."
            )
        big = max(20, round(size * 1.5))
        width = whole.w - whole.w // 4
        lines = wrap_words(body, size, width - 2 * big)
        step = round(size * 1.5)
        # As tall as its words: a big empty box below two lines reads as something that failed to load.
        panel = pygame.Rect(0, 0, width, big * 3 + len(lines) * step + big)
        panel.center = whole.center
        draw_panel(surface, panel, alpha=235)
        draw_text(surface, head, big, (panel.centerx, panel.y + big * 1.4), COLOURS["gold"], bold=True)
        y = panel.y + big * 3
        for line in lines:
            draw_text(surface, line, size, (panel.centerx, y), COLOURS["text"])
            y += step
