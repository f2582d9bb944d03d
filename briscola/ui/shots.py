"""Screenshots of the table taken by the game itself, headless and deterministic: ``python -m briscola.ui.shots DIR``.

A fixed seed, the in-process AI and fixed frame steps make the same picture every time. The human's seat is played
by a simple computer player through the same input path as a click, so the pictures show the real table.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from briscola.engine.record import GameRecord
    from briscola.ui.app import App
    from briscola.ui.options import Options
    from briscola.ui.table.scene import TableScene

__all__ = ["autoplay_human", "capture", "capture_replay", "capture_stats", "main", "recorded_match", "run_until"]

FRAME = 1.0 / 60.0
Size = tuple[int, int]


def autoplay_human(table: TableScene, rng: random.Random) -> None:
    """If the human is to move, make a move for them the way a click would (a greedy choice)."""
    from briscola.ai.simple import GreedyPlayer
    from briscola.engine import Play

    if not table.interactive:
        return
    view = table.controller.view()
    action = GreedyPlayer(rng).choose(view)
    if isinstance(action, Play):
        for sprite in table.state.hands[table.driver.viewer]:
            if sprite.card == action.card:
                table.play(sprite)
                return
    table.driver.submit(action)


def run_until(
    app: App,
    table: TableScene,
    done: Callable[[], bool],
    *,
    max_frames: int = 60_000,
    human: bool = True,
    seed: int = 1,
) -> bool:
    """Step ``app`` frame by frame until ``done()``; the human's moves made by :func:`autoplay_human`."""
    rng = random.Random(seed)
    for _ in range(max_frames):
        if done():
            return True
        if human:
            autoplay_human(table, rng)
        if not app.step(FRAME):
            return done()
    return done()


def moment(table: TableScene, at: str) -> Callable[[], bool]:
    """The test for the moment ``at`` (start, mid-hand, result) on ``table``."""
    from briscola.ui.overlays.results import HandResultScene

    def reached() -> bool:
        if at == "result":
            top = table.app.top
            return isinstance(top, HandResultScene) and top.elapsed > top.count_time + 0.5
        if not table.interactive:
            return False
        if at == "start":
            return True
        game = table.driver.game
        return game.tricks_played >= 3 and len(table.state.trick) >= 1

    return reached


