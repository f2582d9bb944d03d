"""Half figures for the double-headed courts (northern Italian and French patterns).

A half figure fills the top half of the 160 x 260 design space (0..130 units down) and is cut along the divider
line, so the caller can draw it again turned 180 degrees for the bottom half and lay the divider band over the cut:
the bust's lower edge is built on that line, never clipped (the rasteriser has no clip paths). The held object and
both hands stay above the divider, and everything stays inside the card.
"""

from __future__ import annotations

from briscola.art.figures_heads import head
from briscola.art.figures_horse import horse_head
from briscola.art.figures_parts import SymbolDrawer, arm, collar, fist, hold, prop_svg
from briscola.art.figures_style import DeckStyle
from briscola.art.figures_svg import Pt, Seg, circle, ellipse, limb, line, path, pathd, shade

__all__ = ["HALF", "bust", "cut_y"]

HALF = 130.0  # the centre line of the card in design units


def cut_y(st: DeckStyle, x: float, off: float = 0.0) -> float:
    """The divider's centre line at ``x``: through the card's centre, rising ``divider_slope`` across the card."""
    return HALF - st.divider_slope * (x - 80) * 0.25 + off


def _torso(st: DeckStyle, cx: float, half_w: float, col: str, neck_y: float) -> str:
    """Shoulders and chest down to the cut line (a little below it, hidden by the divider band)."""
    xl, xr = cx - half_w - 4, cx + half_w + 4
    segs: list[Seg] = [
        ((cx + 8, neck_y),),
        ((cx + half_w * 0.7, neck_y + 1), (cx + half_w, neck_y + 4), (cx + half_w + 2, neck_y + 14)),
        ((cx + half_w + 3, neck_y + 30), (xr, cut_y(st, xr) - 20), (xr, cut_y(st, xr, 3))),
        ((xl, cut_y(st, xl, 3)),),
        ((xl, cut_y(st, xl) - 20), (cx - half_w - 3, neck_y + 30), (cx - half_w - 2, neck_y + 14)),
        ((cx - half_w, neck_y + 4), (cx - half_w * 0.7, neck_y + 1), (cx - 8, neck_y)),
    ]
    return pathd((cx, neck_y), segs)


def bust(st: DeckStyle, who: str, suit: int, draw: SymbolDrawer, prop: str | None = None) -> list[str]:
    """The half figure of ``who`` ("page", "king", "queen", "knight") holding the suit object (or ``prop``)."""
    if who == "knight":
        return _knight(st, suit, draw)
    p = st.pal
    if who == "page":
        body, body2 = p.page_tunic, p.page_tunic2
    elif who == "king":
        body, body2 = p.king_robe, p.king_robe2
    else:
        body, body2 = p.queen_gown, p.queen_gown2
    cx, neck_y = 76.0, 72.0
    out: list[str] = []
    hd = head(st, who, (cx, 46), 1.1, 0.3, st.page_hat if who == "page" else None)
    out.append(hd.back)
    if who == "king" or (who == "page" and st.page_cape):
        cape = _torso(st, cx, 38, p.cape, neck_y + 2)
        out.append(path(cape, p.cape))
    out.append(path(_torso(st, cx, 30, body, neck_y), body))
    # a front panel, braid and buttons, cut by the divider like the rest
    yb = cut_y(st, cx, 3)
    out.append(path(pathd((cx - 7, neck_y + 6), [((cx + 7, neck_y + 6),), ((cx + 9, yb),), ((cx - 9, yb),)]), body2))
    out.append(line([(cx, neck_y + 8), (cx, yb - 2)], p.trim, 2.2))
    for y in (neck_y + 16, neck_y + 28, neck_y + 40):
        out.append(circle((cx, y), 1.5, p.trim, None, 0.5))
    if st.sash and who != "queen":
        out.append(
            path(
                pathd(
                    (cx - 26, neck_y + 6),
                    [
                        ((cx - 18, neck_y + 3),),
                        ((cx + 30, cut_y(st, cx + 30) - 6),),
                        ((cx + 24, cut_y(st, cx + 24) + 2),),
                    ],
                ),
                p.cape_lining,
            )
        )
    for s in (-1, 1):
        out.append(line([(cx + s * 20, neck_y + 20), (cx + s * 22, yb - 6)], shade(body, 0.3), 0.9))
    out.append(path(limb([(cx, neck_y - 14), (cx, neck_y + 3)], [10, 11], cap=False), p.skin))
    out.extend(collar(st, (cx, neck_y + 3), 17, 1.1))
    for s in (-1, 1):
        out.append(ellipse((cx + s * 30, neck_y + 9), 8, 7.5, body2))
    # free arm across the body, hand resting at the chest
    out.extend(arm((cx - 30, neck_y + 12), (cx - 30, neck_y + 38), (cx - 10, neck_y + 38), body2, p.trim, 12))
    out.append(fist((cx - 10, neck_y + 38), 90, st, 1.05))
    sh, el = (cx + 30, neck_y + 12), (cx + 34, neck_y + 40)
    if prop is not None:
        grip: Pt = (cx + 48, neck_y + 32)
        out.extend(arm(sh, el, grip, body2, p.trim, 12))
        out.extend(prop_svg(st, prop, grip, 1.0))
        out.append(fist(grip, 0, st, 1.05))
    elif suit in (0, 1):
        grip = (cx + 48, neck_y + 30)
        out.extend(arm(sh, el, grip, body2, p.trim, 12))
        h = hold(draw, st, suit, grip, 0, 28 if suit == 0 else 32)
        out.append(h.obj)
        out.append(fist(grip, 0, st, 1.05))
    else:
        grip = (cx + 48, neck_y + 32)
        out.extend(arm(sh, el, grip, body2, p.trim, 12))
        h = hold(draw, st, suit, grip, 4, 92 if suit == 2 else 88)
        out.append(h.obj)
        out.append(fist(grip, 4, st, 1.05))
    out.append(hd.front)
    return out


