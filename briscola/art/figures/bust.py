"""Half figures for the double-headed courts (northern Italian and French patterns).

On a printed double-headed card each half figure fills its half of the frame: the head near the top, the shoulders
and robe running out to the frame's sides, the hands and the held object in the corners beside the head. So the half
is drawn for the box it will fill: 160 units wide and ``hh`` units tall (``hh`` follows the box's aspect, see
:func:`half_height`), cut along the divider line through the card's centre. The caller draws it again turned
180 degrees for the bottom half and lays the divider over the cut. The bust's lower edge is built on that line and its
sides stop just inside the frame, never clipped (the rasteriser has no clip paths); the held object and both hands
stay above the cut.
"""

from __future__ import annotations

from briscola.art.figures.heads import head
from briscola.art.figures.horse import horse_head
from briscola.art.figures.parts import SymbolDrawer, arm, collar, fist, grip_frac, hold, prop_svg
from briscola.art.figures.shapes import Pt, Seg, circle, ellipse, f, limb, line, path, pathd, shade
from briscola.art.figures.style import DeckStyle

__all__ = ["EDGE", "HALF_W", "bust", "cut_y", "divider", "half_height"]

HALF_W = 160.0  # the half figure's width in design units
EDGE = 1.6  # how far inside the box the robe's sides stop: its outline must not spill over the frame


def half_height(width: float, height: float) -> float:
    """The half figure's height for a box of ``width`` x ``height``: the box's own aspect, so the figure fills it
    edge to edge, held within the range the composition is drawn for (odd boxes get margins instead)."""
    return min(max(HALF_W * height / width / 2, 120.0), 180.0)


def cut_y(st: DeckStyle, x: float, hh: float, off: float = 0.0) -> float:
    """The divider's centre line at ``x``: through the card's centre, rising ``divider_slope`` across the card."""
    return hh - st.divider_slope * (x - HALF_W / 2) * 0.25 + off


def divider(st: DeckStyle, hh: float) -> list[str]:
    """The line between the halves, from frame side to frame side: a narrow sash in the deck's colour edged in ink,
    or, for a thin ``divider_width``, a single fine rule as on French cards. Only its long edges are stroked, so its
    ends meet the frame line cleanly."""
    x0, x1 = EDGE, HALF_W - EDGE  # under the frame line, which is drawn over the ends
    w = st.divider_width / 2
    butt = 'stroke-linecap="butt"'
    if w <= 0.8:
        return [
            path(f"M{f(x0)} {f(cut_y(st, x0, hh))}L{f(x1)} {f(cut_y(st, x1, hh))}", "none", st.pal.divider, w * 2, butt)
        ]
    band = pathd(
        (x0, cut_y(st, x0, hh, -w)),
        [((x1, cut_y(st, x1, hh, -w)),), ((x1, cut_y(st, x1, hh, w)),), ((x0, cut_y(st, x0, hh, w)),)],
    )
    edges = "".join(f"M{f(x0)} {f(cut_y(st, x0, hh, s * w))}L{f(x1)} {f(cut_y(st, x1, hh, s * w))}" for s in (-1, 1))
    mid = f"M{f(x0)} {f(cut_y(st, x0, hh))}L{f(x1)} {f(cut_y(st, x1, hh))}"
    return [
        path(band, st.pal.divider, "none"),
        path(mid, "none", shade(st.pal.divider, -0.45), 0.7, butt),
        path(edges, "none", st.pal.outline, 0.9, butt),
    ]


def _torso(st: DeckStyle, hh: float, cx: float, shoulder: float, neck_y: float, x0: float, x1: float) -> str:
    """Sloping shoulders from the neck at ``neck_y`` out to the sides ``x0`` and ``x1``, reached ``shoulder`` units
    lower, then straight down to the cut (a unit below it, under the divider)."""
    sy = neck_y + shoulder
    segs: list[Seg] = [
        ((cx + 10, neck_y),),
        ((cx + (x1 - cx) * 0.45, neck_y), (x1 - 6, neck_y + shoulder * 0.25), (x1, sy)),
        ((x1, cut_y(st, x1, hh, 1)),),
        ((x0, cut_y(st, x0, hh, 1)),),
        ((x0, sy),),
        ((x0 + 6, neck_y + shoulder * 0.25), (cx - (cx - x0) * 0.45, neck_y), (cx - 10, neck_y)),
    ]
    return pathd((cx, neck_y), segs)


