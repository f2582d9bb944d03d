"""The new-game scene: players, who sits where, a preset and its options, the deck, an optional seed; then play.

The choices start from the store's ``[game]`` table (the last new game) and are saved back when the match starts,
so the next new game opens as this one was set up. An option the engine can't combine with the others is refused
on the spot with the engine's reason, so "Start" always starts.

A seat is you, a computer level, or an external bot: any program speaking BBP/1, whose command is typed in a text
field under the seat (``external:COMMAND`` in the settings, as the arena writes it). A command that is empty or
can't be read is refused at "Start" with a message, the field focused; one that names no program that runs is the
table's business (a notice there, and legal moves played for the seat), since only starting it can tell.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from briscola.engine import PRESETS, Ruleset
from briscola.engine.errors import RulesetError
from briscola.i18n import N_, _
from briscola.ui.menu_start import HUMAN, seat_label, store_of
from briscola.ui.menu_widgets import MenuScene, Row, action, choice
from briscola.ui.text_field import text_field
from briscola.ui.widgets import COLOURS, draw_text

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["EXTERNAL", "OPTIONS", "PLAYER_COUNTS", "NewGameScene"]

PLAYER_COUNTS = (2, 3, 4, 6)
DEFAULT_PRESET = {2: "classic", 3: "three", 4: "four", 6: "six"}
LEVELS = ("principiante", "facile", "medio", "difficile", "esperto", "campione")
_ON_OFF = ((False, N_("off")), (True, N_("on")))
#: The seat choice "External bot…", and the prefix of its seat spec: ``external:`` followed by the command.
EXTERNAL = "external:"

#: The options offered, each with its values (value, label) and its one-line explanation; the texts are marked, and
#: translated where they are shown.
OPTIONS: tuple[tuple[str, str, tuple[tuple[Any, str], ...], str], ...] = (
    (
        "swap",
        N_("Trump swap"),
        (("off", N_("off")), ("seven", N_("the 7")), ("two", N_("the 2")), ("both", N_("7 or 2"))),
        N_("The holder of the trump 7 (or 2) may exchange it for the face-up briscola."),
    ),
    (
        "open_hands",
        N_("Open hands"),
        _ON_OFF,
        N_("Both hands are played face up; only the talon stays hidden (2 players)."),
    ),
    (
        "trump_mode",
        N_("Trump"),
        (("turned", N_("turned up")), ("hidden", N_("cubierta")), ("none", N_("briscolone"))),
        N_(
            "Turned up: the classic briscola. Cubierta: face down until a trump is played. Briscolone: no trump at all."
        ),
    ),
    (
        "to_31",
        N_("To 31"),
        _ON_OFF,
        N_("Declare when your captured points reach 31; no running score is shown (2 players)."),
    ),
    ("must_follow_suit", N_("Must follow suit"), _ON_OFF, N_("A player who can follow the suit led must do so.")),
    (
        "draw_handling",
        N_("60-60"),
        (("none", N_("a draw")), ("replay", N_("replayed")), ("carry", N_("carried over"))),
        N_("What a hand with 60 points each does: stays a draw, is replayed at double stake, or carries to the next."),
    ),
    (
        "margin_scoring",
        N_("Spanish margins"),
        _ON_OFF,
        N_("Game points by margin: 1 for 61-90, 2 for 91-119, 3 for capote."),
    ),
    ("rematada", N_("Rematada"), _ON_OFF, N_("Card points add up over hands; the first to 101 wins.")),
    (
        "hands_to_win",
        N_("Hands to win"),
        tuple((n, str(n)) for n in range(1, 6)),
        N_("Hands a side must win to win the match (2 = best of three)."),
    ),
)


class NewGameScene(MenuScene):
    """Set up a match and start it."""

    def __init__(self, app: App) -> None:
        self.notice = ""
        game = store_of(app).settings.game
        self.players = game.players if game.players in PLAYER_COUNTS else 2
        self.preset = game.preset if PRESETS[game.preset].players == self.players else DEFAULT_PRESET[self.players]
        self.options: dict[str, Any] = dict(game.options) if self.preset == game.preset else {}
        if game.hands_to_win:
            self.options["hands_to_win"] = game.hands_to_win
        self.commands: dict[int, str] = {}
        """The command typed for each seat that is (or was, in this scene) an external bot."""
        specs = [self._known(spec, seat) for seat, spec in enumerate(game.seat_specs())]
        specs = [s if s != HUMAN or specs.index(HUMAN) == i else "medio" for i, s in enumerate(specs)]  # one "you"
        self.seats = specs if len(specs) == self.players else self._default_seats(game.level)

        self.level = game.level
        self.seed = game.seed
        self.deck = store_of(app).settings.display.deck
        super().__init__(app)
        self.title = _("New game")

    def _known(self, spec: str, seat: int) -> str:
        """A remembered seat as this scene offers it: "you", an external bot, or a level by its Italian name.

        Anything else (a reference player such as "greedy", which the settings file accepts) is replaced by
        Intermediate, with a notice.
        """
        from briscola.ai.levels import PlayerSpecError, parse_level

        if spec == HUMAN:
            return spec
        if spec.startswith(EXTERNAL):
            self.commands[seat] = spec[len(EXTERNAL) :].strip()
            return EXTERNAL + self.commands[seat]
        try:
            name = parse_level(spec).italian
        except PlayerSpecError:
            name = ""
        if name not in LEVELS:
            self.notice = _("{spec} can't sit at this table; a computer plays instead.").format(spec=spec)
            return "medio"
        return name

    def _default_seats(self, level: str = "medio") -> list[str]:
        return [HUMAN, *([level if level in LEVELS else "medio"] * (self.players - 1))]

    # ------------------------------------------------------------------------------------------------ rules

    def rules(self, options: dict[str, Any] | None = None) -> Ruleset:
        """The ruleset chosen (RulesetError if the options don't go together)."""
        return PRESETS[self.preset].with_options(players=self.players, **(self.options if options is None else options))

    def set_option(self, name: str, value: object) -> None:
        """Change one option if the engine accepts it with the others; else say why and keep the old value."""
        trial = dict(self.options)
        if getattr(PRESETS[self.preset], name) == value or (
            name == "trump_mode" and PRESETS[self.preset].trump_mode.value == value
        ):
            trial.pop(name, None)
        else:
            trial[name] = value
        try:
            self.rules(trial)
        except (RulesetError, ValueError, TypeError) as error:
            self.notice = _("Not with these rules: {error}").format(error=error)
            return
        self.notice = ""
        self.options = trial

    def set_players(self, value: object) -> None:
        self.players = int(str(value))
        self.preset = DEFAULT_PRESET[self.players]
        self.options = {}
        self.seats = self._default_seats(self.level)

    def set_preset(self, value: object) -> None:
        self.preset = str(value)
        self.options = {}

    def set_seat(self, seat: int, value: object) -> None:
        """Who sits at ``seat``; there is one "you" at most, so choosing it elsewhere makes the old seat a computer.

        An external bot takes the command last typed for this seat (often empty: the field under the seat is next).
        """
        spec = str(value)
        if spec == HUMAN:
            self.seats = ["medio" if s == HUMAN else s for s in self.seats]
        if spec == EXTERNAL:
            spec = EXTERNAL + self.commands.get(seat, "").strip()
        self.seats[seat] = spec

    def set_command(self, seat: int, text: str) -> None:
        """The command typed for ``seat``'s bot (kept as typed; the seat's spec has it without outer spaces)."""
        self.commands[seat] = text
        if text.strip():
            self.notice = ""  # a refusal of the empty command no longer holds
        if self.seats[seat].startswith(EXTERNAL):
            self.seats[seat] = EXTERNAL + text.strip()

    def _seat_setter(self, seat: int) -> Callable[[object], None]:
        return lambda value: self.set_seat(seat, value)

    def _command_setter(self, seat: int) -> Callable[[str], None]:
        return lambda text: self.set_command(seat, text)

    def _option_setter(self, name: str) -> Callable[[object], None]:
        return lambda value: self.set_option(name, value)

    def set_deck(self, value: object) -> None:
        self.deck = str(value)

    # ------------------------------------------------------------------------------------------------ rows

    def build(self) -> list[Row]:
        from briscola.art.decks import DECKS
        from briscola.ui.launch import level_label

        rows = [
            choice(
                _("Players"),
                [(n, str(n)) for n in PLAYER_COUNTS],
                self.players,
                self.set_players,
                help=_("How many sit at the table; 4 and 6 play in two teams."),
                key="players",
            ),
        ]
        who = [(HUMAN, _("You")), *((level, level_label(level)) for level in LEVELS), (EXTERNAL, _("External bot…"))]
        for seat in range(self.players):
            external = self.seats[seat].startswith(EXTERNAL)
            rows.append(
                choice(
                    _("Seat {n}").format(n=seat + 1),
                    who,
                    EXTERNAL if external else self.seats[seat],
                    self._seat_setter(seat),
                    help=_("You, a computer player and its strength (1 to 6), or an external bot program."),
                    key=f"seat{seat}",
                )
            )
            if external:
                rows.append(
                    text_field(
                        _("Bot command"),
                        self.commands.get(seat, ""),
                        self._command_setter(seat),
                        placeholder=_("type it, e.g. python3 mybot.py"),
                        help=_("The program that plays this seat, with its arguments; it must speak BBP/1."),
                        key=f"command{seat}",
                    )
                )
        presets = [(name, name) for name, rules in PRESETS.items() if rules.players == self.players]
        rows.append(
            choice(
                _("Rules"),
                presets,
                self.preset,
                self.set_preset,
                help=_(PRESETS[self.preset].description),
                key="preset",
            )
        )
        rules = self.rules()
        for name, label, values, explanation in OPTIONS:
            current = getattr(rules, name)
            current = getattr(current, "value", current)
            rows.append(
                choice(
                    _(label),
                    [(v, _(text)) for v, text in values],
                    current,
                    self._option_setter(name),
                    help=_(explanation),
                    key=name,
                )
            )
        rows.append(
            choice(
                _("Deck"),
                [(name, name) for name in DECKS],
                self.deck,
                self.set_deck,
                help=_("The card pictures; the preview is on the right."),
                key="deck",
            )
        )
        rows.append(
            action(
                _("Seed: {seed}").format(seed=self.seed or _("random")),
                self.clear_seed,
                help=_("Type digits for a reproducible deal; Enter or Backspace to clear."),
                key="seed",
            )
        )
        rows.append(action(_("Start"), self.start, help=_("Deal the cards."), key="start"))
        return rows

    def clear_seed(self) -> None:
        self.seed = 0
        self.rebuild()

    def process_event(self, event: pygame.event.Event) -> None:
        """The menu's keys, plus digits typed on the seed row."""
        on_seed = self.rows and self.rows[self.focus].key == "seed"
        if on_seed and event.type == pygame.KEYDOWN and getattr(event, "unicode", "").isdigit():
            self.seed = min(self.seed * 10 + int(event.unicode), 2**31 - 1)
            self.rebuild()
        elif on_seed and event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.seed //= 10
            self.rebuild()
        else:
            super().process_event(event)

    # ------------------------------------------------------------------------------------------------ start

    def refused_command(self) -> str:
        """Why a bot's command can't be used (empty, or quotes that don't close), its field focused; "" if all are
        fine. Checked at "Start" only: while it is being typed a command is unfinished, not wrong."""
        for seat, spec in enumerate(self.seats):
            if not spec.startswith(EXTERNAL):
                continue
            command = spec[len(EXTERNAL) :].strip()
            problem = "" if command else _("Seat {n}: type the command that starts the bot.").format(n=seat + 1)
            if command:
                try:
                    shlex.split(command)
                except ValueError:
                    problem = _("Seat {n}: the bot's command can't be read; check its quotes.").format(n=seat + 1)
            if problem:
                keys = [row.key for row in self.rows]
                if f"command{seat}" in keys:
                    self.focus = keys.index(f"command{seat}")
                    self._keep_visible()
                return problem
        return ""

    def start(self) -> None:
        """Remember the choices and deal (unless a bot's command is refused: then say why)."""
        from briscola.ui.menu_start import start_match

        refused = self.refused_command()
        if refused:
            self.notice = refused
            return
        store = store_of(self.app)
        options = {k: v for k, v in self.options.items() if k != "hands_to_win"}
        problems = store.change(
            {
                "game.players": self.players,
                "game.preset": self.preset,
                "game.options": options,
                "game.hands_to_win": int(self.options.get("hands_to_win", 0)),
                "game.seats": list(self.seats),
                "game.seed": self.seed,
                "display.deck": self.deck,
            }
        )
        if problems:
            self.notice = problems[0].message()
        seed = self.seed or random.SystemRandom().randrange(1, 1_000_000)
        start_match(self.app, self.rules(), tuple(self.seats), seed, self.preset)

    # ------------------------------------------------------------------------------------------------ drawing

    def draw_side(self, surface: pygame.Surface) -> None:
        """The table diagram with teams, the deck preview and the refusal notice."""
        w, h = self.size
        left = int(w * self.column)
        self._draw_diagram(surface, (left + (w - left) // 2, round(h * 0.36)), min(w - left, h) // 6)
        self._draw_deck(surface, left + w // 40, int(h * 0.56), (w - left) - w // 20)
        if self.notice:
            draw_text(surface, self.notice[:110], max(13, h // 50), (w / 2, h - h // 7), COLOURS["red"])

    def _draw_diagram(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        import math

        rules = self.rules()
        teams = rules.players in (4, 6)
        pygame.draw.circle(surface, COLOURS["felt_dark"], centre, radius)
        pygame.draw.circle(surface, COLOURS["gold"], centre, radius, width=2)
        size = max(13, radius // 5)
        for seat, spec in enumerate(self.seats):
            angle = math.pi / 2 - 2 * math.pi * seat / rules.players  # seat 0 at the bottom, then round as at the table
            x = centre[0] + math.cos(angle) * radius * 1.25
            y = centre[1] + math.sin(angle) * radius * 1.25
            colour = (COLOURS["gold"] if seat % 2 == 0 else COLOURS["red"]) if teams else COLOURS["text"]
            pygame.draw.circle(surface, colour, (round(x), round(y)), size)
            draw_text(surface, str(seat + 1), size, (x, y), COLOURS["panel"], bold=True)
            draw_text(surface, seat_label(spec, seat), size, (x, y + size * 1.7), COLOURS["text"])
        if teams:
            legend = (centre[0], centre[1] - radius * 1.25 - size * 3)
            draw_text(surface, _("Teams: gold and red"), size, legend, COLOURS["muted"])

    def _draw_deck(self, surface: pygame.Surface, left: int, top: int, width: int) -> None:
        from briscola.engine.cards import ALL_CARDS
        from briscola.ui.menu_start import deck_images

        deck = deck_images(self.deck)
        card_w = max(30, int(width / 5.4))
        size = (card_w, round(card_w * 1.65))
        for n, code in enumerate((9, 17, 24, 38)):  # ace of denari, king of coppe, seven of spade, three of bastoni
            surface.blit(deck.face(ALL_CARDS[code], size), (left + n * (card_w + 4), top))
        surface.blit(deck.back(size), (left + 4 * (card_w + 4), top))
