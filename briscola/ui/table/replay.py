"""The replay viewer: a recorded match on the very table of live play, stepped a move at a time or played along.

It is the table scene in a replay mode: the same layout, decks, sprites, choreography, name plates and drawing, fed by
a :class:`~briscola.match.replay.Replay` (the engine's own states, pygame-free) instead of a live match. The match
driver under it only holds the game at the position shown (nobody thinks, nothing is saved, no bot starts), so the
parts that read the table through its protocol see a match as they always do.

A step forward is animated as live play is (the card flies to the trick, the trick is gathered, the draws come in,
the deal goes round), from the events of that one action. A step back, a jump to a trick or a hand, and a change of
whose cards are shown set the table at once: it is emptied and the events of the hand so far are laid down with no
time, no sound and no messages, so whatever was shown before, the picture is that of the position. Whose cards:
every hand open (the events as the engine made them), or exactly what one seat was shown (the engine's filter, the
seat drawn at the bottom). Autoplay steps on by itself at a pace of a quarter to four times the normal one.

Keys: Right or Space a move on, Left or Backspace a move back, Page Down / Page Up a trick, H / Shift+H a hand, Home and
End, A autoplay, + and - its pace, V (Shift+V back) whose cards, L the last trick, R the coach's review of the hand on
screen, Esc back to where the replay was opened (the window closes when it was opened from the command line). The bar
under the table (:mod:`briscola.ui.table.replay_bar`) has a button for each, and says where the replay is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from briscola.engine.events import HandOver
from briscola.engine.record import SeatKind
from briscola.match.driver import MatchDriver, SeatConfig
from briscola.match.replay import Replay, seen
from briscola.match.worker import InlineThinker
from briscola.text.i18n import _
from briscola.ui.core.layout import TableLayout
from briscola.ui.scene import STILL
from briscola.ui.table.controller import MatchController
from briscola.ui.table.draw import draw_table
from briscola.ui.table.replay_bar import RATES, Bar, bar_height, draw_bar, make_bar
from briscola.ui.table.scene import TOAST_FADE, TableScene

if TYPE_CHECKING:
    from briscola.ui.app import App
    from briscola.ui.assets.cards import DeckImages

__all__ = ["ReplayScene"]

#: Seconds between two moves of the autoplay at its normal pace, once the last move's animation is over.
AUTOPLAY_PAUSE: Final = 0.45


def _seats(replay: Replay) -> tuple[list[SeatConfig], int]:
    """The record's seats for the table's plates, and the seat drawn at the bottom with every hand open.

    The first person's seat is the one at the bottom (the player whose match it was); it is the driver's "human", so
    its plate has no room for thinking dots. A computer's plate shows its level; a bot's its recorded name.
    """
    record = replay.record
    people = [seat for seat, info in enumerate(record.seats) if info.kind is SeatKind.HUMAN]
    home = people[0] if people else 0
    seats = []
    for seat, info in enumerate(record.seats):
        if seat == home and info.kind is SeatKind.HUMAN:
            seats.append(SeatConfig(info.name, None))
        else:
            label = info.level or ""
            seats.append(SeatConfig(info.name, label or "-", label))
    return seats, home


class ReplayScene(TableScene):
    """A recorded match at the table, stepped through (see the module's docstring)."""

    def __init__(
        self, app: App, replay: Replay, deck: DeckImages, *, title: str = "", history_id: int | None = None
    ) -> None:
        self.replay = replay
        self.title = title
        self.history_id = history_id
        """The match's row in the history (opened from the statistics), where a hand's review is kept; None for a
        record from a file."""
        seats, self.home = _seats(replay)
        self.seat: int | None = None
        """Whose view is shown: None for every hand open, else that seat's (drawn at the bottom)."""
        record = replay.record
        driver = MatchDriver(record.rules, record.seed, seats, InlineThinker(record.seed), viewer=self.home)
        self._names = [info.name for info in record.seats]
        self.playing = False
        """Autoplay is on: a move every :data:`AUTOPLAY_PAUSE` seconds (by the pace) once the table is still."""
        self.rate_index = RATES.index(1.0)
        self._wait = 0.0
        self._hot: tuple[int, int] | None = None
        self._size = app.size
        super().__init__(app, MatchController(driver), deck)
        self.choreo.you = None  # the players are told by their names, as a spectator reads them
        self.bar: Bar = self._make_bar()
        self.go_to(min(1, replay.total))

    # ------------------------------------------------------------------------------------------------ the table

    @property
    def names(self) -> list[str]:
        """The recorded names of the seats (never "You": whoever watches may not be who played)."""
        return self._names

    @property
    def keys_hint(self) -> str:
        title = _("Replay: {title}").format(title=self.title) if self.title else _("Replay")
        return f"{title} · " + _("Esc: back · L: last trick")

    @property
    def interactive(self) -> bool:
        """Nobody moves in a replay: the cards are never offered to play."""
        return False

    @property
    def rate(self) -> float:
        """The autoplay's pace, as a multiple of the normal one."""
        return RATES[self.rate_index]

    def _layout(self, size: tuple[int, int]) -> TableLayout:
        """The table's geometry above the bar, the viewed seat at the bottom; room round every hand held up when
        every hand is open."""
        rules = self.driver.rules
        return TableLayout(
            size[0],
            size[1] - bar_height(size[1]),
            rules.players,
            rules.hand_size,
            bottom=self.driver.viewer,
            shows_hands=True,
        )

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the table laid out again at once (pushing the scene gives it the size it has)."""
        if size == self._size:
            return
        self._size = size
        super().resize(size)
        self._set_table()

    def relabel(self) -> None:
        """The words are made when the bar is laid out and drawn: nothing to remake."""
        self.bar = self._make_bar()

    def _update_buttons(self) -> None:
        self.buttons, self.button_focus = [], None

    def _hand_over(self, event: HandOver) -> None:
        """A hand's end reached by a step: its points said over the table (no results screen: the replay goes on)."""
        if self._instant:
            return
        points = self._points(event)
        self.choreo.toast(lambda: _("End of the hand: {points}").format(points=points), 4.0)

    def _points(self, event: HandOver, between: str = "  ·  ") -> str:
        """Each side of the hand ``event`` ended, by its players' names, with its points."""
        return between.join(
            f"{' & '.join(self.names[seat] for seat in side)} {score}"
            for side, score in zip(event.result.sides, event.result.side_points, strict=True)
        )

    def _points_here(self) -> str:
        """The points of the hand that ended with the move just shown ("" elsewhere)."""
        position = self.replay.position
        if position == 0 or not self.replay.place().hand_over:
            return ""
        ended = next((event for event in self.replay.moves[position - 1].events if isinstance(event, HandOver)), None)
        return "" if ended is None else self._points(ended, ", ")

    # ------------------------------------------------------------------------------------------------ moving

    def _set_table(self) -> None:
        """Lay the table out at the replay's position at once: the events of its hand so far, in no time."""
        replay = self.replay
        start = replay.hand_start()
        self.lay_table(replay.events_between(max(0, start - 1), replay.position, self.seat))
        self.state.match_scores = ()
        if replay.position == 0:
            self.state.hand_no = 0
            self.state.dealer = -1
        self._follow_game()

    def _follow_game(self) -> None:
        """The driver holds the position's game, and the table's view and score follow it."""
        self.driver.game = self.replay.game
        self._view = self.controller.view()
        self.state.follow_scores(self.driver.game.phase, self.driver.game.match_scores)
        self.bar = self._make_bar()

    def go_to(self, position: int) -> None:
        """Show ``position`` at once (a jump, or a step back)."""
        self.replay.go_to(position)
        self._set_table()

    def forward(self) -> bool:
        """One move on, animated as at the table; False at the end."""
        with self._no_time():
            self._settle()  # a step asked before the last one is over: that one lands at once
        move = self.replay.forward()
        if move is None:
            return False
        self.choreo.feed(seen(move.events, self.seat))
        self.choreo.update(0.0)
        self._follow_game()
        return True

    def command(self, name: str) -> None:
        """Do what the bar's button ``name`` (or its key) does."""
        replay = self.replay
        if name in ("play", "pause"):
            self.playing = not self.playing and replay.position < replay.total
            self._wait = 0.0
            self.bar = self._make_bar()
            return
        if name in ("slower", "faster"):
            step = 1 if name == "faster" else -1
            self.rate_index = max(0, min(len(RATES) - 1, self.rate_index + step))
            self.choreo.speed = self._choreo_speed()
            self.bar = self._make_bar()
            return
        if name == "close":
            self.leave()
            return
        if name == "review":
            self.review()
            return
        self.playing = False
        if name == "view":
            self.cycle_view(1)
        elif name == "forward":
            self.forward()
        elif name == "back":
            self.go_to(replay.position - 1)
        else:
            targets: dict[str, Callable[[], int]] = {
                "trick+": replay.next_trick,
                "trick-": replay.previous_trick,
                "hand+": replay.next_hand,
                "hand-": replay.previous_hand,
                "home": lambda: 0,
                "end": lambda: replay.total,
            }
            self.go_to(targets[name]())
        self.bar = self._make_bar()

    def cycle_view(self, step: int) -> None:
        """Every hand open, then each seat's own view in turn (``step`` 1), or the other way round (-1)."""
        order: list[int | None] = [None, *range(self.driver.rules.players)]
        self.seat = order[(order.index(self.seat) + step) % len(order)]
        self.driver.viewer = self.home if self.seat is None else self.seat
        self.state.viewer = self.driver.viewer
        self.layout = self._layout(self.app.size)
        self.state.layout = self.layout
        self._set_table()

    def view_label(self) -> str:
        """The view button's words: every hand, or whose view."""
        if self.seat is None:
            return _("All hands")
        return _("{name} sees").format(name=self.names[self.seat])

    def review(self) -> None:
        """The coach's review of the hand on screen, from the record's player's seat (the first person's; seat 0 in a
        match of programs alone)."""
        place = self.replay.place()
        if place.hand == 0:
            self.choreo.toast(lambda: _("No hand dealt yet: nothing to review."), 3.0)
            return
        self.playing = False
        self.app.navigator.review_hand(self.replay.record, place.hand, self.home, history_id=self.history_id)

    def leave(self) -> None:
        """Back to where the replay was opened: the scene under it, or (opened alone) the end of the app."""
        self.close()
        if len(self.app.scenes) > 1:
            self.app.pop(self)
        else:
            self.app.quit()

    def _choreo_speed(self) -> float:
        return self.config.speed_factor / self.rate

    def _make_bar(self) -> Bar:
        replay = self.replay
        return make_bar(
            self.app.size,
            replay.place(),
            playing=self.playing,
            rate=self.rate,
            view_label=self.view_label(),
            hot=self._hot,
            can_back=replay.position > 0,
            can_forward=replay.position < replay.total,
            points=self._points_here(),
        )

    # ------------------------------------------------------------------------------------------------ scene API

    def update(self, dt: float) -> None:
        self._follow_settings()
        self.choreo.speed = self._choreo_speed()
        self.clock += dt
        self.choreo.update(dt)
        if self.playing and self.choreo.idle:
            self._wait += dt
            if self._wait >= AUTOPLAY_PAUSE / self.rate:
                self._wait = 0.0
                self.playing = self.forward() and self.replay.position < self.replay.total
                self.bar = self._make_bar()
        self.state.follow_scores(self.driver.game.phase, self.driver.game.match_scores)
        self._update_lifts(dt)

    def wake_in(self) -> float:
        """0 while anything moves or the autoplay runs; else until a message starts to fade, or still."""
        if self.playing or self._lifting or not self.choreo.idle:
            return 0.0
        return max(0.0, min((toast.left - TOAST_FADE for toast in self.state.toasts), default=STILL))

    def picture_key(self) -> tuple[object, ...]:
        return (
            self.replay.position,
            self.seat,
            self.playing,
            self.rate_index,
            tuple(button.hot for button in self.bar.buttons),
            tuple(id(toast) for toast in self.state.toasts),
            self.choreo.idle,
        )

    def process_event(self, event: pygame.event.Event) -> None:
        """The replay's keys, and the bar's buttons under the mouse."""
        if event.type == pygame.KEYDOWN:
            self._key(event.key, bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))
        elif event.type == pygame.MOUSEMOTION:
            self._hot = event.pos
            self.bar = self._make_bar()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            button = next((b for b in self.bar.buttons if b.hit(event.pos)), None)
            if button is not None:
                self.command(str(button.value))

    def _key(self, key: int, shifted: bool) -> None:
        keys = {
            pygame.K_RIGHT: "forward",
            pygame.K_SPACE: "forward",
            pygame.K_LEFT: "back",
            pygame.K_BACKSPACE: "back",
            pygame.K_PAGEDOWN: "trick+",
            pygame.K_PAGEUP: "trick-",
            pygame.K_HOME: "home",
            pygame.K_END: "end",
            pygame.K_a: "play",
            pygame.K_PLUS: "faster",
            pygame.K_EQUALS: "faster",
            pygame.K_KP_PLUS: "faster",
            pygame.K_MINUS: "slower",
            pygame.K_KP_MINUS: "slower",
            pygame.K_ESCAPE: "close",
        }
        if key == pygame.K_h:
            self.command("hand-" if shifted else "hand+")
        elif key == pygame.K_v:
            self.playing = False
            self.cycle_view(-1 if shifted else 1)
        elif key == pygame.K_l:
            self.show_last_trick()
        elif key == pygame.K_r:
            self.command("review")
        elif key in keys:
            self.command(keys[key])

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        table = surface.subsurface(pygame.Rect(0, 0, width, height - self.bar.rect.h))
        draw_table(self, table)
        draw_bar(self.bar, surface)
