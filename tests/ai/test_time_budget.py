"""The search levels' time budget at the table: a budgeted move stops near its budget with a legal card, after a
minimum of work, and without a budget the clock changes nothing.

Nothing here is timed. The searches read a fake clock that advances only with their work (so much a play-out, so much
an exact solve), so "within the budget" means the same on a fast machine, a slow one and a busy one.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable

import pytest

from briscola.ai import ismcts as ismcts_module
from briscola.ai import search as search_module
from briscola.ai.ismcts import MIN_ITERATIONS
from briscola.ai.judged import judged_rollout
from briscola.ai.position import Position
from briscola.ai.search import LEVEL_PARAMS, MIN_WORLDS, SearchPlayer, search_level
from briscola.ai.solver import solve_result
from briscola.engine import PRESETS, Deal, Game, Phase, Play, PlayerView

#: What the fake clock charges: a play-out of the middle game, an exact solve of one card in one late deal.
ROLLOUT = 0.001
SOLVE = 0.01


class WorkClock:
    """A clock that moves only when the search works: the tests charge it for each play-out and solve."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> WorkClock:
    """A fresh :class:`WorkClock`, charged by every play-out and every exact solve the search levels start."""
    work = WorkClock()

    def charging(function: Callable[..., int], cost: float) -> Callable[..., int]:
        def charged(*args: object, **kwargs: object) -> int:
            work.now += cost
            return function(*args, **kwargs)

        return charged

    monkeypatch.setattr(ismcts_module, "judged_rollout", charging(judged_rollout, ROLLOUT))
    monkeypatch.setattr(search_module, "judged_rollout", charging(judged_rollout, ROLLOUT))
    monkeypatch.setattr(search_module, "solve_result", charging(solve_result, SOLVE))
    return work


def middle_view(seed: int) -> PlayerView:
    """A two-player classic hand three tricks and a lead in: Campione's tree search decides here."""
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    for _ in range(7):
        game.apply(Play(rng.choice(game.legal_cards())))
    assert game.to_move is not None
    return game.view(game.to_move)


def late_view(seed: int) -> PlayerView:
    """A two-player view with 14 cards left and the other hand hidden: the sampled deals are solved exactly."""
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    while sum(len(hand) for hand in game.hands) + game.talon_size > 14 or game.trick_cards:
        game.apply(Play(rng.choice(game.legal_cards())))
    assert game.phase is Phase.PLAY and game.to_move is not None
    return game.view(game.to_move)


def timed_move(level: int, view: PlayerView, clock: WorkClock, budget: float | None) -> tuple[SearchPlayer, float]:
    """Level ``level``'s player (seed 1) after choosing a legal move for ``view`` under ``budget``, and the time it
    took on ``clock``."""
    player = search_level(level, random.Random(1))
    assert isinstance(player, SearchPlayer)
    player.clock, player.time_limit = clock, budget
    started = clock.now
    action = player.choose(view)
    assert action in view.legal
    return player, clock.now - started


def test_campione_in_the_middle_game_stops_at_its_budget_where_its_full_search_takes_far_longer(
    clock: WorkClock,
) -> None:
    view = middle_view(6)
    budget = 0.2
    full, full_time = timed_move(6, view, clock, None)
    assert not full.stopped_early
    assert full_time >= 0.9 * LEVEL_PARAMS[6].mid_ismcts * ROLLOUT > 30 * budget
    # The clock is read every few iterations: past the budget by at most a few play-outs.
    cut, cut_time = timed_move(6, view, clock, budget)
    assert cut.stopped_early
    assert budget < cut_time <= budget + 8 * ROLLOUT


@pytest.mark.parametrize("level", [4, 5, 6])
def test_the_late_game_stops_between_deals_once_the_budget_is_spent(clock: WorkClock, level: int) -> None:
    view = late_view(11)
    cards = sum(isinstance(action, Play) for action in view.legal)
    per_deal = cards * SOLVE * 2  # each card solved against best play, and against common sense where that is read
    _full, full_time = timed_move(level, view, clock, None)
    assert full_time >= LEVEL_PARAMS[level].late_worlds * cards * SOLVE
    budget = MIN_WORLDS * per_deal
    cut, cut_time = timed_move(level, view, clock, budget)
    assert cut.stopped_early
    # The clock is read between the cards of a deal: past the budget by at most one card's solves.
    assert cut_time <= budget + 2 * SOLVE < full_time


def test_esperto_s_middle_game_rollouts_stop_at_the_budget(clock: WorkClock) -> None:
    view = middle_view(6)
    cards = sum(isinstance(action, Play) for action in view.legal)
    _full, full_time = timed_move(5, view, clock, None)
    assert full_time == pytest.approx(LEVEL_PARAMS[5].mid_worlds * cards * ROLLOUT)
    budget = 0.4 * full_time
    cut, cut_time = timed_move(5, view, clock, budget)
    assert cut.stopped_early
    assert cut_time <= budget + cards * ROLLOUT


def test_a_budget_spent_before_the_search_starts_still_leaves_a_minimum_of_work(clock: WorkClock) -> None:
    view = middle_view(8)
    cut, cut_time = timed_move(6, view, clock, 0.0)
    assert cut.stopped_early
    assert cut_time == pytest.approx(MIN_ITERATIONS * ROLLOUT)


def test_without_a_budget_the_clock_changes_nothing() -> None:
    """However the clock runs (here an hour a look), the same seed and view give the same move, as the arena and the
    tests need."""
    params = dataclasses.replace(LEVEL_PARAMS[6], mid_ismcts=300, mid_deals=20)
    for view in (middle_view(4), middle_view(5), late_view(3)):
        moves = set()
        for run in range(3):
            player = SearchPlayer(params, random.Random(9))
            player.clock = itertools.count(0.0, 3600.0 * (run + 1)).__next__
            moves.add(player.choose(view))
        assert len(moves) == 1


def test_the_tree_search_counts_only_whole_iterations_under_a_deadline() -> None:
    game = Game(PRESETS["classic"], 6)
    game.apply(Deal())
    me = game.to_move
    assert me is not None
    cards = game.legal_cards()
    ticks = itertools.count()
    stats = ismcts_module.ismcts_values(
        [Position(game, me)], cards, 10_000, random.Random(3), deadline=3.5, clock=lambda: float(next(ticks))
    )
    # The clock is first read after MIN_ITERATIONS, then every 8 iterations: at 64, 72, 80, 88 it reads 0, 1, 2, 3; at
    # 96 it reads 4 > 3.5 and the search stops.
    assert sum(visits for visits, _mean in stats.values()) == MIN_ITERATIONS + 4 * 8
