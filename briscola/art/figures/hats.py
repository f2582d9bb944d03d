"""Headwear for the court figures: the page's and knight's hats and the kings' and queens' crowns.

Hats are what most tells one deck's courts from another's at a glance, so each is a distinct silhouette (feathered
cap, beret, turban, tall bonnet, chaperon with its drape, tricorn, plumed morion) and each crown has its own shape
(pointed, fleurons, arched imperial, tall Spanish, leafy circlet over a velvet cap). They are drawn in the head's
own space (the face spans about -15.5..15.8 units, the crown of the head at -17.5) and placed with the head.
"""

from __future__ import annotations

from briscola.art.figures.shapes import Pt, circle, ellipse, limb, line, path, pathd, shade, sym
from briscola.art.figures.style import DeckStyle

__all__ = ["WHITE", "crown_parts", "hat_parts"]

WHITE = "#fbf7ef"


def _plume(base: Pt, tip: Pt, col: str, o: str, w: float = 6.0) -> list[str]:
    mid = ((base[0] + tip[0]) / 2 + 4, (base[1] + tip[1]) / 2 - 1)
    d = limb([base, mid, tip], [2.0, w, 1.2])
    return [path(d, col), line([base, (mid[0] - 0.5, mid[1] + 0.4), tip], shade(col, 0.3), 0.6)]


def hat_parts(st: DeckStyle, kind: str, col: str) -> tuple[list[str], list[str]]:
    """(behind the head, in front of it) for the page and knight hats."""
    p = st.pal
    o = p.outline
    dark = shade(col)
    back: list[str] = []
    front: list[str] = []
    if kind == "feather_cap":
        front.append(
            path(sym((0, -24), [((8, -24), (12.8, -17), (12.8, -9)), ((4, -10.5), (0, -10.5), (0, -10.5))], 0), col)
        )
        front.extend(_plume((8, -18), (24, -30), p.plume, o))
        front.append(
            path(
                sym(
                    (0, -12.4),
                    [
                        ((8, -12.4), (13.6, -12), (14.0, -10.2)),
                        ((14.2, -7.8), (13.8, -7.4), (13.4, -7.2)),
                        ((8, -8.6), (3, -8.8), (0, -8.8)),
                    ],
                    0,
                ),
                p.trim,
            )
        )
    elif kind == "beret":
        front.append(
            path(
                pathd(
                    (-14, -10),
                    [
                        ((-18, -16), (-8, -27), (6, -25)),
                        ((16, -23.5), (22, -16), (17, -10.5)),
                        ((8, -12.5), (-6, -12.5), (-14, -10)),
                    ],
                ),
                col,
            )
        )
        front.append(line([(-8, -14), (2, -22), (12, -20)], dark, 0.8))
        front.extend(_plume((-8, -17), (-22, -26), p.plume, o, 5))
        front.append(
            path(
                sym(
                    (0, -12.8),
                    [
                        ((8, -12.8), (13.2, -12.2), (13.4, -10)),
                        ((13.4, -8.4), (13, -8.2), (12.6, -8)),
                        ((8, -9.2), (3, -9.4), (0, -9.4)),
                    ],
                    0,
                ),
                dark,
            )
        )
    elif kind == "turban":
        front.append(
            path(sym((0, -29), [((9, -29), (17, -22), (15.5, -10)), ((10, -7.5), (4, -7.2), (0, -7.2))], 0), col)
        )
        for y, a in ((-12, 0.8), (-17, 1.0), (-22, 0.9)):
            front.append(line([(-14.5 * a, y + 2.5), (-4, y - 1.5), (8, y + 1.5), (14.5 * a, y - 1.0)], dark, 0.9))
        front.append(circle((0, -14.5), 2.4, p.jewel, o, 0.6))
        front.append(circle((-0.6, -15.1), 0.7, WHITE, "none"))
        front.extend(_plume((0.5, -17), (7, -36), p.plume, o, 4.5))
    elif kind == "bonnet":
        # a tall flat-topped cap with a turned-up band, as on old Spanish pages
        front.append(
            path(
                sym(
                    (0, -32),
                    [
                        ((7, -32), (13, -31), (13.4, -30)),
                        ((14.5, -22), (13.6, -14), (13.2, -10)),
                        ((6, -10), (0, -10), (0, -10)),
                    ],
                    0,
                ),
                col,
            )
        )
        front.append(
            path(
                sym(
                    (0, -15.8),
                    [
                        ((9, -15.8), (15.4, -15), (15.4, -11)),
                        ((15.4, -7.8), (14.6, -7.4), (14, -7.4)),
                        ((9, -8.8), (3, -8.8), (0, -8.8)),
                    ],
                    0,
                ),
                p.trim,
            )
        )
        front.append(line([(-10, -30.4), (-11, -17)], dark, 0.8))
        front.append(line([(5, -31), (5.5, -17)], dark, 0.8))
        front.extend(_plume((9, -16), (21, -26), p.plume, o, 4.5))
    elif kind == "chaperon":
        # a padded roll with a drape falling at the side: northern Italian cards love it
        back.append(path(limb([(10, -14), (18, -4), (19, 10), (16, 22)], [7, 8, 7, 5]), dark))
        front.append(
            path(
                pathd(
                    (-15, -10),
                    [
                        ((-18, -20), (-8, -26), (0, -26)),
                        ((10, -26), (18, -20), (15, -10)),
                        ((8, -13), (-8, -13), (-15, -10)),
                    ],
                ),
                col,
            )
        )
        front.append(
            path(pathd((-16, -9), [((-16, -14), (16, -14), (16, -9)), ((16, -5.6), (-16, -5.6), (-16, -9))]), dark)
        )
        for x in (-9, -3, 3, 9):
            front.append(line([(x, -12.3), (x + 1.5, -7)], shade(dark, 0.3), 0.6))
    elif kind == "tricorn":
        front.append(path(sym((0, -27), [((8, -27), (12, -22), (12.5, -13)), ((5, -13), (0, -13), (0, -13))], 0), dark))
        front.append(
            path(
                pathd(
                    (-19, -19),
                    [
                        ((-14, -16), (-8, -10), (0, -9)),
                        ((8, -10), (14, -16), (19, -19)),
                        ((20, -13), (16, -6.5), (0, -6.5)),
                        ((-16, -6.5), (-20, -13), (-19, -19)),
                    ],
                ),
                col,
            )
        )
        front.append(line([(-17.5, -16), (-10, -10.5), (0, -9.4), (10, -10.5), (17.5, -16)], p.trim, 1.2))
        front.append(circle((0, -12.5), 1.9, p.jewel, o, 0.5))
        front.extend(_plume((4, -24), (17, -33), p.plume, o, 4.5))
    else:  # plumed_helmet: a morion, steel with a brass crest and a plume
        steel = "#c9ced6"
        front.append(
            path(
                pathd(
                    (-19, -9),
                    [
                        ((-16, -11), (-13, -11), (-12, -12)),
                        ((-12, -24), (12, -24), (12, -12)),
                        ((13, -11), (16, -11), (19, -9)),
                        ((14, -6.0), (-14, -6.0), (-19, -9)),
                    ],
                ),
                steel,
            )
        )
        front.append(
            path(pathd((-8, -21), [((-6, -30), (6, -30), (8, -21)), ((3, -22.5), (-3, -22.5), (-8, -21))]), p.trim)
        )
        front.append(line([(-10, -14), (0, -15.8), (10, -14)], shade(steel, 0.3), 0.8))
        front.append(circle((-5, -18), 1.4, "#eef1f5", "none"))
        front.extend(_plume((2, -27), (20, -34), col, o, 6.5))
    return back, front


