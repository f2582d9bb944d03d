"""The reference players: always legal in every preset, greedy clearly stronger than random, and greedy's rules.

Hand-made situations are built by dealing a real game and replacing the parts of its view that matter (hand, trick,
trump, legal moves): the players read nothing else, and the view stays a genuine :class:`PlayerView`.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from briscola.ai import GreedyPlayer, Player, RandomPlayer
from briscola.engine import (
    PRESETS,
    Bid,
    Call,
    Card,
    ChooseTrump,
    Deal,
    Declare,
    Game,
    Pass,
    Phase,
    Play,
    Rank,
    Suit,
    Swap,
    preset,
)
from briscola.engine.cards import parse_cards
from briscola.engine.events import HandOver
from briscola.engine.views import PlayerView
from tests.ai.helpers import play_checked


def _play_match(name: str, make: type[RandomPlayer] | type[GreedyPlayer], seed: int) -> Game:
    """A whole match of preset ``name`` with ``make`` in every seat, asserting each choice is legal."""
    game = Game(preset(name), seed)
    players: list[Player] = [make(random.Random(seed * 10 + seat)) for seat in range(game.players)]
    return play_checked(game, players)


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("make", [RandomPlayer, GreedyPlayer])
def test_players_only_choose_legal_actions_over_a_whole_match(
    name: str, make: type[RandomPlayer] | type[GreedyPlayer]
) -> None:
    for seed in (1, 2):
        assert _play_match(name, make, seed).match_winners


def _hand_winner_rate(hands: int) -> float:
    """Greedy's share of classic hands won against random, alternating seats (a draw is not a win)."""
    wins = 0
    for number in range(hands):
        greedy_seat = number % 2
        game = Game(preset("classic"), number)
        players: dict[int, Player] = {
            greedy_seat: GreedyPlayer(random.Random(number)),
            1 - greedy_seat: RandomPlayer(random.Random(number)),
        }
        game.apply(Deal())
        while game.phase is Phase.PLAY:
            seat = game.to_move
            assert seat is not None
            for event in game.apply(players[seat].choose(game.view(seat)), seat=seat):
                if isinstance(event, HandOver) and greedy_seat in event.result.winners:
                    wins += 1
    return wins / hands


def test_greedy_beats_random_clearly() -> None:
    assert _hand_winner_rate(300) > 0.6


# ------------------------------------------------------------------------------------------------ situations


def _view(
    name: str,
    *,
    seat: int,
    hand: str,
    trick: list[tuple[int, str]],
    trump: Suit | None,
) -> PlayerView:
    """A real view of preset ``name``: ``seat`` to move, holding ``hand``, after ``trick`` (seat, code) was played."""
    game = Game(preset(name), 0)
    game.apply(Deal())
    cards = parse_cards(hand)
    played = tuple((who, Card.parse(code)) for who, code in trick)
    view = game.view(game.to_move if game.to_move is not None else 0)
    active = tuple(range(game.players))
    leader = played[0][0] if played else seat
    return dataclasses.replace(
        view,
        seat=seat,
        to_move=seat,
        active=active,
        leader=leader,
        hand=cards,
        trick=played,
        trump=trump,
        legal=tuple(Play(card) for card in cards),
    )


def _greedy(view: PlayerView) -> Card:
    action = GreedyPlayer(random.Random(0)).choose(view)
    assert isinstance(action, Play)
    return action.card


def test_greedy_takes_a_led_ace_with_its_cheapest_trump() -> None:
    # Clubs are trumps; an ace of hearts is led. No higher heart exists, so only a trump takes it: the 4, not the 3.
    view = _view("classic", seat=1, hand="KS 3C 4C", trick=[(0, "AH")], trump=Suit.CLUBS)
    assert _greedy(view) == Card.parse("4C")


def test_greedy_discards_a_liscio_when_it_cannot_win() -> None:
    view = _view("classic", seat=1, hand="KD 2S QH", trick=[(0, "AS")], trump=Suit.CLUBS)
    assert _greedy(view) == Card.parse("2S")


def test_greedy_does_not_trump_a_trick_without_points() -> None:
    # The trump 2 would win, but a trick of no points is not worth a trump: the 5 of hearts costs as little.
    view = _view("classic", seat=1, hand="2C KD 5H", trick=[(0, "4S")], trump=Suit.CLUBS)
    assert _greedy(view) == Card.parse("5H")


def test_greedy_leads_its_cheapest_card_keeping_trumps() -> None:
    view = _view("classic", seat=0, hand="2C KD 5H", trick=[], trump=Suit.CLUBS)
    assert _greedy(view) == Card.parse("5H")


