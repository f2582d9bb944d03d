"""Game records: every preset round-trips, unfinished matches and autosaves restore exactly, and every kind of corrupt
or hand-edited record is refused with a RecordError naming the field or the first illegal action.

Over 700 lines, in sections (round trips, the JSON text, records made in code, corrupt fields, corrupt text, fuzzing,
forfeits) that share one base record and its editing helpers.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine import PRESETS, Bid, Deal, Game, Pass, Play, Rank, RecordError, RulesetError, preset
from briscola.engine.actions import Action, ActionParseError, Forfeit, parse_action
from briscola.engine.cards import ALL_CARDS
from briscola.engine.errors import NotYourTurnError
from briscola.engine.events import Event, TrickWon
from briscola.engine.record import (
    MAX_RECORD_BYTES,
    MAX_SEED,
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    RecordResult,
    SeatInfo,
    SeatKind,
    load_game,
    load_record,
    record_from_dict,
    record_from_game,
    replay,
    replay_events,
)
from briscola.engine.ruleset import Ruleset

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"
TOP_KEYS = ["format", "version", "app_version", "created", "rules", "seed", "seats", "actions", "result"]
CREATED = "2025-03-01T18:30:00Z"


def play_random(game: Game, rng: random.Random, limit: int | None = None) -> list[tuple[Action, list[Event]]]:
    """Push random legal actions until the match ends (or after ``limit`` actions); each action with its events."""
    played: list[tuple[Action, list[Event]]] = []
    while not game.is_over and (limit is None or len(played) < limit):
        action = rng.choice(game.legal_actions())
        played.append((action, game.apply(action)))
    return played


def seats_for(players: int) -> tuple[SeatInfo, ...]:
    """A human in seat 0 and computers elsewhere."""
    others = (SeatInfo(f"Computer {seat}", SeatKind.COMPUTER, "medio") for seat in range(1, players))
    return (SeatInfo("Anna", SeatKind.HUMAN), *others)


def state(game: Game) -> dict[str, object]:
    """Every attribute of the game: two games with equal states are the same match at the same moment."""
    return dict(vars(game))


# The seed of the base record: the corruption tests below rely on the facts checked in
# test_the_base_record_is_valid_and_its_last_action_index_is_known (123 actions, seat 1 wins 2-1).
BASE_SEED = 21


@cache
def finished_record(name: str, seed: int = BASE_SEED) -> str:
    """The JSON of a whole random match of preset ``name`` (cached: many tests corrupt the same text)."""
    game = Game(PRESETS[name], seed)
    play_random(game, random.Random(seed))
    return record_from_game(game, seats_for(game.players), created=CREATED, app_version="0.1.0").to_json()


BASE = "classic"


def edited(change: Callable[[dict[str, Any]], object], name: str = BASE) -> str:
    """The base record's JSON after ``change`` edited its data, as a person with a text editor might."""
    data = json.loads(finished_record(name))
    change(data)
    return json.dumps(data)


def refusal(text: str | bytes) -> RecordError:
    """The RecordError that loading ``text`` raises (the test fails if it loads)."""
    with pytest.raises(RecordError) as caught:
        load_record(text)
    error = caught.value
    assert str(error) == f"{error.field}: {error.reason}"
    return error


# ------------------------------------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("seed", [1, 2025])
@pytest.mark.parametrize("name", list(PRESETS))
def test_a_whole_match_of_every_preset_round_trips(name: str, seed: int) -> None:
    rules = PRESETS[name]
    game = Game(rules, seed)
    played = play_random(game, random.Random(seed))
    assert game.is_over
    record = record_from_game(game, seats_for(rules.players), created=CREATED, app_version="0.1.0")
    text = record.to_json()

    loaded, restored = load_game(text)

    assert loaded == record
    assert loaded.to_json() == text
    assert state(restored) == state(game)
    assert restored.log == game.log
    assert restored.match_scores == game.match_scores
    assert restored.actions == game.actions
    assert list(replay_events(loaded)) == played
    assert state(replay(loaded)) == state(game)
    assert loaded.finished
    assert loaded.result == RecordResult(tuple(game.match_scores), game.match_winners, game.deals_played)