def _bent_arm(shoulder: Pt, elbow: Pt, hand: Pt, col: str, cuff: str, width: float) -> list[str]:
    """An arm folded sharply at the elbow, drawn as upper arm then forearm: one tapered outline round so tight a
    bend would fold over itself and show spikes at the elbow."""
    upper = path(limb([shoulder, elbow], [width, width * 0.86]), col)
    mid = ((elbow[0] + hand[0]) / 2, (elbow[1] + hand[1]) / 2)
    return [upper, *arm(elbow, mid, hand, col, cuff, width * 0.86)]


def _proportions(hh: float) -> tuple[float, float, float]:
    """(head scale, head centre y, neck base y) for a half ``hh`` tall: the head fills the top third or so."""
    k = 1.42 + (hh - 150) * 0.012
    head_y = 13 + 30 * k
    return k, head_y, head_y + 22 * k


def bust(st: DeckStyle, who: str, suit: int, draw: SymbolDrawer, hh: float, prop: str | None = None) -> list[str]:
    """The half figure of ``who`` ("page", "king", "queen", "knight") holding the suit object (or ``prop``)."""
    if who == "knight":
        return _knight(st, suit, draw, hh)
    p = st.pal
    if who == "page":
        body, body2 = p.page_tunic, p.page_tunic2
    elif who == "king":
        body, body2 = p.king_robe, p.king_robe2
    else:
        body, body2 = p.queen_gown, p.queen_gown2
    cx = HALF_W / 2
    k, head_y, neck_y = _proportions(hh)
    torso = hh - neck_y
    out: list[str] = []
    hd = head(st, who, (cx, head_y), k, 0.3, st.page_hat if who == "page" else None)
    out.append(hd.back)
    x0, x1 = EDGE, HALF_W - EDGE
    caped = who == "king" or (who == "page" and st.page_cape)
    if caped:
        # the cape runs out to the frame; the robe is the broad panel inside it
        out.append(path(_torso(st, hh, cx, 20, neck_y + 1, x0, x1), p.cape))
        lin = 34.0
        for s in (-1, 1):
            xe = cx + s * (lin + 8)
            out.append(
                path(
                    pathd(
                        (cx + s * lin, neck_y + 14),
                        [((xe, cut_y(st, xe, hh, 1)),), ((xe + s * 7, cut_y(st, xe, hh, 1)),)],
                    ),
                    p.cape_lining,
                )
            )
        out.append(path(_torso(st, hh, cx, 30, neck_y, cx - 40, cx + 40), body))
    else:
        out.append(path(_torso(st, hh, cx, 22, neck_y, x0, x1), body))
    # a front panel, braid and buttons, cut by the divider like the rest
    yb = cut_y(st, cx, hh, 1)
    out.append(path(pathd((cx - 9, neck_y + 6), [((cx + 9, neck_y + 6),), ((cx + 13, yb),), ((cx - 13, yb),)]), body2))
    out.append(line([(cx, neck_y + 10), (cx, yb - 1)], p.trim, 2.6))
    for i in range(4):
        out.append(circle((cx, neck_y + 16 + i * torso * 0.2), 2.0, p.trim, None, 0.6))
    if st.sash and who != "queen":
        a, b = cx + 44, cx + 34
        out.append(
            path(
                pathd(
                    (cx - 40, neck_y + 8),
                    [((cx - 28, neck_y + 4),), ((a, cut_y(st, a, hh, -2)),), ((b, cut_y(st, b, hh, 1)),)],
                ),
                p.cape_lining,
            )
        )
    for s in (-1, 1):
        out.append(line([(cx + s * 26, neck_y + 24), (cx + s * 30, yb - 4)], shade(body, 0.3), 1.0))
    out.append(path(limb([(cx, neck_y - 18), (cx, neck_y + 3)], [13, 14.5], cap=False), p.skin))
    out.extend(collar(st, (cx, neck_y + 3), 24, 1.5))
    for s in (-1, 1):
        out.append(ellipse((cx + s * 44, neck_y + 11), 11, 10, body2))
    # free arm down the side and across the body, the hand at the belt
    out.extend(
        arm(
            (cx - 46, neck_y + 14), (cx - 52, neck_y + torso * 0.72), (cx - 18, neck_y + torso * 0.7), body2, p.trim, 17
        )
    )
    out.append(fist((cx - 18, neck_y + torso * 0.7), 90, st, 1.5))
    # the other arm bent with the elbow out to the side, the forearm raised to hold the object beside the head
    sh, el = (cx + 44, neck_y + 14), (cx + 68, neck_y + torso * 0.62)
    grip: Pt = (cx + 50, neck_y + torso * 0.26)
    out.extend(_bent_arm(sh, el, grip, body2, p.trim, 17))
    if prop is not None:
        reach = {"halberd": 100.0, "flower": 51.0}.get(prop, 76.0)  # how far the prop rises above the hand
        out.extend(prop_svg(st, prop, grip, min(1.35, (grip[1] - 6) / reach)))
        out.append(fist(grip, 0, st, 1.5))
    elif suit in (0, 1):
        h = hold(draw, st, suit, grip, 0, 38 if suit == 0 else 44)
        out.append(h.obj)
        out.append(fist(grip, 0, st, 1.5))
    else:
        size = min((grip[1] - (18 if suit == 3 else 12)) / (0.5 + grip_frac(st, suit)), 118)
        h = hold(draw, st, suit, grip, 4, size)
        out.append(h.obj)
        out.append(fist(grip, 4, st, 1.5))
    out.append(hd.front)
    return out


