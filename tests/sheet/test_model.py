"""The score sheet's tally over every worked example of the Danish rules text (../shared/seeds/004_...), its refusals,
and the editor: edits and deletions recompute what follows, undo and redo. No pygame, no files."""

from __future__ import annotations

import pytest

from briscola.engine.ruleset import AloneScoring, DrawHandling
from briscola.sheet.editor import SheetEditor
from briscola.sheet.model import (
    ChiamataEntry,
    DealEntry,
    Entry,
    SheetError,
    SheetRules,
    entry_from_json,
    entry_to_json,
    fill_in,
    tally,
)

TWO = SheetRules(("Anna", "Bo"))
FIVE = SheetRules(("Anna", "Bo", "Carla", "Dino", "Eva"), chiamata=True)


def deals(*points: tuple[int, ...]) -> list[DealEntry]:
    return [DealEntry(p) for p in points]


# ------------------------------------------------------------------------------------------------ the defaults


def test_the_sources_defaults() -> None:
    """61 wins a deal, a draw carries over, a match is the best of three; a lone caller pays the table doubled."""
    assert (TWO.target, TWO.draw, TWO.deals_to_win, TWO.wins_only) == (61, DrawHandling.CARRY, 2, False)
    assert FIVE.alone is AloneScoring.DOUBLED and FIVE.chiamata_deals == 5


def test_61_wins_and_60_60_is_a_draw() -> None:
    result = tally(TWO, deals((61, 59), (60, 60)))
    assert [row.winners for row in result.rows] == [(0,), ()]
    assert result.totals == (1, 0) and result.points_totals == (121, 119)


# --------------------------------------------------------------------------------------------- match and draws


def test_a_carried_draw_counts_double_in_a_best_of_three() -> None:
    """The source: "a carried draw means the next deal counts double in that reckoning"."""
    result = tally(TWO, deals((60, 60), (50, 70)))
    assert [row.stake for row in result.rows] == [1, 2]
    assert result.totals == (0, 2)
    assert result.winners == (1,) and result.finished


def test_two_carried_draws_and_the_stake_resets_after_a_decided_deal() -> None:
    free = SheetRules(("Anna", "Bo"), deals_to_win=None)
    result = tally(free, deals((60, 60), (60, 60), (70, 50), (30, 90)))
    assert [row.stake for row in result.rows] == [1, 2, 3, 1]
    assert result.totals == (3, 1) and not result.finished and result.next_stake == 1


@pytest.mark.parametrize(("draw", "stakes"), [(DrawHandling.NONE, [1, 1]), (DrawHandling.REPLAY, [1, 2])])
def test_other_draw_settings(draw: DrawHandling, stakes: list[int]) -> None:
    rules = SheetRules(("Anna", "Bo"), draw=draw, deals_to_win=None)
    assert [row.stake for row in tally(rules, deals((60, 60), (70, 50))).rows] == stakes


def test_best_of_five_needs_three_deals() -> None:
    rules = SheetRules(("Anna", "Bo"), deals_to_win=3)
    result = tally(rules, deals((70, 50), (30, 90), (80, 40)))
    assert result.totals == (2, 1) and not result.finished
    assert tally(rules, deals((70, 50), (30, 90), (80, 40), (61, 59))).winners == (0,)


def test_a_free_running_total_never_ends() -> None:
    rules = SheetRules(("Anna", "Bo"), deals_to_win=None)
    result = tally(rules, deals(*[(70, 50)] * 9))
    assert result.totals == (9, 0) and not result.finished


def test_partners_and_teams_of_three_follow_the_engine_seats() -> None:
    four = SheetRules(("Anna", "Bo", "Carla", "Dino"))
    assert four.columns == ("Anna & Carla", "Bo & Dino")
    six = SheetRules(("A", "B", "C", "D", "E", "F"))
    assert six.columns == ("A & C & E", "B & D & F")
    assert tally(six, deals((58, 62))).totals == (0, 1)


def test_three_each_for_themselves_sum_to_120_and_the_highest_wins() -> None:
    three = SheetRules(("Anna", "Bo", "Carla"), deals_to_win=None)
    result = tally(three, deals((50, 40, 30), (40, 40, 40), (20, 45, 55)))
    assert [row.winners for row in result.rows] == [(0,), (), (2,)]
    with pytest.raises(SheetError, match="110"):
        tally(three, deals((50, 40, 20)))


# ------------------------------------------------------------------------------------------------- wins only


