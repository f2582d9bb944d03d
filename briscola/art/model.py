"""The data a deck is made of: palette, suit-symbol styles, border, pip arrangement, indices, court box, back.

A deck is a frozen value: the generator is a function of it, so two runs give byte-identical SVG files and a
test can compare the committed assets with a fresh build.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from briscola.engine.cards import DeckFamily

__all__ = ["CARD_H", "CARD_W", "Box", "Deck", "IndexStyle", "Palette", "SymbolStyle"]

#: Card size in SVG user units. 1:1.65 is the shape of Italian regional cards; every file uses this viewBox.
CARD_W = 200.0
CARD_H = 330.0

IndexStyle = Literal["number", "number-small", "rank-suit", "number-spanish", "none"]


@dataclass(frozen=True)
class Palette:
    """Every colour a deck uses, as hex (the only colour form nanosvg renders reliably)."""

    paper: str
    ink: str
    gold: str
    gold_dark: str
    gold_light: str
    red: str
    red_dark: str
    blue: str
    green: str
    green_dark: str
    steel: str
    steel_light: str
    wood: str
    wood_dark: str
    frame: str
    #: Colour of each suit's pips and indices in French decks (D, H, S, C); Italian decks use it for indices only.
    suits: tuple[str, str, str, str] = ("#1d1a16", "#1d1a16", "#1d1a16", "#1d1a16")


@dataclass(frozen=True)
class SymbolStyle:
    """Which drawing each suit object uses; the names are the branches in :mod:`briscola.art.symbols`."""

    coin: Literal["rosette", "star", "sun", "quatrefoil", "wheel", "oros", "diamond"]
    cup: Literal["goblet", "tulip", "urn", "chalice", "heart"]
    sword: Literal["crescent", "bar", "scroll", "scimitar", "espada", "spade"]
    club: Literal["knobbly", "rough", "leafy", "baton", "basto", "club"]
    #: How swords and clubs of the pip cards are arranged: apart in rows (Spanish), crossed in X's (Italian
    #: Spanish-suited), interlaced bundles (northern), or French pips.
    arrangement: Literal["rows", "crossed", "interlaced", "french"]


@dataclass(frozen=True)
class Box:
    """A rectangle in card units."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """Width in card units."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """Height in card units."""
        return self.y1 - self.y0

    @property
    def cx(self) -> float:
        """Horizontal centre."""
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        """Vertical centre."""
        return (self.y0 + self.y1) / 2

    def contains(self, other: Box) -> bool:
        """True when ``other`` lies wholly inside this box."""
        eps = 1e-6
        return (
            self.x0 - eps <= other.x0
            and self.y0 - eps <= other.y0
            and other.x1 <= self.x1 + eps
            and other.y1 <= self.y1 + eps
        )

    def overlaps(self, other: Box, gap: float = 0.0) -> bool:
        """True when the two boxes come closer than ``gap``."""
        return not (
            other.x0 >= self.x1 + gap
            or self.x0 >= other.x1 + gap
            or other.y0 >= self.y1 + gap
            or self.y0 >= other.y1 + gap
        )


@dataclass(frozen=True)
class Deck:
    """One deck style: everything the generator needs to draw its 40 faces."""

    ident: str
    name: str
    family: DeckFamily
    palette: Palette
    symbols: SymbolStyle
    #: Card border: "plain" line, "double" line, "ornate" band, "pintas" (Spanish frame with suit gaps).
    border: Literal["plain", "double", "ornate", "band", "pintas", "none"]
    index: IndexStyle
    #: Where pips may go (inside the border, clear of the corner indices).
    pip_area: Box
    #: Where the court figure is drawn.
    court_box: Box
    double_headed: bool
    back: str
    #: Ace ornament: what surrounds the big ace symbol.
    ace: Literal["rays", "wreath", "sunburst", "cartouche", "scrolls", "french"]
    description: str = ""
    variant_of: str = ""
    extra: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