def _knight(st: DeckStyle, suit: int, draw: SymbolDrawer) -> list[str]:
    """The rider's bust behind the head and neck of his horse, which rise from the divider on the left."""
    p = st.pal
    out: list[str] = []
    cx, neck_y = 100.0, 70.0
    hd = head(st, "knight", (cx, 46), 1.0, -0.3, st.knight_hat)
    out.append(hd.back)
    out.append(path(_torso(st, cx, 24, p.knight_tunic, neck_y), p.knight_tunic))
    out.append(line([(cx, neck_y + 6), (cx, cut_y(st, cx) - 4)], p.trim, 2.0))
    for y in (neck_y + 14, neck_y + 26):
        out.append(circle((cx, y), 1.4, p.trim, None, 0.5))
    out.append(path(limb([(cx, neck_y - 12), (cx, neck_y + 3)], [9, 10], cap=False), p.skin))
    out.extend(collar(st, (cx, neck_y + 3), 14, 1.0))
    for s in (-1, 1):
        out.append(ellipse((cx + s * 24, neck_y + 8), 7, 6.5, p.knight_tunic2))
    # the horse's neck and head, in front of the rider
    poll = (42.0, 44.0)
    hh, throat, jowl, bit = horse_head(st, poll, 24, 1.15)
    xl, xr = 46.0, 82.0
    neck = pathd(
        (xr, cut_y(st, xr, 3)),
        [
            ((xr - 2, 84), (64, 50), (poll[0] + 1, poll[1] - 1)),
            (jowl,),
            ((throat[0] + 2, throat[1] + 10), (xl + 2, 112), (xl, cut_y(st, xl, 3))),
        ],
    )
    out.append(path(neck, p.horse))
    out.append(line([(58, 104), (62, 122)], shade(p.horse, 0.3), 0.8))
    mane = [(poll[0] + 3, poll[1] - 1), (53, 49), (62, 58), (70, 72), (75, 90), (79, 110)]
    out.append(path(limb(mane, [3, 6, 7, 7, 7, 6]), p.mane))
    for x, y in mane[1:-1]:
        out.append(path(limb([(x, y), (x + 6, y + 4), (x + 7, y + 10)], [5.5, 4.5, 1.5]), p.mane))
    out.append(hh)
    # reins from the bit to the rider's left hand; right hand raises the suit object
    hand_l = (cx - 14, neck_y + 36)
    out.append(line([bit, (60, 100), hand_l], shade(p.cloth, 0.25), 1.2))
    out.extend(arm((cx - 24, neck_y + 10), (cx - 26, neck_y + 34), hand_l, p.knight_tunic2, p.trim, 10))
    out.append(fist(hand_l, 80, st))
    grip = (cx + 34, neck_y + 2)
    out.extend(arm((cx + 24, neck_y + 10), (cx + 38, neck_y + 22), grip, p.knight_tunic2, p.trim, 10))
    if suit == 0:
        h = hold(draw, st, 0, grip, 0, 26)
    elif suit == 1:
        h = hold(draw, st, 1, grip, 0, 30)
    else:
        h = hold(draw, st, suit, grip, 8, 70 if suit == 2 else 66)
    out.append(h.obj)
    out.append(h.hand)
    out.append(hd.front)
    return out
