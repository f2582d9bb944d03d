"""The score sheets: the list (from the title and with --sheet), the new sheet's form, and the sheet itself, filled in
from the keyboard (typed text, Enter, Up/Down, Delete, undo); a click selects a deal, a refused sum stays typed with
its reason, and Ctrl+E exports CSV and PNG. What a sheet scores is the sheet's (tests/sheet); here, that the keys
reach it, that the form makes the sheet it shows, and that the history keeps it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from briscola.sheet.keeping import new_sheet, reopen_sheet
from briscola.sheet.model import DealEntry, SheetRules
from briscola.store.history import History
from briscola.ui.app import App
from briscola.ui.launcher import build_title, open_history
from briscola.ui.menus.confirm import ConfirmScene
from briscola.ui.menus.sheets.sheet import SheetScene
from briscola.ui.menus.sheets.sheet_list import SheetListScene
from briscola.ui.menus.sheets.sheet_setup import SheetSetupScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.options import Options, parse_options
from tests.ui.helpers import FRAME, key

TWO = SheetRules(("Player 1", "Player 2"))


def make_app(*flags: str) -> App:
    options = parse_options(["--speed", "instant", "--mute", "--inline-ai", *flags])
    assert isinstance(options, Options)
    open_history(options)  # as the game does at startup: the history of the data folder (a temporary one here)
    app = build_title(options)
    app.step(FRAME)
    return app


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(FRAME)


def press(app: App, code: int, mod: int = 0) -> None:
    if mod:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    else:
        key(code)
    app.step(FRAME)


def focus(app: App, row_key: str) -> None:
    scene = app.scenes[-1]
    assert isinstance(scene, (TitleScene, SheetListScene, SheetSetupScene))
    scene.focus = [row.key for row in scene.rows].index(row_key)


def open_new_sheet(app: App) -> SheetScene:
    """From the list: New sheet, then the form's defaults (two players) started."""
    focus(app, "new")
    press(app, pygame.K_RETURN)
    focus(app, "start")
    press(app, pygame.K_RETURN)
    scene = app.scenes[-1]
    assert isinstance(scene, SheetScene)
    return scene


def test_the_title_offers_the_score_sheets() -> None:
    app = make_app()
    title = app.scenes[-1]
    assert isinstance(title, TitleScene)
    focus(app, "sheet")
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes[-1], SheetListScene)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.index(title) == len(app.scenes) - 1  # back on the title


def test_the_form_starts_the_sheet_it_shows_and_the_list_reopens_it() -> None:
    app = make_app("--sheet")
    assert isinstance(app.scenes[-1], SheetListScene)
    focus(app, "new")
    press(app, pygame.K_RETURN)
    form = app.scenes[-1]
    assert isinstance(form, SheetSetupScene)
    focus(app, "players")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # four players: two pairs
    for index, name in enumerate(("Anna", "Bo", "Carla", "Dino")):
        focus(app, f"name:{index}")
        type_text(app, name)
    focus(app, "match")
    press(app, pygame.K_LEFT)  # best of three -> a free-running total
    focus(app, "start")
    press(app, pygame.K_RETURN)
    scene = app.scenes[-1]
    assert isinstance(scene, SheetScene) and not any(isinstance(s, SheetSetupScene) for s in app.scenes)
    rules = scene.kept.editor.rules
    assert rules.names == ("Anna", "Bo", "Carla", "Dino") and rules.deals_to_win is None
    assert rules.columns == ("Anna & Carla", "Bo & Dino") and scene.kept.title == "Anna, Bo, Carla, Dino"
    type_text(app, "70")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)
    listed = app.scenes[-1]
    assert isinstance(listed, SheetListScene)
    app.step(FRAME)  # read again now that it is on top
    assert [item.label for item in listed.listed] == ["Anna, Bo, Carla, Dino · 1 deal"]
    assert "Being filled in." in listed.listed[0].about
    focus(app, f"sheet:{scene.kept.id}")
    press(app, pygame.K_RETURN)
    again = app.scenes[-1]
    assert isinstance(again, SheetScene) and again.kept.id == scene.kept.id
    assert list(again.kept.editor.entries) == [DealEntry((70, 50))]


def test_the_form_refuses_what_the_sheet_would_and_starts_nothing() -> None:
    app = make_app("--sheet")
    focus(app, "new")
    press(app, pygame.K_RETURN)
    form = app.scenes[-1]
    assert isinstance(form, SheetSetupScene)
    for index in range(2):
        focus(app, f"name:{index}")
        type_text(app, "Anna")
    focus(app, "start")
    press(app, pygame.K_RETURN)
    assert app.scenes[-1] is form and form.refusal == "Two players have the same name."


def test_five_players_choose_chiamata_or_one_sitting_out() -> None:
    app = make_app("--sheet")
    focus(app, "new")
    press(app, pygame.K_RETURN)
    form = app.scenes[-1]
    assert isinstance(form, SheetSetupScene)
    keys = [row.key for row in form.rows]
    assert "five" not in keys and "deals" not in keys and "match" in keys
    focus(app, "players")
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    keys = [row.key for row in form.rows]
    assert "five" in keys and "deals" in keys and "alone" in keys and "match" not in keys
    assert form.rules().chiamata
    focus(app, "five")
    press(app, pygame.K_RIGHT)
    keys = [row.key for row in form.rows]
    assert "deals" not in keys and "match" in keys and "wins_only" in keys
    rules = form.rules()
    assert rules.sit_out and not rules.chiamata and len(rules.columns) == 5


