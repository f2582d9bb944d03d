"""The first scene: new game, continue the saved match (only when there is one), settings, rules, statistics, quit.

The autosave is looked at each time the title is shown, so a match left from the pause menu can be continued at
once; a save that can't be read is moved aside by the store and its notice is shown here, never stopping the game.
So are the problems found in the settings files at startup, for a player who started the game without a terminal:
while there are any, the menu moves left and a dark panel beside it gives each one a short line (the key, the value
and why, wrapped, never cut), and "Problem details" (or D, or a click on the panel) opens the notices scene with each
in full: the file, the value used instead, what happens next. A problem is put into words as it is drawn, so it reads
in the language chosen since; it goes away once its cause does (see :attr:`SettingsStore.notices`). The scenes it
opens are asked of the app's navigator (:mod:`briscola.ui.navigation`); the deck of the aces under the title is found
as the scene is made and updated, never while it is drawn (at the size drawn, so they are sharp).

"Play" starts a match at once with the choices of the last new game (or the default game the first time), read from
the settings by :func:`briscola.store.quick_game`, and says what it will start ("Play: 2 players, Briscola,
Intermediate"). Choices that can't start any more fall back to the default game, and the reason is one more problem
on the panel. When a match is saved, Continue comes first, says where it resumes ("Continue: Briscola, after 3
tricks") and has the focus; starting another match then asks first (:mod:`briscola.ui.menus.new_match`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from briscola.text.i18n import _, ngettext
from briscola.text.presets import preset_label
from briscola.ui.assets.cards import DeckImages, deck_images
from briscola.ui.core.seats import HUMAN, level_label
from briscola.ui.menus.new_match import continue_label, new_seed, saved_match_words, start_new_match
from briscola.ui.menus.profile import profile_label
from briscola.ui.widgets.basic import COLOURS, draw_focus, draw_panel, draw_text, text_surface
from briscola.ui.widgets.form import MenuScene, wrap_words
from briscola.ui.widgets.rows import Row, action

if TYPE_CHECKING:
    from briscola.store import Continued, GameSettings, Problem, QuickGame
    from briscola.ui.app import App

__all__ = ["TitleScene"]


#: The top of the menu, as a share of the window's height (the title and the fan of aces above it).
_MENU_TOP: Final = 0.36
#: A two-line row (Play, Continue) is this much of a row's step taller than the others.
_TALL: Final = 0.4
#: The least step from one row to the next, and the least height of a one-line row, when rows are many.
_LEAST_STEP: Final = 30
_LEAST_HEIGHT: Final = 28
#: At most this share of the window's height the menu moves up, under a smaller fan, to make that room.
_LIFT: Final = 0.04


def _span(rows: int, tall: int, step: int, height: int, extra: int) -> int:
    """The height ``rows`` rows take, ``tall`` of them ``extra`` taller, from the first's top to the last's bottom."""
    return rows * step - height // 3 + tall * extra


class TitleScene(MenuScene):
    """Briscola's title and main menu."""

    column = 1.0

    def __init__(self, app: App) -> None:
        from briscola.store import autosave

        self.continued: Continued | None
        self.continued, self.save_problems = autosave.load()
        self._wrapped: tuple[tuple[object, ...], list[list[str]]] | None = None
        self.fan_deck = self._chosen_deck(app)
        self._quick: tuple[GameSettings, QuickGame] | None = None
        self.quick_problems: list[Problem] = []
        """Why the remembered choices could not start (Play then starts the default game); shown with the others."""
        self.quick = self._quick_game(app)
        super().__init__(app)
        self.title = _("Briscola")
        self.focus = 0  # Continue when a match is saved, else Play

    def _quick_game(self, app: App) -> QuickGame:
        """The match Play starts, worked out again only when the remembered choices change.

        A fallback's reason is recorded with the settings' problems (and printed, as they are at startup) once.
        """
        from briscola.store import quick_game, report

        store = app.settings_store()
        if self._quick is None or self._quick[0] != store.settings.game:
            game, problems = quick_game(store)
            self._quick = (store.settings.game, game)
            self.quick_problems = problems
            for problem in problems:
                if problem not in store.problems:
                    store.problems.append(problem)
                    report([problem])
        return self._quick[1]

    @staticmethod
    def _chosen_deck(app: App) -> DeckImages:
        """The deck chosen in the settings (the aces under the title are drawn from it)."""
        return deck_images(app.settings_store().settings.display.deck)

    def build(self) -> list[Row]:
        self.headings: dict[str, tuple[str, str]] = {"play": self.play_parts()}
        """The two lines of the rows that say what they start, by the row's key."""
        rows = []
        if self.continued is not None:
            self.headings["continue"] = (_("Continue"), saved_match_words(self.continued))
            rows.append(
                action(
                    continue_label(self.continued),
                    self.continue_match,
                    help=_("Go on with the match in progress."),
                    key="continue",
                )
            )
        rows += [
            action(self.play_label(), self.play, help=self.play_help(), key="play"),
            action(_("New game"), self.new_game, help=_("Choose the players, the rules and the deck."), key="new"),
            action(_("Settings"), self.settings, help=_("Deck, table, language, speed, sound."), key="settings"),
            action(
                _("Rules"), self.rules, help=_("How to play, preset by preset, and the words of the game."), key="rules"
            ),
            action(
                _("Statistics"),
                self.app.navigator.open_stats,
                help=_("Your results, charts, and the level you play like."),
                key="stats",
            ),
            action(
                _("School"),
                self.app.navigator.open_school,
                help=_("Lessons for newcomers, and endgame puzzles for everyone."),
                key="school",
            ),
            action(
                _("Score sheet"), self.sheet, help=_("Keep the score of a game played with real cards."), key="sheet"
            ),
        ]
        if self.problems:
            help_text = _("Each problem in full: the file, the value found, why, and the value used instead (D).")
            rows.append(action(_("Problem details"), self.details, help=help_text, key="notices"))
        rows.append(
            action(
                profile_label(self.app),
                self.app.navigator.open_profile,
                help=_("Whose matches these are: choose your name, or type a new one."),
                key="profile",
            )
        )
        rows.append(
            action(_("Quit"), self.app.quit, help=_("Close the game (a match in progress is saved)."), key="quit")
        )
        return rows

    def play_label(self) -> str:
        """What Play starts, in a few words: "Play: 2 players, Briscola, Intermediate" ("Watch: ..." with no "You")."""
        _head, what = self.play_parts()
        return (_("Watch: {match}") if self.quick.watched else _("Play: {match}")).format(match=what)

    def play_parts(self) -> tuple[str, str]:
        """Play's two lines: "Play" (or "Watch", with no "You"), and the match: "2 players, Briscola, Intermediate"."""
        game = self.quick
        computers = [spec for spec in game.seats if spec != HUMAN]
        levels = list(
            dict.fromkeys(_("bot") if spec.startswith("external:") else level_label(spec) for spec in computers)
        )
        players = game.rules.players
        what = ngettext("{count} player, {rules}, {levels}", "{count} players, {rules}, {levels}", players).format(
            count=players,
            rules=preset_label(game.preset),
            levels=levels[0] if len(levels) == 1 else _("mixed levels"),
        )
        return (_("Watch") if game.watched else _("Play")), what

    def play_help(self) -> str:
        """The line under Play: whose choices it plays with, and where to change them."""
        if self.quick.remembered:
            return _("Start at once, set up as your last new game; New game changes it.")
        return _("Start the default game at once; New game sets up your own.")

    @property
    def problems(self) -> list[Problem]:
        """What the player should know: a save that couldn't be read, then what is wrong with the settings files."""
        return [*self.save_problems, *self.quick_problems, *self.app.settings_problems]

    @property
    def notices(self) -> list[str]:
        """Each problem in full, in the current language (what the notices scene shows, and stderr showed)."""
        return [problem.message() for problem in self.problems]

    def update(self, dt: float) -> None:
        """Labels again in the current language (the settings scene may have just changed it)."""
        self.title = _("Briscola")
        self.fan_deck = self._chosen_deck(self.app)
        self.quick = self._quick_game(self.app)
        self.rebuild()

    def back(self) -> None:
        """Esc on the title does nothing: quitting is a choice, not a slip of the finger."""
        return None

    def process_event(self, event: pygame.event.Event) -> None:
        """The menu's keys, and D or a click on the notices panel for the problems in full."""
        asked = (event.type == pygame.KEYDOWN and event.key == pygame.K_d) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.notices_rect().collidepoint(event.pos)
        )
        if asked and self.problems:
            self.details()
        else:
            super().process_event(event)

    # ------------------------------------------------------------------------------------------------ geometry

    @property
    def _help_top(self) -> int:
        """The top of the focused row's help line, which nothing may cover."""
        h = self.size[1]
        return h - h // 11 - max(14, max(40, h // 14) // 2) // 2 - h // 60

    @property
    def _menu_top(self) -> int:
        """The top of the first row: a little higher, under a smaller fan of aces, when the rows squeezed to their
        least would leave the two-line rows no room for their second line (ten rows in a small window)."""
        h = self.size[1]
        top = round(h * _MENU_TOP)
        rows, tall = len(self.rows), self._tall_rows(0, len(self.rows))
        least = _span(rows, tall, _LEAST_STEP, _LEAST_HEIGHT, round(_LEAST_STEP * _TALL))
        short = least - (self._help_top - top - h // 60)
        return top - min(max(0, short), round(h * _LIFT))

    def _rows_geometry(self) -> tuple[int, int, int]:
        """The rows' height, the step from one to the next, and how much taller a two-line row (Play, Continue) is:
        smaller when there are more rows than room, the two-line rows' extra first (never past the help line)."""
        h = self.size[1]
        height = max(40, h // 14)
        step = height + height // 3
        rows = max(1, len(self.rows))
        tall = self._tall_rows(0, len(self.rows))
        count = rows + _TALL * tall
        room = self._help_top - self._menu_top - h // 60
        if count * step - height // 3 > room:
            step = max(_LEAST_STEP, int(room / (count - 0.25)))
            height = max(_LEAST_HEIGHT, round(step * 0.78))
        extra = round(step * _TALL)
        if tall and _span(rows, tall, step, height, extra) > room:
            extra = max(0, (room - _span(rows, 0, step, height, 0)) // tall)
        return height, step, extra

    def _tall_rows(self, start: int, stop: int) -> int:
        """How many of the rows from ``start`` to ``stop`` (not included) say what they start in two lines."""
        return sum(1 for row in self.rows[max(0, start) : stop] if row.key in self.headings)

    def row_rect(self, index: int) -> pygame.Rect:
        w = self.size[0]
        height, step, extra = self._rows_geometry()
        width = max(300, w // 3)
        centre = w / 2
        if self.problems:  # the menu on the left, the notices beside it
            width = min(width, round(w * 0.4))
            centre = w * 0.06 + width / 2
        top = self._menu_top + (index - self.scroll) * step + extra * self._tall_rows(self.scroll, index)
        if 0 <= index < len(self.rows) and self.rows[index].key in self.headings:
            height += extra  # two lines: the word to choose, and under it the match it starts
        return pygame.Rect(round(centre - width / 2), round(top), width, height)

    @property
    def row_height(self) -> int:
        return self._rows_geometry()[0]

    def draw_row(self, surface: pygame.Surface, index: int, text: int) -> None:
        """A row as every menu draws it, its text made smaller when it is too long for the row (never cut).

        Continue and Play say what they start in two lines: the word to choose, and under it, smaller, the match
        (its preset and where it resumes, or who plays which rules), since the whole would be too small in one line.
        """
        rect, row = self.row_rect(index), self.rows[index]
        room = rect.width - max(16, rect.height // 2)
        focused = index == self.focus
        parts = self.headings.get(row.key)
        if parts is None:
            while text > 12 and text_surface(row.label, text, bold=focused).get_width() > room:
                text -= 1
            super().draw_row(surface, index, text)
            return
        pygame.draw.rect(surface, COLOURS["button_hot" if focused else "button"], rect, border_radius=8)
        if focused:
            draw_focus(surface, rect)
        head, detail = parts
        big, small = max(12, round(rect.height * 0.4)), max(12, round(rect.height * 0.27))
        while small > 11 and text_surface(detail, small).get_width() > room:
            small -= 1
        gap = (rect.height - big - small) / 3
        draw_text(surface, head, big, (rect.centerx, rect.y + gap + big / 2), bold=focused)
        draw_text(surface, detail, small, (rect.centerx, rect.bottom - gap - small / 2), COLOURS["gold"])

    def notices_rect(self) -> pygame.Rect:
        """The panel of the notices: right of the menu, from the menu's top to the help line."""
        w, h = self.size
        left = self.row_rect(0).right + w // 30 if self.rows else w // 2
        top = self._menu_top
        return pygame.Rect(left, top, w - w // 30 - left, self._help_top - top - h // 60)

    # ------------------------------------------------------------------------------------------------ scenes

    def details(self) -> None:
        """The notices scene: every problem in full."""
        self.app.navigator.open_notices(lambda: self.problems)

    def continue_match(self) -> None:
        if self.continued is not None:
            self.app.navigator.continue_match(self.continued)

    def play(self) -> None:
        """Start the match Play names (asking first if it would replace a saved match)."""
        game = self.quick

        def start() -> None:
            self.app.navigator.start_match(game.rules, game.seats, game.seed or new_seed(), game.preset)

        start_new_match(self.app, start)

    def new_game(self) -> None:
        self.app.navigator.open_new_game()

    def settings(self) -> None:
        self.app.navigator.open_settings()

    def sheet(self) -> None:
        self.app.navigator.open_sheet()

    def rules(self) -> None:
        self.app.navigator.open_rules(self.app.settings_store().settings.game.preset)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = self.size
        draw_text(
            surface,
            _("The Italian card game, for 2 to 6 players"),
            max(16, h // 36),
            (w / 2, h * 0.145),
            COLOURS["muted"],
        )
        self._draw_fan(surface)
        self._draw_notices(surface)

    def _wrapped_notices(self, size: int, width: int) -> list[list[str]]:
        """Each problem's short line wrapped to ``width`` (kept while the problems, size and language stay)."""
        summaries = [problem.summary() for problem in self.problems]
        key = (size, width, *summaries)
        if self._wrapped is None or self._wrapped[0] != key:
            self._wrapped = (key, [wrap_words(summary, size, width) for summary in summaries])
        return self._wrapped[1]

    def _draw_notices(self, surface: pygame.Surface) -> None:
        """The problems on a dark panel beside the menu: a heading, then a short line for each, in light text.

        A problem is shown whole or not at all: when they don't all fit, the last line says how many more there
        are and how to read them (the notices scene has every one in full). The text shrinks a little before
        anything is left out, never below a readable size.
        """
        problems = self.problems
        if not problems:
            return
        panel = self.notices_rect()
        h = self.size[1]
        size = max(15, h // 40)
        pad = max(8, size * 2 // 3)
        heading = ngettext("A problem was found:", "{count} problems were found:", len(problems)).format(
            count=len(problems)
        )
        footer = _("D or “Problem details”: each one in full.")
        while True:
            step = size + max(4, size // 3)
            width = panel.width - 2 * pad - size
            blocks = self._wrapped_notices(size, width)
            room = panel.height - 2 * pad - 2 * step  # below the heading, above the footer
            used, shown = 0, 0
            for block in blocks:
                height = len(block) * step + (step // 2 if shown else 0)
                more = step + step // 2 if shown < len(blocks) - 1 else 0  # the line saying how many are left out
                if used + height + more > room:
                    break
                used += height
                shown += 1
            if shown == len(blocks) or size <= 13:
                break
            size -= 1
        draw_panel(surface, panel, alpha=235)
        x, y = panel.x + pad, panel.y + pad
        draw_text(surface, heading, size, (x, y), COLOURS["gold"], anchor="topleft", bold=True)
        y += step
        for index, block in enumerate(blocks[:shown]):
            if index:
                y += step // 2
            pygame.draw.circle(surface, COLOURS["gold"], (x + size // 3, y + size // 2), max(2, size // 5))
            for line in block:
                draw_text(surface, line, size, (x + size, y), COLOURS["text"], anchor="topleft")
                y += step
        if shown < len(blocks):
            left = len(blocks) - shown
            rest = ngettext("…and {count} more.", "…and {count} more.", left).format(count=left)
            draw_text(surface, rest, size, (x, y + step // 2), COLOURS["text"], anchor="topleft")
        draw_text(surface, footer, size, (x, panel.bottom - pad - step), COLOURS["muted"], anchor="topleft")

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """Three aces fanned under the title, from the chosen deck.

        Each is rasterised from its SVG at the size it is drawn and turned with filtering (the deck's ``rotated``,
        as the table turns its cards), so its edges and index are sharp rather than stair-stepped.
        """
        from briscola.engine.cards import ALL_CARDS, Rank, Suit

        deck = self.fan_deck
        w, h = self.size
        lift = round(h * _MENU_TOP) - self._menu_top  # the menu moved up: the fan is that much smaller, as far below
        height = h // 7 - lift
        centre = round(h * 0.265) - lift // 2
        for n, suit in enumerate((Suit.DENARI, Suit.COPPE, Suit.SPADE)):
            image = deck.rotated(ALL_CARDS[suit * 10 + Rank.ACE], (round(height * 0.6), height), 12 - n * 12)
            rect = image.get_rect(center=(round(w / 2 + (n - 1) * height * 0.45), centre))
            surface.blit(image, rect)
