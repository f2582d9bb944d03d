"""The score sheet scene: reached from the title and with --sheet, filled in from the keyboard (typed text, Enter,
Up/Down, Delete, undo), a click selects a deal, a refused sum stays typed with its reason, and Ctrl+E exports CSV and
PNG. What it scores is the sheet's (tests/sheet); here, that the keys reach it and the history keeps it."""

from __future__ import annotations

from pathlib import Path

import pygame

from briscola.sheet.keeping import new_sheet, reopen_sheet
from briscola.sheet.model import DealEntry, SheetRules
from briscola.store.history import History
from briscola.ui.app import App
from briscola.ui.launcher import build_title
from briscola.ui.menus.sheet import SheetScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.options import Options, parse_options
from tests.ui.helpers import FRAME, key


def make_app(*flags: str) -> App:
    options = parse_options(["--speed", "instant", "--mute", "--inline-ai", *flags])
    assert isinstance(options, Options)
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


def test_the_title_offers_the_score_sheet() -> None:
    app = make_app()
    title = app.scenes[-1]
    assert isinstance(title, TitleScene)
    title.focus = [row.key for row in title.rows].index("sheet")
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes[-1], SheetScene)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.index(title) == len(app.scenes) - 1  # back on the title


def test_deals_typed_refused_corrected_deleted_and_undone_are_kept(tmp_path: Path) -> None:
    app = make_app("--sheet")
    scene = app.scenes[-1]
    assert isinstance(scene, SheetScene) and scene.kept.id is not None
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


def test_the_sheet_reopens_the_last_one_not_decided() -> None:
    history, _ = History.open(None)
    assert history is not None
    kept = new_sheet(history, SheetRules(("Anna", "Bo", "Carla")), "Three")
    kept.editor.add(DealEntry((50, 40, 30)))
    history.close()
    app = make_app("--sheet")
    scene = app.scenes[-1]
    assert isinstance(scene, SheetScene)
    assert scene.kept.id == kept.id and scene.kept.title == "Three"
