"""Who is playing: the profile the human's matches are kept under, chosen from the title or the new-game screen.

People sharing a desktop each keep their own history and statistics: the scene lists the profiles the history knows
(and the one in use), each a row to choose, and a field to type a new name. The choice is the setting
``player.profile``, saved at once and remembered for the next start; a new name becomes a profile of the history
(made on the history's writer thread: no frame waits for the file) and the matches from then on are kept under it.
With the history off the name is still remembered, and recorded once the history is on again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from briscola.text.i18n import _
from briscola.ui.widgets.basic import COLOURS
from briscola.ui.widgets.form import MenuScene
from briscola.ui.widgets.rows import Row, action, text_field

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["ProfileScene", "profile_label"]


def profile_label(app: App) -> str:
    """The title's and new game's row for the profile: "Player: Anna" once a name is chosen; until then the question
    the row answers (a name not yet chosen would read "Player: Player")."""
    if not app.settings_store().settings.player.profile:
        return _("Who is playing?")
    return _("Player: {name}").format(name=app.profile)


#: The profiles listed at most (the most a screen of rows holds beside the field); the one in use always is.
MAX_LISTED = 8


class ProfileScene(MenuScene):
    """Choose your name among the profiles, or type a new one."""

    def __init__(self, app: App) -> None:
        self.typed = ""
        self.notice = ""
        self.names = self._names(app)
        super().__init__(app)
        self.title = _("Who is playing?")
        self.focus = self.names.index(app.profile) if app.profile in self.names else 0

    @staticmethod
    def _names(app: App) -> list[str]:
        """The profiles to offer: the one in use, then the history's, by name."""
        history = app.config.history
        known = [profile.name for profile in history.profiles()] if history is not None else []
        names = sorted(set(known) | {app.profile}, key=str.casefold)
        if len(names) > MAX_LISTED:
            names = sorted([app.profile, *[n for n in names if n != app.profile][: MAX_LISTED - 1]], key=str.casefold)
        return names

    def build(self) -> list[Row]:
        current = self.app.profile
        rows = [
            action(
                _("{name} (playing)").format(name=name) if name == current else name,
                self._chooser(name),
                help=_("Play as {name}: the matches from now on are kept under this name.").format(name=name),
                key=f"profile:{name}",
            )
            for name in self.names
        ]
        rows.append(
            text_field(
                _("New player"),
                self.typed,
                self.set_typed,
                placeholder=_("type a name"),
                help=_("A new name: your own history and statistics, apart from the others'."),
                key="new",
            )
        )
        rows.append(action(_("Play as the new player"), self.add, help=_("Use the name typed above."), key="add"))
        rows.append(action(_("Back"), self.back, help=_("Keep playing as {name}.").format(name=current), key="back"))
        return rows

    def _chooser(self, name: str) -> Callable[[], None]:
        return lambda: self.choose(name)

    def set_typed(self, text: str) -> None:
        self.typed = text
        self.notice = ""

    def add(self) -> None:
        """Play under the name typed (refused, and said, when it can't be one)."""
        from briscola.store.checks import MAX_PROFILE_CHARS

        name = self.typed.strip()
        if not name:
            self.notice = _("Type a name first.")
            return
        if len(name) > MAX_PROFILE_CHARS:
            self.notice = _("A name has at most {count} characters.").format(count=MAX_PROFILE_CHARS)
            return
        self.choose(name)

    def choose(self, name: str) -> None:
        """Play as ``name`` from now on: remembered in the settings, made a profile of the history, and back."""
        store = self.app.settings_store()
        problems = store.change({"player.profile": name})
        if problems and store.settings.player.profile_name() != name:
            self.notice = problems[0].summary()
            return
        writer = self.app.history_writer()
        if writer is not None:
            writer.submit(lambda history: history.profile(name))
        self.app.pop(self)

    def draw_side(self, surface: pygame.Surface) -> None:
        """Beside the rows: what a profile is for, and (in gold) why the name typed was refused."""
        step = self.side_column()[3]
        about = _("Each name keeps its own matches and statistics: people sharing this computer keep theirs apart.")
        y = self.side_paragraph(surface, about, self.rows_top, COLOURS["muted"])
        if self.notice:  # half a line apart from the paragraph, then a line a step, like it
            self.side_paragraph(surface, self.notice, y + step // 2, COLOURS["gold"], bold=True)
