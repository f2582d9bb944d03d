"""Campione's middle-game search: information-set MCTS backs each result up for the side that chose, finds the one
winning card of a position, is seeded and stops at its deadline."""

from __future__ import annotations

import dataclasses
import random
import time

from briscola.ai.ismcts import ismcts_values
from briscola.ai.position import Position
from briscola.ai.search import LEVEL_PARAMS, SearchPlayer
from briscola.ai.solver import solve_result
from briscola.engine import PRESETS, Deal, Game, Phase, Play
from tests.ai.helpers import play_checked, played_to_empty_talon


def one_winner_endgames(count: int) -> list[tuple[Game, int]]:
    """Two-player endgames (talon empty, three cards each) in which exactly one card wins for the player to move."""
    out: list[tuple[Game, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        game, _rng = played_to_empty_talon(seed)
        if game.phase is not Phase.PLAY or game.to_move is None:
            continue
        pos = Position(game, game.to_move)
        results = {}
        for card in pos.moves():
            pos.play(card)
            results[card] = solve_result(pos)
            pos.undo()
        winners = [card for card, result in results.items() if result == 1]
        if len(winners) == 1 and len(results) == 3:
            out.append((game, winners[0]))
    return out


def middle_game_position(seed: int) -> tuple[Game, int]:
    """A two-player hand a few tricks in, with the player to move."""
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    for _ in range(7):
        game.apply(Play(rng.choice(game.legal_cards())))
    assert game.to_move is not None
    return game, game.to_move


def test_with_nothing_hidden_the_search_finds_the_one_winning_card() -> None:
    """One deal, every card seen: the tree is the game's, and the other player answers for itself, so the search
    must end on the card the exact solver says wins (a result backed up for the wrong side would pick a losing one)."""
    for game, winner in one_winner_endgames(12):
        me = game.to_move
        assert me is not None
        pos = Position(game, me)
        stats = ismcts_values([pos], pos.moves(), 1500, random.Random(1))
        best = max(stats, key=lambda card: stats[card][0])
        assert best == winner, (game.hands, stats)
        assert stats[winner][1] > 0.9


def test_every_iteration_visits_one_root_card_and_the_deals_are_left_as_they_were() -> None:
    game, me = middle_game_position(4)
    view = game.view(me)
    worlds = [game.clone() for _ in range(3)]
    positions = [Position(world, me) for world in worlds]
    before = [(list(map(list, p.hands)), list(p.talon), list(p.side_points)) for p in positions]
    cards = [action.card for action in view.legal if isinstance(action, Play)]
    stats = ismcts_values(positions, cards, 300, random.Random(2))
    assert sorted(stats) == sorted(cards)
    assert sum(visits for visits, _mean in stats.values()) == 300
    assert all(0.0 <= mean <= 1.0 for _visits, mean in stats.values())
    assert [(list(map(list, p.hands)), list(p.talon), list(p.side_points)) for p in positions] == before


def test_the_same_deals_and_seed_give_the_same_values() -> None:
    game, me = middle_game_position(5)
    cards = game.legal_cards()
    first = ismcts_values([Position(game, me)], cards, 400, random.Random(7))
    again = ismcts_values([Position(game, me)], cards, 400, random.Random(7))
    assert first == again


def test_a_passed_deadline_stops_the_search_at_the_first_look_at_the_clock() -> None:
    game, me = middle_game_position(6)
    cards = game.legal_cards()
    stats = ismcts_values([Position(game, me)], cards, 10_000, random.Random(3), deadline=time.perf_counter() - 1)
    assert sum(visits for visits, _mean in stats.values()) == 64


def test_a_search_player_with_the_tree_search_plays_a_legal_seeded_hand() -> None:
    params = dataclasses.replace(LEVEL_PARAMS[6], mid_ismcts=48, mid_deals=8)
    game = Game(PRESETS["classic"].with_options(hands_to_win=1), 9)
    players = [SearchPlayer(params, random.Random(seat)) for seat in range(2)]
    assert play_checked(game, players, max_steps=400).is_over
    position, me = middle_game_position(8)
    view = position.view(me)
    moves = {str(SearchPlayer(params, random.Random(11)).choose(view)) for _ in range(3)}
    assert len(moves) == 1
