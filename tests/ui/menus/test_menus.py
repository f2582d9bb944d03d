"""The menu scenes driven by synthetic keys and clicks through ``app.step``: title, new game, settings, rules,
and the autosave behind "continue"."""

from __future__ import annotations

import random

import pygame
import pytest

from briscola.engine import PRESETS
from briscola.store import SettingsStore, autosave
from briscola.store import paths as store_paths
from briscola.ui.app import App
from briscola.ui.launcher import build_title
from briscola.ui.menus.rules import RulesBookScene
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.menus.setup.new_game import PLAYER_COUNTS, NewGameScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.options import Options, parse_options
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, click, key, step_until


def make_title(*flags: str) -> App:
    """An app on the title scene (instant animations, in-process AI, level-1 computers, no pause)."""
    options = parse_options(["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", *flags])
    assert isinstance(options, Options) and options.menus
    assert options.store is not None
    options.store.change({"game.level": "principiante"})
    app = build_title(options)
    app.step(FRAME)
    return app


def press(app: App, *codes: int) -> None:
    """Press each key in turn, one frame each."""
    for code in codes:
        key(code)
        app.step(FRAME)


def test_no_game_option_opens_the_title_and_game_options_go_to_the_table() -> None:
    app = make_title()
    assert isinstance(app.top, TitleScene)
    assert [row.key for row in app.top.rows] == [
        "play",
        "new",
        "settings",
        "rules",
        "stats",
        "school",
        "sheet",
        "profile",
        "quit",
    ]
    for flags in (["--players", "2"], ["--variant", "four"], ["--demo", "1"]):
        options = parse_options(flags)
        assert isinstance(options, Options) and not options.menus
    app.close()


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_new_game_of_each_player_count_is_set_up_and_started_by_keys_alone(players: int) -> None:
    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_RETURN)  # "Play" has the focus, "New game" is next
    scene = app.top
    assert isinstance(scene, NewGameScene)
    press(app, *[pygame.K_RIGHT] * PLAYER_COUNTS.index(players))  # the players row has the focus
    assert scene.players == players and len(scene.seats) == players
    press(app, pygame.K_UP)  # wraps round to "Start"
    assert scene.rows[scene.focus].key == "start"
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.driver.rules.players == players and table.driver.human == 0
    rng = random.Random(1)

    def trick_taken() -> bool:
        autoplay_human(table, rng)
        return table.driver.game.tricks_played >= 1

    step_until(app, trick_taken)
    assert autosave.load()[0] is not None  # saved after the trick
    remembered = SettingsStore.load().settings.game
    assert remembered.players == players and len(remembered.seats) == players
    app.close()


def test_the_new_game_scene_remembers_the_last_choices() -> None:
    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RIGHT)  # four players
    scene = app.top
    assert isinstance(scene, NewGameScene)
    scene.set_option("must_follow_suit", True)
    scene.start()
    app.close()
    again = make_title()
    title = again.top
    assert isinstance(title, TitleScene) and title.rows[0].key == "continue"  # the match started is saved at once
    press(again, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)  # past Continue and Play to New game
    scene = again.top
    assert isinstance(scene, NewGameScene)
    assert scene.players == 4 and scene.preset == "four" and scene.options == {"must_follow_suit": True}
    again.close()


def test_an_option_the_engine_refuses_is_not_offered_and_if_asked_for_is_named_and_not_taken() -> None:
    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RIGHT)  # four players: no open hands
    scene = app.top
    assert isinstance(scene, NewGameScene)
    scene.toggle_more(True)
    assert "open_hands" not in [row.key for row in scene.rows]
    scene.set_option("open_hands", True)
    assert "open_hands" not in scene.options and "open hands" in scene.notice
    app.close()


def test_the_seed_is_typed_and_gives_the_same_deal() -> None:
    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    scene.toggle_more(True)  # the seed is among the options "More options" shows
    scene.focus = [row.key for row in scene.rows].index("seed")
    for digit in "42":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit, scancode=0))
    app.step(FRAME)
    assert scene.seed == 42
    scene.start()
    table = app.top
    assert isinstance(table, TableScene) and table.driver.seed == 42
    app.close()


def test_settings_are_saved_at_once_and_applied() -> None:
    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    press(app, pygame.K_RIGHT)  # the deck row: the next deck
    assert SettingsStore.load().settings.display.deck == "piacentine"
    scene.focus = [row.key for row in scene.rows].index("sound.volume")
    press(app, pygame.K_LEFT)
    assert app.sounds.volume == pytest.approx(0.6)
    assert SettingsStore.load().settings.sound.volume == pytest.approx(0.6)
    scene.focus = [row.key for row in scene.rows].index("display.animation_speed")
    press(app, pygame.K_RIGHT)
    assert app.config.speed == "fast"  # the saved speed was normal (--speed instant is for this run only)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    app.close()


def test_the_title_works_with_the_mouse() -> None:
    app = make_title()
    title = app.top
    assert isinstance(title, TitleScene)
    click(title.row_rect([row.key for row in title.rows].index("settings")).center)
    app.step(FRAME)
    assert isinstance(app.top, SettingsScene)
    app.close()


