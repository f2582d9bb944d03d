"""A new score sheet: what the table agreed before the first deal, chosen row by row.

The rows follow the form the number of players makes (the engine's sides: each for themselves with two or three,
partners with four, two teams of three with six; five play chiamata or with the dealer sitting out), and only the
rows that form reads are shown: chiamata has no match format or draws, wins only has no points to win. The players'
names are typed (an empty name is "Player N"). Every choice is checked by :class:`~briscola.sheet.model.SheetRules`
itself as the sheet is started, so the form cannot promise what the sheet would refuse: a refusal is shown beside
the rows, in the sheet's own words, and nothing is started. Beside the rows: the sheet's columns and its rules in one
line, as they will be.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from briscola.engine.ruleset import AloneScoring, DrawHandling
from briscola.sheet.model import DEFAULT_TARGET, SheetError, SheetRules
from briscola.sheet.words import rules_words
from briscola.text.i18n import _
from briscola.ui.widgets.basic import COLOURS, draw_text
from briscola.ui.widgets.form import MenuScene
from briscola.ui.widgets.rows import Row, action, choice, text_field

if TYPE_CHECKING:
    from briscola.ui.app import App

__all__ = ["SheetSetupScene"]

#: The forms five players choose between (the others have one each).
CHIAMATA, SIT_OUT = "chiamata", "sit_out"


class SheetSetupScene(MenuScene):
    """Choose the players, their names and the sheet's rules, then start the sheet."""

    def __init__(self, app: App) -> None:
        self.players = 2
        self.five = CHIAMATA
        self.names = [""] * 6
        self.sheet_title = ""
        self.wins_only = False
        self.target = DEFAULT_TARGET
        self.draw_rule = DrawHandling.CARRY
        self.deals_to_win: int | None = 2
        self.chiamata_deals = 5
        self.every_trick = False
        self.alone = AloneScoring.DOUBLED
        self.refusal = ""
        super().__init__(app)
        self.title = _("New score sheet")

    # ------------------------------------------------------------------------------------------------ the rules

    @property
    def chiamata(self) -> bool:
        return self.players == 5 and self.five == CHIAMATA

    def player_names(self) -> tuple[str, ...]:
        """The names as typed, an empty one standing for "Player N"."""
        return tuple(self.names[index].strip() or _("Player {n}").format(n=index + 1) for index in range(self.players))

    def rules(self) -> SheetRules:
        """The sheet these rows describe; :class:`SheetError` with the reason when the sheet would refuse it."""
        return SheetRules(
            self.player_names(),
            chiamata=self.chiamata,
            target=1 if self.wins_only and not self.chiamata else self.target,
            draw=self.draw_rule,
            wins_only=self.wins_only and not self.chiamata,
            deals_to_win=self.deals_to_win,
            chiamata_deals=self.chiamata_deals,
            cappotto_double=self.every_trick,
            alone=self.alone,
            sit_out=self.players == 5 and not self.chiamata,
        )

    # ------------------------------------------------------------------------------------------------ rows

    def build(self) -> list[Row]:
        rows = [
            choice(
                _("Players"),
                [(n, str(n)) for n in range(2, 7)],
                self.players,
                self._set("players"),
                help=_(
                    "How many sit at the table: two or three each for themselves, four in two pairs, five at "
                    "chiamata or with the dealer sitting out, six in two teams of three."
                ),
                key="players",
            )
        ]
        if self.players == 5:
            rows.append(
                choice(
                    _("Five players"),
                    [(CHIAMATA, _("Briscola chiamata")), (SIT_OUT, _("The dealer sits out"))],
                    self.five,
                    self._set("five"),
                    help=_(
                        "Chiamata: each deal someone bids and calls a partner. Or, the Spanish way: the dealer "
                        "sits out and the other four play in two pairs."
                    ),
                    key="five",
                )
            )
        for index in range(self.players):
            rows.append(
                text_field(
                    _("Player {n}").format(n=index + 1),
                    self.names[index],
                    self._name_setter(index),
                    placeholder=_("Player {n}").format(n=index + 1),
                    help=_("Names in the order you sit round the table (up to 24 letters)."),
                    key=f"name:{index}",
                )
            )
        rows.append(
            text_field(
                _("Title"),
                self.sheet_title,
                self._set_title,
                placeholder=_("the players' names"),
                help=_("What the sheet is called in the list of sheets."),
                key="title",
            )
        )
        rows.extend(self._chiamata_rows() if self.chiamata else self._deal_rows())
        rows.append(
            action(_("Start the sheet"), self.start, help=_("Open the sheet and enter the first deal."), key="start")
        )
        rows.append(action(_("Back"), self.back, help=_("Back to the list of sheets."), key="back"))
        return rows

    def _deal_rows(self) -> list[Row]:
        rows = [
            choice(
                _("Score"),
                [(False, _("Card points")), (True, _("Wins only"))],
                self.wins_only,
                self._set("wins_only"),
                help=_(
                    "Card points: each side's points, adding up to 120. Wins only: 1 for the side that won the "
                    "deal, 0 for the other."
                ),
                key="wins_only",
            )
        ]
        if not self.wins_only:
            rows.append(
                choice(
                    _("Points to win a deal"),
                    [(n, str(n)) for n in range(1, 121)],
                    self.target,
                    self._set("target"),
                    help=_("61 is the rule: more than half of the 120."),
                    key="target",
                )
            )
        rows.append(
            choice(
                _("A draw"),
                [
                    (DrawHandling.CARRY, _("carries: the next deal counts double")),
                    (DrawHandling.NONE, _("counts for nobody")),
                    (DrawHandling.REPLAY, _("is replayed at double stake")),
                ],
                self.draw_rule,
                self._set("draw_rule"),
                help=_("60-60, or a three-way tie at the top."),
                key="draw",
            )
        )
        rows.append(
            choice(
                _("Match"),
                (
                    [(2, _("first to win two deals")), (3, _("first to win three deals"))]
                    if self.players == 5
                    else [(2, _("best of three")), (3, _("best of five"))]
                )
                + [(None, _("a free-running total"))],
                self.deals_to_win,
                self._set("deals_to_win"),
                help=_(
                    "The match ends when a side (with five, a player) has won two deals, or three; or the total "
                    "just runs on."
                ),
                key="match",
            )
        )
        return rows

    def _chiamata_rows(self) -> list[Row]:
        return [
            choice(
                _("Points to win a deal"),
                [(n, str(n)) for n in range(1, 121)],
                self.target,
                self._set("target"),
                help=_("What the caller's side needs when nobody raised the bid: 61 by the rule."),
                key="target",
            ),
            choice(
                _("Deals"),
                [(n, str(n)) for n in range(1, 101)],
                self.chiamata_deals,
                self._set("chiamata_deals"),
                help=_("How many deals you agreed to play: the highest total then wins."),
                key="deals",
            ),
            choice(
                _("Every trick taken"),
                [(False, _("counts as usual")), (True, _("doubles the deal"))],
                self.every_trick,
                self._set("every_trick"),
                help=_("A side that takes every trick doubles what the deal is worth, if you play it so."),
                key="every_trick",
            ),
            choice(
                _("A caller alone"),
                [
                    (AloneScoring.DOUBLED, _("+4, each other -2")),
                    (AloneScoring.ZERO_SUM, _("+4, each other -1")),
                ],
                self.alone,
                self._set("alone"),
                help=_(
                    "A caller who held the called card plays alone: the numbers doubled, as the score sheet's "
                    "rules say, or the caller takes the partner's share and every deal sums to zero."
                ),
                key="alone",
            ),
        ]

    def _set(self, name: str) -> Callable[[object], None]:
        def change(value: object) -> None:
            setattr(self, name, value)
            self.refusal = ""

        return change

    def _name_setter(self, index: int) -> Callable[[str], None]:
        def change(text: str) -> None:
            self.names[index] = text
            self.refusal = ""

        return change

    def _set_title(self, text: str) -> None:
        self.sheet_title = text

    def start(self) -> None:
        """Start the sheet these rows describe, or say why it can't be."""
        try:
            rules = self.rules()
        except SheetError as error:
            self.refusal = str(error)
            return
        self.app.navigator.start_sheet(rules, self.sheet_title.strip())

    # ------------------------------------------------------------------------------------------------ drawing

    def draw_side(self, surface: pygame.Surface) -> None:
        """Beside the rows: the columns the sheet will have and its rules in a line, or why it can't be started."""
        x, _width, size, step = self.side_column()
        y = self.rows_top
        try:
            rules = self.rules()
        except SheetError as error:
            self.side_paragraph(surface, self.refusal or str(error), y, COLOURS["red"], bold=True)
            return
        heading = _("Each player's column:") if len(rules.columns) == len(rules.names) else _("The sides:")
        draw_text(surface, heading, size, (x, y), COLOURS["muted"], anchor="topleft")
        y += step
        for column in rules.columns:
            y = self.side_paragraph(surface, column, y, COLOURS["gold"], bold=True)
        self.side_paragraph(surface, rules_words(rules), y + step // 2, COLOURS["text"])
