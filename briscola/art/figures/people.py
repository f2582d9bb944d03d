"""The standing full figures: the page (Fante/Sota/Jack) and the robed king and queen.

All are drawn in one design space of 160 x 260 units, feet on a patch of ground near the bottom, and scaled to the
card by the caller. Each is a short list of shapes in painter's order (cape, legs, body, arms, head, held object,
hands) so that a figure stays a few dozen elements, and the poses are chosen per suit so the suit object is held
by its grip and stays well inside the card.
"""

from __future__ import annotations

from briscola.art.figures.heads import head
from briscola.art.figures.parts import SymbolDrawer, arm, collar, fist, hold, prop_svg
from briscola.art.figures.shapes import Pt, circle, ellipse, group, limb, line, path, pathd, shade, sym
from briscola.art.figures.style import DeckStyle

__all__ = ["ground", "page_full", "robed_full"]

# Arm poses: (shoulder, elbow, hand) for the figure's free arm, by name.
_FREE_ARM: dict[str, tuple[Pt, Pt, Pt]] = {
    "hip_l": ((61, 84), (45, 104), (62, 123)),
    "hang_l": ((61, 84), (54, 108), (55, 133)),
    "hip_r": ((99, 84), (115, 104), (98, 123)),
    "hang_r": ((99, 84), (106, 108), (105, 133)),
}


def ground(st: DeckStyle, y: float = 247.0, rx: float = 52.0) -> str:
    """The patch of ground the Italian and Spanish full figures stand on."""
    return ellipse((80, y), rx, 6.5, st.pal.ground)


def _legs(st: DeckStyle, spread: float = 1.0) -> list[str]:
    p = st.pal
    out: list[str] = []
    for s, col in ((-1, p.page_hose), (1, p.page_hose2)):
        pts = [(80 + s * 8, 150), (80 + s * 10 * spread, 196), (80 + s * 14 * spread, 238)]
        out.append(path(limb(pts, [15, 10, 7.5]), col))
        out.append(line([(80 + s * 10.5 * spread, 192), (80 + s * 9.5 * spread, 200)], shade(col, 0.3), 0.8))
        toe = (80 + s * 22 * spread, 244.5)
        out.append(path(limb([(80 + s * 13.5 * spread, 240.5), toe], [8.5, 6], cap=True), p.shoes))
    return out


