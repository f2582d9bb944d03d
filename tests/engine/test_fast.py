"""The fast playout path plays by exactly the same rules as :class:`Game`, card for card."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola.engine import PRESETS, Deal, Game, Phase, Play
from briscola.engine.fast import playout, random_hand

# Forms the fast path covers: no auction (it plays cards only, from a dealt position).
FAST_FORMS = sorted(name for name, rules in PRESETS.items() if not rules.has_auction)


def finish_with_game(game: Game, rng: random.Random) -> list[int]:
    """Finish the hand through Game.apply, choosing cards exactly as the fast path does."""
    while game.phase is Phase.PLAY:
        cards = game.legal_cards()
        game.apply(Play(cards[int(rng.random() * len(cards))]))
    return [a + b for a, b in zip(game.points, game.meld_points, strict=True)]


@pytest.mark.parametrize("name", FAST_FORMS)
@given(seed=st.integers(0, 2**32), start=st.integers(0, 12))
def test_playout_matches_the_game(name: str, seed: int, start: int) -> None:
    game = Game(PRESETS[name], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    for _ in range(start):
        if game.phase is not Phase.PLAY:
            break
        cards = game.legal_cards()
        game.apply(Play(rng.choice(cards)))
    if game.phase is not Phase.PLAY:
        return
    before = game.clone()
    fast_points = playout(game, random.Random(seed + 1))
    assert vars(game).keys() == vars(before).keys()
    assert game.hands == before.hands and game.talon == before.talon, "playout must not change the game"
    assert fast_points == finish_with_game(game, random.Random(seed + 1))


@pytest.mark.parametrize("name", ["classic", "three", "four", "six", "briscolone", "briscolone-10"])
def test_random_hand_deals_out_every_point(name: str) -> None:
    rules = PRESETS[name]
    rng = random.Random(7)
    for _ in range(200):
        points = random_hand(rules, rng)
        assert len(points) == rules.active_players
        assert sum(points) == rules.deck_points
