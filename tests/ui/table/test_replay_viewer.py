"""The replay viewer: the table fed by a recorded match, stepped forwards and backwards to the engine's own states."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from briscola.engine import Game, preset
from briscola.engine.events import CardPlayed
from briscola.engine.record import GameRecord, RecordResult
from briscola.match.replay_source import ReplayRefusedError, find_record
from briscola.store.history import History
from briscola.ui.app import App
from briscola.ui.launch import main
from briscola.ui.launcher import build_replay, build_title
from briscola.ui.menus.notices import NoticesScene
from briscola.ui.options import Options, parse_options
from briscola.ui.table.replay import ReplayScene
from tests.match.replay_records import played
from tests.ui.helpers import FRAME, click, key

ARGS = ["--mute", "--lang", "en", "--speed", "fast"]


def viewer(record: GameRecord, *flags: str) -> tuple[App, ReplayScene]:
    options = parse_options([*ARGS, *flags])
    assert isinstance(options, Options)
    return build_replay(options, record, title="test")


def settle(app: App, scene: ReplayScene) -> None:
    for _ in range(2000):
        if scene.choreo.idle:
            return
        app.step(FRAME)
    raise AssertionError("the table never came to rest")


def is_playing(scene: ReplayScene) -> bool:
    """Whether the autoplay runs (read through a call: each key may change it)."""
    return scene.playing


def engine_at(record: GameRecord, position: int) -> Game:
    game = Game(record.rules, record.seed)
    for action in record.actions[:position]:
        game.apply(action)
    return game


def assert_table_is(scene: ReplayScene, game: Game) -> None:
    """The table shows the engine's state: the viewed seat's view, or with every hand open each hand's cards."""
    seat = scene.driver.viewer
    view = game.view(seat)
    shown = scene.state.snapshot()
    assert shown.hand == view.hand
    assert shown.trick == tuple(card for _, card in view.trick)
    assert shown.talon_size == view.talon_size
    assert shown.hand_sizes == view.hand_sizes
    assert shown.briscola == (view.briscola if view.briscola_in_talon else None)
    for other in range(game.rules.players):
        cards = {sprite.card for sprite in scene.state.hands[other]}
        if scene.seat is None:
            assert cards == set(game.hands[other])
        elif other != seat:
            assert cards - {None} <= set(view.known_cards[other])


@pytest.mark.parametrize("name", ["classic", "four", "chiamata"])
def test_the_viewer_steps_forwards_and_backwards_to_the_engines_states(name: str) -> None:
    record = played(name, 5, hands=2)
    app, scene = viewer(record)
    scene.go_to(0)
    for position in range(1, scene.replay.total + 1):
        key(pygame.K_RIGHT)
        app.step(FRAME)
        settle(app, scene)
        assert scene.replay.position == position
        assert_table_is(scene, engine_at(record, position))
    for position in range(scene.replay.total - 1, -1, -1):
        key(pygame.K_LEFT)
        app.step(FRAME)
        assert scene.choreo.idle  # a step back sets the table at once
        assert_table_is(scene, engine_at(record, position))


def test_a_seats_view_shows_only_what_it_saw() -> None:
    record = played("four", 3, hands=1)
    app, scene = viewer(record)
    scene.go_to(20)
    hidden_before = sum(sprite.card is None for hand in scene.state.hands for sprite in hand)
    assert hidden_before == 0  # every hand open
    for seat in range(4):
        key(pygame.K_v)
        app.step(FRAME)
        assert scene.seat == seat and scene.driver.viewer == seat and scene.layout.bottom == seat
        assert_table_is(scene, engine_at(record, 20))
        others = [sprite for other in range(4) if other != seat for sprite in scene.state.hands[other]]
        assert others and all(sprite.card is None for sprite in others)
    key(pygame.K_v)
    app.step(FRAME)
    assert scene.seat is None


def test_jumps_by_trick_hand_home_and_end() -> None:
    record = played("classic", 11, rules=replace(preset("classic"), hands_to_win=3))
    app, scene = viewer(record)
    replay = scene.replay
    assert replay.position == 1  # opened with the first hand dealt
    key(pygame.K_PAGEDOWN)
    app.step(FRAME)
    assert replay.position == replay.trick_starts[1]
    key(pygame.K_PAGEUP)
    app.step(FRAME)
    assert replay.position == replay.trick_starts[0]
    key(pygame.K_h)
    app.step(FRAME)
    assert replay.position == replay.hand_starts[1]
    assert_table_is(scene, engine_at(record, replay.position))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=pygame.KMOD_SHIFT, unicode="H"))
    app.step(FRAME)
    assert replay.position == replay.hand_starts[0]
    key(pygame.K_END)
    app.step(FRAME)
    assert replay.position == replay.total and replay.place().hand_over
    assert_table_is(scene, engine_at(record, replay.total))
    key(pygame.K_HOME)
    app.step(FRAME)
    assert replay.position == 0 and not any(scene.state.hands)


