"""The first scene: new game, continue the saved match (only when there is one), settings, rules, quit.

The autosave is looked at each time the title is shown, so a match left from the pause menu can be continued at
once; a save that can't be read is moved aside by the store and its notice is shown here, never stopping the game.
So are the problems found in the settings files at startup (each naming the file, the key and why, as on stderr),
for a player who started the game without a terminal; one goes away once that setting is chosen in the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from briscola.i18n import _
from briscola.ui.menu_widgets import MenuScene, Row, action, wrap
from briscola.ui.widgets import COLOURS, draw_text

if TYPE_CHECKING:
    from briscola.store import Continued
    from briscola.ui.app import App

__all__ = ["TitleScene"]


class TitleScene(MenuScene):
    """Briscola's title and main menu."""

    column = 1.0

    def __init__(self, app: App) -> None:
        from briscola.store import autosave

        self.continued: Continued | None
        self.continued, problems = autosave.load()
        self.save_notices = [problem.message() for problem in problems]
        super().__init__(app)
        self.title = _("Briscola")

    def build(self) -> list[Row]:
        rows = []
        if self.continued is not None:
            game = self.continued.game
            what = _("Continue: {preset}, trick {n}").format(preset=self.continued.config.preset, n=game.tricks_played)
            rows.append(action(what, self.continue_match, help=_("Go on with the match in progress."), key="continue"))
        rows += [
            action(_("New game"), self.new_game, help=_("Choose the players, the rules and the deck."), key="new"),
            action(_("Settings"), self.settings, help=_("Deck, table, language, speed, sound."), key="settings"),
            action(
                _("Rules"), self.rules, help=_("How to play, preset by preset, and the words of the game."), key="rules"
            ),
            action(_("Quit"), self.app.quit, help=_("Close the game (a match in progress is saved)."), key="quit"),
        ]
        return rows

    @property
    def notices(self) -> list[str]:
        """What the player should know: a save that couldn't be read, then what was wrong with the settings files."""
        return [*self.save_notices, *(problem.message() for problem in self.app.settings_problems)]

    def update(self, dt: float) -> None:
        """Labels again in the current language (the settings scene may have just changed it)."""
        self.title = _("Briscola")
        self.rebuild()

    def back(self) -> None:
        """Esc on the title does nothing: quitting is a choice, not a slip of the finger."""
        return None

    def row_rect(self, index: int) -> pygame.Rect:
        w, h = self.size
        height = max(40, h // 14)
        width = max(300, w // 3)
        top = h * 0.36 + (index - self.scroll) * (height + height // 3)
        return pygame.Rect(round(w / 2 - width / 2), round(top), width, height)

    @property
    def row_height(self) -> int:
        return max(40, self.size[1] // 14)

    def continue_match(self) -> None:
        from briscola.ui.menu_start import continue_match

        if self.continued is not None:
            continue_match(self.app, self.continued)

    def new_game(self) -> None:
        from briscola.ui.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def settings(self) -> None:
        from briscola.ui.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        from briscola.ui.menu_start import store_of
        from briscola.ui.rules_scene import RulesBookScene

        self.app.push(RulesBookScene(self.app, store_of(self.app).settings.game.preset))

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

    def _draw_notices(self, surface: pygame.Surface) -> None:
        """The notices in red between the menu and its help line, each wrapped to the window's width.

        As many lines as fit are shown; if some notices don't fit, the last line says how many are left out (the
        terminal has them all).
        """
        notices = self.notices
        if not notices:
            return
        w, h = self.size
        size = max(12, h // 50)
        step = max(size + 3, h // 40)
        top = self.row_rect(len(self.rows) - 1).bottom + h // 80
        bottom = h - h // 11 - max(14, self.row_height // 2)  # the focused row's help line
        most = max(1, (bottom - top) // step)
        lines: list[str] = []
        shown = 0
        for notice in notices:
            wrapped = wrap(notice, size, round(w * 0.9))
            room = most - len(lines) - (1 if shown < len(notices) - 1 else 0)  # a line for "more" if others follow
            if lines and len(wrapped) > room:
                break
            lines += wrapped[: max(1, room)]  # a notice too long for the room is cut: the terminal has it whole
            shown += 1
        if shown < len(notices):
            more = _("…and {count} more (printed in full when the game is started from a terminal).")
            lines.append(more.format(count=len(notices) - shown))
        for n, line in enumerate(lines):
            draw_text(surface, line, size, (w / 2, top + n * step), COLOURS["red"], anchor="midtop")

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """Three aces fanned under the title, from the chosen deck."""
        from briscola.engine.cards import ALL_CARDS, Rank, Suit
        from briscola.ui.menu_start import deck_images, store_of

        deck = deck_images(store_of(self.app).settings.display.deck)
        w, h = self.size
        height = h // 7
        for n, suit in enumerate((Suit.DENARI, Suit.COPPE, Suit.SPADE)):
            image = deck.face(ALL_CARDS[suit * 10 + Rank.ACE], (round(height * 0.6), height))
            image = pygame.transform.rotate(image, 12 - n * 12)
            rect = image.get_rect(center=(round(w / 2 + (n - 1) * height * 0.45), round(h * 0.265)))
            surface.blit(image, rect)