def page_full(st: DeckStyle, suit: int, draw: SymbolDrawer, prop: str | None = None) -> list[str]:
    """The page: hose, a belted doublet with a flared skirt, the deck's collar and hat, holding the suit object."""
    p = st.pal
    t, t2 = p.page_tunic, p.page_tunic2
    out: list[str] = [ground(st)]
    if st.page_cape:
        cape = sym(
            (80, 76),
            [
                ((92, 76), (108, 78), (112, 96)),
                ((115, 112), (116, 128), (114, 138)),
                ((100, 142), (90, 142), (80, 142)),
            ],
            80,
        )
        out.append(path(cape, p.cape))
    out.extend(_legs(st))
    body = sym(
        (80, 73),
        [
            ((88, 73),),
            ((94, 75), (99, 76), (101, 80)),
            ((103, 90), (98, 100), (96, 110)),
            ((95.5, 116), (95, 120), (95, 124)),
            ((99, 136), (105, 150), (107, 160)),
            ((97, 164), (88, 165), (80, 165)),
        ],
        80,
    )
    out.append(path(body, t))
    # side panels of the skirt in the second colour, and pleats
    for s in (-1, 1):
        panel = pathd(
            (80 + s * 8, 127),
            [
                ((80 + s * 15, 127),),
                ((80 + s * 21, 140), (80 + s * 25, 152), (80 + s * 27, 161.5)),
                ((80 + s * 20, 163.5),),
                ((80 + s * 14, 150), (80 + s * 11, 138), (80 + s * 8, 127)),
            ],
        )
        out.append(path(panel, t2))
        out.append(line([(80 + s * 4, 128), (80 + s * 5, 163)], shade(t, 0.3), 0.8))
    out.append(
        path(
            sym((80, 100), [((84, 100), (88, 96), (90, 82)), ((86, 80), (82, 78), (80, 78))], 80),
            shade(t, 0.14),
            "none",
        )
    )
    out.append(line([(80, 80), (80, 121)], shade(t, 0.35), 0.8))
    for y in (88, 97, 106, 115):
        out.append(circle((80, y), 1.3, p.trim, None, 0.5))
    if st.sash:
        out.append(path(pathd((60, 82), [((68, 80),), ((100, 122),), ((96, 130),)]), p.cape_lining))
    out.append(
        path(
            pathd(
                (64, 121.5),
                [((72, 123.5), (88, 123.5), (96, 121.5)), ((96.5, 127.5),), ((88, 129.5), (72, 129.5), (64, 127.5))],
            ),
            shade(p.shoes, -0.3),
        )
    )
    out.append(path(pathd((76.5, 121.5), [((83.5, 121.5),), ((83.5, 129.5),), ((76.5, 129.5),)]), p.trim))
    # neck, collar, head
    out.append(path(limb([(80, 60), (80, 77)], [9, 10], cap=False), p.skin))
    out.append(path(limb([(80, 73), (80, 77)], [10, 10], cap=False), shade(p.skin, 0.15), "none"))
    hd = head(st, "page", (80, 50), 1.1, 0.35 if suit in (1, 2, 3) else -0.35, st.page_hat)
    out.insert(1 if not st.page_cape else 2, hd.back)
    out.extend(collar(st, (80, 77), 13))
    for s in (-1, 1):
        out.append(ellipse((80 + s * 19.5, 83), 7.5, 6.5, t2))
    # the held object and the arms, per suit
    if prop is not None:
        out.extend(_free(st, "hip_l", t2))
        out.extend(prop_svg(st, prop, (113, 126)))
        out.extend(arm((99, 84), (113, 106), (113, 126), t2, p.trim))
        out.append(fist((113, 126), 0, st))
    elif suit == 0:  # a coin raised in the left hand beside the head
        sh, el, hn = (61, 84), (42, 100), (40, 84)
        h = hold(draw, st, 0, (40, 84), -8, 32, hand_angle=-20)
        out.append(h.obj)
        out.extend(arm(sh, el, hn, t2, p.trim))
        out.append(h.hand)
        out.extend(_free(st, "hip_r", t2))
    elif suit == 1:  # a cup held in front of the chest
        out.extend(_free(st, "hang_l", t2))
        h = hold(draw, st, 1, (90, 110), 0, 40)
        out.extend(arm((99, 84), (110, 110), (91, 109), t2, p.trim))
        out.append(h.obj)
        out.append(h.hand)
    else:  # sword or cudgel upright in the right hand, held at the grip
        out.extend(_free(st, "hip_l", t2))
        h = hold(draw, st, suit, (113, 126), 6 if suit == 2 else 10, 100 if suit == 2 else 96)
        out.append(h.obj)
        out.extend(arm((99, 84), (113, 106), (113, 126), t2, p.trim))
        out.append(h.hand)
    out.append(hd.front)
    return out


def _free(st: DeckStyle, pose: str, col: str) -> list[str]:
    sh, el, hn = _FREE_ARM[pose]
    a = 90.0 if pose.startswith("hip") else 0.0
    return [*arm(sh, el, hn, col, st.pal.trim), fist(hn, a if pose.endswith("l") else -a, st)]