def test_autoplay_steps_on_by_itself_faster_with_plus() -> None:
    record = played("classic", 7, hands=1)
    app, scene = viewer(record)
    key(pygame.K_a)
    app.step(FRAME)
    assert is_playing(scene)
    for _ in range(600):
        app.step(FRAME)
    normal = scene.replay.position
    assert normal > 3
    key(pygame.K_PLUS)
    key(pygame.K_PLUS)
    app.step(FRAME)
    assert scene.rate == 4.0
    start = scene.replay.position
    for _ in range(600):
        app.step(FRAME)
    assert scene.replay.position - start > normal - 1
    key(pygame.K_a)
    app.step(FRAME)
    stopped = scene.replay.position
    for _ in range(120):
        app.step(FRAME)
    assert not is_playing(scene) and scene.replay.position == stopped
    key(pygame.K_END)
    key(pygame.K_a)
    app.step(FRAME)
    assert not is_playing(scene)  # nothing left to play


def test_the_bar_buttons_work_with_the_mouse_and_say_what_they_do() -> None:
    record = played("classic", 7, hands=1)
    app, scene = viewer(record)
    forward = next(button for button in scene.bar.buttons if button.value == "forward")
    click(forward.rect.center)
    app.step(FRAME)
    assert scene.replay.position == 2
    assert any(isinstance(event, CardPlayed) for event in scene.replay.moves[1].events)
    assert scene.bar.second == "One move on (Right, Space)"
    assert scene.bar.place == "Hand 1 of 1 · trick 1 of 20 · move 2 of 41"
    view = next(button for button in scene.bar.buttons if button.value == "view")
    click(view.rect.center)
    app.step(FRAME)
    assert scene.seat == 0
    assert next(button for button in scene.bar.buttons if button.value == "view").label == "Anna sees"


def test_escape_goes_back_to_the_scene_it_was_opened_from() -> None:
    options = parse_options(ARGS)
    assert isinstance(options, Options)
    app = build_title(options)
    below = app.scenes[-1]
    app.navigator.open_replay(played("classic", 7, hands=1), title="x")
    assert isinstance(app.scenes[-1], ReplayScene)
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert app.scenes[-1] is below and app.running
    alone, _viewer = viewer(played("classic", 7, hands=1))
    key(pygame.K_ESCAPE)
    assert not alone.step(FRAME)  # opened from the command line: the window closes


def test_a_corrupt_record_is_refused_with_the_reason_and_nothing_shown() -> None:
    options = parse_options(ARGS)
    assert isinstance(options, Options)
    app = build_title(options)
    record = played("classic", 7, hands=1)
    app.navigator.open_replay(replace(record, result=RecordResult((5, 0), None, 1)), title="Match 3")
    assert not any(isinstance(scene, ReplayScene) for scene in app.scenes)
    notices = app.scenes[-1]
    assert isinstance(notices, NoticesScene)
    (problem,) = notices.problems()
    assert problem.message().startswith("Match 3: can't be replayed: result.match_scores: the record says [5, 0]")


def test_replay_from_the_command_line_files_exports_and_history(tmp_path: Path) -> None:
    record = played("classic", 7, hands=1)
    file = tmp_path / "match.json"
    file.write_text(record.to_json(), encoding="utf-8")
    assert find_record(str(file)) == (record, "match.json")
    other = played("four", 3, hands=1)
    export = tmp_path / "mine.jsonl"
    lines = [{"format": "briscola-history-match", "version": 1, "record": r.to_dict()} for r in (record, other)]
    export.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert find_record(str(export))[0] == record
    assert find_record(f"{export}#2") == (other, "mine.jsonl #2")
    with pytest.raises(ReplayRefusedError, match="has 2 matches; there is no match 3"):
        find_record(f"{export}#3")
    path = tmp_path / "history.sqlite3"
    history, _ = History.open(path)
    assert history is not None
    whole = played("classic", 7)
    match_id = history.begin_match(whole, preset="classic", profile="Anna", human_seat=0)
    assert history.end_match(match_id, whole)
    record = whole
    history.close()
    found, title = find_record(str(match_id), path)
    assert found == record and title.startswith(f"match {match_id} · Classic briscola · ")
    with pytest.raises(ReplayRefusedError, match=f"there is no match 99 in {path}"):
        find_record("99", path)


def test_replay_errors_on_the_command_line_exit_2_before_any_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_window(*args: object, **kwargs: object) -> None:
        raise AssertionError("a window was opened for a refused replay")

    monkeypatch.setattr("briscola.ui.launcher.build_replay", no_window)
    corrupt = tmp_path / "bad.json"
    record = played("classic", 7, hands=1)
    text = record.to_json().replace('"seed": 7', '"seed": "7"')
    corrupt.write_text(text, encoding="utf-8")
    assert main(["--lang", "en", "--replay", str(corrupt)]) == 2
    assert "bad.json can't be replayed: seed: must be a whole number, not the text '7'" in capsys.readouterr().err
    assert main(["--lang", "en", "--replay", str(tmp_path / "none.json")]) == 2
    assert "none.json can't be read" in capsys.readouterr().err
    assert main(["--lang", "en", "--replay", "4", "--history", str(tmp_path / "no.sqlite3")]) == 2
    assert "match 4 can't be replayed: there is no history file" in capsys.readouterr().err


def test_a_resized_window_keeps_the_position_and_lays_the_table_out_again() -> None:
    record = played("four", 3, hands=1)
    app, scene = viewer(record)
    scene.go_to(17)
    app.resize((1366, 768))
    app.step(FRAME)
    assert scene.replay.position == 17
    assert scene.layout.width == 1366 and scene.layout.height == 768 - scene.bar.rect.h
    assert scene.bar.rect.bottom == 768
    assert_table_is(scene, engine_at(record, 17))
