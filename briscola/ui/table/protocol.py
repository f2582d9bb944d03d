"""What the table's drawing, name plates and input see of the table scene: the :class:`Table` protocol.

:mod:`briscola.ui.table.draw`, :mod:`briscola.ui.table.plates` and :mod:`briscola.ui.table.controls` are the scene's
parts, and the scene imports them; typing them against this protocol rather than against
:class:`~briscola.ui.table.scene.TableScene` keeps the imports one way (scene -> parts -> protocol), and says in one
place what the parts rely on. Everything here that the drawing reads is prepared in the scene's ``update``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from briscola.engine import Action
    from briscola.engine.views import PlayerView
    from briscola.match.driver import MatchDriver
    from briscola.ui.app import App, AppConfig
    from briscola.ui.core.counting import Count
    from briscola.ui.core.layout import TableLayout
    from briscola.ui.table.choreography import Choreographer
    from briscola.ui.table.sprites import CardRenderer, CardSprite
    from briscola.ui.table.state import CoachMarks, TableState
    from briscola.ui.widgets.basic import Button

__all__ = ["Table"]


class Table(Protocol):
    """The table scene as its parts see it."""

    app: App
    config: AppConfig
    layout: TableLayout
    state: TableState
    renderer: CardRenderer
    choreo: Choreographer
    clock: float
    """Seconds the table has run (the thinking dots' pace)."""
    hover: CardSprite | None
    """The human's card under the mouse."""
    selected: int
    """The index of the human's chosen card in their hand (-1: none)."""
    pressed: tuple[CardSprite, tuple[int, int], tuple[float, float]] | None
    """The card held by the mouse: the sprite, where it was pressed, and the grip within the card."""
    buttons: list[Button]
    coach_marks: CoachMarks
    """The hint and the grade badges as shown now (:mod:`briscola.ui.table.coach_marks`)."""
    button_focus: int | None
    """The action button Enter presses, once Tab or Up/Down gave one the focus (None: none has it)."""
    counting: Count | None
    """The counting aid's numbers (made in ``update``), None while the aid is off or not allowed."""

    @property
    def driver(self) -> MatchDriver:
        """The match: its engine, its seats."""

    @property
    def names(self) -> list[str]:
        """The seats' names as shown now, in the language in use ("You" for the human)."""

    @property
    def keys_hint(self) -> str:
        """The line of keys at the top right, in the language in use ("Esc: menu · L: last trick")."""

    @property
    def view(self) -> PlayerView:
        """What the viewing seat may know now (made in ``update``, once per change of the game)."""

    @property
    def interactive(self) -> bool:
        """True when the human may move now."""

    @property
    def awaiting_confirmation(self) -> bool:
        """True when a chosen card waits for a second click or Enter."""

    @property
    def confirm_play(self) -> bool:
        """True when a card is played only on a second click or key."""

    @property
    def running_points(self) -> bool:
        """True when each side's points are shown as tricks are taken."""

    @property
    def waiting_on(self) -> int | None:
        """The seat the table has waited on long enough to say so, if any."""

    @property
    def thinking_seconds(self) -> int | None:
        """The whole seconds the thinking seat has been waited on, once long enough to count them on its plate."""

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt for a window of ``size``."""

    def play(self, sprite: CardSprite) -> bool:
        """Play ``sprite``'s card if the rules allow; True when the move was taken."""

    def submit(self, action: Action) -> bool:
        """Hand ``action`` to the match; True when it was taken."""

    def action_label(self, action: Action) -> str:
        """A move in the table's words: a card by its name, another move as its button says it."""

    def hint(self) -> None:
        """H or the Hint button: the coach's hint, or where hints are turned on."""

    def turn_bid_page(self, step: int) -> None:
        """Show the next (1) or the previous (-1) page of bids."""

    def show_last_trick(self) -> None:
        """Show the last trick taken."""

    def pause(self) -> None:
        """Open the pause menu."""

    def take_back(self) -> None:
        """Take back the human's last move (U, Ctrl+Z, the "Take back" button), or say why not."""
