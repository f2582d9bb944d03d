"""The new-game scene: players, who sits where, a preset and its options, the deck, an optional seed; then play.

The form is grouped as a player thinks it through: who plays (the player count, then each seat, with the teams in the
diagram beside) and which rules (the preset) first; then "More options", a row that shows or hides the preset's own
options and the seed (Enter, a click, or Right and Left), hidden at first, so the form a newcomer meets is short; the
deck last, then Start. Changing the player count keeps each seat's choice where the table still has that seat
(:func:`~briscola.ui.menus.setup.new_game_seats.reseat`). When a match is saved, Start asks before it replaces it.

The choices start from the store's ``[game]`` table (the last new game) and are saved back when the match starts,
so the next new game opens as this one was set up. An option the engine can't combine with the others is refused
on the spot with the engine's reason, so "Start" always starts.

A seat is you, a computer level, or an external bot: any program speaking BBP/1, whose command is typed in a text
field under the seat (``external:COMMAND`` in the settings, as the arena writes it); Enter on "External bot…" goes
to that field. A command that is empty or can't be read is refused at "Start" with a message, the field focused;
one that names no program that runs is the table's business (a notice there, and legal moves played for the seat),
since only starting it can tell. Changing a seat changes no other (:mod:`briscola.ui.menus.setup.new_game_seats` has
the rule and the diagram); what the options are is :mod:`briscola.ui.menus.setup.new_game_options`'s. "Start" asks
the app's navigator for the table; the deck preview (with the card back chosen in the settings) is set up as the scene
is made and updated, so drawing it changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from briscola.engine import PRESETS, Ruleset
from briscola.engine.errors import RulesetError
from briscola.text.i18n import _
from briscola.text.presets import preset_label
from briscola.ui.assets.cards import DeckImages, chosen_back, deck_images
from briscola.ui.core.seats import HUMAN
from briscola.ui.menus.new_match import new_seed, start_new_match
from briscola.ui.menus.profile import profile_label
from briscola.ui.menus.setup.new_game_draw import draw_deck_preview, draw_more_row, more_summary
from briscola.ui.menus.setup.new_game_options import (
    COACH_GRADINGS,
    COACH_HINTS,
    DEFAULT_PRESET,
    EXTERNAL,
    LEVELS,
    OPTIONS,
    PLAYER_COUNTS,
    offered_options,
)
from briscola.ui.menus.setup.new_game_seats import (
    command_refusal,
    draw_diagram,
    offered_seat,
    reseat,
    seat_choices,
    seat_help,
    seating_note,
)
from briscola.ui.widgets.basic import COLOURS, draw_text
from briscola.ui.widgets.form import MenuScene, wrap
from briscola.ui.widgets.rows import Row, action, choice, text_field

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["EXTERNAL", "OPTIONS", "PLAYER_COUNTS", "NewGameScene"]


class NewGameScene(MenuScene):
    """Set up a match and start it."""

    def __init__(self, app: App) -> None:
        self.notice = ""
        game = app.settings_store().settings.game
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
        self.memory = list(self.seats)
        """The longest seating chosen here, so a seat that goes with a smaller table comes back as it was."""
        self.expanded = False
        """Whether "More options" shows the preset's options and the seed."""

        self.level = game.level
        self.seed = game.seed
        self.deck = app.settings_store().settings.display.deck
        coach = app.settings_store().settings.coach
        self.undo = coach.undo
        """Whether the match may take back moves (the ``coach.undo`` setting, read by the launcher as it starts)."""
        self.hints = coach.hints
        """The coach's hint offered in the match (``coach.hints``, read by the launcher as it starts)."""
        self.grading = coach.grading
        """When the coach grades the human's moves: "off", "move" or "hand" (``coach.grading``)."""
        super().__init__(app)
        self.title = _("New game")
        self.preview = self._preview_deck()

    def update(self, dt: float) -> None:
        """The deck preview follows the deck chosen here and the back chosen in the settings; the player's row the
        name chosen over this scene."""
        self.preview = self._preview_deck()
        if any(row.key == "profile" and row.label != self._profile_label() for row in self.rows):
            self.rebuild()

    def _profile_label(self) -> str:
        return profile_label(self.app)

    def _preview_deck(self) -> DeckImages:
        """The chosen deck, showing the card back the table will use (resolved as the table resolves it)."""
        deck = deck_images(self.deck)
        deck.use_back(chosen_back(self.app.settings_store().settings.display.back))
        return deck

    def _known(self, spec: str, seat: int) -> str:
        """A remembered seat as this scene offers it (:func:`.new_game_seats.offered_seat`), a bot's command kept."""
        offered, notice = offered_seat(spec)
        if offered.startswith(EXTERNAL):
            self.commands[seat] = offered[len(EXTERNAL) :]
        self.notice = notice or self.notice
        return offered

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
        """Another player count: its default preset, and the seats kept where the table still has them."""
        self.memory[: len(self.seats)] = self.seats
        self.players = int(str(value))
        self.preset = DEFAULT_PRESET[self.players]
        self.options = {}
        self.seats = reseat(self.seats, self.memory, self.players, self.level if self.level in LEVELS else "medio")

    def set_preset(self, value: object) -> None:
        self.preset = str(value)
        self.options = {}

    def set_seat(self, seat: int, value: object) -> None:
        """Who sits at ``seat``; no other seat changes (the rows offer "You" only where it may go, see
        :func:`~briscola.ui.menus.setup.new_game_seats.seat_choices`), and "You" asked for elsewhere all the same is
        refused.

        An external bot takes the command last typed for this seat (often empty: the field under the seat is next).
        """
        spec = str(value)
        if spec == HUMAN and any(s == HUMAN for n, s in enumerate(self.seats) if n != seat):
            self.notice = _("You already sit at another seat: give it to a computer first.")
            return
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

    def set_hints(self, value: object) -> None:
        """The row "Hints": saved to ``coach.hints`` at once, as "Take back moves" saves its own."""
        self.hints = bool(value)
        self._save_coach("coach.hints", self.hints)

    def set_grading(self, value: object) -> None:
        """The row "Grade my moves": saved to ``coach.grading`` at once."""
        self.grading = str(value)
        self._save_coach("coach.grading", self.grading)

    def _save_coach(self, name: str, value: object) -> None:
        problems = self.app.settings_store().change({name: value})
        if problems:
            self.notice = problems[0].message()

    # ------------------------------------------------------------------------------------------------ rows

    def build(self) -> list[Row]:
        from briscola.art.decks import DECKS

        rows = [
            choice(
                _("Players"),
                [(n, str(n)) for n in PLAYER_COUNTS],
                self.players,
                self.set_players,
                help=_("How many sit at the table: 4 and 6 play in two teams; 5 play briscola chiamata."),
                key="players",
            ),
        ]
        for seat in range(self.players):
            external = self.seats[seat].startswith(EXTERNAL)
            rows.append(
                choice(
                    _("Seat {n}").format(n=seat + 1),
                    seat_choices(self.seats, seat),
                    EXTERNAL if external else self.seats[seat],
                    self._seat_setter(seat),
                    help=seat_help(self.seats, seat),
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
        rows.append(
            action(
                self._profile_label(),
                self.app.navigator.open_profile,
                help=_("Whose matches these are: choose your name, or type a new one."),
                key="profile",
            )
        )
        presets = [(name, preset_label(name)) for name, rules in PRESETS.items() if rules.players == self.players]
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
        rows.append(
            action(
                _("Fewer options") if self.expanded else _("More options"),
                self.toggle_more,
                help=_("The rules' own options and the seed of the deal: Enter or a click shows or hides them."),
                key="more",
            )
        )
        if self.expanded:
            rows += self._option_rows()
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
        rows += self._coach_rows()  # the coach's rows together: hints, grading, take back
        rows.append(
            choice(
                _("Take back moves"),
                [(False, _("off")), (True, _("on"))],
                self.undo,
                self.set_take_back,
                help=_(
                    "Practice: U takes back your last move in the hand and the computers' answers. "
                    "A match with a move taken back is kept as practice."
                ),
                key="take_back",
            )
        )
        rows.append(action(_("Start"), self.start, help=_("Deal the cards."), key="start"))
        return rows

    def _coach_rows(self) -> list[Row]:
        """The coach's rows for this match (``docs/coach.md``): the hint and the grading of the human's moves."""
        return [
            choice(
                _("Hints"),
                [(value, _(label)) for value, label in COACH_HINTS],
                self.hints,
                self.set_hints,
                help=_("H or the Hint button at the table shows the card the coach prefers, and why."),
                key="hints",
            ),
            choice(
                _("Grade my moves"),
                [(value, _(label)) for value, label in COACH_GRADINGS],
                self.grading,
                self.set_grading,
                help=_(
                    "The coach grades each of your moves, from best to blunder: by the card, or on the hand's results."
                ),
                key="grading",
            ),
        ]

    def set_take_back(self, value: object) -> None:
        """The row "Take back moves": saved to ``coach.undo`` at once (the match reads it as it starts, and the next
        new game starts from it), on its own so the coach's other rows each save theirs alike."""
        self.undo = bool(value)
        problems = self.app.settings_store().change({"coach.undo": self.undo})
        if problems:
            self.notice = problems[0].message()

    def _option_rows(self) -> list[Row]:
        """The rows "More options" shows: each option of the preset worth a choice, then the seed."""
        rows = [
            choice(
                _(option.label),
                [(value, _(text)) for value, text in option.values],
                option.current,
                self._option_setter(option.name),
                help=" ".join(_(sentence) for sentence in option.help),
                key=option.name,
            )
            for option in offered_options(self.rules())
        ]
        rows.append(
            action(
                _("Seed: {seed}").format(seed=self.seed or _("random")),
                self.clear_seed,
                help=_("Type digits for a reproducible deal; Enter or Backspace to clear."),
                key="seed",
            )
        )
        return rows

    def toggle_more(self, shown: bool | None = None) -> None:
        """Show (or hide) the options behind "More options", the focus staying on it; shown, as many of them as fit
        come into view under it."""
        self.expanded = (not self.expanded) if shown is None else shown
        self.rebuild()
        if self.expanded:
            keys = [row.key for row in self.rows]
            more, last = keys.index("more"), keys.index("seed")
            self.scroll = min(more, max(self.scroll, last - self.visible_rows + 1))

    def change(self, delta: int) -> None:
        """Left/Right: on "More options", hide or show them; elsewhere, as in every menu."""
        if self.rows and self.rows[self.focus].key == "more":
            self.toggle_more(delta > 0)
        else:
            super().change(delta)

    def activate(self, index: int | None = None) -> None:
        """Enter: on a seat that is an external bot, on to its command field (stepping on would leave the bot
        behind just when its command is wanted); anywhere else, as in every menu."""
        row = self.rows[self.focus if index is None else index] if self.rows else None
        if row is not None and row.key.startswith("seat") and row.value == EXTERNAL:
            keys = [r.key for r in self.rows]
            command = f"command{row.key[len('seat') :]}"
            if command in keys:
                self.focus = keys.index(command)
                self._keep_visible()
                return
        super().activate(index)

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
        """Why a bot's command can't be used (:func:`.new_game_seats.command_refusal`), its field focused; "" if
        all are fine. Checked at "Start" only: while it is being typed a command is unfinished, not wrong."""
        refused = command_refusal(self.seats)
        if refused is None:
            return ""
        seat, problem = refused
        keys = [row.key for row in self.rows]
        if f"command{seat}" in keys:
            self.focus = keys.index(f"command{seat}")
            self._keep_visible()
        return problem

    def start(self) -> None:
        """Remember the choices and deal (unless a bot's command is refused: then say why); when a match is saved,
        only once the player confirms that it may go."""
        refused = self.refused_command()
        if refused:
            self.notice = refused
            return
        start_new_match(self.app, self._deal)

    def _deal(self) -> None:
        """Remember the choices (so the next new game, and Play on the title, start from them) and deal."""
        store = self.app.settings_store()
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
        self.app.navigator.start_match(self.rules(), tuple(self.seats), self.seed or new_seed(), self.preset)

    # ------------------------------------------------------------------------------------------------ drawing

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is; the rows "More options" shows are set in a little under it, as its group."""
        rect = super().row_rect(index)
        keys = [row.key for row in self.rows]
        if self.expanded and "more" in keys and keys.index("more") < index < keys.index("deck"):
            indent = self.size[0] // 40
            rect.x += indent
            rect.width -= indent
        return rect

    def draw_row(self, surface: pygame.Surface, index: int, text: int) -> None:
        """Every row as every menu draws it, but "More options" (see :func:`.new_game_draw.draw_more_row`): while
        its rows are hidden it says how many it holds and how many of the options differ from the preset's."""
        row = self.rows[index]
        if row.key != "more":
            super().draw_row(surface, index, text)
            return
        offered = [option.name for option in offered_options(self.rules())]
        summary = more_summary(len(offered) + 1, len([name for name in self.options if name in offered]))
        draw_more_row(
            surface,
            self.row_rect(index),
            row.label,
            text,
            focused=index == self.focus,
            expanded=self.expanded,
            summary=summary,
        )

    def draw_side(self, surface: pygame.Surface) -> None:
        """The table diagram, the deck preview (with the card back the table will use), and under them what is to
        be said: that nobody is "You" (for as long as it is so), or why a choice was refused."""
        w, h = self.size
        left = int(w * self.column)
        centre, radius = (left + (w - left) // 2, round(h * 0.36)), min(w - left, h) // 6
        draw_diagram(surface, centre, radius, self.seats, (w - left) - w // 20)
        bottom = draw_deck_preview(surface, self.preview, left + w // 40, int(h * 0.56), (w - left) - w // 20)
        size = max(13, h // 50)
        notes = []
        note = seating_note(self.seats)
        if note:
            notes.append((note, COLOURS["gold"]))
        if self.notice:
            notes.append((self.notice, COLOURS["red"]))
        y = bottom + size
        for text, colour in notes:
            for line in wrap(text, size, (w - left) - w // 20)[:4]:
                draw_text(surface, line, size, (left + (w - left) // 2, y + size // 2), colour)
                y += size + 4
            y += size // 2
