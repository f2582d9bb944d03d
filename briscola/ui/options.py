"""Command-line options of the desktop game (``python main.py --help``), read into :class:`Options`; no pygame.

With no option naming a game (``--players``, ``--variant``, ``--demo``, ``--screenshot``) the window opens on the
title scene and its menus; with one, it goes straight to the table. Wrong values never stop the game: each gets a
one-line message naming what was wrong and the safe default used instead. The settings files are read here too, the
options going over them for this run; what was wrong with them goes to stderr now, and into the game as well
(:mod:`briscola.ui.launcher` shows it in the title's notices, or over a table started directly), since a player who
opened the game from a desktop never sees stderr. :mod:`briscola.ui.launch` chooses what to start.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from briscola.engine import PRESETS, Ruleset, preset
from briscola.match.worker import DEFAULT_THINK_TIME
from briscola.text.i18n import _

if TYPE_CHECKING:
    from briscola.store import Settings, SettingsStore
    from briscola.store.history import History

__all__ = ["Options", "parse_options"]

DEFAULT_VARIANT = {2: "classic", 3: "three", 4: "four", 5: "chiamata", 6: "six"}
SPEED_NAMES = ("slow", "normal", "fast", "instant")
#: The deck drawn when none is asked for: the pictures of the rules' own deck family.
DEFAULT_DECK = {"italian": "napoletane", "spanish": "spagnole", "french": "francesi"}


@dataclass
class Options:
    """The validated options."""

    rules: Ruleset
    level: str
    deck: str
    seed: int
    demo: int | None
    speed: str
    reduced_motion: bool
    ai_delay: float
    volume: float
    mute: bool
    size: tuple[int, int]
    fullscreen: bool
    inline_ai: bool
    screenshot: str | None
    at: str
    verbose: bool = False
    shots_dir: str | None = None
    think_time: float = DEFAULT_THINK_TIME
    store: SettingsStore | None = None
    """The loaded settings, for the menus to change and save."""
    menus: bool = False
    """True when no option named a game: the app opens on the title scene."""
    replay: str | None = None
    """``--replay ID|FILE``: the match to replay (a history id, a record file, or ``EXPORT.jsonl#N``), or None."""
    sheet: bool = False
    """``--sheet``: open on the score sheet (for games played with real cards)."""
    size_option: str | None = None
    """The option that set :attr:`size` as typed (``--windowed 2560x1440``), if one did (the app tells when the
    screen can't hold it)."""
    history: str | None = None
    """The history database to open (``--history``, else the settings' ``player.history_file``, else the user data
    folder's); None when matches are not recorded this run (``--no-history``, the setting off, a demo, a
    screenshot)."""
    history_db: History | None = None
    """The history as opened at startup by :func:`briscola.ui.launcher.open_history` (None: off for this run)."""


def _parser() -> argparse.ArgumentParser:
    from briscola.store.paths import FROM_CHECKOUT

    prog = "python main.py" if FROM_CHECKOUT else "briscola"  # an installed copy starts with the command
    parser = argparse.ArgumentParser(prog=prog, description=_("Play Briscola in a window."))
    add = parser.add_argument
    add("--players", metavar="N", help=_("2, 3, 4, 5 or 6 players (default: 2)"))
    add("--variant", metavar="NAME", help=_("a preset such as classic, four, six, briscolone (see --list-variants)"))
    add("--level", metavar="LEVEL", help=_("computer level: 1-6, an Italian level name, or greedy"))
    add("--deck", metavar="DECK", help=_("card design, e.g. napoletane, piacentine, francesi (default: by the rules)"))
    add("--seed", metavar="N", help=_("replay the match with this seed"))
    add("--demo", metavar="N", help=_("computers play N hands in every seat, then the window closes"))
    add("--speed", metavar="SPEED", help=_("animation speed: slow, normal, fast or instant"))
    add(
        "--think-time",
        metavar="SECONDS",
        help=_("at most this long a move for the search levels (4-6); default {seconds:g}").format(
            seconds=DEFAULT_THINK_TIME
        ),
    )
    add("--reduced-motion", action="store_true", help=_("short plain moves: no flips, no shuffle"))
    add("--ai-delay", metavar="SECONDS", help=_("pause before a computer card is played"))
    add("--volume", metavar="0-1", help=_("sound volume"))
    add("--mute", action="store_true", help=_("no sound"))
    add("--size", metavar="WxH", help=_("window size"))
    add("--fullscreen", action="store_true", help=_("start in fullscreen for this run (F11 toggles)"))
    add("--windowed", metavar="WxH", help=_("start in a window of this size for this run"))
    add("--settings", metavar="PATH", help=_("the defaults file to read instead of the top-level settings.toml"))
    add("--lang", metavar="CODE", help=_("the language for this run: it, en, de, es or da"))
    add("--sheet", action="store_true", help=_("open the score sheet, for a game played with real cards"))
    add("--inline-ai", action="store_true", help=_("think in the game's own process (for debugging)"))
    add("--screenshot", metavar="FILE.png", help=_("play headless to a moment (see --at), save a picture, exit"))
    add("--at", default="mid-hand", help=_("with --screenshot: start, mid-hand or result"))
    add("--verbose", action="store_true", help=_("print a line at each hand's end and each screenshot"))
    add(
        "--shots-dir",
        metavar="DIR",
        help=_("where F12 saves screenshots (default: a Briscola folder in your pictures folder)"),
    )
    add(
        "--history",
        metavar="PATH",
        help=_("the history database to record matches in (default: in your data folder; :memory: keeps none)"),
    )
    add("--no-history", action="store_true", help=_("record no match this run"))
    add(
        "--replay",
        metavar="ID|FILE",
        help=_("replay a recorded match: its id in the history, a game record file, or a history export FILE.jsonl#N"),
    )
    add("--list-variants", "--list-presets", action="store_true", help=_("list the variants and exit"))
    add("--terminal", action="store_true", help=_("play in the terminal instead (same as python -m briscola.cli)"))
    return parser


def _warn(message: str) -> None:
    sys.stderr.write(_("warning: {message}").format(message=message) + "\n")


def _number(text: str | None, kind: Callable[[str], float], default: float, what: str, lo: float, hi: float) -> float:
    if text is None:
        return default
    try:
        value = kind(text)
    except ValueError:
        _warn(_("{what} {text!r} is not a number; using {default}.").format(what=what, text=text, default=default))
        return default
    if not lo <= value <= hi:
        _warn(_("{what} must be from {lo} to {hi}; using {default}.").format(what=what, lo=lo, hi=hi, default=default))
        return default
    return value


def _settings(args: argparse.Namespace) -> SettingsStore:
    """The settings in use: the files, then this run's options; the problems found go to stderr.

    A wrong value in a file never stops the game (the store names the file, the key and why, and uses the default);
    the language is switched here, before any other message is written.
    """
    from briscola.store import SettingsStore, report
    from briscola.text.i18n import set_language

    store = SettingsStore.load(
        Path(args.settings) if args.settings else None,
        language=args.lang,
        fullscreen=args.fullscreen,
        windowed=args.windowed,
    )
    if store.settings.display.language:
        set_language([store.settings.display.language])
    report(store.problems)
    return store


def _remembered_rules(settings: Settings) -> Ruleset:
    """The rules of the last new game (settings' preset, players, options, hands to win), or classic rules."""
    from briscola.store import new_game_rules

    try:
        return new_game_rules(settings)
    except (KeyError, ValueError) as error:  # RulesetError is a ValueError
        _warn(_("the remembered game can't be set up ({error}); playing classic.").format(error=error))
        return preset("classic")


def _history_path(args: argparse.Namespace, settings: Settings) -> str | None:
    """The history to open: ``--history``, else the setting's file, else the data folder's; None when it is off."""
    from briscola.store.paths import history_path

    if args.no_history:
        return None
    if args.history:
        return str(args.history)
    if not settings.player.history:
        return None
    return settings.player.history_file or str(history_path())


def parse_options(argv: list[str]) -> Options | int:
    """The options in ``argv``, or an exit code when there is nothing to play (help, list)."""
    from briscola.ai.levels import PlayerSpecError, player_name, player_names
    from briscola.art.decks import DECKS
    from briscola.store import DisplaySettings

    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    if args.list_variants:
        for name, rules in PRESETS.items():
            print(f"{name:14} {rules.players}p  {_(rules.description)}")
        return 0
    store = _settings(args)
    settings = store.settings
    players = int(_number(args.players, int, 2, _("--players"), 2, 6)) if args.players else None
    variant = args.variant
    if variant is not None and variant.strip().lower() not in PRESETS:
        fallback = DEFAULT_VARIANT[players or 2]
        _warn(
            _("--variant {name!r} is not known (one of: {names}); playing {default}.").format(
                name=variant, names=", ".join(PRESETS), default=fallback
            )
        )
        variant = None
    if variant is None and players is None:
        rules = _remembered_rules(settings)
    else:
        rules = preset(variant or DEFAULT_VARIANT[players or 2])
    if players is not None and rules.players != players:
        _warn(
            _("{variant} is played by {n} players; --players {p} is ignored.").format(
                variant=rules.name, n=rules.players, p=players
            )
        )
    try:
        level = player_name(args.level or settings.game.level)
    except PlayerSpecError:
        _warn(
            _("--level {level!r} is not a level (1-6, {names}); playing medio.").format(
                level=args.level, names=", ".join(player_names())
            )
        )
        level = "medio"
    default_deck = DEFAULT_DECK.get(rules.family.value, "napoletane")
    if settings.display.deck != DisplaySettings().deck:
        default_deck = settings.display.deck  # a deck chosen in the settings, kept whatever the rules
    deck = (args.deck or default_deck).strip().lower()
    if deck not in DECKS:
        _warn(
            _("--deck {deck!r} is not a deck (one of: {names}); using {default}.").format(
                deck=args.deck, names=", ".join(DECKS), default=default_deck
            )
        )
        deck = default_deck
    speed = (args.speed or settings.display.animation_speed).strip().lower()
    if speed not in SPEED_NAMES:
        _warn(
            _("--speed {speed!r} is not one of {names}; using normal.").format(
                speed=args.speed, names=", ".join(SPEED_NAMES)
            )
        )
        speed = "normal"
    width, height = settings.display.window_size
    size = (width, height)
    size_option = None
    if args.windowed is not None and "display.window_size" in store.overrides:  # not refused by the store
        size_option = f"--windowed {args.windowed}"
    if args.size is not None:
        try:
            w, h = (int(part) for part in args.size.lower().split("x"))
            size = (max(960, w), max(600, h))
            size_option = f"--size {args.size}"
        except ValueError:
            _warn(_("--size {size!r} is not WIDTHxHEIGHT; using {w}x{h}.").format(size=args.size, w=width, h=height))
    seed = int(_number(args.seed, int, -1, "--seed", 0, 2**31)) if args.seed is not None else -1
    if seed < 0 and settings.game.seed > 0:
        seed = settings.game.seed
    if seed < 0:
        seed = random.SystemRandom().randrange(1_000_000)
    demo = int(_number(args.demo, int, 1, "--demo", 1, 100_000)) if args.demo is not None else None
    at = args.at if args.at in ("start", "mid-hand", "result") else "mid-hand"
    history = _history_path(args, settings)
    if args.demo is not None or args.screenshot:  # the computers play for show: nobody's match to keep
        history = None
    return Options(
        rules=rules,
        level=level,
        deck=deck,
        seed=seed,
        demo=demo,
        speed=speed,
        reduced_motion=args.reduced_motion or settings.display.reduced_motion,
        ai_delay=_number(args.ai_delay, float, settings.display.computer_pause_ms / 1000, "--ai-delay", 0.0, 10.0),
        volume=_number(args.volume, float, settings.sound.volume, "--volume", 0.0, 1.0),
        mute=args.mute or settings.sound.mute,
        size=size,
        fullscreen=settings.display.fullscreen,
        inline_ai=args.inline_ai,
        screenshot=args.screenshot,
        at=at,
        verbose=args.verbose,
        shots_dir=args.shots_dir,
        think_time=_number(args.think_time, float, DEFAULT_THINK_TIME, "--think-time", 0.05, 60.0),
        store=store,
        menus=not (args.players or args.variant or args.demo or args.screenshot or args.replay),
        replay=args.replay,
        size_option=size_option,
        history=history,
        sheet=args.sheet,
    )
