"""Medio's judgement on a compact position, as Campione's rollouts use it: legal, restoring, and sensible."""

from __future__ import annotations

import random

import pytest

from briscola.ai.judged import judged_card, judged_rollout
from briscola.ai.position import Position
from briscola.engine import PRESETS, Card, Deal, Game, Phase, Play
from briscola.engine.tricks import CAPTURE_KEYS


def _positions(name: str, count: int) -> list[tuple[Game, Position]]:
    out = []
    for seed in range(count):
        game = Game(PRESETS[name], seed)
        game.apply(Deal())
        rng = random.Random(seed)
        for _ in range(rng.randrange(30)):
            if game.phase is not Phase.PLAY:
                break
            game.apply(Play(rng.choice(game.legal_cards())))
        if game.phase is Phase.PLAY and game.to_move is not None:
            out.append((game, Position(game, game.to_move)))
    return out


@pytest.mark.parametrize("name", ["classic", "briscolone", "four", "three", "open", "brisca"])
def test_judged_card_is_legal_and_the_rollout_restores_the_position(name: str) -> None:
    for game, pos in _positions(name, 30):
        assert judged_card(pos) in game.legal_cards()
        before = (repr(pos.hands), repr(pos.talon), repr(pos.trick), pos.to_move, list(pos.side_points))
        value = judged_rollout(pos)
        assert before == (repr(pos.hands), repr(pos.talon), repr(pos.trick), pos.to_move, list(pos.side_points))
        # Played out to the end by hand, the same choices give the same outcome.
        played = 0
        while not pos.over:
            pos.play(judged_card(pos))
            played += 1
        assert pos.outcome() == value
        for _ in range(played):
            pos.undo()


def _two_player(hands: tuple[str, str], talon: str, trump_card: str, trick: str = "") -> Position:
    """A two-player position built from card codes: seat 0 to move (after ``trick``, seat 1's lead)."""
    game = Game(PRESETS["classic"], 1)
    game.apply(Deal())
    pos = Position(game, 0)
    pos.hands = [[int(Card.parse(code)) for code in hand.split()] for hand in hands]
    pos.talon = [int(Card.parse(code)) for code in talon.split()]
    pos.trump = int(Card.parse(trump_card).suit)
    pos.keys = CAPTURE_KEYS[pos.trump]
    pos.trick = [int(Card.parse(code)) for code in trick.split()]
    pos.trick_seats = [1] * len(pos.trick)
    pos.to_move = 0
    pos.side_points = [0, 0]
    return pos


def test_a_follower_trumps_a_led_ace_with_its_smallest_trump() -> None:
    pos = _two_player(("3S 2C 5D", "4H KH 6H"), "7D 2H", "7D", trick="AS")
    assert Card(judged_card(pos)).code == "5D"


def test_a_follower_throws_a_liscio_on_a_worthless_lead_it_cannot_take_cheaply() -> None:
    pos = _two_player(("3S 2C KC", "4H KH 6H"), "7D 2H", "7D", trick="4H")
    assert Card(judged_card(pos)).code == "2C"


def test_a_leader_does_not_lead_its_ace_into_the_three_and_ace_holder() -> None:
    # The other hand holds the trump 2: leading the plain ace would give it 11 points.
    pos = _two_player(("AS 4C 6H", "2D KC 5H"), "7D 2H", "7D")
    assert Card(judged_card(pos)).code != "AS"


def test_a_kept_card_is_worth_less_while_stronger_cards_of_its_suit_are_unseen() -> None:
    # The unseen cards are counted once per choice (judged._facts); the count must still see every one of them.
    from briscola.ai.judged import _facts, _hold, _with

    trump = int(Card.parse("KD").suit)
    trump_king = int(Card.parse("KD"))
    plain_three = int(Card.parse("3S"))
    hand = [trump_king, plain_three]
    nothing = _facts([], trump)
    talon_facts = _facts([int(Card.parse("AD")), int(Card.parse("4S"))], trump)
    stronger = _with(talon_facts, [int(Card.parse("3D")), int(Card.parse("AS"))], trump)
    assert _hold(trump_king, hand, nothing, trump, 0.5) > _hold(trump_king, hand, talon_facts, trump, 0.5)
    assert _hold(trump_king, hand, talon_facts, trump, 0.5) > _hold(trump_king, hand, stronger, trump, 0.5)
    assert _hold(plain_three, hand, talon_facts, trump, 0.5) > _hold(plain_three, hand, stronger, trump, 0.5)
    # Adding cards leaves the facts they were added to as they were.
    assert talon_facts == _facts([int(Card.parse("AD")), int(Card.parse("4S"))], trump)
