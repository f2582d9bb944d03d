"""all_worlds lists every layout of the hidden cards a view allows, once each, and nothing it rules out."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine import PRESETS, Game, Phase
from briscola.engine.ruleset import TrumpMode
from briscola.engine.sampling import (
    SamplingError,
    all_worlds,
    hidden_hands,
    sample_world,
    world_with_hidden,
    worlds_with_hidden,
)


def play_until(game: Game, rng: random.Random, done: object) -> None:
    """Random legal actions until ``done(game)`` holds (a callable), or the hand is over."""
    assert callable(done)
    while not done(game) and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


def layout(world: Game, seat: int) -> tuple[object, ...]:
    """What tells one world from another: the hidden hands and the talon, in order."""
    return (*(tuple(sorted(hand)) for other, hand in enumerate(world.hands) if other != seat), tuple(world.talon))


def test_trick_16_of_two_players_has_120_layouts_and_the_real_one_among_them() -> None:
    """Three cards in the other hand and three face down in the talon: C(6, 3) hands times 3! orders."""
    rules = PRESETS["classic"].with_options(hands_to_win=1)
    game = Game(rules, 5)
    play_until(game, random.Random(5), lambda g: g.phase is Phase.PLAY and g.tricks_played == 15 and not g.trick_cards)
    seat = game.leader
    view = game.view(seat)
    worlds = list(all_worlds(view))
    assert len(worlds) == math.comb(6, 3) * math.factorial(3) == 120
    assert len({layout(world, seat) for world in worlds}) == 120
    assert all(world.view(seat) == view for world in worlds)
    assert layout(game, seat) in {layout(world, seat) for world in worlds}
    assert all(world.talon[0] == view.briscola for world in worlds)


@pytest.mark.parametrize("name", ["classic", "bussata", "four", "three", "chiamata", "cubierta"])
@settings(max_examples=6)
@given(seed=st.integers(0, 2**32))
def test_every_sampled_world_is_listed_and_every_listed_world_fits_the_view(name: str, seed: int) -> None:
    """Late in a hand (few enough layouts to list): the sampler's worlds are a subset of the list, which fits the view.

    Bussata brings constraints (suits a player showed out of while suit must be followed), the bigger tables
    several hidden hands, and cubierta a face-down briscola that can't be listed.
    """
    rules = PRESETS[name]
    game = Game(rules, seed)
    rng = random.Random(seed)
    hand_cards = len(rules.deck) // rules.players

    def late(g: Game) -> bool:
        left = g.talon_size + sum(len(hand) for hand in g.hands)
        return g.phase is Phase.PLAY and left <= max(8, rules.players * 2) and g.tricks_played < hand_cards

    play_until(game, rng, late)
    if game.phase is not Phase.PLAY or game.to_move is None:
        return
    seat = game.to_move
    view = game.view(seat)
    if rules.trump_mode is TrumpMode.HIDDEN and view.briscola is None:
        with pytest.raises(ValueError, match="cubierta"):
            next(all_worlds(view))
        return
    worlds = {layout(world, seat): world for world in all_worlds(view)}
    assert worlds, "the real deal always fits its own view"
    assert layout(game, seat) in worlds
    for world in worlds.values():
        assert world.view(seat) == view
    for index in range(20):
        assert layout(sample_world(view, random.Random(index)), seat) in worlds


def test_a_void_caps_that_suit_in_every_listed_world_and_prunes_layouts() -> None:
    """Bussata near the end: a player who showed out of a suit holds no more of it than they have drawn since.

    Some of those views must list fewer layouts than the unconstrained count, or the cap was never put to work.
    """
    rules = PRESETS["bussata"]
    pruned = 0
    for seed in range(120):
        game = Game(rules, seed)
        rng = random.Random(seed)
        play_until(game, rng, lambda g: g.phase is Phase.PLAY and 0 < g.talon_size <= 4 and bool(g.voids))
        if game.phase is not Phase.PLAY or not game.voids or not game.talon_size or game.to_move is None:
            continue
        seat, suit, draws_then = game.voids[-1]
        viewer = next(other for other in game.active if other != seat)
        view = game.view(viewer)
        worlds = list(all_worlds(view))
        cap = view.draws[seat] - draws_then
        assert worlds
        assert all(sum(card.suit == suit for card in world.hands[seat]) <= cap for world in worlds)
        hidden = view.hand_sizes[seat] - len(view.known_cards[seat])
        unseen = len(view.unseen_cards())
        pruned += len(worlds) < math.comb(unseen, hidden) * math.factorial(unseen - hidden)
    assert pruned >= 3


@pytest.mark.parametrize("name", ["classic", "bussata", "cubierta", "scambio", "open"])
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32))
def test_hidden_hands_are_exactly_the_hands_all_worlds_deal(name: str, seed: int) -> None:
    """Two players: the hands :func:`hidden_hands` lists are the other hands of every listed world, each once, and
    :func:`world_with_hidden` builds a world that fits the view around any of them."""
    rules = PRESETS[name]
    game = Game(rules, seed)
    play_until(game, random.Random(seed), lambda g: g.phase is Phase.PLAY and 0 < g.talon_size <= 4)
    if game.phase is not Phase.PLAY or game.to_move is None:
        return
    seat = game.to_move
    other = 1 - seat
    view = game.view(seat)
    if rules.trump_mode is TrumpMode.HIDDEN and view.briscola is None:
        with pytest.raises(ValueError, match="cubierta"):
            hidden_hands(view, other)
        return
    known = set(view.known_cards[other])
    listed = hidden_hands(view, other)
    assert len(set(listed)) == len(listed)
    dealt = {tuple(sorted(set(world.hands[other]) - known)) for world in all_worlds(view)}
    assert set(listed) == dealt
    assert tuple(sorted(set(game.hands[other]) - known)) in dealt
    for index, hand in enumerate(listed[:10]):
        world = world_with_hidden(view, other, hand, random.Random(index))
        assert world.view(seat) == view
        assert sorted(world.hands[other]) == sorted([*known, *hand])
    # Many at once: the same worlds as one at a time from the same generator.
    one_rng, many_rng = random.Random(seed), random.Random(seed)
    one_by_one = [world_with_hidden(view, other, hand, one_rng) for hand in listed[:10]]
    many = list(worlds_with_hidden(view, other, listed[:10], many_rng))
    assert [(w.hands, w.talon) for w in many] == [(w.hands, w.talon) for w in one_by_one]


def test_hidden_hands_refuse_views_they_cannot_split() -> None:
    four = Game(PRESETS["four"], 1)
    play_until(four, random.Random(1), lambda g: g.phase is Phase.PLAY)
    view = four.view(four.to_move or 0)
    with pytest.raises(ValueError, match="two-player"):
        hidden_hands(view, (view.seat + 1) % 4)
    game = Game(PRESETS["classic"], 2)
    play_until(game, random.Random(2), lambda g: g.phase is Phase.PLAY)
    view = game.view(game.to_move or 0)
    with pytest.raises(ValueError, match="two-player"):
        hidden_hands(view, view.seat)
    with pytest.raises(SamplingError, match="may hold"):
        world_with_hidden(view, 1 - view.seat, list(view.hand), random.Random(0))
    fine = hidden_hands(view, 1 - view.seat)[0]
    worlds = worlds_with_hidden(view, 1 - view.seat, [fine, list(view.hand)], random.Random(0))
    assert next(worlds).view(view.seat) == view
    with pytest.raises(SamplingError, match="may hold"):
        next(worlds)