def crown_parts(st: DeckStyle, kind: str) -> list[str]:
    p = st.pal
    o = p.outline
    g = p.trim
    dg = shade(g, 0.3)
    out: list[str] = []
    if kind == "points":
        out.append(
            path(
                sym(
                    (0, -25),
                    [
                        ((1.5, -20), (3, -17), (5, -17)),
                        ((6.6, -20), (7.8, -23), (9.4, -26)),
                        ((10, -22), (11.6, -17), (13.2, -15)),
                        ((13.5, -12), (13.5, -10), (13.5, -7.5)),
                        ((7, -8.5), (0, -8.5), (0, -8.5)),
                    ],
                    0,
                ),
                g,
            )
        )
        for x, y in ((0, -26.5), (9.4, -27.5), (-9.4, -27.5), (13.6, -16.2), (-13.6, -16.2)):
            out.append(circle((x, y), 1.5, WHITE, o, 0.5))
        for x in (-7, 0, 7):
            out.append(circle((x, -11.5), 1.5, p.jewel if x else "#c8362f", o, 0.5))
        out.append(line([(-13, -14), (0, -14.6), (13, -14)], dg, 0.6))
    elif kind == "fleur":
        out.append(
            path(
                pathd(
                    (-13.5, -8),
                    [
                        ((-13.5, -12), (-14, -15), (-14.2, -17.5)),
                        ((7, -16), (13, -17), (14.2, -17.5)),
                        ((14, -15), (13.5, -12), (13.5, -8)),
                        ((7, -9), (-7, -9), (-13.5, -8)),
                    ],
                ),
                g,
            )
        )
        for x, k in ((0, 1.0), (-9.5, 0.8), (9.5, 0.8)):
            # a fleur-de-lis-like fleuron: a pointed centre petal and two petals curling outward
            out.append(path(sym((x, -16.5), [((x + 2.2 * k, -19), (x + 2.2 * k, -22 * k), (x, -25.5 * k - 1))], x), g))
            for s in (-1, 1):
                out.append(
                    path(
                        limb(
                            [(x + s * 0.6, -17.2), (x + s * 3.2 * k, -20.5), (x + s * 5.0 * k, -19.0)], [2.2, 2.4, 1.4]
                        ),
                        g,
                    )
                )
        out.append(circle((0, -12.2), 1.7, p.jewel, o, 0.5))
        for x in (-7.5, 7.5):
            out.append(ellipse((x, -12.4), 1.2, 1.6, "#2f7a46", o, 0.5))
    elif kind == "arched":
        out.append(
            path(
                pathd((-12.5, -11), [((-14, -20), (-9, -27), (0, -27.5)), ((9, -27), (14, -20), (12.5, -11))]),
                "#b02a2a",
            )
        )
        out.append(
            path(
                pathd(
                    (-13.4, -9.5),
                    [((-13.5, -22), (-6, -28.5), (0, -28.6)), ((6, -28.5), (13.5, -22), (13.4, -9.5))],
                    close=False,
                ),
                None,
                g,
                2.2,
            )
        )
        out.append(line([(0, -28.5), (0, -12)], g, 2.2))
        out.append(circle((0, -31), 2.6, g, o, 0.6))
        out.append(line([(0, -33.4), (0, -37.5)], g, 1.2))
        out.append(line([(-1.8, -35.8), (1.8, -35.8)], g, 1.2))
        out.append(
            path(
                pathd(
                    (-14, -14.5),
                    [
                        ((-7, -16), (7, -16), (14, -14.5)),
                        ((14, -11), (14, -9), (14, -7.5)),
                        ((7, -9), (-7, -9), (-14, -7.5)),
                        ((-14, -9), (-14, -11), (-14, -14.5)),
                    ],
                ),
                g,
            )
        )
        for x in (-8, 0, 8):
            out.append(circle((x, -11.2), 1.4, p.jewel, o, 0.5))
    elif kind == "tall":
        # a tall Spanish crown: a deep band with pearls and five spiked points
        out.append(
            path(
                sym(
                    (0, -33),
                    [
                        ((1, -29), (2, -26), (3, -25)),
                        ((4.5, -27), (6.5, -31), (8, -32)),
                        ((8.8, -28), (9.6, -25), (10.5, -24)),
                        ((12, -27), (13.5, -28), (15, -30)),
                        ((15, -22), (14.2, -14), (13.6, -7.5)),
                        ((7, -8.6), (0, -8.6), (0, -8.6)),
                    ],
                    0,
                ),
                g,
            )
        )
        out.append(
            path(
                sym(
                    (0, -20),
                    [
                        ((7, -20), (14.6, -19.5), (14.5, -18.8)),
                        ((14.2, -16), (14, -14.5), (13.8, -13.5)),
                        ((7, -14.6), (0, -14.6), (0, -14.6)),
                    ],
                    0,
                ),
                dg,
            )
        )
        for x in (-10.5, -5.2, 0, 5.2, 10.5):
            out.append(circle((x, -17.2), 1.1, WHITE, o, 0.4))
        for x, y in ((0, -33.6), (8, -32.6), (-8, -32.6), (15, -30.6), (-15, -30.6)):
            out.append(circle((x, y), 1.3, g, o, 0.5))
        out.append(circle((0, -11.4), 1.6, p.jewel, o, 0.5))
    else:  # band: a velvet cap inside a low circlet of leaves
        out.append(path(sym((0, -28), [((8, -28), (13, -22), (12.5, -13)), ((6, -13), (0, -13), (0, -13))], 0), p.cape))
        out.append(
            path(
                sym(
                    (0, -15),
                    [
                        ((5, -15), (10, -15), (13.8, -14.5)),
                        ((14, -11), (14, -9.5), (14, -8)),
                        ((7, -9), (0, -9), (0, -9)),
                    ],
                    0,
                ),
                g,
            )
        )
        for x in (-11, -5.5, 0, 5.5, 11):
            out.append(
                path(
                    pathd(
                        (x - 2.2, -14.4),
                        [
                            ((x - 2.5, -17), (x - 1, -19.5), (x, -20)),
                            ((x + 1, -19.5), (x + 2.5, -17), (x + 2.2, -14.4)),
                        ],
                    ),
                    g,
                )
            )
        out.append(circle((0, -28.5), 1.8, g, o, 0.5))
        for x in (-6, 6):
            out.append(circle((x, -11.6), 1.2, p.jewel, o, 0.5))
    return out
