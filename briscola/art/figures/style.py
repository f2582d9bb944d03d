"""What each deck's court figures wear: one frozen dataclass per deck, read by the shared figure skeletons.

The seven decks share four skeletons (standing page, mounted knight, robed king or queen, and the half figure of the
double-headed cards); what makes them distinct at a glance lives here as data: a palette and a choice of costume
pieces (hats, crowns, collars, capes, sashes, beards, the horse's coat). Keeping it as data means a new deck or a
retouched palette is a table edit, and the tests can walk every deck the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["DECKS", "DeckStyle", "Palette"]

PageHat = Literal["feather_cap", "beret", "turban", "bonnet", "chaperon", "tricorn"]
KnightHat = Literal["plumed_helmet", "beret", "turban", "bonnet", "tricorn", "feather_cap"]
Crown = Literal["points", "fleur", "arched", "tall", "band"]
Collar = Literal["ermine", "ruff", "square", "band"]
Beard = Literal["full", "pointed", "forked"]


@dataclass(frozen=True)
class Palette:
    """The colours of one deck's figures (hex only: the rasteriser greys out named colours)."""

    outline: str
    skin: str
    hair: str  # the page's and knight's hair
    king_hair: str  # the king's hair and beard
    eyes: str
    page_tunic: str
    page_tunic2: str  # sleeves, skirt panels
    page_hose: str
    page_hose2: str  # parti-coloured hose: the second leg
    page_hat: str
    knight_tunic: str
    knight_tunic2: str
    knight_hat: str
    king_robe: str
    king_robe2: str  # the under-robe, sleeves
    cape: str
    cape_lining: str
    trim: str  # gold braid, belts' buckles, crowns
    jewel: str
    plume: str
    shoes: str
    horse: str
    mane: str
    cloth: str  # the horse's saddle cloth
    cloth_trim: str
    ground: str
    queen_gown: str
    queen_gown2: str
    divider: str  # the band between the two halves of a double-headed card


@dataclass(frozen=True)
class DeckStyle:
    """One deck's figure costume: palette plus the pieces that change the silhouette, not just the colours."""

    pal: Palette
    page_hat: PageHat
    knight_hat: KnightHat
    crown: Crown
    collar: Collar
    page_cape: bool  # a short cape over the page's shoulder
    sash: bool  # a sash across the chest of page and knight
    beard: Beard
    long_hair: bool  # shoulder-length hair on the page/knight instead of a bob
    horse_prance: bool  # near foreleg raised instead of a walking stance
    divider_slope: float  # rise of the double-headed divider across the card (0 = horizontal)
    king_seated: bool = False  # the full-figure king sits on a throne instead of standing
    northern: bool = False  # curved northern swords: their grip sits further from the centre than a straight one's
    divider_width: float = 4.0  # the double-headed divider: a sash this wide, or a fine rule when 1.6 or less


_NAP = Palette(
    outline="#2a1a12",
    skin="#f3cfab",
    hair="#c98a3a",
    king_hair="#8a5a32",
    eyes="#4a3020",
    page_tunic="#3f8f4a",
    page_tunic2="#c8362f",
    page_hose="#c8362f",
    page_hose2="#e3a82b",
    page_hat="#c8362f",
    knight_tunic="#2f5fa8",
    knight_tunic2="#e3a82b",
    knight_hat="#c8362f",
    king_robe="#c8362f",
    king_robe2="#e3a82b",
    cape="#2f5fa8",
    cape_lining="#e3a82b",
    trim="#e6b43c",
    jewel="#2f5fa8",
    plume="#fbf4e6",
    shoes="#3a2418",
    horse="#ece7dc",
    mane="#6a4426",
    cloth="#c8362f",
    cloth_trim="#e6b43c",
    ground="#8fbf62",
    queen_gown="#2f5fa8",
    queen_gown2="#c8362f",
    divider="#c8362f",
)

