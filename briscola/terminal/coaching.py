"""The coach at the terminal: the ``hint`` command's advice and the review of a hand, in the player's words.

The numbers come from :mod:`briscola.ai.analysis` and the verdicts from :mod:`briscola.ai.coach`; this module only
says them. Points are the side's expected final points of the hand, chances are of winning the hand (a draw counting
half in what is *lost*), as ``docs/coach.md`` explains.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from briscola.ai.analysis import ActionValue, Analysis
from briscola.ai.coach import Decision, accuracy
from briscola.engine.actions import Action, Play
from briscola.terminal.words import Words
from briscola.text.coach_words import against_next_best, hint_title, next_best, not_priced
from briscola.text.i18n import _
from briscola.text.review_words import accuracy_words, decision_words

__all__ = ["CoachWords", "Reviewed"]


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One of the human's decisions of a hand, judged: the trick it was made in (from 1) and the verdict."""

    trick: int
    decision: Decision


class CoachWords:
    """The coach's lines for one viewer, naming cards as the rest of the terminal game does."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def action(self, action: Action) -> str:
        """A card by its name and code; another move by the word typed for it (``swap``, ``declare``)."""
        return self.words.card(action.card) if isinstance(action, Play) else str(action)

    def hint(self, analysis: Analysis, *, bidding: bool = False) -> list[str]:
        """The coach's best action, why in one line, and what each legal action is worth. ``bidding``: the analysis
        is of an auction's or a call's decision, which the coach never prices."""
        style = self.words.style
        lines = [style.strong(hint_title(self.action(analysis.best)))]
        reason = not_priced(analysis, bidding=bidding)
        if analysis.stage is None and reason is not None:
            return [*lines, reason]
        second = next_best(analysis)
        if second is not None:
            lines.append(against_next_best(analysis.best_value, second, self.action(second.action)))
        elif reason is not None:
            lines.append(reason)
        lines.extend("  " + self._value(item, analysis.exact) for item in analysis.actions)
        if not analysis.complete:
            lines.append(style.dim(_("(Stopped early: values from {deals} deals.)").format(deals=analysis.deals)))
        return lines

    def _value(self, item: ActionValue, exact: bool) -> str:
        name = self.action(item.action)
        if not item.valued:
            return _("{action}: not priced by the coach").format(action=name)
        if exact:
            outcome = _("won") if item.win.mean == 1 else _("lost") if item.loss.mean == 1 else _("drawn")
            return _("{card}: {points:.0f} points at the end of the hand with best play, the hand {outcome}").format(
                card=name, points=item.points.mean, outcome=outcome
            )
        return _(
            "{card}: about {points:.0f} points (±{error:.1f}) at the end of the hand, {chance:.0f}% to win it"
        ).format(card=name, points=item.points.mean, error=item.points.stderr, chance=100 * item.win.mean)

    def review(self, reviewed: Sequence[Reviewed]) -> list[str]:
        """Each decision of the hand with its verdict, and the hand's accuracy."""
        lines = [self.words.style.title(_("The coach's review of your hand"))]
        for item in reviewed:
            decision = item.decision
            lines.append(
                "  " + decision_words(item.trick, self.action(decision.chosen), self.action(decision.best), decision)
            )
        lines.append(accuracy_words(accuracy([item.decision for item in reviewed])))
        return lines