@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, MAX_SEED - 1),
    cut=st.integers(0, 300),
)
def test_a_match_cut_anywhere_round_trips_and_plays_on_identically(name: str, seed: int, cut: int) -> None:
    game = Game(PRESETS[name], seed)
    play_random(game, random.Random(seed), limit=cut)
    record = record_from_game(game, seats_for(game.players))

    loaded, restored = load_game(record.to_json())

    assert loaded == record
    assert state(restored) == state(game)
    assert loaded.finished == game.is_over
    if not game.is_over:
        assert loaded.result.winners is None
    # The restored match goes on exactly as the original would have.
    assert play_random(restored, random.Random(cut)) == play_random(game, random.Random(cut))
    assert state(restored) == state(game)


@pytest.mark.parametrize("name", ["classic", "four-signals", "scambio", "chiamata", "subastada"])
def test_an_autosave_after_every_trick_restores_the_match_exactly(name: str) -> None:
    game = Game(PRESETS[name], 11)
    rng = random.Random(11)
    saves = 0
    while not game.is_over:
        events = game.apply(rng.choice(game.legal_actions()))
        if any(isinstance(event, TrickWon) for event in events):
            record, restored = load_game(record_from_game(game, seats_for(game.players)).to_json())
            assert state(restored) == state(game)
            assert record.result == RecordResult.of_game(game)
            saves += 1
    assert saves >= 10


def test_a_match_not_yet_dealt_round_trips() -> None:
    game = Game(preset("four"), 0)
    record = record_from_game(game, seats_for(4))
    loaded, restored = load_game(record.to_json())
    assert loaded.actions == ()
    assert loaded.result == RecordResult((0, 0, 0, 0), None, 0)
    assert not loaded.finished
    assert state(restored) == state(game)


def test_chiamata_bids_of_digit_ranks_round_trip() -> None:
    # str(Bid(rank=Rank.FIVE)) is "bid:5", which parse_action alone reads as a 5-point target.
    game = Game(preset("chiamata"), 3)
    game.apply(Deal())
    for rank in (Rank.SEVEN, Rank.FIVE, Rank.TWO):
        game.apply(Bid(rank=rank))
    game.apply(Pass())
    loaded, restored = load_game(record_from_game(game, seats_for(5)).to_json())
    assert loaded.actions[1:4] == (Bid(rank=Rank.SEVEN), Bid(rank=Rank.FIVE), Bid(rank=Rank.TWO))
    assert state(restored) == state(game)


def test_subastada_point_bids_stay_point_bids() -> None:
    rules = preset("subastada").with_options(auction_min_bid=10)
    game = Game(rules, 3)
    game.apply(Deal())
    game.apply(Bid(target=10))
    loaded, restored = load_game(record_from_game(game, seats_for(2)).to_json())
    assert loaded.actions[1] == Bid(target=10)
    assert state(restored) == state(game)


def test_a_one_digit_contract_is_refused_so_bids_never_read_as_ranks() -> None:
    with pytest.raises(RulesetError) as caught:
        preset("subastada").with_options(auction_min_bid=5)
    assert caught.value.option == "auction_min_bid"


# ------------------------------------------------------------------------------------------------------ the JSON text


def test_to_json_is_stable_ordered_and_readable() -> None:
    game = Game(preset("classic"), 5)
    play_random(game, random.Random(5))
    record = record_from_game(game, seats_for(2), created=CREATED)
    text = record.to_json()
    assert text == record.to_json()
    assert text.endswith("}\n")
    assert text.startswith('{\n  "format": "briscola-record",\n  "version": 2,\n')
    data = json.loads(text)
    assert list(data) == TOP_KEYS
    assert data == record.to_dict()
    assert data["format"] == RECORD_FORMAT
    assert data["version"] == RECORD_VERSION
    assert list(data["rules"]) == list(Ruleset().option_names())
    # Actions: every hand starts its own line, and no line of actions passes the project's 120 columns.
    action_lines = text[text.index('"actions": [') : text.index('"result"')].splitlines()[1:-1]
    assert sum(line.lstrip().startswith('"deal"') for line in action_lines) == game.hand_no
    assert all(len(line) <= 120 for line in action_lines)


