"""How the levels are graded below Esperto: slips that are likelier the less they cost, never uniform blunders.

The search levels must keep building on Medio's judgement at its best: a slip meant for the Medio *level* leaking into
Esperto's tie-breaks would weaken the top of the ladder without a word, so that is checked too.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from briscola.ai.facile import FACILE_TEMPERATURE, FacilePlayer, trick_sense
from briscola.ai.heuristic import MEDIO_LEVEL_STYLE, MEDIO_STYLE, MedioPlayer, heuristic_level
from briscola.ai.search import LEVEL_PARAMS, SearchPlayer, search_level
from briscola.ai.simple import GreedyPlayer, Player
from briscola.engine import Card, Play, Suit
from briscola.engine.cards import parse_cards
from briscola.engine.views import PlayerView
from tests.ai.test_knowledge import _game


def _card(player: Player, view: PlayerView) -> Card:
    action = player.choose(view)
    assert isinstance(action, Play), f"expected a card, got {action}"
    return action.card


def _worthless_lead() -> PlayerView:
    """A worthless five of denari is led; the reply holds 2S KS AH, none of which can take it (clubs are trumps).

    Throwing the two costs nothing; the king gives 4 points away, the ace 11.
    """
    game = _game("classic", hands=["5D 6S 4D", "2S KS AH"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("5D")))
    return game.view(1)


# ------------------------------------------------------------------------------------------------ Facile


def test_trick_sense_ranks_cards_by_what_they_win_or_give_in_this_trick() -> None:
    values = trick_sense(_worthless_lead(), parse_cards("2S KS AH"))
    assert values[Card.parse("2S")] > values[Card.parse("KS")] > values[Card.parse("AH")]
    assert values[Card.parse("KS")] - values[Card.parse("AH")] > 6  # the ace gives away 7 more points than the king
    # Leading, in the greedy player's order: a liscio, then a low trump (no points risked), then a king (4 of them).
    game = _game("classic", hands=["2S KS 4C", "AH 3S 4D"], trump=Suit.CLUBS, leader=0, briscola="7C")
    lead = trick_sense(game.view(0), parse_cards("2S KS 4C"))
    assert lead[Card.parse("2S")] > lead[Card.parse("4C")] > lead[Card.parse("KS")]
    # Taking a led ace with a plain trump is worth the ace's 11 points less what the trump was worth kept.
    game = _game("classic", hands=["AH 6S 4D", "4C 2S KS"], trump=Suit.CLUBS, leader=0, briscola="7C")
    game.apply(Play(Card.parse("AH")))
    take = trick_sense(game.view(1), parse_cards("4C 2S KS"))
    assert take[Card.parse("4C")] > take[Card.parse("2S")] > take[Card.parse("KS")]


def test_facile_without_slips_is_the_greedy_player_card_for_card() -> None:
    game = _game("classic", hands=["AH 3S 4D", "KC 2C 5S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    for seed in range(30):
        view = game.view(0)
        assert FacilePlayer(random.Random(seed), temperature=0).choose(view) == GreedyPlayer(
            random.Random(seed)
        ).choose(view)


def test_facile_slips_cheap_cards_often_and_costly_ones_rarely() -> None:
    view = _worthless_lead()
    costs = FacilePlayer.costs(view, Card.parse("2S"))
    assert costs[Card.parse("2S")] == 0 < costs[Card.parse("KS")] < costs[Card.parse("AH")]
    played = Counter(_card(FacilePlayer(random.Random(seed)), view) for seed in range(2000))
    sensible, cheap, costly = parse_cards("2S KS AH")
    assert played[sensible] > played[cheap] > played[costly] > 0
    assert played[sensible] > 800  # the greedy card is still the one it plays most
    assert FACILE_TEMPERATURE > 0 and isinstance(heuristic_level(2, random.Random(0)), FacilePlayer)


# ------------------------------------------------------------------------------------------------ Medio


def test_the_medio_level_slips_by_cost_while_medio_judgement_never_does() -> None:
    view = _worthless_lead()
    level = heuristic_level(3, random.Random(0))
    assert isinstance(level, MedioPlayer) and level.style == MEDIO_LEVEL_STYLE
    assert MEDIO_LEVEL_STYLE.temperature > 0 and not MEDIO_LEVEL_STYLE.endgame
    assert MEDIO_STYLE.temperature == 0 and MEDIO_STYLE.endgame
    best = Counter(_card(MedioPlayer(random.Random(seed)), view) for seed in range(200))
    assert best == Counter({Card.parse("2S"): 200})
    played = Counter(_card(heuristic_level(3, random.Random(seed)), view) for seed in range(2000))
    sensible, cheap, costly = parse_cards("2S KS AH")
    assert played[sensible] > played[cheap] > played[costly]
    assert played[cheap] > 50


# ------------------------------------------------------------------------------------------------ search levels


def test_only_difficile_slips_and_every_search_level_judges_by_medio_at_its_best() -> None:
    assert LEVEL_PARAMS[4].temperature > 0
    assert LEVEL_PARAMS[5].temperature == 0 and LEVEL_PARAMS[6].temperature == 0
    for number in (4, 5, 6):
        player = search_level(number, random.Random(number))
        assert isinstance(player, SearchPlayer)
        for judge in (player.medio, player.tuned):
            assert judge.style.temperature == 0 and judge.style.endgame


def test_difficile_slips_in_the_middle_game_by_cost_and_not_without_a_temperature() -> None:
    # Early in the hand (the talon full), Medio's judgement decides: the two is thrown to a worthless lead.
    view = _worthless_lead()
    steady = dataclasses.replace(LEVEL_PARAMS[4], temperature=0.0)
    assert {_card(SearchPlayer(steady, random.Random(seed)), view) for seed in range(50)} == {Card.parse("2S")}
    played = Counter(_card(search_level(4, random.Random(seed)), view) for seed in range(1000))
    sensible, cheap, costly = parse_cards("2S KS AH")
    assert played[sensible] > played[cheap] > played[costly]
    assert played[cheap] > 20


def test_trick_sense_counts_a_partners_trick_as_ours_and_an_opponents_as_theirs() -> None:
    # Four players, spades trumps: seat 0 leads the trump ace, seat 1 throws; seat 2 is seat 0's partner.
    game = _game("four", hands=["AS 3H 4D", "KC 2C 5D", "AH 4H 6C", "6D 6H 7C"], trump=Suit.SPADES, leader=0)
    game.apply(Play(Card.parse("AS")))
    game.apply(Play(Card.parse("5D")))
    ours = trick_sense(game.view(2), parse_cards("AH 4H 6C"))
    assert ours[Card.parse("AH")] > ours[Card.parse("6C")] > 0  # loading the partner's trick is worth its points
    # The same cards when the opponents hold the trick (seat 1's trump ace against seat 2, its opponent).
    game = _game("four", hands=["4D 3H 5D", "AS 2C 7D", "AH 4H KC", "6D 6H 7C"], trump=Suit.SPADES, leader=1)
    game.apply(Play(Card.parse("AS")))
    theirs = trick_sense(game.view(2), parse_cards("AH 4H KC"))
    assert theirs[Card.parse("4H")] > theirs[Card.parse("KC")] > theirs[Card.parse("AH")]
    assert theirs[Card.parse("4H")] < 0  # whatever goes to the opponents' trick counts against
