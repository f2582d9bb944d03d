"""The heuristic levels 1-3: legal in every form of the game, seeded, and each documented behaviour by example.

Situations are real games rigged with ``tests.engine.helpers.rig`` (every card in exactly one place) and played on
through ``apply``, so the players see genuine views. The strength test, marked slow, plays classic hands with the same
deals and the seats swapped.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from briscola.ai.facile import FacilePlayer
from briscola.ai.heuristic import MedioPlayer, PrincipiantePlayer, heuristic_level
from briscola.ai.levels import make_player
from briscola.ai.simple import GreedyPlayer, Player
from briscola.engine import (
    PRESETS,
    Ask,
    Bid,
    Call,
    Card,
    ChooseTrump,
    Deal,
    Declare,
    Game,
    Meld,
    Pass,
    Phase,
    Play,
    Rank,
    Signal,
    Suit,
    Swap,
    preset,
)
from briscola.engine.cards import parse_cards
from briscola.engine.events import HandOver
from briscola.engine.views import PlayerView
from tests.ai.helpers import play_checked
from tests.ai.test_knowledge import _game

LEVELS = (1, 2, 3)


def _card(player: Player, view: PlayerView) -> Card:
    action = player.choose(view)
    assert isinstance(action, Play), f"expected a card, got {action}"
    return action.card


# ------------------------------------------------------------------------------------------------ every game


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_match_of_every_preset_legally(name: str, level: int) -> None:
    rules = PRESETS[name]
    game = Game(rules, level)
    # The level plays the even seats, the other levels the odd ones, so each meets the others too.
    players = [
        heuristic_level(level if seat % 2 == 0 else LEVELS[(level + seat) % 3], random.Random(seat))
        for seat in range(rules.players)
    ]
    play_checked(game, players)
    assert game.match_winners or rules.chiamata


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_view_give_the_same_move(level: int) -> None:
    game = Game(preset("four-signals"), 11)
    game.apply(Deal())
    for _ in range(30):
        if game.to_move is None:
            break
        view = game.view(game.to_move)
        first = heuristic_level(level, random.Random(99)).choose(view)
        second = heuristic_level(level, random.Random(99)).choose(view)
        assert first == second
        game.apply(first)


def test_the_levels_are_their_own_players_and_the_registry_builds_them() -> None:
    assert isinstance(heuristic_level(1, random.Random(0)), PrincipiantePlayer)
    assert isinstance(heuristic_level(2, random.Random(0)), FacilePlayer)
    assert isinstance(heuristic_level(3, random.Random(0)), MedioPlayer)
    assert not isinstance(heuristic_level(2, random.Random(0)), GreedyPlayer)
    assert isinstance(make_player("medio", random.Random(0)), MedioPlayer)
    with pytest.raises(ValueError, match="1-3"):
        heuristic_level(4, random.Random(0))


def test_a_level_asked_out_of_turn_says_so() -> None:
    game = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    for level in LEVELS:
        with pytest.raises(ValueError, match="not to move"):
            heuristic_level(level, random.Random(0)).choose(game.view(1))


# ------------------------------------------------------------------------------------------------ Facile


def test_facile_without_slips_plays_the_greedy_card_and_takes_the_free_moves_greedy_leaves() -> None:
    game = Game(preset("classic"), 5)
    game.apply(Deal())
    for _ in range(20):
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        assert FacilePlayer(random.Random(1), temperature=0).choose(view) == GreedyPlayer(random.Random(1)).choose(view)
        game.apply(view.legal[0])
    melding = _game("subastada", hands=["KS QS 5H", "2S 2D 6H"], trump=Suit.SPADES, leader=0)
    melding.phase, melding.auction, melding.caller, melding.contract, melding.last_winner = Phase.PLAY, None, 0, 61, 0
    assert FacilePlayer(random.Random(0)).choose(melding.view(0)) == Meld(Suit.SPADES)


# ------------------------------------------------------------------------------------------------ Medio


def test_medio_takes_a_led_ace_with_the_lowest_trump_that_wins() -> None:
    game = _game("classic", hands=["AH 6S 4D", "3C 4C KS"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("AH")))
    assert _card(MedioPlayer(random.Random(0)), game.view(1)) == Card.parse("4C")


def test_medio_strozza_a_led_three_with_its_ace() -> None:
    game = _game("classic", hands=["3H 6S 4D", "AH 4C KS"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("3H")))
    assert _card(MedioPlayer(random.Random(0)), game.view(1)) == Card.parse("AH")


def test_medio_does_not_lead_a_carico_while_the_opponent_may_trump_it() -> None:
    game = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    for seed in range(5):
        assert _card(MedioPlayer(random.Random(seed)), game.view(0)) == Card.parse("4D")


def test_medio_leads_a_carico_once_no_trump_and_no_higher_card_is_out() -> None:
    # Every trump and the ace of hearts are in the piles: the three of hearts can't be taken.
    piles = "AC 3C KC QC JC 7C 6C 5C 4C 2C AH 2H"
    game = _game(
        "classic", hands=["3H 6S QD", "4S 5S 6D"], captured=[piles, ""], trump=Suit.CLUBS, leader=0, talon_size=2
    )
    assert _card(MedioPlayer(random.Random(0)), game.view(0)) == Card.parse("3H")


def test_medio_loads_its_partners_sure_trick_with_a_carico() -> None:
    game = _game("four", hands=["AS 3H 4D", "KC 2C 5D", "AH 4H 6C", "6D 6H 7C"], trump=Suit.SPADES, leader=0)
    game.apply(Play(Card.parse("AS")))  # the trump ace: nothing can take it
    game.apply(Play(Card.parse("5D")))
    assert _card(MedioPlayer(random.Random(0)), game.view(2)) == Card.parse("AH")


def test_medio_gives_nothing_to_the_opponents_trick() -> None:
    game = _game("four", hands=["4D 3H 5D", "AS 2C 7D", "AH 4H KC", "6D 6H 7C"], trump=Suit.SPADES, leader=1)
    game.apply(Play(Card.parse("AS")))  # the opponents hold the trick for sure
    assert _card(MedioPlayer(random.Random(0)), game.view(2)) == Card.parse("4H")


def test_medio_discards_a_liscio_rather_than_a_point_card_when_losing() -> None:
    game = _game("classic", hands=["AH 6S 4D", "KD 2S QH"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("AH")))
    assert _card(MedioPlayer(random.Random(0)), game.view(1)) == Card.parse("2S")


def _engine_minimax(game: Game, me: int) -> float:
    """The exact value for ``me`` of a two-player position with every card known, by the engine's own rules.

    A won hand counts 100 and the point margin breaks ties, the measure Medio's reading of the end uses.
    """
    if game.phase is not Phase.PLAY:
        mine, theirs = game.points[me], game.points[1 - me]
        return 100 * ((mine > theirs) - (mine < theirs)) + mine - theirs
    values = []
    for card in game.legal_cards():
        after = game.clone()
        after.apply(Play(card))
        values.append(_engine_minimax(after, me))
    return max(values) if game.to_move == me else min(values)


@pytest.mark.parametrize("name", ["classic", "bussata", "briscolone"])
def test_medio_reads_the_last_tricks_exactly(name: str) -> None:
    # Once the talon is gone, counting gives the opponent's cards: Medio's values are the exact ones.
    checked = 0
    for seed in range(6):
        game = Game(preset(name).with_options(hands_to_win=1), seed)
        game.apply(Deal())
        greedy = GreedyPlayer(random.Random(seed))
        while game.talon_size or len(game.hands[game.to_move or 0]) > 3 or len(game.trick_cards) != seed % 2:
            if game.phase is not Phase.PLAY:
                break
            game.apply(greedy.choose(game.view(game.to_move or 0)))
        if game.phase is not Phase.PLAY:
            continue
        me = game.to_move
        assert me is not None
        view = game.view(me)
        cards = [action.card for action in view.legal if isinstance(action, Play)]
        values = MedioPlayer(random.Random(0)).card_values(view, cards)
        for card in cards:
            after = game.clone()
            after.apply(Play(card))
            assert values[card] == _engine_minimax(after, me), f"{name} seed {seed}: {card}"
        best = max(values.values())
        assert values[_card(MedioPlayer(random.Random(0)), view)] == best
        checked += 1
    assert checked >= 3


# ------------------------------------------------------------------------------------------------ options


@pytest.mark.parametrize("level", LEVELS)
def test_31_is_declared_only_when_sure(level: int) -> None:
    game = _game("to31", hands=["2S 4D 5H", "KC 2C 6S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    base = game.view(0)
    assert Declare() in base.legal
    for seed in range(40):
        player = heuristic_level(level, random.Random(seed))
        assert player.choose(dataclasses.replace(base, points=(30, 50))) != Declare()
    declared = sum(
        heuristic_level(level, random.Random(seed)).choose(dataclasses.replace(base, points=(31, 0))) == Declare()
        for seed in range(40)
    )
    assert declared == 40 if level > 1 else 10 <= declared < 40  # a beginner sometimes forgets, never misclaims


def test_medio_swaps_the_seven_for_a_better_briscola() -> None:
    game = _game("scambio", hands=["7C 4D 5H", "KS 2S 6S"], trump=Suit.CLUBS, leader=0, briscola="AC")
    assert Swap() in game.view(0).legal
    assert MedioPlayer(random.Random(0)).choose(game.view(0)) == Swap()
    assert FacilePlayer(random.Random(0)).choose(game.view(0)) == Swap()


def test_medio_melds_king_and_queen_after_winning_a_trick() -> None:
    game = _game("subastada", hands=["KS QS 5H", "2S 2D 6H"], trump=Suit.SPADES, leader=0)
    game.phase, game.auction, game.caller, game.contract, game.last_winner = Phase.PLAY, None, 0, 61, 0
    view = game.view(0)
    assert Meld(Suit.SPADES) in view.legal
    assert MedioPlayer(random.Random(0)).choose(view) == Meld(Suit.SPADES)


def test_medio_signals_its_trump_ace_once_and_asks_aloud_before_leading() -> None:
    game = _game("four-signals", hands=["AS 3H 4D", "KC 2C 5D", "AH 4H 6C", "6D 6H 7C"], trump=Suit.SPADES, leader=0)
    view = game.view(0)
    assert Signal() in view.legal
    assert MedioPlayer(random.Random(0)).choose(view) == Signal()
    game.apply(Signal())
    assert isinstance(MedioPlayer(random.Random(0)).choose(game.view(0)), Play)  # said once, not again
    aloud = _game("four-aloud", hands=["AS 3H 4D", "KC 2C 5D", "AH 4H 6C", "6D 6H 7C"], trump=Suit.SPADES, leader=0)
    aloud.tricks_played = 1
    assert Ask() in aloud.view(0).legal
    assert MedioPlayer(random.Random(0)).choose(aloud.view(0)) == Ask()


def test_chiamata_bids_on_strength_and_calls_the_strong_suit() -> None:
    base = dealt_view("chiamata")
    legal = (Pass(), Bid(rank=Rank.ACE), Bid(rank=Rank.THREE), Bid(target=61))
    strong = dataclasses.replace(base, phase=Phase.AUCTION, legal=legal, hand=parse_cards("AC 3C QC JC 7C 2D 4H 5S"))
    weak = dataclasses.replace(strong, hand=parse_cards("2C 4D 5H 6S 7S 4C 5D 6H"))
    medio = MedioPlayer(random.Random(0))
    assert medio.choose(strong) == Bid(rank=Rank.ACE)
    assert medio.choose(weak) == Pass()
    calls = tuple(Call(Card.of(Rank.KING, suit)) for suit in Suit)
    call = dataclasses.replace(strong, phase=Phase.CALL, legal=calls)
    assert medio.choose(call) == Call(Card.parse("KC"))


def test_subastada_chooses_the_strong_suit_as_trumps() -> None:
    base = dealt_view("subastada")
    view = dataclasses.replace(
        base, phase=Phase.CALL, legal=tuple(ChooseTrump(suit) for suit in Suit), hand=parse_cards("AS 3S 4D")
    )
    assert MedioPlayer(random.Random(0)).choose(view) == ChooseTrump(Suit.SPADES)


def dealt_view(name: str) -> PlayerView:
    """The first view of a freshly dealt game of preset ``name``."""
    game = Game(preset(name), 0)
    game.apply(Deal())
    assert game.to_move is not None
    return game.view(game.to_move)


# ------------------------------------------------------------------------------------------------ Principiante


def test_principiante_makes_cheap_mistakes_more_often_than_costly_ones() -> None:
    # A worthless five of denari is led and nothing in hand can take it. Throwing the two of spades costs nothing;
    # the king of spades gives away 4 points, the ace of hearts 11 (and the ace itself).
    game = _game("classic", hands=["5D 6S 4D", "2S KS AH"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("5D")))
    view = game.view(1)
    costs = PrincipiantePlayer(random.Random(0)).costs(view)
    best, cheap, costly = sorted(costs, key=lambda card: costs[card])
    assert (best, cheap, costly) == parse_cards("2S KS AH")
    assert 0 == costs[best] < costs[cheap] < costs[costly]
    played = Counter(_card(PrincipiantePlayer(random.Random(seed)), view) for seed in range(2000))
    assert played[best] > played[cheap] > played[costly]
    assert played[cheap] > 100  # cheap mistakes are common


def test_principiante_leads_its_carichi_far_more_often_than_medio() -> None:
    game = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    view = game.view(0)
    beginner = sum(_card(PrincipiantePlayer(random.Random(seed)), view).is_carico for seed in range(300)) / 300
    careful = sum(_card(MedioPlayer(random.Random(seed)), view).is_carico for seed in range(50)) / 50
    assert beginner > 0.1
    assert careful < beginner / 5


# ------------------------------------------------------------------------------------------------ strength


def _score(first: str, second: str, deals: int) -> float:
    """``first``'s score (wins + half the draws) over classic hands, each deal played twice with seats swapped."""
    rules = preset("classic").with_options(hands_to_win=1)
    total = 0.0
    for deal in range(deals):
        for first_seat in (0, 1):
            game = Game(rules, 10_000 + deal)
            specs = {first_seat: first, 1 - first_seat: second}
            players = {seat: make_player(spec, random.Random(deal * 2 + seat)) for seat, spec in specs.items()}
            game.apply(Deal())
            while game.phase is Phase.PLAY:
                seat = game.to_move
                assert seat is not None
                for event in game.apply(players[seat].choose(game.view(seat)), seat=seat):
                    if isinstance(event, HandOver):
                        winners = event.result.winners
                        total += 0.5 if not winners else float(first_seat in winners)
    return total / (2 * deals)


@pytest.mark.slow
def test_each_graded_level_beats_the_one_below() -> None:
    assert _score("facile", "principiante", 300) > 0.55
    assert _score("medio", "facile", 300) > 0.55
    assert _score("difficile", "medio", 200) > 0.55
