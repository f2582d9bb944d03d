"""What one seat can infer from its :class:`PlayerView`: the card counting a careful player does at the table.

Every fact here is derived from the view alone (cards still out, trumps remaining and which high ones are gone,
points in play, voids, who plays after me, who is with me, whether my side already holds the trick), so a player
built on it can't cheat, and stronger levels can reuse it. :meth:`Knowledge.sample_hands` deals the cards the seat
can't place into the hands that hide them, respecting every void and signal, for the little "what could they hold?"
estimates the intermediate level makes.

>>> from briscola.engine import Deal, Game, preset
>>> game = Game(preset("classic"), seed=3)
>>> _ = game.apply(Deal())
>>> know = Knowledge(game.view(game.to_move))
>>> len(know.out), know.points_out + sum(card.points for card in know.hand)
(37, 120)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Final

from briscola.engine.cards import Card, Rank, Suit
from briscola.engine.events import CardDrawn, SignalKind, TrickWon
from briscola.engine.tricks import CAPTURE_KEYS, NO_TRUMP
from briscola.engine.views import PlayerView

__all__ = ["Knowledge", "beats", "capture_strength"]

#: A trick worth at least this much that a player let an opponent take suggests it had nothing to take it with.
_TEMPTING_TRICK: Final = 4
#: How often :meth:`Knowledge.sample_hands` retries a deal that breaks a void before it ignores the voids.
_SAMPLE_ATTEMPTS: Final = 30


def capture_strength(card: Card, led: Suit, trump: Suit | None) -> int:
    """The card's key in a trick led in ``led``: a higher key captures a lower one (-1: it can never win)."""
    return CAPTURE_KEYS[NO_TRUMP if trump is None else int(trump)][led][card]


def beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    """True when ``card`` would take a trick led in ``led`` that ``best`` is winning so far."""
    keys = CAPTURE_KEYS[NO_TRUMP if trump is None else int(trump)][led]
    return keys[card] > keys[best]


