"""What the new-game scene offers: the player counts with their default presets, the computer levels, and each rule
option with its values and its one-line explanation.

Kept apart from :mod:`briscola.ui.menus.setup.new_game`, the scene that shows them, because it is data: the rules scene
and the translation checks read the same table, and the scene stays small. The texts are marked with ``N_`` and
translated where they are shown, so a language chosen later still applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from briscola.engine.errors import RulesetError
from briscola.engine.ruleset import Ruleset
from briscola.text.i18n import N_

__all__ = [
    "COACH_GRADINGS",
    "COACH_HINTS",
    "DEFAULT_PRESET",
    "EXTERNAL",
    "LEVELS",
    "MATCH_TARGETS",
    "OPTIONS",
    "PLAYER_COUNTS",
    "Offered",
    "offered_options",
]

#: Every table the engine plays: five is briscola chiamata (or, by its preset, four playing while the dealer sits out).
PLAYER_COUNTS = (2, 3, 4, 5, 6)
DEFAULT_PRESET = {2: "classic", 3: "three", 4: "four", 5: "chiamata", 6: "six"}
LEVELS = ("principiante", "facile", "medio", "difficile", "esperto", "campione")
_ON_OFF = ((False, N_("off")), (True, N_("on")))
#: The seat choice "External bot…", and the prefix of its seat spec: ``external:`` followed by the command.
EXTERNAL = "external:"

#: The coach's rows (``docs/coach.md``): the hint offered or not, and when the human's moves are graded (the values
#: are :data:`~briscola.store.settings_schema.GRADINGS`).
COACH_HINTS: Final = _ON_OFF
COACH_GRADINGS: Final = (("off", N_("off")), ("move", N_("after each move")), ("hand", N_("at the end of the hand")))

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


#: How a match is won where it is not by hands: the option that counts instead of ``hands_to_win``, its values and its
#: explanation. Chiamata plays a number of deals; Spanish margins and rematada count points to a target.
MATCH_TARGETS: tuple[tuple[str, str, tuple[tuple[Any, str], ...], str], ...] = (
    (
        "chiamata_deals",
        N_("Deals"),
        tuple((n, str(n)) for n in (1, 3, 5, 7, 10)),
        N_("Deals in the match; each player deals in turn, and game points add up over them."),
    ),
    (
        "margin_target",
        N_("Game points to win"),
        tuple((n, str(n)) for n in range(1, 11)),
        N_("The first side to this many game points (1 to 3 a hand, by the margin) wins the match."),
    ),
    (
        "rematada_target",
        N_("Points to win"),
        tuple((n, str(n)) for n in (61, 101, 151, 201, 301)),
        N_("Card points add up over the hands; the first side to this many wins the match."),
    ),
)

#: The trump choices' explanations, one sentence each, so that the help names only the choices offered.
_TRUMP_SENTENCES: Final = {
    "turned": N_("Turned up: the classic briscola."),
    "hidden": N_("Cubierta: face down until a trump is played."),
    "none": N_("Briscolone: no trump at all."),
}


@dataclass(frozen=True, slots=True)
class Offered:
    """One option as the new-game scene offers it for a ruleset: the values the engine accepts there, the one in force,
    and an explanation true for those rules. ``help`` is a list of marked messages, translated and joined where shown.
    """

    name: str
    label: str
    values: tuple[tuple[Any, str], ...]
    current: Any
    help: tuple[str, ...]


def offered_options(rules: Ruleset) -> list[Offered]:
    """The options worth a row for ``rules``: each with at least two values the engine accepts alongside the others.

    An option the preset fixes (chiamata's trump is the called card's suit; rematada knows no 60-60) is not offered,
    so no row claims a choice the game would not honour; and the match is counted the way these rules count it
    (deals, game points or card points to a target, else hands to win). Values the engine refuses are left out of
    a row, and the explanation names only what is offered.
    """
    found = []
    for name, label, values, explanation in (*OPTIONS, *MATCH_TARGETS):
        if not _counts(name, rules):
            continue
        current = getattr(rules, name)
        current = getattr(current, "value", current)
        if all(value != current for value, _text in values):
            if isinstance(current, bool) or not isinstance(current, int):
                continue  # not the player's choice in these rules: the trump comes from the auction or the call
            values = (*values, (current, str(current)))  # a count set in a settings file, off the usual list
        accepted = tuple((value, text) for value, text in values if value == current or _accepts(rules, name, value))
        if len(accepted) < 2:
            continue
        found.append(
            Offered(name, _label(name, label, rules), accepted, current, _help(name, explanation, rules, accepted))
        )
    return found


def _counts(name: str, rules: Ruleset) -> bool:
    """Whether the match-format option ``name`` is how ``rules`` count a match (every other option: True)."""
    by_hands = not (rules.chiamata or rules.rematada or rules.margin_scoring)
    return {
        "hands_to_win": by_hands,
        "chiamata_deals": rules.chiamata,
        "margin_target": rules.margin_scoring,
        "rematada_target": rules.rematada,
    }.get(name, True)


def _accepts(rules: Ruleset, name: str, value: object) -> bool:
    try:
        rules.with_options(**{name: value})
    except (RulesetError, ValueError, TypeError):
        return False
    return True


def _label(name: str, label: str, rules: Ruleset) -> str:
    if name == "draw_handling" and len(rules.teams) > 2:
        return N_("A tie")
    return label


def _single_seats(rules: Ruleset) -> bool:
    """True when each seat plays for itself in every hand: three players' totals, where the highest wins, even under
    61 (with one sitting out of five, the four who play make two pairs; chiamata's sides come from its auction)."""
    return len(rules.teams) > 2 and not (rules.sit_out or rules.chiamata)


def _help(name: str, explanation: str, rules: Ruleset, accepted: tuple[tuple[Any, str], ...]) -> tuple[str, ...]:
    if name == "margin_scoring" and _single_seats(rules):
        return (
            N_(
                "Game points by margin: 1 for a win with up to 90 card points (even under 61), 2 for 91-119, "
                "3 for capote."
            ),
        )
    if name == "margin_target" and _single_seats(rules):
        return (N_("The first player to this many game points (1 to 3 a hand, by the margin) wins the match."),)
    if name == "trump_mode":
        return tuple(_TRUMP_SENTENCES[value] for value, _text in accepted)
    if name == "draw_handling" and len(rules.teams) > 2:
        return (
            N_(
                "What a hand whose highest total is shared does: stays without a winner, is replayed at double stake, "
                "or carries to the next."
            ),
        )
    return (explanation,)
