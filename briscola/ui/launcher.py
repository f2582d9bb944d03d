"""The launcher: the one module that knows every scene, builds the app and its tables, and takes scenes to each other.

It implements the navigation seam (:class:`~briscola.ui.navigation.Navigator`): a scene asks ``app.navigator`` for
the title, the settings, the rules, a match, the pause menu..., and only this module imports the scenes it opens, so
no scene imports a sibling. It also holds the two ways a table is set up, each a
:class:`~briscola.match.driver.MatchDriver` with its thinker in a
:class:`~briscola.ui.table.controller.MatchController`: :func:`build_table` from the command line's options, and
:func:`start_match` from the menus (the rules, the seats and the seed chosen in the new-game scene, or a saved match
to continue). And it builds the app's
:class:`~briscola.ui.app.AppConfig`, in one place: :func:`app_config`.

The menus keep the :class:`~briscola.store.SettingsStore` on the app (``app.store``); everything a match started
from them needs beyond the rules (the deck, the pause before computer moves) is read from it as the match starts, so
a change in the settings scene applies to the next table without any other plumbing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from briscola.match.review import ReviewRunner, ReviewShelf
from briscola.text.i18n import _
from briscola.ui.app import SPEEDS, App, AppConfig
from briscola.ui.core.seats import HUMAN, level_label, seat_configs, seat_label
from briscola.ui.menus.confirm import ConfirmScene
from briscola.ui.menus.learning.lesson import LessonScene
from briscola.ui.menus.learning.puzzle import PuzzleScene
from briscola.ui.menus.learning.school import SchoolScene
from briscola.ui.menus.notices import NoticesScene
from briscola.ui.menus.profile import ProfileScene
from briscola.ui.menus.rules import RulesBookScene
from briscola.ui.menus.settings import SettingsScene
from briscola.ui.menus.setup.new_game import NewGameScene
from briscola.ui.menus.sheets.sheet import SheetScene
from briscola.ui.menus.sheets.sheet_list import SheetListScene
from briscola.ui.menus.sheets.sheet_setup import SheetSetupScene
from briscola.ui.menus.statistics.stats import StatsScene
from briscola.ui.menus.title import TitleScene
from briscola.ui.overlays.pause import LastTrickScene, PauseScene
from briscola.ui.overlays.results import HandResultScene, MatchSummaryScene
from briscola.ui.overlays.review import ReviewScene
from briscola.ui.table.controller import MatchController
from briscola.ui.table.replay import ReplayScene
from briscola.ui.table.scene import TableScene

if TYPE_CHECKING:
    from pathlib import Path

    from briscola.engine import Ruleset
    from briscola.engine.events import HandOver
    from briscola.engine.record import GameRecord
    from briscola.match.driver import MatchDriver
    from briscola.match.recorder import MatchRecorder
    from briscola.sheet.model import SheetRules
    from briscola.store import Coaching, Continued, Problem
    from briscola.store.school_progress import SchoolKeeper
    from briscola.ui.options import Options

__all__ = [
    "Launcher",
    "app_config",
    "build_replay",
    "build_table",
    "build_title",
    "continue_match",
    "open_history",
    "open_replay",
    "recorder_for",
    "start_match",
]


class Launcher:
    """The app's navigator: opens each scene where a scene asks for it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.reviews = ReviewShelf()
        """The hands' reviews of the match in play (and of replays watched), kept until a match starts."""

    def _table(self) -> TableScene:
        """The table in play: the top-most table on the app's stack (the overlays sit over it)."""
        return next(scene for scene in reversed(self.app.scenes) if isinstance(scene, TableScene))

    # ------------------------------------------------------------------------------------------------ menus

    def open_title(self) -> None:
        self.app.replace_all(TitleScene(self.app))

    def open_new_game(self) -> None:
        self.app.push(NewGameScene(self.app))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def open_profile(self) -> None:
        self.app.push(ProfileScene(self.app))

    def open_sheet(self) -> None:
        self.app.push(SheetListScene(self.app))

    def new_sheet(self) -> None:
        self.app.push(SheetSetupScene(self.app))

    def start_sheet(self, rules: SheetRules, title: str) -> None:
        from briscola.sheet.keeping import new_sheet

        if isinstance(self.app.scenes[-1], SheetSetupScene):
            self.app.pop()
        history = self.app.config.history
        writer = self.app.history_writer()
        kept = new_sheet(history, rules, title, run=writer.submit if writer is not None else None)
        self.app.push(SheetScene(self.app, kept, sheets_folder()))

    def reopen_sheet(self, sheet_id: int) -> None:
        from briscola.sheet.keeping import reopen_sheet
        from briscola.sheet.model import SheetError
        from briscola.store.problems import Problem

        history = self.app.config.history
        if history is None:
            return
        writer = self.app.history_writer()
        if writer is not None:
            writer.flush(1.0)  # what was entered a moment ago is read back
        try:
            kept = reopen_sheet(history, sheet_id, run=writer.submit if writer is not None else None)
        except SheetError as error:
            problem = Problem(history.name, None, str(error))
            self.app.push(NoticesScene(self.app, lambda: [problem]))
            return
        self.app.push(SheetScene(self.app, kept, sheets_folder()))

    def open_school(self) -> None:
        self.app.push(SchoolScene(self.app))

    def open_lesson(self, key: str, keeper: SchoolKeeper) -> None:
        self.app.push(LessonScene(self.app, key, keeper))

    def open_puzzles(self, keeper: SchoolKeeper, *, daily: bool) -> None:
        self.app.push(PuzzleScene(self.app, keeper, daily=daily))

    def open_rules(self, preset: str = "classic", *, rules: Ruleset | None = None) -> None:
        self.app.push(RulesBookScene(self.app, preset, rules=rules))

    def open_notices(self, problems: Callable[[], list[Problem]]) -> None:
        self.app.push(NoticesScene(self.app, problems))

    def open_stats(self) -> None:
        self.app.push(StatsScene(self.app))

    def confirm(self, question: str, detail: str, action: str, on_confirm: Callable[[], None]) -> None:
        self.app.push(ConfirmScene(self.app, question, detail, action, on_confirm))

    def start_match(self, rules: Ruleset, specs: tuple[str, ...], seed: int, preset: str) -> None:
        self.reviews.clear()
        start_match(self.app, rules, specs, seed, preset)

    def continue_match(self, continued: Continued) -> None:
        self.reviews.clear()
        continue_match(self.app, continued)

    # ------------------------------------------------------------------------------------------------ table

    def pause(self) -> None:
        self.app.push(PauseScene(self.app, self._table()))

    def show_last_trick(self) -> None:
        self.app.push(LastTrickScene(self.app, self._table()))

    def show_hand_result(self, event: HandOver) -> None:
        self.app.push(HandResultScene(self.app, self._table(), event))

    def show_match_summary(self) -> None:
        self.app.push(MatchSummaryScene(self.app, self._table()))

    def review_hand(self, record: GameRecord, hand: int, seat: int, *, history_id: int | None = None) -> None:
        inline = bool(self.app.config.extra.get("inline_ai"))
        runner = self.reviews.runner(record, hand, seat, lambda: ReviewRunner(record, hand, seat, inline=inline))
        runner.history_id = runner.history_id if history_id is None else history_id
        self.app.push(ReviewScene(self.app, self._table(), runner))

    # ------------------------------------------------------------------------------------------------ replays

    def open_replay(self, record: GameRecord, *, title: str = "", history_id: int | None = None) -> None:
        """The replay viewer over the current scene (Esc comes back to it); a record that can't be replayed is
        refused with the engine's reason, shown in the notices, and nothing of it is shown."""
        from briscola.engine.errors import RecordError

        try:
            open_replay(self.app, record, title=title, history_id=history_id)
        except RecordError as error:
            from briscola.store import Problem

            where = title or _("the match")
            problem = Problem(where, None, _("can't be replayed: {reason}").format(reason=error))
            self.app.push(NoticesScene(self.app, lambda: [problem]))


