"""The desktop app: the window, the scene stack and the frame function ``step(dt)`` (events, update, draw).

``run`` calls :meth:`App.step` at most 60 times a second with the real elapsed time while something moves, and
sleeps on the event queue while nothing does (:meth:`App.wait_time`: the top scene says when it next needs a frame);
tests call ``step`` directly with any ``dt`` and synthetic events, under SDL's dummy video driver. The window is
resizable (never below 960 x 600, the smallest the table is laid out for) and F11 toggles fullscreen; the settings
scene sets both through :meth:`App.set_fullscreen` and :meth:`App.set_window_size`. Where the video driver can't
toggle full screen in place, a new display mode does it, and leaving full screen comes back to the window's size.

``pygame.display.toggle_fullscreen`` doesn't always raise when it fails: without a window manager, for one, it warns
and returns -1, leaving the window as it was. So its answer is checked, and so is the display afterwards, before the
other way is tried; :attr:`App.fullscreen` says what the display really is, never what was asked, so that a window
size chosen later is applied to the window that is really there.

The app also carries what every scene shares: its :class:`AppConfig` (made once, by
:func:`briscola.ui.launcher.app_config`, then changed setting by setting as the settings scene changes them:
:meth:`App.follow_setting`), the player's settings store, and the :class:`~briscola.ui.navigation.Navigator` through
which scenes reach each other.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final

import pygame
import pygame.freetype

from briscola.text.i18n import _
from briscola.ui.assets.sound import Sounds
from briscola.ui.core.layout import MIN_SIZE
from briscola.ui.core.window import fit_window
from briscola.ui.navigation import Navigator
from briscola.ui.scene import STILL, Scene

if TYPE_CHECKING:
    from briscola.store import Problem, SettingsStore
    from briscola.store.history import History

__all__ = ["FPS", "IDLE_WAIT", "MAX_DT", "SPEEDS", "App", "AppConfig"]

FPS = 60
MAX_DT: Final = 0.1
"""The longest step a frame takes after a stall (a window dragged, a slow disk): animations jump no further."""
NOTICE_SECONDS: Final = 5.0
"""How long a notice of the app's (where a screenshot went) stays: long enough to read a path."""
IDLE_WAIT: Final = 1.0
"""The longest the loop sleeps without an event, even for a scene that says it is still: a scene that forgot to
say when it moves would be late by at most this, never stuck. Waking once a second costs nothing measurable."""
#: Animation speed factors: each animation's duration is multiplied by the factor (0: no animation at all).
SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


@dataclass
class AppConfig:
    """The display and pacing settings of this run: the settings files with the command line's options over them.

    Built in one place, :func:`briscola.ui.launcher.app_config`; the settings scene changes one field at a time
    through :meth:`App.follow_setting`.
    """

    size: tuple[int, int] = (1280, 800)
    """The window's size asked for; it opens at this size shrunk to fit the desktop (:mod:`briscola.ui.core.window`)."""
    size_option: str | None = None
    """The command-line option that asked for :attr:`size` (``--windowed 2560x1440``), if one did: a window shrunk to
    fit then says so, since the player asked for that size in so many words."""
    fullscreen: bool = False
    speed: str = "normal"
    reduced_motion: bool = False
    ai_delay: float = 0.6
    volume: float = 0.7
    mute: bool = False
    deck: str = "napoletane"
    verbose: bool = False
    """Print a line for each hand's end and each screenshot (tests and scripts read them)."""
    shots_dir: str | None = None
    """Where F12 saves screenshots (None: :func:`briscola.store.paths.screenshots_dir`, the player's pictures)."""
    result_auto_advance: float | None = None
    """Seconds after which result screens continue by themselves (demo mode); None waits for the player."""
    extra: dict[str, object] = field(default_factory=dict)
    history: History | None = None
    """The open history (every match kept, for the statistics and the replays); None when it is off for this run."""

    @property
    def speed_factor(self) -> float:
        """The factor animation durations are multiplied by."""
        return SPEEDS.get(self.speed, 1.0)


