"""The table scene: a match in the window, from the shuffle to the last trick, driven by the engine's events.

The scene animates; it does not run the match. The match flow (the driver, the hands done, a result pending, the demo's
policy, the autosave at a match's end, a new match's seed) belongs to the
:class:`~briscola.ui.table.controller.MatchController`, which the scene calls and obeys. The scene owns the table state
(sprites), the choreographer (events to animations) and the state of the human's input (the chosen card, the one held,
the action buttons), which :mod:`briscola.ui.table.controls` turns clicks, drags and keys into. Input counts only while
nothing animates and the human is to move, so a card can't be played twice. The controller is asked for more events only
once the table is idle: the screen never lags the rules. The picture is drawn by :mod:`briscola.ui.table.draw` from what
``update`` prepared (the viewer's view of the game is made once per change of the game). Other screens (the pause menu,
the results, the last trick) are asked of the app's navigator (:mod:`briscola.ui.navigation`), never imported.

The player's display settings are read from the app's settings store as the table runs, so a change shows at once:
the card back, the cloth, a sorted hand (keys follow the order on screen), confirming a card before it is played
(a first click, key or drop on the table lifts it, a second plays it; Esc or a right click puts it back), the
running points and the counting aid (:mod:`briscola.ui.table.counting_aid`). A move taken back in practice
(:meth:`TableScene.take_back`) is the controller's to do; the scene then lays the table from the game at once
(:meth:`TableScene.lay_table`, the replay viewer's jumps too). The player's seat is drawn at the bottom whichever seat
it is (:attr:`TableLayout.bottom`), and the player's own bids, calls and declarations are told to them in the second
person (:mod:`briscola.ui.table.messages`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

import pygame

from briscola.engine import Action, Ask, Bid, Call, ChooseTrump, DeckFamily, Declare, Meld, Pass, Play, Signal, Swap
from briscola.engine.events import Event, HandOver
from briscola.engine.views import PlayerView
from briscola.match.driver import MatchDriver, TakenBack
from briscola.match.replay import seen
from briscola.store import DisplaySettings, counting_aid_shown, running_points_shown
from briscola.text.bids import held_note
from briscola.text.i18n import N_, _
from briscola.text.names import bid_label, card_label, suit_label
from briscola.ui.assets.cards import DeckImages, chosen_back
from briscola.ui.core.action_pages import PageTurn, action_page
from briscola.ui.core.counting import Count, count_view
from briscola.ui.core.layout import TableLayout
from briscola.ui.core.seats import seat_name
from briscola.ui.scene import POLL_SECONDS, STILL
from briscola.ui.table.choreography import Choreographer
from briscola.ui.table.coach_marks import ask_hint, update_coach
from briscola.ui.table.controller import AfterResult, MatchController
from briscola.ui.table.controls import TAKE_BACK, handle_event
from briscola.ui.table.draw import draw_table
from briscola.ui.table.plates import button_rects
from briscola.ui.table.sprites import CardRenderer, CardSprite
from briscola.ui.table.state import CoachMarks, TableState, hands_may_show
from briscola.ui.widgets.basic import COLOURS, Button, move_focus

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["TableScene", "bid_text", "describe_action", "message_seconds"]

#: How long a message of the match driver (a move played for a failing computer or bot, a save that failed) stays over
#: the table. A long one, such as a bot's fault naming its seat and its command, stays longer, to be read to the end.
MESSAGE_SECONDS: Final = 4.0
LONG_MESSAGE_SECONDS: Final = 6.0
LONG_MESSAGE: Final = 60
"""Characters beyond which a message is long."""
WAIT_SHOWN: Final = 1.0
"""Seconds of waiting on a computer or a bot after which the table says whose move it awaits."""
TOAST_FADE: Final = 0.4
"""A message's last seconds, while it fades out (:mod:`briscola.ui.table.draw` draws it fading)."""
DOTS_PER_SECOND: Final = 3
"""How often the thinking dots on a computer's plate change (:mod:`briscola.ui.table.draw`)."""
SECONDS_SHOWN: Final = 2.0
"""Seconds of thinking after which a computer's plate also counts them (:mod:`briscola.ui.table.plates`): a short
wait needs no number, a long one reads as progress rather than a hang when it does."""


