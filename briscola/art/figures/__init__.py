"""Court figures for the generated decks: ``court_svg`` draws the Fante/Cavallo/Re (Jack/Queen/King) of a deck.

Helper decks call :func:`court_svg` with a ``draw_symbol`` callback that draws their suit object, so the figures hold
the very coin, cup, sword or cudgel of the deck. Figures are drawn in a fixed design space (160 x 260 units) and
fitted to the box with one group transform that keeps their aspect and centres them, so nothing leaves the box
whatever its size. Single-headed courts are full figures on a patch of ground. Double-headed ones are a half figure
drawn for the box's own aspect (160 units wide, as tall as the box makes it), so it fills the frame edge to edge
like a printed card's, drawn twice, the second turned 180 degrees about the centre, with a divider over the cut.

The shapes live in this package's modules: ``style`` (each deck's palette and costume, as data), ``heads`` (faces,
hair, beards), ``hats`` (hats and crowns), ``parts`` (hands, arms, collars, holding), ``people`` (page, king, queen),
``horse`` (horse and knight), ``bust`` (half figures), all drawn with ``shapes`` (SVG built from points: outlines
written once and mirrored, limbs from a centre line and widths). ``shapes`` is apart from :mod:`briscola.art.svg`,
whose builders take coordinates and check the finished text: the figures' builders take points, so a body part
reads as the points it is drawn through.
"""

from __future__ import annotations

from dataclasses import replace

from briscola.art.figures.bust import HALF_W, bust, divider, half_height
from briscola.art.figures.horse import knight_full
from briscola.art.figures.parts import SymbolDrawer
from briscola.art.figures.people import page_full, robed_full
from briscola.art.figures.shapes import f, group
from briscola.art.figures.style import DECKS, DeckStyle

__all__ = ["DECK_IDS", "DESIGN_H", "DESIGN_W", "SymbolDrawer", "court_svg"]

DESIGN_W = 160.0
DESIGN_H = 260.0
DECK_IDS: tuple[str, ...] = tuple(DECKS)

# The French courts hold their traditional props; their suit pip is shown beside the head instead.
_FRENCH_PROPS = ("halberd", "flower", "sceptre")


def _full(deck_id: str, st: DeckStyle, suit: int, court: int, draw: SymbolDrawer) -> list[str]:
    french = deck_id == "francesi"
    prop = _FRENCH_PROPS[court] if french else None
    if court == 0:
        out = page_full(st, suit, draw, prop)
    elif court == 1 and not french:
        out = knight_full(st, suit, draw)
    else:
        out = robed_full(st, suit, draw, queen=court == 1, prop=prop, seated=court == 2 and st.king_seated)
    if french:
        out.append(draw(30, 34, 22, 0))
    return out


def _half(deck_id: str, st: DeckStyle, suit: int, court: int, draw: SymbolDrawer, hh: float) -> list[str]:
    french = deck_id == "francesi"
    who = ("page", "queen" if french else "knight", "king")[court]
    out = bust(st, who, suit, draw, hh, _FRENCH_PROPS[court] if french else None)
    if french:
        out.append(draw(20, 20, 22, 0))
    return out


def _black_suit_dress(st: DeckStyle) -> DeckStyle:
    """The French courts of the black suits wear their colours the other way round, as on real French packs,
    where each suit's Jack, Queen and King are drawn apart: two looks per court instead of one."""
    p = st.pal
    pal = replace(
        p,
        page_tunic=p.page_tunic2,
        page_tunic2=p.page_tunic,
        page_hat=p.page_tunic,
        queen_gown=p.queen_gown2,
        queen_gown2=p.queen_gown,
        king_robe=p.cape,
        cape=p.king_robe,
    )
    return replace(st, pal=pal)


def court_svg(
    deck_id: str, suit: int, court: int, width: float, height: float, draw_symbol: SymbolDrawer, double_headed: bool
) -> str:
    """One ``<g>`` with the court figure, drawn entirely inside the box (0, 0)-(width, height).

    ``court`` 0 is the Fante/Sota/Jack, 1 the Cavallo/Caballo (the Queen in the French deck), 2 the Re/Rey/King;
    ``suit`` 0..3 follows ``briscola.engine.cards.Suit``. ``draw_symbol(cx, cy, size, angle)`` is called for the
    held suit object (and, in the French deck, the pip beside the head).
    """
    st = DECKS.get(deck_id)
    if st is None:
        raise ValueError(f"unknown deck {deck_id!r}: expected one of {', '.join(DECK_IDS)}")
    if deck_id == "francesi" and suit >= 2:
        st = _black_suit_dress(st)
    if suit not in range(4) or court not in range(3):
        raise ValueError(f"suit must be 0..3 and court 0..2, got suit={suit} court={court}")
    if width <= 0 or height <= 0:
        raise ValueError(f"the box must have a positive size, got {width} x {height}")
    design_w, design_h = DESIGN_W, DESIGN_H
    if double_headed:
        hh = half_height(width, height)
        design_w, design_h = HALF_W, 2 * hh
        half = group(_half(deck_id, st, suit, court, draw_symbol, hh))
        body = [half, group([half], f"rotate(180 {f(HALF_W / 2)} {f(hh)})"), *divider(st, hh)]
    else:
        body = _full(deck_id, st, suit, court, draw_symbol)
    s = min(width / design_w, height / design_h)
    tx = (width - design_w * s) / 2
    ty = (height - design_h * s) / 2
    style = f'stroke="{st.pal.outline}" stroke-width="1.2" stroke-linejoin="round" stroke-linecap="round"'
    return group(body, f"translate({f(tx)} {f(ty)}) scale({s:.5f})", style)