def capture(options: Options, path: str | Path) -> Path:
    """Play ``options``' table headless to ``options.at`` and save the window to ``path``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from briscola.ui.launcher import build_table

    options.inline_ai = True
    options.mute = True
    with _fresh_player():  # the table as a new player sees it: never this machine's settings (a counting aid...)
        app, table = build_table(options)
        reached = run_until(app, table, moment(table, options.at), seed=options.seed)
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        app.draw()
        pygame.image.save(app.screen, str(out))
        app.close()
    if not reached:
        sys.stderr.write(f"warning: the moment {options.at!r} was not reached; saved the last frame\n")
    return out


MENU_SHOTS = (
    ("title.png", "title"),
    ("new-game.png", "new-game"),
    ("settings.png", "settings"),
    ("sheet-new.png", "sheet-new"),
    ("sheet-two.png", "sheet-two"),
    ("sheet-chiamata.png", "sheet-chiamata"),
)

#: The score sheets of the screenshots: two players in a best of three after a carried draw, with a wrong sum just
#: refused; and a chiamata sheet after its five deals (a lone caller failing, an every-trick deal doubled).
SHEET_DEALS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...], str]] = {
    "sheet-two": ("Anna - Bo, Friday", ("Anna", "Bo"), ("70 50", "60"), "70 40"),
    "sheet-chiamata": (
        "Chiamata at Carla's",
        ("Anna", "Bo", "Carla", "Dino", "Eva"),
        ("Anna Carla 72 card=3S", "Bo - failed", "Dino Eva 55", "Carla Anna 120 all card=AC", "Eva Bo 61"),
        "",
    ),
}


def _sheet_shot(app: App, which: str) -> None:
    """Push the score sheet ``which`` (not kept: a screenshot writes no history), its deals entered as typed."""
    import pygame

    from briscola.sheet.keeping import new_sheet
    from briscola.sheet.model import SheetRules
    from briscola.sheet.typed import parse_entry
    from briscola.ui.menus.sheets.sheet import SheetScene

    title, names, deals, refused = SHEET_DEALS[which]
    chiamata = len(names) == 5
    kept = new_sheet(None, SheetRules(names, chiamata=chiamata, cappotto_double=chiamata), title)
    for line in deals:
        kept.editor.add(parse_entry(kept.editor.rules, line.split()))
    scene = SheetScene(app, kept, Path("."))
    scene.trouble = ""  # the picture shows a sheet as it is kept, not this run's missing history
    app.push(scene)
    if refused:
        scene.typed = refused
        scene.key(pygame.K_RETURN)


@contextlib.contextmanager
def _fresh_player() -> Iterator[str]:
    """A temporary folder standing in for the player's own (settings, data, state, cache) while a picture is taken, so
    a picture never shows or changes anyone's files; the folders are given back as they were."""
    import tempfile

    names = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
    before = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory() as home:
        for name in names:
            os.environ[name] = os.path.join(home, name.lower())
        try:
            yield home
        finally:
            for name, value in before.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def capture_menu(which: str, path: str | Path) -> Path:
    """Save the ``which`` menu (title, new-game, settings) as a fresh player sees it: no settings file, no save.

    The player's own folders are swapped for a temporary one for the moment of the picture, so the picture never
    shows (or changes) anyone's settings; the new game is set up for four players to show the teams.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    with _fresh_player():
        from briscola.ui.launcher import build_title
        from briscola.ui.menus.settings import SettingsScene
        from briscola.ui.menus.setup.new_game import NewGameScene
        from briscola.ui.options import parse_options

        options = parse_options(["--mute", "--inline-ai", "--lang", "en"])
        assert not isinstance(options, int)
        app = build_title(options)
        if which == "new-game":
            assert app.store is not None
            app.store.change({"game.preset": "four", "game.options": {"signals": "secret"}})
            scene = NewGameScene(app)
            app.push(scene)
            scene.focus = [row.key for row in scene.rows].index("seat2")
        elif which == "settings":
            app.push(SettingsScene(app))
        elif which == "sheet-new":
            from briscola.ui.menus.sheets.sheet_setup import SheetSetupScene

            form = SheetSetupScene(app)
            form.players = 5
            form.names[:5] = ["Anna", "Bo", "Carla", "Dino", "Eva"]
            form.sheet_title = "Chiamata at Carla's"
            form.every_trick = True
            form.rebuild()
            form.focus = [row.key for row in form.rows].index("five")
            app.push(form)
        elif which in SHEET_DEALS:
            _sheet_shot(app, which)
        app.step(FRAME)
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        app.close()
    return out


#: The replay viewer's pictures: (file, preset, seed, moves into the match, whose cards: None for every hand).
REPLAY_SHOTS: tuple[tuple[str, str, int, int, int | None], ...] = (
    ("replay-4p.png", "four", 5, 30, None),
    ("replay-2p-seat.png", "classic", 3, 16, 1),
)


def recorded_match(preset_name: str, seed: int) -> GameRecord:
    """A whole match of ``preset_name`` between Medio players (seeded, so the same every time), as its record."""
    from briscola.ai.levels import make_player
    from briscola.engine import Deal, Game, Phase, preset
    from briscola.engine.record import SeatInfo, SeatKind, record_from_game

    rules = preset(preset_name)
    game = Game(rules, seed)
    players = [make_player("medio", random.Random(seed * 10 + seat)) for seat in range(rules.players)]
    while not game.is_over:
        seat = game.to_move
        if game.phase in (Phase.DEAL, Phase.HAND_OVER) or seat is None:
            game.apply(Deal())
        else:
            game.apply(players[seat].choose(game.view(seat)))
    names = ("Anna", "Marco", "Giulia", "Sara", "Luca", "Elena")
    seats = [SeatInfo(names[0], SeatKind.HUMAN)]
    seats += [SeatInfo(names[n], SeatKind.COMPUTER, "medio") for n in range(1, rules.players)]
    return record_from_game(game, seats, created="2025-03-01T18:30:00Z")


def capture_replay(path: str | Path, preset_name: str, seed: int, moves: int, seat: int | None, size: Size) -> Path:
    """Save the replay viewer of a recorded match at move ``moves``, the last one animated to its end, with every
    hand open (``seat`` None) or as ``seat`` saw it, in a window of ``size``; English words."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from briscola.ui.launcher import build_replay
    from briscola.ui.options import parse_options

    options = parse_options(["--mute", "--lang", "en", "--speed", "fast"])
    assert not isinstance(options, int)
    with _fresh_player():
        app, scene = build_replay(options, recorded_match(preset_name, seed), title=f"{preset_name}, 2025-03-01")
        app.resize(size)
        while scene.seat != seat:
            scene.cycle_view(1)
        scene.go_to(moves - 1)
        scene.forward()
        run_until(app, scene, lambda: scene.choreo.idle, human=False)
        app.step(FRAME)
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        app.close()
    return out


