"""The built-in decks, as data: seven regional styles and the four-colour French variant.

Each entry changes the things a player tells decks apart by (suit objects, palette, border, pip arrangement,
indices, ace, court costume) rather than only its colours. The court costumes live with the figures, keyed by
the same deck id.
"""

from __future__ import annotations

from typing import Final

from briscola.art.model import Box, Deck, Palette, SymbolStyle
from briscola.engine.cards import DeckFamily

__all__ = ["DECKS", "deck"]

_ITALIAN_PIPS: Final = Box(26, 44, 174, 288)
_ITALIAN_COURT: Final = Box(24, 42, 176, 292)
_NORTHERN_PIPS: Final = Box(20, 34, 180, 296)
_NORTHERN_COURT: Final = Box(28, 30, 172, 300)

_NAPOLETANE = Palette(
    paper="#fcf7ea",
    ink="#2a2118",
    gold="#e2a92f",
    gold_dark="#a56c17",
    gold_light="#f8dc86",
    red="#c9302a",
    red_dark="#8a1b1b",
    blue="#2d5aa6",
    green="#4c8f3a",
    green_dark="#2a5e22",
    steel="#7e98ba",
    steel_light="#dfe8f3",
    wood="#9a6632",
    wood_dark="#5b3716",
    frame="#2a2118",
    suits=("#2a2118", "#2a2118", "#2a2118", "#2a2118"),
)
_PIACENTINE = Palette(
    paper="#f8f4ee",
    ink="#1f1d2b",
    gold="#d9b23c",
    gold_dark="#94721c",
    gold_light="#f3e19a",
    red="#b8283e",
    red_dark="#7c1729",
    blue="#27488f",
    green="#3a7d5c",
    green_dark="#1f5038",
    steel="#8a93a8",
    steel_light="#e6e9f0",
    wood="#8b5a36",
    wood_dark="#4e2f19",
    frame="#27488f",
    suits=("#1f1d2b", "#1f1d2b", "#1f1d2b", "#1f1d2b"),
)
_SICILIANE = Palette(
    paper="#fbf0d9",
    ink="#3a1d10",
    gold="#e8a23a",
    gold_dark="#a8561c",
    gold_light="#fbd78b",
    red="#d2472a",
    red_dark="#922512",
    blue="#1f6f8b",
    green="#5a8a2e",
    green_dark="#35591a",
    steel="#8fa0b0",
    steel_light="#eef0ea",
    wood="#a0612e",
    wood_dark="#5e3313",
    frame="#b03a1e",
    suits=("#3a1d10", "#3a1d10", "#3a1d10", "#3a1d10"),
)
_TREVISANE = Palette(
    paper="#fdfbf5",
    ink="#1b2330",
    gold="#e6b73e",
    gold_dark="#9a7416",
    gold_light="#f9e49c",
    red="#c23b30",
    red_dark="#7e201b",
    blue="#2a6aa8",
    green="#2f8a66",
    green_dark="#1b5a41",
    steel="#6f8fb0",
    steel_light="#e3edf7",
    wood="#b0412f",
    wood_dark="#6e2217",
    frame="#1f5a8a",
    suits=("#1b2330", "#1b2330", "#1b2330", "#1b2330"),
)
_BERGAMASCHE = Palette(
    paper="#fffaf0",
    ink="#231a1a",
    gold="#dfa640",
    gold_dark="#98661c",
    gold_light="#f6d992",
    red="#a72f53",
    red_dark="#6d1a35",
    blue="#3d4f9a",
    green="#6d8f2c",
    green_dark="#445e17",
    steel="#8d8fa3",
    steel_light="#eceaf2",
    wood="#3f6b45",
    wood_dark="#22402a",
    frame="#6d1a35",
    suits=("#231a1a", "#231a1a", "#231a1a", "#231a1a"),
)
_FRANCESI = Palette(
    paper="#ffffff",
    ink="#1a1a1a",
    gold="#e3b23c",
    gold_dark="#9c7418",
    gold_light="#f6df9a",
    red="#c8202e",
    red_dark="#8a1420",
    blue="#22448c",
    green="#2f7d4a",
    green_dark="#1c5030",
    steel="#8a96a8",
    steel_light="#e8ecf2",
    wood="#8d5b30",
    wood_dark="#4f3016",
    frame="#1a1a1a",
    suits=("#c8202e", "#c8202e", "#1a1a1a", "#1a1a1a"),
)
_SPAGNOLE = Palette(
    paper="#fdf8ef",
    ink="#24170f",
    gold="#efb22e",
    gold_dark="#b06a12",
    gold_light="#fbdc7e",
    red="#c42a22",
    red_dark="#85150f",
    blue="#2c63b8",
    green="#2f8a3e",
    green_dark="#1c5a26",
    steel="#5f86c2",
    steel_light="#d2e2f8",
    wood="#d08a3a",
    wood_dark="#7c4a16",
    frame="#24170f",
    suits=("#b77a0e", "#c42a22", "#2c63b8", "#2f7a36"),
)