def _knight(st: DeckStyle, suit: int, draw: SymbolDrawer, hh: float) -> list[str]:
    """The rider's bust behind the head and neck of his horse, which rise from the cut on the left."""
    p = st.pal
    out: list[str] = []
    cx = 106.0
    k, head_y, neck_y = _proportions(hh)
    k *= 0.92
    torso = hh - neck_y
    hd = head(st, "knight", (cx, head_y + 2), k, -0.3, st.knight_hat)
    out.append(hd.back)
    out.append(path(_torso(st, hh, cx, 22, neck_y, 64, HALF_W - EDGE), p.knight_tunic))
    out.append(line([(cx, neck_y + 8), (cx, cut_y(st, cx, hh) - 2)], p.trim, 2.4))
    for i in range(3):
        out.append(circle((cx, neck_y + 16 + i * torso * 0.22), 1.8, p.trim, None, 0.6))
    out.append(path(limb([(cx, neck_y - 16), (cx, neck_y + 3)], [12, 13], cap=False), p.skin))
    out.extend(collar(st, (cx, neck_y + 3), 20, 1.4))
    for s in (-1, 1):
        out.append(ellipse((cx + s * 36, neck_y + 10), 9.5, 9, p.knight_tunic2))
    # the horse's neck and head, in front of the rider, its neck running down to the frame's left side
    poll = (52.0, max(head_y - 20, 27))
    hh_, throat, jowl, bit = horse_head(st, poll, 14, 1.55)
    xl, xr = EDGE, 92.0
    neck = pathd(
        (xr, cut_y(st, xr, hh, 1)),
        [
            ((xr - 4, neck_y + 10), (70, poll[1] + 10), (poll[0] + 2, poll[1] - 2)),
            (jowl,),
            ((throat[0] + 2, throat[1] + 14), (xl, neck_y + 20), (xl, neck_y + 40)),
            ((xl, cut_y(st, xl, hh, 1)),),
        ],
    )
    out.append(path(neck, p.horse))
    out.append(line([(40, hh - 34), (50, hh - 8)], shade(p.horse, 0.3), 1.0))
    top = poll[1] - 1
    mane = [(poll[0] + 4, top), (64, top + 8), (74, top + 22), (82, top + 40), (86, top + 62), (89, hh - 6)]
    out.append(path(limb(mane, [4, 8, 9, 9, 9, 8]), p.mane))
    for x, y in mane[1:-1]:
        out.append(path(limb([(x, y), (x + 8, y + 5), (x + 9, y + 13)], [7, 6, 2]), p.mane))
    out.append(hh_)
    # reins from the bit to the rider's left hand; right hand raises the suit object
    hand_l = (cx - 20, neck_y + torso * 0.62)
    out.append(line([bit, (60, neck_y + torso * 0.5), hand_l], shade(p.cloth, 0.25), 1.6))
    out.extend(arm((cx - 36, neck_y + 12), (cx - 38, neck_y + torso * 0.66), hand_l, p.knight_tunic2, p.trim, 14))
    out.append(fist(hand_l, 80, st, 1.4))
    grip = (cx + 26, neck_y + torso * 0.3)
    out.extend(arm((cx + 36, neck_y + 12), (cx + 44, neck_y + torso * 0.62), grip, p.knight_tunic2, p.trim, 14))
    if suit == 0:
        h = hold(draw, st, 0, grip, 0, 34)
    elif suit == 1:
        h = hold(draw, st, 1, grip, 0, 40)
    else:
        size = min((grip[1] - (18 if suit == 3 else 14)) / (0.5 + grip_frac(st, suit)), 110)
        h = hold(draw, st, suit, grip, 0, size)
    out.append(h.obj)
    out.append(fist(grip, 0, st, 1.4))
    out.append(hd.front)
    return out
