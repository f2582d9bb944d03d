"""The hand review's runner: a recorded hand's decisions analysed and judged, counted up, cancelled and resumed."""

from __future__ import annotations

import time

import pytest

from briscola.ai.analysis import ActionValue, Analysis, Budget, Estimate
from briscola.ai.coach import Decision, Grade, coach_seed, grade
from briscola.engine import Game
from briscola.engine.actions import Action, Deal, Play
from briscola.engine.record import GameRecord
from briscola.engine.views import PlayerView
from briscola.match.review import (
    ReviewRunner,
    ReviewShelf,
    costliest,
    hand_turns,
    hands_dealt,
    match_record,
)
from briscola.text.review_words import accuracy_words, decision_words, why_words
from tests.match.replay_records import played

TINY = Budget(deals=4)


def recorded_moves(record: GameRecord, hand: int, seat: int) -> list[Action]:
    """What ``seat`` played in hand ``hand``, read from the record by replaying it here."""
    game = Game(record.rules, record.seed)
    dealt = 0
    moves: list[Action] = []
    for action in record.actions:
        dealt += isinstance(action, Deal)
        if dealt == hand and not isinstance(action, Deal) and game.to_move == seat:
            moves.append(action)
        game.apply(action)
    return moves


def running(runner: ReviewRunner) -> bool:
    """Whether the runner computes, read afresh (a call, so the type checker doesn't pin it)."""
    return runner.running


def stub(view: PlayerView, budget: Budget, seed: int) -> Analysis:
    """An analysis without search: the first legal card best, each later one 4 points and 10% worse."""
    cards = [action for action in view.legal if isinstance(action, Play)]
    values = tuple(
        ActionValue(action, True, Estimate(60.0 - 4 * index), Estimate(0.6 - 0.1 * index))
        for index, action in enumerate(cards)
    )
    return Analysis(view.seat, cards[0], values, "middle", 1, False, True)


def test_a_seeded_two_player_hand_is_reviewed_decision_by_decision_with_the_real_analysis() -> None:
    record = played("classic", 7, hands=1)
    moves = recorded_moves(record, 1, 0)
    runner = ReviewRunner(record, 1, 0, budget=TINY, inline=True)
    assert runner.total == len(moves) == 20 and runner.progress == (0, 20)
    runner.start()
    counted = [runner.poll()[0] for _ in range(20)]
    assert counted == list(range(1, 21)) and runner.finished and not runner.running
    reviewed = runner.reviewed
    assert [item.decision.chosen for item in reviewed] == moves
    assert [item.trick for item in reviewed] == list(range(1, 21))
    for item in reviewed:
        decision = item.decision
        if decision.forced or decision.chosen == decision.best:
            assert decision.grade is Grade.BEST and decision.points_lost == 0
        else:
            assert decision.grade is grade(decision.points_lost, decision.win_lost)
    assert reviewed[-1].decision.forced  # the last card of the hand is no choice
    assert any(item.decision.grade is not Grade.BEST for item in reviewed)  # random moves: the coach finds fault
    # Seeded from the record: a second review of the same hand gives the same verdicts.
    again = ReviewRunner(record, 1, 0, budget=TINY, inline=True)
    again.start()
    while again.running:
        again.poll()
    assert [item.decision for item in again.reviewed] == [item.decision for item in reviewed]
    assert runner.accuracy is not None and runner.accuracy > 0


def test_the_seed_of_a_decision_is_the_match_the_hand_and_the_moment() -> None:
    record = played("classic", 7, hands=2)
    first, second = hand_turns(record, 1, 1), hand_turns(record, 2, 1)
    assert hands_dealt(record) == 2
    assert (
        first[0].seed
        == coach_seed(record.seed, first[0].view)
        == record.seed * 1_000_000 + len(first[0].view.events) + 1_000 * first[0].view.hand_no
    )
    assert len({turn.seed for turn in first + second}) == len(first + second)
    assert second[0].view.hand_no != first[0].view.hand_no


def test_cancel_stops_and_starting_again_skips_the_decisions_done() -> None:
    record = played("classic", 7, hands=1)
    calls: list[int] = []

    def counting(view: PlayerView, budget: Budget, seed: int) -> Analysis:
        calls.append(seed)
        return stub(view, budget, seed)

    runner = ReviewRunner(record, 1, 0, inline=True, analyser=counting)
    runner.start()
    runner.poll()
    runner.poll()
    runner.cancel()
    assert not running(runner) and runner.poll() == (2, 20) and len(calls) == 2
    runner.start()
    while running(runner):
        runner.poll()
    assert runner.finished and len(calls) == 20 and len(set(calls)) == 20  # none analysed twice


def test_the_stub_verdicts_and_the_costliest_three() -> None:
    record = played("classic", 7, hands=1)
    runner = ReviewRunner(record, 1, 0, inline=True, analyser=stub)
    runner.start()
    while runner.running:
        runner.poll()
    worst = costliest(runner.reviewed)
    assert len(worst) == 3
    losses = [item.decision.points_lost for item in worst]
    assert losses == sorted(losses, reverse=True) and losses[0] >= 4
    assert all(item.decision.points_lost <= losses[-1] for item in runner.reviewed if item not in worst)


def test_in_a_process_it_reports_progress_and_can_be_cancelled_and_resumed() -> None:
    record = played("classic", 7, hands=1)
    runner = ReviewRunner(record, 1, 0, analyser=stub)
    runner.start()
    runner.cancel()  # at once: the process is stopped, whatever it had done is kept
    assert not running(runner)
    kept = runner.progress[0]
    runner.start()
    deadline = time.monotonic() + 60
    seen = []
    while running(runner) and time.monotonic() < deadline:
        seen.append(runner.poll()[0])
    assert runner.finished and not runner.failed, seen[-1:]
    assert seen == sorted(seen) and seen[-1] == 20 and seen[0] >= kept
    assert [item.decision.chosen for item in runner.reviewed] == recorded_moves(record, 1, 0)


def test_the_shelf_keeps_one_runner_per_hand_and_a_match_in_play_is_recorded() -> None:
    record = played("classic", 7, hands=1)
    shelf = ReviewShelf()
    made = shelf.runner(record, 1, 0, lambda: ReviewRunner(record, 1, 0, inline=True, analyser=stub))
    assert shelf.runner(record, 1, 0, lambda: pytest.fail("made twice")) is made
    assert shelf.runner(record, 1, 1, lambda: ReviewRunner(record, 1, 1, inline=True)) is not made
    shelf.clear()
    game = Game(record.rules, record.seed)
    for action in record.actions:
        game.apply(action)
    again = match_record(game, ["You", "Computer"], 0)
    assert again.actions == record.actions and again.seats[0].kind.value == "human"


def test_the_words_of_a_decision() -> None:
    ace, two = recorded_moves(played("classic", 7, hands=1), 1, 0)[:2]
    lost = Decision(ace, two, 7.5, 0.25, Grade.MISTAKE, False)
    assert why_words("the ace", "the two", lost) == (
        "the two instead of the ace keeps about 8 more points and 25% more chance of winning the hand."
    )
    points_only = Decision(lost.chosen, lost.best, 4.0, 0.0, Grade.INACCURACY, False)
    assert "the hand's outcome doesn't change" in why_words("a", "b", points_only)
    assert accuracy_words(None) == "Accuracy: no decision to grade."
    assert accuracy_words(1.25) == "Accuracy: 1.2 expected points lost per decision."
    forced = Decision(lost.chosen, lost.chosen, 0.0, 0.0, Grade.BEST, True)
    assert decision_words(20, "the ace", "the ace", forced) == "Trick 20: the ace, your only choice."
