"""Per-seat views: exactly what one seat may know, and nothing else.

The AI, the bot referee and the desktop table's human seat all play from a :class:`PlayerView`. It holds the seat's
own hand, the public history of the hand (every card played, who took what, bids, swaps), the face-up cards, the cards
known to be in other hands (the briscola taken by the last draw, a swapped card, open or shown hands), counts of
hidden cards, and the facts a careful player infers from the rules (a player who did not follow suit when forced to
had none of it). It never holds the seed, the talon's order or a hidden card: tests walk every object reachable from a
view to prove it. :func:`briscola.engine.sampling.sample_world` turns a view back into a full :class:`Game` whose
hidden cards are drawn at random, consistently with the view, for search.
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.engine.actions import Action
from briscola.engine.cards import Card, Suit
from briscola.engine.events import Event, SignalGiven, event_for_seat
from briscola.engine.ruleset import Ruleset, SignalRule, TrumpMode
from briscola.engine.state import SIGNALLED, AuctionState, Phase, State, fixed_sides

__all__ = ["PlayerView", "view_for"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``seat`` may know at one moment of a match. Per-seat tuples are indexed by seat."""

    seat: int
    rules: Ruleset
    phase: Phase
    hand_no: int
    dealer: int
    to_move: int | None
    legal: tuple[Action, ...]
    """The seat's legal actions when it is to move, else empty."""
    match_scores: tuple[int, ...]
    stake: int
    active: tuple[int, ...]
    sitting_out: int | None
    sides: tuple[tuple[int, ...], ...]
    """The sides as this seat knows them (chiamata: the partner only once known to this seat)."""

    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known_cards: tuple[tuple[Card, ...], ...]
    """For every seat, the cards this seat knows to be in that seat's hand (its own: the whole hand)."""

    trump: Suit | None
    """The trump suit if this seat knows it (None in briscolone, before a call, or while a cubierta trump hides)."""
    trump_public: bool
    briscola: Card | None
    """The turned card if this seat has seen it (face up; in cubierta only by the player who drew it)."""
    briscola_in_talon: bool
    briscola_taker: int | None
    talon_size: int

    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks_played: int
    last_winner: int | None
    captured: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    meld_points: tuple[int, ...]
    melded_suits: tuple[Suit, ...]
    tricks_won: tuple[int, ...]
    draws: tuple[int, ...]
    """Cards each seat has drawn from the talon this hand."""
    voids: tuple[tuple[int, Suit, int], ...]
    """(seat, suit, draws then): the seat had no card of the suit when it had drawn that many cards."""
    signals: tuple[tuple[SignalGiven, int], ...]
    """Signs this seat saw, each with the signaller's draw count at the time."""
    turn_flags: int
    hands_shown: bool

    auction: AuctionState | None
    caller: int | None
    called_card: Card | None
    contract: int | None
    partner: int | None
    """Chiamata: the caller's partner, once this seat knows it (revealed by play, or the seat holds the card)."""
    partner_revealed: bool
    declared: tuple[int, bool] | None
    events: tuple[Event, ...]
    """The current hand's events as this seat saw them (hidden cards blanked, others' secret signs left out)."""

    @property
    def is_my_turn(self) -> bool:
        """True when the seat is to move."""
        return self.to_move == self.seat

    def play_order(self) -> tuple[int, ...]:
        """The active seats in the order they play the current trick, starting with its leader."""
        start = self.active.index(self.leader) if self.leader in self.active else 0
        return self.active[start:] + self.active[:start]

    def seats_after(self, seat: int) -> tuple[int, ...]:
        """The seats still to play in the current trick after ``seat``."""
        order = self.play_order()
        return order[order.index(seat) + 1 :] if seat in order else ()

    def team(self) -> tuple[int, ...]:
        """The seats this seat knows to be on its side (itself included)."""
        for side in self.sides:
            if self.seat in side:
                return side
        return (self.seat,)

    def played_cards(self) -> tuple[Card, ...]:
        """Every card played this hand (captured piles and the trick in progress)."""
        return tuple(card for pile in self.captured for card in pile) + tuple(card for _, card in self.trick)

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards of the deck this seat can't place: not in its hand, not played, not known elsewhere."""
        seen = set(self.hand) | set(self.played_cards())
        for cards in self.known_cards:
            seen.update(cards)
        if self.briscola is not None and self.briscola_in_talon:
            seen.add(self.briscola)
        return tuple(card for card in self.rules.deck if card not in seen)