def test_greedy_strozza_when_last_to_play() -> None:
    # A king of spades led; holding the ace and the four of spades, the ace takes 15 points and nobody can answer.
    view = _view("classic", seat=1, hand="AS 4S 2D", trick=[(0, "KS")], trump=Suit.CLUBS)
    assert _greedy(view) == Card.parse("AS")


def test_greedy_loads_its_partners_winning_trick_in_four_player() -> None:
    # Seats 1 and 3 are partners. Seat 1's ace of denari is winning and seat 3 plays last: in goes the carico.
    view = _view("four", seat=3, hand="3H 2S 6C", trick=[(0, "4D"), (1, "AD"), (2, "5D")], trump=Suit.SPADES)
    assert view.team() == (1, 3)
    assert _greedy(view) == Card.parse("3H")


def test_greedy_does_not_load_while_an_opponent_plays_after() -> None:
    view = _view("four", seat=2, hand="3H 2S 6C", trick=[(0, "AD"), (1, "4D")], trump=Suit.SPADES)
    assert _greedy(view) == Card.parse("6C")


def test_greedy_declares_31_only_when_its_points_reach_it() -> None:
    base = _view("to31", seat=0, hand="2S 4D 5H", trick=[], trump=Suit.CLUBS)
    legal = (*base.legal, Declare())
    rich = dataclasses.replace(base, legal=legal, points=(31, 0))
    poor = dataclasses.replace(base, legal=legal, points=(30, 40))
    player = GreedyPlayer(random.Random(0))
    assert player.choose(rich) == Declare()
    assert isinstance(player.choose(poor), Play)


def test_greedy_swaps_the_seven_for_a_better_briscola_only() -> None:
    base = _view("scambio", seat=0, hand="7C 4D 5H", trick=[], trump=Suit.CLUBS)
    legal = (*base.legal, Swap())
    player = GreedyPlayer(random.Random(0))
    assert player.choose(dataclasses.replace(base, legal=legal, briscola=Card.parse("AC"))) == Swap()
    assert player.choose(dataclasses.replace(base, legal=legal, briscola=Card.parse("4C"))) != Swap()


def test_greedy_calls_the_bid_rank_in_its_strongest_suit_not_a_card_it_holds() -> None:
    base = _view("chiamata", seat=0, hand="AC 3C QC JC 2D 4H 5S 6S", trick=[], trump=None)
    legal = tuple(Call(Card.of(Rank.KING, suit)) for suit in Suit)
    view = dataclasses.replace(base, phase=Phase.CALL, legal=legal)
    assert GreedyPlayer(random.Random(0)).choose(view) == Call(Card.parse("KC"))
    holding = dataclasses.replace(view, hand=parse_cards("AC 3C KC QC JC 2D 5S 6S"))
    assert GreedyPlayer(random.Random(0)).choose(holding) == Call(Card.parse("KS"))  # the next strongest suit


def test_greedy_bids_on_a_strong_chiamata_hand_and_passes_on_a_weak_one() -> None:
    base = _view("chiamata", seat=0, hand="AC 3C QC JC 7C 2D 4H 5S", trick=[], trump=None)
    legal = (Pass(), Bid(rank=Rank.ACE), Bid(rank=Rank.THREE), Bid(target=61))
    strong = dataclasses.replace(base, phase=Phase.AUCTION, legal=legal)
    weak = dataclasses.replace(strong, hand=parse_cards("2C 4D 5H 6S 7S 4C 5D 6H"))
    assert GreedyPlayer(random.Random(0)).choose(strong) == Bid(rank=Rank.ACE)
    assert GreedyPlayer(random.Random(0)).choose(weak) == Pass()


def test_greedy_chooses_its_strongest_suit_as_trumps_in_subastada() -> None:
    base = _view("subastada", seat=0, hand="AS 3S 4D", trick=[], trump=None)
    view = dataclasses.replace(base, phase=Phase.CALL, legal=tuple(ChooseTrump(suit) for suit in Suit))
    assert GreedyPlayer(random.Random(0)).choose(view) == ChooseTrump(Suit.SPADES)


def test_a_player_asked_out_of_turn_says_so() -> None:
    base = _view("classic", seat=0, hand="2C KD 5H", trick=[], trump=Suit.CLUBS)
    with pytest.raises(ValueError, match="not to move"):
        RandomPlayer(random.Random(0)).choose(dataclasses.replace(base, legal=()))