class Knowledge:
    """The inferences of ``view.seat`` at one moment. Cheap to build; the costlier facts are computed on demand."""

    def __init__(self, view: PlayerView, *, memory: bool = True) -> None:
        self.view = view
        self.memory = memory
        self.seat = view.seat
        self.trump: Suit | None = view.trump
        self.hand: tuple[Card, ...] = view.hand
        played = view.played_cards() if memory else tuple(card for _, card in view.trick)
        self.played: frozenset[Card] = frozenset(played)
        mine = set(view.hand)
        #: Every card not yet played and not in my hand: in another hand or in the talon. Without ``memory`` the
        #: cards of earlier tricks count as still out: the seat has forgotten them.
        self.out: frozenset[Card] = frozenset(c for c in view.rules.deck if c not in self.played and c not in mine)
        if memory:
            unseen: frozenset[Card] = frozenset(view.unseen_cards())
        else:
            placed = {card for cards in view.known_cards for card in cards}
            if view.briscola is not None and view.briscola_in_talon:
                placed.add(view.briscola)
            unseen = frozenset(card for card in self.out if card not in placed)
        #: The cards I can't place (not known in a hand, not the face-up briscola).
        self.unseen = unseen
        self.known: dict[int, frozenset[Card]] = {seat: frozenset(view.known_cards[seat]) for seat in view.active}
        self.hidden: dict[int, int] = {
            seat: view.hand_sizes[seat] - len(self.known[seat]) for seat in view.active if seat != self.seat
        }
        visible_bottom = 1 if (view.briscola is not None and view.briscola_in_talon) else 0
        #: Talon cards I can't see (all of them but a face-up briscola).
        self.talon_hidden = view.talon_size - visible_bottom

    # ------------------------------------------------------------------------------------------------ cards

    @cached_property
    def points_out(self) -> int:
        """Card points still to be captured that are not in my hand."""
        return sum(card.points for card in self.out)

    def trumps_out(self) -> tuple[Card, ...]:
        """The trumps not yet played and not mine, strongest first (empty when the trump is unknown or none)."""
        if self.trump is None:
            return ()
        return tuple(sorted((c for c in self.out if c.suit == self.trump), reverse=True))

    def high_trumps_out(self) -> tuple[Card, ...]:
        """The trump ace, three and king if still out: the trumps that decide who takes the carichi."""
        return tuple(card for card in self.trumps_out() if card.rank >= Rank.KING)

    def higher_out(self, card: Card) -> tuple[Card, ...]:
        """Cards of the same suit still out that capture ``card``."""
        return tuple(c for c in self.out if c.beats_in_suit(card))

    def is_top_of_suit(self, card: Card) -> bool:
        """True when no card still out of the card's suit can capture it."""
        return not self.higher_out(card)

    # ------------------------------------------------------------------------------------------------ seats

    @cached_property
    def voids(self) -> dict[int, frozenset[Suit]]:
        """For each other seat, the suits it is known to lack right now.

        A seat that failed to follow when forced, or signalled "no trumps", and has drawn nothing since, still lacks
        the suit; a suit with no card left anywhere I can't see is lacking for every seat that shows none of it.
        """
        view = self.view
        out: dict[int, set[Suit]] = {seat: set() for seat in self.hidden}
        if not self.memory:
            return {seat: frozenset() for seat in out}
        for seat, suit, draws_then in view.voids:
            if seat in out and view.draws[seat] == draws_then:
                out[seat].add(suit)
        if self.trump is not None:
            for signal, draws_then in view.signals:
                seat = signal.seat
                if seat in out and signal.signal is SignalKind.NONE and view.draws[seat] == draws_then:
                    out[seat].add(self.trump)
        unseen_suits = {card.suit for card in self.unseen}
        for seat, suits in out.items():
            suits.update(suit for suit in Suit if suit not in unseen_suits and not self._known_has(seat, suit))
        return {seat: frozenset(suits) for seat, suits in out.items()}

    @cached_property
    def signalled(self) -> dict[int, frozenset[Card]]:
        """Trump carichi that a seat's truthful sign says it holds, as long as they are unplayed and not mine."""
        out: dict[int, set[Card]] = {seat: set() for seat in self.hidden}
        trump = self.trump
        if trump is None or not self.memory:
            return {}
        ace, three, king = Card.of(Rank.ACE, trump), Card.of(Rank.THREE, trump), Card.of(Rank.KING, trump)
        holds = {
            SignalKind.ACE: (ace,),
            SignalKind.THREE: (three,),
            SignalKind.BOTH: (ace, three),
            SignalKind.KING: (king,),
        }
        for signal, _ in self.view.signals:
            if signal.seat in out:
                out[signal.seat].update(card for card in holds.get(signal.signal, ()) if card in self.unseen)
        return {seat: frozenset(cards) for seat, cards in out.items() if cards}

    @cached_property
    def declined(self) -> dict[int, tuple[int, frozenset[Card]]]:
        """For each other seat, what it showed it lacked when it last let an opponent's trick worth taking go.

        The value is (its draw count then, the cards that would have taken the trick). Not a proof (it may have kept
        a trump on purpose), but most players take such a trick when they can: so of those cards it probably holds
        no more now than the cards it has drawn since.
        """
        if not self.memory:
            return {}
        trump = self.trump
        draws = dict.fromkeys(range(self.view.rules.players), 0)
        out: dict[int, tuple[int, frozenset[Card]]] = {}
        for event in self.view.events:
            if isinstance(event, CardDrawn):
                draws[event.seat] += 1
            elif isinstance(event, TrickWon) and event.points >= _TEMPTING_TRICK:
                seats = [seat for seat, _ in event.cards]
                position = seats.index(event.winner)
                best = event.cards[position][1]
                led = event.cards[0][1].suit
                takers = frozenset(card for card in self.view.rules.deck if beats(card, best, led, trump))
                for seat, _ in event.cards[position + 1 :]:
                    if seat in self.hidden and self.affinity(seat, event.winner) < 0:
                        out[seat] = (draws[seat], takers)
        return out

    def _known_has(self, seat: int, suit: Suit) -> bool:
        return any(card.suit == suit for card in self.known.get(seat, ()))

    def possible(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may hold: those known in its hand, and unseen ones of suits it is not void in."""
        known = self.known.get(seat, frozenset())
        if self.hidden.get(seat, 0) <= 0:
            return known
        void = self.voids.get(seat, frozenset())
        return known | frozenset(card for card in self.unseen if card.suit not in void)

    def may_hold_suit(self, seat: int, suit: Suit) -> bool:
        """False when ``seat`` surely holds no card of ``suit``."""
        return any(card.suit == suit for card in self.possible(seat))

    def exact_hands(self) -> dict[int, tuple[Card, ...]] | None:
        """Every other hand, when counting pins them down (nothing hidden, or one hand hides all the unseen cards)."""
        hiding = [seat for seat, count in self.hidden.items() if count > 0]
        if self.talon_hidden > 0 or len(hiding) > 1:
            return None
        hands = {seat: tuple(sorted(self.known[seat])) for seat in self.hidden}
        if hiding:
            seat = hiding[0]
            if self.hidden[seat] != len(self.unseen):
                return None
            hands[seat] = tuple(sorted(self.known[seat] | self.unseen))
        return hands

    @cached_property
    def seats_after(self) -> tuple[int, ...]:
        """The seats still to play to the current trick after me, in order."""
        return self.view.seats_after(self.seat)

    @cached_property
    def side_weights(self) -> dict[int, float]:
        """How much a point taken by each seat is worth to me: 1 for my side, -1 for an opponent.

        In chiamata, before the partner shows, a seat whose side I can't know gets the odds: for the caller each
        other seat is the partner one time in four; for a defender each other defender is the partner one in three.
        """
        view = self.view
        weights: dict[int, float] = {}
        rules = view.rules
        hidden_partner = rules.chiamata and view.caller is not None and view.partner is None
        for seat in view.active:
            if seat == self.seat:
                weights[seat] = 1.0
            elif hidden_partner:
                others = len(view.active) - 1
                if self.seat == view.caller:
                    weights[seat] = (1 - (others - 1)) / others
                elif seat == view.caller:
                    weights[seat] = -1.0
                else:
                    weights[seat] = ((others - 2) - 1) / (others - 1)
            else:
                weights[seat] = 1.0 if seat in view.team() else -1.0
        return weights

    def affinity(self, seat: int, other: int) -> float:
        """How much a point taken by ``other`` is worth to ``seat``, as far as I can tell (1 same side, -1 against)."""
        if seat == other:
            return 1.0
        if seat == self.seat:
            return self.side_weights[other]
        if other == self.seat:
            return self.side_weights[seat]
        view = self.view
        if view.rules.chiamata and view.caller is not None and view.partner is None:
            # Neither is me and the partner is hidden: seen from outside, two defenders are probably together.
            return -0.5 if view.caller in (seat, other) else 1 / 3
        return 1.0 if any(seat in side and other in side for side in view.sides) else -1.0

    @cached_property
    def partners(self) -> tuple[int, ...]:
        """The seats I know (or, in chiamata, believe) to be on my side, me excluded."""
        return tuple(seat for seat, weight in self.side_weights.items() if seat != self.seat and weight > 0)

    def is_ally(self, seat: int) -> bool:
        """True when ``seat`` is surely or probably on my side."""
        return self.side_weights.get(seat, -1.0) > 0

    def opponents_after(self) -> tuple[int, ...]:
        """The seats after me in this trick that may be against me."""
        return tuple(seat for seat in self.seats_after if self.side_weights[seat] < 1.0)

    # ------------------------------------------------------------------------------------------------ the trick

    @cached_property
    def led_suit(self) -> Suit | None:
        """The suit led in the current trick, or None when I lead."""
        return self.view.trick[0][1].suit if self.view.trick else None

    @cached_property
    def winning(self) -> tuple[int, Card] | None:
        """The (seat, card) winning the trick so far, or None when I lead."""
        trick = self.view.trick
        if not trick:
            return None
        led = trick[0][1].suit
        return max(trick, key=lambda entry: capture_strength(entry[1], led, self.trump))

    @cached_property
    def trick_points(self) -> int:
        """Points on the table in the current trick."""
        return sum(card.points for _, card in self.view.trick)

    def my_side_winning(self) -> bool:
        """True when the trick so far is held by me or a (known or likely) partner."""
        return self.winning is not None and self.is_ally(self.winning[0])

    def can_be_beaten(self, best: Card, led: Suit, seats: Iterable[int]) -> bool:
        """True when one of ``seats`` may hold a card that takes a trick led in ``led`` now held by ``best``."""
        return any(beats(card, best, led, self.trump) for seat in seats for card in self.possible(seat))

    def trick_is_safe(self) -> bool:
        """True when my side holds the trick and no opponent still to play can take it: load it with points."""
        if self.winning is None or not self.my_side_winning():
            return False
        assert self.led_suit is not None
        return not self.can_be_beaten(self.winning[1], self.led_suit, self.opponents_after())

    # ------------------------------------------------------------------------------------------------ sampling

    def sample_hands(self, rng: random.Random, seats: Sequence[int], trust: float = 0.0) -> dict[int, list[Card]]:
        """A guess of the hands of ``seats``: known cards plus unseen ones dealt at random, honouring voids and signs.

        With probability ``trust`` the guess also believes what declined trumps suggest (:attr:`declined_trumps`).
        Retries a deal that leaves a seat a card of a suit it lacks, and after a few tries accepts one that breaks a
        constraint rather than fail: this is an estimate, not a proof.
        """
        pool = sorted(self.unseen)
        wanted = [seat for seat in seats if seat in self.hidden]
        caps: dict[int, tuple[int, frozenset[Card]]] = {}
        if trust > 0 and rng.random() < trust:
            caps = {seat: (self.view.draws[seat] - then, cards) for seat, (then, cards) in self.declined.items()}
        best: dict[int, list[Card]] = {}
        for _ in range(_SAMPLE_ATTEMPTS):
            rng.shuffle(pool)
            remaining = list(pool)
            hands: dict[int, list[Card]] = {}
            ok = True
            for seat in wanted:
                hand = list(self.known[seat])
                musts = [card for card in self.signalled.get(seat, ()) if card in remaining]
                for card in musts:
                    remaining.remove(card)
                hand.extend(musts[: self.hidden[seat]])
                void = self.voids.get(seat, frozenset())
                need = self.hidden[seat] - len(musts)
                room, lacking = caps.get(seat, (need, frozenset()))
                room -= sum(1 for card in hand if card in lacking)
                taken: list[Card] = []
                for card in remaining:
                    if len(taken) >= need:
                        break
                    if card.suit in void:
                        continue
                    if card in lacking:
                        if room <= 0:
                            continue
                        room -= 1
                    taken.append(card)
                if len(taken) < need:
                    ok = False
                    taken += [card for card in remaining if card not in taken][: need - len(taken)]
                for card in taken:
                    remaining.remove(card)
                hands[seat] = hand + taken
            best = hands
            if ok:
                return hands
        return best