# ---------------------------------------------------------------------------------------------------- building


def app_config(options: Options) -> AppConfig:
    """The app's config for ``options`` (the settings files with this run's options over them)."""
    return AppConfig(
        size=options.size,
        size_option=options.size_option,
        fullscreen=options.fullscreen,
        speed=options.speed,
        reduced_motion=options.reduced_motion,
        ai_delay=options.ai_delay,
        volume=options.volume,
        mute=options.mute,
        deck=options.deck,
        result_auto_advance=1.5 * SPEEDS[options.speed] if options.demo is not None else None,
        verbose=options.verbose,
        shots_dir=options.shots_dir,
        history=options.history_db,
        extra={"inline_ai": options.inline_ai},
    )


def open_history(options: Options) -> None:
    """Open the history ``options`` name (once, at startup) into ``options.history_db``.

    Nothing about the file stops the game: what was wrong with it, and what was done (moved aside and a new one
    started, read only, or off for this run), goes to stderr and joins the settings' notices, shown on the title or
    over a table started directly, naming the file.
    """
    from briscola.store import report
    from briscola.store.history import History

    if options.history is None:
        return
    options.history_db, problems = History.open(options.history)
    report(problems)
    if options.store is not None:
        options.store.problems += problems
        options.store.notices += problems


def recorder_for(app: App, driver: MatchDriver, preset: str, history_id: int | None = None) -> MatchRecorder | None:
    """The recorder of ``driver``'s match in the app's history (None with the history off or nothing to keep).

    The human's seat is named in the history by the profile they play under.
    """
    from briscola.engine.record import SeatInfo, SeatKind
    from briscola.match.bot_limits import external_command
    from briscola.match.recorder import MatchRecorder

    writer = app.history_writer()
    if writer is None or (app.store is not None and not app.store.settings.player.history):
        return None
    human = driver.human
    profile = app.profile if human is not None else None
    seats = tuple(
        SeatInfo(profile or seat.name, SeatKind.HUMAN)
        if seat.spec is None
        else SeatInfo(seat.name, SeatKind.EXTERNAL)
        if external_command(seat.spec) is not None
        else SeatInfo(seat.name, SeatKind.COMPUTER, seat.spec)
        for seat in driver.seats
    )
    return MatchRecorder(writer, seats, preset=preset, profile=profile, human_seat=human, history_id=history_id)


