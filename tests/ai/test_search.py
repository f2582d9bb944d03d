"""The search levels: the compact position plays by the engine's rules, the late game is solved exactly, and every
search player is legal, seeded and deterministic."""

from __future__ import annotations

import random
from functools import cache

import pytest

from briscola.ai.levels import make_player
from briscola.ai.position import Position
from briscola.ai.search import search_level
from briscola.ai.solver import search_value
from briscola.engine import PRESETS, Deal, Game, Phase, Play
from tests.ai.helpers import play_checked


def random_position(name: str, seed: int, stop: float) -> Game | None:
    """A game of ``name`` played at random into its first hand until a coin with ``stop`` chance says stop."""
    game = Game(PRESETS[name], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    while game.phase is Phase.PLAY and rng.random() > stop:
        game.apply(Play(rng.choice(game.legal_cards())))
    return game if game.phase is Phase.PLAY else None


@pytest.mark.parametrize("name", ["classic", "three", "four", "six", "briscolone", "bussata", "open"])
def test_position_plays_and_undoes_exactly_like_the_game(name: str) -> None:
    for seed in range(40):
        game = random_position(name, seed, 0.05)
        if game is None:
            continue
        me = game.to_move
        assert me is not None
        pos = Position(game, me)
        snapshot = (repr(pos.hands), repr(pos.talon), repr(pos.trick), pos.to_move, list(pos.side_points))
        rng = random.Random(seed)
        played = 0
        while game.phase is Phase.PLAY:
            assert sorted(pos.moves()) == sorted(game.legal_cards())
            assert pos.to_move == game.to_move
            card = rng.choice(game.legal_cards())
            game.apply(Play(card))
            pos.play(card)
            played += 1
        mine = sum(game.points[s] + game.meld_points[s] for s in range(game.players) if pos.side[s] == 0)
        assert pos.over and pos.side_points[0] == mine
        for _ in range(played):
            pos.undo()
        assert snapshot == (repr(pos.hands), repr(pos.talon), repr(pos.trick), pos.to_move, list(pos.side_points))


def brute_force(game: Game, me: int) -> int:
    """Final points of ``me`` under perfect play, by plain minimax over Game copies (independent of the solver)."""
    if game.phase is not Phase.PLAY:
        return game.points[me]
    values = []
    for card in game.legal_cards():
        child = game.clone()
        child.apply(Play(card))
        values.append(brute_force(child, me))
    return max(values) if game.to_move == me else min(values)


@cache
def endgames() -> list[Game]:
    """Two-player positions with the talon empty (random plays up to there, then 0-2 more cards)."""
    out: list[Game] = []
    seed = 0
    while len(out) < 1000:
        seed += 1
        game = Game(PRESETS["classic"], seed)
        game.apply(Deal())
        rng = random.Random(seed)
        while game.phase is Phase.PLAY and game.talon_size > 0:
            game.apply(Play(rng.choice(game.legal_cards())))
        for _ in range(rng.randrange(3)):
            if game.phase is Phase.PLAY:
                game.apply(Play(rng.choice(game.legal_cards())))
        if game.phase is Phase.PLAY and len(game.legal_cards()) > 1:
            out.append(game)
    return out


def test_esperto_makes_no_endgame_errors() -> None:
    """Once the talon is empty, every Esperto move keeps the exact minimax value (1,000 random endgames)."""
    player = search_level(5, random.Random(1))
    for game in endgames():
        me = game.to_move
        assert me is not None
        best = brute_force(game, me)
        chosen = player.choose(game.view(me))
        assert isinstance(chosen, Play)
        after = game.clone()
        after.apply(chosen)
        assert brute_force(after, me) == best, f"{chosen} loses points in {game.hands}"


def test_search_value_matches_brute_force() -> None:
    for game in endgames()[:200]:
        me = game.to_move
        assert me is not None
        assert search_value(Position(game, me), -1) == brute_force(game, me)


@pytest.mark.parametrize("spec", ["pimc30", "difficile", "esperto"])
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_search_players_play_legal_moves_in_every_form(spec: str, name: str) -> None:
    rules = PRESETS[name].with_options(hands_to_win=1) if not PRESETS[name].chiamata else PRESETS[name]
    if rules.chiamata:
        rules = rules.with_options(chiamata_deals=1)
    if rules.rematada:
        rules = rules.with_options(rematada_target=60)
    game = Game(rules, 5)
    players = [make_player(spec, random.Random(seat)) for seat in range(rules.players)]
    assert play_checked(game, players, max_steps=400).is_over


def test_same_seed_same_view_same_move() -> None:
    game = random_position("classic", 3, 0.1)
    assert game is not None and game.to_move is not None
    view = game.view(game.to_move)
    moves = {str(search_level(5, random.Random(42)).choose(view)) for _ in range(3)}
    assert len(moves) == 1
