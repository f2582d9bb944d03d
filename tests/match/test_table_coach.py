"""The coach at the table, without a window: one analysis per decision asked of the worker, the hint, the grades."""

from __future__ import annotations

import time

import pytest

from briscola.ai.analysis import Budget, analyse
from briscola.ai.coach import coach_seed, review_decision
from briscola.engine import Deal, Game, Play, preset
from briscola.engine.views import PlayerView
from briscola.match.driver import MatchDriver, SeatConfig
from briscola.match.worker import AnalysisReply, InlineThinker, WorkerThinker
from briscola.store import Coaching, MatchConfig

SMALL = Budget(deals=6)


def driver(coaching: Coaching) -> MatchDriver:
    """A two-player match, the human in seat 0, the coach at a small budget so the tests stay fast."""
    seats = [SeatConfig("You", None), SeatConfig("CPU", "greedy")]
    made = MatchDriver(preset("classic"), 7, seats, InlineThinker(7), ai_delay=0.0)
    made.autosave = MatchConfig(("human", "greedy"), ("You", "CPU"), "classic", coaching=coaching)
    made.coach.budget = SMALL
    return made


def until_human(made: MatchDriver) -> None:
    for frame in range(200):
        if made.awaiting_human:
            made.tick(frame)
            return
        made.tick(frame)
    raise AssertionError("the human never came to move")


def test_the_worker_process_analyses_and_a_new_request_or_a_cancel_drops_the_old() -> None:
    game = Game(preset("classic"), 3)
    game.apply(Deal())
    assert game.to_move is not None
    view = game.view(game.to_move)
    thinker = WorkerThinker(3, timeout=60.0)
    try:
        thinker.request_analysis(view, Budget(deals=4000), 1)  # long: to be dropped
        thinker.cancel_analysis()
        assert not thinker.analysing
        thinker.request_analysis(view, Budget(deals=4000), 2)  # long again: dropped by the next request
        thinker.request_analysis(view, SMALL, 5)
        reply: AnalysisReply | None = None
        deadline = time.monotonic() + 60
        while reply is None and time.monotonic() < deadline:
            reply = thinker.poll_analysis()
        assert reply is not None and reply.analysis is not None
        assert reply.view == view
        assert reply.analysis == analyse(view, SMALL, 5)  # the same analysis as in-process: reproducible
        # a move asked after an analysis is still answered (one process, in order)
        thinker.request_analysis(view, SMALL, 6)
        thinker.request(view.seat, "greedy", view)
        answer = None
        deadline = time.monotonic() + 60
        while answer is None and time.monotonic() < deadline:
            answer = thinker.poll()
        assert answer is not None and answer.action in view.legal and not answer.message
    finally:
        thinker.close()


def test_a_failed_analysis_is_an_empty_reply_not_an_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    import briscola.ai.analysis as analysis_module

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(analysis_module, "analyse", broken)
    game = Game(preset("classic"), 3)
    game.apply(Deal())
    assert game.to_move is not None
    thinker = InlineThinker(3)
    thinker.request_analysis(game.view(game.to_move), SMALL, 1)
    reply = thinker.poll_analysis()
    assert reply is not None and reply.analysis is None


def test_the_hint_is_the_analysis_of_the_decision_now_and_marks_hints_used() -> None:
    made = driver(Coaching(hints=True))
    until_human(made)
    assert {made.coach.hints_used} == {False}
    assert made.ask_hint()
    made.tick(1000.0)
    analysis = made.coach.hint(made.game)
    assert analysis is not None and made.coach.hints_used
    human_view = made.game.view(0)
    assert analysis == analyse(human_view, SMALL, coach_seed(7, human_view))
    assert made.submit(analysis.best) is None
    made.tick(1001.0)
    assert made.coach.hint(made.game) is None  # the hint belonged to the decision just made


def test_no_hint_when_the_match_has_hints_off() -> None:
    made = driver(Coaching())
    until_human(made)
    assert not made.ask_hint()
    made.tick(1000.0)
    assert made.coach.hint(made.game) is None and not made.coach.hints_used


def test_each_move_is_graded_against_the_analysis_of_the_view_before_it() -> None:
    made = driver(Coaching(grading="move"))
    until_human(made)
    before = made.game.view(0)
    cards = [action for action in before.legal if isinstance(action, Play)]
    expected = analyse(before, SMALL, coach_seed(7, before))
    worst = min(cards, key=lambda action: expected.value(action).points.mean)  # type: ignore[union-attr]
    assert made.submit(worst) is None
    made.tick(2000.0)
    assert len(made.coach.graded) == 1
    graded = made.coach.graded[0]
    assert graded.hand == 0 and graded.action == worst
    assert graded.decision == review_decision(expected, worst)
    assert made.coach.hand_grades(0) == [graded] and made.coach.hand_grades(1) == []