def build_title(options: Options) -> App:
    """An app opening on the title scene (and the score sheet over it with ``--sheet``), holding the settings store."""
    app = App(app_config(options), Launcher)
    app.store = options.store
    app.push(TitleScene(app))
    if options.sheet:
        app.navigator.open_sheet()
    return app


def sheets_folder() -> Path:
    """Where the score sheets are exported (CSV and PNG): ``sheets`` beside the history."""
    from briscola.store import paths

    return paths.history_path().parent / "sheets"


def build_table(options: Options, *, app: App | None = None, autosave: bool = False) -> tuple[App, TableScene]:
    """An app with a table for ``options`` (the app is made unless given); (app, table).

    With ``autosave`` (a game started from the command line to be played) the match is saved as it starts (replacing
    any earlier save) and after every trick.
    """
    from briscola.match.driver import MatchDriver
    from briscola.match.worker import InlineThinker, Thinker, WorkerThinker
    from briscola.ui.assets.cards import builtin_deck

    the_app = app if app is not None else App(app_config(options), Launcher)
    the_app.store = options.store
    thinker: Thinker = (
        InlineThinker(options.seed, options.think_time)
        if options.inline_ai
        else WorkerThinker(options.seed, options.think_time)
    )
    seats = seat_configs(options.rules.players, options.level, human=options.demo is None)
    driver = MatchDriver(options.rules, options.seed, seats, thinker, ai_delay=options.ai_delay)
    if autosave and options.demo is None:
        from briscola.store import MatchConfig

        _abandon_saved(the_app)
        recorder = recorder_for(the_app, driver, options.rules.name)
        if recorder is not None:
            driver.start_recording(recorder)
        specs = tuple(HUMAN if seat.spec is None else seat.spec for seat in seats)
        names = tuple(seat.name for seat in seats)
        driver.start_saving(MatchConfig(specs, names, options.rules.name, coaching=match_coaching(the_app)))
    controller = MatchController(driver, demo_hands=options.demo)
    table = TableScene(the_app, controller, builtin_deck(options.deck))
    the_app.push(table)
    if options.store is not None and options.store.notices:
        table.tell([problem.message for problem in options.store.notices])  # worded when shown
    return the_app, table