#: Every built-in deck by id, in the order the settings list them.
DECKS: Final[dict[str, Deck]] = {
    d.ident: d
    for d in (
        Deck(
            "napoletane",
            "Napoletane",
            DeckFamily.ITALIAN,
            _NAPOLETANE,
            SymbolStyle("rosette", "goblet", "crescent", "knobbly", "crossed"),
            "none",
            "number",
            _ITALIAN_PIPS,
            _ITALIAN_COURT,
            False,
            "lattice-red",
            "rays",
            "Neapolitan style: straight swords, knobbly cudgels, rosette coins.",
        ),
        Deck(
            "piacentine",
            "Piacentine",
            DeckFamily.ITALIAN,
            _PIACENTINE,
            SymbolStyle("star", "tulip", "bar", "rough", "crossed"),
            "double",
            "number",
            _ITALIAN_PIPS,
            _ITALIAN_COURT,
            False,
            "tartan-green",
            "wreath",
            "Piacenza style: star coins, tulip cups, cross-hilted swords, rough wooden clubs.",
        ),
        Deck(
            "siciliane",
            "Siciliane",
            DeckFamily.ITALIAN,
            _SICILIANE,
            SymbolStyle("sun", "goblet", "scroll", "leafy", "crossed"),
            "ornate",
            "number",
            _ITALIAN_PIPS,
            _ITALIAN_COURT,
            False,
            "rosette-red",
            "sunburst",
            "Sicilian style: warm palette, ornate scalloped coins, sprouting cudgels.",
        ),
        Deck(
            "trevisane",
            "Trevisane",
            DeckFamily.ITALIAN,
            _TREVISANE,
            SymbolStyle("quatrefoil", "urn", "scimitar", "baton", "interlaced"),
            "plain",
            "number-small",
            _NORTHERN_PIPS,
            _NORTHERN_COURT,
            True,
            "scales-teal",
            "scrolls",
            "Treviso style: long curved swords and batons that interlace, double-headed courts.",
        ),
        Deck(
            "bergamasche",
            "Bergamasche",
            DeckFamily.ITALIAN,
            _BERGAMASCHE,
            SymbolStyle("wheel", "tulip", "scimitar", "baton", "interlaced"),
            "band",
            "number-small",
            _NORTHERN_PIPS,
            _NORTHERN_COURT,
            True,
            "plain-burgundy",
            "wreath",
            "Bergamo style: northern interlaced suits in a wine-and-olive palette.",
        ),
        Deck(
            "francesi",
            "Francesi",
            DeckFamily.FRENCH,
            _FRANCESI,
            SymbolStyle("diamond", "heart", "spade", "club", "french"),
            "none",
            "rank-suit",
            Box(40, 30, 160, 300),
            Box(34, 26, 166, 304),
            True,
            "lattice-blue",
            "french",
            "French suits, A-7 and J, Q, K, double-headed courts.",
        ),
        Deck(
            "francesi-4c",
            "Francesi (four colours)",
            DeckFamily.FRENCH,
            Palette(**{**_FRANCESI.__dict__, "suits": ("#1f5fbf", "#c8202e", "#1a1a1a", "#1d7a34")}),
            SymbolStyle("diamond", "heart", "spade", "club", "french"),
            "none",
            "rank-suit",
            Box(40, 30, 160, 300),
            Box(34, 26, 166, 304),
            True,
            "lattice-blue",
            "french",
            "French suits in four colours (blue diamonds, green clubs), easier to tell apart.",
            variant_of="francesi",
        ),
        Deck(
            "spagnole",
            "Spagnole",
            DeckFamily.SPANISH,
            _SPAGNOLE,
            SymbolStyle("oros", "chalice", "espada", "basto", "rows"),
            "pintas",
            "number-spanish",
            Box(30, 46, 170, 286),
            Box(30, 46, 170, 292),
            False,
            "rosette-blue",
            "cartouche",
            "Spanish baraja: Oros, Copas, Espadas, Bastos; the frame's gaps (pintas) tell the suit.",
        ),
    )
}


def deck(ident: str) -> Deck:
    """The built-in deck ``ident``; KeyError names the known ones."""
    try:
        return DECKS[ident]
    except KeyError:
        raise KeyError(f"no built-in deck {ident!r}; known: {', '.join(DECKS)}") from None
