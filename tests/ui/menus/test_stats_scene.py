"""The statistics scene: opened from the title and the pause menu, headless, on an empty and a filled history; keys and
clicks change its filters, a match opens in the replay viewer, Esc goes back; what Campione has learned about the
player is shown across its foot, clear of the rest."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pytest

from briscola.arena.history_fill import fill_history
from briscola.engine import preset
from briscola.engine.record import GameRecord
from briscola.store.history import History
from briscola.text import i18n
from briscola.text.habits import habit_lines, learned_from, learned_heading, nothing_learned
from briscola.text.i18n import set_language
from briscola.ui.app import App
from briscola.ui.launcher import Launcher, start_match
from briscola.ui.menus.statistics.stats import FILTERS, StatsScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.overlays.pause import PauseScene
from tests.ai.helpers import learned_model
from tests.ui.helpers import FRAME, click, drawn, key
from tests.ui.menus.test_menus import make_title, press


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


#: The history rows of the matches the scene opened in the viewer (a review made there is kept under its row).
ROWS: list[int | None] = []


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[tuple[GameRecord, str]]:
    """Every replay the scene asks the navigator for (the viewer itself is another scene's business); the match's
    row it names is in :data:`ROWS`."""
    asked: list[tuple[GameRecord, str]] = []
    ROWS.clear()

    def open_replay(self: Launcher, record: GameRecord, *, title: str = "", history_id: int | None = None) -> None:
        asked.append((record, title))
        ROWS.append(history_id)

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
    assert ROWS[-1] == newest.id, "the viewer knows the match's row, so a review made there is kept for the trend"
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


# ---------------------------------------------------------------------------------------- what Campione learned


def _texts(monkeypatch: pytest.MonkeyPatch, app: App) -> list[tuple[str, pygame.Rect]]:
    with drawn(monkeypatch, "briscola.ui.menus.statistics.stats") as texts:
        app.draw()
    return texts


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1366, 768)])
def test_what_campione_learned_about_the_profile_playing_is_shown_clear_of_the_rest(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    app = make_title()
    app.resize(size)
    history = filled()
    model = learned_model("lowest")
    assert history.keep_opponent_model("profile", app.profile, model)
    history.keep_opponent_model("profile", "Someone else", learned_model("medio", hands=1))
    scene = open_stats(app, history)
    assert scene.learned is not None and scene.learned.hands == 4 and scene.message == ""
    texts = _texts(monkeypatch, app)
    words = [text for text, _rect in texts]
    assert learned_heading() in words and learned_from(4) in words
    said = [line for lines in scene.learned_lines(scene.panels()["learned"].w) for line in lines]
    habits = habit_lines(model)
    assert len(said) >= 2 and " ".join(habits).startswith(" ".join(said))  # whole sentences, weighed most first
    assert all(line in words for line in said)
    if size != (960, 600):
        assert " ".join(said) == " ".join(habits)  # all three where there is room
    panels = scene.panels()
    strip = panels["learned"]
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(strip) and strip.bottom < app.size[1] - app.size[1] // 32 - 8  # above the keys' line
    for name in ("rating", "tallies", "chart", "histogram", "recent"):
        assert not strip.colliderect(panels[name]), name
    for text, rect in texts:
        assert window.contains(rect), text
        if text in said or text in (learned_heading(), learned_from(4)):
            assert strip.contains(rect), text
    app.close()


def test_before_campione_has_learned_anything_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title()
    scene = open_stats(app, filled())
    assert scene.learned is not None and scene.learned.hands == 0
    words = [text for text, _rect in _texts(monkeypatch, app)]
    assert learned_heading() in words and nothing_learned() in words
    assert not any(text.startswith("Learned from") for text in words)
    app.close()


def test_no_strip_over_an_empty_or_absent_history(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_title()
    empty, _ = History.open(":memory:")
    assert empty is not None
    for history in (empty, None):
        scene = open_stats(app, history)
        assert not scene.shows_learned and scene.panels()["learned"].h == 0
        assert learned_heading() not in [text for text, _rect in _texts(monkeypatch, app)]
        press(app, pygame.K_ESCAPE)
    app.close()


def test_a_model_that_cant_be_read_is_said_and_shown_as_nothing_learned(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    app = make_title()
    path = tmp_path / "h.sqlite3"
    history, _ = History.open(path)
    assert history is not None
    start = datetime.now(UTC) - timedelta(days=3)
    fill_history(history, 2, human=None, start=start, spacing=timedelta(days=1))
    assert history.keep_opponent_model("profile", app.profile, learned_model("lowest", hands=1))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE opponent_models SET model = '{\"format\": 1'")
    scene = open_stats(app, history)
    assert scene.learned is not None and scene.learned.hands == 0
    assert "could not be read" in scene.message and app.profile in scene.message
    words = [text for text, _rect in _texts(monkeypatch, app)]
    assert scene.message in words and nothing_learned() in words
    app.close()
