"""The scripted styles (issue 36's opponents with one habit): each plays its habit, greedy's play otherwise, and
always a legal move in every form."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from briscola.ai.levels import make_player, player_name
from briscola.ai.simple import GreedyPlayer
from briscola.ai.styles import STYLES, LowestPlayer, TrumperPlayer
from briscola.engine import PRESETS, Card, Deal, Game, Phase, Play, Suit
from briscola.engine.views import PlayerView


def _view(hand: str, trick: str = "", trump: Suit = Suit.CLUBS) -> PlayerView:
    """A classic view of the seat to move with ``hand``, ``trick`` on the table (played by seat 1), trumps ``trump``."""
    game = Game(PRESETS["classic"], 3)
    game.apply(Deal())
    assert game.to_move is not None
    base = game.view(game.to_move)
    cards = tuple(Card.parse(code) for code in hand.split())
    return replace(
        base,
        hand=cards,
        legal=tuple(Play(card) for card in cards),
        trick=tuple((1, Card.parse(code)) for code in trick.split()),
        trump=trump,
    )


def test_lowest_plays_its_weakest_card_whatever_lies_on_the_table() -> None:
    player = LowestPlayer(random.Random(1))
    assert player.choose(_view("AH 4S 3D")) == Play(Card.parse("4S"))
    assert player.choose(_view("AH 2C 3D")) == Play(Card.parse("3D"))  # a trump only when nothing else is left...
    assert player.choose(_view("2C 4C")) == Play(Card.parse("2C"))  # ...and then the lowest trump
    assert player.choose(_view("AH 4S 3D", trick="3H")) == Play(Card.parse("4S"))  # never takes on purpose


def test_trumper_takes_every_carico_of_another_suit_with_its_lowest_trump() -> None:
    player = TrumperPlayer(random.Random(1))
    assert player.choose(_view("KC 2C 4S", trick="AH")) == Play(Card.parse("2C"))
    assert player.choose(_view("KC 2C 4S", trick="3D")) == Play(Card.parse("2C"))
    # no carico on the table: greedy's choice
    view = _view("KC 2C 4S", trick="5H")
    assert player.choose(view) == GreedyPlayer(random.Random(1)).choose(view)


@pytest.mark.parametrize("spec", STYLES)
@pytest.mark.parametrize("preset", ["classic", "four", "chiamata", "to31", "subastada"])
def test_a_style_plays_legal_moves_to_the_end_in_every_form(spec: str, preset: str) -> None:
    assert player_name(f" {spec.upper()} ") == spec
    for seed in range(3):
        game = Game(PRESETS[preset], seed)
        players = [make_player(spec, random.Random(seed + seat)) for seat in range(game.rules.players)]
        game.apply(Deal())
        while not game.is_over and game.phase is not Phase.HAND_OVER:
            if game.phase is Phase.DEAL:  # everybody passed: the hand is dealt again
                game.apply(Deal())
                continue
            seat = game.to_move
            assert seat is not None
            action = players[seat].choose(game.view(seat))
            assert action in game.legal_actions()
            game.apply(action, seat=seat)
