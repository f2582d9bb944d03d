"""Campione's middle-game search: information-set MCTS backs each result up for the side that chose, finds the one
winning card of a position, is seeded, stops at its deadline, can search Medio's card first and can model the other
player as playing it."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest

from briscola.ai import search
from briscola.ai.inference import posterior_worlds
from briscola.ai.ismcts import ismcts_values
from briscola.ai.judged import judged_card, judged_rollout
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


def test_with_a_bias_medio_s_card_is_expanded_first_and_the_player_passes_bias_and_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``bias``, the first root card tried is the one Medio's judgement names in the first deal (without it, a
    random untried one), the values change, and ``SearchParams.mid_bias`` and ``mid_model`` are what the search player
    uses."""
    for seed in range(20, 30):
        game, me = middle_game_position(seed)
        cards = game.legal_cards()
        pos = Position(game, me)
        assert list(ismcts_values([pos], cards, 1, random.Random(seed), bias=1.0)) == [judged_card(pos)]
    game, me = middle_game_position(12)
    cards = game.legal_cards()
    plain = ismcts_values([Position(game, me)], cards, 300, random.Random(5))
    biased = ismcts_values([Position(game, me)], cards, 300, random.Random(5), bias=1.0)
    assert plain != biased
    seen: list[tuple[float, float]] = []

    def spy(*args: Any) -> dict[int, tuple[int, float]]:
        seen.append((args[5], args[6]))
        return ismcts_values(*args)

    monkeypatch.setattr(search, "ismcts_values", spy)
    params = dataclasses.replace(LEVEL_PARAMS[6], mid_ismcts=40, mid_deals=4, mid_bias=0.5, mid_model=0.25)
    SearchPlayer(params, random.Random(1)).choose(game.view(me))
    assert seen == [(0.5, 0.25)]


def test_medio_s_card_is_judged_once_per_node_and_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal reaching a node again reuses the card judged there (the same cards in the same deal are the same
    position, so the same card). Without the memo the root alone would be judged in every one of the 400 iterations
    over these 5 deals; with it, once per deal."""
    game, me = middle_game_position(14)
    cards = game.legal_cards()
    deals = [Position(game.clone(), me) for _ in range(5)]
    roots = {id(deal): [list(hand) for hand in deal.hands] for deal in deals}
    at_root: list[int] = []
    calls = 0

    def counting(pos: Position) -> int:
        nonlocal calls
        calls += 1
        if pos.hands == roots[id(pos)]:
            at_root.append(id(pos))
        return judged_card(pos)

    monkeypatch.setattr("briscola.ai.ismcts.judged_card", counting)
    values = ismcts_values(deals, cards, 400, random.Random(3), bias=1.0)
    assert sum(visits for visits, _ in values.values()) == 400
    assert sorted(at_root) == sorted(id(deal) for deal in deals)
    assert calls < 2 * 400


@pytest.mark.parametrize("model", [0.0, 1.0])
def test_a_modelled_opponent_plays_medio_s_card_in_its_deal(model: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``model`` 1 the other player, in the tree as in the play-outs, always plays the card Medio's judgement
    names for it in the deal (so it knows its own hand); without it the tree also tries its other cards."""
    game, me = middle_game_position(16)
    cards = game.legal_cards()
    other_cards: list[bool] = []
    play = Position.play

    def watched(pos: Position, card: int) -> None:
        if pos.side[pos.to_move] == 1:
            other_cards.append(card == judged_card(pos))
        play(pos, card)

    monkeypatch.setattr(Position, "play", watched)
    ismcts_values([Position(game, me)], cards, 200, random.Random(4), model=model)
    assert len(other_cards) > 200
    assert all(other_cards) == (model == 1.0)


def test_with_draws_my_choices_after_a_draw_are_made_in_the_branch_of_the_card_i_drew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``draws`` the walk goes on below a node in the branch of the card I drew on the way: in every deal that
    enters a branch I hold its card there, and the deals split over several branches. Without it there are none."""
    from briscola.ai import ismcts

    made: list[ismcts._Node] = []

    class Recorded(ismcts._Node):
        __slots__ = ()

        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(ismcts, "_Node", Recorded)
    game, me = middle_game_position(18)
    cards = game.legal_cards()
    worlds = [Position(world, me) for world in posterior_worlds(game.view(me), random.Random(2), 20, False, None)]
    for draws in (False, True):
        made.clear()
        ismcts_values(worlds, cards, 600, random.Random(6), draws=draws)
        branched = [node for node in made if node.after]
        if not draws:
            assert not branched
            continue
        assert any(len(node.after) > 1 for node in branched)
        for node in branched:
            for card, branch in node.after.items():
                assert card in branch.avail  # my first choice in the branch was made holding the card


def test_play_outs_are_solved_exactly_once_few_enough_cards_are_left() -> None:
    """``solve_at``: a play-out is Medio's judgement down to that many cards left, then the exact result; 0 is
    Medio's judgement to the end. The position is restored either way."""
    from briscola.ai.ismcts import _playout, _result

    for seed in range(30, 40):
        game, me = middle_game_position(seed)
        pos = Position(game, me)
        before = [list(hand) for hand in pos.hands], list(pos.talon)
        assert _playout(pos, 0) == _result(judged_rollout(pos))
        by_hand = 0
        while len(pos.talon) + sum(map(len, pos.hands)) > 8:
            pos.play(judged_card(pos))
            by_hand += 1
        expected = (solve_result(pos) + 1) / 2
        for _ in range(by_hand):
            pos.undo()
        assert _playout(pos, 8) == expected
        assert ([list(hand) for hand in pos.hands], list(pos.talon)) == before
    for endgame, winner in one_winner_endgames(6):
        mover = endgame.to_move
        assert mover is not None
        pos = Position(endgame, mover)
        pos.play(winner)
        assert _playout(pos, 8) == 1.0  # the one winning card, solved: won whatever Medio would have played


def test_the_search_player_passes_draws_and_solve_at(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[bool, int]] = []

    def spy(*args: Any) -> dict[int, tuple[int, float]]:
        seen.append((args[7], args[8]))
        return ismcts_values(*args)

    monkeypatch.setattr(search, "ismcts_values", spy)
    params = dataclasses.replace(LEVEL_PARAMS[6], mid_ismcts=40, mid_deals=4, mid_draws=True, mid_solve_at=8)
    game, me = middle_game_position(12)
    SearchPlayer(params, random.Random(1)).choose(game.view(me))
    assert seen == [(True, 8)]
