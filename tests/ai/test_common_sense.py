"""Solving the end of a hand against a player of single-trick common sense, and telling that player by its plays.

The greedy reference player's rules are mirrored on the search's integers (:func:`common_sense_card`); the one-sided
solve against them is checked against brute force on the engine; and :func:`strict_chance` must tell a player who
follows them to the letter from careful players who don't, by their plays alone.
"""

from __future__ import annotations

import random
from functools import cache
from statistics import fmean

import pytest

from briscola.ai import search as search_module
from briscola.ai.inference import STYLE_MIN_PLAYS, posterior_worlds, strict_chance
from briscola.ai.levels import make_player
from briscola.ai.position import Position
from briscola.ai.search import LEVEL_PARAMS, SearchPlayer, search_level
from briscola.ai.simple import greedy_cards
from briscola.ai.solver import common_sense_card, solve_result
from briscola.engine import PRESETS, Deal, Game, Phase, Play, PlayerView


def _walk(name: str, seed: int) -> list[Game]:
    """Every position of one two-player hand of ``name`` played at random (copies)."""
    game = Game(PRESETS[name].with_options(hands_to_win=1), seed)
    game.apply(Deal())
    rng = random.Random(seed)
    positions = []
    while game.phase is Phase.PLAY:
        positions.append(game.clone())
        game.apply(Play(rng.choice(game.legal_cards())))
    return positions


@pytest.mark.parametrize("name", ["classic", "bussata", "briscolone"])
def test_common_sense_card_is_the_greedy_players_card(name: str) -> None:
    """The first of the greedy player's equally good cards, in every position of 40 random hands (trumps, following
    suit, no trumps at all)."""
    for seed in range(40):
        for game in _walk(name, seed):
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            cards = sorted(action.card for action in view.legal if isinstance(action, Play))
            expected = greedy_cards(cards, view.trick, view.trump, team=(seat,), opponent_after=False)[0]
            assert common_sense_card(Position(game, seat)) == int(expected)


def _brute_against_common_sense(game: Game, me: int) -> int:
    """``me``'s result with best play against an other player who plays the greedy player's first card, on the
    engine: every card of mine tried, the other player's by its rules."""
    if game.phase is not Phase.PLAY:
        mine, theirs = game.points[me], sum(game.points) - game.points[me]
        return (mine > theirs) - (mine < theirs)
    seat = game.to_move
    assert seat is not None
    cards = sorted(game.legal_cards())
    if seat != me:
        trick = tuple(zip(game.trick_seats, game.trick_cards, strict=True))
        cards = [greedy_cards(cards, trick, game.trump, team=(seat,), opponent_after=False)[0]]
    results = []
    for card in cards:
        child = game.clone()
        child.apply(Play(card))
        results.append(_brute_against_common_sense(child, me))
    return max(results)


@cache
def _late_games() -> list[Game]:
    """Two-player positions with at most 10 cards left in hands and talon (the talon not yet empty in most)."""
    games = []
    for seed in range(60):
        for game in _walk("classic", seed):
            if sum(len(hand) for hand in game.hands) + game.talon_size <= 10:
                games.append(game)
                break
    return games


def test_the_solve_against_common_sense_matches_brute_force() -> None:
    for game in _late_games():
        me = game.to_move
        assert me is not None
        assert solve_result(Position(game, me), opponent=common_sense_card) == _brute_against_common_sense(game, me)


def test_a_common_sense_player_never_does_better_than_best_play() -> None:
    """Against a fixed rule the result is at least the result against the best reply, and sometimes more."""
    better = 0
    for game in _late_games():
        me = game.to_move
        assert me is not None
        against_rule = solve_result(Position(game, me), opponent=common_sense_card)
        against_best = solve_result(Position(game, me))
        assert against_rule >= against_best
        better += against_rule > against_best
    assert better > 0


def _view_at(opponent: str, seed: int, cards_left: int) -> PlayerView:
    """Seat 0's view (Medio) once ``cards_left`` cards are left, against ``opponent`` at seat 1."""
    game = Game(PRESETS["classic"].with_options(hands_to_win=1), seed)
    game.apply(Deal())
    players = [make_player("medio", random.Random(seed)), make_player(opponent, random.Random(seed + 99))]
    while True:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if seat == 0 and sum(view.hand_sizes) + view.talon_size <= cards_left:
            return view
        game.apply(players[seat].choose(view))


def test_a_player_of_common_sense_to_the_letter_is_told_from_careful_ones() -> None:
    """Measured over 30 hands at 16 cards left: 0.83 on average against greedy, 0.16 against Medio, 0.185 against
    Difficile; asserted with room over 12 hands."""
    chances = {
        opponent: fmean(strict_chance(_view_at(opponent, seed, 16)) for seed in range(12))
        for opponent in ("greedy", "medio", "difficile")
    }
    assert chances["greedy"] > 0.6, chances
    assert chances["medio"] < 0.35, chances
    assert chances["difficile"] < 0.35, chances


def test_no_chance_without_enough_plays_or_beyond_two_players() -> None:
    early = _view_at("greedy", 1, 36)
    assert sum(1 for event in early.events if type(event).__name__ == "CardPlayed") < 2 * STYLE_MIN_PLAYS
    assert strict_chance(early) == 0.0
    four = Game(PRESETS["four"], 1)
    four.apply(Deal())
    for _ in range(12):
        four.apply(Play(four.legal_cards()[0]))
    seat = four.to_move
    assert seat is not None
    assert strict_chance(four.view(seat)) == 0.0


@pytest.mark.parametrize("chance", [0.0, 1.0, 0.5])
def test_the_late_search_weighs_both_solves_by_the_chance(monkeypatch: pytest.MonkeyPatch, chance: float) -> None:
    """Replaying Esperto's own deals: its card's value (wins against best play and against common sense, weighed
    by the chance the other player plays that way) is the best of all cards'."""
    monkeypatch.setattr(search_module, "strict_chance", lambda view, readings=None: chance)
    params = LEVEL_PARAMS[5]
    assert params.recognise
    checked = 0
    for seed in range(8):
        view = _view_at("greedy", seed, 14)
        cards = [action.card for action in view.legal if isinstance(action, Play)]
        if len(cards) < 2:
            continue
        player = search_level(5, random.Random(seed))
        assert isinstance(player, SearchPlayer)
        chosen = player.choose(view)
        assert isinstance(chosen, Play)
        rng = random.Random(seed)
        rng.random()  # the player's two Medios take one number each, then the deals follow
        rng.random()
        values = dict.fromkeys(cards, 0.0)
        for world in posterior_worlds(view, rng, params.late_worlds, params.read):
            pos = Position(world, view.seat)
            for card in cards:
                pos.play(card)
                against_best = solve_result(pos)
                values[card] += (1 - chance) * against_best + chance * solve_result(pos, opponent=common_sense_card)
                pos.undo()
        assert values[chosen.card] == max(values.values()), (values, chosen)
        checked += 1
    assert checked >= 4
