"""The coach's review of a hand in the player's words: one home for each sentence, said by the window and the terminal.

Cards come in already named (the terminal names them with their codes, the window by the deck's words), so these
functions only put the verdicts of :mod:`briscola.ai.coach` into sentences. Points are expected final card points of
the hand, chances are of winning the hand (``docs/coach.md``).
"""

from __future__ import annotations

from briscola.ai.coach import Decision
from briscola.text.coach_words import grade_word
from briscola.text.i18n import _, ngettext

__all__ = ["accuracy_words", "decision_words", "grade_words", "trend_words", "why_words"]


def grade_words(decision: Decision) -> str:
    """The decision's grade as a word, or why it has none."""
    if decision.forced:
        return _("forced")
    if decision.grade is None:
        return _("not priced")
    return grade_word(decision.grade)


def decision_words(trick: int, chosen: str, best: str, decision: Decision) -> str:
    """One decision and its verdict in a sentence: ``chosen`` and ``best`` name the card played and the coach's."""
    if decision.forced:
        return _("Trick {trick}: {card}, your only choice.").format(trick=trick, card=chosen)
    if decision.grade is None:
        return _("Trick {trick}: {action}, not priced by the coach.").format(trick=trick, action=chosen)
    if decision.chosen == decision.best:
        return _("Trick {trick}: {card}, the coach's choice too: {grade}.").format(
            trick=trick, card=chosen, grade=_(decision.grade.label)
        )
    return _(
        "Trick {trick}: you played {card}, the coach prefers {best}: {points:.1f} points and "
        "{chance:.0f}% chance of winning lost, {grade}."
    ).format(
        trick=trick,
        card=chosen,
        best=best,
        points=decision.points_lost,
        chance=100 * decision.win_lost,
        grade=_(decision.grade.label),
    )


def why_words(chosen: str, best: str, decision: Decision) -> str:
    """Why the coach's card was better, in one sentence: what it keeps that the card played gave away."""
    points, chance = decision.points_lost, 100 * decision.win_lost
    if points >= 0.5 and chance >= 1:
        return _(
            "{best} instead of {card} keeps about {points:.0f} more points and {chance:.0f}% more chance of "
            "winning the hand."
        ).format(best=best, card=chosen, points=points, chance=chance)
    if points >= 0.5:
        return _(
            "{best} instead of {card} keeps about {points:.0f} more points; the hand's outcome doesn't change."
        ).format(best=best, card=chosen, points=points)
    if chance >= 1:
        return _("{best} instead of {card} keeps the same points but wins the hand {chance:.0f}% more often.").format(
            best=best, card=chosen, chance=chance
        )
    return _("{best} and {card} come to the same: nothing was lost.").format(best=best, card=chosen)


def accuracy_words(score: float | None) -> str:
    """The hand's accuracy (expected points lost per graded decision), or that nothing could be graded."""
    if score is None:
        return _("Accuracy: no decision to grade.")
    return _("Accuracy: {points:.1f} expected points lost per decision.").format(points=score)


def trend_words(hands: int, score: float | None) -> str:
    """The accuracy over the last hands reviewed, for the statistics ("" when none has been)."""
    if not hands or score is None:
        return ""
    return ngettext(
        "Coach's accuracy over the last reviewed hand: {points:.1f} points lost per decision",
        "Coach's accuracy over the last {count} reviewed hands: {points:.1f} points lost per decision",
        hands,
    ).format(count=hands, points=score)
