"""Starting a new match from the menus while one is saved: the saved match in words, and the question asked first.

Only one match is saved (the autosave), and a new match replaces it as it starts. So the title's "Play" and New
game's "Start" both ask before they deal, whenever a saved match exists: "Start a new match? The saved match
(Briscola, after 3 tricks) will be lost.", with Cancel chosen, so Enter held down a moment too long loses nothing.
The same words name the saved match on the title's Continue row. Kept apart from the scenes that use it, since a
scene never imports a sibling scene; the question itself is a scene asked of the navigator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from briscola.text.i18n import _, ngettext
from briscola.text.presets import preset_label

if TYPE_CHECKING:
    from briscola.store import Continued
    from briscola.ui.app import App

__all__ = ["continue_label", "new_seed", "saved_match_words", "start_new_match"]


def saved_match_words(continued: Continued) -> str:
    """The saved match in a few words: its rules and where it resumes ("Briscola, after 3 tricks").

    The tricks are the hand's (the engine counts them per hand), so a later hand of a match says which hand it is.
    """
    name = preset_label(continued.config.preset)
    game = continued.game
    tricks, hand = game.tricks_played, max(1, game.hand_no)
    if hand == 1 and not tricks:  # saved as it started
        return _("{preset}, from the start").format(preset=name)
    if hand == 1:
        return ngettext("{preset}, after {n} trick", "{preset}, after {n} tricks", tricks).format(preset=name, n=tricks)
    if not tricks:
        return _("{preset}, hand {hand}, from its start").format(preset=name, hand=hand)
    return ngettext("{preset}, hand {hand}, after {n} trick", "{preset}, hand {hand}, after {n} tricks", tricks).format(
        preset=name, hand=hand, n=tricks
    )


def continue_label(continued: Continued) -> str:
    """The title's Continue row: "Continue: Briscola, after 1 trick"."""
    return _("Continue: {match}").format(match=saved_match_words(continued))


def new_seed() -> int:
    """A seed for a match whose seed was left random: a new deal every time."""
    return random.SystemRandom().randrange(1, 1_000_000)


def start_new_match(app: App, start: Callable[[], None]) -> None:
    """Run ``start`` (which deals a new match) at once if no match is saved, else only once the player confirms.

    The save is looked at now, not when the scene was made: the one that matters is the one the new match replaces.
    Cancelling leaves it as it was.
    """
    from briscola.store import autosave

    continued, _problems = autosave.load()
    if continued is None:
        start()
        return
    detail = _("The saved match ({match}) will be lost.").format(match=saved_match_words(continued))
    app.navigator.confirm(_("Start a new match?"), detail, _("Start new match"), start)