def _known_cards(game: State, seat: int, my_side: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    out: list[tuple[Card, ...]] = []
    for other, hand in enumerate(game.hands):
        if other == seat:
            out.append(tuple(hand))
        elif game.rules.open_hands or (game.hands_shown and other in my_side):
            out.append(tuple(sorted(hand)))
        else:
            # Sorted: the order a seat received its cards is not for others to know.
            public = game.public_cards[other]
            out.append(tuple(sorted(card for card in hand if card in public)))
    return tuple(out)


def _visible_turn_flags(game: State, seat: int) -> int:
    """The turn's flags, without the secret-signal flag for seats outside the signaller's side."""
    mover = game.to_move
    if mover is None or game.rules.signals is not SignalRule.SECRET or seat in game.side_of(mover):
        return game.turn_flags
    return game.turn_flags & ~SIGNALLED


def view_for(game: State, seat: int, legal: tuple[Action, ...]) -> PlayerView:
    """The view of ``seat`` on ``game`` now; ``legal`` is the seat's legal actions (empty unless it is to move).

    The caller (:meth:`Game.view <briscola.engine.game.Game.view>`) passes them in, because knowing the legal actions
    takes the rule helpers that this module, a reader of the state, does not depend on.
    """
    rules = game.rules
    if not 0 <= seat < rules.players:
        raise ValueError(f"seat {seat} is not at this table of {rules.players}")
    hidden_trump = rules.trump_mode is TrumpMode.HIDDEN and not game.trump_public
    i_drew_briscola = game.briscola_taker == seat
    if hidden_trump and not i_drew_briscola:
        trump: Suit | None = None
    else:
        trump = game.trump
    if rules.trump_mode is TrumpMode.TURNED or (rules.trump_mode is TrumpMode.HIDDEN and i_drew_briscola):
        briscola = game.briscola
    else:
        briscola = None
    partner: int | None = None
    if game.called_card is not None and (
        game.partner_revealed or seat == game.partner or game.called_card in game.hands[seat]
    ):
        partner = game.partner
    sides = game.sides if (not rules.chiamata or partner is not None) else fixed_sides(game)
    my_side = next((side for side in fixed_sides(game) if seat in side), (seat,))
    visible_events: list[Event] = []
    for event in game.log:
        shown = event_for_seat(event, seat)
        if shown is not None:
            visible_events.append(shown)
    return PlayerView(
        seat=seat,
        rules=rules,
        phase=game.phase,
        hand_no=game.hand_no,
        dealer=game.dealer,
        to_move=game.to_move,
        legal=legal,
        match_scores=tuple(game.match_scores),
        stake=game.stake,
        active=game.active,
        sitting_out=game.sitting_out,
        sides=sides,
        hand=tuple(game.hands[seat]),
        hand_sizes=tuple(len(hand) for hand in game.hands),
        known_cards=_known_cards(game, seat, my_side),
        trump=trump,
        trump_public=game.trump_public,
        briscola=briscola,
        briscola_in_talon=game.briscola_in_talon,
        briscola_taker=game.briscola_taker,
        talon_size=len(game.talon),
        leader=game.leader,
        trick=game.trick,
        tricks_played=game.tricks_played,
        last_winner=game.last_winner,
        captured=tuple(tuple(pile) for pile in game.captured),
        points=tuple(game.points),
        meld_points=tuple(game.meld_points),
        melded_suits=tuple(game.melded_suits),
        tricks_won=tuple(game.tricks_won),
        draws=tuple(game.draws),
        voids=tuple(game.voids),
        signals=tuple(entry for entry in game.signals if event_for_seat(entry[0], seat) is not None),
        turn_flags=_visible_turn_flags(game, seat),
        hands_shown=game.hands_shown,
        auction=game.auction.clone() if game.auction is not None else None,
        caller=game.caller,
        called_card=game.called_card,
        contract=game.contract,
        partner=partner,
        partner_revealed=game.partner_revealed,
        declared=game.declared,
        events=tuple(visible_events),
    )
