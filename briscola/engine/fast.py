"""Fast playouts: finish a hand with random legal cards, tens of thousands of hands a second, for search and benchmarks.

:class:`~briscola.engine.game.Game` makes an event for everything that happens, which the table and the records
need but a Monte Carlo playout does not. Here the same rules run on plain lists with no events: the trick winner
comes from :data:`~briscola.engine.tricks.CAPTURE_KEYS` / :data:`~briscola.engine.tricks.SECOND_WINS` (the single
definition of who wins a trick), play order and drawing follow the game's ``following`` links and talon, and suit is
followed when the ruleset says so. A random player never uses the optional actions (swap, declare, melds, signals),
which is a legal way to play. A test checks these playouts against :class:`Game` card by card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from briscola.engine.cards import CARD_POINTS, Card
from briscola.engine.ruleset import TrumpMode
from briscola.engine.tricks import CAPTURE_KEYS, NO_TRUMP, SECOND_WINS

if TYPE_CHECKING:
    from briscola.engine.game import Game
    from briscola.engine.ruleset import Ruleset

__all__ = ["playout", "random_hand"]


def random_hand(rules: Ruleset, rng: random.Random) -> list[int]:
    """Deal a hand of ``rules`` from a deck shuffled by ``rng``, play it out at random, return points by seat.

    Seat 0 leads and the seats play in order 0, 1, ... (the first ``rules.active_players`` seats); the turned card,
    if any, is the last one drawn. Auction forms are played as if their trump had been turned.
    """
    players = rules.active_players
    deck = list(rules.deck)
    rng.shuffle(deck)
    size = rules.hand_size
    hands = [deck[seat : players * size : players] for seat in range(players)]
    talon = deck[players * size :]
    talon.reverse()  # the top at the end; the last card of the deck (turned, if any) is drawn last
    has_trump = rules.trump_mode is not TrumpMode.NONE
    trump = talon[0] // 10 if (has_trump and talon) else (rng.randrange(4) if has_trump else NO_TRUMP)
    points = [0] * players
    following = [(seat + 1) % players for seat in range(players)]
    _play_out(hands, talon, [], [], 0, players, trump, following, points, rules.must_follow_suit, rng.random)
    return points


def playout(game: Game, rng: random.Random) -> list[int]:
    """Finish ``game``'s current hand with random legal cards (``game`` is not changed); return each seat's points.

    The points are the seat's captured card points plus melds, as in the game; add them up per side to score.
    """
    trump = NO_TRUMP if game.trump is None else int(game.trump)
    points = [a + b for a, b in zip(game.points, game.meld_points, strict=True)]
    if game.to_move is None:
        return points
    _play_out(
        [list(hand) for hand in game.hands],
        list(game.talon),
        list(game.trick_cards),
        list(game.trick_seats),
        game.to_move,
        len(game.active),
        trump,
        game.following,
        points,
        game.rules.must_follow_suit,
        rng.random,
    )
    return points


def _play_out(
    hands: list[list[Card]],
    talon: list[Card],
    trick: list[Card],
    seats: list[int],
    seat: int,
    active: int,
    trump: int,
    following: list[int],
    points: list[int],
    must_follow: bool,
    draw: Callable[[], float],
) -> None:
    """The playout loop: play random legal cards until every hand is empty, updating ``points`` in place.

    Everything arrives as arguments so the loop runs on local variables, the fastest access CPython has.
    """
    keys_by_led = CAPTURE_KEYS[trump]
    two = active == 2
    base = trump * 1600
    while hands[seat]:
        while len(trick) < active:
            hand = hands[seat]
            if must_follow and trick:
                led = trick[0] // 10
                options = [card for card in hand if card // 10 == led] or hand
                card = options[int(draw() * len(options))]
                hand.remove(card)
            else:
                card = hand.pop(int(draw() * len(hand)))
            trick.append(card)
            seats.append(seat)
            seat = following[seat]
        if two:
            winner = seats[1] if SECOND_WINS[base + trick[0] * 40 + trick[1]] else seats[0]
            points[winner] += CARD_POINTS[trick[0]] + CARD_POINTS[trick[1]]
        else:
            keys = keys_by_led[trick[0] // 10]
            best = 0
            best_key = keys[trick[0]]
            total = CARD_POINTS[trick[0]]
            for position in range(1, active):
                card = trick[position]
                total += CARD_POINTS[card]
                if keys[card] > best_key:
                    best, best_key = position, keys[card]
            winner = seats[best]
            points[winner] += total
        trick.clear()
        seats.clear()
        seat = winner
        if talon:
            drawer = winner
            for _ in range(active):
                hands[drawer].append(talon.pop())
                drawer = following[drawer]
