"""From the menus to the table: the app's settings as an :class:`AppConfig`, and starting (or continuing) a match.

The menus keep the :class:`~briscola.store.SettingsStore` on the app (``app.store``); everything a match needs beyond
the rules (deck, speed, pause before computer moves) is read from it at the moment the match starts, so a change in
the settings scene applies to the next table without any other plumbing. The table reads its display settings (card
back, cloth, sorted hand, confirming a card, running points) from the store as it runs; the window's size and full
screen are applied to the window at once.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from briscola.text.i18n import _

if TYPE_CHECKING:
    from briscola.engine import Ruleset
    from briscola.store import Continued, Settings, SettingsStore
    from briscola.ui.app import App, AppConfig
    from briscola.ui.assets.cards import DeckImages
    from briscola.ui.table.scene import TableScene

__all__ = [
    "HUMAN",
    "apply_settings",
    "config_from_settings",
    "continue_match",
    "deck_images",
    "seat_label",
    "start_match",
]

HUMAN = "human"
COMPUTER_NAMES = ("Giulia", "Marco", "Sara", "Luca", "Anna")


def config_from_settings(settings: Settings, base: AppConfig | None = None) -> AppConfig:
    """The app's display and pacing config for ``settings`` (``base``'s other fields kept)."""
    from dataclasses import replace

    from briscola.ui.app import AppConfig

    display, sound = settings.display, settings.sound
    return replace(
        base or AppConfig(),
        size=display.window_size,
        fullscreen=display.fullscreen,
        speed=display.animation_speed,
        reduced_motion=display.reduced_motion,
        ai_delay=display.computer_pause_ms / 1000,
        volume=sound.volume,
        mute=sound.mute,
        deck=display.deck,
    )


def apply_settings(app: App, name: str) -> None:
    """After the setting ``name`` changed in the settings scene: the app follows it at once.

    Only that setting is applied, so the other one-run options of the command line (``--mute``, ``--speed``) hold.
    """
    from dataclasses import replace

    from briscola.text.i18n import set_language

    store = app.store
    if store is None:
        return
    display, sound = store.settings.display, store.settings.sound
    by_name: dict[str, dict[str, object]] = {
        "display.deck": {"deck": display.deck},
        "display.animation_speed": {"speed": display.animation_speed},
        "display.reduced_motion": {"reduced_motion": display.reduced_motion},
        "display.computer_pause_ms": {"ai_delay": display.computer_pause_ms / 1000},
        "sound.volume": {"volume": sound.volume},
        "sound.mute": {"mute": sound.mute},
        "display.window_size": {"size": display.window_size},
        "display.fullscreen": {"fullscreen": display.fullscreen},
    }
    app.config = replace(app.config, **by_name.get(name, {}))  # type: ignore[arg-type]
    if name.startswith("sound."):
        app.sounds.set_volume(sound.volume)
        app.sounds.mute = sound.mute
    elif name == "display.language":
        set_language([display.language] if display.language else None)
    elif name == "display.fullscreen":
        app.set_fullscreen(display.fullscreen)
    elif name == "display.window_size":
        app.set_window_size(display.window_size)  # kept for later while in full screen


def seat_label(spec: str, seat: int) -> str:
    """The name shown for a seat: "You", or a computer's name."""
    if spec == HUMAN:
        return _("You")
    if spec.startswith("external:"):
        return _("Bot {n}").format(n=seat + 1)
    return COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)]


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
    from briscola.ui.launch import level_label
    from briscola.ui.table.scene import TableScene

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
    driver.start_saving(MatchConfig(specs, names, preset))
    deck = app.store.settings.display.deck if app.store is not None else app.config.deck
    table = TableScene(app, driver, builtin_deck(deck))
    app.replace_all(table)
    return table


def continue_match(app: App, continued: Continued) -> TableScene:
    """The saved match, replayed to where it was saved (the table shows it as if it had been played)."""
    record = continued.record
    return start_match(
        app, record.rules, continued.config.seats, record.seed, continued.config.preset, continued=continued
    )


def store_of(app: App) -> SettingsStore:
    """The app's settings store (loaded with no overrides if the app was made without one)."""
    from briscola.store import SettingsStore

    if app.store is None:
        app.store = SettingsStore.load()
    return app.store


@functools.lru_cache(maxsize=4)
def deck_images(name: str) -> DeckImages:
    """The built-in deck ``name``, kept: menus draw its cards every frame, and reading a deck means files."""
    from briscola.ui.assets.cards import builtin_deck

    return builtin_deck(name)