def test_a_kept_sheet_is_deleted_only_once_confirmed() -> None:
    history, _ = History.open(None)
    assert history is not None
    kept = new_sheet(history, TWO, "Gone soon")
    history.close()
    app = make_app("--sheet")
    listed = app.scenes[-1]
    assert isinstance(listed, SheetListScene) and [item.id for item in listed.listed] == [kept.id]
    focus(app, f"sheet:{kept.id}")
    press(app, pygame.K_DELETE)
    assert isinstance(app.scenes[-1], ConfirmScene)
    press(app, pygame.K_RETURN)  # Cancel is focused
    app.step(FRAME)
    assert [item.id for item in listed.listed] == [kept.id]
    press(app, pygame.K_DELETE)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    app.step(FRAME)
    assert listed.listed == []
    assert app.scenes.index(listed) == len(app.scenes) - 1  # the question is gone


def test_deals_typed_refused_corrected_deleted_and_undone_are_kept(tmp_path: Path) -> None:
    app = make_app("--sheet")
    scene = open_new_sheet(app)
    assert scene.kept.id is not None
    editor = scene.kept.editor
    type_text(app, "70")
    press(app, pygame.K_RETURN)
    type_text(app, "60 60")
    press(app, pygame.K_RETURN)
    assert list(editor.entries) == [DealEntry((70, 50)), DealEntry((60, 60))]
    type_text(app, "70 40")
    press(app, pygame.K_RETURN)
    assert "110" in scene.reason and scene.typed == "70 40" and len(editor.entries) == 2
    for _ in range(5):
        press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert scene.selected == 0
    type_text(app, "50")
    press(app, pygame.K_RETURN)  # deal 1 corrected: everything after it is scored again
    assert editor.entries[0] == DealEntry((50, 70)) and editor.tally.totals == (0, 1)
    press(app, pygame.K_UP)
    press(app, pygame.K_DELETE)
    assert list(editor.entries) == [DealEntry((50, 70))]
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(editor.entries) == 2
    writer = app.history_writer()
    assert writer is not None and writer.flush(5)
    history, _ = History.open(None)
    assert history is not None
    assert reopen_sheet(history, scene.kept.id).editor.entries == editor.entries
    # A click on deal 2's row selects it.
    table = scene.table_rect()
    y = table.y + 2 * scene.step + scene.step // 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(table.centerx, y), button=1))
    app.step(FRAME)
    assert scene.selected == 1


def test_export_writes_csv_and_png(tmp_path: Path) -> None:
    app = make_app()
    kept = new_sheet(None, SheetRules(("Anna", "Bo")))
    kept.editor.add(DealEntry((70, 50)))
    scene = SheetScene(app, kept, tmp_path)
    app.push(scene)
    press(app, pygame.K_e, pygame.KMOD_CTRL)
    assert (tmp_path / "sheet-new.csv").read_text().splitlines()[2] == "1,70 - 50,1,0,1,0"
    assert pygame.image.load(str(tmp_path / "sheet-new.png")).get_size() == scene.size
    assert "sheet-new" in scene.note


def test_a_sheet_without_a_history_is_scored_and_says_it_is_not_kept(tmp_path: Path) -> None:
    app = make_app()
    scene = SheetScene(app, new_sheet(None, TWO), tmp_path)
    app.push(scene)
    type_text(app, "61")
    press(app, pygame.K_RETURN)
    assert scene.kept.editor.tally.totals == (1, 0)
    assert "not kept" in scene.trouble


def test_a_decided_match_says_so_under_the_entry_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    kept = new_sheet(None, TWO)
    for points in ((70, 50), (80, 40)):
        kept.editor.add(DealEntry(points))
    scene = SheetScene(app, kept, tmp_path)
    scene.trouble = ""
    app.push(scene)
    shown: list[str] = []

    def draw_text(_surface: pygame.Surface, text: str, *_args: object, **_kwargs: object) -> pygame.Rect:
        shown.append(text)
        return pygame.Rect(0, 0, 10, 10)

    monkeypatch.setattr("briscola.ui.menus.sheets.sheet.draw_text", draw_text)
    scene.draw(pygame.Surface(scene.size))
    assert any(text.startswith("The match is decided: Up/Down to correct a deal") for text in shown)
    scene.typed = "70"
    scene.enter()  # refused: the sheet takes no deal after the end, and says so
    assert scene.reason.startswith("The match is over") and len(kept.editor.entries) == 2
    assert "Won by Player 1." in shown


def test_the_buttons_do_what_the_keys_do(tmp_path: Path) -> None:
    app = make_app()
    kept = new_sheet(None, TWO)
    scene = SheetScene(app, kept, tmp_path)
    app.push(scene)

    def entries() -> list[DealEntry | object]:
        return list(kept.editor.entries)

    def click(value: str) -> None:
        button = next(button for button in scene.buttons if button.value == value)
        assert button.enabled, value
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
        app.step(FRAME)

    assert not next(button for button in scene.buttons if button.value == "undo").enabled
    type_text(app, "70")
    click("enter")
    assert entries() == [DealEntry((70, 50))]
    click("undo")
    assert entries() == []
    click("redo")
    assert entries() == [DealEntry((70, 50))]
    scene.selected = 0
    app.step(FRAME)
    click("delete")
    assert entries() == []
    click("export")
    assert (tmp_path / "sheet-new.csv").exists()
    click("back")
    assert scene not in app.scenes
