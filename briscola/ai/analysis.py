"""The coach's analysis: what each legal action is worth to a seat's side, from that seat's view alone.

The search levels already value cards from what a seat can see (``docs/ai.md``); the coach shows those values instead
of acting on them. :func:`analyse` runs Esperto's own machinery (:class:`~briscola.ai.search.SearchPlayer` with
Esperto's parameters and a larger budget, the same stage decided by :meth:`~briscola.ai.search.SearchPlayer.stage`)
and keeps, for every card, what its deals said:

- ``exact`` (nothing hidden: two players once the talon is empty, and later teams' endings whose hidden layouts are
  few enough to list): the one deal, or every deal the view allows, solved exactly, standard errors 0;
- ``late`` (at most 16 cards left): deals drawn from the reading of the other player's plays, each solved exactly for
  its result (best play on both sides, or against common sense played without fail as far as the plays say so) and
  for the points best play keeps;
- ``middle`` and ``judgement`` (before that): the same deals played out by Medio's judgement.

*Points* are the side's **final** card points of the hand (taken so far, melds included, plus what the rest of the hand
brings): a number a player can check against the result screen, and a difference between two cards is the same as a
difference of points still to take. *Win*, *draw* and *loss* are the chances of the hand's result. Each is the mean over
the deals with its standard error (the spread of the deals over the square root of their number).

*The best action* is the one Esperto's rule picks from the same deals: in the exact stage the most points kept, in the
late stage the most deals won (won minus lost), Medio's judgement between equals; in the middle game Medio's values
nudged by the rollouts. With the same seed and Esperto's budget it *is* Esperto's move (a test plays both); with the
coach's larger budget it is the same rule over more deals. So the best action need not have the highest chance shown:
in the middle game Medio's judgement counts for more than forty noisy play-outs, and between cards winning the same
deals the judgement, not the points, decides. The others are listed by their chance of winning, then their points.

Moves other than card play (the swap of the 7 or 2, declaring, bids and calls) are *not valued*: the search plays them
by Medio's rules outside its deals, so there is no second position to compare (``valued`` False). The best action may
be one of them when Esperto's rule would make it. Forms where a hand is not won by more than half the points between
two sides (briscola to 31, rematada, subastada, three players each for themselves) have no card valued either.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Final

from briscola.ai.bidding import optional_action
from briscola.ai.heuristic import MEDIO_STYLE
from briscola.ai.judged import judged_rollout
from briscola.ai.position import WIN_WEIGHT
from briscola.ai.search import LEVEL_PARAMS, SearchPlayer, Stage
from briscola.ai.solver import solve_result
from briscola.engine.actions import Action, Play
from briscola.engine.game import Game, Phase
from briscola.engine.ruleset import TrumpMode
from briscola.engine.sampling import all_worlds
from briscola.engine.scoring import next_stake
from briscola.engine.views import PlayerView

__all__ = ["HINT_BUDGET", "ActionValue", "Analysis", "Budget", "Estimate", "analyse", "match_values"]

#: A teams' ending is valued over every hidden layout, exactly, when it has at most this many.
EXACT_LAYOUTS: Final = 120


@dataclass(frozen=True, slots=True)
class Budget:
    """How much an analysis may search: ``deals`` sampled deals at most, and ``time_limit`` seconds of ``clock``
    (None: the deals alone, so the same view and seed always give the same analysis)."""

    deals: int = 160
    time_limit: float | None = None


#: The hint's budget: 160 deals (four times Esperto's), stopped at 0.8 s of wall clock so a hint answers within a
#: second on a busy machine (``bench/coach.py``: ``analyse_p95_ms``).
HINT_BUDGET: Final = Budget(deals=160, time_limit=0.8)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over sampled deals and its standard error (0 when exact)."""

    mean: float
    stderr: float = 0.0


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One legal action and what it is worth to the seat's side; ``valued`` False: not priced (see the module)."""

    action: Action
    valued: bool
    points: Estimate = Estimate(0.0)
    win: Estimate = Estimate(0.0)
    draw: Estimate = Estimate(0.0)
    loss: Estimate = Estimate(0.0)
    match: Estimate | None = None
    """The chance of winning the match, where a match of several hands is on (:func:`match_values`), else None."""

    @property
    def equity(self) -> float:
        """The hand's result as one chance: won 1, drawn a half, lost 0."""
        return self.win.mean + self.draw.mean / 2


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every legal action of ``seat`` valued (best first), and how: picklable, so a worker process can send it."""

    seat: int
    best: Action
    actions: tuple[ActionValue, ...]
    stage: Stage | None
    """How the values were found (:meth:`SearchPlayer.stage`); None outside card play or where nothing is valued."""
    deals: int
    exact: bool
    complete: bool
    """False when the time limit or a cancel stopped the search before its budget of deals."""

    def value(self, action: Action) -> ActionValue | None:
        """The value of ``action``, or None if it was not legal."""
        return next((item for item in self.actions if item.action == action), None)

    @property
    def best_value(self) -> ActionValue:
        """The value of :attr:`best`."""
        found = self.value(self.best)
        assert found is not None
        return found


class _Tally:
    """Sums over deals of one card's points and results, each deal counted once."""

    __slots__ = ("count", "match", "match_values", "outcomes", "points", "points_sq")

    def __init__(self, match_values: tuple[float, float, float] | None = None) -> None:
        self.count = 0
        self.points = 0.0
        self.points_sq = 0.0
        self.outcomes = [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]  # won, drawn, lost: sum and sum of squares
        self.match_values = match_values
        self.match = [0.0, 0.0]  # the match's chance after each deal: sum and sum of squares

    def add(self, points: float, won: float, drawn: float, lost: float) -> None:
        self.count += 1
        self.points += points
        self.points_sq += points * points
        for sums, value in zip(self.outcomes, (won, drawn, lost), strict=True):
            sums[0] += value
            sums[1] += value * value
        if self.match_values is not None:
            after_win, after_draw, after_loss = self.match_values
            chance = after_win * won + after_draw * drawn + after_loss * lost
            self.match[0] += chance
            self.match[1] += chance * chance

    def value(self, action: Action, exact: bool) -> ActionValue:
        won, drawn, lost = (_estimate(total, squares, self.count, exact) for total, squares in self.outcomes)
        match = None if self.match_values is None else _estimate(self.match[0], self.match[1], self.count, exact)
        points = _estimate(self.points, self.points_sq, self.count, exact)
        return ActionValue(action, True, points, won, drawn, lost, match)


