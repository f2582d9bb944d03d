"""The score sheet for five players, one sitting out (the Spanish form, the engine's ``five-sitout``): the dealer's
rotation, the sides of each deal, the one sitting out sharing only the 2nd & 4th's win, draws, wins only, the match,
JSON, refusals, typed entries, the words, the command, and the whole sheet checked against engine matches."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from briscola.engine import Game, preset
from briscola.engine.events import HandOver, HandStarted
from briscola.engine.ruleset import DrawHandling
from briscola.sheet.command import main
from briscola.sheet.editor import SheetEditor
from briscola.sheet.keeping import reopen_sheet
from briscola.sheet.model import (
    ChiamataEntry,
    DealEntry,
    Entry,
    SheetError,
    SheetRules,
    sit_out_seats,
    tally,
)
from briscola.sheet.typed import parse_entry, preview
from briscola.sheet.words import entry_words, rules_words, sheet_csv, status_words, table_lines
from briscola.store.history import History
from tests.engine.helpers import is_over

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
SIT = SheetRules(NAMES, sit_out=True)
FREE = SheetRules(NAMES, sit_out=True, deals_to_win=None)


def deals(*points: tuple[int, int]) -> list[Entry]:
    return [DealEntry(p) for p in points]


# ------------------------------------------------------------------------------------------------ the rotation


def test_player_1_deals_first_and_the_deal_passes_round_the_table() -> None:
    assert [sit_out_seats(SIT, n) for n in range(1, 7)] == [
        ((1, 3), (2, 4), 0),
        ((2, 4), (3, 0), 1),
        ((3, 0), (4, 1), 2),
        ((4, 1), (0, 2), 3),
        ((0, 2), (1, 3), 4),
        ((1, 3), (2, 4), 0),  # round again
    ]
    assert SIT.columns == NAMES and len(SIT.sides) == 5 and SIT.entered_sides == 2


def test_a_replayed_draw_is_dealt_again_by_the_same_dealer() -> None:
    """As the engine: a drawn hand under draw = replay keeps its dealer (``next_dealer = dealer``)."""
    replay = SheetRules(NAMES, sit_out=True, draw=DrawHandling.REPLAY, deals_to_win=None)
    entries = deals((60, 60), (60, 60), (70, 50))
    assert [sit_out_seats(replay, n, entries)[2] for n in (1, 2, 3, 4)] == [0, 0, 0, 1]
    assert [row.seats for row in tally(replay, entries).rows] == [((1, 3), (2, 4), 0)] * 3
    # A carried draw is not replayed: the deal passes on.
    assert [sit_out_seats(FREE, n, entries)[2] for n in (1, 2, 3, 4)] == [0, 1, 2, 3]


def test_only_a_sit_out_sheet_has_seats() -> None:
    with pytest.raises(ValueError, match="sit-out"):
        sit_out_seats(SheetRules(("Anna", "Bo")), 1)
    with pytest.raises(ValueError, match="from 1"):
        sit_out_seats(SIT, 0)


# ---------------------------------------------------------------------------------------------- scoring a deal


def test_the_1st_and_3rd_win_and_the_one_sitting_out_gains_nothing() -> None:
    row = tally(FREE, deals((70, 50))).rows[0]
    assert row.winners == (1, 3)  # Bruno & Dario; Anna deals and sits out
    assert row.gained == (0, 1, 0, 1, 0)
    assert row.points_totals == (0, 70, 50, 70, 50)


def test_the_2nd_and_4th_win_and_the_one_sitting_out_shares_it() -> None:
    row = tally(FREE, deals((50, 70))).rows[0]
    assert row.winners == (0, 2, 4)  # Carla & Elena, and Anna sitting out
    assert row.gained == (1, 0, 1, 0, 1)
    assert row.points_totals == (0, 50, 70, 50, 70)  # the one sitting out took no card points


def test_the_sides_move_with_the_dealer() -> None:
    result = tally(FREE, deals((70, 50), (70, 50), (40, 80)))
    # Deal 2: Bruno sits out, Carla & Elena won. Deal 3: Carla sits out, Elena & Bruno won, and Carla with them.
    assert [row.winners for row in result.rows] == [(1, 3), (2, 4), (1, 2, 4)]
    assert result.totals == (0, 2, 2, 1, 2)


def test_a_carried_draw_doubles_the_next_deal_for_everyone_who_wins_it() -> None:
    result = tally(FREE, deals((60, 60), (30, 90)))
    assert [row.winners for row in result.rows] == [(), (0, 1, 3)]  # deal 2: Dario & Anna, Bruno sitting out
    assert [row.stake for row in result.rows] == [1, 2]
    assert result.totals == (2, 2, 0, 2, 0) and result.next_stake == 1


def test_a_draw_counting_for_nobody() -> None:
    rules = SheetRules(NAMES, sit_out=True, draw=DrawHandling.NONE, deals_to_win=None)
    result = tally(rules, deals((60, 60), (30, 90)))
    assert [row.stake for row in result.rows] == [1, 1] and result.totals == (1, 1, 0, 1, 0)


def test_wins_only() -> None:
    rules = FREE.with_wins_only(True)
    assert rules.target == 1
    result = tally(rules, deals((0, 1), (0, 0), (1, 0)))
    # Deal 1: Carla & Elena with Anna sitting out; deal 2 a draw carried; deal 3 Dario & Anna, counting double.
    assert [row.winners for row in result.rows] == [(0, 2, 4), (), (0, 3)]
    assert result.totals == (3, 0, 1, 2, 1)
    with pytest.raises(SheetError, match="write 1"):
        tally(rules, deals((70, 50)))
    with pytest.raises(SheetError, match="write 1"):  # "1" typed alone is filled in as 1 - 119: both are needed
        tally(rules, [parse_entry(rules, ["1"])])
    assert tally(rules, [parse_entry(rules, ["0", "1"])]).rows[0].winners == (0, 2, 4)


# ----------------------------------------------------------------------------------------------------- the match


def test_the_first_player_to_two_deals_wins_the_match() -> None:
    result = tally(SIT, deals((70, 50), (70, 50), (70, 50)))
    # Bruno & Dario, Carla & Elena, then Dario & Anna: Dario has two.
    assert result.totals == (1, 1, 1, 2, 1) and result.winners == (3,) and result.finished
    assert status_words(result) == "Won by Dario."
    with pytest.raises(SheetError, match="over"):
        SheetEditor(SIT, deals((70, 50), (70, 50), (70, 50))).add(DealEntry((70, 50)))


def test_the_one_sitting_out_can_win_the_match_by_sharing() -> None:
    # Carla & Elena win with Anna sitting out, then Dario & Anna win with Bruno sitting out: Anna has two.
    result = tally(SIT, deals((50, 70), (50, 70)))
    assert result.totals == (2, 1, 1, 1, 1) and result.winners == (0,)


def test_players_reaching_it_in_the_same_deal_share_the_win() -> None:
    # Carla & Elena (Anna sitting out), then Carla & Elena again as the 1st & 3rd after Bruno: both reach two.
    result = tally(SIT, deals((50, 70), (70, 50), (50, 70)))
    assert result.rows[1].totals == (1, 0, 2, 0, 2) and result.winners == (2, 4)
    assert [row.counted for row in result.rows] == [True, True, False]
    assert status_words(result) == "Won by Carla, Elena."


def test_best_of_five_counts_per_player_and_entries_after_the_end_are_not_counted() -> None:
    rules = SheetRules(NAMES, sit_out=True, deals_to_win=3)
    result = tally(rules, deals((50, 70), (50, 70), (50, 70), (50, 70), (70, 50)))
    assert [row.totals for row in result.rows[:4]] == [
        (1, 0, 1, 0, 1),
        (2, 1, 1, 1, 1),
        (2, 2, 2, 1, 2),
        (3, 2, 3, 2, 2),  # Dario deals: Anna & Carla win, Dario sharing
    ]
    assert result.winners == (0, 2)
    assert [row.counted for row in result.rows] == [True, True, True, True, False]
    assert result.totals == (3, 2, 3, 2, 2)


def test_a_free_running_total_never_ends() -> None:
    result = tally(FREE, deals(*[(70, 50)] * 10))  # each player is a 1st or 3rd after the dealer twice in five
    assert not result.finished and result.totals == (4, 4, 4, 4, 4)


# ------------------------------------------------------------------------------------------- rules and refusals


def test_rules_round_trip_as_json_and_older_sheets_read_back() -> None:
    for rules in (SIT, FREE, FREE.with_wins_only(True), SheetRules(NAMES, sit_out=True, draw=DrawHandling.REPLAY)):
        data = rules.to_json()
        assert data["sit_out"] is True
        assert SheetRules.from_json(data) == rules
    older = SheetRules(("Anna", "Bo")).to_json()
    del older["sit_out"]
    assert SheetRules.from_json(older) == SheetRules(("Anna", "Bo"))


@pytest.mark.parametrize(
    ("names", "sit_out", "chiamata", "reason"),
    [
        (NAMES[:4], True, False, "five"),
        ((*NAMES, "Fede"), True, False, "five"),
        (NAMES, True, True, "nobody sitting out"),
        (NAMES, False, False, "chiamata or one sitting out"),
    ],
)
def test_impossible_sit_out_tables_are_refused(
    names: tuple[str, ...], sit_out: bool, chiamata: bool, reason: str
) -> None:
    with pytest.raises(SheetError, match=reason):
        SheetRules(names, chiamata=chiamata, sit_out=sit_out)


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (DealEntry((70, 40)), "add up to 110"),
        (DealEntry((40, 40, 40)), "all 2 sides"),
        (DealEntry((24,) * 5), "all 2 sides"),
        (ChiamataEntry(caller=0, points=70), "no caller"),
    ],
)
def test_impossible_sit_out_deals_are_refused(entry: Entry, reason: str) -> None:
    editor = SheetEditor(SIT, deals((70, 50)))
    with pytest.raises(SheetError, match=reason):
        editor.add(entry)
    assert editor.entries == (DealEntry((70, 50)),)


# ----------------------------------------------------------------------------------------------- typing a deal


def test_typing_one_side_fills_in_the_other() -> None:
    assert parse_entry(SIT, ["70"]) == DealEntry((70, 50))
    assert parse_entry(SIT, ["-", "45"]) == DealEntry((75, 45))
    assert parse_entry(SIT, ["70", "50"]) == DealEntry((70, 50))
    assert preview(SIT, "61") == DealEntry((61, 59))
    for typed in ("", "10 20 30", "24 24 24 24 24"):
        with pytest.raises(SheetError, match="all 2 sides"):
            parse_entry(SIT, typed.split())


# --------------------------------------------------------------------------------------------------- the words


def test_rules_words_say_the_form() -> None:
    words = rules_words(SIT)
    assert words.startswith("Five players, the dealer sits out; 61 points win a deal")
    assert words.endswith("the first player to win 2 deals wins the match")
    assert rules_words(FREE).endswith("a free-running total")


def test_entry_words_name_the_sides_of_the_deal() -> None:
    entries = deals((70, 50), (60, 60))
    assert entry_words(SIT, entries[0], 1) == "Bruno & Dario 70 - Carla & Elena 50 (Anna sits out)"
    assert entry_words(SIT, entries[1], 2, entries) == "Carla & Elena 60 - Dario & Anna 60 (Bruno sits out)"
    assert entry_words(SIT, DealEntry((70, 50)), 6) == "Bruno & Dario 70 - Carla & Elena 50 (Anna sits out)"
    assert entry_words(SIT, DealEntry((70, 50))) == "1st & 3rd after the dealer 70 - 2nd & 4th 50"


def test_the_table_the_status_and_the_csv() -> None:
    result = tally(FREE, deals((70, 50), (60, 60), (40, 80)))
    lines = table_lines(result)
    assert lines[0].split() == ["Deal", *NAMES]
    assert lines[1].split()[:6] == ["1", "0", "1", "0", "1", "0"]
    assert lines[1].endswith("Bruno & Dario 70 - Carla & Elena 50 (Anna sits out)")
    assert lines[3].split()[:6] == ["3", "0", "3", "2", "1", "2"]
    assert lines[3].endswith("Dario & Anna 40 - Elena & Bruno 80 (Carla sits out) · x2")
    assert lines[4] == "Dario deals next and sits out."
    csv_lines = sheet_csv("Friday", result).splitlines()
    assert csv_lines[1].startswith("Deal,Entered,Anna: gained,Bruno: gained")
    assert csv_lines[4] == "3,Dario & Anna 40 - Elena & Bruno 80 (Carla sits out) · x2,0,2,2,0,2,0,3,2,1,2"
    assert csv_lines[5] == "Total,,,,,,,0,3,2,1,2"
    drawn = tally(FREE, deals((60, 60)))
    assert status_words(drawn) == "Bruno deals next and sits out. The next deal counts 2 times."


# ------------------------------------------------------------------------------------------------- the command


def test_the_command_keeps_a_sit_out_sheet(tmp_path: Path) -> None:
    path = str(tmp_path / "h.sqlite3")
    out = io.StringIO()
    typed = io.StringIO("70\n50 80\n60 60\n30\n")
    assert main(["--history", path, "new", *NAMES, "--sit-out", "--match", "free"], out, io.StringIO(), typed) == 0
    text = out.getvalue()
    assert "Five players, the dealer sits out" in text
    assert "Not entered: The points add up to 130" in text
    assert "Deal 3 saved." in text and "Dario & Anna 30 - Elena & Bruno 90 (Carla sits out) · x2" in text
    history, _ = History.open(path)
    assert history is not None
    kept = reopen_sheet(history, 1)
    assert kept.editor.rules == FREE
    assert kept.editor.tally.totals == (0, 3, 2, 1, 2)
    err = io.StringIO()
    assert main(["--history", path, "new", *NAMES, "--sit-out", "--chiamata"], io.StringIO(), err) == 2
    assert main(["--history", path, "new", *NAMES], io.StringIO(), err, io.StringIO()) == 1
    assert "chiamata or one sitting out" in err.getvalue()


# ------------------------------------------------------------------------------------------------- the engine


@pytest.mark.parametrize("draw", [DrawHandling.NONE, DrawHandling.CARRY, DrawHandling.REPLAY])
def test_the_sheet_scores_engine_matches_as_the_engine_does(draw: DrawHandling) -> None:
    """Random five-sitout matches: each hand's sides, the one sitting out and what each seat gained, entered on a
    sheet whose player 1 is the engine's first dealer, are the engine's."""
    rules = preset("five-sitout").with_options(hands_to_win=4, draw_handling=draw)
    sheet = SheetRules(NAMES, sit_out=True, draw=draw, deals_to_win=None)
    hands = draws = 0
    for seed in range(40):
        game = Game(rules, seed)
        rng = random.Random(seed)
        starts: list[HandStarted] = []
        overs: list[HandOver] = []
        while not is_over(game):
            for event in game.apply(rng.choice(game.legal_actions())):
                if isinstance(event, HandStarted):
                    starts.append(event)
                elif isinstance(event, HandOver):
                    overs.append(event)
        first = starts[0].dealer

        def player(seat: int, first: int = first) -> int:
            return (seat - first) % 5

        entries: list[Entry] = [DealEntry(tuple(over.result.side_points)) for over in overs]
        result = tally(sheet, entries)
        for number, (start, over, row) in enumerate(zip(starts, overs, result.rows, strict=True), start=1):
            first_side, second_side, sitter = sit_out_seats(sheet, number, entries)
            assert row.seats == (first_side, second_side, sitter)
            assert sitter == player(start.sitting_out if start.sitting_out is not None else -1)
            engine_sides = tuple(tuple(player(seat) for seat in side) for side in start.teams)
            assert engine_sides == (first_side, second_side)
            gained = [0] * 5
            for seat, points in enumerate(over.result.game_points):
                gained[player(seat)] = points
            assert row.gained == tuple(gained)
            assert row.stake == over.result.stake
            draws += not row.winners
        totals = [0] * 5
        for seat, points in enumerate(game.match_scores):
            totals[player(seat)] = points
        assert result.totals == tuple(totals)
        hands += len(overs)
    assert hands > 150 and draws > 1
