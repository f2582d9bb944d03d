"""What the new-game scene offers: the player counts with their default presets, the computer levels, and each rule
option with its values and its one-line explanation.

Kept apart from :mod:`briscola.ui.menus.new_game`, the scene that shows them, because it is data: the rules scene and
the translation checks read the same table, and the scene stays small. The texts are marked with ``N_`` and translated
where they are shown, so a language chosen later still applies.
"""

from __future__ import annotations

from typing import Any

from briscola.text.i18n import N_

__all__ = ["DEFAULT_PRESET", "EXTERNAL", "LEVELS", "OPTIONS", "PLAYER_COUNTS"]

#: Every table the engine plays: five is briscola chiamata (or, by its preset, four playing while the dealer sits out).
PLAYER_COUNTS = (2, 3, 4, 5, 6)
DEFAULT_PRESET = {2: "classic", 3: "three", 4: "four", 5: "chiamata", 6: "six"}
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
