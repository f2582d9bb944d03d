"""The statistics scene's words: filters, opponents, results, figures with their intervals, the rating in a sentence.

Every label is worded when it is asked for (in the current language); nothing here computes a figure, it only says
the ones :mod:`briscola.store.history.board` worked out.
"""

from __future__ import annotations

from briscola.stats import Estimate
from briscola.store.history.facts import Outcome
from briscola.store.history.rating import PlayerRating
from briscola.store.history.rows import local_time_text
from briscola.store.history.stats import Tally
from briscola.text.i18n import N_, _, ngettext
from briscola.text.presets import preset_label
from briscola.ui.core.seats import level_label

__all__ = [
    "PERIOD_NAMES",
    "PRACTICE_NAMES",
    "date_label",
    "opponents_label",
    "percent",
    "rating_sentence",
    "result_label",
    "tally_cells",
    "tally_headings",
    "tally_note",
]

#: The periods' names, by :data:`briscola.store.history.board.PERIODS` key.
PRACTICE_NAMES = {"all": N_("With practice"), "without": N_("Without practice"), "only": N_("Practice only")}
"""The practice filter's values in words (:data:`briscola.store.history.board.PRACTICE`)."""
PERIOD_NAMES = {"all": N_("All time"), "year": N_("Last year"), "month": N_("Last 30 days"), "week": N_("Last 7 days")}

_RESULTS = {
    Outcome.WON: N_("won"),
    Outcome.DRAWN: N_("drawn"),
    Outcome.LOST: N_("lost"),
    Outcome.ABANDONED: N_("abandoned"),
}


def opponents_label(label: str) -> str:
    """An opponents' label as players read it: "Intermediate", "Easy + Intermediate", "people", "bots"."""
    names = {"human": _("people"), "external": _("bots")}
    return " + ".join(names.get(part) or level_label(part) for part in label.split("+"))


def preset_or_all(preset: str | None) -> str:
    """A preset filter's value in words."""
    return _("All rules") if preset is None else preset_label(preset)


def opponents_or_all(label: str | None) -> str:
    """An opponents filter's value in words."""
    return _("All opponents") if label is None else opponents_label(label)


def result_label(result: Outcome | None) -> str:
    """A match's result for the player: won, drawn, lost, abandoned (or a dash while it goes on)."""
    return "–" if result is None else _(_RESULTS[result])


def date_label(started: str) -> str:
    """A stored UTC time as the player's local date and time."""
    return local_time_text(started)


def percent(value: float) -> str:
    """A share as a whole percentage."""
    return f"{round(value * 100)}%"


def rate_label(rate: Estimate | None) -> str:
    """A win rate with its 95% interval: "62% (55–68%)"."""
    if rate is None:
        return "–"
    return f"{percent(rate.value)} ({round(rate.low * 100)}–{percent(rate.high)})"


def tally_cells(tally: Tally) -> tuple[str, ...]:
    """A tally's row: matches, won-drawn-lost, the win rate with its interval, points per hand, cappotti, streaks."""
    per_hand = "–" if tally.points_per_hand is None else f"{tally.points_per_hand:.1f}"
    return (
        str(tally.matches),
        f"{tally.won}–{tally.drawn}–{tally.lost}",
        rate_label(tally.win_rate),
        per_hand,
        f"{tally.cappotti_taken}/{tally.cappotti_conceded}",
        f"{tally.longest_win_streak}/{tally.longest_loss_streak}",
    )


def tally_headings() -> tuple[str, ...]:
    """The headings of :func:`tally_cells`' columns."""
    return (
        _("Matches"),
        _("Won, drawn, lost"),
        _("Win rate (95%)"),
        _("Points per hand"),
        _("Cappotti +/−"),
        _("Streaks W/L"),
    )


def tally_note() -> str:
    """What the results table's figures mean, under it."""
    return _(
        "Win rate: wins and half the draws over finished matches, with its 95% interval (abandoned matches are left "
        "out). Points per hand: your side's. Cappotti: taken/conceded. Streaks: the longest won/lost in a row."
    )


def rating_sentence(rating: PlayerRating) -> tuple[str, str, str]:
    """The rating in words: the headline ("You play like level 3.6"), the Elo with its interval, what it rests on."""
    if rating.below:
        head = _("You play below level 1 (Beginner)")
    elif rating.above:
        head = _("You play above level 6 (Champion)")
    else:
        head = _("You play like level {level:.1f}").format(level=rating.level)
    elo = _("Elo {elo:+.0f} (95%: {low:+.0f} to {high:+.0f}), between level {lower:.1f} and {upper:.1f}").format(
        elo=rating.elo.value, low=rating.elo.low, high=rating.elo.high, lower=rating.level_low, upper=rating.level_high
    )
    basis = ngettext(
        "From {count} hand of two-player games against one level, on the ladder's scale.",
        "From {count} hands of two-player games against one level, on the ladder's scale.",
        rating.hands,
    ).format(count=rating.hands)
    return head, elo, basis
