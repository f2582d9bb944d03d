"""Engine events turned into the table's animations: one or more timed beats per event, in the events' order.

The deal goes out one card at a time counterclockwise from the talon, the briscola is turned and slid crosswise under
it, played cards fly to the trick (the computers' turning face up on the way), the trick pauses then goes to the
winner's pile, and the draws come winner first, the human's card turning face up in hand. Durations are multiplied by
the animation speed; with reduced motion, cards move briefly and never spin or turn over in the air. When the player
keeps the hand sorted, a card coming in (or the trump suit becoming known) reorders it, the cards sliding to their
new places; that order is the picture's only (see :meth:`TableState.arrange`). Moves that are not cards (bids,
calls, declarations, signs) are told in words, worded by :mod:`briscola.ui.table.messages`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from briscola.engine import Bid, Card, Suit
from briscola.engine.events import (
    AuctionWon,
    BidMade,
    CardCalled,
    CardDealt,
    CardDrawn,
    CardPlayed,
    Event,
    HandOver,
    HandsShown,
    HandStarted,
    Melded,
    Passed,
    Swapped,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
    TrumpTurned,
)
from briscola.text.i18n import _
from briscola.ui.assets.sound import Sounds
from briscola.ui.core.layout import Pose
from briscola.ui.core.tween import Timeline, Tween, ease_in_out_sine
from briscola.ui.table.messages import describe, trick_text
from briscola.ui.table.sprites import CardSprite
from briscola.ui.table.state import TableState, Toast

__all__ = ["CUE_SECONDS", "Choreographer"]

CUE_SECONDS = 1.0
"""The least time the cue after a trick stays (at the instant speed the trick is gathered at once)."""


def _nothing() -> None:
    """A beat that only waits (its hold is the pause)."""


class Choreographer:
    """Queues beats for events on a timeline and carries them out on the table state."""

    def __init__(
        self,
        state: TableState,
        sounds: Sounds,
        names: Callable[[], list[str]],
        *,
        you: int | None = None,
        speed: float = 1.0,
        reduced_motion: bool = False,
        on_hand_over: Callable[[HandOver], None] | None = None,
    ) -> None:
        self.state = state
        self.sounds = sounds
        self.names = names
        """The seats' names as they read now (in the language in use when a message is drawn)."""
        self.you = you
        """The human's seat (None in a computers-only game): their own moves are told in the second person."""
        self.speed = speed
        self.reduced_motion = reduced_motion
        self.on_hand_over = on_hand_over
        self.timeline = Timeline()
        self.trick_cue = False
        """Say who took each trick as it is gathered (``display.trick_cue``: the table follows the setting)."""
        self._cue: Toast | None = None

    @property
    def idle(self) -> bool:
        """True when every queued beat has run and nothing moves."""
        return self.timeline.idle and not self.state.busy

    def update(self, dt: float) -> None:
        """Advance the timeline and the sprites."""
        self.timeline.update(dt)
        self.state.update(dt)

    def reset(self) -> None:
        """A new match at the table: nothing queued, an empty table, no message and no last trick to show."""
        self.timeline = Timeline()
        self.state.reset()
        self.state.toasts.clear()
        self.state.last_trick = None

    def _t(self, seconds: float) -> float:
        if self.reduced_motion:
            return min(seconds, 0.15) * self.speed
        return seconds * self.speed

    def _flip(self, wanted: bool) -> bool:
        return wanted and not self.reduced_motion and self.speed > 0.0

    def toast(self, text: str | Callable[[], str], seconds: float = 2.2) -> None:
        """Show ``text`` over the table for a while: a string, or a function that words it each time it is drawn
        (so a message reads in the language chosen while it is shown)."""
        self.state.toasts.append(Toast(text, seconds))
        del self.state.toasts[:-3]

    def _poses(self, seat: int) -> dict[int, Pose]:
        """Where each card of ``seat``'s hand is drawn now, by sprite, to slide from after the hand changes."""
        return {sprite.ident: self.state.pose(sprite) for sprite in self.state.hands[seat]}

    def _rehome(self, seat: int, skip: CardSprite | None = None, before: dict[int, Pose] | None = None) -> None:
        """Slide a hand's other cards to their new places after one arrived or left (or the hand was reordered).

        ``before`` holds where the cards were drawn before the change; a card already moving just heads for its new
        place, and one that didn't move stays still.
        """
        for sprite in self.state.hands[seat]:
            if sprite is skip or sprite.motion is not None:
                continue
            start = (before or {}).get(sprite.ident)
            if start is None:
                start = self.state.pose(sprite)
            if start != self.state.home(sprite):
                sprite.move(start, self._t(0.18))

    def arrange_hand(self) -> None:
        """Put the viewer's hand in the order shown now (the player turned sorting on or off), sliding the cards."""
        before = self._poses(self.state.viewer)
        if self.state.arrange():
            self._rehome(self.state.viewer, before=before)

    def _set_trump(self, suit: Suit | None) -> None:
        """The viewer now knows the trump suit: a sorted hand moves its trumps to the end."""
        self.state.trump = suit
        self.arrange_hand()

    def _bid_made(self, seat: int, bid: Bid) -> None:
        """``seat`` bid ``bid``, now the auction's highest: the table shows the standing until the auction ends."""
        self.state.high_bid = (seat, bid)

    def _passed(self, seat: int) -> None:
        """``seat`` left the auction: the table lists it among those who passed until the auction ends."""
        self.state.passed.append(seat)

    def _set_contract(self, seat: int, target: int) -> None:
        """``seat`` won the auction and must make ``target`` points: the table keeps it in view for the hand, in place
        of the auction's standing."""
        self.state.high_bid, self.state.passed = None, []
        self.state.contract = (seat, target)

    def _set_called(self, card: Card) -> None:
        """Chiamata: the auction's winner called ``card``; the table keeps it in view for the hand, and whether the
        human held it then: the secret partner knows it from that moment, and so should the screen."""
        self.state.called = card
        you = self.you
        self.state.holds_called = you is not None and any(sprite.card == card for sprite in self.state.hands[you])

    def _add_points(self, seat: int, points: int) -> None:
        """Points scored without a trick (a meld), added to the running points of ``seat``'s pile."""
        self.state.pile_points[self.state.pile_owner(seat)] += points

    # ------------------------------------------------------------------------------------------------ events

    def feed(self, events: list[Event]) -> None:
        """Queue the animations of ``events``."""
        for event in events:
            self._queue(event)

    def _queue(self, event: Event) -> None:
        add = self.timeline.add
        if isinstance(event, HandStarted):
            add(partial(self._hand_started, event), self._t(0.9) if not self.reduced_motion else 0.0)
        elif isinstance(event, CardDealt):
            add(partial(self._dealt, event), self._t(0.08))
        elif isinstance(event, TrumpTurned):
            add(partial(self._turned, event), self._t(0.75))
        elif isinstance(event, CardPlayed):
            add(partial(self._played, event), self._t(0.45))
        elif isinstance(event, TrickWon):
            if self.trick_cue:
                add(partial(self._trick_cue, event), 0.0)
            add(_nothing, self._t(0.8))
            add(partial(self._gathered, event), self._t(0.5))
        elif isinstance(event, CardDrawn):
            add(partial(self._drawn, event), self._t(0.3))
        elif isinstance(event, HandsShown):
            add(partial(self._shown, event), self._t(0.4))
        elif isinstance(event, Swapped):
            add(partial(self._swapped, event), self._t(0.7))
        elif isinstance(event, HandOver):
            add(_nothing, self._t(0.5))
            add(partial(self._hand_over, event), 0.0)
        else:
            if isinstance(event, (TrumpRevealed, TrumpChosen)):
                add(partial(self._set_trump, event.suit), 0.0)
            elif isinstance(event, CardCalled):
                add(partial(self._set_trump, event.card.suit), 0.0)
                add(partial(self._set_called, event.card), 0.0)
            elif isinstance(event, BidMade):
                add(partial(self._bid_made, event.seat, event.bid), 0.0)
            elif isinstance(event, Passed):
                add(partial(self._passed, event.seat), 0.0)
            elif isinstance(event, AuctionWon):
                add(partial(self._set_contract, event.seat, event.target), 0.0)
            elif isinstance(event, Melded):
                add(partial(self._add_points, event.seat, event.points), 0.0)
            if self._describe(event):
                add(partial(self.toast, partial(self._describe, event)), self._t(0.7))

    def _describe(self, event: Event) -> str:
        """The message for ``event`` in the language and with the names in use now ("" for none)."""
        return describe(event, self.names(), self.you, self.state.family)

    # ------------------------------------------------------------------------------------------------ beats

    def _hand_started(self, event: HandStarted) -> None:
        state = self.state
        state.reset()
        state.dealer = event.dealer
        state.hand_no = event.hand_no
        deck = len(state.rules.deck)
        state.talon_count = deck
        if not self.reduced_motion and self.speed > 0.0:
            state.shuffle = Tween(self._t(0.8), ease_in_out_sine)
        self.sounds.play("shuffle")

    def _dealt(self, event: CardDealt) -> None:
        state = self.state
        state.talon_count -= 1
        sprite = CardSprite(event.card, event.card is not None, ("hand", event.seat))
        state.arrive(sprite)
        start = state.layout.talon_pose
        before = self._poses(event.seat)
        state.hands[event.seat].append(sprite)
        if event.seat == state.viewer:
            state.arrange()
        sprite.move(start, self._t(0.3), flip=self._flip(sprite.face_up))
        self._rehome(event.seat, sprite, before)
        self.sounds.play("flick")

    def _turned(self, event: TrumpTurned) -> None:
        state = self.state
        sprite = CardSprite(event.card, event.card is not None, ("briscola", 0))
        state.briscola = sprite
        self._set_trump(event.suit)
        sprite.move(state.layout.talon_pose, self._t(0.6), flip=self._flip(sprite.face_up))
        self.sounds.play("flick")

    def _take_from_hand(self, seat: int, card: Card | None) -> CardSprite:
        hand = self.state.hands[seat]
        for sprite in hand:
            if card is not None and sprite.card == card:
                break
        else:
            unknown = [s for s in hand if s.card is None] or hand
            sprite = unknown[len(unknown) // 2] if unknown else CardSprite(None, False, ("hand", seat))
        if sprite in hand:
            hand.remove(sprite)
        return sprite

    def _played(self, event: CardPlayed) -> None:
        state = self.state
        before = self._poses(event.seat)
        sprite = self._take_from_hand(event.seat, event.card)
        start = state.layout.talon_pose
        if sprite.zone[0] == "hand":  # from where it was drawn (dragged, or its place before it left the hand)
            start = before.get(sprite.ident, state.pose(sprite))
        turn = not sprite.face_up
        sprite.card, sprite.face_up, sprite.drag, sprite.lift = event.card, True, None, 0.0
        sprite.zone = ("trick", event.seat)
        state.trick.append(sprite)
        state.trick_seats.append(event.seat)
        sprite.move(start, self._t(0.35), flip=self._flip(turn))
        self._rehome(event.seat, before=before)
        self.sounds.play("flick")

    def trick_words(self, event: TrickWon) -> str:
        """Who took the trick of ``event``, and for how many points (:func:`trick_text`)."""
        you, state = self.you, self.state
        partner = you is not None and event.winner != you and state.pile_owner(event.winner) == state.pile_owner(you)
        return trick_text(event, self.names(), you, partner, count=not state.rules.to_31)

    def _trick_cue(self, event: TrickWon) -> None:
        """Say who took the trick while it lies complete and is gathered: it takes no time of its own, riding on the
        pause and the gathering (a little longer, to be read), and replaces the last trick's if it is still shown."""
        if self._cue in self.state.toasts:
            self.state.toasts.remove(self._cue)
        self.toast(lambda: self.trick_words(event), max(CUE_SECONDS, self._t(1.3) + 0.4))
        self._cue = self.state.toasts[-1]

    def _gathered(self, event: TrickWon) -> None:
        state = self.state
        owner = state.pile_owner(event.winner)
        for sprite in state.trick:
            start = state.pose(sprite)
            sprite.zone = ("pile", owner)
            sprite.face_up = False
            sprite.move(start, self._t(0.45), flip=self._flip(True))
            state.gathering.append((sprite, owner))
        state.trick, state.trick_seats = [], []
        state.last_trick = event
        self.sounds.play("gather")

    def _drawn(self, event: CardDrawn) -> None:
        state = self.state
        if event.briscola and state.briscola is not None:
            sprite = state.briscola
            state.briscola = None
            start = state.pose(sprite)
            sprite.card = event.card if event.card is not None else sprite.card
            turn = False
            if event.seat != state.viewer and event.card is None:
                sprite.face_up, turn = False, True
        else:
            sprite = CardSprite(event.card, event.card is not None, ("hand", event.seat))
            start = state.layout.talon_pose
            turn = sprite.face_up
        state.arrive(sprite)
        state.talon_count = event.talon_left
        sprite.zone = ("hand", event.seat)
        before = self._poses(event.seat)
        state.hands[event.seat].append(sprite)
        if event.seat == state.viewer:
            state.arrange()
        sprite.move(start, self._t(0.35), flip=self._flip(turn))
        self._rehome(event.seat, sprite, before)
        self.sounds.play("flick")

    def _shown(self, event: HandsShown) -> None:
        if event.cards is None or event.seat == self.state.viewer:
            return
        hand = self.state.hands[event.seat]
        before = self._poses(event.seat)  # the first card turned holds the hand up: the others start where they were
        for sprite, card in zip(hand, event.cards, strict=False):
            start = before[sprite.ident]
            turn = not sprite.face_up
            sprite.card, sprite.face_up = card, True
            sprite.move(start, self._t(0.3), flip=self._flip(turn))
        seat = event.seat
        self.toast(lambda: _("{name} shows the hand to the partners.").format(name=self.names()[seat]))

    def _swapped(self, event: Swapped) -> None:
        state = self.state
        hand = state.hands[event.seat]
        before = self._poses(event.seat)
        given = self._take_from_hand(event.seat, event.gave)
        old = state.briscola
        if old is not None:
            start = state.pose(old)
            old.zone = ("hand", event.seat)
            old.card, old.face_up = event.took, True
            old.arrived = given.arrived  # the engine puts the card taken where the card given was
            hand.append(old)
            if event.seat == state.viewer:
                state.arrange()
            old.move(start, self._t(0.45))
        start = before.get(given.ident, state.pose(given))
        given.card, given.face_up, given.zone = event.gave, True, ("briscola", 0)
        state.briscola = given
        given.move(start, self._t(0.45), flip=self._flip(True))
        self._rehome(event.seat, old, before)
        seat = event.seat
        if seat == self.you:
            self.toast(lambda: _("You swap the briscola."))
        else:
            self.toast(lambda: _("{name} swaps the briscola.").format(name=self.names()[seat]))

    def _hand_over(self, event: HandOver) -> None:
        if self.on_hand_over is not None:
            self.on_hand_over(event)
