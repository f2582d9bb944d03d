"""The terminal game's words for results: a hand's points, tricks and winners, the match's totals and its end.

Split from :mod:`briscola.terminal.narrator` (the events as they happen), whose
:class:`~briscola.terminal.narrator.Narrator` builds on :class:`ResultWords`: the results are told from what the
narrator remembers of the hand (the caller of a chiamata, how many deals were played).
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.engine.events import HandOver, HandResult, MatchOver
from briscola.engine.ruleset import Ruleset
from briscola.terminal.table import TableWords
from briscola.terminal.words import Style
from briscola.text.i18n import _, ngettext

__all__ = ["ResultWords"]


class ResultWords(TableWords):
    """How a hand's and a match's results read for one ``viewer`` (its side first), or for everyone when it is None.

    ``caller``: the seat that won a chiamata's auction, once known; ``deals``: the hands told so far;
    ``single_hand``: a game of one hand, which has no match line.
    """

    def __init__(self, rules: Ruleset, viewer: int | None, style: Style, *, single_hand: bool = False) -> None:
        super().__init__(rules, viewer, style)
        self.single_hand = single_hand
        self.caller: int | None = None
        self.deals = 0

    def _hand_over(self, event: HandOver) -> list[str]:
        result = event.result
        self.deals += 1
        lines = ["", self.style.title(_("--- Hand over ---"))]
        rows = zip(
            result.sides, result.side_points, result.tricks, result.melds or (0,) * len(result.sides), strict=True
        )
        for side, points, tricks, melds in sorted(rows, key=lambda row: self.viewer not in row[0]):
            line = ngettext(
                "{side}: {points} points in {tricks} trick", "{side}: {points} points in {tricks} tricks", tricks
            ).format(side=self.side(side), points=points, tricks=tricks)
            if melds:
                line += " " + _("(declarations {melds})").format(melds=melds)
            lines.append("  " + line)
        if result.contract is not None and self.caller is not None:
            made = self.caller in result.winners
            text = _("The contract of {contract} was made.") if made else _("The contract of {contract} failed.")
            lines.append(text.format(contract=result.contract))
        if result.cappotto:
            lines.append(self.style.strong(_("Cappotto: every point of the deck!")))
        lines.append(self.style.strong(self._outcome(result)))
        gains = [(seat, result.game_points[seat]) for seat in self._seat_order() if seat in _seats(result)]
        if self.rules.chiamata or self.rules.margin_scoring or result.stake > 1 or self.rules.all_tricks_double:
            listed = ", ".join(f"{self.name(seat)} {gain:+d}" for seat, gain in gains if gain or self.rules.chiamata)
            if listed:
                lines.append(_("Game points: {list}.").format(list=listed))
        if not self.single_hand:
            lines.append(self._match_line(event.match_scores))
        return lines

    def _outcome(self, result: HandResult) -> str:
        if result.draw:
            return _("A draw: the hand counts for nobody.")
        return self._winners(
            result.winners, _("You win the hand!"), _("{names} wins the hand."), _("{names} win the hand.")
        )

    def _match_line(self, scores: Sequence[int]) -> str:
        rules = self.rules
        groups = self.sides(rules.teams) if rules.fixed_teams else [(seat,) for seat in self._seat_order()]
        signed = "{:+d}" if rules.chiamata else "{:d}"
        listed = ", ".join(f"{self.side(group)} {signed.format(scores[group[0]])}" for group in groups)
        if rules.chiamata:
            return _("Totals after deal {number} of {deals}: {list}.").format(
                number=self.deals, deals=rules.chiamata_deals, list=listed
            )
        if rules.rematada:
            return _("Match: {list} (first to {target} points).").format(list=listed, target=rules.match_target)
        return _("Match: {list} (first to {target}).").format(list=listed, target=rules.match_target)

    def _match_over(self, event: MatchOver) -> list[str]:
        text = self._winners(
            event.winners, _("You win the match!"), _("{names} wins the match."), _("{names} win the match.")
        )
        if len(event.winners) > 1 and not self.rules.fixed_teams and not self.rules.sit_out:
            text = _("The match ends in a tie: {names}.").format(names=self.side(event.winners))
        return ["", self.style.title(_("=== Match over ===")), self.style.strong(text)]


def _seats(result: HandResult) -> set[int]:
    return {seat for side in result.sides for seat in side}