def robed_full(
    st: DeckStyle, suit: int, draw: SymbolDrawer, queen: bool, prop: str | None = None, seated: bool = False
) -> list[str]:
    """The king (or queen): a long robe with a cape and the deck's collar and crown, holding the suit object.

    ``seated`` puts the king on a throne (his upper body drawn 16 units lower, the robe falling over his knees onto
    a footstool), which gives the decks that use it a silhouette of their own. ``prop`` replaces the suit object
    with a drawn one (the French courts hold a sceptre or a flower and show their pip beside the head instead).
    """
    p = st.pal
    robe = p.queen_gown if queen else p.king_robe
    robe2 = p.queen_gown2 if queen else p.king_robe2
    hd = head(st, "queen" if queen else "king", (80, 50), 1.1, 0.3)
    out: list[str] = [ground(st)]
    if seated:
        out.extend(_throne(st))
        out.append(group([hd.back], "translate(0 16)"))
        out.extend(_seated_lower(st, robe, robe2))
    else:
        out.append(hd.back)
        out.extend(_standing_lower(st, robe, robe2, queen))
    up: list[str] = []
    if queen:
        bodice = sym(
            (80, 88),
            [((86, 88), (93, 86), (97, 82)), ((97, 100), (95, 112), (94, 118)), ((88, 121),), ((80, 121),)],
            80,
        )
        up.append(path(bodice, robe2))
    belt = pathd((63, 118), [((72, 121), (88, 121), (97, 118)), ((97.5, 124),), ((88, 127), (72, 127), (62.5, 124))])
    up.append(path(belt, p.trim))
    up.append(path(limb([(80, 60), (80, 78)], [9, 10], cap=False), p.skin))
    up.extend(collar(st, (80, 78), 17))
    for s in (-1, 1):
        up.append(ellipse((80 + s * 19.5, 84), 7, 6, robe))
    # free arm: left hand holding the cape's edge at the waist
    up.extend(arm((61, 85), (50, 108), (60, 122), robe, p.trim, 12))
    up.append(fist((60, 122), 80, st))
    if prop is not None:
        up.extend(prop_svg(st, prop, (111, 124)))
        up.extend(arm((99, 85), (114, 108), (111, 124), robe, p.trim, 12))
        up.append(fist((111, 124), 0, st))
    elif suit in (0, 1):  # coin or cup raised on the right, clear of the head and inside the card
        grip = (116, 102) if suit == 0 else (114, 104)
        h = hold(draw, st, suit, grip, 0, 32 if suit == 0 else 34)
        up.append(h.obj)
        up.extend(arm((99, 85), (118, 118), grip, robe, p.trim, 12))
        up.append(h.hand)
    else:
        h = hold(draw, st, suit, (113, 124), 0 if suit == 2 else 8, 96 if not seated else 86)
        up.append(h.obj)
        up.extend(arm((99, 85), (116, 108), (113, 124), robe, p.trim, 12))
        up.append(h.hand)
    up.append(hd.front)
    out.append(group(up, "translate(0 16)") if seated else "".join(up))
    return out


def _standing_lower(st: DeckStyle, robe: str, robe2: str, queen: bool) -> list[str]:
    """Cape, shoes and the long robe of a standing king or queen."""
    p = st.pal
    out: list[str] = []
    cape = sym(
        (80, 74),
        [((96, 74), (108, 78), (110, 90)), ((118, 140), (126, 200), (128, 240)), ((110, 246), (95, 246), (80, 246))],
        80,
    )
    out.append(path(cape, p.cape))
    for s in (-1, 1):
        edge = pathd(
            (80 + s * 30, 90),
            [
                ((80 + s * 38, 140), (80 + s * 46, 200), (80 + s * 48, 240)),
                ((80 + s * 44, 242),),
                ((80 + s * 38, 200), (80 + s * 32, 140), (80 + s * 26, 96)),
            ],
        )
        out.append(path(edge, p.cape_lining))
        out.append(path(limb([(80 + s * 10, 236), (80 + s * 17, 243)], [9, 7]), p.shoes))
    if queen:
        gown = sym(
            (80, 76),
            [
                ((88, 76), (96, 77), (99, 81)),
                ((100, 94), (96, 106), (95, 118)),
                ((104, 160), (112, 210), (114, 240)),
                ((100, 244), (90, 244), (80, 244)),
            ],
            80,
        )
    else:
        gown = sym(
            (80, 76),
            [((88, 76), (99, 77), (102, 82)), ((106, 110), (108, 150), (112, 238)), ((100, 242), (90, 242), (80, 242))],
            80,
        )
    out.append(path(gown, robe))
    out.extend(_robe_front(st, robe, robe2, 120, 242.5))
    for s in (-1, 1):
        out.append(line([(80 + s * 18, 130), (80 + s * 21, 190), (80 + s * 24, 238)], shade(robe, 0.3), 0.9))
    hem = sym(
        (80, 240), [((100, 239.5), (111, 238), (112.5, 237)), ((112.8, 240.5),), ((100, 243), (90, 243), (80, 243))], 80
    )
    out.append(path(hem, p.trim))
    return out