def message_seconds(message: str) -> float:
    """How long the table shows a driver message: :data:`LONG_MESSAGE_SECONDS` for a long one."""
    return LONG_MESSAGE_SECONDS if len(message) > LONG_MESSAGE else MESSAGE_SECONDS


def bid_text(bid: Bid, fam: DeckFamily) -> str:
    """A bid in words: a rank's name (chiamata) or a number of points."""
    return bid_label(bid, fam, unit=False)


def describe_action(action: Action | PageTurn, fam: DeckFamily) -> str:
    """A button label for a move other than playing a card (or a turn of the bids' page)."""
    if isinstance(action, PageTurn):
        return _("« Lower bids") if action.step < 0 else _("Higher bids »")
    if isinstance(action, Swap):
        return _("Swap the briscola")
    if isinstance(action, Declare):
        return _("Declare 31")
    if isinstance(action, Meld):
        return _("Declare {suit}").format(suit=suit_label(action.suit, fam))
    if isinstance(action, Signal):
        return _("Give a sign")
    if isinstance(action, Ask):
        return _("Ask partner")
    if isinstance(action, Pass):
        return _("Pass")
    if isinstance(action, Bid):
        return _("Bid {bid}").format(bid=bid_text(action, fam))
    if isinstance(action, Call):
        return _("Call {card}").format(card=card_label(action.card, fam))
    if isinstance(action, ChooseTrump):
        return _("Trumps: {suit}").format(suit=suit_label(action.suit, fam))
    return str(action)