def test_without_grading_nothing_is_analysed_unasked() -> None:
    made = driver(Coaching(hints=True))
    until_human(made)
    assert not made.thinker.analysing
    made.submit(next(a for a in made.game.view(0).legal if isinstance(a, Play)))
    made.tick(3000.0)
    assert made.coach.graded == []


def test_a_match_where_the_hint_was_asked_is_recorded_with_hints_used() -> None:
    from briscola.engine.record import SeatInfo, SeatKind
    from briscola.match.recorder import HistoryWriter, MatchRecorder
    from briscola.store.history import History

    history, problems = History.open(":memory:")
    assert history is not None and not problems
    made = driver(Coaching(hints=True))
    infos = (SeatInfo("You", SeatKind.HUMAN), SeatInfo("CPU", SeatKind.COMPUTER, "greedy"))
    writer = HistoryWriter(history, threaded=False)
    made.start_recording(MatchRecorder(writer, infos, preset="classic", profile=None, human_seat=0))
    until_human(made)
    (match,) = history.matches()
    assert not match.hints_used
    made.ask_hint()
    made.ask_hint()  # marked once
    (match,) = history.matches()
    assert match.hints_used and not match.undo_used
    made.restart()  # the match left stays marked; the new one starts unmarked
    marks = {m.id: m.hints_used for m in history.matches()}
    assert sorted(marks.values()) == [False, True]


class SlowThinker(InlineThinker):
    """An inline thinker whose analyses never finish: what is in flight when the move is made."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.asked: list[int] = []
        self.cancelled = 0
        self.in_flight = False

    def request_analysis(self, view: PlayerView, budget: Budget, seed: int) -> None:
        self.asked.append(seed)
        self.in_flight = True

    def poll_analysis(self) -> AnalysisReply | None:
        return None

    @property
    def analysing(self) -> bool:
        return self.in_flight

    def cancel_analysis(self) -> None:
        self.cancelled += 1
        self.in_flight = False


def test_the_move_made_drops_the_hint_still_computing_unless_its_grade_needs_it() -> None:
    for grading, dropped in (("off", True), ("move", False)):
        made = driver(Coaching(hints=True, grading=grading))
        slow = SlowThinker(7)
        made.thinker = made.coach.thinker = slow
        until_human(made)
        made.ask_hint()
        assert slow.asked and made.coach.thinking(made.game)
        made.submit(next(a for a in made.game.view(0).legal if isinstance(a, Play)))
        made.tick(5000.0)
        assert (slow.cancelled == 1) is dropped, grading


def test_a_move_taken_back_takes_its_grade_with_it() -> None:
    made = driver(Coaching(grading="move", undo=True))
    until_human(made)
    made.submit(next(a for a in made.game.view(0).legal if isinstance(a, Play)))
    made.tick(4000.0)
    assert len(made.coach.graded) == 1
    assert not isinstance(made.undo(), str)
    assert made.coach.graded == []
    until_human(made)  # the same decision again: analysed and graded anew when played
    made.submit(next(a for a in made.game.view(0).legal if isinstance(a, Play)))
    made.tick(4001.0)
    assert len(made.coach.graded) == 1


class _SlowCoachWorker(InlineThinker):
    """A worker whose analyses arrive only when the test lets them: a player quicker than the coach."""

    def __init__(self) -> None:
        super().__init__(7)
        self.held: tuple[PlayerView, Budget, int] | None = None
        self.ready = False

    def request_analysis(self, view: PlayerView, budget: Budget, seed: int) -> None:
        self.held = (view, budget, seed)

    def poll_analysis(self) -> AnalysisReply | None:
        if not self.ready or self.held is None:
            return None
        view, budget, seed = self.held
        self.held = None
        return AnalysisReply(view, analyse(view, budget, seed))

    @property
    def analysing(self) -> bool:
        return self.held is not None

    def cancel_analysis(self) -> None:
        self.held = None


def test_moves_made_quicker_than_the_coach_are_all_graded_in_turn() -> None:
    from briscola.match.table_coach import TableCoach

    worker = _SlowCoachWorker()
    coach = TableCoach(worker, Coaching(grading="hand"), 7, SMALL)
    game = Game(preset("classic"), 7)
    game.apply(Deal())
    human = game.to_move
    assert human is not None
    expected = []
    for _ in range(3):  # three decisions of the human, each made before any analysis came back
        while game.to_move != human:
            game.apply(game.legal_actions()[0])
        coach.tick(game, human, awaiting_human=True)
        view = game.view(human)
        move = next(action for action in view.legal if isinstance(action, Play))
        expected.append(review_decision(analyse(view, SMALL, coach_seed(7, view)), move))
        coach.played(game, 0, move)
        game.apply(move)
    assert coach.graded == []
    worker.ready = True
    for _ in range(5):
        coach.tick(game, human, awaiting_human=False)
    assert [move.decision for move in coach.graded] == expected