def test_names_are_written_as_they_are() -> None:
    seats = (SeatInfo("Zoë «la Volpe»", SeatKind.HUMAN), SeatInfo('Bot "Q" \\ 2', SeatKind.EXTERNAL, "v1.2"))
    record = record_from_game(Game(preset("classic"), 1), seats)
    text = record.to_json()
    assert "Zoë «la Volpe»" in text
    assert load_record(text).seats == seats
    assert load_record(text.encode("utf-8")).seats == seats


def test_a_byte_order_mark_is_accepted() -> None:
    text = finished_record(BASE)
    assert load_record(b"\xef\xbb\xbf" + text.encode()) == load_record(text)
    assert load_record("\ufeff" + text) == load_record(text)


def test_record_from_dict_takes_parsed_data() -> None:
    text = finished_record(BASE)
    assert record_from_dict(json.loads(text)) == load_record(text)
    with pytest.raises(RecordError) as caught:
        record_from_dict(json.loads(text)["seats"])
    assert caught.value.field == "record"


def test_the_example_in_the_documentation_is_a_valid_record() -> None:
    doc = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", doc, flags=re.DOTALL)
    assert blocks, "docs/record-format.md shows no ```json example"
    record, game = load_game(blocks[0])
    assert record.finished
    assert game.is_over


def test_the_error_messages_shown_in_the_documentation_are_the_real_ones() -> None:
    doc = DOC.read_text(encoding="utf-8")
    example = re.findall(r"```json\n(.*?)```", doc, flags=re.DOTALL)[0]
    shown = doc[doc.index("Some edits of the example") :].split("```")[1].strip().splitlines()

    def edit(change: Callable[[dict[str, Any]], object]) -> str:
        data = json.loads(example)
        change(data)
        return json.dumps(data)

    edits = [
        edit(_set("seed", "7")),
        edit(_set("seats.1.kind", "alien")),
        edit(_set("rules.players", 9)),
        edit(_set("actions.17", "5C")),
        edit(_set("result.match_scores", [0, 1])),
        edit(_set("version", RECORD_VERSION + 1)),
        example.replace('"seed": 2031,', '"seed": 2031', 1),
    ]
    assert [str(refusal(text)) for text in edits] == shown


def test_the_documentation_names_every_field_and_every_rules_option() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for name in [*TOP_KEYS, "name", "kind", "level", "match_scores", "winners", "hands_played"]:
        assert f"`{name}`" in doc, name
    for option in Ruleset().option_names():
        assert f"`{option}`" in doc, option
    for kind in SeatKind:
        assert f'`"{kind.value}"`' in doc, kind


# ---------------------------------------------------------------------------------------------- records made in code


def test_a_sampled_world_without_seed_can_not_be_recorded() -> None:
    game = Game(preset("classic"), 1)
    game.seed = None
    with pytest.raises(RecordError) as caught:
        record_from_game(game, seats_for(2))
    assert caught.value.field == "seed"


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: SeatInfo("", SeatKind.HUMAN), "seat.name"),
        (lambda: SeatInfo("Anna\n", SeatKind.HUMAN), "seat.name"),
        (lambda: SeatInfo("Anna", "robot"), "seat.kind"),  # type: ignore[arg-type]
        (lambda: SeatInfo("Anna", SeatKind.COMPUTER, ""), "seat.level"),
        (lambda: record_from_game(Game(preset("classic"), 1), seats_for(3)), "seats"),
        (lambda: record_from_game(Game(preset("classic"), -1), seats_for(2)), "seed"),
        (lambda: record_from_game(Game(preset("classic"), MAX_SEED), seats_for(2)), "seed"),
        (lambda: record_from_game(Game(preset("classic"), 1), seats_for(2), created="today"), "created"),
        (lambda: record_from_game(Game(preset("classic"), 1), seats_for(2), app_version=""), "app_version"),
    ],
)
def test_a_record_made_in_code_is_checked_too(make: Callable[[], object], field: str) -> None:
    with pytest.raises(RecordError) as caught:
        make()
    assert caught.value.field == field


