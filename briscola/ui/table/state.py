"""What the table shows, as sprites in zones: the hands, the trick, the talon, the briscola and the captured piles.

This is the picture the player sees, built only from the events the viewer was shown (never from the engine's
state), and it is what the tests compare with the engine's view. Poses come from the layout on every frame.

The viewer's hand is kept in the order it is shown (sorted by suit, trumps last, when the player asks for it), which
is the order keys 1-9 and the arrows follow; each sprite remembers when it arrived, so the hand in the engine's own
order (the order drawn) can always be told apart from the picture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from briscola.ai.coach import Grade
from briscola.engine import Action, Bid, Card, DeckFamily, Phase, Ruleset, Suit
from briscola.engine.events import TrickWon
from briscola.engine.ruleset import TrumpMode
from briscola.ui.core.layout import LIFT, Pose, TableLayout
from briscola.ui.core.tween import Tween
from briscola.ui.table.sprites import CardSprite, lerp_pose
from briscola.ui.widgets.basic import Button

__all__ = ["CoachMarks", "Snapshot", "TableState", "Toast", "hand_order", "hands_may_show"]


@dataclass
class Toast:
    """A short message shown over the table for ``left`` seconds.

    ``words`` is the message, or a function that words it: a move told in words is worded again each time it is
    drawn, so a language chosen while it shows (Settings, from the pause menu) is the one it reads in.
    """

    words: str | Callable[[], str]
    left: float
    lasting: bool = False
    """It stays until the player acts (the coach's hint), not a moment: so it is kept off the other players' hidden
    hands where there is room (:mod:`briscola.ui.table.toast_places`)."""

    @property
    def text(self) -> str:
        """The message as it reads now."""
        return self.words if isinstance(self.words, str) else self.words()


@dataclass
class CoachMarks:
    """What the table shows of the coach now, prepared in ``update`` by :mod:`briscola.ui.table.coach_marks`."""

    button: Button | None = None
    """The Hint button, while the human is to move in a match with hints on."""
    hint_card: Card | None = None
    """The card the hint prefers, glowing in the hand (None: no hint shown, or a move other than a card)."""
    hint_action: Action | None = None
    """The move the hint prefers (a card, or a swap, a bid... whose button glows), None with no hint shown."""
    marks: dict[Card, Grade] = field(default_factory=dict)
    """Grade badges on the human's cards in the trick (grading after each move)."""
    toast: Toast | None = None
    """The hint's line among the table's messages, taken away once the decision is made."""
    told: int | None = None
    """The decision (actions before it) whose hint was told."""
    wanted: bool = False
    """H was pressed while cards still moved or a computer was to move: the hint is asked at the human's turn."""


def hand_order(card: Card | None, trump: Suit | None) -> tuple[int, int, int]:
    """Where ``card`` goes in a sorted hand: suits grouped in the deck's order, trumps last, weakest to strongest.

    Strength is the capture order (2 up to 3 and Ace), which is how a Briscola player reads a hand, not the printed
    numbers; the trumps at the right end are the cards to keep. Unknown cards (None) go last.
    """
    if card is None:
        return (2, 0, 0)
    return (1 if card.suit == trump else 0, int(card.suit), int(card.rank))


def hands_may_show(rules: Ruleset) -> bool:
    """Whether another seat's card may be seen in its hand in ``rules``: both hands in open briscola, partners' hands
    shown once the talon is out, and the turned briscola (face up) once drawn or swapped into a hand. The table
    keeps room round every hand for it held up (:attr:`TableLayout.shows_hands`) only where this can happen."""
    return rules.open_hands or rules.show_hands_at_end or rules.trump_mode is TrumpMode.TURNED


@dataclass(frozen=True)
class Snapshot:
    """The visible table in engine terms, for tests: the viewer's hand, the trick, the talon count, the briscola.

    ``hand`` is in the order the cards were drawn (the engine's order), whatever order the screen shows them in.
    """

    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[Card, ...]
    talon_size: int
    briscola: Card | None
    pile_counts: tuple[int, ...]


@dataclass
class TableState:
    """The sprites and counters of the table for one viewer."""

    rules: Ruleset
    layout: TableLayout
    viewer: int = 0
    hands: list[list[CardSprite]] = field(default_factory=list)
    trick: list[CardSprite] = field(default_factory=list)
    trick_seats: list[int] = field(default_factory=list)
    briscola: CardSprite | None = None
    gathering: list[tuple[CardSprite, int]] = field(default_factory=list)
    talon_count: int = 0
    pile_counts: list[int] = field(default_factory=list)
    pile_points: list[int] = field(default_factory=list)
    """Points each pile spot has taken this hand (cards landed there, and melds): the running points."""
    last_trick: TrickWon | None = None
    """The last trick taken this match: its cards and who played them, who took it and its points."""
    shuffle: Tween | None = None
    toasts: list[Toast] = field(default_factory=list)
    match_scores: tuple[int, ...] = ()
    """The match score the table shows: the game's while a hand is played, held from a hand's end until the next
    starts, so the score in the corner never tells a hand's outcome before its result has counted the points."""
    dealer: int = -1
    hand_no: int = 0
    trump: Suit | None = None
    """The trump suit once the viewer knows it (kept after the briscola is drawn)."""
    high_bid: tuple[int, Bid] | None = None
    """While an auction is open: its highest bid so far, with the seat that made it."""
    passed: list[int] = field(default_factory=list)
    """While an auction is open: the seats that have left it, in the order they passed."""
    contract: tuple[int, int] | None = None
    """Chiamata and subastada: (the seat that won the auction, the points it must make), once it is known."""
    called: Card | None = None
    """Chiamata: the card the auction's winner called (its holder is the secret partner)."""
    holds_called: bool = False
    """Chiamata: the human held the called card when it was called (the partner, or the caller playing alone)."""
    family: DeckFamily = DeckFamily.ITALIAN
    """The family of the deck drawn: card and suit names follow the pictures (a French deck says hearts)."""
    sort_hand: bool = False
    """Show the viewer's hand sorted (:func:`hand_order`) rather than in the order drawn."""
    arrivals: int = 0
    """Cards that have come into a hand so far (the last :attr:`CardSprite.arrived` given)."""

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """An empty table (a new hand)."""
        n = self.rules.players
        self.hands = [[] for _ in range(n)]
        self.trick, self.trick_seats, self.gathering = [], [], []
        self.briscola = None
        self.talon_count = 0
        self.pile_counts = [0] * n
        self.pile_points = [0] * n
        self.shuffle = None
        self.trump = None
        self.high_bid = None
        self.passed = []
        self.contract = None
        self.called = None
        self.holds_called = False

    def follow_scores(self, phase: Phase, scores: Sequence[int]) -> None:
        """Show the match's ``scores`` while a hand is played; hold the last shown from a hand's end (``phase``) until
        the next hand starts (see :attr:`match_scores`)."""
        if phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) or not self.match_scores:
            self.match_scores = tuple(scores)

    def pile_owner(self, seat: int) -> int:
        """The seat whose spot holds ``seat``'s captures: partners share one pile, the viewer's side at the viewer's
        spot (by the hand at the bottom, wherever the player sits), another side at its first seat's."""
        rules = self.rules
        if rules.sit_out or rules.chiamata:
            return seat
        for team in rules.teams:
            if seat in team:
                return self.viewer if self.viewer in team else min(team)
        return seat

    def arrive(self, sprite: CardSprite) -> None:
        """Stamp ``sprite`` as the latest card to come into a hand."""
        self.arrivals += 1
        sprite.arrived = self.arrivals

    def arrange(self) -> bool:
        """Put the viewer's hand in the order shown (sorted or as drawn); True when any card changed place.

        Only the list the screen reads is reordered: the engine, and what is sent to it, never see this order.
        """
        hand = self.hands[self.viewer]
        if self.sort_hand:
            trump = self.trump
            ordered = sorted(hand, key=lambda s: (hand_order(s.card, trump), s.arrived))
        else:
            ordered = sorted(hand, key=lambda s: s.arrived)
        if ordered == hand:
            return False
        hand[:] = ordered
        return True

    def pile_owners(self) -> list[int]:
        """The seats that have a pile spot."""
        return sorted({self.pile_owner(seat) for seat in range(self.rules.players)})

    # ------------------------------------------------------------------------------------------------ poses

    def home(self, sprite: CardSprite) -> Pose:
        """Where ``sprite`` rests now, by its zone."""
        kind, seat = sprite.zone
        layout = self.layout
        if kind == "hand":
            hand = self.hands[seat]
            index = hand.index(sprite) if sprite in hand else len(hand)
            pose = layout.hand_pose(seat, index, max(len(hand), index + 1), shown=self.shown(seat))
            if sprite.lift > 0.0:
                pose = Pose(pose.x, pose.y - sprite.lift * pose.h * LIFT, pose.w, pose.h, pose.angle)
            return pose
        if kind == "trick":
            return layout.trick_pose(seat)
        if kind == "briscola":
            return layout.briscola_pose
        if kind == "pile":
            return layout.pile_pose(seat)
        return layout.talon_pose

    def shown(self, seat: int) -> bool:
        """True when ``seat``'s hand is held up for the viewer to read: another seat's hand holding a card the viewer
        sees (every card in open briscola, a partner's shown hand, a public briscola drawn or swapped). A hand of
        cards turned to face the table is upside down at the top and sideways at the sides, so a readable card in it
        puts the whole hand upright (:meth:`TableLayout.hand_pose`); it goes back once no such card is left."""
        return seat != self.viewer and any(s.face_up and s.card is not None for s in self.hands[seat])

    def pose(self, sprite: CardSprite) -> Pose:
        """Where ``sprite`` is drawn now: dragged, moving, or at home."""
        home = self.home(sprite)
        if sprite.drag is not None:
            return Pose(sprite.drag[0], sprite.drag[1], home.w, home.h, 0.0)
        if sprite.motion is not None:
            return lerp_pose(sprite.motion.start, home, sprite.motion.tween.value)
        return home

    def sprites(self) -> list[CardSprite]:
        """Every sprite, bottom first: briscola, trick, piles in flight, hands; moving and dragged ones last."""
        out: list[CardSprite] = []
        if self.briscola is not None:
            out.append(self.briscola)
        out.extend(self.trick)
        out.extend(sprite for sprite, _ in self.gathering)
        for hand in self.hands:
            out.extend(hand)
        out.sort(key=lambda s: (s.drag is not None, s.moving))
        return out

    # ------------------------------------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Advance motions; land gathered cards on their pile."""
        for sprite in self.sprites():
            sprite.update(dt)
        landed = [entry for entry in self.gathering if entry[0].motion is None]
        for sprite, owner in landed:
            self.gathering.remove((sprite, owner))
            self.pile_counts[owner] += 1
            self.pile_points[owner] += sprite.card.points if sprite.card is not None else 0
        if self.shuffle is not None:
            self.shuffle.update(dt)
            if self.shuffle.done:
                self.shuffle = None
        for toast in self.toasts:
            toast.left -= dt
        self.toasts = [toast for toast in self.toasts if toast.left > 0.0]

    @property
    def busy(self) -> bool:
        """True while anything moves."""
        return self.shuffle is not None or bool(self.gathering) or any(s.moving for s in self.sprites())

    def finish_motions(self) -> None:
        """Land everything now (after a resize, starting points of motions mean nothing any more)."""
        for sprite in self.sprites():
            if sprite.motion is not None:
                sprite.motion.tween.finish()
        self.update(0.0)

    def snapshot(self) -> Snapshot:
        """The table in engine terms (see :class:`Snapshot`)."""
        mine = sorted(self.hands[self.viewer], key=lambda s: s.arrived)
        hand = tuple(s.card for s in mine if s.card is not None)
        return Snapshot(
            hand=hand,
            hand_sizes=tuple(len(h) for h in self.hands),
            trick=tuple(s.card for s in self.trick if s.card is not None),
            talon_size=self.talon_count,
            briscola=self.briscola.card if self.briscola is not None else None,
            pile_counts=tuple(self.pile_counts),
        )
