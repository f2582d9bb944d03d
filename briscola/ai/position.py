"""A compact, perfect-information position for search: the play phase of one sampled world, with apply and undo.

Search visits hundreds of thousands of positions a move, so it can't afford :class:`~briscola.engine.game.Game`'s
events and checks. A :class:`Position` copies the part of a world that play changes (hands, talon, trick, points)
into plain lists of ints and plays cards with :meth:`Position.play` / :meth:`Position.undo`. The rules are the
engine's: trick winners come from :data:`~briscola.engine.tricks.CAPTURE_KEYS`, drawing follows the world's talon and
playing order, and suit is followed when the ruleset says so. Optional actions (swap, melds, signals) are decided
outside the search, at the root.

Sides: every seat belongs to side 0 or side 1 (``me`` and my partners against the rest). With three individual
players the two others are treated as one side, the usual *paranoid* simplification.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.cards import CARD_POINTS
from briscola.engine.game import Game
from briscola.engine.tricks import CAPTURE_KEYS, NO_TRUMP

__all__ = ["POINTS", "WIN_WEIGHT", "Position"]

#: Card points by card number: the engine's one table, under the name the search modules use.
POINTS: Final[tuple[int, ...]] = CARD_POINTS


#: What a won hand is worth against points in :meth:`Position.outcome` (more than all the points of a deck).
WIN_WEIGHT: Final = 1000


class Position:
    """The play phase of a world, from the point of view of side 0 (``mine``)."""

    __slots__ = (
        "active",
        "following",
        "hands",
        "keys",
        "must_follow",
        "side",
        "side_points",
        "talon",
        "to_move",
        "total",
        "trick",
        "trick_seats",
        "trump",
        "undo_stack",
    )

    def __init__(self, world: Game, me: int) -> None:
        my_side = set(world.side_of(me))  # in a sampled world even a chiamata partner is known
        self.side: list[int] = [0 if seat in my_side else 1 for seat in range(world.rules.players)]
        self.hands: list[list[int]] = [list(hand) for hand in world.hands]
        self.talon: list[int] = list(world.talon)
        self.trick: list[int] = list(world.trick_cards)
        self.trick_seats: list[int] = list(world.trick_seats)
        self.to_move: int = world.to_move if world.to_move is not None else world.leader
        self.following: list[int] = list(world.following)
        self.active: int = len(world.active)
        #: The trump suit's number, or ``NO_TRUMP`` (4, no card's suit) when there is none.
        self.trump: int = NO_TRUMP if world.trump is None else int(world.trump)
        self.keys = CAPTURE_KEYS[self.trump]
        self.must_follow: bool = world.rules.must_follow_suit
        points = [0, 0]
        for seat in range(world.rules.players):
            points[self.side[seat]] += world.points[seat] + world.meld_points[seat]
        self.side_points: list[int] = points
        #: Every point of the hand: taken so far, on the table, in hands and in the talon. More than half wins.
        self.total: int = sum(points) + sum(POINTS[card] for card in self.trick + self.talon)
        self.total += sum(POINTS[card] for hand in self.hands for card in hand)
        self.undo_stack: list[tuple[int, int, int, int, bool, list[int], list[int]]] = []

    # -------------------------------------------------------------------------------------------- reading

    @property
    def over(self) -> bool:
        """True when every card has been played."""
        return not self.hands[self.to_move] and not self.trick

    def moves(self) -> list[int]:
        """The cards the player to move may play."""
        hand = self.hands[self.to_move]
        if self.must_follow and self.trick:
            led = self.trick[0] // 10
            same = [card for card in hand if card // 10 == led]
            if same:
                return same
        return hand[:]

    def outcome(self) -> int:
        """What the hand is worth to side 0 once it is over: a win outweighs any margin, points break ties.

        Briscola is won by having more points, not by having many: ``WIN_WEIGHT`` for a won hand (minus for a lost
        one, nothing for a draw) plus side 0's points, so a search prefers a sure 61 to a risky 80.
        """
        mine, theirs = self.side_points
        return WIN_WEIGHT * ((mine > theirs) - (mine < theirs)) + mine

    def winning_position(self) -> tuple[int, int]:
        """(position in the trick, capture key) of the card winning the trick in progress so far."""
        keys = self.keys[self.trick[0] // 10]
        best, best_key = 0, keys[self.trick[0]]
        for i in range(1, len(self.trick)):
            key = keys[self.trick[i]]
            if key > best_key:
                best, best_key = i, key
        return best, best_key

    def last_trick(self) -> tuple[int, int] | None:
        """At the start of the hand's last trick (talon empty, one card in every hand): the points each side will
        have once it is played, ``(side 0, side 1)``; else None.

        Nobody has a choice left there, so a search can score the trick without playing it: the positions it would
        visit are the most numerous of all and the cheapest to know.
        """
        if self.trick or self.talon or len(self.hands[self.to_move]) != 1:
            return None
        seat = self.to_move
        lead = self.hands[seat][0]
        keys = self.keys[lead // 10]
        best_seat, best_key = seat, keys[lead]
        total = POINTS[lead]
        for _ in range(self.active - 1):
            seat = self.following[seat]
            hand = self.hands[seat]
            if len(hand) != 1:
                return None
            card = hand[0]
            total += POINTS[card]
            if keys[card] > best_key:
                best_seat, best_key = seat, keys[card]
        mine, theirs = self.side_points
        return (mine + total, theirs) if self.side[best_seat] == 0 else (mine, theirs + total)

    # -------------------------------------------------------------------------------------------- acting

    def play(self, card: int) -> None:
        """Play ``card`` for the player to move (it must be legal); completes the trick and draws when it's full."""
        seat = self.to_move
        hand = self.hands[seat]
        index = hand.index(card)
        hand.pop(index)
        trick = self.trick
        seats = self.trick_seats
        trick.append(card)
        seats.append(seat)
        if len(trick) < self.active:
            self.undo_stack.append((seat, index, -1, 0, False, trick, seats))
            self.to_move = self.following[seat]
            return
        keys = self.keys[trick[0] // 10]
        best = 0
        best_key = keys[trick[0]]
        total = POINTS[trick[0]]
        for i in range(1, len(trick)):
            c = trick[i]
            total += POINTS[c]
            if keys[c] > best_key:
                best, best_key = i, keys[c]
        winner = seats[best]
        self.side_points[self.side[winner]] += total
        drawn = bool(self.talon)
        if drawn:
            drawer = winner
            following = self.following
            for _ in range(self.active):
                self.hands[drawer].append(self.talon.pop())
                drawer = following[drawer]
        self.undo_stack.append((seat, index, winner, total, drawn, trick, seats))
        self.trick = []
        self.trick_seats = []
        self.to_move = winner

    def undo(self) -> None:
        """Take back the last :meth:`play`."""
        seat, index, winner, total, drawn, trick, seats = self.undo_stack.pop()
        if winner >= 0:
            self.side_points[self.side[winner]] -= total
            if drawn:
                order = []
                drawer = winner
                for _ in range(self.active):
                    order.append(drawer)
                    drawer = self.following[drawer]
                for drawer in reversed(order):
                    self.talon.append(self.hands[drawer].pop())
            self.trick = trick
            self.trick_seats = seats
        card = trick.pop()
        seats.pop()
        self.hands[seat].insert(index, card)
        self.to_move = seat
