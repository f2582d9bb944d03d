"""What Champion has learned about a player, in the player's words: the habits of :mod:`briscola.ai.opponent`.

One home for these words: the statistics scene and ``python -m briscola.history stats`` both say a learned model with
:func:`model_lines`, and every habit with :func:`habit_sentence` ("You play your lowest card: 88 times in 100 you
could.").

A habit's weight moved from where Campione started, which is common sense (its single-trick card about nine times in
ten, nothing else preferred): a positive ``lean`` means the player picks such a card more often than Campione first
expected, a negative one less often. The sentence never says more than the counts show: "You lead a trump" only when
the player did at least half the times it could, "You rarely lead a trump" only under a quarter; in between it says
"more often" or "less often than Champion expected", which is what the lean means. A habit whose weight hardly moved
(:data:`MIN_LEAN`) is not said at all: it would name a habit in a player who plays as anyone would.
"""

from __future__ import annotations

from typing import Final

from briscola.ai.opponent import Habit, OpponentModel
from briscola.text.i18n import N_, _, ngettext

__all__ = [
    "HABIT_WORDS",
    "MIN_LEAN",
    "SAID_HABITS",
    "habit_lines",
    "habit_sentence",
    "learned_about",
    "learned_from",
    "learned_heading",
    "model_lines",
    "nothing_learned",
    "said_habits",
]

#: How far a weight must have moved from the prior's to be said as a habit (in the model's units: the log of the odds).
MIN_LEAN: Final = 0.1
#: The habits the scene and the command say at most: the ones the model weighs most.
SAID_HABITS: Final = 3
#: Shares of the times a player could that the words follow: "often" from half, "rarely" under a quarter.
_OFTEN: Final = 0.5
_RARELY: Final = 0.25

#: Each feature's habit (every one of :data:`briscola.ai.opponent.FEATURES`) in four forms: done more than expected
#: and at least half the times it could; more than expected but less than half the time; less than expected and
#: rarely; less than expected but not rarely.
HABIT_WORDS: Final[dict[str, tuple[str, str, str, str]]] = {
    "common_sense": (
        N_("You play the card that does best in the trick at hand"),
        N_("You play the card that does best in the trick at hand more often than Champion expected"),
        N_("You rarely play the card that does best in the trick at hand"),
        N_("You play the card that does best in the trick at hand less often than Champion expected"),
    ),
    "lowest": (
        N_("You play your lowest card"),
        N_("You play your lowest card more often than Champion expected"),
        N_("You rarely play your lowest card"),
        N_("You play your lowest card less often than Champion expected"),
    ),
    "strongest": (
        N_("You play your strongest card"),
        N_("You play your strongest card more often than Champion expected"),
        N_("You rarely play your strongest card"),
        N_("You play your strongest card less often than Champion expected"),
    ),
    "trump": (
        N_("You play a trump"),
        N_("You play a trump more often than Champion expected"),
        N_("You rarely play a trump"),
        N_("You play a trump less often than Champion expected"),
    ),
    "carico": (
        N_("You play an ace or a three"),
        N_("You play an ace or a three more often than Champion expected"),
        N_("You rarely play an ace or a three"),
        N_("You play an ace or a three less often than Champion expected"),
    ),
    "takes": (
        N_("You take the trick when you can"),
        N_("You take the trick more often than Champion expected"),
        N_("You rarely take the trick when you can"),
        N_("You take the trick less often than Champion expected"),
    ),
    "trump_on_carico": (
        N_("You trump an ace or a three"),
        N_("You trump an ace or a three more often than Champion expected"),
        N_("You rarely trump an ace or a three"),
        N_("You trump an ace or a three less often than Champion expected"),
    ),
    "trump_on_liscio": (
        N_("You trump a card worth nothing"),
        N_("You trump a card worth nothing more often than Champion expected"),
        N_("You rarely trump a card worth nothing"),
        N_("You trump a card worth nothing less often than Champion expected"),
    ),
    "lead_carico": (
        N_("You lead an ace or a three"),
        N_("You lead an ace or a three more often than Champion expected"),
        N_("You rarely lead an ace or a three"),
        N_("You lead an ace or a three less often than Champion expected"),
    ),
    "lead_trump": (
        N_("You lead a trump"),
        N_("You lead a trump more often than Champion expected"),
        N_("You rarely lead a trump"),
        N_("You lead a trump less often than Champion expected"),
    ),
}


def _form(habit: Habit, chosen: int, could: int) -> int:
    """Which of :data:`HABIT_WORDS`' four forms says ``habit`` truly, by its lean and by the counts said with it."""
    share = chosen / could if could else 0.0
    if habit.lean > 0:
        return 0 if share >= _OFTEN else 1
    return 2 if share < _RARELY else 3


def habit_sentence(habit: Habit) -> str:
    """One habit with how often: "You rarely trump a card worth nothing: 3 times in 40 you could." (the counts are the
    model's expected counts, rounded)."""
    could = max(1, round(habit.could))
    chosen = min(could, max(0, round(habit.chosen)))
    words = _(HABIT_WORDS[habit.feature][_form(habit, chosen, could)])
    times = ngettext("{chosen} time in {could} you could.", "{chosen} times in {could} you could.", chosen)
    return _("{habit}: {times}").format(habit=words, times=times.format(chosen=chosen, could=could))


def said_habits(model: OpponentModel, count: int = SAID_HABITS) -> list[Habit]:
    """The habits worth saying: of the ``count`` the model weighs most, those whose weight moved at least
    :data:`MIN_LEAN`."""
    return [habit for habit in model.habits(count) if abs(habit.lean) >= MIN_LEAN]


def learned_heading() -> str:
    """The heading over what Champion has learned."""
    return _("What Champion has learned about you")


def learned_about(name: str) -> str:
    """The heading over what Champion has learned about the profile or bot ``name`` (where more than one may be
    listed: the history command)."""
    return _("What Champion has learned about {name}:").format(name=name)


def nothing_learned() -> str:
    """Said before Champion has learned from any hand."""
    return _("Champion learns how you play in two-player games; it has not learned anything yet.")


def learned_from(hands: int) -> str:
    """How many hands the model learned from."""
    return ngettext("Learned from {count} hand.", "Learned from {count} hands.", hands).format(count=hands)


def habit_lines(model: OpponentModel, count: int = SAID_HABITS) -> list[str]:
    """The habits Champion weighs most, a sentence each, or a line saying none stands out yet (a model that has
    learned from some hands: before any, :func:`nothing_learned`)."""
    sentences = [habit_sentence(habit) for habit in said_habits(model, count)]
    return sentences or [_("Nothing stands out yet: you play much as Champion expected.")]


def model_lines(model: OpponentModel, count: int = SAID_HABITS) -> list[str]:
    """What Champion has learned, line by line (no heading): the hands learned from, then :func:`habit_lines`; the
    nothing-yet line before any hand."""
    if model.hands <= 0:
        return [nothing_learned()]
    return [learned_from(model.hands), *habit_lines(model, count)]
