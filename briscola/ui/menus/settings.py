"""The settings scene: every display and sound setting, each change saved at once through the store and applied.

Each row is one key of :data:`briscola.store.settings_schema.SCHEMA`; what the row says under it is a short line in
the current language. Saving goes through :meth:`SettingsStore.change`, so the file is written atomically and a
value the store refuses is named on screen, never half-applied. Choosing a setting again also clears the startup
notice about it (the title shows what was wrong with the files until then; the store decides, see
:attr:`SettingsStore.notices`). Card backs are shown by their names in the player's language, not by their ids.

Full screen is a wish the display may refuse (no window manager, a driver that can't): then the setting goes back to
what the display really is, and the scene says why, so that the row, the saved file and the screen agree.

One row is not a setting: "Forget what Champion learned about me" asks first (the confirm scene, Cancel focused), then
removes from the history what the top level has learned about the profile playing (:mod:`briscola.ai.opponent`), and
says that it did, or why it could not (no history this run, a file that can't be written, nothing learned yet). It is
here rather than on the profile screen, whose rows are the names to play as: this screen is where the player decides
what the game keeps (the history row above it).
"""

from __future__ import annotations

import contextlib
import functools
from typing import TYPE_CHECKING

import pygame

from briscola.text.i18n import N_, Text, _, ngettext
from briscola.ui.assets.cards import deck_images
from briscola.ui.assets.labels import BACK_NAMES
from briscola.ui.core.layout import MIN_SIZE
from briscola.ui.core.window import fits
from briscola.ui.widgets.basic import COLOURS, draw_panel, draw_text
from briscola.ui.widgets.form import MenuScene, wrap
from briscola.ui.widgets.rows import Row, action, choice

if TYPE_CHECKING:
    from briscola.store import Problem
    from briscola.ui.app import App

__all__ = ["SettingsScene"]

#: The choices of each setting as (value, label): labels marked ``N_`` are translated where shown; the languages keep
#: their own names, so a player who can't read the current language still finds theirs.
TABLE_COLOURS = (
    ("#1f5f3a", N_("green")),
    ("#1d4e7a", N_("blue")),
    ("#6b1f2a", N_("red")),
    ("#3a3a3a", N_("grey")),
    ("#5b3b1f", N_("brown")),
)
LANGUAGE_NAMES = (
    ("", N_("system")),
    ("it", "Italiano"),
    ("en", "English"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("da", "Dansk"),
)
SPEED_NAMES = (("slow", N_("slow")), ("normal", N_("normal")), ("fast", N_("fast")), ("instant", N_("instant")))
PAUSES = tuple((ms, f"{ms / 1000:g} s") for ms in (0, 200, 400, 600, 1000, 1500, 2500))
VOLUMES = tuple((round(v / 10, 1), f"{v * 10}%") for v in range(11))
ON_OFF = ((False, N_("off")), (True, N_("on")))
WINDOW_SIZES = ((960, 600), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080), (2560, 1440))
"""Window sizes offered (those that fit the screen), from the smallest the table is laid out for."""


