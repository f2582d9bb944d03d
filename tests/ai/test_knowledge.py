"""What a seat infers from its view: counting, voids, signs, sides, the trick, and guesses of hidden hands.

Positions are real games: dealt, then rigged (``tests.engine.helpers.rig``) so every card sits in exactly one place,
then played on through ``apply``; the views come from the engine, so knowledge is tested on what a seat really sees.
"""

from __future__ import annotations

import dataclasses
import doctest
import random

import briscola.ai.knowledge
from briscola.ai.knowledge import Knowledge, beats
from briscola.engine import Card, Game, Play, Suit, preset
from briscola.engine.cards import parse_cards
from briscola.engine.events import SignalGiven, SignalKind
from tests.engine.helpers import cards, dealt, rig


def _game(
    name: str,
    *,
    hands: list[str],
    trump: Suit,
    leader: int,
    captured: list[str] | None = None,
    briscola: str | None = None,
    talon_size: int | None = None,
) -> Game:
    """A dealt game of preset ``name`` rigged to ``hands``; the cards left over fill the talon, then the piles.

    ``talon_size`` cards (all the rest by default) go to the talon, ``briscola`` at its bottom; whatever remains goes
    to seat 0's pile when ``captured`` is not given.
    """
    game = dealt(preset(name))
    held = [cards(hand) for hand in hands]
    piles = [cards(pile) for pile in captured] if captured is not None else [[] for _ in hands]
    turned = Card.parse(briscola) if briscola else None
    used = {card for group in (*held, *piles) for card in group} | ({turned} if turned else set())
    rest = [card for card in game.rules.deck if card not in used]
    size = len(rest) + (1 if turned else 0) if talon_size is None else talon_size
    talon = ([turned] if turned and size else []) + rest[: max(size - 1 if turned else size, 0)]
    piles[0].extend(rest[len(talon) - (1 if turned and size else 0) :])
    if turned and not size:
        piles[0].append(turned)
    rig(game, hands=held, captured=piles, trump=trump, leader=leader, talon=talon, briscola=turned if size else None)
    return game


def test_the_module_examples_run() -> None:
    assert doctest.testmod(briscola.ai.knowledge).failed == 0


def test_a_fresh_deal_counts_every_card_and_point_outside_the_hand() -> None:
    game = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    know = Knowledge(game.view(0))
    assert len(know.out) == 37
    assert know.points_out == 120 - 21
    assert Card.parse("7C") in know.out and Card.parse("7C") not in know.unseen  # the briscola is seen, still out
    assert know.trumps_out()[0] == Card.parse("AC")
    assert know.high_trumps_out() == parse_cards("AC 3C KC")
    assert know.seats_after == (1,)
    assert know.hidden == {1: 3}
    assert know.talon_hidden == 33


def test_played_cards_are_remembered_only_with_memory() -> None:
    game = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("4D")))
    game.apply(Play(Card.parse("KC")))  # the king of trumps takes the four
    view = game.view(0)
    assert Card.parse("KC") not in Knowledge(view).out
    assert Card.parse("KC") not in Knowledge(view).high_trumps_out()
    assert Card.parse("KC") in Knowledge(view, memory=False).out  # a forgetful player still fears the king


def test_the_top_of_a_suit_is_known_once_the_higher_cards_are_gone() -> None:
    game = _game(
        "classic", hands=["3H 4D 5D", "6S 2C 5S"], captured=["AH KH", ""], trump=Suit.CLUBS, leader=0, briscola="7C"
    )
    know = Knowledge(game.view(0))
    assert know.is_top_of_suit(Card.parse("3H"))
    assert not know.is_top_of_suit(Card.parse("4D"))
    assert Card.parse("6D") in know.higher_out(Card.parse("4D"))
    assert Card.parse("5D") not in know.higher_out(Card.parse("4D"))  # mine: not out