_PIA = Palette(
    outline="#1f1a2a",
    skin="#f0c9a6",
    hair="#5a3a22",
    king_hair="#d8d2c6",
    eyes="#3a5a7a",
    page_tunic="#2d62a8",
    page_tunic2="#f0c43a",
    page_hose="#f0c43a",
    page_hose2="#2d62a8",
    page_hat="#1e2f55",
    knight_tunic="#c2352d",
    knight_tunic2="#f0c43a",
    knight_hat="#2d62a8",
    king_robe="#2f7a46",
    king_robe2="#f0c43a",
    cape="#c2352d",
    cape_lining="#f2ead8",
    trim="#f0c43a",
    jewel="#c2352d",
    plume="#c2352d",
    shoes="#1f1a2a",
    horse="#9a5a2e",
    mane="#2a1c14",
    cloth="#2d62a8",
    cloth_trim="#f0c43a",
    ground="#b7c46a",
    queen_gown="#c2352d",
    queen_gown2="#2d62a8",
    divider="#2d62a8",
)

_SIC = Palette(
    outline="#3a1a0e",
    skin="#e9b98c",
    hair="#3a2216",
    king_hair="#2e1a10",
    eyes="#3a2216",
    page_tunic="#d8642a",
    page_tunic2="#8e2a3a",
    page_hose="#8e2a3a",
    page_hose2="#8e2a3a",
    page_hat="#f2d36a",
    knight_tunic="#8e2a3a",
    knight_tunic2="#e0a030",
    knight_hat="#f2e3c2",
    king_robe="#e0a030",
    king_robe2="#8e2a3a",
    cape="#8e2a3a",
    cape_lining="#d8642a",
    trim="#f2c84a",
    jewel="#2f8a6a",
    plume="#d8642a",
    shoes="#5a2a16",
    horse="#b8642e",
    mane="#f2e0b8",
    cloth="#2f8a6a",
    cloth_trim="#f2c84a",
    ground="#d9b56a",
    queen_gown="#e0a030",
    queen_gown2="#8e2a3a",
    divider="#d8642a",
)

_TRE = Palette(
    outline="#1a1e2e",
    skin="#f4d2b2",
    hair="#e0b050",
    king_hair="#a8a8a8",
    eyes="#2a4a6a",
    page_tunic="#d83a34",
    page_tunic2="#2a5aa0",
    page_hose="#2a5aa0",
    page_hose2="#d83a34",
    page_hat="#2a5aa0",
    knight_tunic="#f0c640",
    knight_tunic2="#2a5aa0",
    knight_hat="#d83a34",
    king_robe="#2a5aa0",
    king_robe2="#d83a34",
    cape="#d83a34",
    cape_lining="#f0c640",
    trim="#f0c640",
    jewel="#d83a34",
    plume="#f0c640",
    shoes="#1a1e2e",
    horse="#f0ebe0",
    mane="#c89a40",
    cloth="#2a5aa0",
    cloth_trim="#f0c640",
    ground="#8fbf62",
    queen_gown="#d83a34",
    queen_gown2="#2a5aa0",
    divider="#f0c640",
)

_BER = Palette(
    outline="#22201a",
    skin="#f0caa8",
    hair="#7a4a22",
    king_hair="#e6e0d4",
    eyes="#3a5a30",
    page_tunic="#6a3a8a",
    page_tunic2="#e8b838",
    page_hose="#2e7a5a",
    page_hose2="#e8b838",
    page_hat="#2e7a5a",
    knight_tunic="#2e7a5a",
    knight_tunic2="#c0402e",
    knight_hat="#6a3a8a",
    king_robe="#c0402e",
    king_robe2="#2e7a5a",
    cape="#6a3a8a",
    cape_lining="#e8b838",
    trim="#e8b838",
    jewel="#2e7a5a",
    plume="#e8b838",
    shoes="#22201a",
    horse="#5a3a26",
    mane="#1e1610",
    cloth="#c0402e",
    cloth_trim="#e8b838",
    ground="#a6b86a",
    queen_gown="#2e7a5a",
    queen_gown2="#6a3a8a",
    divider="#2e7a5a",
)

