"""The search levels: the compact position plays by the engine's rules, the late game is solved exactly, and every
search player is legal, seeded and deterministic."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

from briscola.ai import search as search_module
from briscola.ai.heuristic import TUNED_TWO_PLAYER, Weights
from briscola.ai.inference import posterior_worlds
from briscola.ai.levels import make_player
from briscola.ai.position import Position
from briscola.ai.search import LEVEL_PARAMS, MIN_WORLDS, SearchPlayer, search_level
from briscola.ai.solver import search_value, solve_result
from briscola.engine import PRESETS, Deal, Declare, Game, Phase, Play, PlayerView, Suit
from tests.ai.helpers import play_checked, played_to_empty_talon
from tests.ai.test_knowledge import _game


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


@pytest.mark.parametrize("name", ["classic", "three", "four", "six", "briscolone"])
def test_the_last_trick_is_scored_as_playing_it_would(name: str) -> None:
    """The solvers score the last trick without playing it: exactly the points playing it gives, and only there."""
    scored = 0
    for seed in range(30):
        game = random_position(name, seed, 1.0)  # the first lead
        assert game is not None
        me = game.to_move
        assert me is not None
        pos = Position(game, me)
        rng = random.Random(seed)
        while not pos.over:
            last = pos.last_trick()
            at_last = not pos.trick and not pos.talon and all(len(pos.hands[s]) == 1 for s in game.active)
            if at_last:
                for _ in range(pos.active):
                    pos.play(pos.moves()[0])
                assert last == tuple(pos.side_points)
                scored += 1
            else:
                assert last is None
                pos.play(rng.choice(pos.moves()))
    assert scored == 30


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
        game, rng = played_to_empty_talon(seed)
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
        assert search_value(Position(game, me)) == brute_force(game, me)


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


def test_solve_result_is_the_sign_of_the_best_sure_points() -> None:
    """The win/draw/loss solver agrees with plain minimax over points: more than half the points wins."""
    for game in endgames()[:300]:
        me = game.to_move
        assert me is not None
        pos = Position(game, me)
        sure = brute_force(game, me)
        assert solve_result(pos) == (sure * 2 > pos.total) - (sure * 2 < pos.total)


def test_outcome_puts_a_won_hand_before_any_points() -> None:
    game = endgames()[0]
    me = game.to_move
    assert me is not None
    pos = Position(game, me)
    pos.side_points[:] = [61, 59]
    narrow_win = pos.outcome()
    pos.side_points[:] = [59, 61]
    narrow_loss = pos.outcome()
    pos.side_points[:] = [60, 60]
    assert narrow_win > pos.outcome() > narrow_loss
    assert narrow_win - narrow_loss > 100


def _late_view(seed: int) -> PlayerView:
    """A two-player view with 14 cards left (hands and talon) and the opponent's hand hidden."""
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    while sum(len(hand) for hand in game.hands) + game.talon_size > 14 or game.trick_cards:
        game.apply(Play(rng.choice(game.legal_cards())))
    me = game.to_move
    assert me is not None
    return game.view(me)


@pytest.mark.parametrize(("time_limit", "deals"), [(None, LEVEL_PARAMS[5].late_worlds), (0.0, MIN_WORLDS)])
def test_the_late_search_samples_its_budget_or_stops_when_time_is_up(
    monkeypatch: pytest.MonkeyPatch, time_limit: float | None, deals: int
) -> None:
    calls: list[int] = []

    class Counted(Position):
        """A position that counts the deals the search solves."""

        def __init__(self, world: Game, me: int) -> None:
            calls.append(1)
            super().__init__(world, me)

    monkeypatch.setattr(search_module, "Position", Counted)
    player = search_level(5, random.Random(3))
    assert isinstance(player, SearchPlayer)
    player.time_limit = time_limit
    view = _late_view(11)
    choice = player.choose(view)
    assert choice in view.legal
    assert len(calls) == deals


def test_the_late_search_plays_a_card_that_wins_in_the_most_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying the player's own deals: its card's win count is the best of all cards' (against an other player
    not taken for one of common sense to the letter: tests/ai/test_common_sense.py covers that)."""
    monkeypatch.setattr(search_module, "strict_chance", lambda view, readings=None: 0.0)
    for seed in range(6):
        view = _late_view(100 + seed)
        cards = [action.card for action in view.legal if isinstance(action, Play)]
        if len(cards) < 2:
            continue
        chosen = search_level(5, random.Random(seed)).choose(view)
        assert isinstance(chosen, Play)
        # The same generator draws: the player's two Medios take one number each first, then the deals follow.
        rng = random.Random(seed)
        rng.random()
        rng.random()
        wins = dict.fromkeys(cards, 0)
        params = LEVEL_PARAMS[5]
        for world in posterior_worlds(view, rng, params.late_worlds, params.read):
            pos = Position(world, view.seat)
            for card in cards:
                pos.play(card)
                wins[card] += solve_result(pos)
                pos.undo()
        assert wins[chosen.card] == max(wins.values()), (wins, chosen)


@pytest.mark.parametrize(
    ("name", "expected"), [("classic", TUNED_TWO_PLAYER), ("four", Weights()), ("three", Weights())]
)
def test_two_player_hands_are_judged_by_the_tuned_values_bigger_tables_by_the_hand_set_ones(
    name: str, expected: Weights
) -> None:
    """The values were tuned on two-player hands only; the 4-player target was met with the hand-set ones."""
    game = random_position(name, 3, 0.2)
    assert game is not None and game.to_move is not None
    for number in (4, 5, 6):
        player = search_level(number, random.Random(number))
        assert isinstance(player, SearchPlayer)
        assert player.judge(game.view(game.to_move)).style.weights == expected


@pytest.mark.parametrize("spec", ["difficile", "esperto", "campione"])
def test_the_search_levels_declare_31_exactly_when_their_points_reach_it(spec: str) -> None:
    """To 31: a careful player claims as soon as its points are there, and never on a guess (a wrong claim loses)."""
    game = _game("to31", hands=["2S 4D 5H", "KC 2C 6S"], trump=Suit.CLUBS, leader=0, briscola="7C")
    base = game.view(0)
    assert Declare() in base.legal
    for seed in range(5):
        assert make_player(spec, random.Random(seed)).choose(dataclasses.replace(base, points=(31, 0))) == Declare()
        assert make_player(spec, random.Random(seed)).choose(dataclasses.replace(base, points=(30, 50))) != Declare()
