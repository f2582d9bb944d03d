"""A refused move is told in the player's words from the engine's reason: one sentence for the table and terminal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from briscola.engine import PRESETS, Deal, Game, Phase, Play, Swap
from briscola.text.i18n import set_language
from briscola.text.reasons import why_refused


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language(["en"])
    yield
    set_language(None)


def dealt(name: str, seed: int) -> tuple[Game, int]:
    game = Game(PRESETS[name], seed)
    game.apply(Deal())
    assert game.to_move is not None
    return game, game.to_move


def test_a_card_not_held_and_a_move_out_of_turn() -> None:
    game, seat = dealt("classic", 1)
    absent = next(card for card in game.rules.deck if card not in game.hands[seat])
    assert why_refused(Play(absent), game.view(seat)) == f"You don't hold {absent.code}."
    other = 1 - seat
    assert why_refused(Play(game.hands[other][0]), game.view(other)) == "It is not your turn."


def test_following_suit_names_the_suit_led() -> None:
    rules = PRESETS["classic"].with_options(must_follow_suit=True)
    for seed in range(50):
        game = Game(rules, seed)
        game.apply(Deal())
        lead = game.legal_actions()[0]
        assert isinstance(lead, Play)
        game.apply(lead)
        seat = game.to_move
        assert seat is not None
        off = [card for card in game.hands[seat] if card.suit != lead.card.suit]
        if off and len(off) < len(game.hands[seat]):
            text = why_refused(Play(off[0]), game.view(seat))
            assert text.startswith("You must follow suit: play a card of ")
            return
    pytest.fail("no seed gave a hand that could follow suit and held another suit")


def test_a_refused_free_move_tells_its_rule_and_a_card_in_the_auction_waits() -> None:
    game, seat = dealt("classic", 1)
    assert Swap() not in game.legal_actions()
    assert why_refused(Swap(), game.view(seat)) == (
        "swap is not allowed now. A swap needs the trump 7 (or 2, by the rules) while the briscola is still in the"
        " talon; once a turn."
    )
    auction, bidder = dealt("chiamata", 1)
    assert auction.phase is Phase.AUCTION
    card = auction.hands[bidder][0]
    assert why_refused(Play(card), auction.view(bidder)) == "No card is played yet: first the auction. Bid or pass."
