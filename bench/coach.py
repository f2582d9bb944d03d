"""Coach benchmark: how quick, exact, calibrated and strong the coach's analysis is (issue 33).

Each figure is printed with its target; the last line is one JSON object with them all.

- ``analyse_p95_ms`` (target <= 1000): the 95th percentile of one decision's analysis at the hint's budget
  (:data:`~briscola.ai.analysis.HINT_BUDGET`: 160 deals, stopped at 0.8 s), over every decision of two-player hands
  played by Medio on both sides. Measured in the process's CPU time (one core's work, however busy the machine), and
  the hint's time limit is read on that clock too, so the figure says what a quiet core gives.
- ``endgame_exact_agreement`` (target 1.0): in random two-player endgames (random play until the talon is empty), the
  share where the coach's best card keeps as many points as the exact solver's best (:func:`search_value` of every
  card).
- ``review_2p_hand_s`` (target <= 20): CPU seconds to analyse every decision of one seat in a two-player hand at the
  hint's budget: the hand review's work (the slowest of the hands played).
- ``calibration_abs_err_points`` (target <= 3): over decisions of Medio's play (both seats), the expected final points
  the coach gives the card Medio chose against the points that side really finished with; decisions sorted by the
  prediction into ten deciles, the mean absolute difference of the deciles' averages.
- ``hint_follower_vs_greedy`` (target >= 0.74): the arena's score of ``coach`` (a player that always plays the coach's
  best action, without the time limit so the games replay) against ``greedy``, two-player single hands, seats swapped.

Full run (a quiet machine, about three hours of one core for the games):
``nice python bench/coach.py`` (50 hands' decisions for the times, 1,000 endgames, 2,000 decisions, 600 games on
``--jobs 2``). ``--quick`` is a smoke run of minutes: 3 hands, 100 endgames, 60 decisions, 20 games, figures too few to
quote.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from briscola.ai.analysis import HINT_BUDGET, Budget, analyse  # noqa: E402
from briscola.ai.levels import COACH, make_player  # noqa: E402
from briscola.ai.position import Position  # noqa: E402
from briscola.ai.solver import search_value  # noqa: E402
from briscola.arena.play import build_plan, run_plan  # noqa: E402
from briscola.engine import Deal, Game, Phase, Play, preset  # noqa: E402
from briscola.engine.sampling import sample_world  # noqa: E402
from briscola.engine.views import PlayerView  # noqa: E402
from briscola.stats import percentile  # noqa: E402

#: Sizes of the full run and of ``--quick``.
FULL = {"hands": 50, "endgames": 1000, "decisions": 2000, "games": 600}
QUICK = {"hands": 3, "endgames": 100, "decisions": 60, "games": 20}
#: The budget of the calibration's analyses: the hint's deals without its time limit (the figure is about values).
CALIBRATION_BUDGET = Budget(deals=HINT_BUDGET.deals)


def medio_hand(seed: int) -> list[tuple[PlayerView, Play, int]]:
    """A two-player hand played by Medio on both sides: each card decision (view, card played) with the final points
    of the deciding seat's side."""
    game = Game(preset("classic").with_options(hands_to_win=1), seed)
    players = [make_player("medio", random.Random(seed * 2 + side)) for side in range(2)]
    decisions: list[tuple[PlayerView, Play]] = []
    while not game.is_over:
        if game.to_move is None:
            game.apply(Deal())
            continue
        mover = game.to_move
        view = game.view(mover)
        action = players[mover].choose(view)
        if game.phase is Phase.PLAY and isinstance(action, Play):
            decisions.append((view, action))
        game.apply(action)
    return [(view, action, game.points[view.seat]) for view, action in decisions]


def analyse_times(hands: int) -> tuple[list[float], list[float]]:
    """CPU milliseconds of each decision's analysis at the hint's budget, and CPU seconds of each hand's seat 0."""
    times: list[float] = []
    reviews: list[float] = []
    for number in range(hands):
        review = 0.0
        for view, _action, _points in medio_hand(2000 + number):
            started = time.process_time()
            analyse(view, HINT_BUDGET, seed=number, clock=time.process_time)
            spent = time.process_time() - started
            times.append(spent * 1000)
            if view.seat == 0:
                review += spent
        reviews.append(review)
    return times, reviews


def endgame_agreement(count: int) -> float:
    """The share of random endgames where the coach's best card keeps the exact solver's best points."""
    agreed = 0
    for seed in range(count):
        game = Game(preset("classic").with_options(hands_to_win=1), 5000 + seed)
        game.apply(Deal())
        rng = random.Random(seed)
        while game.phase is Phase.PLAY and game.talon_size > 0:
            game.apply(Play(rng.choice(game.legal_cards())))
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        pos = Position(sample_world(view, rng), seat)
        exact = []
        for card in game.legal_cards():
            pos.play(card)
            exact.append(search_value(pos))
            pos.undo()
        agreed += analyse(view, HINT_BUDGET, seed=seed).best_value.points.mean == max(exact)
    return agreed / count


def calibration(decisions: int) -> float:
    """Mean absolute difference, by decile of the prediction, of predicted and actual final points."""
    pairs: list[tuple[float, int]] = []
    number = 0
    while len(pairs) < decisions:
        for view, action, points in medio_hand(8000 + number):
            value = analyse(view, CALIBRATION_BUDGET, seed=number).value(action)
            assert value is not None
            pairs.append((value.points.mean, points))
            if len(pairs) == decisions:
                break
        number += 1
    pairs.sort()
    size = len(pairs) / 10
    errors = []
    for decile in range(10):
        group = pairs[round(decile * size) : round((decile + 1) * size)]
        if group:
            errors.append(abs(statistics.fmean(p for p, _ in group) - statistics.fmean(a for _, a in group)))
    return statistics.fmean(errors)


def follower_score(games: int, jobs: int) -> float:
    """The arena score of ``coach`` against ``greedy`` (two players, single hands, seats swapped)."""
    rules = preset("classic").with_options(hands_to_win=1)
    plan = build_plan([COACH, "greedy"], rules, games, seed=33)
    results = run_plan(plan, jobs=jobs)
    return statistics.fmean(result.shares[result.players.index(0)] for result in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few minutes")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the games (default 2)")
    args = parser.parse_args()
    sizes = QUICK if args.quick else FULL
    label = " (quick: too few to quote)" if args.quick else ""
    figures: dict[str, float] = {}

    times, reviews = analyse_times(sizes["hands"])
    figures["analyse_p95_ms"] = round(percentile(times, 95), 1)
    figures["review_2p_hand_s"] = round(max(reviews), 2)
    print(f"analyse_p95_ms {figures['analyse_p95_ms']} (target <= 1000; {len(times)} decisions){label}")
    print(f"review_2p_hand_s {figures['review_2p_hand_s']} (target <= 20; {len(reviews)} hands){label}")

    figures["endgame_exact_agreement"] = endgame_agreement(sizes["endgames"])
    print(f"endgame_exact_agreement {figures['endgame_exact_agreement']} (target 1.0; {sizes['endgames']} endgames)")

    figures["calibration_abs_err_points"] = round(calibration(sizes["decisions"]), 2)
    print(
        f"calibration_abs_err_points {figures['calibration_abs_err_points']} (target <= 3; "
        f"{sizes['decisions']} decisions){label}"
    )

    figures["hint_follower_vs_greedy"] = round(follower_score(sizes["games"], args.jobs), 3)
    print(
        f"hint_follower_vs_greedy {figures['hint_follower_vs_greedy']} (target >= 0.74; {sizes['games']} games){label}"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
