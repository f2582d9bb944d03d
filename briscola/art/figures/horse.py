"""The horse and the mounted knight (Cavallo/Caballo), full figure, in the 160 x 260 design space.

The prototype's horse had a stiff, straight head. This one is built the way a horse is: a deep barrel about as long
as the horse is tall at the withers, a neck that arches up from the withers to the poll, and a head about two fifths
of the body long, hung from the poll and tilted down about 60 degrees, with a wide jowl, a tapering face, a soft
muzzle with nostril and mouth, an ear, a forelock and a bridle. Legs have forearm, knee, cannon, fetlock and hoof;
the hind legs bend back at the hock. The head is drawn in its own frame (poll at the origin, muzzle straight down)
and turned into place, and the neck is joined to the head's computed poll and throat, so the angle is one number.
"""

from __future__ import annotations

from briscola.art.figures.heads import head
from briscola.art.figures.parts import SymbolDrawer, arm, fist, hold
from briscola.art.figures.people import ground
from briscola.art.figures.shapes import Pt, Seg, circle, group, limb, line, mix, path, pathd, rot, shade, sym
from briscola.art.figures.style import DeckStyle

__all__ = ["horse", "horse_head", "knight_full"]

HOOF = "#3a3230"


def _hoof(at: Pt, col: str, tilt: float = 0.0) -> str:
    """A hoof whose sole rests at ``at``: wider at the ground, toe slanting forward (to the left)."""
    x, y = at
    d = pathd((x - 3.2, y - 5), [((x + 3.2, y - 5),), ((x + 4.4, y),), ((x - 5.6, y),)])
    return path(d, col) if not tilt else group([path(d, col)], f"rotate({tilt:.1f} {x:.2f} {y:.2f})")


def _leg(points: list[Pt], widths: list[float], col: str, hoof_tilt: float = 0.0) -> list[str]:
    end = points[-1]
    return [path(limb(points, widths), col), _hoof((end[0] - 0.5, end[1] + 5), HOOF, hoof_tilt)]


def horse_head(st: DeckStyle, poll: Pt, angle: float, scale: float) -> tuple[str, Pt, Pt, Pt]:
    """The head hung from ``poll``, tilted ``angle`` degrees; returns it with its throat, jowl and bit points."""
    p = st.pal
    coat = p.horse
    dark = shade(coat, 0.25)
    parts: list[str] = []
    # the far ear, then the near one
    parts.append(path(pathd((0, 2), [((-1, -5), (1, -11), (4, -14)), ((6, -9), (6, -4), (5, 3))]), dark))
    parts.append(path(pathd((-5, 2), [((-7, -5), (-6, -11), (-3, -15)), ((0, -11), (1, -5), (1, 3))]), coat))
    parts.append(line([(-3.2, -11), (-2.4, -3)], shade(coat, 0.4), 0.6))
    d = pathd(
        (0, 0),
        [
            ((-6, 1), (-10, 9), (-11.2, 20)),
            ((-12.2, 28), (-12.8, 35), (-12.4, 41)),
            ((-12, 46), (-8.5, 49), (-4.5, 48.6)),
            ((-2, 48.6), (0, 47), (0, 44.8)),
            ((2, 40), (5, 33), (9.5, 27)),
            ((14.5, 21), (14.5, 11), (9, 6)),
            ((5.5, 3), (3, 1), (0, 0)),
        ],
    )
    parts.append(path(d, coat))
    # jaw line, muzzle shade, nostril, mouth
    parts.append(line([(9.2, 8.5), (11.5, 16), (9, 24), (4.5, 29)], shade(coat, 0.35), 0.8))
    parts.append(
        path(
            pathd(
                (-12.4, 38),
                [
                    ((-12.2, 45), (-8.5, 48.6), (-4.5, 48.4)),
                    ((-2, 48.4), (0, 47), (0, 44.8)),
                    ((-3, 40), (-8, 38), (-12.4, 38)),
                ],
            ),
            mix(coat, "#6a5a58", 0.45),
            "none",
        )
    )
    parts.append(
        path(
            pathd((-10.6, 38.6), [((-8.2, 37.2), (-7.2, 40.2), (-9, 42)), ((-9.4, 40.6), (-9.8, 39.6), (-10.6, 38.6))]),
            "#2a2220",
            "none",
        )
    )
    parts.append(line([(-9, 45.6), (-5.5, 46.2), (-2.6, 45)], "#2a2220", 0.6))
    # eye: almond with a lid, set high on the side of the head
    parts.append(
        path(
            pathd((-7.6, 13.2), [((-6, 11), (-3.2, 10.8), (-1.8, 12.6)), ((-3.5, 14.6), (-6, 14.8), (-7.6, 13.2))]),
            "#1e1614",
            None,
            0.5,
        )
    )
    parts.append(circle((-4.4, 12.4), 0.6, "#fbf7ef", "none"))
    parts.append(line([(-8.2, 12), (-5, 9.6), (-1.4, 11.2)], shade(coat, 0.45), 0.6))
    # forelock
    parts.append(
        path(
            pathd(
                (-3, -1),
                [((-7, 2), (-9, 6), (-8.6, 10)), ((-6.5, 7.5), (-4.6, 7.8), (-4, 9.5)), ((-3, 6), (0, 3), (2, 0))],
            ),
            p.mane,
        )
    )
    # bridle: browband, cheekpiece, noseband and the bit ring
    strap = shade(p.cloth, 0.25)
    parts.append(line([(-9.6, 7.5), (-2, 5.6), (5.5, 4)], strap, 1.6))
    parts.append(line([(5, 4), (3.4, 20), (1.5, 36), (0, 40)], strap, 1.6))
    parts.append(line([(-12.6, 31.5), (-5, 34), (2.2, 34.6)], strap, 1.8))
    parts.append(circle((-2.4, 41.6), 1.7, "none", p.trim, 0.9))
    t = f"translate({poll[0]:.2f} {poll[1]:.2f}) rotate({angle:.1f}) scale({scale:.3f})"

    def world(q: Pt) -> Pt:
        r = rot((q[0] * scale, q[1] * scale), (0, 0), angle)
        return (poll[0] + r[0], poll[1] + r[1])

    return group(parts, t), world((9.5, 27)), world((12, 12)), world((-2.4, 41.6))


