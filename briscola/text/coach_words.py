"""The coach's sentences, one home for each: what the terminal's ``hint`` and the table's hint and grades say.

The numbers come from :mod:`briscola.ai.analysis` and the verdicts from :mod:`briscola.ai.coach`; this module only
words them, for any front end: the caller names the moves (``name``: the terminal writes a card with its code, the
table by its name), so the sentences are the same and only the cards look as each front end shows them. Points are
the side's expected final points of the hand, chances of winning the hand (``docs/coach.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from briscola.ai.analysis import ActionValue, Analysis
from briscola.ai.coach import Grade
from briscola.engine.actions import Action, Play
from briscola.engine.cards import Card
from briscola.engine.game import Phase
from briscola.engine.tricks import trick_winner
from briscola.engine.views import PlayerView
from briscola.text.i18n import _

__all__ = [
    "against_next_best",
    "grade_counts",
    "grade_word",
    "hint_title",
    "next_best",
    "not_priced",
    "table_hint",
    "why_card",
]

Namer = Callable[[Action], str]


def grade_word(grade: Grade) -> str:
    """A grade as a player reads it: ``best``, ``good``, ``inaccuracy``, ``mistake``, ``blunder``."""
    return _(grade.label)


def grade_counts(grades: Sequence[Grade]) -> str:
    """A hand's grades summed up, best first: ``Your moves, as the coach grades them: best 6 · good 2 · mistake 1``."""
    counts = " · ".join(f"{grade_word(grade)} {grades.count(grade)}" for grade in Grade if grade in grades)
    return _("Your moves, as the coach grades them: {counts}").format(counts=counts)


def hint_title(name: str) -> str:
    """The hint's first words: ``Hint: Three of cups.``"""
    return _("Hint: {action}.").format(action=name)


def next_best(analysis: Analysis) -> ActionValue | None:
    """The valued action after the best one (None when the best is not valued or is the only one)."""
    if not analysis.best_value.valued:
        return None
    return next((item for item in analysis.actions if item.valued and item.action != analysis.best), None)


def against_next_best(best: ActionValue, second: ActionValue, name: str) -> str:
    """How much better the best action is than the next best (``name``), in points and in the chance of winning.

    Two cases read otherwise: both differences round to nothing (then it says so, not "+0.0 points and +0%"), and
    the next best ahead on both figures, which happens where the Expert's rule decides by its judgement rather than
    by the sampled deals (``docs/coach.md``, "The best action"): then it says that plainly, not a minus sign. Where
    a match of several hands is on, the difference in the chance of winning the match follows.
    """
    said = _against(best, second, name)
    if best.match is None or second.match is None:
        return said
    match = 100 * (best.match.mean - second.match.mean)
    return said + " " + _("For the match: {chance:+.0f}%.").format(chance=match)


def _against(best: ActionValue, second: ActionValue, name: str) -> str:
    points, chance = best.points.mean - second.points.mean, 100 * (best.equity - second.equity)
    if round(points, 1) == 0 and round(chance) == 0:
        return _("The next best, {card}, is worth as much.").format(card=name)
    if points <= 0 and chance <= 0:
        return _(
            "The next best, {card}, makes {points:.1f} points and {chance:.0f}% more in the coach's deals; the "
            "Expert's judgement still prefers this move."
        ).format(card=name, points=-points, chance=-chance)
    return _("Against the next best, {card}: {points:+.1f} points and {chance:+.0f}% chance of winning.").format(
        card=name, points=points, chance=chance
    )


def not_priced(analysis: Analysis, *, bidding: bool = False) -> str | None:
    """Why the hint gives no figures, or None when it does: bids and calls (``bidding``), a form whose moves the
    coach can't price, or a special move (a swap, a declaration) the Expert would make first."""
    if analysis.stage is None:
        if bidding:
            return _("The coach doesn't price bids and calls: that is what the Expert would do.")
        return _("The coach can't price the moves of this game: that is what the Expert would play.")
    if not analysis.best_value.valued:
        return _("The Expert would make this move first; the coach doesn't price it.")
    return None


def why_card(card: Card, view: PlayerView, card_name: Callable[[Card], str]) -> str:
    """What playing ``card`` does, in a few words, from what the seat sees: what it takes from the trick, or what it
    gives away, and whether it keeps the trumps in the hand."""
    on_table = [played for _seat, played in view.trick]
    trump = view.trump
    if on_table:
        wins = trick_winner([*on_table, card], trump) == len(on_table)
        if wins and len(on_table) == 1:
            what = _("it takes the {card}").format(card=card_name(on_table[0]))
        elif wins:
            points = sum(played.points for played in on_table) + card.points
            what = _("it takes the trick ({points} points)").format(points=points)
        elif card.points == 0:
            what = _("it gives nothing away")
        else:
            what = _("it gives away only {points} points").format(points=card.points)
    elif card.points == 0:
        what = _("it leads a card worth nothing")
    else:
        what = _("it leads a card worth {points} points").format(points=card.points)
    keeps = trump is not None and card.suit != trump and any(c.suit == trump for c in view.hand)
    return _("{what} and keeps your trumps").format(what=what) if keeps else what


def table_hint(analysis: Analysis, view: PlayerView, name: Namer, card_name: Callable[[Card], str]) -> str:
    """The table's one line of hint: the move, why, and how much better than the next best (or why no figures)."""
    best = analysis.best
    reason = not_priced(analysis, bidding=view.phase is not Phase.PLAY)
    if reason is not None:
        return f"{hint_title(name(best))} {reason}"
    second = next_best(analysis)
    head = (
        _("Play the {card}: {why}.").format(card=name(best), why=why_card(best.card, view, card_name))
        if isinstance(best, Play)
        else hint_title(name(best))
    )
    if second is None:
        return head
    return f"{head} {against_next_best(analysis.best_value, second, name(second.action))}"
