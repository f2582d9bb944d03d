"""Export and import: matches round-trip record for record, a second import skips them all, and bad lines are refused
with their numbers while the good ones still come in."""

from __future__ import annotations

import json

import pytest

from briscola.engine import preset
from briscola.engine.record import SeatInfo, SeatKind
from briscola.store.history import History
from tests.store.history_helpers import play


def _memory() -> History:
    history, _ = History.open(":memory:")
    assert history is not None
    return history


def _filled() -> History:
    history = _memory()
    for seed in range(4):
        play(history, seed=seed)
    four = (
        SeatInfo("Anna", SeatKind.HUMAN),
        SeatInfo("L", SeatKind.COMPUTER, "facile"),
        SeatInfo("P", SeatKind.COMPUTER, "medio"),
        SeatInfo("R", SeatKind.COMPUTER, "facile"),
    )
    play(history, seed=9, preset_name="four", seats=four, profile="Bruno")
    robots = (SeatInfo("A", SeatKind.COMPUTER, "facile"), SeatInfo("B", SeatKind.COMPUTER, "medio"))
    play(history, seed=10, seats=robots, profile=None, human_seat=None)
    left = play(history, seed=11, rules=preset("classic").with_options(hands_to_win=5), stop_after_hands=1)
    history.abandon_match(left.match_id, left.record())
    play(history, seed=12, finish=False, stop_after_hands=1)  # still being played: not exported
    return history


def test_export_then_import_round_trips_every_match_exactly() -> None:
    source = _filled()
    lines = list(source.export())
    assert len(lines) == 7 and all("\n" not in line for line in lines)
    target = _memory()
    counts = target.import_lines(lines)
    assert counts is not None and (counts.added, counts.skipped, counts.refused) == (7, 0, [])
    assert list(target.export()) == lines
    exported = sorted(match.id for match in source.matches() if match.status != "playing")
    imported = sorted(match.id for match in target.matches())
    for source_id, target_id in zip(exported, imported, strict=True):
        detail, original = target.match(target_id), source.match(source_id)
        assert detail is not None and original is not None
        assert detail.record == original.record
        assert detail.hands == original.hands
        assert detail.summary.seats == original.summary.seats
        assert (detail.summary.result, detail.summary.profile, detail.summary.status) == (
            original.summary.result,
            original.summary.profile,
            original.summary.status,
        )
    assert target.stats() == source.stats()
    again = target.import_lines(lines)
    assert again is not None and (again.added, again.skipped, again.refused) == (0, 7, [])


def test_export_of_chosen_ids_and_of_an_unknown_one() -> None:
    source = _filled()
    oldest = source.matches()[-1]
    assert [json.loads(line)["preset"] for line in source.export([oldest.id])] == [oldest.preset]
    playing = source.unfinished()[0].id
    for bad in (9999, playing):
        with pytest.raises(KeyError):
            list(source.export([bad]))


def test_bad_lines_are_refused_with_their_numbers_and_good_ones_imported() -> None:
    source = _filled()
    good = list(source.export())[:2]
    document = json.loads(good[0])
    tampered_score = json.loads(good[0])
    tampered_score["record"]["result"]["match_scores"][0] += 5
    illegal = json.loads(good[0])
    illegal["record"]["actions"][1], illegal["record"]["actions"][2] = "XX", illegal["record"]["actions"][1]
    wrong_status = {**document, "status": "abandoned"}
    wrong_seat = {**document, "human_seat": 1}
    newer = {**document, "version": 2}
    lines = [
        "this is not JSON",
        good[0],
        "",
        json.dumps(tampered_score),
        json.dumps(illegal),
        json.dumps(wrong_status),
        json.dumps(wrong_seat),
        json.dumps(newer),
        json.dumps({**document, "extra": 1}),
        good[1],
        good[0],
    ]
    target = _memory()
    counts = target.import_lines(lines)
    assert counts is not None
    assert (counts.added, counts.skipped) == (2, 1)
    reasons = {refusal.line: str(refusal.reason) for refusal in counts.refused}
    assert sorted(reasons) == [1, 4, 5, 6, 7, 8, 9]
    assert "not valid JSON" in reasons[1]
    assert "record.result.match_scores" in reasons[4] and "replaying" in reasons[4]
    assert reasons[5].startswith("record.actions[")
    assert "status" in reasons[6]
    assert "human_seat" in reasons[7]
    assert "version" in reasons[8]
    assert "extra" in reasons[9]
    assert len(target.matches()) == 2
