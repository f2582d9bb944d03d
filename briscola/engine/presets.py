"""Named presets: one ready ruleset for every form of the game that rules.md describes.

>>> preset("four").teams
((0, 2), (1, 3))
>>> preset_names()[:3]
('classic', 'three', 'three-36')
"""

from __future__ import annotations

from typing import Final

from briscola.engine.cards import DeckFamily
from briscola.engine.errors import RulesetError
from briscola.engine.ruleset import DrawHandling, FirstDealer, Ruleset, SignalRule, SwapRule, TrumpMode
from briscola.engine.text import N_

__all__ = ["PRESETS", "preset", "preset_names"]


def _make(name: str, description: str, **options: object) -> Ruleset:
    return Ruleset().with_options(name=name, description=description, **options)


PRESETS: Final[dict[str, Ruleset]] = {
    rules.name: rules
    for rules in (
        _make("classic", N_("Two players, 3 cards each, the turned briscola is trump; best of three hands.")),
        _make("three", N_("Three players each for themselves; one 2 is removed, 13 cards each."), players=3),
        _make(
            "three-36",
            N_("Three players each for themselves; all four 2s are removed (36 cards)."),
            players=3,
            removed_cards=("2D", "2H", "2S", "2C"),
        ),
        _make("four", N_("Four players in two partnerships, partners sitting opposite."), players=4),
        _make(
            "four-signals",
            N_(
                "Four players in partnerships; partners may give the Spanish signs about their trump ace and three, "
                "and show each other their hands once the talon is exhausted."
            ),
            players=4,
            signals=SignalRule.SECRET,
            show_hands_at_end=True,
        ),
        _make(
            "four-aloud",
            N_(
                "Four players in partnerships; the first trick is silent, then the player to lead may ask the partner "
                "aloud about trumps."
            ),
            players=4,
            signals=SignalRule.ALOUD,
        ),
        _make(
            "chiamata",
            N_(
                "Briscola chiamata: five players, 8 cards each, an auction; the winner calls a card whose holder is "
                "the secret partner. Five deals, highest total wins."
            ),
            players=5,
            hand_size=8,
            trump_mode=TrumpMode.CALLED,
        ),
        _make(
            "five-sitout",
            N_("Five players, Spanish style: the dealer sits out each hand and the other four play in partnerships."),
            players=5,
            sit_out=True,
            sit_out_share=True,
            family=DeckFamily.SPANISH,
            hands_to_win=3,
        ),
        _make("six", N_("Six players in two teams of three, seats alternating; all 2s removed (36 cards)."), players=6),
        _make(
            "open", N_("Open briscola: both hands are played face up; only the talon stays hidden."), open_hands=True
        ),
        _make(
            "briscolone",
            N_("Briscolone: no trump, 5 cards each, and suit must be followed."),
            hand_size=5,
            trump_mode=TrumpMode.NONE,
            must_follow_suit=True,
        ),
        _make(
            "briscolone-10",
            N_("Briscolone (Danish form): no trump, 10 cards each, suit must be followed."),
            hand_size=10,
            trump_mode=TrumpMode.NONE,
            must_follow_suit=True,
        ),
        _make(
            "to31",
            N_(
                "Briscola to 31: declare at your turn when your captured points reach 31; a wrong claim loses. "
                "No running score is shown."
            ),
            to_31=True,
        ),
        _make(
            "scambio",
            N_(
                "Trump swap: the holder of the trump 7 may exchange it for the face-up briscola while the talon has "
                "cards."
            ),
            swap=SwapRule.SEVEN,
        ),
        _make(
            "bussata",
            N_("Must follow suit: a player who can follow the suit led must do so."),
            must_follow_suit=True,
        ),
        _make(
            "brisca",
            N_(
                "Spanish brisca: Spanish deck, first dealer by cutting, 60-60 replayed at double stake, and game "
                "points by margin (1 for 61-90, 2 for 91-119, 3 for capote) to 3."
            ),
            family=DeckFamily.SPANISH,
            first_dealer=FirstDealer.CUT,
            draw_handling=DrawHandling.REPLAY,
            margin_scoring=True,
        ),
        _make(
            "brisca-4",
            N_("Spanish brisca for four, in partnerships, with the signs about trumps."),
            players=4,
            family=DeckFamily.SPANISH,
            first_dealer=FirstDealer.CUT,
            draw_handling=DrawHandling.REPLAY,
            signals=SignalRule.SECRET,
        ),
        _make(
            "cubierta",
            N_(
                "Brisca cubierta: the turned card lies face down; the trump suit is announced when its first card is "
                "played."
            ),
            family=DeckFamily.SPANISH,
            trump_mode=TrumpMode.HIDDEN,
        ),
        _make(
            "subastada",
            N_(
                "Brisca subastada: players bid points for the right to choose trump; the bidder must make the "
                "contract. King and Knight of a suit may be declared after winning a trick: 40 in trumps, 20 "
                "otherwise."
            ),
            family=DeckFamily.SPANISH,
            trump_mode=TrumpMode.AUCTION,
        ),
        _make(
            "rematada",
            N_("Chilean brisca con rematada: card points add up over hands; the first to 101 wins."),
            family=DeckFamily.SPANISH,
            rematada=True,
        ),
        _make(
            "french",
            N_("Classic briscola with a French deck (A, 2-7, J, Q, K)."),
            family=DeckFamily.FRENCH,
        ),
    )
}


def preset_names() -> tuple[str, ...]:
    """The names of all presets, in a stable order (the order above: the classic forms first)."""
    return tuple(PRESETS)


def preset(name: str) -> Ruleset:
    """The preset called ``name`` (case-insensitive); a clear error lists the valid names."""
    rules = PRESETS.get(name.strip().lower())
    if rules is None:
        raise RulesetError("preset", f"{name!r} is not a preset (one of: {', '.join(PRESETS)})")
    return rules
