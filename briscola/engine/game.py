"""The game state: a match of hands under one ruleset, driven by pushed actions that return the events they caused.

A :class:`Game` is created from a :class:`~briscola.engine.ruleset.Ruleset` and a seed. It never draws random numbers
of its own: the deck order of every hand is a pure function of the seed and the hand number (:mod:`.dealing`), so a
match is reproducible from its seed and its action list. The controller (the desktop table, the arena, a test)
pushes actions with :meth:`Game.apply`; an illegal action raises a precise
:class:`~briscola.engine.errors.IllegalActionError` and leaves the state untouched.

>>> from briscola.engine.presets import preset
>>> game = Game(preset("classic"), seed=7)
>>> events = game.apply(Deal())
>>> game.phase, len(game.hands[game.to_move])
(<Phase.PLAY: 'play'>, 3)
>>> _ = game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

from briscola.engine import auction, options, scoring
from briscola.engine.actions import (
    Action,
    Ask,
    Bid,
    Call,
    ChooseTrump,
    Deal,
    Declare,
    Forfeit,
    Meld,
    Pass,
    Play,
    Signal,
    Swap,
)
from briscola.engine.cards import CARD_POINTS, Card, Suit
from briscola.engine.dealing import choose_first_dealer, deck_order
from briscola.engine.errors import IllegalActionError, IllegalReason, NotYourTurnError, WrongPhaseError
from briscola.engine.events import (
    CardDealt,
    CardDrawn,
    CardPlayed,
    Event,
    HandsShown,
    HandStarted,
    PartnerRevealed,
    TrickWon,
    TrumpRevealed,
    TrumpTurned,
)
from briscola.engine.ruleset import Ruleset, TrumpMode
from briscola.engine.state import Phase, State, fixed_sides, following
from briscola.engine.tricks import CAPTURE_KEYS, NO_TRUMP
from briscola.engine.views import PlayerView, view_for

__all__ = ["Game", "Phase"]


class Game(State):
    """A match you can play: the :class:`~briscola.engine.state.State` plus dealing, playing and the rule helpers.

    Read its attributes freely (see :class:`~briscola.engine.state.State`); change it only through :meth:`apply`.
    """

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now, for :attr:`to_move` (or the chance step ``Deal``)."""
        phase = self.phase
        if phase is Phase.PLAY:
            return self._legal_play()
        if phase is Phase.DEAL or phase is Phase.HAND_OVER:
            return [Deal()]
        if phase is Phase.AUCTION:
            return auction.legal_bids(self)
        if phase is Phase.CALL:
            return auction.legal_calls(self)
        return []

    def _legal_play(self) -> list[Action]:
        seat = self.to_move
        assert seat is not None
        return [*(Play(card) for card in self.legal_cards()), *options.legal_options(self, seat)]

    # ------------------------------------------------------------------------------------------------ acting

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Carry out ``action`` for the player to move and return the events it caused, in order.

        ``seat``, when given, is who pushes the action; pushing for another seat raises
        :class:`NotYourTurnError`. Illegal actions raise :class:`IllegalActionError` and change nothing.
        """
        phase = self.phase
        if isinstance(action, Forfeit):
            if seat is not None:
                raise NotYourTurnError(f"seat {seat} can't forfeit: a forfeit is the referee's decision")
            ended = self._forfeit(action.seats)
            self.actions.append(action)
            return ended
        if seat is not None and seat != self.to_move and phase not in (Phase.DEAL, Phase.HAND_OVER):
            raise NotYourTurnError(f"it is not seat {seat}'s turn (seat {self.to_move} is to move)")
        events: list[Event] = []
        if isinstance(action, Play):
            if phase is not Phase.PLAY:
                raise WrongPhaseError(f"no card can be played during the {phase.value} phase")
            self._play(action.card, events)
        elif isinstance(action, Deal):
            if phase is not Phase.DEAL and phase is not Phase.HAND_OVER:
                raise WrongPhaseError(f"a new hand can't be dealt during the {phase.value} phase")
            self._deal(events)
        elif phase is Phase.AUCTION and isinstance(action, (Bid, Pass)):
            auction.apply_bid(self, action, events)
        elif phase is Phase.CALL and isinstance(action, (Call, ChooseTrump)):
            auction.apply_call(self, action, events)
        elif phase is Phase.PLAY and isinstance(action, (Swap, Declare, Meld, Signal, Ask)):
            options.apply_option(self, action, events)
            if isinstance(action, Declare):
                scoring.finish_hand(self, "declare", events)
        else:
            raise WrongPhaseError(f"{action} is not an action of the {phase.value} phase")
        self.log.extend(events)
        self.actions.append(action)
        return events

    @classmethod
    def from_deal(
        cls,
        rules: Ruleset,
        order: list[Card],
        *,
        dealer: int,
        hand_no: int = 0,
        match_scores: list[int] | None = None,
        stake: int = 1,
    ) -> Game:
        """A game whose current hand was dealt from ``order`` (top card first) by ``dealer``.

        For a game dealt elsewhere: a bot keeps a *shadow* of the referee's game this way, and tests start from a
        chosen deal. It has no seed, so it can't deal the hand after this one. The deal's events are in ``log``.
        """
        if sorted(order) != sorted(rules.deck):
            raise IllegalActionError(
                "the order to deal must hold every card of the ruleset's deck exactly once", IllegalReason.BAD_DEAL
            )
        if not 0 <= dealer < rules.players:
            raise IllegalActionError(
                f"dealer {dealer} is not a seat at a table of {rules.players}", IllegalReason.BAD_DEAL
            )
        game = cls(rules, 0)
        game.seed = None
        game.dealer = dealer
        game.hand_no = hand_no
        game.stake = stake
        if match_scores is not None:
            game.match_scores = list(match_scores)
        events: list[Event] = []
        game._start_hand(list(order), events)
        game.log.extend(events)
        return game

    def forfeit(self, seats: tuple[int, ...]) -> list[Event]:
        """End the hand now because ``seats`` left the table (a bot that died): their side loses the hand.

        This is the referee's decision, not a player's move, so it is not in :meth:`legal_actions`; it is pushed as
        the action :class:`~briscola.engine.actions.Forfeit`, so :attr:`actions` (and a record) keeps it.
        """
        return self.apply(Forfeit(seats))

    def _forfeit(self, seats: tuple[int, ...]) -> list[Event]:
        if self.phase not in (Phase.AUCTION, Phase.CALL, Phase.PLAY):
            raise WrongPhaseError(f"there is no hand in progress to forfeit during the {self.phase.value} phase")
        if not seats or any(seat not in self.active for seat in seats):
            raise IllegalActionError(f"seats {seats} are not all playing this hand", IllegalReason.SEAT_NOT_PLAYING)
        self.exited = tuple(sorted(set(seats)))
        if self.rules.chiamata and self.caller is None:
            # Left during the auction: scored as a caller playing alone who failed, so the deal still sums to zero.
            self.caller = self.partner = self.exited[0]
            self.contract = 61
        events: list[Event] = []
        scoring.finish_hand(self, "exited", events)
        self.log.extend(events)
        return events

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now: see :class:`~briscola.engine.views.PlayerView`."""
        return view_for(self, seat, tuple(self.legal_actions()) if self.to_move == seat else ())

    def clone(self) -> Game:
        """An independent copy, cheap enough for search (no deep copy of immutable parts)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.match_scores = self.match_scores[:]
        other.following = self.following[:]
        other.hands = [hand[:] for hand in self.hands]
        other.talon = self.talon[:]
        other.trick_seats = self.trick_seats[:]
        other.trick_cards = self.trick_cards[:]
        other.captured = [pile[:] for pile in self.captured]
        other.points = self.points[:]
        other.meld_points = self.meld_points[:]
        other.melded_suits = self.melded_suits[:]
        other.tricks_won = self.tricks_won[:]
        other.draws = self.draws[:]
        other.public_cards = [set(cards) for cards in self.public_cards]
        other.voids = self.voids[:]
        other.signals = self.signals[:]
        other.auction = self.auction.clone() if self.auction is not None else None
        other.log = self.log[:]
        other.actions = self.actions[:]
        return other

    # ------------------------------------------------------------------------------------------------ dealing

    def _deal(self, events: list[Event]) -> None:
        assert self.seed is not None, "a game without a seed (a sampled world or a shadow) can't deal a new hand"
        if self.dealer < 0:
            chosen = choose_first_dealer(self.rules, self.seed)
            events.append(chosen)
            self.dealer = chosen.dealer
        else:
            self.dealer = self.next_dealer
        self._start_hand(deck_order(self.rules, self.seed, self.hand_no), events)

    def _start_hand(self, order: list[Card], events: list[Event]) -> None:
        """Deal ``order`` (top card first) for the current dealer and open the hand."""
        rules = self.rules
        n = rules.players
        self._reset_hand()
        dealer = self.dealer
        if rules.sit_out:
            self.sitting_out = dealer
            self.active = tuple((dealer + k) % n for k in range(1, n))
            self.following = following(n, dealer)
        else:
            self.active = tuple((dealer + k) % n for k in range(1, n + 1))
        self.next_dealer = (dealer + 1) % n
        events.append(HandStarted(self.hand_no, dealer, self.stake, fixed_sides(self), self.sitting_out))
        self.hand_no += 1
        position = 0
        for _ in range(rules.hand_size):
            for seat in self.active:
                card = order[position]
                position += 1
                self.hands[seat].append(card)
                events.append(CardDealt(seat, card, None if rules.open_hands else frozenset((seat,))))
                if rules.open_hands:
                    self.public_cards[seat].add(card)
        rest = order[position:]
        self.talon = list(reversed(rest))  # the next card is on top, at the end of the list
        first = self.active[0]
        self.leader = first
        if rules.turns_card:
            turned = self.talon.pop()
            self.talon.insert(0, turned)
            self.briscola = turned
            self.briscola_in_talon = True
            self.trump = turned.suit
            if rules.trump_mode is TrumpMode.TURNED:
                self.trump_public = True
                events.append(TrumpTurned(turned, turned.suit))
            else:
                events.append(TrumpTurned(None, None))
        if rules.has_auction:
            self.phase = Phase.AUCTION
            self.auction = auction.AuctionState.start(n)
            self.to_move = first
        else:
            self.phase = Phase.PLAY
            self.to_move = first

    # ------------------------------------------------------------------------------------------------ playing

    def _play(self, card: Card, events: list[Event]) -> None:
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalActionError(f"seat {seat} does not hold {card}", IllegalReason.CARD_NOT_IN_HAND)
        rules = self.rules
        if rules.must_follow_suit and self.trick_cards:
            led = self.trick_cards[0] // 10
            if card // 10 != led and any(c // 10 == led for c in hand):
                raise IllegalActionError(
                    f"{card} does not follow the suit led ({Suit(led).letter}): follow suit",
                    IllegalReason.MUST_FOLLOW_SUIT,
                )
            if card // 10 != led:
                self.voids.append((seat, Suit(led), self.draws[seat]))
        hand.remove(card)
        self.public_cards[seat].discard(card)
        self.trick_seats.append(seat)
        self.trick_cards.append(card)
        self.turn_flags = 0
        events.append(CardPlayed(seat, card))
        if not self.trump_public and self.trump is not None and card.suit == self.trump:
            self.trump_public = True
            events.append(TrumpRevealed(self.trump))
        if self.called_card is not None and card == self.called_card and not self.partner_revealed:
            self.partner_revealed = True
            events.append(PartnerRevealed(seat, seat == self.caller))
        if len(self.trick_cards) < len(self.active):
            self.to_move = self.following[seat]
            return
        self._finish_trick(events)

    def _finish_trick(self, events: list[Event]) -> None:
        cards = self.trick_cards
        keys = CAPTURE_KEYS[NO_TRUMP if self.trump is None else self.trump][cards[0] // 10]
        best = 0
        for position in range(1, len(cards)):
            if keys[cards[position]] > keys[cards[best]]:
                best = position
        winner = self.trick_seats[best]
        points = sum(CARD_POINTS[card] for card in cards)
        self.captured[winner].extend(cards)
        self.points[winner] += points
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        self.last_winner = winner
        events.append(TrickWon(winner, self.trick, points, self.tricks_played))
        self.trick_seats = []
        self.trick_cards = []
        if self.talon:
            self._draw_round(winner, events)
        if not self.hands[winner]:
            scoring.finish_hand(self, "played", events)
            return
        self.leader = winner
        self.to_move = winner

    def _draw_round(self, winner: int, events: list[Event]) -> None:
        rules = self.rules
        seat = winner
        open_hands = rules.open_hands
        for _ in range(len(self.active)):
            card = self.talon.pop()
            is_briscola = self.briscola_in_talon and not self.talon
            if is_briscola:
                self.briscola_in_talon = False
                self.briscola_taker = seat
            public = open_hands or (is_briscola and rules.trump_mode is TrumpMode.TURNED)
            self.hands[seat].append(card)
            self.draws[seat] += 1
            if public:
                self.public_cards[seat].add(card)
            events.append(CardDrawn(seat, card, None if public else frozenset((seat,)), is_briscola, len(self.talon)))
            seat = self.following[seat]
        if not self.talon and rules.show_hands_at_end and not self.hands_shown:
            self.hands_shown = True
            for side in fixed_sides(self):
                for member in side:
                    events.append(HandsShown(member, tuple(self.hands[member]), frozenset(side)))
