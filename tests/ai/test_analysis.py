"""The coach's analysis: from the view alone, exact once nothing is hidden, Esperto's choice, seeded, cancellable."""

from __future__ import annotations

import dataclasses
import itertools
import pickle
import random

import pytest

from briscola.ai.analysis import Analysis, Budget, analyse, match_values
from briscola.ai.levels import make_player
from briscola.ai.position import Position
from briscola.ai.search import LEVEL_PARAMS, SearchPlayer
from briscola.ai.solver import search_value, solve_result
from briscola.engine import PRESETS, Deal, Game, Phase, Play
from briscola.engine.actions import Swap
from briscola.engine.sampling import sample_world
from briscola.engine.views import PlayerView
from tests.ai.helpers import played_to_empty_talon
from tests.ai.test_hidden_information import another_deal, positions

SMALL = Budget(deals=12)


def _medio_hand(seed: int, stop_talon: int) -> Game:
    """A classic two-player hand played by Medio until the talon holds ``stop_talon`` cards or fewer."""
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    players = [make_player("medio", random.Random(seed + seat)) for seat in range(2)]
    while game.phase is Phase.PLAY and game.talon_size > stop_talon:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)), seat=seat)
    return game


def _view(game: Game) -> PlayerView:
    seat = game.to_move
    assert seat is not None
    return game.view(seat)


@pytest.mark.parametrize("name", ["classic", "four", "scambio"])
def test_two_deals_the_seat_cannot_tell_apart_get_the_same_analysis(name: str) -> None:
    checked = 0
    for index, (game, seat) in enumerate(positions(name, 21, 20)):
        other = another_deal(game, seat, index)
        if other is None:
            continue
        view = game.view(seat)
        assert other.view(seat) == view
        assert analyse(view, SMALL, seed=index) == analyse(other.view(seat), SMALL, seed=index)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("seed", range(6))
def test_once_the_talon_is_empty_the_values_are_the_solvers_exactly(seed: int) -> None:
    game, _rng = played_to_empty_talon(seed)
    view = _view(game)
    analysis = analyse(view, SMALL, seed=seed)
    assert analysis.exact and analysis.stage == "exact" and analysis.complete
    pos = Position(sample_world(view, random.Random(0)), view.seat)  # nothing is hidden: the one deal
    for item in analysis.actions:
        assert isinstance(item.action, Play)
        pos.play(item.action.card)
        points, result = search_value(pos), solve_result(pos)
        pos.undo()
        assert item.points.mean == points and item.points.stderr == 0
        assert (item.win.mean, item.draw.mean, item.loss.mean) == (result == 1, result == 0, result == -1)
        assert item.win.stderr == 0
    best = max(item.points.mean for item in analysis.actions)
    assert analysis.best_value.points.mean == best


def test_the_exact_values_match_brute_force_over_every_line() -> None:
    game, _rng = played_to_empty_talon(3)
    view = _view(game)

    def brute(position: Game) -> int:
        """My side's points with best play for points by both sides, every line tried (no pruning)."""
        if position.phase is not Phase.PLAY:
            return sum(position.points[s] for s in position.side_of(view.seat))
        mine = position.to_move in position.side_of(view.seat)
        values = []
        for card in position.legal_cards():
            after = position.clone()
            after.apply(Play(card))
            values.append(brute(after))
        return max(values) if mine else min(values)

    analysis = analyse(view, SMALL)
    for item in analysis.actions:
        assert isinstance(item.action, Play)
        after = game.clone()
        after.apply(Play(item.action.card))
        assert item.points.mean == brute(after)


@pytest.mark.parametrize(("seed", "talon"), [(1, 30), (2, 24), (3, 8), (4, 4), (5, 18), (6, 2)])
def test_at_esperto_s_budget_the_best_action_is_esperto_s_move(seed: int, talon: int) -> None:
    """Analysed with Esperto's 40 deals and the seed Esperto's generator has, the best action is its move."""
    view = _view(_medio_hand(seed, talon))
    analysis = analyse(view, Budget(deals=40), seed=seed)
    assert analysis.best == make_player("esperto", random.Random(seed)).choose(view)


def test_the_same_view_seed_and_budget_give_the_same_analysis_and_another_seed_other_deals() -> None:
    view = _view(_medio_hand(8, 20))
    first = analyse(view, SMALL, seed=5)
    assert first == analyse(view, SMALL, seed=5)
    assert first != analyse(view, SMALL, seed=6)
    assert first.stage == "middle" and not first.exact and first.deals == 12 and first.complete
    for item in first.actions:
        assert item.valued and 0 < item.points.stderr < 10
        assert item.win.mean + item.draw.mean + item.loss.mean == pytest.approx(1)


