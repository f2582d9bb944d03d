"""The navigation seam: how a scene asks for another scene without knowing it.

Scenes never import their sibling scenes (the title doesn't import the settings scene, the table doesn't import the
pause menu): each asks the app's :class:`Navigator` (``app.navigator``) for the screen it wants, by what it is for.
One module, :mod:`briscola.ui.launcher`, implements it and is the only one that knows every scene, so the scenes'
imports go one way and a new scene is added in one place. The table-side requests (pause, last trick, results) are
about the match in play, which the launcher started and knows, so they carry no table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from briscola.engine import Ruleset
    from briscola.engine.events import HandOver
    from briscola.engine.record import GameRecord
    from briscola.sheet.model import SheetRules
    from briscola.store import Continued, Problem
    from briscola.store.school_progress import SchoolKeeper

__all__ = ["Navigator"]


class Navigator(Protocol):
    """Where a scene can send the player."""

    def open_title(self) -> None:
        """Replace every scene by the title and its menu (a match left there stays saved)."""

    def open_new_game(self) -> None:
        """The new-game scene over the current one."""

    def open_settings(self) -> None:
        """The settings scene over the current one."""

    def open_profile(self) -> None:
        """Who is playing: the profiles to choose from, and a new name to type, over the current scene."""

    def open_sheet(self) -> None:
        """The score sheets: a new one, and every kept one to reopen or delete, over the current scene."""

    def new_sheet(self) -> None:
        """The form of a new score sheet (players, names, rules) over the current scene."""

    def start_sheet(self, rules: SheetRules, title: str) -> None:
        """Replace the new sheet's form by the sheet it describes, kept in the history when there is one."""

    def reopen_sheet(self, sheet_id: int) -> None:
        """The kept sheet ``sheet_id`` over the current scene, to go on filling it in (refused in the notices when
        it can't be read)."""

    def open_school(self) -> None:
        """The school (the lessons with the player's progress, and the puzzles) over the current scene."""

    def open_lesson(self, key: str, keeper: SchoolKeeper) -> None:
        """The lesson ``key`` over the school, saving its answers through ``keeper``."""

    def open_puzzles(self, keeper: SchoolKeeper, *, daily: bool) -> None:
        """The puzzle of the day (``daily``) or the rated puzzles over the school, rated through ``keeper``."""

    def open_rules(self, preset: str = "classic", *, rules: Ruleset | None = None) -> None:
        """The rules book, at ``preset`` (or at the match's own ``rules``, listed first)."""

    def open_notices(self, problems: Callable[[], list[Problem]]) -> None:
        """Every problem of ``problems()`` in full (asked afresh each frame: they may go meanwhile)."""

    def open_stats(self) -> None:
        """The statistics scene (the history's figures, charts and the player's rating) over the current one."""

    def confirm(self, question: str, detail: str, action: str, on_confirm: Callable[[], None]) -> None:
        """Ask ``question`` (``detail`` under it) over the current scene, Cancel focused; ``action`` runs
        ``on_confirm``."""

    def start_match(self, rules: Ruleset, specs: tuple[str, ...], seed: int, preset: str) -> None:
        """Replace every scene by a table for ``rules`` with ``specs`` seated."""

    def continue_match(self, continued: Continued) -> None:
        """Replace every scene by the saved match, replayed to where it was saved."""

    def pause(self) -> None:
        """The pause menu over the table in play."""

    def show_last_trick(self) -> None:
        """The last trick taken at the table in play."""

    def show_hand_result(self, event: HandOver) -> None:
        """The results of the hand that just ended at the table in play."""

    def show_match_summary(self) -> None:
        """The summary of the match that just ended at the table in play."""

    def review_hand(self, record: GameRecord, hand: int, seat: int, *, history_id: int | None = None) -> None:
        """The coach's review of ``seat``'s decisions in hand ``hand`` (from 1) of ``record`` over the table in play
        or the replay shown; opened again for the same hand, it goes on from what was done (or shows it at once).
        ``history_id``: the match's row in the history, where the hand's accuracy is kept once the review is done."""

    def open_replay(self, record: GameRecord, *, title: str = "", history_id: int | None = None) -> None:
        """The replay viewer of ``record`` over the current scene (Esc comes back to it), ``title`` naming the match
        in its corner; a record that can't be replayed is refused with the reason, and nothing of it is shown.
        ``history_id``: the match's row in the history, where a hand's review made in the viewer is kept."""