def test_the_rules_scene_opens_for_every_preset() -> None:
    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, RulesBookScene)
    seen = []
    for _ in PRESETS:
        seen.append(scene.preset)
        press(app, pygame.K_DOWN, pygame.K_RIGHT)
    assert sorted(seen) == sorted(PRESETS)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    app.close()


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_continue_brings_back_the_same_position(seed: int) -> None:
    app = make_title()
    assert app.store is not None
    app.store.change({"game.seed": seed})
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    rng = random.Random(3)

    def three_tricks() -> bool:
        autoplay_human(table, rng)
        game = table.driver.game
        return game.tricks_played >= 3 and not game.view(0).trick  # just after a trick: what the save holds

    step_until(app, three_tricks)
    game = table.driver.game
    position = (game.tricks_played, [game.view(seat) for seat in range(game.rules.players)])
    app.close()

    again = make_title()
    title = again.top
    assert isinstance(title, TitleScene) and title.rows[0].key == "continue"
    press(again, pygame.K_RETURN)
    restored = again.top
    assert isinstance(restored, TableScene)
    step_until(again, lambda: not restored.restoring)
    game = restored.driver.game
    assert (game.tricks_played, [game.view(seat) for seat in range(game.rules.players)]) == position
    hand = sorted(sprite.card for sprite in restored.state.hands[0] if sprite.card is not None)
    assert hand == sorted(game.view(0).hand)
    assert restored.interactive or restored.driver.thinking_seat is not None or not restored.choreo.idle
    again.close()


def test_a_corrupt_save_is_moved_aside_with_a_notice() -> None:
    path = store_paths.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    app = make_title()
    title = app.top
    assert isinstance(title, TitleScene)
    assert "continue" not in [row.key for row in title.rows] and title.notices
    assert not path.exists() and list(path.parent.iterdir())
    app.close()


def test_the_pause_menu_leads_back_to_the_title_where_the_match_can_be_continued() -> None:
    from briscola.ui.overlays.pause import PauseScene

    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    rng = random.Random(5)

    def trick_taken() -> bool:
        autoplay_human(table, rng)
        return table.driver.game.tricks_played >= 1 and table.interactive

    step_until(app, trick_taken)
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    press(app, pygame.K_DOWN, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # rules of this match
    book = app.top
    assert isinstance(book, RulesBookScene) and book.rules == table.driver.rules
    press(app, pygame.K_ESCAPE, pygame.K_DOWN)
    assert pause.buttons[pause.focus].value == "settings"
    press(app, pygame.K_RETURN)  # the settings, over the match, and back
    settings: object = app.top
    assert isinstance(settings, SettingsScene)
    press(app, pygame.K_ESCAPE)
    back: object = app.top
    assert back is pause
    press(app, pygame.K_DOWN)
    assert pause.buttons[pause.focus].value == "stats"
    press(app, pygame.K_DOWN)
    assert pause.buttons[pause.focus].value == "menu"
    press(app, pygame.K_RETURN)
    title: object = app.top
    assert isinstance(title, TitleScene) and title.rows[0].key == "continue"
    app.close()


def test_a_choice_steps_back_and_forward_with_the_mouse() -> None:
    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    rect = scene.row_rect([row.key for row in scene.rows].index("players"))
    click((rect.right - 10, rect.centery))
    app.step(FRAME)
    assert scene.players == 3
    click((rect.x + rect.width * 0.6, rect.centery))
    app.step(FRAME)
    assert scene.players == 2
    app.close()


def test_a_language_chosen_in_the_settings_applies_at_once() -> None:
    from briscola.text.i18n import set_language

    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    scene.focus = [row.key for row in scene.rows].index("display.language")
    try:
        press(app, pygame.K_RIGHT)  # "" (system) -> it
        assert SettingsStore.load().settings.display.language == "it"
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        set_language(None)
    app.close()


def test_a_remembered_seat_the_scene_does_not_offer_is_replaced_with_a_notice() -> None:
    app = make_title()
    assert app.store is not None
    app.store.change({"game.seats": ["human", "greedy", "external:python3 bot.py"], "game.players": 3})
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    assert scene.seats == ["human", "medio", "external:python3 bot.py"] and "greedy" in scene.notice
    app.close()


def test_the_save_is_cleared_when_the_match_ends() -> None:
    from briscola.ui.overlays.results import HandResultScene, MatchSummaryScene

    app = make_title()
    assert app.store is not None
    app.store.change({"game.hands_to_win": 1, "game.seed": 4})
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene) and table.driver.rules.hands_to_win == 1
    rng = random.Random(2)
    seen_save = False

    def summary() -> bool:
        nonlocal seen_save
        seen_save = seen_save or store_paths.autosave_path().exists()
        autoplay_human(table, rng)
        if isinstance(app.top, HandResultScene):
            key(pygame.K_RETURN)
        return isinstance(app.top, MatchSummaryScene)

    step_until(app, summary)
    assert seen_save and not store_paths.autosave_path().exists()
    app.close()


def test_the_match_end_leads_back_to_the_main_menu() -> None:
    from briscola.ui.overlays.results import MatchSummaryScene

    app = make_title()
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    summary = MatchSummaryScene(app, table)
    app.push(summary)
    app.step(FRAME)
    assert [button.value for button in summary.buttons] == ["new", "menu", "quit"]
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    app.close()
