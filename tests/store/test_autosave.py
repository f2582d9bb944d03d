"""The autosave: saved after every trick, "continue" restores exactly the same match at the same moment for every
kind of table, and a broken or unwritable save is moved aside or reported, never a crash."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.engine.events import TrickWon
from briscola.engine.game import Game
from briscola.engine.presets import PRESETS
from briscola.engine.record import load_record
from briscola.store import autosave
from briscola.store.autosave import MatchConfig

NOW = datetime(2026, 11, 30, 14, 30, 0)


def config_for(players: int, preset: str) -> MatchConfig:
    specs = ("human", "external:python3 bot.py --fast", *(["3", "esperto", "facile", "medio"][: players - 2]))
    names = ("Anna", *(f"Seat {seat}" for seat in range(1, players)))
    return MatchConfig(specs, names, preset)


def over(game: Game) -> bool:
    """Whether the match is over (a call, so a type checker doesn't keep its answer from the loop's test)."""
    return game.is_over


def state(game: Game) -> dict[str, object]:
    return dict(vars(game))


@pytest.mark.parametrize("preset", ["classic", "four", "chiamata", "subastada", "five-sitout", "scambio"])
def test_continue_restores_the_exact_position_after_every_trick(tmp_path: Path, preset: str) -> None:
    path = tmp_path / "data" / "autosave.json"
    rules = PRESETS[preset]
    game = Game(rules, seed=2026)
    config = config_for(rules.players, preset)
    rng = random.Random(preset)
    tricks = 0
    while not over(game) and tricks < 25:
        events = game.apply(rng.choice(game.legal_actions()))
        if not any(isinstance(event, TrickWon) for event in events):
            continue
        tricks += 1
        assert autosave.save(game, config, path, now=NOW) == []
        continued, problems = autosave.load(path)
        assert problems == []
        if over(game):
            assert continued is None
            break
        assert continued is not None
        assert state(continued.game) == state(game)
        assert all(continued.game.view(seat) == game.view(seat) for seat in range(game.players))
        assert continued.game.legal_actions() == game.legal_actions()
        canonical = tuple("medio" if spec == "3" else spec for spec in config.seats)  # levels saved by name
        assert continued.config == MatchConfig(canonical, config.names, preset)
    assert tricks > 3


def test_the_save_holds_a_plain_game_record(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    game = Game(PRESETS["classic"], seed=7)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    assert autosave.save(game, config_for(2, "classic"), path, now=NOW) == []
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == "briscola-autosave" and document["seats"][1] == "external:python3 bot.py --fast"
    record = load_record(json.dumps(document["record"]))
    assert record.created == NOW.astimezone().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert [seat.kind.value for seat in record.seats] == ["human", "external"]


def test_no_save_means_nothing_to_continue(tmp_path: Path) -> None:
    assert autosave.load(tmp_path / "autosave.json") == (None, [])
    assert autosave.clear(tmp_path / "autosave.json") == []


def test_clear_removes_the_save(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    game = Game(PRESETS["classic"], seed=7)
    game.apply(game.legal_actions()[0])
    autosave.save(game, config_for(2, "classic"), path)
    assert autosave.clear(path) == [] and not path.exists()


def saved_text(tmp_path: Path) -> str:
    path = tmp_path / "good.json"
    game = Game(PRESETS["four"], seed=11)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    autosave.save(game, config_for(4, "four"), path, now=NOW)
    return path.read_text(encoding="utf-8")


def edit(text: str, change: Any) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document)


CORRUPTIONS: dict[str, Callable[[str], str]] = {
    "truncated": lambda text: text[: len(text) // 2],
    "not utf-8": lambda text: "\udcff",
    "empty": lambda text: "",
    "a list": lambda text: "[]",
    "nested too deeply": lambda text: "[" * 100_000,
    "another format": lambda text: edit(text, lambda d: d.update(format="briscola-record")),
    "newer version": lambda text: edit(text, lambda d: d.update(version=2)),
    "unknown field": lambda text: edit(text, lambda d: d.update(extra=1)),
    "illegal action": lambda text: edit(text, lambda d: d["record"]["actions"].__setitem__(3, "AD")),
    "edited score": lambda text: edit(text, lambda d: d["record"]["result"].update(match_scores=[1, 0, 1, 0])),
    "too few seats": lambda text: edit(text, lambda d: d["seats"].pop()),
    "computer made a bot": lambda text: edit(text, lambda d: d["seats"].__setitem__(2, "external:evil")),
    "bad seat": lambda text: edit(text, lambda d: d["seats"].__setitem__(2, "nobody")),
    "preset not text": lambda text: edit(text, lambda d: d.update(preset=3)),
}


@pytest.mark.parametrize("name", CORRUPTIONS)
def test_a_corrupt_save_is_moved_aside_with_a_notice(tmp_path: Path, name: str) -> None:
    path = tmp_path / "autosave.json"
    text = CORRUPTIONS[name](saved_text(tmp_path))
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    continued, problems = autosave.load(path, now=NOW)
    assert continued is None
    aside = tmp_path / "autosave.json.corrupt-20261130-143000"
    assert len(problems) == 1 and problems[0].file == str(path) and str(aside) in problems[0].message()
    assert not path.exists() and aside.read_bytes() == text.encode("utf-8", "surrogateescape")


def test_a_second_corrupt_save_keeps_the_first(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    for text in ("{", "[", "!"):
        path.write_text(text, encoding="utf-8")
        autosave.load(path, now=NOW)
    assert sorted(p.read_text(encoding="utf-8") for p in tmp_path.iterdir()) == ["!", "[", "{"]


def test_an_unwritable_data_folder_is_a_notice_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be", encoding="utf-8")
    game = Game(PRESETS["classic"], seed=3)
    game.apply(game.legal_actions()[0])
    problems = autosave.save(game, config_for(2, "classic"), tmp_path / "data" / "autosave.json")
    assert len(problems) == 1 and "could not be saved" in problems[0].reason
    folder = tmp_path / "save-is-a-folder"
    (folder / "autosave.json").mkdir(parents=True)
    assert len(autosave.save(game, config_for(2, "classic"), folder / "autosave.json")) == 1
    continued, problems = autosave.load(folder / "autosave.json")
    assert continued is None and len(problems) == 1 and (folder / "autosave.json").is_dir()


def test_a_config_that_doesnt_fit_the_game_is_a_notice(tmp_path: Path) -> None:
    game = Game(PRESETS["classic"], seed=3)
    game.apply(game.legal_actions()[0])
    path = tmp_path / "autosave.json"
    assert len(autosave.save(game, config_for(4, "four"), path)) == 1
    assert len(autosave.save(game, MatchConfig(("human", "nobody"), ("A", "B"), "classic"), path)) == 1
    assert not path.exists()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=100)
@given(
    st.sampled_from(["format", "version", "seats", "preset", "record", "extra"]), json_values, st.binary(max_size=40)
)
def test_any_damage_at_all_is_a_notice_never_an_exception(tmp_path: Path, key: str, value: object, junk: bytes) -> None:
    path = tmp_path / "autosave.json"
    document = json.loads(saved_text(tmp_path))
    document[key] = value
    for data in (json.dumps(document).encode("utf-8"), junk):
        path.write_bytes(data)
        continued, problems = autosave.load(path, now=NOW)
        assert (continued is None) == (len(problems) == 1)
        assert path.exists() == (continued is not None)  # refused means moved aside
        for aside in tmp_path.glob("autosave.json.corrupt-*"):
            aside.unlink()