def test_a_void_holds_until_the_seat_draws_again() -> None:
    game = _game("bussata", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    view = game.view(0)
    void = dataclasses.replace(view, voids=((1, Suit.HEARTS, view.draws[1]),))
    know = Knowledge(void)
    assert Suit.HEARTS in know.voids[1]
    assert not know.may_hold_suit(1, Suit.HEARTS)
    rng = random.Random(1)
    for _ in range(30):
        assert all(card.suit != Suit.HEARTS for card in know.sample_hands(rng, (1,))[1])
    stale = dataclasses.replace(view, voids=((1, Suit.HEARTS, view.draws[1] - 1),))
    assert Suit.HEARTS not in Knowledge(stale).voids[1]


def test_signs_place_the_trump_ace_and_mark_a_void_in_trumps() -> None:
    game = _game("four-signals", hands=["AH 3S 4D", "KC 2C 5S", "2D 4H 5H", "6D 6H 6S"], trump=Suit.SPADES, leader=0)
    view = game.view(0)
    ace = SignalGiven(2, SignalKind.ACE, frozenset((0, 2)))
    none = SignalGiven(1, SignalKind.NONE, None, asked_by=3)
    know = Knowledge(dataclasses.replace(view, signals=((ace, view.draws[2]), (none, view.draws[1]))))
    assert know.signalled == {2: frozenset({Card.parse("AS")})}
    assert Suit.SPADES in know.voids[1]
    rng = random.Random(2)
    for _ in range(20):
        hands = know.sample_hands(rng, (1, 2, 3))
        assert Card.parse("AS") in hands[2]
        assert all(card.suit != Suit.SPADES for card in hands[1])
        assert sorted(len(hand) for hand in hands.values()) == [3, 3, 3]


def test_sides_partners_and_the_safe_trick_in_four() -> None:
    game = _game("four", hands=["AS 3H 4D", "KC 2C 5D", "AH 4H 5H", "6D 6H 6C"], trump=Suit.SPADES, leader=0)
    game.apply(Play(Card.parse("AS")))  # the trump ace: nothing can take it
    game.apply(Play(Card.parse("5D")))
    know = Knowledge(game.view(2))
    assert know.partners == (0,)
    assert know.side_weights == {0: 1.0, 1: -1.0, 2: 1.0, 3: -1.0}
    assert know.affinity(1, 3) == 1.0 and know.affinity(0, 1) == -1.0
    assert know.winning == (0, Card.parse("AS"))
    assert know.trick_points == 11
    assert know.my_side_winning() and know.trick_is_safe()
    assert know.opponents_after() == (3,)


def test_a_partners_plain_card_with_an_opponent_to_play_is_not_safe() -> None:
    game = _game("four", hands=["7D 3H 4D", "KC 2C 5D", "AH 4H 5H", "6D 6H 6C"], trump=Suit.SPADES, leader=0)
    game.apply(Play(Card.parse("7D")))
    game.apply(Play(Card.parse("5D")))
    know = Knowledge(game.view(2))
    assert know.my_side_winning()
    assert not know.trick_is_safe()


def test_chiamata_sides_before_the_partner_shows_are_odds() -> None:
    game = dealt(preset("chiamata"))
    view = game.view(0)
    hidden = dataclasses.replace(view, caller=1, called_card=Card.parse("AC"), partner=None, sides=((0,), (1,)))
    defender = Knowledge(dataclasses.replace(hidden, seat=0, hand=parse_cards("2D")))
    assert defender.side_weights[1] == -1.0
    assert defender.side_weights[2] == defender.side_weights[3] == 1 / 3
    caller = Knowledge(dataclasses.replace(hidden, seat=1, hand=parse_cards("2D")))
    assert all(caller.side_weights[seat] == -0.5 for seat in (0, 2, 3, 4))


def test_two_players_with_the_talon_gone_know_each_others_hand() -> None:
    game = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C", talon_size=0)
    know = Knowledge(game.view(0))
    assert know.exact_hands() == {1: tuple(sorted(parse_cards("KC 2C 5S")))}
    early = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    assert Knowledge(early.view(0)).exact_hands() is None


def test_a_tempting_trick_let_go_suggests_the_cards_that_would_have_taken_it() -> None:
    game = _game("classic", hands=["KH 3S 4D", "6S 2D 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("KH")))
    game.apply(Play(Card.parse("2D")))  # seat 1 lets a king go: it probably had no trump and no higher heart
    know = Knowledge(game.view(0))
    draws_then, takers = know.declined[1]
    assert draws_then == 0
    assert Card.parse("2C") in takers and Card.parse("AH") in takers and Card.parse("QH") not in takers
    assert beats(Card.parse("2C"), Card.parse("KH"), Suit.HEARTS, Suit.CLUBS)
