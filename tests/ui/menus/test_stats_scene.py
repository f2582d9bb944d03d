"""The statistics scene: opened from the title and the pause menu, headless, on an empty and a filled history; keys and
clicks change its filters, a match opens in the replay viewer, Esc goes back."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pygame
import pytest

from briscola.arena.history_fill import fill_history
from briscola.engine import preset
from briscola.engine.record import GameRecord
from briscola.store.history import History
from briscola.text import i18n
from briscola.text.i18n import set_language
from briscola.ui.app import App
from briscola.ui.launcher import Launcher, start_match
from briscola.ui.menus.statistics.stats import FILTERS, StatsScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.overlays.pause import PauseScene
from tests.ui.helpers import FRAME, click, drawn, key
from tests.ui.menus.test_menus import make_title, press


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[tuple[GameRecord, str]]:
    """Every replay the scene asks the navigator for (the viewer itself is another scene's business)."""
    asked: list[tuple[GameRecord, str]] = []

    def open_replay(self: Launcher, record: GameRecord, *, title: str = "") -> None:
        asked.append((record, title))

    monkeypatch.setattr(Launcher, "open_replay", open_replay)
    return asked


def filled(matches: int = 12) -> History:
    """A history of ``matches`` matches of random moves (three classic for one four-player), a day apart, lately:
    half a day off the whole days, so no match sits on the edge of a period (the last seven days) as the test runs."""
    history, _ = History.open(":memory:")
    assert history is not None
    start = datetime.now(UTC) - timedelta(days=matches) + timedelta(hours=12)
    fill_history(history, matches, human=None, start=start, spacing=timedelta(days=1))
    return history


def open_stats(app: App, history: History | None) -> StatsScene:
    app.config.history = history
    app.navigator.open_stats()
    app.step(FRAME)
    scene = app.top
    assert isinstance(scene, StatsScene)
    return scene


def test_the_title_opens_it_and_esc_goes_back() -> None:
    app = make_title()
    title = app.top
    assert isinstance(title, TitleScene)
    title.focus = [row.key for row in title.rows].index("stats")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, StatsScene)
    press(app, pygame.K_ESCAPE)
    back: object = app.top
    assert back is title
    app.close()


def test_an_empty_history_is_explained_not_charted(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title()
    empty, _ = History.open(":memory:")
    scene = open_stats(app, empty)
    assert scene.board.empty
    with drawn(monkeypatch, "briscola.ui.menus.statistics.stats") as texts:
        app.draw()
    words = [text for text, _rect in texts]
    assert "No matches recorded yet" in words
    assert not any(text.startswith("‹") for text in words)  # no filters over nothing
    press(app, pygame.K_BACKSPACE)
    assert isinstance(app.top, TitleScene)
    scene = open_stats(app, None)
    with drawn(monkeypatch, "briscola.ui.menus.statistics.stats") as texts:
        app.draw()
    assert "The history is off for this run" in [text for text, _rect in texts]
    app.close()


def test_a_filled_history_is_shown_and_every_text_stays_in_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title()
    scene = open_stats(app, filled())
    assert scene.board.stats.overall.matches == 12
    assert len(scene.board.recent) == 12
    window = pygame.Rect((0, 0), app.size)
    for module in ("briscola.ui.menus.statistics.stats", "briscola.ui.menus.statistics.stats_draw"):
        with drawn(monkeypatch, module) as texts:
            app.draw()
        assert texts and all(window.contains(rect) for _text, rect in texts), module
    app.close()


def test_keys_change_the_filters_and_the_board_follows() -> None:
    app = make_title()
    scene = open_stats(app, filled())
    assert scene.query.period == "all" and scene.focus == 0
    press(app, pygame.K_RIGHT)  # the period: the last year
    assert scene.query.period == "year" and scene.board.stats.overall.matches == 12
    press(app, pygame.K_DOWN, pygame.K_RIGHT)  # the rules: the first preset played
    assert scene.query.preset == "classic"
    assert scene.board.stats.overall.matches == 9 and set(scene.board.stats.by_preset) == {"classic"}
    press(app, pygame.K_LEFT, pygame.K_LEFT)  # back past "all" to the last preset
    assert scene.query.preset == "four" and scene.board.stats.overall.matches == 3
    press(app, pygame.K_DOWN, pygame.K_RETURN)  # Enter steps the opponents on
    assert scene.query.opponents == scene.board.choices.opponents[0]
    app.close()


def test_clicks_change_the_filters(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title()
    history = filled()
    scene = open_stats(app, history)
    buttons = scene.buttons()
    click(buttons[FILTERS.index("preset")].rect.center)
    app.step(FRAME)
    assert scene.query.preset == "classic" and scene.focus == FILTERS.index("preset")
    at = buttons[FILTERS.index("period")].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=3))  # a right click steps back
    app.step(FRAME)
    assert scene.query.period == "week"
    week = scene.board.stats.overall.matches
    assert 0 < week < 9 and week == history.board(scene.query).stats.overall.matches  # classic, the last seven days
    app.close()


def test_a_match_opens_in_the_replay_viewer(replays: list[tuple[GameRecord, str]]) -> None:
    app = make_title()
    history = filled()
    scene = open_stats(app, history)
    newest = scene.board.recent[0]
    press(app, pygame.K_UP, pygame.K_RETURN)  # Up from the first filter: the last match listed... then back down
    assert len(replays) == 1
    scene.focus = len(FILTERS)
    press(app, pygame.K_RETURN)
    detail = history.match(newest.id)
    assert detail is not None
    assert replays[-1][0] == detail.record and "Four in partnerships" in replays[-1][1]
    click(scene.recent_rects()[1].center)
    app.step(FRAME)
    assert len(replays) == 3 and replays[-1][0].seed != detail.record.seed
    app.close()


def test_the_pause_menu_opens_it() -> None:
    app = make_title()
    table = start_match(app, preset("classic"), ("human", "principiante"), 5, "classic")
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert "stats" in [button.value for button in pause.buttons]
    pause.choose("stats")
    assert isinstance(app.top, StatsScene)
    press(app, pygame.K_ESCAPE)
    back: object = app.top
    assert back is pause and app.scenes[-2] is table
    app.close()


def test_the_practice_filter_and_the_mark_on_a_practice_match(monkeypatch: pytest.MonkeyPatch) -> None:
    history = filled()
    newest = history.matches(limit=1)[0].id
    history._conn.execute("UPDATE matches SET undo_used = 1 WHERE id = ?", (newest,))  # a move was taken back in it
    app = make_title()
    scene = open_stats(app, history)
    assert scene.board.stats.overall.matches == 12 and scene.filter_label("practice") == "With practice"
    with drawn(monkeypatch, "briscola.ui.menus.statistics.stats_draw") as texts:
        app.draw()
    marked = [text for text, _rect in texts if text.endswith(", practice")]
    assert len(marked) == 1
    click(scene.buttons()[FILTERS.index("practice")].rect.center)
    app.step(FRAME)
    assert scene.query.practice == "without" and scene.filter_label("practice") == "Without practice"
    assert scene.board.stats.overall.matches == 11 and newest not in [match.id for match in scene.board.recent]
    press(app, pygame.K_RIGHT)
    assert scene.query.practice == "only" and scene.board.stats.overall.matches == 1
    window = pygame.Rect((0, 0), app.size)
    with drawn(monkeypatch, "briscola.ui.menus.statistics.stats") as texts:
        app.draw()
    assert all(window.contains(rect) for _text, rect in texts)
    app.close()