def horse(st: DeckStyle, prance: bool) -> tuple[list[str], Pt]:
    """The whole horse facing left, standing on the ground line; returns its parts and its bit (for the reins)."""
    p = st.pal
    coat = p.horse
    far = shade(coat, 0.22)
    out: list[str] = []
    # tail, behind everything
    out.append(path(limb([(134, 134), (145, 146), (149, 170), (147, 196), (141, 214)], [7, 11, 13, 10, 4]), p.mane))
    out.append(line([(140, 140), (146, 168), (143, 200)], shade(p.mane, 0.35), 0.7))
    out.append(line([(142, 150), (150, 176), (148, 200)], shade(p.mane, 0.35), 0.7))
    # far legs, darker
    out.extend(_leg([(64, 176), (66, 194), (67, 206), (67, 224), (67, 233), (66, 240)], [14, 10, 8.5, 7, 8, 6.2], far))
    out.extend(
        _leg([(108, 168), (113, 190), (121, 207), (116, 227), (114, 235), (112, 240)], [22, 13, 8.5, 7, 8, 6.2], far)
    )
    body = pathd(
        (60, 130),
        [
            ((70, 135), (88, 137), (100, 134)),
            ((110, 131), (124, 127), (133, 131)),
            ((141, 137), (143, 152), (139, 163)),
            ((137, 175), (132, 185), (124, 190)),
            ((110, 192), (80, 193), (64, 190)),
            ((54, 188), (44, 180), (42, 166)),
            ((41, 150), (48, 138), (60, 130)),
        ],
    )
    out.append(path(body, coat))
    out.append(
        path(pathd((64, 190), [((80, 193), (110, 192), (124, 190)), ((116, 186), (84, 187), (64, 184))]), far, "none")
    )
    out.append(line([(118, 140), (126, 156), (123, 172)], shade(coat, 0.35), 0.8))
    out.append(line([(52, 150), (56, 164)], shade(coat, 0.35), 0.8))
    # near legs: the hind leg bends back at the hock; the foreleg walks or is raised
    out.extend(
        _leg([(122, 164), (130, 190), (138, 207), (133, 227), (131, 235), (128, 240)], [28, 14, 9, 7, 8.2, 6.4], coat)
    )
    if prance:
        out.extend(
            _leg([(52, 172), (47, 186), (42, 196), (45, 206), (51, 214), (53, 218)], [15, 11, 9, 7, 8, 6.4], coat, -55)
        )
    else:
        out.extend(
            _leg([(52, 174), (50, 192), (48, 206), (47, 224), (46, 233), (44, 240)], [15, 11, 9, 7, 8.2, 6.4], coat)
        )
    # neck arching from the withers up to the poll, joined to the head
    poll = (42, 90)
    hd, throat, jowl, bit = horse_head(st, poll, 28, 1.08)
    crest: Seg = ((64, 112), (56, 94), (poll[0] + 1, poll[1] - 1))
    throat_line: Seg = ((throat[0] + 4, throat[1] + 8), (44, 144), (42, 166))
    neck = pathd((70, 136), [crest, (jowl,), throat_line, ((54, 168), (66, 152), (70, 136))])
    # the neck is filled without outline, then only its crest and throat are stroked: the joint with the body
    # stays seamless instead of showing a line across the shoulder
    out.append(path(neck, coat, "none"))
    out.append(path(pathd((70, 136), [crest], close=False), None))
    out.append(path(pathd(jowl, [throat_line], close=False), None))
    out.append(line([(46, 126), (48, 142)], shade(coat, 0.3), 0.7))
    out.append(hd)
    out.extend(_mane(st, poll))
    return out, bit