def test_cancel_stops_the_search_and_says_so() -> None:
    view = _view(_medio_hand(9, 6))
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 5

    analysis = analyse(view, Budget(deals=500), cancel=cancel)
    assert not analysis.complete and analysis.deals < 5
    assert analysis.best in view.legal


def test_the_time_limit_is_read_on_the_clock_given() -> None:
    view = _view(_medio_hand(10, 20))
    now = [0.0]

    def clock() -> float:
        now[0] += 0.01
        return now[0]

    analysis = analyse(view, Budget(deals=400, time_limit=0.2), clock=clock)
    assert not analysis.complete and 4 <= analysis.deals < 400


def test_an_analysis_survives_pickling_for_the_worker_process() -> None:
    analysis = analyse(_view(_medio_hand(11, 10)), SMALL)
    assert pickle.loads(pickle.dumps(analysis)) == analysis


def test_special_moves_are_not_valued_and_the_swap_is_made_as_esperto_makes_it() -> None:
    found = 0
    for seed in range(40):
        game = Game(PRESETS["scambio"], seed)
        game.apply(Deal())
        rng = random.Random(seed)
        while game.phase is Phase.PLAY and Swap() not in game.legal_actions():
            game.apply(Play(rng.choice(game.legal_cards())))
        if game.phase is not Phase.PLAY:
            continue
        view = _view(game)
        analysis = analyse(view, SMALL, seed=seed)
        swap = analysis.value(Swap())
        assert swap is not None and not swap.valued
        assert all(item.valued for item in analysis.actions if isinstance(item.action, Play))
        esperto = SearchPlayer(LEVEL_PARAMS[5], random.Random(seed)).choose(view)
        assert (analysis.best == Swap()) == (esperto == Swap())
        found += 1
        if found == 3:
            break
    assert found == 3


def test_nothing_is_valued_where_the_hand_is_not_won_by_more_than_half_the_points() -> None:
    for game, seat in itertools.islice(positions("to31", 4, 3), 3):
        analysis: Analysis = analyse(game.view(seat), SMALL)
        assert analysis.stage is None and not any(item.valued for item in analysis.actions)
        assert analysis.best in game.view(seat).legal


def test_teams_ending_is_exact_over_every_layout() -> None:
    game = Game(PRESETS["four"], 2)
    game.apply(Deal())
    rng = random.Random(2)
    while game.phase is Phase.PLAY and (game.talon_size > 0 or len(game.hands[game.to_move or 0]) > 2):
        game.apply(Play(rng.choice(game.legal_cards())))
    analysis = analyse(_view(game), Budget(deals=120))
    assert analysis.exact and analysis.stage == "exact" and analysis.deals <= 120
    assert all(item.points.stderr == 0 for item in analysis.actions)


def _in_match(view: PlayerView, scores: tuple[int, int], stake: int = 1, hands: int = 2) -> PlayerView:
    """``view`` as if the match stood at ``scores`` (this seat's side first), this hand counting ``stake``."""
    rules = view.rules.with_options(hands_to_win=hands)
    ordered = scores if view.seat == 0 else scores[::-1]
    return dataclasses.replace(view, rules=rules, match_scores=ordered, stake=stake)


def test_the_match_chance_after_the_hand_follows_the_score_and_the_stake() -> None:
    view = _view(_medio_hand(3, 20))
    assert match_values(_in_match(view, (0, 0), hands=1)) is None  # one hand: no match to price
    assert match_values(_in_match(view, (1, 0))) == (1.0, 0.75, 0.5)  # a draw carries: the next hand counts two
    assert match_values(_in_match(view, (0, 1))) == (0.5, 0.25, 0.0)
    assert match_values(_in_match(view, (0, 0), stake=2)) == (1.0, 0.5, 0.0)  # after a draw this hand decides
    assert match_values(_in_match(view, (0, 0), hands=3)) == (0.6875, 0.5, 0.3125)
    chiamata = Game(PRESETS["chiamata"], 1)
    chiamata.apply(Deal())
    assert match_values(chiamata.view(0)) is None


def test_each_card_is_priced_for_the_match_from_its_deals() -> None:
    view = _in_match(_view(_medio_hand(5, 10)), (1, 0))
    analysis = analyse(view, SMALL, seed=2)
    after_win, after_draw, after_loss = (1.0, 0.75, 0.5)
    for item in analysis.actions:
        assert item.match is not None
        expected = after_win * item.win.mean + after_draw * item.draw.mean + after_loss * item.loss.mean
        assert item.match.mean == pytest.approx(expected)
    single = analyse(_in_match(_view(_medio_hand(5, 10)), (0, 0), hands=1), SMALL, seed=2)
    assert all(item.match is None for item in single.actions)