#: Matches in the history the statistics scene's picture shows (played by the levels: a few minutes to make).
STATS_MATCHES = 2000


def capture_stats(
    path: str | Path, matches: int = STATS_MATCHES, sizes: tuple[tuple[int, int], ...] = ((1280, 800),)
) -> list[Path]:
    """Save the statistics scene over a history of ``matches`` real matches played by the levels
    (:func:`briscola.arena.history_fill.fill_history`: the "human" seat is the greedy player), made for the picture
    in a temporary folder, as are the settings (a fresh player's). With more than one of ``sizes`` each picture's
    name ends with its size (``stats-1366x768.png``)."""
    from datetime import UTC, datetime, timedelta

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from briscola.arena.history_fill import fill_history
    from briscola.store.history import History

    with _fresh_player() as home:
        from briscola.ui.launcher import build_title
        from briscola.ui.options import parse_options

        history, problems = History.open(Path(home) / "history.sqlite3")
        assert history is not None and not problems, problems
        fill_history(history, matches, start=datetime(2025, 1, 1, tzinfo=UTC), spacing=timedelta(hours=6))
        saved = []
        for width, height in sizes:
            options = parse_options(["--mute", "--inline-ai", "--lang", "en", "--windowed", f"{width}x{height}"])
            assert not isinstance(options, int)
            app = build_title(options)
            app.config.history = history
            app.navigator.open_stats()
            app.step(FRAME)
            out = Path(path)
            if len(sizes) > 1:
                out = out.with_name(f"{out.stem}-{width}x{height}{out.suffix}")
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(out))
            saved.append(out)
            app.close()
        history.close()
    return saved


SHOTS = (
    ("table-2p-mid-hand.png", ["--players", "2", "--seed", "3", "--at", "mid-hand"]),
    ("table-4p-mid-hand.png", ["--players", "4", "--seed", "5", "--at", "mid-hand"]),
    ("table-6p-mid-hand.png", ["--players", "6", "--seed", "5", "--at", "mid-hand"]),
    ("hand-result.png", ["--players", "2", "--seed", "3", "--at", "result"]),
)


def main(argv: list[str] | None = None) -> int:
    """Write the documentation's screenshots into the folder given (default docs/screenshots)."""
    from briscola.ui.options import parse_options

    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/screenshots")
    extra = args[1:]
    for name, which in MENU_SHOTS:
        print(capture_menu(which, folder / name))
    print(*capture_stats(folder / "stats.png"))
    for name, flags in SHOTS:
        options = parse_options([*flags, "--level", "medio", "--ai-delay", "0.4", *extra])
        assert not isinstance(options, int)
        print(capture(options, folder / name))
    for name, preset_name, seed, moves, seat in REPLAY_SHOTS:
        print(capture_replay(folder / name, preset_name, seed, moves, seat, (1280, 800)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