def start_match(
    app: App,
    rules: Ruleset,
    specs: tuple[str, ...],
    seed: int,
    preset: str,
    *,
    continued: Continued | None = None,
) -> TableScene:
    """Replace every scene by a table for ``rules`` with ``specs`` seated; saved at once and after every trick."""
    from briscola.match.driver import MatchDriver, SeatConfig
    from briscola.match.worker import InlineThinker, Thinker, WorkerThinker
    from briscola.store import MatchConfig
    from briscola.ui.assets.cards import builtin_deck

    names = continued.config.names if continued is not None else tuple(seat_label(s, i) for i, s in enumerate(specs))
    seats = [
        SeatConfig(name, None) if spec == HUMAN else SeatConfig(name, spec, level_label(spec))
        for spec, name in zip(specs, names, strict=True)
    ]
    viewer = specs.index(HUMAN) if HUMAN in specs else 0
    inline = bool(app.config.extra.get("inline_ai"))
    thinker: Thinker = InlineThinker(seed) if inline else WorkerThinker(seed)
    replay = continued.record.actions if continued is not None else ()
    driver = MatchDriver(rules, seed, seats, thinker, viewer=viewer, ai_delay=app.config.ai_delay, replay=replay)
    if continued is None:
        _abandon_saved(app)
    history_id = continued.config.history_id if continued is not None else None
    recorder = recorder_for(app, driver, preset, history_id)
    if recorder is not None:
        driver.start_recording(recorder, continued=None if continued is None else continued.record)
    driver.start_saving(MatchConfig(specs, names, preset, coaching=match_coaching(app, continued)))
    deck = app.store.settings.display.deck if app.store is not None else app.config.deck
    table = TableScene(app, MatchController(driver), builtin_deck(deck))
    app.replace_all(table)
    return table


def match_coaching(app: App, continued: Continued | None = None) -> Coaching:
    """What the coach may do in a match: a continued match's own choice, else the ``[coach]`` settings the new-game
    screen set (a match from the command line reads them too; none without a settings store)."""
    from briscola.store import Coaching

    if continued is not None:
        return continued.config.coaching
    if app.store is None:
        return Coaching()
    coach = app.store.settings.coach
    return Coaching(hints=coach.hints, grading=coach.grading, undo=coach.undo)


def _abandon_saved(app: App) -> None:
    """A new match replaces the saved one: the saved match's row in the history is closed as abandoned."""
    from briscola.match.recorder import abandon_row
    from briscola.store import autosave

    writer = app.history_writer()
    history_id = autosave.saved_history_id() if writer is not None else None
    if writer is not None and history_id is not None:
        abandon_row(writer, history_id)


def open_replay(app: App, record: GameRecord, *, title: str = "", history_id: int | None = None) -> ReplayScene:
    """Push the replay viewer of ``record`` (checked first: a record that fails raises the engine's RecordError, and
    nothing is pushed), drawn with the deck of the player's settings; ``history_id``: the match's row in the
    history, if it is one (a hand's review made in the viewer is kept there for the statistics' trend)."""
    from briscola.match.replay import Replay
    from briscola.ui.assets.cards import builtin_deck

    replay = Replay.open(record)
    deck = app.store.settings.display.deck if app.store is not None else app.config.deck
    scene = ReplayScene(app, replay, builtin_deck(deck), title=title, history_id=history_id)
    app.push(scene)
    return scene


def build_replay(options: Options, record: GameRecord, *, title: str = "") -> tuple[App, ReplayScene]:
    """An app showing only the replay of ``record`` (``python main.py --replay``): Esc closes the window."""
    the_app = App(app_config(options), Launcher)
    the_app.store = options.store
    return the_app, open_replay(the_app, record, title=title)


def continue_match(app: App, continued: Continued) -> TableScene:
    """The saved match, replayed to where it was saved (the table shows it as if it had been played)."""
    record = continued.record
    return start_match(
        app, record.rules, continued.config.seats, record.seed, continued.config.preset, continued=continued
    )