def _robe_front(st: DeckStyle, robe: str, robe2: str, top: float, bottom: float) -> list[str]:
    """The front panel of the under-robe with its gold braid and buttons."""
    p = st.pal
    span = bottom - top
    panel = sym(
        (80, top),
        [
            ((86, top),),
            ((90, top + span * 0.5), (92, top + span * 0.8), (94, bottom - 1.5)),
            ((88, bottom), (84, bottom), (80, bottom)),
        ],
        80,
    )
    braid = sym(
        (80, top),
        [
            ((83, top),),
            ((84.5, top + span * 0.5), (85, top + span * 0.8), (85.5, bottom - 0.5)),
            ((83, bottom),),
            ((80, bottom),),
        ],
        80,
    )
    out = [path(panel, robe2), path(braid, p.trim)]
    for i in range(4):
        out.append(circle((80, top + span * (0.16 + 0.2 * i)), 1.6, robe, None, 0.5))
    return out


def _throne(st: DeckStyle) -> list[str]:
    """A high-backed throne behind the seated king, with a cushioned back, a seat, legs and a footstool."""
    p = st.pal
    wood = "#7a4a26"
    back = sym(
        (80, 30), [((92, 30), (104, 36), (108, 44)), ((114, 44), (120, 48), (121, 58)), ((121, 190),), ((80, 190),)], 80
    )
    cushion = sym((80, 44), [((92, 44), (102, 50), (106, 58)), ((107, 180),), ((80, 180),)], 80)
    out = [path(back, wood), path(cushion, p.cape_lining)]
    for x in (62, 80, 98):
        out.append(circle((x, 66), 1.8, p.trim, None, 0.5))
    out.append(circle((80, 31), 3.2, p.trim))
    for s in (-1, 1):
        out.append(circle((80 + s * 41, 50), 4.2, p.trim))
        out.append(path(limb([(80 + s * 42, 184), (80 + s * 42, 244)], [8, 7], cap=False), shade(wood, 0.2)))
    seat = pathd((34, 178), [((126, 178),), ((126, 192),), ((34, 192),)])
    out.append(path(seat, wood))
    out.append(line([(36, 185), (124, 185)], p.trim, 1.6))
    stool = pathd((52, 234), [((108, 234),), ((110, 246),), ((50, 246),)])
    out.append(path(stool, p.cape))
    out.append(line([(52, 238), (108, 238)], p.trim, 1.2))
    return out


def _seated_lower(st: DeckStyle, robe: str, robe2: str) -> list[str]:
    """Cape over the throne, and the robe falling from the waist over the knees down to the footstool."""
    p = st.pal
    cape = sym((80, 90), [((96, 90), (110, 94), (114, 108)), ((120, 140), (124, 170), (124, 190)), ((80, 190),)], 80)
    out = [path(cape, p.cape)]
    for s in (-1, 1):
        out.append(path(limb([(80 + s * 10, 228), (80 + s * 17, 234)], [9, 7]), p.shoes))
    gown = sym(
        (80, 92),
        [
            ((88, 92), (99, 93), (102, 98)),
            ((106, 118), (106, 140), (106, 150)),
            ((110, 158), (113, 172), (109, 181)),
            ((106, 200), (106, 216), (106, 230)),
            ((96, 233), (88, 233), (80, 233)),
        ],
        80,
    )
    out.append(path(gown, robe))
    # the knees under the robe: the shins below them in shadow, a lap line, and the fall of cloth between them
    shins = sym(
        (80, 182),
        [((92, 178), (104, 178), (110, 182)), ((106, 200), (106, 216), (106, 230)), ((96, 233), (88, 233), (80, 233))],
        80,
    )
    out.append(path(shins, shade(robe, 0.16), "none"))
    out.append(line([(50, 181), (64, 175), (78, 180), (82, 180), (96, 175), (110, 181)], shade(robe, 0.4), 1.1))
    out.extend(_robe_front(st, robe, robe2, 176, 233))
    for s in (-1, 1):
        out.append(line([(80 + s * 20, 186), (80 + s * 21, 228)], shade(robe, 0.3), 0.9))
    out.append(
        path(
            sym(
                (80, 230),
                [((100, 229.5), (105, 229), (106, 228.5)), ((106.4, 232.5),), ((96, 234.5), (88, 234.5), (80, 234.5))],
                80,
            ),
            p.trim,
        )
    )
    return out