def _estimate(total: float, squares: float, count: int, exact: bool) -> Estimate:
    """The mean of ``count`` values from their sum and sum of squares, with its standard error."""
    if count == 0:
        return Estimate(0.0, math.inf)
    mean = total / count
    if exact or count < 2:
        return Estimate(mean, 0.0 if exact else math.inf)
    variance = max(squares - count * mean * mean, 0.0) / (count - 1)
    return Estimate(mean, math.sqrt(variance / count))


def _split(outcome: int) -> tuple[int, int]:
    """(result, my side's points) from :meth:`Position.outcome`: a win's weight plus the points."""
    result = 1 if outcome > WIN_WEIGHT // 2 else -1 if outcome < -WIN_WEIGHT // 2 else 0
    return result, outcome - WIN_WEIGHT * result


def _add_result(tally: _Tally, points: float, results: Iterable[tuple[float, int]]) -> None:
    """Add one deal to ``tally``: its points, and its weighed results (1 won, 0 drawn, -1 lost)."""
    won = drawn = lost = 0.0
    for weight, result in results:
        if result > 0:
            won += weight
        elif result < 0:
            lost += weight
        else:
            drawn += weight
    tally.add(points, won, drawn, lost)


def analyse(
    view: PlayerView,
    budget: Budget = HINT_BUDGET,
    seed: int = 0,
    *,
    cancel: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Analysis:
    """Every legal action of ``view``'s seat valued for its side, best first, within ``budget``.

    ``seed``: the same view, seed and budget (without a time limit) give the same analysis. ``cancel``: asked between
    deals; True stops the search and returns what the deals so far say (``complete`` False). ``clock``: what the
    time limit is measured on (tests give a fake one).
    """
    searcher = SearchPlayer(
        replace(LEVEL_PARAMS[5], late_worlds=budget.deals, mid_worlds=budget.deals), random.Random(seed)
    )
    searcher.time_limit = budget.time_limit
    searcher.clock = clock
    searcher.cancel = cancel
    started = clock()
    cards = [action.card for action in view.legal if isinstance(action, Play)]
    others = [action for action in view.legal if not isinstance(action, Play)]
    if view.phase is not Phase.PLAY or not cards or not searcher.majority_wins(view):
        chosen = searcher.choose(view)
        values = tuple(ActionValue(action, False) for action in view.legal)
        return Analysis(view.seat, chosen, values, None, 0, False, True)
    # Esperto makes its free move (a swap, a meld, a declaration) before it searches, by Medio's rules.
    option = optional_action(view, MEDIO_STYLE.habits, searcher.rng)
    stage = searcher.stage(view)
    after = match_values(view)
    tallies = {card: _Tally(after) for card in cards}
    exact = stage == "exact"
    if exact:
        pos, points = searcher.exact_values(view, cards)
        for card in cards:
            pos.play(card)
            _add_result(tallies[card], points[card], [(1.0, solve_result(pos))])
            pos.undo()
        best_card = searcher.medio_best(view, [card for card in cards if points[card] == max(points.values())])
    elif stage == "late":
        layouts = _layouts(view, budget.deals)
        if layouts is not None:
            exact, stage = True, "exact"
        wins = dict.fromkeys(cards, 0.0)
        for pos, results in searcher.late_deals(view, cards, started, layouts):
            for card in cards:
                pos.play(card)
                _add_result(tallies[card], _split(judged_rollout(pos))[1], results[card])
                pos.undo()
                wins[card] += sum(weight * result for weight, result in results[card])
        exact = exact and layouts is not None and tallies[cards[0]].count == len(layouts)
        top = max(wins.values()) - 1e-9
        best_card = searcher.medio_best(view, [card for card in cards if wins[card] >= top])
    else:
        stage = "middle" if len(view.active) == 2 else "judgement"
        judged = searcher.judge(view).card_values(view, cards)
        totals = dict.fromkeys(cards, 0.0)
        for _pos, outcomes in searcher.mid_deals(view, cards, started):
            for card in cards:
                result, points_made = _split(outcomes[card])
                _add_result(tallies[card], points_made, [(1.0, result)])
                totals[card] += outcomes[card]
        if stage == "middle":
            done = max(tallies[cards[0]].count, 1)
            weight = searcher.params.mid_weight / done
            best_card = max(cards, key=lambda card: (judged[card] + weight * totals[card], -card))
        else:
            best_card = searcher.medio_best(view, cards)
    deals = tallies[cards[0]].count
    valued = sorted(
        (tallies[card].value(Play(card), exact) for card in cards),
        key=lambda item: (item.action != Play(best_card), -item.equity, -item.points.mean),
    )
    unvalued = [ActionValue(action, False) for action in others]
    best: Action = option if option is not None and not isinstance(option, Play) else Play(best_card)
    ordered = tuple(unvalued + valued) if best in others else tuple(valued + unvalued)
    full = exact or deals >= budget.deals
    return Analysis(view.seat, best, ordered, stage, deals, exact, full and not searcher.stopped_early)


def match_values(view: PlayerView) -> tuple[float, float, float] | None:
    """The chance that the seat's side wins the match once this hand is won, drawn or lost; None where no match of
    several hands won is on (one hand, chiamata's deals, Spanish margins, rematada's points, five with one sitting
    out, whose pairs change every hand).

    The hands still to come after this one are each taken as even, won by either side with a chance of one half and
    never drawn: the view says nothing of how the next deals will fall, a draw is one hand in fifty or so, and the
    coach prices this hand's decision, not the player's strength. The stake is the engine's: this hand counts
    ``view.stake`` hands, a draw carries or doubles it for the next one as the rules say (:func:`next_stake`), and a
    decided hand puts it back to one.
    """
    rules = view.rules
    target = rules.match_target
    if rules.chiamata or rules.rematada or rules.margin_scoring or rules.sit_out or target <= 1 or len(view.sides) != 2:
        return None
    mine = next(side for side in view.sides if view.seat in side)
    theirs = next(side for side in view.sides if view.seat not in side)
    ours, others = view.match_scores[mine[0]], view.match_scores[theirs[0]]
    stake = view.stake

    @functools.cache
    def chance(ours: int, others: int, stake: int) -> float:
        if ours >= target:
            return 1.0
        if others >= target:
            return 0.0
        return (chance(ours + stake, others, 1) + chance(ours, others + stake, 1)) / 2

    drawn_stake = next_stake(stake, rules.draw_handling, drawn=True)
    return chance(ours + stake, others, 1), chance(ours, others, drawn_stake), chance(ours, others + stake, 1)


def _layouts(view: PlayerView, deals: int) -> list[Game] | None:
    """Every hidden layout of a view whose talon is empty, when there are at most :data:`EXACT_LAYOUTS` and no more
    than the budget's ``deals``; else None.

    Two players are exact by then anyway (nothing is hidden); this is for teams, whose partners' and opponents' hands
    hide a few cards each to the end. The reading of plays applies to two players only, so every layout weighs the same.
    """
    if view.talon_size > 0 or (view.rules.trump_mode is TrumpMode.HIDDEN and view.briscola is None):
        return None
    limit = min(EXACT_LAYOUTS, deals)
    layouts = list(itertools.islice(all_worlds(view), limit + 1))
    return layouts if len(layouts) <= limit else None