def _mane(st: DeckStyle, poll: Pt) -> list[str]:
    """Locks of mane hanging from the crest, from just behind the ears down to the withers."""
    col = st.pal.mane
    crest = [(poll[0] + 3, poll[1] - 1), (50, 94), (56, 102), (61, 112), (65, 123), (69, 134)]
    out = [path(limb(crest, [3, 6, 7, 7, 6, 4]), col)]
    for i in range(1, len(crest) - 1):
        x, y = crest[i]
        out.append(path(limb([(x, y), (x + 6, y + 4), (x + 7, y + 10)], [5.5, 4.5, 1.5]), col))
    return out


def knight_full(st: DeckStyle, suit: int, draw: SymbolDrawer) -> list[str]:
    """The knight on his horse, raising his suit object in the right hand and holding the reins in the left."""
    p = st.pal
    t, t2 = p.knight_tunic, p.knight_tunic2
    out: list[str] = [ground(st, 247, 70)]
    hparts, bit = horse(st, st.horse_prance)
    out.extend(hparts)
    # saddle cloth over the barrel, with a trimmed edge
    cloth = pathd(
        (74, 132),
        [
            ((90, 135), (104, 134), (114, 130)),
            ((116, 150), (116, 168), (114, 182)),
            ((100, 185), (86, 185), (72, 182)),
            ((71, 166), (72, 148), (74, 132)),
        ],
    )
    out.append(path(cloth, p.cloth))
    out.append(
        path(
            pathd((72, 176), [((86, 179), (100, 179), (114, 176)), ((114, 182),), ((100, 185), (86, 185), (72, 182))]),
            p.cloth_trim,
        )
    )
    # the rider: torso, skirt over the saddle, near leg in a riding boot
    out.append(
        path(
            sym(
                (92, 86),
                [
                    ((100, 85.5), (107, 86.5), (109.5, 91)),
                    ((112, 101), (107, 112), (104.5, 122)),
                    ((108, 132), (112, 142), (112, 150)),
                    ((102, 153), (96, 153), (92, 153)),
                ],
                92,
            ),
            t,
        )
    )
    out.append(
        path(
            pathd(
                (76, 132),
                [
                    ((86, 134), (98, 134), (108, 132)),
                    ((111, 142), (112, 147), (112, 150)),
                    ((100, 153), (86, 153), (72, 150)),
                    ((72, 145), (73, 140), (76, 132)),
                ],
            ),
            t2,
        )
    )
    out.append(path(limb([(88, 138), (74, 152), (76, 176)], [13, 10, 8]), p.page_hose))
    out.append(path(limb([(74, 158), (76, 176), (77, 182)], [9.5, 8, 7.5], cap=False), p.shoes))
    out.append(path(limb([(77, 182), (67, 184)], [7, 5]), p.shoes))
    out.append(line([(79, 170), (77, 183)], shade(p.cloth, 0.3), 1.2))
    out.append(line([(67, 187.2), (79, 187.2)], p.trim, 2.0))
    out.append(
        path(
            pathd(
                (81, 121),
                [((90, 123.5), (96, 123.5), (104, 121)), ((104.5, 127),), ((96, 129.5), (88, 129.5), (80.5, 127))],
            ),
            shade(p.shoes, 0),
        )
    )
    if st.sash:
        out.append(path(pathd((80, 90), [((85, 88),), ((106, 118),), ((101, 123),)]), p.cape_lining))
    for y in (96, 104, 112):
        out.append(circle((92, y), 1.2, p.trim, None, 0.5))
    out.append(path(limb([(92, 74), (92, 88)], [8, 9], cap=False), p.skin))
    hd = head(st, "knight", (92, 64), 0.92, -0.3, st.knight_hat)
    out.insert(1, hd.back)
    out.append(path(pathd((80, 88), [((86, 86), (98, 86), (104, 88)), ((102, 92.5), (82, 92.5), (80, 88))]), p.trim))
    for s in (-1, 1):
        out.append(circle((92 + s * 16.5, 92), 6.2, t2))
    # left hand on the reins, right hand raising the suit object
    out.extend(arm((76, 93), (69, 108), (78, 118), t2, p.trim, 10.5))
    out.append(line([bit, (50, 118), (77, 119)], shade(p.cloth, 0.25), 1.1))
    out.append(fist((78, 118), 80, st, 0.9))
    grip = (120, 68)
    if suit == 0:
        h = hold(draw, st, 0, grip, 0, 30)
    elif suit == 1:
        h = hold(draw, st, 1, grip, 0, 32)
    else:
        h = hold(draw, st, suit, grip, 12, 64 if suit == 2 else 62)
    out.extend(arm((108, 93), (123, 90), grip, t2, p.trim, 10.5))
    out.append(h.obj)
    out.append(h.hand)
    out.append(hd.front)
    return out