_FRA = Palette(
    outline="#141414",
    skin="#f6d7bd",
    hair="#e2b648",
    king_hair="#e2b648",
    eyes="#2a2a2a",
    page_tunic="#c8232c",
    page_tunic2="#1f4fa0",
    page_hose="#1f4fa0",
    page_hose2="#c8232c",
    page_hat="#1f4fa0",
    knight_tunic="#1f4fa0",
    knight_tunic2="#f2c230",
    knight_hat="#c8232c",
    king_robe="#c8232c",
    king_robe2="#1f4fa0",
    cape="#1f4fa0",
    cape_lining="#f2c230",
    trim="#f2c230",
    jewel="#c8232c",
    plume="#fbfbfb",
    shoes="#141414",
    horse="#f4f0e6",
    mane="#141414",
    cloth="#c8232c",
    cloth_trim="#f2c230",
    ground="#f2c230",
    queen_gown="#1f4fa0",
    queen_gown2="#c8232c",
    divider="#141414",
)

_SPA = Palette(
    outline="#1a1410",
    skin="#f2cda8",
    hair="#2a1a10",
    king_hair="#4a3020",
    eyes="#2a1a10",
    page_tunic="#d8342a",
    page_tunic2="#2a62b8",
    page_hose="#f0c030",
    page_hose2="#f0c030",
    page_hat="#2a62b8",
    knight_tunic="#2a62b8",
    knight_tunic2="#d8342a",
    knight_hat="#1a1410",
    king_robe="#2a62b8",
    king_robe2="#f0c030",
    cape="#d8342a",
    cape_lining="#2a62b8",
    trim="#f0c030",
    jewel="#d8342a",
    plume="#d8342a",
    shoes="#1a1410",
    horse="#f0c030",
    mane="#d8342a",
    cloth="#2a62b8",
    cloth_trim="#d8342a",
    ground="#e8dcc0",
    queen_gown="#d8342a",
    queen_gown2="#2a62b8",
    divider="#d8342a",
)


def _deck(
    pal: Palette, hats: tuple[PageHat, KnightHat], crown: Crown, collar: Collar, beard: Beard, **kw: bool
) -> DeckStyle:
    return DeckStyle(
        pal=pal,
        page_hat=hats[0],
        knight_hat=hats[1],
        crown=crown,
        collar=collar,
        beard=beard,
        page_cape=kw.get("page_cape", False),
        sash=kw.get("sash", False),
        long_hair=kw.get("long_hair", False),
        horse_prance=kw.get("prance", False),
        divider_slope=-0.35 if kw.get("slope_down", False) else (0.3 if kw.get("slope_up", False) else 0.0),
        northern=kw.get("northern", False),
        king_seated=kw.get("seated", False),
        divider_width=1.4 if kw.get("fine_rule", False) else 4.0,
    )


DECKS: dict[str, DeckStyle] = {
    "napoletane": _deck(_NAP, ("feather_cap", "plumed_helmet"), "points", "ermine", "full"),
    "piacentine": _deck(
        _PIA, ("beret", "beret"), "arched", "ruff", "pointed", page_cape=True, long_hair=True, prance=True
    ),
    "siciliane": _deck(_SIC, ("turban", "turban"), "tall", "band", "forked", sash=True, seated=True),
    "trevisane": _deck(
        _TRE,
        ("chaperon", "plumed_helmet"),
        "fleur",
        "ruff",
        "pointed",
        sash=True,
        long_hair=True,
        slope_down=True,
        northern=True,
    ),
    "bergamasche": _deck(
        _BER,
        ("tricorn", "feather_cap"),
        "band",
        "ermine",
        "forked",
        page_cape=True,
        prance=True,
        northern=True,
        seated=True,
    ),
    "francesi": _deck(
        _FRA, ("feather_cap", "beret"), "fleur", "square", "full", long_hair=True, slope_up=True, fine_rule=True
    ),
    "spagnole": _deck(_SPA, ("bonnet", "bonnet"), "tall", "ruff", "full", page_cape=True, sash=True, prance=True),
}