class App:
    """The window and its stack of scenes."""

    def __init__(self, config: AppConfig, navigator: Callable[[App], Navigator], *, caption: str = "Briscola") -> None:
        self.config = config
        self.started = time.perf_counter()
        pygame.display.init()
        pygame.freetype.init()
        size = self.first_size()
        self.window_size = size
        """The window's size when not in full screen (what leaving full screen comes back to)."""
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(caption)
        self._set_minimum_size()
        self.sounds = Sounds(volume=self.config.volume, mute=self.config.mute)
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_frame_at: float | None = None
        self.fullscreen = False
        self.banner: tuple[str, float] | None = None
        """The app's own notice and its seconds left (:meth:`notify`), over whatever scene is on top."""
        self.store: SettingsStore | None = None
        """The player's settings, when the app was started from the menus (they save every change through it)."""
        self.navigator = navigator(self)
        """Where scenes ask for other scenes (the launcher that made the app)."""
        if self.config.fullscreen:
            self.set_fullscreen(True)

    def first_size(self) -> tuple[int, int]:
        """The size the window opens at: the config's, shrunk to fit the desktop it opens on with its title bar and
        the panels (:func:`~briscola.ui.core.window.fit_window`); a size typed on the command line that had to shrink
        is told on stderr, in the player's words."""
        asked = self.config.size
        desktops = self.desktop_sizes()
        size = fit_window(asked, desktops[0] if desktops else None)
        if self.config.size_option is not None and size != fit_window(asked, None):
            width, height = desktops[0]
            message = _("{option} doesn't fit the screen ({width}x{height}) with its title bar; the window is {size}.")
            text = message.format(
                option=self.config.size_option, width=width, height=height, size=f"{size[0]}x{size[1]}"
            )
            sys.stderr.write(_("warning: {message}").format(message=text) + "\n")
        return size

    @staticmethod
    def desktop_sizes() -> list[tuple[int, int]]:
        """Each display's desktop size, the one windows open on first; none without a real screen.

        SDL's dummy and offscreen drivers make a desktop up (1024x768): there the window is the size asked for, so
        the headless screenshots and the tests get the sizes they ask for.
        """
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return []
        try:
            return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
        except pygame.error:
            return []

    @property
    def settings_problems(self) -> list[Problem]:
        """What was wrong with the settings files at startup and still is, for the title to tell the player.

        The store's notices: one goes when the player chooses that setting, and those about the overlay's keys when
        the overlay is saved (see :mod:`briscola.store.session`).
        """
        return self.store.notices if self.store is not None else []

    def settings_store(self) -> SettingsStore:
        """The player's settings store (loaded with no overrides, once, if the app was made without one)."""
        from briscola.store import SettingsStore

        if self.store is None:
            self.store = SettingsStore.load()
        return self.store

    def follow_setting(self, name: str) -> None:
        """After the setting ``name`` changed in the settings scene: the app follows it at once.

        Only that setting is applied, so the other one-run options of the command line (``--mute``, ``--speed``) hold.
        """
        from briscola.text.i18n import set_language

        store = self.store
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
        self.config = replace(self.config, **by_name.get(name, {}))  # type: ignore[arg-type]
        if name.startswith("sound."):
            self.sounds.set_volume(sound.volume)
            self.sounds.mute = sound.mute
        elif name == "display.language":
            set_language([display.language] if display.language else None)
            for scene in self.scenes:  # a table under the settings, its pause menu: their buttons in the new words
                relabel = getattr(scene, "relabel", None)
                if callable(relabel):
                    relabel()
        elif name == "display.fullscreen":
            self.set_fullscreen(display.fullscreen)
        elif name == "display.window_size":
            self.set_window_size(display.window_size)  # kept for later while in full screen

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():  # pygame-ce deprecates this bridge, but it is the way to reach the window
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except (pygame.error, AttributeError, ValueError):
            pass  # a driver without windows (dummy): nothing to constrain

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        w, h = self.screen.get_size()
        return (int(w), int(h))

    # ------------------------------------------------------------------------------------------------ scenes

    @property
    def top(self) -> Scene | None:
        """The scene receiving input, if any."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        self.scenes.append(scene)
        scene.resize(self.size)

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` wherever it is)."""
        if scene is None:
            if self.scenes:
                self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)

    def replace_all(self, scene: Scene) -> None:
        """Clear the stack and start again with ``scene`` (a new game)."""
        for old in self.scenes:
            closer = getattr(old, "close", None)
            if callable(closer):
                closer()
        self.scenes = []
        self.push(scene)

    def quit(self) -> None:
        """End the app at the end of this frame."""
        self.running = False

    # ------------------------------------------------------------------------------------------------ window

    def toggle_fullscreen(self) -> bool:
        """F11: fullscreen on the current display, or back to a window; False if the display couldn't change.

        A display that can't change is told on the top scene when it can show messages (the table). A change is
        saved like the settings scene's "Full screen" row, so the next start, and that row, agree with the screen.
        """
        if self.set_fullscreen(not self.fullscreen):
            if self.store is not None and self.store.settings.display.fullscreen != self.fullscreen:
                self.store.change({"display.fullscreen": self.fullscreen})
                rebuild = getattr(self.top, "rebuild", None)
                if callable(rebuild):
                    rebuild()  # a settings scene on top shows the row as it now is
            return True
        tell = getattr(self.top, "tell", None)
        if callable(tell):
            tell([self.fullscreen_refused()])
        return False

    @staticmethod
    def fullscreen_refused() -> str:
        """What to tell a player whose display can't switch full screen, in the current language."""
        return _("Full screen can't be switched on this display; the game stays as it is.")

    def set_fullscreen(self, on: bool) -> bool:
        """Full screen on the current display (``on``), or back to a window of :attr:`window_size`; False if it failed.

        ``toggle_fullscreen`` keeps the window and its contents; where it fails, by raising or by answering -1 with a
        warning (no window manager, the dummy driver, some Wayland set-ups), a new display mode is set instead. If
        neither works the app stays as it was, and :attr:`fullscreen` keeps saying so.
        """
        if on == self.fullscreen:
            return True
        toggled = False
        with warnings.catch_warnings():  # a refusal is handled here; pygame's warning would only repeat it
            warnings.simplefilter("ignore")
            try:
                toggled = pygame.display.toggle_fullscreen() == 1
            except pygame.error:
                toggled = False
        if not toggled or self._really_fullscreen() != on:
            try:
                if on:
                    pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                else:
                    pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            except pygame.error:
                pass  # not supported by this driver either: what the display is now is said below
        self.fullscreen = self._really_fullscreen()
        surface = pygame.display.get_surface()
        if not self.fullscreen and surface is not None and surface.get_size() != self.window_size:
            with contextlib.suppress(pygame.error):  # the size was changed while in full screen
                pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._resized()
        return self.fullscreen == on

    @staticmethod
    def _really_fullscreen() -> bool:
        """Whether the display is in full screen now (asked of SDL, not remembered)."""
        is_fullscreen = getattr(pygame.display, "is_fullscreen", None)
        if callable(is_fullscreen):
            with contextlib.suppress(pygame.error):
                return bool(is_fullscreen())
        surface = pygame.display.get_surface()
        return surface is not None and bool(surface.get_flags() & pygame.FULLSCREEN)

    def set_window_size(self, size: tuple[int, int]) -> None:
        """The window's size from now on (at least :data:`MIN_SIZE`); applied at once unless in full screen.

        Shrunk to fit the largest desktop with its frame, as the settings offer only sizes that fit one (which display
        the window is on, pygame-ce doesn't say).
        """
        desktops = self.desktop_sizes()
        self.window_size = fit_window(size, max(desktops, key=lambda d: d[0] * d[1]) if desktops else None)
        if not self.fullscreen:
            self.resize(self.window_size)

    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        if not self.fullscreen:
            self.window_size = self.size  # a window dragged to a new size comes back at that size after full screen
        for scene in self.scenes:
            scene.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (tests, and drivers that report a size without applying it)."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized()

    # ------------------------------------------------------------------------------------------------ frames

    def step(self, dt: float, events: list[pygame.event.Event] | None = None, *, draw: bool = True) -> bool:
        """One frame: handle the events, advance the top scene by ``dt`` seconds, draw. False once quitting.

        ``events`` are those :meth:`run` already took off the queue while it waited (the pending ones by default).
        With ``draw`` False the frame is drawn only if it may look different: an event came, the top scene changed
        or animates, or its :meth:`picture_key` moved; a frame that only polled a worker leaves the screen alone.
        """
        before = self._picture()
        if events is None:
            events = pygame.event.get()
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type == pygame.VIDEORESIZE:
                if self.size != (event.w, event.h) or event.w < MIN_SIZE[0] or event.h < MIN_SIZE[1]:
                    self.resize((event.w, event.h))
                else:
                    self._resized()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
                self.save_screenshot()
            elif self.scenes:
                self.scenes[-1].process_event(event)
        if self.scenes:
            self.scenes[-1].update(dt)
        if self.banner is not None:
            left = self.banner[1] - dt
            self.banner = (self.banner[0], left) if left > 0.0 else None
        if draw or events or before is None or self._picture() != before or self.wait_time() == 0.0:
            self.draw()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        return self.running and bool(self.scenes)

    def save_screenshot(self, path: str | None = None) -> str:
        """F12: save the window as a PNG; the path, or "" when it could not be written (the game goes on).

        Without ``path`` it goes, time-stamped, into ``shots_dir``, by default the player's pictures folder (or the
        game's data folder), created if need be. The player is told where it went, in full, or why it failed.
        """
        if path is None:
            from briscola.store.paths import screenshots_dir

            folder = self.config.shots_dir or str(screenshots_dir())
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = os.path.join(folder, f"briscola-{stamp}-{self.frames}.png")
        path = os.path.abspath(path)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            pygame.image.save(self.screen, path)
        except (pygame.error, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self.say(f"screenshot failed: {error}")
            self.notify(_("The screenshot could not be saved in {path}: {reason}").format(path=path, reason=reason))
            return ""
        self.say(f"screenshot: {path}")
        self.notify(_("Screenshot saved: {path}").format(path=path))
        return path

    def notify(self, text: str) -> None:
        """Tell the player ``text`` for a few seconds: over the table among its messages, else on a banner the app
        draws at the foot of the window (the menus and the overlays have no messages of their own)."""
        tell = getattr(self.top, "tell", None)
        if callable(tell):
            tell([text], NOTICE_SECONDS)
            return
        self.banner = (text, NOTICE_SECONDS)

    def say(self, line: str) -> None:
        """Print ``line`` when verbose (what scripts and the real-window test read)."""
        if self.config.verbose:
            print(line, flush=True)

    def draw(self) -> None:
        """Draw the visible scenes, bottom first, and show the frame."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        for scene in self.scenes[start:]:
            scene.draw(self.screen)
        if self.banner is not None:
            self._draw_banner(self.banner[0])
        pygame.display.flip()

    def _draw_banner(self, text: str) -> None:
        """The app's own notice (:meth:`notify`): one line on a dark plate at the foot of the window."""
        w, h = self.size
        font = pygame.freetype.Font(None)
        size = max(12, h // 45)
        bounds = font.get_rect(text, size=size)
        plate = pygame.Rect(0, 0, min(w - 20, bounds.width + 30), round(size * 2))
        plate.midbottom = (w // 2, h - h // 60)
        back = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (0, 0, 0, 210), back.get_rect(), border_radius=plate.h // 2)
        self.screen.blit(back, plate)
        rendered, _rect = font.render(text, (240, 235, 220), size=size)
        self.screen.blit(rendered, rendered.get_rect(center=plate.center))

    def wait_time(self) -> float:
        """Seconds :meth:`run` may sleep before the next frame when no event comes.

        0 while the top scene animates (the next frame comes at 60 fps); otherwise what the scene's ``wake_in`` says
        (a poll of the AI worker, a message about to fade), at most :data:`IDLE_WAIT`; a scene that doesn't say is
        still. An event always ends the sleep at once.
        """
        scene = self.top
        if scene is None:
            return 0.0
        wake = getattr(scene, "wake_in", None)
        seconds = wake() if callable(wake) else STILL
        if self.banner is not None:  # woken to take it away
            seconds = min(seconds, self.banner[1])
        return max(0.0, min(float(seconds), IDLE_WAIT))

    def _picture(self) -> tuple[int, object, bool] | None:
        """The top scene and its ``picture_key`` (what it draws, as a value), or None when it can't say."""
        scene = self.top
        key = getattr(scene, "picture_key", None)
        return (id(scene), key(), self.banner is not None) if callable(key) else None

    @staticmethod
    def wait_events(seconds: float) -> list[pygame.event.Event]:
        """Sleep until an event comes or ``seconds`` pass; the events then pending, the first one first."""
        first = pygame.event.wait(max(1, round(seconds * 1000)))
        return [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []

    def run(self) -> int:
        """Run frames until the player quits; the exit code.

        While something moves, frames come at most :data:`FPS` a second, each drawn. While nothing does, the loop
        sleeps on the event queue for :meth:`wait_time`, then runs a frame that is drawn only if its picture may
        have changed, so a table waiting for the player, the pause menu or the title costs next to no CPU. A frame
        after a sleep advances time by the whole sleep (a message's seconds keep counting), a stall by at most
        :data:`MAX_DT`.
        """
        try:
            running = True
            while running:
                wait = self.wait_time()
                if wait <= 1.0 / FPS:
                    running = self.step(min(self.clock.tick(FPS) / 1000.0, MAX_DT))
                    continue
                events = self.wait_events(wait)
                dt = min(self.clock.tick() / 1000.0, wait + MAX_DT)
                running = self.step(dt, events, draw=False)
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Close every scene (stopping the AI worker) and the window."""
        for scene in self.scenes:
            closer = getattr(scene, "close", None)
            if callable(closer):
                closer()
        self.scenes = []
        if os.environ.get("BRISCOLA_KEEP_DISPLAY") != "1":
            pygame.display.quit()
