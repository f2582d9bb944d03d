"""A refused move says why in a form a program reads, and asked from a seat's view it is the engine's own answer."""

from __future__ import annotations

import random

import pytest

from briscola.engine import PRESETS, Deal, Game, IllegalActionError, Play, Suit
from briscola.engine.actions import Action, Ask, Bid, Call, ChooseTrump, Declare, Forfeit, Meld, Pass, Signal, Swap
from briscola.engine.errors import IllegalReason
from briscola.engine.refusal import refusal


def candidate_moves(game: Game) -> list[Action]:
    """Every card, every free move, and a spread of bids and calls: most of them illegal at any moment."""
    moves: list[Action] = [Play(card) for card in game.rules.deck]
    moves += [Swap(), Declare(), Signal(), Ask(), Pass(), Deal()]
    moves += [Meld(suit) for suit in Suit] + [ChooseTrump(suit) for suit in Suit]
    moves += [Bid(target=target) for target in (40, 61, 70, 121, 200)] + [Call(game.rules.deck[0])]
    return moves


def engine_reason(game: Game, action: Action, seat: int) -> IllegalReason | None:
    try:
        game.clone().apply(action, seat=seat)
    except IllegalActionError as error:
        return error.reason
    return None


@pytest.mark.parametrize("name", list(PRESETS))
def test_refusal_from_a_view_is_the_engines_own_answer(name: str) -> None:
    rng = random.Random(name)
    game = Game(PRESETS[name], 4)
    checked = 0
    while not game.is_over and checked < 40:
        seat = game.to_move
        if seat is not None:
            view = game.view(seat)
            for action in candidate_moves(game):
                error = refusal(view, action)
                assert (error.reason if error else None) == engine_reason(game, action, seat), (name, str(action))
            checked += 1
        game.apply(rng.choice(game.legal_actions()))


def test_the_reasons_the_rules_give() -> None:
    game = Game(PRESETS["classic"], 2)
    game.apply(Deal())
    leader = game.to_move
    assert leader is not None
    absent = next(card for card in game.rules.deck if card not in game.hands[leader])
    error = refusal(game.view(leader), Play(absent))
    assert error is not None and error.reason is IllegalReason.CARD_NOT_IN_HAND
    other = 1 - leader
    error = refusal(game.view(other), Play(game.hands[other][0]))
    assert error is not None and error.reason is IllegalReason.NOT_YOUR_TURN
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Bid(target=70))
    assert caught.value.reason is IllegalReason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Forfeit((other,)), seat=other)
    assert caught.value.reason is IllegalReason.NOT_YOUR_TURN


def test_a_card_off_the_suit_led_is_refused_as_must_follow_suit() -> None:
    rules = PRESETS["classic"].with_options(must_follow_suit=True)
    for seed in range(50):
        game = Game(rules, seed)
        game.apply(Deal())
        lead = game.legal_actions()[0]
        assert isinstance(lead, Play)
        game.apply(lead)
        seat = game.to_move
        assert seat is not None
        hand = game.hands[seat]
        off = [card for card in hand if card.suit != lead.card.suit]
        if off and any(card.suit == lead.card.suit for card in hand):
            error = refusal(game.view(seat), Play(off[0]))
            assert error is not None and error.reason is IllegalReason.MUST_FOLLOW_SUIT
            return
    pytest.fail("no seed gave a hand that could follow suit and held another suit")