def test_wins_only_writes_1_and_0_and_1_point_wins_a_deal() -> None:
    """The source: in wins-only mode, 1 for the winning side and 0 for the other, and the points to win set to 1."""
    rules = TWO.with_wins_only(True)
    assert rules.target == 1 and rules.with_wins_only(False).target == 61
    result = tally(rules, deals((1, 0), (0, 0), (0, 1), (0, 1)))
    assert [row.winners for row in result.rows] == [(0,), (), (1,), ()]
    # The 0-0 draw carried: the next win counts double, and Bo has the best of three after it.
    assert [row.stake for row in result.rows] == [1, 1, 2, 0]
    assert result.winners == (1,) and not result.rows[3].counted
    with pytest.raises(SheetError, match="1 point"):
        SheetRules(("Anna", "Bo"), wins_only=True)
    with pytest.raises(SheetError, match="write 1"):
        tally(rules, deals((70, 50)))


# ------------------------------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("points", "reason"),
    [((70, 40), "add up to 110, not 120"), ((130, -10), "negative"), ((61,), "all 2 sides")],
)
def test_a_wrong_sum_is_refused_with_the_reason(points: tuple[int, ...], reason: str) -> None:
    editor = SheetEditor(TWO, deals((70, 50)))
    with pytest.raises(SheetError, match=reason):
        editor.add(DealEntry(points))
    assert editor.entries == tuple(deals((70, 50)))  # nothing changed; the entry is still the player's to correct


def test_typing_one_side_fills_in_the_other() -> None:
    assert fill_in([70, None]) == (70, 50)
    assert fill_in([None, 45]) == (75, 45)
    assert fill_in([30, None, 50]) == (30, 40, 50)
    assert fill_in([None, None]) is None and fill_in([130, None]) is None
    assert fill_in([70, 40]) == (70, 40)  # both typed: kept, and the sum is checked on entry


@pytest.mark.parametrize(
    "names",
    [("Anna",), ("Anna", "anna"), ("Anna", ""), tuple("ABCDEFG"), ("A", "B", "C", "D", "E")],
)
def test_impossible_tables_are_refused(names: tuple[str, ...]) -> None:
    with pytest.raises(SheetError):
        SheetRules(names)


# -------------------------------------------------------------------------------------------------- chiamata


def chiamata(*entries: ChiamataEntry, rules: SheetRules = FIVE) -> tuple[int, ...]:
    return tally(rules, entries).totals


def test_chiamata_made() -> None:
    """The source: caller +2, the called partner +1, each of the other three -1."""
    assert chiamata(ChiamataEntry(caller=0, partner=2, called="3S", points=61)) == (2, -1, 1, -1, -1)


def test_chiamata_failed() -> None:
    """The source: caller -2, partner -1, the others +1 each."""
    assert chiamata(ChiamataEntry(caller=1, partner=4, points=60)) == (1, -2, 1, 1, -1)
    assert chiamata(ChiamataEntry(caller=1, partner=4, made=False)) == (1, -2, 1, 1, -1)


def test_chiamata_alone_the_same_numbers_doubled() -> None:
    """The source: a caller who called their own card plays alone, and the same numbers are doubled."""
    assert chiamata(ChiamataEntry(caller=3, points=75)) == (-2, -2, -2, 4, -2)
    assert chiamata(ChiamataEntry(caller=3, made=False)) == (2, 2, 2, -4, 2)
    zero_sum = SheetRules(FIVE.names, chiamata=True, alone=AloneScoring.ZERO_SUM)
    assert chiamata(ChiamataEntry(caller=3, points=75), rules=zero_sum) == (-1, -1, -1, 4, -1)


def test_taking_every_trick_doubles_when_the_setting_is_on() -> None:
    """The source: "taking every trick doubles the deal's result, when that setting is on"."""
    sweep = ChiamataEntry(caller=0, partner=1, points=120, every_trick=True)
    assert chiamata(sweep) == (2, 1, -1, -1, -1)
    on = SheetRules(FIVE.names, chiamata=True, cappotto_double=True)
    assert chiamata(sweep, rules=on) == (4, 2, -2, -2, -2)
    assert tally(on, [sweep]).rows[0].doubled
    # All 120 points without every trick (the others took a trick worth nothing): not doubled.
    assert chiamata(ChiamataEntry(caller=0, partner=1, points=120), rules=on) == (2, 1, -1, -1, -1)
    # Failed with the others taking every trick, and a lone caller's sweep.
    assert chiamata(ChiamataEntry(caller=0, partner=1, points=0, every_trick=True), rules=on) == (-4, -2, 2, 2, 2)
    assert chiamata(ChiamataEntry(caller=2, made=True, every_trick=True), rules=on) == (-4, -4, 8, -4, -4)


def test_a_raised_bid_is_the_target() -> None:
    assert chiamata(ChiamataEntry(caller=0, partner=1, points=70, contract=75)) == (-2, -1, 1, 1, 1)