class TableScene:
    """The game table (opaque: it is the bottom of the stack while a match runs)."""

    opaque = True

    def __init__(self, app: App, controller: MatchController, deck: DeckImages) -> None:
        self.app = app
        self.controller = controller
        driver = controller.driver
        self.config = app.config
        self.renderer = CardRenderer(deck)
        rules = driver.rules
        self.layout = self._layout(app.size)
        self.state = TableState(rules, self.layout, driver.viewer)
        self.state.family = deck.manifest.family
        self.choreo = Choreographer(
            self.state,
            app.sounds,
            lambda: self.names,
            you=driver.human,
            speed=self.config.speed_factor,
            reduced_motion=self.config.reduced_motion,
            on_hand_over=self._hand_over,
        )
        self.clock = 0.0
        self._thinking: tuple[int | None, float] = (None, 0.0)
        """The seat whose move is being worked out, and since when (by :attr:`clock`)."""
        self.hover: CardSprite | None = None
        self.selected = -1
        self.pressed: tuple[CardSprite, tuple[int, int], tuple[float, float]] | None = None
        self.buttons: list[Button] = []
        self.button_focus: int | None = None
        """The action button Enter presses, once Tab or Up/Down gave one the focus (None: none has it)."""
        self.coach_marks = CoachMarks()
        self.bid_page = 0
        """Which page of bids the buttons show when they don't all fit (:mod:`briscola.ui.core.action_pages`)."""
        self._bids_from: Action | None = None
        """The lowest bid on offer when :attr:`bid_page` was set: a new round of bids starts again at the lowest."""
        self._background: pygame.Surface | None = None
        self._felt: tuple[int, int, int] | None = None
        self.restoring = controller.replaying
        """True while a continued match is replayed to where it was saved: no animation, no sound, no results."""
        self._lifting = False
        """True while a card of the human's hand rises or settles (the hover or the chosen card changed)."""
        self._muted = app.sounds.mute
        self._instant = False
        """True while the table is laid at once (:meth:`lay_table`): no results, no messages, no sound."""
        self._back: str | None = None
        self._view = controller.view()
        self.counting: Count | None = None
        """The counting aid's numbers for the viewer (:mod:`briscola.ui.core.counting`), None while it is off or not
        allowed; made in ``update`` from the view once the table shows what the view says (nothing moving)."""
        self._counted: PlayerView | None = None
        self._follow_settings()

    @property
    def driver(self) -> MatchDriver:
        """The match being played (the controller's): its engine, its seats."""
        return self.controller.driver

    @property
    def names(self) -> list[str]:
        """The seats' names as the table shows them now: "You" in the language in use (:func:`seat_name`)."""
        return [seat_name(config) for config in self.driver.seats]

    @property
    def keys_hint(self) -> str:
        """The keys named at the top right: the pause menu and the last trick (the replay names its own); taking back
        and the hint's key when the match has them on."""
        undo, hints = self.controller.undo_on, self.driver.coaching.hints
        if undo and hints:
            return _("Esc: menu · L: last trick · U: take back · H: hint")
        if hints:
            return _("Esc: menu · L: last trick · H: hint")
        if undo:
            return _("Esc: menu · L: last trick · U: take back")
        return _("Esc: menu · L: last trick")

    def relabel(self) -> None:
        """The language changed (Settings, from the pause menu): the action buttons are made again at once, in the new
        words, with their notes and their widths (a call button is as wide as its label), as the scene's other words
        are when they are drawn. A declaration asked once is asked again in the new words."""
        self.buttons = []
        self._update_buttons()

    @property
    def view(self) -> PlayerView:
        """What the viewing seat may know now, as of the last ``update`` (made once per change of the game)."""
        return self._view

    # ------------------------------------------------------------------------------------------------ settings

    @property
    def display(self) -> DisplaySettings:
        """The player's display settings now (the built-in defaults for a table made without the menus' store)."""
        store = self.app.store
        return store.settings.display if store is not None else DisplaySettings()

    @property
    def confirm_play(self) -> bool:
        """True when a card is played only on a second click or key (``display.confirm_play``)."""
        return self.display.confirm_play

    @property
    def running_points(self) -> bool:
        """True when each side's points are shown as tricks are taken: as chosen, and never in briscola to 31."""
        store = self.app.store
        return store is not None and running_points_shown(store.settings, self.driver.rules)

    @property
    def counting_aid(self) -> bool:
        """True when the counting aid is shown: as chosen (``coach.counting_aid``), never where counting is the game."""
        store = self.app.store
        return store is not None and counting_aid_shown(store.settings, self.driver.rules)

    def _update_counting(self) -> None:
        """Count the viewer's view again when it changed and the table shows it (the cards have landed: a card is
        never counted as played while it still flies), or drop the count when the aid was turned off."""
        if not self.counting_aid:
            self.counting, self._counted = None, None
        elif self._view is not self._counted and self.choreo.idle:
            self.counting, self._counted = count_view(self._view), self._view

    def _follow_settings(self) -> None:
        """Take up a changed card back, hand order or trick cue (cheap when nothing changed: it runs every frame)."""
        display = self.display
        if display.back != self._back:
            self._back = display.back
            self.renderer.deck.use_back(chosen_back(display.back))
        self.choreo.trick_cue = display.trick_cue and not self.restoring  # no cue for the tricks a continue replays
        if display.sort_hand != self.state.sort_hand:
            self.state.sort_hand = display.sort_hand
            self.selected = -1  # an index into the old order would now point at another card
            self.choreo.arrange_hand()

    # ------------------------------------------------------------------------------------------------ scene API

    def _layout(self, size: tuple[int, int]) -> TableLayout:
        """The table's geometry for a window of ``size``, turned so the viewer's seat is at the bottom."""
        rules = self.driver.rules
        return TableLayout(
            size[0],
            size[1],
            rules.players,
            rules.hand_size,
            bottom=self.driver.viewer,
            shows_hands=hands_may_show(rules),
        )

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(size)
        self.state.layout = self.layout
        self.state.finish_motions()
        self._background = None

    def close(self) -> None:
        """Stop the AI worker."""
        self.controller.close()

    @property
    def waiting_on(self) -> int | None:
        """The seat the table has waited on for :data:`WAIT_SHOWN` seconds or more (a slow computer, a bot), if any:
        the table then says whose move it awaits, so a long wait never looks like a table that hung."""
        seat, since = self._thinking
        return seat if seat is not None and self.clock - since >= WAIT_SHOWN else None

    @property
    def thinking_seconds(self) -> int | None:
        """The whole seconds the table has waited on the thinking seat, once :data:`SECONDS_SHOWN` or more (its plate
        shows them); None before, and while no computer or bot is thought about."""
        seat, since = self._thinking
        waited = self.clock - since
        return int(waited) if seat is not None and waited >= SECONDS_SHOWN else None

    @property
    def interactive(self) -> bool:
        """True when the human may move now: their turn, and nothing on the table is moving."""
        return self.controller.awaiting_human and self.choreo.idle

    def update(self, dt: float) -> None:
        self._follow_settings()
        if self.restoring:
            self._restore_step()
        self.clock += dt
        if self.driver.thinking_seat != self._thinking[0]:
            self._thinking = (self.driver.thinking_seat, self.clock)
        self.choreo.update(dt)
        for message in self.controller.take_messages():
            self.choreo.toast(message, message_seconds(message))
        if self.choreo.idle:
            events = self.controller.tick(self.clock)
            if events:
                self.choreo.feed(events)
                self.choreo.update(0.0)
        self._view = self.controller.view()
        self._update_counting()
        self.state.follow_scores(self.driver.game.phase, self.driver.game.match_scores)
        self._update_lifts(dt)
        self._update_buttons()
        update_coach(self)

    def wake_in(self) -> float:
        """Seconds until the table needs a frame with no input (the app sleeps that long): 0 while anything moves.

        Still (:data:`~briscola.ui.scene.STILL`) while it waits for the human's move with nothing moving, until a
        message starts to fade; every :data:`~briscola.ui.scene.POLL_SECONDS` while a computer or a bot is to move
        (their answers are polled, never waited on), or while bots run at all (a plate says when one is starting or
        at fault); the thinking plate's dots and its count of seconds change far less often than that, and never
        later than the next second's turn. Anything else, such as a hand to deal, runs at the full frame rate.
        """
        if self.restoring or self._lifting or not self.choreo.idle:
            return 0.0
        toasts = min((toast.left - TOAST_FADE for toast in self.state.toasts), default=STILL)
        if toasts <= 0.0:
            return 0.0
        if self.driver.thinking_seat is not None or self.driver.bots is not None:
            return min(POLL_SECONDS, toasts, self._next_second())
        if self.driver.thinker.analysing:  # the coach's analysis is polled, never waited on
            return min(POLL_SECONDS, toasts)
        if self.controller.awaiting_human or self.controller.result_pending is not None:
            return toasts
        return 0.0

    def _next_second(self) -> float:
        """Seconds until the thinking seat's count of seconds turns (:attr:`thinking_seconds`); inf without one."""
        seat, since = self._thinking
        if seat is None:
            return STILL
        waited = self.clock - since
        return max(SECONDS_SHOWN, math.floor(waited) + 1.0) - waited

    def picture_key(self) -> tuple[object, ...]:
        """What the table shows, as a value that changes whenever a frame drawn now would differ from the last.

        The app draws a frame that only polled the worker when this moved. It holds all that ``draw`` reads and that
        may change without an event: the game (the actions applied), the seat thought about and whether its wait is
        told yet, its dots, the messages, the players' plates; moving sprites show as the choreography not idle.
        """
        thinking = self.driver.thinking_seat
        bots = self.driver.bots
        return (
            id(self.driver.game),
            len(self.driver.game.actions),
            self.controller.result_pending is not None,
            thinking,
            self.waiting_on,
            -1 if thinking is None else int(self.clock * DOTS_PER_SECOND) % 4,
            self.thinking_seconds,
            tuple(id(toast) for toast in self.state.toasts),
            self.choreo.idle,
            self.interactive,
            self.driver.coach.thinking(self.driver.game),
            self.coach_marks.hint_card,
            tuple(self.coach_marks.marks.items()),
            id(self._counted) if self.counting is not None else None,
            self.driver.seats if bots is None else (self.driver.seats, tuple(map(bots.status, range(len(self.names))))),
        )

    def _restore_step(self) -> None:
        """While replaying a continued match: instant moves and silence; normal play once it is where it was saved."""
        if self.controller.replaying or not self.choreo.idle:
            self.choreo.speed = 0.0
            self.app.sounds.mute = True
            return
        self.restoring = False
        self.choreo.speed = self.config.speed_factor
        self.app.sounds.mute = self._muted

    def _update_lifts(self, dt: float) -> None:
        """Cards of the hand rise under the pointer or when chosen, and settle exactly (the table is then still)."""
        hand = self.state.hands[self.driver.viewer]
        self._lifting = False
        for index, sprite in enumerate(hand):
            up = self.interactive and (sprite is self.hover or index == self.selected)
            target = 1.0 if up else 0.0
            rate = 12.0 if self.config.speed_factor > 0 else 1000.0
            sprite.lift += (target - sprite.lift) * min(1.0, dt * rate)
            if abs(target - sprite.lift) < 0.005:  # a pixel's fraction: done, or the easing would never end
                sprite.lift = target
            else:
                self._lifting = True

    def _update_buttons(self) -> None:
        if not self.interactive:
            self.buttons, self.button_focus = [], None
            return
        view = self.view if self.driver.human == self.driver.viewer else None
        if view is None:
            self.buttons, self.button_focus = [], None
            return
        extras = [action for action in view.legal if not isinstance(action, Play)]
        lowest = next((action for action in extras if isinstance(action, Bid)), None)
        if lowest != self._bids_from:
            self.bid_page, self._bids_from = 0, lowest
        actions, self.bid_page = action_page(extras, self.bid_page)
        # Take back comes last, after the moves, so the moves keep their places and their keys' order.
        shown: list[object] = [*actions, *([TAKE_BACK] if self.controller.can_undo else [])]
        if [b.value for b in self.buttons] == shown:
            return
        labels = [describe_action(action, self.state.family) for action in actions]
        labels += [_("Take back")] * (len(shown) - len(actions))
        notes = [held_note(action, view) if not isinstance(action, PageTurn) else "" for action in actions]
        notes += [""] * (len(shown) - len(actions))
        rects = button_rects(self, len(shown), labels, two_lines=any(notes))
        self.buttons = [
            Button(label, action, rect, enabled=not isinstance(action, PageTurn) or action.enabled, note=note)
            for action, label, note, rect in zip(shown, labels, notes, rects, strict=True)
        ]
        if self.button_focus is not None:  # a new page of bids keeps the focus where it was, so Enter pages on
            self.button_focus = move_focus(self.buttons, min(self.button_focus, len(self.buttons) - 1), 0)
            for index, button in enumerate(self.buttons):
                button.focused = index == self.button_focus

    def action_label(self, action: Action) -> str:
        """A move in the table's words: a card by its name, another move as its button says it."""
        family = self.state.family
        return card_label(action.card, family) if isinstance(action, Play) else describe_action(action, family)

    def hint(self) -> None:
        """H or the Hint button (:mod:`briscola.ui.table.coach_marks`)."""
        ask_hint(self)

    def turn_bid_page(self, step: int) -> None:
        """Show the next page of bids (``step`` 1) or the one before (-1); the game sees nothing of it."""
        self.bid_page += step
        self._update_buttons()

    def _hand_over(self, event: HandOver) -> None:
        """The choreographer reached a hand's end: its results, unless the hand is being replayed."""
        if not self.controller.hand_over(event):
            return
        points = " ".join(str(p) for p in event.result.side_points)
        self.app.say(f"hand over: {self.controller.hands_done} points {points}")
        self.app.sounds.play("won" if self.driver.viewer in event.result.winners else "lost")
        self.app.navigator.show_hand_result(event)

    def continue_after_result(self) -> None:
        """The results screen was dismissed: the next hand, the match summary, or (demo) the end."""
        after = self.controller.after_result()
        if after is AfterResult.QUIT:
            self.app.quit()
        elif after is AfterResult.MATCH_SUMMARY:
            self.app.navigator.show_match_summary()

    # ------------------------------------------------------------------------------------------------ input

    def process_event(self, event: pygame.event.Event) -> None:
        """Keys and the mouse, turned into choices and moves by :func:`briscola.ui.table.controls.handle_event`."""
        handle_event(self, event)

    @property
    def awaiting_confirmation(self) -> bool:
        """True when a card is chosen and waits for a second click or Enter (``display.confirm_play``)."""
        return self.confirm_play and self.interactive and 0 <= self.selected < len(self.state.hands[self.driver.viewer])

    def play(self, sprite: CardSprite) -> bool:
        """Play ``sprite``'s card if the rules allow; True when the move was taken."""
        if sprite.card is None or not self.interactive:
            return False
        return self.submit(Play(sprite.card))

    def submit(self, action: Action) -> bool:
        """Hand ``action`` to the engine; a refusal is shown and the choice kept. True when the move was taken."""
        problem = self.controller.submit(action)
        if problem is not None:
            self.choreo.toast(problem)
            return False
        self.selected = -1
        self.hover = None
        self.buttons, self.button_focus = [], None
        return True

    def tell(self, notices: Sequence[str | Callable[[], str]], seconds: float = 12.0) -> None:
        """Show ``notices`` over the table for a while (what was wrong with the settings files, at the start): each
        a string, or a function that words it in the language in use when it is drawn.

        At most two are shown whole; the rest are counted, since the messages over the table hold three at most.
        """
        for notice in notices[:2] if len(notices) > 3 else notices:
            self.choreo.toast(notice, seconds)
        if len(notices) > 3:
            count = len(notices) - 2
            more = N_("…and {count} more (printed in full when the game is started from a terminal).")
            self.choreo.toast(lambda: _(more).format(count=count), seconds)

    def show_last_trick(self) -> None:
        """Show the last trick taken (L, or a click on a pile)."""
        if self.state.last_trick is None:
            self.choreo.toast(lambda: _("No trick has been taken yet."))
            return
        self.app.navigator.show_last_trick()

    def pause(self) -> None:
        """Esc: the pause menu over the table."""
        self.app.navigator.pause()

    def take_back(self) -> None:
        """U, Ctrl+Z or the "Take back" button: the human's last move and the answers to it are taken back and the
        table is laid again at once from the game (nothing flies back: the position is simply there again, as a jump
        of the replay viewer shows it); or a message says why not (with undo off, how to turn it on)."""
        taken = self.controller.undo()
        if isinstance(taken, str):
            self.choreo.toast(taken, message_seconds(taken))
            return
        self.selected, self.hover, self.pressed = -1, None, None
        self.buttons, self.button_focus = [], None
        self.lay_table(seen(self.driver.game.log, self.driver.viewer))
        self._view = self.controller.view()
        self.state.follow_scores(self.driver.game.phase, self.driver.game.match_scores)
        self._thinking = (None, self.clock)
        words = self.taken_back_words(taken)
        self.choreo.toast(words, message_seconds(words))
        self.app.say(words)

    def taken_back_words(self, taken: TakenBack) -> str:
        """What was taken back, in the player's words ("Taken back: your Three of cups and Medio's answer.")."""
        human = self.driver.human
        mine = next((action for seat, action in taken.moves if seat == human), None)
        if isinstance(mine, Play):
            move = _("your {card}").format(card=card_label(mine.card, self.state.family))
        elif mine is not None:
            move = _("your move ({move})").format(move=describe_action(mine, self.state.family))
        else:
            move = _("your move")
        others = list(dict.fromkeys(self.names[seat] for seat, _action in taken.moves if seat != human))
        if not others:
            return _("Taken back: {move}.").format(move=move)
        if len(others) == 1:
            return _("Taken back: {move} and {name}'s answer.").format(move=move, name=others[0])
        return _("Taken back: {move} and the answers of {names}.").format(move=move, names=", ".join(others))

    # ------------------------------------------------------------------------------------------------ laying out

    @contextmanager
    def _no_time(self) -> Iterator[None]:
        """Everything queued in this block happens at once, silently and without messages."""
        sounds = self.app.sounds
        muted, speed, cue = sounds.mute, self.choreo.speed, self.choreo.trick_cue
        self._instant, sounds.mute, self.choreo.speed, self.choreo.trick_cue = True, True, 0.0, False
        try:
            yield
            self._settle()
        finally:
            self._instant, sounds.mute, self.choreo.speed, self.choreo.trick_cue = False, muted, speed, cue

    def _settle(self) -> None:
        """Finish whatever is moving or queued now: every beat started, every card where it goes."""
        for _attempt in range(1000):
            if self.choreo.idle:
                return
            self.choreo.timeline.flush()
            self.state.finish_motions()

    def lay_table(self, events: Sequence[Event]) -> None:
        """Lay the table at once from ``events``, a hand so far (from its deal) as the viewer saw it: whatever moved
        lands, the table is cleared and the events are played in no time. The replay viewer's jumps and a move taken
        back both set the table this way (the one place that knows how)."""
        with self._no_time():
            self._settle()
        self.choreo.reset()
        with self._no_time():
            self.choreo.feed(list(events))
        self.state.toasts.clear()

    # ------------------------------------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)

    def felt_colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """The cloth's colour (the player's ``display.table_colour`` when settings are loaded) and its dark edge."""
        light: tuple[int, int, int] = (COLOURS["felt"][0], COLOURS["felt"][1], COLOURS["felt"][2])
        store = self.app.store
        if store is not None:
            colour = pygame.Color(store.settings.display.table_colour)  # checked "#rrggbb" by the store
            light = (colour.r, colour.g, colour.b)
        dark = (round(light[0] * 0.55), round(light[1] * 0.55), round(light[2] * 0.55))
        return light, dark

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt, drawn once per window size and colour (drawing a cached surface changes no game state)."""
        light, dark = self.felt_colours()
        if self._background is None or self._background.get_size() != size or self._felt != light:
            felt = pygame.Surface(size)
            felt.fill(dark)
            w, h = size
            for i in range(12, 0, -1):
                shade = tuple(round(a + (b - a) * (12 - i) / 12) for a, b in zip(dark, light, strict=True))
                rect = pygame.Rect(0, 0, round(w * (0.6 + 0.05 * i)), round(h * (0.55 + 0.06 * i)))
                rect.center = (w // 2, round(h * 0.46))
                pygame.draw.ellipse(felt, shade, rect)
            self._background = felt
            self._felt = light
        return self._background

    def new_match(self, seed: int | None = None) -> None:
        """Start a new match at this table (a fresh seed unless one is given), on an empty table."""
        self.controller.new_match(seed)
        self.coach_marks = CoachMarks()
        self.choreo.reset()
        self.selected = -1
        self.pressed = None
        self._view = self.controller.view()