def test_a_seat_kind_may_be_given_as_its_text() -> None:
    seat = SeatInfo("Anna", "human")  # type: ignore[arg-type]
    assert seat.kind is SeatKind.HUMAN


def test_replaying_a_record_made_in_code_names_an_illegal_action() -> None:
    game = Game(preset("classic"), 1)
    game.apply(Deal())
    record = record_from_game(game, seats_for(2))
    held = set(game.hands[0]) | set(game.hands[1])
    stranger = next(card for card in ALL_CARDS if card not in held)
    bad = GameRecord(record.rules, record.seed, record.seats, (*record.actions, Play(stranger)), record.result)
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert caught.value.field == "actions[1]"
    events = replay_events(bad)
    assert next(events)[0] == Deal()
    with pytest.raises(RecordError):
        next(events)


# ----------------------------------------------------------------------------------------------- corrupt field values


def _set(path: str, value: object) -> Callable[[dict[str, Any]], object]:
    """An edit setting the dotted ``path`` (``seats.1.kind``) to ``value``."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _delete(path: str) -> Callable[[dict[str, Any]], object]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        del target[int(last) if isinstance(target, list) else last]

    return change


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], object], str | None]] = [
    ("format of another file", _set("format", "chess-pgn"), "format"),
    ("format missing", _delete("format"), "format"),
    ("version as text", _set("version", "1"), "version"),
    ("version zero", _set("version", 0), "version"),
    ("version missing", _delete("version"), "version"),
    ("unknown top-level key", _set("cheat", True), "cheat"),
    ("rules missing", _delete("rules"), "rules"),
    ("rules a list", _set("rules", []), "rules"),
    ("rules: too many players", _set("rules.players", 9), "rules.players"),
    ("rules: players as text", _set("rules.players", "2"), "rules.players"),
    ("rules: unknown option", _set("rules.jokers", 2), "rules.jokers"),
    ("rules: unknown enum value", _set("rules.family", "klingon"), "rules.family"),
    ("rules: bad removed card", _set("rules.removed_cards", ["ZZ"]), "rules.removed_cards"),
    ("rules: flag as a number", _set("rules.to_31", 1), "rules.to_31"),
    (
        "rules: impossible combination",
        lambda data: data["rules"].update(players=4, open_hands=True),
        "rules.open_hands",
    ),
    ("rules: open hands, harmless", _set("rules.open_hands", True), None),  # still valid, and the play stays legal
    ("seed as text", _set("seed", "7"), "seed"),
    ("seed true", _set("seed", True), "seed"),
    ("seed negative", _set("seed", -1), "seed"),
    ("seed too big", _set("seed", MAX_SEED), "seed"),
    ("seed a fraction", _set("seed", 7.5), "seed"),
    ("seed null", _set("seed", None), "seed"),
    ("seed missing", _delete("seed"), "seed"),
    ("seats an object", _set("seats", {}), "seats"),
    ("a seat too many", lambda data: data["seats"].append(data["seats"][0]), "seats"),
    ("a seat missing", _delete("seats.1"), "seats"),
    ("rules for four players, two seats", _set("rules.players", 4), "seats"),
    ("seat a string", _set("seats.0", "Anna"), "seats[0]"),
    ("seat kind a number", _set("seats.1.kind", 5), "seats[1].kind"),
    ("seat kind unknown", _set("seats.1.kind", "alien"), "seats[1].kind"),
    ("seat kind missing", _delete("seats.1.kind"), "seats[1].kind"),
    ("seat name empty", _set("seats.0.name", ""), "seats[0].name"),
    ("seat name control", _set("seats.0.name", "An\x00na"), "seats[0].name"),
    ("seat name too long", _set("seats.0.name", "A" * 65), "seats[0].name"),
    ("seat level a number", _set("seats.1.level", 3), "seats[1].level"),
    ("seat unknown key", _set("seats.0.colour", "red"), "seats[0].colour"),
    ("actions text", _set("actions", "deal AD"), "actions"),
    ("actions missing", _delete("actions"), "actions"),
    ("action a number", _set("actions.3", 5), "actions[3]"),
    ("action null", _set("actions.3", None), "actions[3]"),
    ("bad card code", _set("actions.3", "ZZ"), "actions[3]"),
    # The same (legal) card, spelt otherwise: refused all the same.
    ("card in lower case", lambda data: data["actions"].__setitem__(3, data["actions"][3].lower()), "actions[3]"),
    ("card with a space", lambda data: data["actions"].__setitem__(3, " " + data["actions"][3]), "actions[3]"),
    ("deal in capitals", _set("actions.0", "DEAL"), "actions[0]"),
    ("non-ASCII digit bid", _set("actions.3", "bid:²"), "actions[3]"),
    ("very long bid", _set("actions.3", "bid:" + "9" * 40), "actions[3]"),
    ("deal in the middle of a hand", _set("actions.5", "deal"), "actions[5]"),
    ("first action not a deal", _set("actions.0", "AD"), "actions[0]"),
    ("action after the end", lambda data: data["actions"].append("deal"), "actions[123]"),
    ("a swap where it's not played", _set("actions.2", "swap"), "actions[2]"),
    ("result missing", _delete("result"), "result"),
    ("result a list", _set("result", [1, 0]), "result"),
    ("result unknown key", _set("result.points", 61), "result.points"),
    ("result key missing", _delete("result.hands_played"), "result.hands_played"),
    ("scores tampered", _set("result.match_scores", [2, 2]), "result.match_scores"),
    ("scores of three seats", _set("result.match_scores", [2, 0, 0]), "result.match_scores"),
    ("score as text", _set("result.match_scores.0", "2"), "result.match_scores[0]"),
    ("winners tampered", _set("result.winners", [0, 1]), "result.winners"),
    ("winners made unfinished", _set("result.winners", None), "result.winners"),
    ("winner not a seat", _set("result.winners", [5]), "result.winners[0]"),
    ("winners as a number", _set("result.winners", 1), "result.winners"),
    ("hands played tampered", _set("result.hands_played", 9), "result.hands_played"),
    ("hands played negative", _set("result.hands_played", -1), "result.hands_played"),
    ("last actions cut off", lambda data: data["actions"].__delitem__(slice(-5, None)), "result.match_scores"),
    ("created without offset", _set("created", "2025-03-01T18:30:00"), "created"),
    ("created not a date", _set("created", "yesterday"), "created"),
    ("created a number", _set("created", 20250301), "created"),
    ("app version a number", _set("app_version", 1), "app_version"),
]


@pytest.mark.parametrize(("change", "field"), [(c, f) for _, c, f in CORRUPTIONS], ids=[i for i, _, _ in CORRUPTIONS])
def test_a_corrupt_field_is_refused_by_name(change: Callable[[dict[str, Any]], object], field: str | None) -> None:
    text = edited(change)
    if field is None:
        # A control case: the edit is harmless, so the test shows the others fail for their own reason.
        load_record(text)
        return
    assert refusal(text).field == field


def test_the_base_record_is_valid_and_its_last_action_index_is_known() -> None:
    # The corruptions above rely on these facts about the base record.
    record = load_record(finished_record(BASE))
    assert len(record.actions) == 123
    assert record.result.winners == (1,)
    assert record.result.match_scores == (1, 2)
    assert record.actions[2] != Deal() and record.actions[3] != Deal()


def test_an_optional_field_may_be_missing_or_null() -> None:
    for change in (_delete("created"), _delete("app_version"), _delete("seats.1.level"), _set("created", None)):
        record = load_record(edited(change))
        assert record.actions == load_record(finished_record(BASE)).actions


def test_a_wrong_result_says_what_differs() -> None:
    error = refusal(edited(_set("result.match_scores", [2, 2])))
    assert "[2, 2]" in error.reason and "[1, 2]" in error.reason


@given(data=st.data())
def test_playing_a_card_not_held_names_that_action(data: st.DataObject) -> None:
    base = json.loads(finished_record(BASE))
    plays = [i for i, text in enumerate(base["actions"]) if text != "deal"]
    index = data.draw(st.sampled_from(plays))
    game = Game(PRESETS[BASE], base["seed"])
    for action in load_record(finished_record(BASE)).actions[:index]:
        game.apply(action)
    assert game.to_move is not None
    not_held = [card for card in ALL_CARDS if card not in game.hands[game.to_move]]
    base["actions"][index] = data.draw(st.sampled_from(not_held)).code
    error = refusal(json.dumps(base))
    assert error.field == f"actions[{index}]"
    assert "does not hold" in error.reason


def test_the_first_illegal_action_is_the_one_named() -> None:
    error = refusal(edited(lambda data: data["actions"].__setitem__(slice(40, 42), ["swap", "declare"])))
    assert error.field == "actions[40]"


def test_malformed_fields_are_found_before_anything_is_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    applied: list[Action] = []
    original = Game.apply

    def counting(self: Game, action: Action, seat: int | None = None) -> list[Event]:
        applied.append(action)
        return original(self, action, seat)

    monkeypatch.setattr(Game, "apply", counting)

    def change(data: dict[str, Any]) -> None:
        data["actions"][4] = "AD" if data["actions"][4] != "AD" else "AC"  # probably illegal, but never replayed
        data["actions"][60] = "XX"  # malformed
        data["result"]["hands_played"] = "3"

    assert refusal(edited(change)).field == "actions[60]"
    assert applied == []
    load_record(finished_record(BASE))
    assert len(applied) == 123


# ------------------------------------------------------------------------------------------------- corrupt JSON text


def test_truncated_json_is_refused_with_line_and_column() -> None:
    text = finished_record(BASE)
    error = refusal(text[: len(text) // 2])
    assert error.field == "record"
    assert re.search(r"line \d+, column \d+", error.reason)


@pytest.mark.parametrize("text", ["", "   ", "{", "not json", '{"format": "briscola-record",}', "nul"])
def test_text_that_is_not_json_is_refused(text: str) -> None:
    assert refusal(text).field == "record"


@pytest.mark.parametrize("text", ["[]", "null", "7", '"briscola-record"', "true"])
def test_json_that_is_not_an_object_is_refused(text: str) -> None:
    error = refusal(text)
    assert error.field == "record"
    assert "object" in error.reason


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize(("old", "field"), [('"seed": 21', "seed"), ('"level": null', "seats[0].level")])
def test_nan_and_infinity_are_refused_where_they_are(constant: str, old: str, field: str) -> None:
    text = finished_record(BASE)
    assert old in text
    error = refusal(text.replace(old, old.split(":")[0] + ": " + constant, 1))
    assert error.field == field
    assert constant in error.reason


def test_an_overflowing_number_is_not_a_seed() -> None:
    assert refusal(finished_record(BASE).replace(f'"seed": {BASE_SEED}', '"seed": 1e400')).field == "seed"


def test_a_number_too_long_to_read_is_refused() -> None:
    assert refusal(finished_record(BASE).replace(f'"seed": {BASE_SEED}', '"seed": ' + "7" * 5000)).field == "record"


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('"seed": 21,', '"seed": 21, "seed": 8,', "seed"),
        ('"name": "Anna",', '"name": "Anna", "name": "Ben",', "seats[0].name"),
        ('"players": 2,', '"players": 2, "players": 2,', "rules.players"),
    ],
)
def test_a_key_written_twice_is_refused(old: str, new: str, field: str) -> None:
    text = finished_record(BASE)
    assert old in text
    error = refusal(text.replace(old, new, 1))
    assert error.field == field
    assert "twice" in error.reason


def test_a_newer_version_is_refused_before_its_fields_are_read() -> None:
    def newer(data: dict[str, Any]) -> None:
        data["version"] = RECORD_VERSION + 1
        data["hand_history"] = []  # a field only the newer format knows

    error = refusal(edited(newer))
    assert error.field == "version"
    assert "newer" in error.reason


def test_a_huge_input_is_refused_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("an oversize record was parsed")

    text = finished_record(BASE)
    huge = text + " " * (MAX_RECORD_BYTES - len(text.encode()) + 1)
    monkeypatch.setattr(json, "loads", never)
    for data in (huge, huge.encode()):
        error = refusal(data)
        assert error.field == "record"
        assert "refused unread" in error.reason
    # Characters outside ASCII count by their UTF-8 bytes.
    wide = text + "é" * (MAX_RECORD_BYTES // 2)
    assert len(wide) < MAX_RECORD_BYTES < len(wide.encode())
    assert refusal(wide).field == "record"


def test_an_input_of_exactly_the_limit_loads() -> None:
    text = finished_record(BASE)
    padded = text + " " * (MAX_RECORD_BYTES - len(text.encode()))
    assert len(padded.encode()) == MAX_RECORD_BYTES
    assert load_record(padded) == load_record(text)


def test_deep_nesting_is_refused() -> None:
    assert refusal("[" * 100_000 + "]" * 100_000).field == "record"
    text = finished_record(BASE)
    # Deeper than the parser goes: refused as a whole. Shallower: parsed, then refused where it is.
    assert refusal(text.replace('"level": null', '"level": ' + "[" * 5000 + "]" * 5000, 1)).field == "record"
    assert refusal(text.replace('"level": null', '"level": ' + "[" * 500 + "]" * 500, 1)).field == "seats[0].level"


def test_bytes_that_are_not_utf8_are_refused() -> None:
    error = refusal(b'{"format": "briscola-record", "seats": "\xff"}')
    assert error.field == "record"
    assert "UTF-8" in error.reason


def test_a_lone_surrogate_in_a_name_is_refused() -> None:
    assert refusal(finished_record(BASE).replace('"Anna"', '"An\\ud800na"')).field == "seats[0].name"


def test_something_that_is_not_text_is_refused() -> None:
    error = refusal(12345)  # type: ignore[arg-type]
    assert error.field == "record"


# ------------------------------------------------------------------------------------------------- fuzzing the record

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
ACTION_TEXTS = st.sampled_from(
    [card.code for card in ALL_CARDS]
    + ["deal", "swap", "declare", "pass", "signal", "ask", "bid:K", "bid:5", "bid:3", "bid:72", "bid:130"]
    + ["call:AD", "call:2C", "trump:S", "meld:H"]
) | st.text(max_size=8)
OPTION_VALUES = st.one_of(
    st.booleans(),
    st.integers(-2, 130),
    st.sampled_from(["turned", "hidden", "none", "called", "auction", "seven", "two", "both", "off", "secret"]),
    st.sampled_from(["aloud", "replay", "carry", "lot", "cut", "italian", "spanish", "french"]),
)
FUZZ_BASES = ["classic", "chiamata", "subastada", "scambio", "four-signals", "to31", "five-sitout"]


def _containers(value: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) pair in the data, for picking a place to edit."""
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((value, key))
            _containers(item, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.append((value, index))
            _containers(item, out)
    return out


@settings(max_examples=400)
@given(data=st.data(), name=st.sampled_from(FUZZ_BASES))
def test_a_mutated_record_loads_consistently_or_raises_record_error(data: st.DataObject, name: str) -> None:
    text = finished_record(name)
    record_data = json.loads(text)
    actions: list[Any] = record_data["actions"]
    edit = data.draw(
        st.sampled_from(
            [
                *("drop action", "change action", "insert action", "swap actions", "cut actions", "change value"),
                *("delete key", "change option", "cut text", "change character"),
            ]
        )
    )
    if edit == "drop action":
        del actions[data.draw(st.integers(0, len(actions) - 1))]
    elif edit == "change action":
        actions[data.draw(st.integers(0, len(actions) - 1))] = data.draw(ACTION_TEXTS)
    elif edit == "insert action":
        actions.insert(data.draw(st.integers(0, len(actions))), data.draw(ACTION_TEXTS))
    elif edit == "swap actions":
        i, j = data.draw(st.integers(0, len(actions) - 1)), data.draw(st.integers(0, len(actions) - 1))
        actions[i], actions[j] = actions[j], actions[i]
    elif edit == "cut actions":
        del actions[data.draw(st.integers(0, len(actions))) :]
        if data.draw(st.booleans()):
            record_data["result"]["winners"] = None  # as an honest autosave would say
    elif edit == "change option":
        record_data["rules"][data.draw(st.sampled_from(list(record_data["rules"])))] = data.draw(OPTION_VALUES)
    elif edit in ("change value", "delete key"):
        container, key = data.draw(st.sampled_from(_containers(record_data, [])))
        if edit == "change value":
            container[key] = data.draw(JSON_VALUES)
        else:
            del container[key]
    mutated = json.dumps(record_data)
    if edit == "cut text":
        mutated = text[: data.draw(st.integers(0, len(text)))]
    elif edit == "change character":
        at = data.draw(st.integers(0, len(text) - 1))
        mutated = text[:at] + data.draw(st.characters()) + text[at + 1 :]

    try:
        record, game = load_game(mutated)
    except RecordError as error:
        assert error.field
        assert str(error) == f"{error.field}: {error.reason}"
        return
    assert RecordResult.of_game(game) == record.result
    assert game.actions == list(record.actions)
    assert load_record(record.to_json()) == record
    assert state(replay(record)) == state(game)


# ---------------------------------------------------------------------------------------------------------- forfeits


@pytest.mark.parametrize(("name", "leavers"), [("classic", (1,)), ("four", (2, 0)), ("chiamata", (3,))])
def test_a_forfeited_match_replays_from_its_record_to_the_same_state(name: str, leavers: tuple[int, ...]) -> None:
    game = Game(PRESETS[name], 8)
    rng = random.Random(8)
    play_random(game, rng, limit=9)
    game.forfeit(leavers)
    assert str(game.actions[-1]) == "forfeit:" + ",".join(map(str, sorted(leavers)))
    play_random(game, rng, limit=7)  # the match goes on after the forfeited hand
    record = record_from_game(game, seats_for(game.players), created=CREATED)
    loaded, replayed = load_game(record.to_json())
    assert loaded == record
    assert state(replayed) == state(game)


def test_a_record_of_version_1_still_loads_and_replays() -> None:
    data = json.loads(finished_record(BASE))
    data["version"] = 1
    record, game = load_game(json.dumps(data))
    assert record.version == 1
    assert record.to_dict()["version"] == RECORD_VERSION, "rewritten, it is written in the current version"
    assert state(game) == state(replay(load_record(finished_record(BASE))))


def test_a_forfeit_in_a_version_1_record_is_refused() -> None:
    game = Game(PRESETS[BASE], 8)
    play_random(game, random.Random(8), limit=5)
    game.forfeit((0,))
    data = record_from_game(game, seats_for(2), created=CREATED).to_dict()
    data["version"] = 1
    error = refusal(json.dumps(data))
    assert error.field == f"actions[{len(game.actions) - 1}]" and "version 2" in error.reason


def test_a_forfeit_is_the_referees_so_no_seat_may_push_it_and_it_is_never_legal() -> None:
    game = Game(PRESETS[BASE], 8)
    game.apply(Deal())
    seat = game.to_move
    assert seat is not None
    before = state(game)
    with pytest.raises(NotYourTurnError):
        game.apply(Forfeit((seat,)), seat=seat)
    assert state(game) == before
    assert not any(isinstance(action, Forfeit) for action in game.legal_actions())


@pytest.mark.parametrize("text", ["forfeit:", "forfeit:x", "forfeit:1,", "forfeit:-1", "forfeit:123"])
def test_a_malformed_forfeit_is_not_an_action(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)


def test_a_forfeit_has_one_spelling() -> None:
    assert str(parse_action("forfeit:2,0,2")) == "forfeit:0,2"
    data = json.loads(finished_record(BASE))
    data["actions"].append("forfeit:1,0")
    assert "must be written 'forfeit:0,1'" in refusal(json.dumps(data)).reason