def test_chiamata_plays_the_agreed_deals_and_the_highest_total_wins() -> None:
    rules = SheetRules(FIVE.names, chiamata=True, chiamata_deals=3)
    entries = [
        ChiamataEntry(caller=0, partner=1, points=80),
        ChiamataEntry(caller=0, partner=2, points=50),
        ChiamataEntry(caller=4, points=90),
    ]
    result = tally(rules, entries)
    assert result.totals == (-2, 0, -4, -2, 4)
    assert result.winners == (4,)
    assert not tally(rules, entries[:2]).finished


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (ChiamataEntry(caller=0, partner=0, points=70), "plays alone"),
        (ChiamataEntry(caller=7, points=70), "players of the sheet"),
        (ChiamataEntry(caller=0, partner=1), "either"),
        (ChiamataEntry(caller=0, partner=1, points=70, made=True), "either"),
        (ChiamataEntry(caller=0, partner=1, points=121), "between 0 and 120"),
        (ChiamataEntry(caller=0, partner=1, points=70, every_trick=True), "every trick"),
        (ChiamataEntry(caller=0, partner=1, called="ZZ", points=70), "not a card"),
        (DealEntry((70, 50)), "caller"),
    ],
)
def test_impossible_chiamata_deals_are_refused(entry: DealEntry | ChiamataEntry, reason: str) -> None:
    with pytest.raises(SheetError, match=reason):
        SheetEditor(FIVE).add(entry)


# ----------------------------------------------------------------------------------------------------- editing


def test_correcting_an_earlier_deal_recomputes_everything_after_it() -> None:
    rules = SheetRules(("Anna", "Bo"), deals_to_win=None)
    editor = SheetEditor(rules, deals((60, 60), (70, 50), (40, 80)))
    assert [row.totals for row in editor.tally.rows] == [(0, 0), (2, 0), (2, 1)]
    editor.replace(0, DealEntry((61, 59)))  # the first deal was not a draw after all: the second counts once
    assert [row.totals for row in editor.tally.rows] == [(1, 0), (2, 0), (2, 1)]
    assert [row.stake for row in editor.tally.rows] == [1, 1, 1]
    editor.delete(1)
    assert [row.totals for row in editor.tally.rows] == [(1, 0), (1, 1)]
    assert editor.tally.points_totals == (101, 139)


def test_undo_and_redo() -> None:
    saved: list[int] = []
    editor = SheetEditor(TWO, save=lambda entries: saved.append(len(entries)))
    editor.add(DealEntry((70, 50)))
    editor.add(DealEntry((50, 70)))
    editor.replace(1, DealEntry((20, 100)))
    assert (editor.can_undo, editor.can_redo) == (True, False)
    editor.undo()
    assert editor.entries[1] == DealEntry((50, 70))
    editor.undo()
    assert (len(editor.entries), editor.can_redo) == (1, True)
    editor.redo()
    assert len(editor.entries) == 2
    editor.add(DealEntry((80, 40)))  # a new change forgets what could be redone
    assert not editor.can_redo and editor.tally.winners == (0,)
    assert saved == [1, 2, 2, 2, 1, 2, 3]


def test_a_deal_after_the_match_is_over_is_refused_but_an_edit_reopens_it() -> None:
    editor = SheetEditor(TWO, deals((70, 50), (70, 50)))
    with pytest.raises(SheetError, match="over"):
        editor.add(DealEntry((70, 50)))
    editor.replace(1, DealEntry((50, 70)))
    assert not editor.tally.finished
    editor.add(DealEntry((50, 70)))
    assert editor.tally.winners == (1,)


def test_refused_edits_leave_the_sheet_as_it_was() -> None:
    editor = SheetEditor(TWO, deals((70, 50)))
    with pytest.raises(SheetError):
        editor.replace(0, DealEntry((70, 70)))
    with pytest.raises(SheetError, match="no deal 3"):
        editor.delete(2)
    assert editor.entries == (DealEntry((70, 50)),) and not editor.can_undo


def test_rules_and_entries_round_trip_as_json() -> None:
    entries: list[Entry] = [
        DealEntry((70, 50)),
        ChiamataEntry(caller=1, partner=None, called="AS", made=True, every_trick=True),
    ]
    assert [entry_from_json(entry_to_json(entry)) for entry in entries] == entries
    for rules in (TWO, FIVE, TWO.with_wins_only(True), SheetRules(("A", "B", "C"), deals_to_win=None)):
        assert SheetRules.from_json(rules.to_json()) == rules
    with pytest.raises(SheetError):
        entry_from_json({"points": "x"})
    with pytest.raises(SheetError):
        SheetRules.from_json({"names": ["A"]})
