"""The state of a match: every attribute that changes as it is played, and the readings of it the rules share.

:class:`State` is what the rule helpers (:mod:`.auction`, :mod:`.options`, :mod:`.scoring`, :mod:`.views`) read and
change; :class:`~briscola.engine.game.Game` is a ``State`` that also knows how to deal and play. Keeping the state
here lets each helper depend on it alone, not on ``game.py`` and on each other, so the engine's modules import in one
direction: ``state`` <- helpers <- ``game``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, Self

from briscola.engine.actions import Action, Bid
from briscola.engine.cards import Card, Suit
from briscola.engine.events import Event, SignalGiven
from briscola.engine.ruleset import Ruleset

__all__ = ["ASKED", "MELDED", "SIGNALLED", "SWAPPED", "AuctionState", "Phase", "State", "fixed_sides", "following"]

# Per-turn flags kept in ``State.turn_flags``: each optional action may be taken once before the player's card, so no
# sequence of actions loops (:mod:`.options` sets them).
SWAPPED: Final = 1
MELDED: Final = 2
#: Also the flag views hide from the signaller's opponents: that a secret sign was given at all is secret.
SIGNALLED: Final = 4
ASKED: Final = 8


class Phase(Enum):
    """Where the match stands; :meth:`Game.legal_actions <briscola.engine.game.Game.legal_actions>` depends on it."""

    DEAL = "deal"
    """Waiting for the chance step :class:`Deal` (the first hand, or after a thrown-in hand)."""
    AUCTION = "auction"
    """Chiamata or subastada bidding."""
    CALL = "call"
    """The auction winner calls a card (chiamata) or chooses trump (subastada)."""
    PLAY = "play"
    HAND_OVER = "hand_over"
    """A hand ended and the match goes on: :class:`Deal` starts the next one."""
    MATCH_OVER = "match_over"


@dataclass(slots=True)
class AuctionState:
    """Who has passed and the highest bid so far."""

    passed: list[bool]
    bids: list[tuple[int, Bid | None]]
    high_bid: Bid | None = None
    high_bidder: int | None = None

    @classmethod
    def start(cls, players: int) -> AuctionState:
        """A fresh auction at a table of ``players``."""
        return cls(passed=[False] * players, bids=[])

    def clone(self) -> AuctionState:
        """An independent copy."""
        return AuctionState(self.passed[:], self.bids[:], self.high_bid, self.high_bidder)


def following(players: int, sitting_out: int | None) -> list[int]:
    """Who plays after each seat: the next seat round the table, skipping the one sitting out (five players)."""
    after = [(seat + 1) % players for seat in range(players)]
    if sitting_out is not None:
        after[(sitting_out - 1) % players] = (sitting_out + 1) % players
    return after


def fixed_sides(state: State) -> tuple[tuple[int, ...], ...]:
    """The sides known to everyone when the hand starts (chiamata: each seat alone until the partner shows)."""
    if state.rules.sit_out:
        active = state.active
        return ((active[0], active[2]), (active[1], active[3]))
    return state.rules.teams


class State:
    """The whole mutable state of a match. Read its attributes freely; change it only through ``Game.apply``.

    ``actions`` lists every action applied since the start of the match (with the seed, that is the whole match:
    see :mod:`briscola.engine.record`); ``log`` holds the events of the current hand.

    Per-seat lists are indexed by seat. ``talon`` holds the undrawn cards with the **top at the end**; when a card
    was turned, it is ``talon[0]`` (it is drawn last) while ``briscola_in_talon`` is true.
    """

    # Attributes are declared here so that clone(), world() and the view's scrubbing stay in step with them.
    rules: Ruleset
    seed: int | None
    phase: Phase
    hand_no: int
    deals_played: int
    dealer: int
    next_dealer: int
    match_scores: list[int]
    stake: int
    match_winners: tuple[int, ...]
    active: tuple[int, ...]
    sitting_out: int | None
    following: list[int]
    hands: list[list[Card]]
    talon: list[Card]
    briscola: Card | None
    briscola_in_talon: bool
    briscola_taker: int | None
    trump: Suit | None
    trump_public: bool
    leader: int
    to_move: int | None
    trick_seats: list[int]
    trick_cards: list[Card]
    tricks_played: int
    last_winner: int | None
    captured: list[list[Card]]
    points: list[int]
    meld_points: list[int]
    melded_suits: list[Suit]
    tricks_won: list[int]
    draws: list[int]
    public_cards: list[set[Card]]
    voids: list[tuple[int, Suit, int]]
    signals: list[tuple[SignalGiven, int]]
    turn_flags: int
    hands_shown: bool
    auction: AuctionState | None
    caller: int | None
    called_card: Card | None
    partner: int | None
    partner_revealed: bool
    contract: int | None
    declared: tuple[int, bool] | None
    exited: tuple[int, ...]
    log: list[Event]
    actions: list[Action]

    def __init__(self, rules: Ruleset, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.phase = Phase.DEAL
        self.hand_no = 0
        self.deals_played = 0
        self.dealer = -1
        self.next_dealer = -1
        self.match_scores = [0] * rules.players
        self.stake = 1
        self.match_winners = ()
        self.actions = []
        self._reset_hand()

    def _reset_hand(self) -> None:
        n = self.rules.players
        self.active = tuple(range(n))
        self.sitting_out = None
        self.following = following(n, None)
        self.hands = [[] for _ in range(n)]
        self.talon = []
        self.briscola = None
        self.briscola_in_talon = False
        self.briscola_taker = None
        self.trump = None
        self.trump_public = False
        self.leader = 0
        self.to_move = None
        self.trick_seats = []
        self.trick_cards = []
        self.tricks_played = 0
        self.last_winner = None
        self.captured = [[] for _ in range(n)]
        self.points = [0] * n
        self.meld_points = [0] * n
        self.melded_suits = []
        self.tricks_won = [0] * n
        self.draws = [0] * n
        self.public_cards = [set() for _ in range(n)]
        self.voids = []
        self.signals = []
        self.turn_flags = 0
        self.hands_shown = False
        self.auction = None
        self.caller = None
        self.called_card = None
        self.partner = None
        self.partner_revealed = False
        self.contract = None
        self.declared = None
        self.exited = ()
        self.log = []

    @classmethod
    def world(
        cls,
        rules: Ruleset,
        *,
        phase: Phase,
        hand_no: int,
        dealer: int,
        match_scores: list[int],
        stake: int,
        active: tuple[int, ...],
        sitting_out: int | None,
        hands: list[list[Card]],
        public_cards: list[set[Card]],
        talon: list[Card],
        briscola: Card | None,
        briscola_in_talon: bool,
        briscola_taker: int | None,
        trump: Suit | None,
        trump_public: bool,
        leader: int,
        to_move: int | None,
        trick_seats: list[int],
        trick_cards: list[Card],
        tricks_played: int,
        last_winner: int | None,
        captured: list[list[Card]],
        points: list[int],
        meld_points: list[int],
        melded_suits: list[Suit],
        tricks_won: list[int],
        draws: list[int],
        voids: list[tuple[int, Suit, int]],
        signals: list[tuple[SignalGiven, int]],
        turn_flags: int,
        hands_shown: bool,
        auction: AuctionState | None,
        caller: int | None,
        called_card: Card | None,
        contract: int | None,
        partner: int | None,
        partner_revealed: bool,
        declared: tuple[int, bool] | None,
        log: list[Event],
    ) -> Self:
        """A state in the middle of a hand, from every part of it that play changes: a sampled world for search.

        The one way to build a state other than from the start of a match, so that no caller sets attributes by
        hand and a new attribute can't be forgotten here without mypy noticing a missing argument. The lists given
        become the state's own. Like a shadow game, the world has no seed, so it can't deal the hand after this one.
        """
        # Built field by field, not through __init__ and then overwritten: search samples thousands of worlds a move.
        state = cls.__new__(cls)
        state.rules = rules
        state.seed = None
        state.phase = phase
        state.hand_no = hand_no
        state.deals_played = 0
        state.dealer = dealer
        state.next_dealer = (dealer + 1) % rules.players
        state.match_scores = match_scores
        state.stake = stake
        state.match_winners = ()
        state.actions = []
        state.active = active
        state.sitting_out = sitting_out
        state.following = following(rules.players, sitting_out)
        state.hands = hands
        state.public_cards = public_cards
        state.talon = talon
        state.briscola = briscola
        state.briscola_in_talon = briscola_in_talon
        state.briscola_taker = briscola_taker
        state.trump = trump
        state.trump_public = trump_public
        state.leader = leader
        state.to_move = to_move
        state.trick_seats = trick_seats
        state.trick_cards = trick_cards
        state.tricks_played = tricks_played
        state.last_winner = last_winner
        state.captured = captured
        state.points = points
        state.meld_points = meld_points
        state.melded_suits = melded_suits
        state.tricks_won = tricks_won
        state.draws = draws
        state.voids = voids
        state.signals = signals
        state.turn_flags = turn_flags
        state.hands_shown = hands_shown
        state.auction = auction
        state.caller = caller
        state.called_card = called_card
        state.contract = contract
        state.partner = partner
        state.partner_revealed = partner_revealed
        state.declared = declared
        state.exited = ()
        state.log = log
        return state

    # ------------------------------------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        """Number of seats at the table."""
        return self.rules.players

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress as (seat, card) pairs in playing order."""
        return tuple(zip(self.trick_seats, self.trick_cards, strict=True))

    @property
    def talon_size(self) -> int:
        """Cards left to draw, the turned briscola included."""
        return len(self.talon)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The true sides of the hand; chiamata: the caller's side (caller and partner) first, then the others."""
        if self.rules.chiamata and self.caller is not None:
            side = tuple(sorted({self.caller, self.partner if self.partner is not None else self.caller}))
            return (side, tuple(seat for seat in self.active if seat not in side))
        return fixed_sides(self)

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats playing together with ``seat`` this hand (``seat`` included)."""
        for side in self.sides:
            if seat in side:
                return side
        return (seat,)

    def side_points(self, seat: int) -> int:
        """Points taken so far by ``seat``'s side (cards and melds)."""
        return sum(self.points[s] + self.meld_points[s] for s in self.side_of(seat))

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase is Phase.MATCH_OVER

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play (all of the hand unless suit must be followed)."""
        if self.phase is not Phase.PLAY or self.to_move is None:
            return []
        hand = self.hands[self.to_move]
        if self.rules.must_follow_suit and self.trick_cards:
            led = self.trick_cards[0] // 10
            same = [card for card in hand if card // 10 == led]
            if same:
                return same
        return list(hand)