def window_sizes(current: tuple[int, int]) -> list[tuple[tuple[int, int], str]]:
    """The window sizes to offer as (size, label): the ones that fit a screen, and ``current`` in its place.

    A size that fits no screen with its title bar and the panels (:func:`~briscola.ui.core.window.fits`: 1280x800 is
    too tall for a 1280x800 laptop) would open a window the player can't see the edges of; the current size stays
    offered even then, so that stepping through the choices never loses it.
    """
    screens: list[tuple[int, int]] = []
    with contextlib.suppress(pygame.error):  # no display yet: offer them all
        screens = [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    sizes = [
        size
        for size in WINDOW_SIZES
        if size == MIN_SIZE or not screens or any(fits(size, screen) for screen in screens)
    ]
    if current not in sizes:
        sizes.append(current)
    return [(size, f"{size[0]} × {size[1]}") for size in sorted(sizes)]


@functools.lru_cache(maxsize=8)
def _back_picture(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The back design ``name`` at ``size``, kept: the preview is drawn every frame, and drawing an SVG is not free."""
    from briscola.ui.assets.cards import back_path, rasterise

    return rasterise(back_path(name).read_bytes(), size)


class SettingsScene(MenuScene):
    """Deck and back, table, language, speed and motion, sound, pacing, hand and play aids, window."""

    def __init__(self, app: App) -> None:
        self.problem: Problem | None = None
        """The store's refusal of the last change (put into words when drawn, in the language in use then)."""
        self.fullscreen_refused = False
        """True when the display refused the full screen just chosen."""
        self.said: Text | None = None
        """What asking to forget what Champion learned came to (worded when drawn)."""
        super().__init__(app)
        self.title = _("Settings")
        self.preview = self._preview_pictures()
        """The deck's two faces and the back shown beside the rows, at the size they are drawn."""

    def update(self, dt: float) -> None:
        """The preview follows the deck and back chosen, at the window's size."""
        self.preview = self._preview_pictures()

    def _swatch(self) -> pygame.Rect:
        """The cloth's swatch beside the rows; the cards are shown under it."""
        w, h = self.size
        left = int(w * self.column)
        return pygame.Rect(left + w // 40, h // 7, (w - left) - w // 20, h // 5)

    def _card_size(self) -> tuple[int, int]:
        """The size of the preview's cards."""
        card_w = max(40, self._swatch().width // 4)
        return (card_w, round(card_w * 1.65))

    def _preview_pictures(self) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface]:
        """The preview's pictures (reading a deck or a back means files, so never while drawing)."""
        from briscola.engine.cards import ALL_CARDS

        display = self.app.settings_store().settings.display
        size = self._card_size()
        deck = deck_images(display.deck)
        back = deck.back(size)
        if display.back:
            with contextlib.suppress(OSError, pygame.error, ValueError):  # a missing back file: the deck's own
                back = _back_picture(display.back, size)
        return (deck.face(ALL_CARDS[9], size), deck.face(ALL_CARDS[27], size), back)

    @property
    def notice(self) -> str:
        """What the last change met with, in the current language ("" when all went well)."""
        if self.problem is not None:
            return self.problem.summary()
        if self.said is not None:
            return str(self.said)
        return self.app.fullscreen_refused() if self.fullscreen_refused else ""

    def set(self, name: str, value: object) -> None:
        """Save one setting now and apply it; a refusal is shown."""
        store = self.app.settings_store()
        problems = store.change({name: value})
        self.problem = problems[0] if problems else None
        self.fullscreen_refused = False
        self.said = None
        self.app.follow_setting(name)
        if name == "display.fullscreen" and self.app.fullscreen != store.settings.display.fullscreen:
            store.change({name: self.app.fullscreen})  # what the display really is, saved: no row claims otherwise
            self.fullscreen_refused = True
        self.title = _("Settings")

    def build(self) -> list[Row]:
        from briscola.art.decks import DECKS
        from briscola.art.frames import BACKS

        settings = self.app.settings_store().settings
        d, s, p, c = settings.display, settings.sound, settings.player, settings.coach

        def row(name: str, label: str, options: object, current: object, help: str) -> Row:
            pairs = [(value, _(text)) for value, text in options]  # type: ignore[attr-defined]
            return choice(label, pairs, current, lambda value: self.set(name, value), help=help, key=name)

        on_off = ON_OFF
        return [
            row("display.deck", _("Deck"), [(n, n) for n in DECKS], d.deck, _("The card pictures.")),
            row(
                "display.back",
                _("Card back"),
                [("", N_("the deck's own")), *((b, BACK_NAMES.get(b, b)) for b in BACKS)],
                d.back,
                _("The back of the cards, chosen apart from the faces."),
            ),
            row("display.table_colour", _("Table colour"), TABLE_COLOURS, d.table_colour, _("The cloth of the table.")),
            row("display.language", _("Language"), LANGUAGE_NAMES, d.language, _("The language of the game.")),
            row(
                "display.animation_speed",
                _("Animation speed"),
                SPEED_NAMES,
                d.animation_speed,
                _("How fast the cards move."),
            ),
            row(
                "display.reduced_motion",
                _("Reduced motion"),
                on_off,
                d.reduced_motion,
                _("Short plain moves: no flips, no shuffle."),
            ),
            row("sound.volume", _("Volume"), VOLUMES, round(s.volume, 1), _("Sound volume.")),
            row("sound.mute", _("Mute"), on_off, s.mute, _("All sound off, keeping the volume.")),
            row(
                "display.computer_pause_ms",
                _("Pause before computer plays"),
                PAUSES,
                d.computer_pause_ms,
                _("Time to follow each computer move."),
            ),
            row(
                "display.show_running_points",
                _("Show running points"),
                on_off,
                d.show_running_points,
                _("Each side's points as tricks are taken (never in briscola to 31)."),
            ),
            row(
                "coach.counting_aid",
                _("Counting aid"),
                on_off,
                c.counting_aid,
                _(
                    "Beside the table: the cards played by suit, the trumps and the aces and threes still out, and "
                    "each side's points (never in briscola to 31)."
                ),
            ),
            row(
                "display.sort_hand",
                _("Sort my hand"),
                on_off,
                d.sort_hand,
                _("Keep your hand sorted: suits together, trumps last, weakest to strongest."),
            ),
            row(
                "display.confirm_play",
                _("Confirm before playing"),
                on_off,
                d.confirm_play,
                _("Ask before each card is played."),
            ),
            row(
                "display.trick_cue",
                _("Trick cue"),
                on_off,
                d.trick_cue,
                _("After each trick, say for a moment who took it and for how many points."),
            ),
            row(
                "player.history",
                _("Keep history"),
                on_off,
                p.history,
                _("Keep every match you play, for your statistics and replays (from the next match)."),
            ),
            action(
                _("Forget what Champion learned about me"),
                self.ask_to_forget,
                help=_(
                    "Champion learns how you play in two-player games, to play better against you: forget it all and "
                    "let it learn again from your next game."
                ),
                key="forget_model",
            ),
            row("display.fullscreen", _("Full screen"), on_off, d.fullscreen, _("Full screen or a window (F11).")),
            row(
                "display.window_size",
                _("Window size"),
                window_sizes(d.window_size),
                d.window_size,
                _("The size of the window when not in full screen."),
            ),
        ]

    def ask_to_forget(self) -> None:
        """Ask before forgetting what Champion learned about the profile playing; say at once why there is nothing
        to ask (no history this run, a file that can't be written, nothing learned yet)."""
        self.problem, self.fullscreen_refused = None, False
        history, name = self.app.config.history, self.app.profile
        if history is None:
            self.said = Text(N_("The history is off for this run: there is nothing of Champion's to forget."))
            return
        if history.read_only:
            self.said = Text(N_("The history's file can't be written now: nothing was forgotten."))
            return
        model, problem = history.opponent_model("profile", name)
        if problem is None and model.hands <= 0:
            self.said = Text(N_("Champion has not learned anything about {name} yet."), name=name)
            return
        if problem is None:
            detail = ngettext(
                "Champion has learned from {count} hand how {name} plays. It starts again from nothing.",
                "Champion has learned from {count} hands how {name} plays. It starts again from nothing.",
                model.hands,
            ).format(count=model.hands, name=name)
        else:  # a kept model that can't be read: forgetting it is the way out
            detail = problem.summary()
        question = _("Forget what Champion learned about you?")
        self.app.navigator.confirm(question, detail, _("Forget"), lambda: self.forget(name))

    def forget(self, name: str) -> None:
        """Forget what Champion learned about ``name`` (confirmed), and say so, or that it could not be done."""
        history = self.app.config.history
        if history is not None and history.forget_opponent_model("profile", name):
            self.said = Text(N_("Champion has forgotten what it learned about {name}."), name=name)
        else:
            self.said = Text(N_("What Champion learned about {name} could not be forgotten."), name=name)

    def draw_side(self, surface: pygame.Surface) -> None:
        """The chosen deck and back, and the cloth colour, so a change is seen at once."""
        settings = self.app.settings_store().settings
        h = self.size[1]
        swatch = self._swatch()
        pygame.draw.rect(surface, pygame.Color(settings.display.table_colour), swatch, border_radius=14)
        pygame.draw.rect(surface, COLOURS["gold"], swatch, width=2, border_radius=14)
        draw_text(surface, _("Table colour"), max(14, h // 40), swatch.center, COLOURS["text"])
        card_w, card_h = self._card_size()
        top = swatch.bottom + h // 30
        for n, picture in enumerate(self.preview):  # two faces, then the back
            surface.blit(picture, (swatch.x + n * (card_w + 8), top))
        self._draw_notice(surface, swatch.x, top + card_h + h // 30, swatch.width)

    def _draw_notice(self, surface: pygame.Surface, x: int, top: int, width: int) -> None:
        """The last change's refusal, whole: wrapped under the preview on a dark panel, in light text."""
        notice = self.notice
        if not notice:
            return
        h = self.size[1]
        size = max(14, h // 42)
        step = size + max(4, size // 3)
        pad = max(8, size // 2)
        bottom = h - h // 11 - max(14, self.row_height // 2)  # above the focused row's help line
        lines = wrap(notice, size, width - 2 * pad)
        while len(lines) * step + 2 * pad > bottom - top and size > 11:  # a long one is made smaller, never cut
            size -= 1
            step = size + max(3, size // 3)
            lines = wrap(notice, size, width - 2 * pad)
        panel = pygame.Rect(x, top, width, len(lines) * step + 2 * pad)
        draw_panel(surface, panel, alpha=235)
        for n, line in enumerate(lines):
            draw_text(surface, line, size, (x + pad, top + pad + n * step), COLOURS["text"], anchor="topleft")
