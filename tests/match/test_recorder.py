"""The match driver keeps its match in the history through a recorder: a hand at each HandOver, the match at its
end, abandoned when left; a write that fails is told once and the match goes on."""

from __future__ import annotations

from briscola.engine import preset
from briscola.engine.record import SeatInfo, SeatKind
from briscola.match.driver import MatchDriver, SeatConfig
from briscola.match.recorder import HistoryWriter, MatchRecorder
from briscola.match.worker import InlineThinker
from briscola.store.history import History


def _driver(history: History, *, threaded: bool = False) -> tuple[MatchDriver, HistoryWriter]:
    seats = [SeatConfig("Ada", "greedy"), SeatConfig("Bo", "random")]
    driver = MatchDriver(preset("classic"), 4, seats, InlineThinker(4), ai_delay=0.0)
    writer = HistoryWriter(history, threaded=threaded)
    infos = tuple(SeatInfo(seat.name, SeatKind.COMPUTER, seat.spec) for seat in seats)
    driver.start_recording(MatchRecorder(writer, infos, preset="classic", profile=None, human_seat=None))
    return driver, writer


def _play(driver: MatchDriver, hands: int | None = None) -> None:
    now = 0.0
    while driver.match_over is None and (hands is None or len(driver.hand_results) < hands):
        now += 1.0
        driver.tick(now)
        if driver.waiting_next_hand and driver.match_over is None:
            if hands is not None and len(driver.hand_results) >= hands:
                return
            driver.next_hand()


def _history() -> History:
    history, problems = History.open(":memory:")
    assert history is not None and not problems
    return history


def test_a_match_between_programs_is_recorded_hand_by_hand_and_finished() -> None:
    history = _history()
    driver, _writer = _driver(history)
    _play(driver, hands=1)
    (match,) = history.unfinished()
    assert match.hands_played == 1 and match.human_seat is None and match.profile is None
    _play(driver)
    (match,) = history.matches()
    assert match.status == "finished" and match.hands_played == len(driver.hand_results)
    detail = history.match(match.id)
    assert detail is not None and detail.record.finished and len(detail.hands) == match.hands_played
    assert [seat.result for seat in match.seats] != [None, None]


def test_a_new_match_at_the_table_abandons_the_one_left_and_closing_abandons_the_last() -> None:
    history = _history()
    driver, _writer = _driver(history)
    _play(driver, hands=1)
    driver.restart()
    assert [m.status for m in history.matches()] == ["playing", "abandoned"]
    driver.close()  # nothing saved to continue it: left for good
    assert [m.status for m in history.matches()] == ["abandoned", "abandoned"]


def test_the_writes_run_on_their_own_thread_in_order() -> None:
    history = _history()
    driver, writer = _driver(history, threaded=True)
    _play(driver)
    assert writer.close(10)
    (match,) = history.matches()
    assert match.status == "finished" and match.hands_played == len(driver.hand_results)


def test_a_write_that_fails_is_told_once_and_the_match_goes_on() -> None:
    history = _history()
    driver, _writer = _driver(history)
    history._conn.execute("UPDATE matches SET status = 'abandoned'")  # closed behind the table's back
    _play(driver)
    assert driver.match_over is not None
    told = [message for message in driver.messages if "could not be recorded" in message]
    assert len(told) == 1 and history.name in told[0]
