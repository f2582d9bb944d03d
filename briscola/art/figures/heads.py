"""Heads for the court figures: face with features, hair, beards, and the hats and crowns that tell decks apart.

A head is drawn in its own small space (the face is about 31 units tall, centred on the origin) and placed with a
group transform, so the same face serves the full figures, the mounted knight and the larger half figures. It comes
in two layers: what lies behind the body (long hair, a veil, a hood's back) and the face with everything in front.
The reference prototype's faces were two dots; these have eye whites with irises and lids, brows, a nose, lips,
cheeks and ears, and the kings a moustache and beard, so a court reads as a person even at 100 pixels wide.
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.art.figures.hats import WHITE, crown_parts, hat_parts
from briscola.art.figures.shapes import Pt, circle, ellipse, group, line, mix, path, pathd, shade, sym
from briscola.art.figures.style import DeckStyle

__all__ = ["Head", "head"]


@dataclass(frozen=True)
class Head:
    """A placed head in two layers, plus where its chin is (to hang a neck or a ruff under it)."""

    back: str
    front: str


def _face(st: DeckStyle, turn: float, who: str) -> list[str]:
    p = st.pal
    o = p.outline
    out: list[str] = []
    # ears first, the face outline overlaps their inner edge
    for s in (-1, 1):
        out.append(ellipse((s * 11.2, 0.8), 2.6, 4.2, shade(p.skin, 0.08)))
        out.append(line([(s * 11.2, -1.5), (s * 12.1, 0.8), (s * 11.4, 3)], shade(p.skin, 0.35), 0.6))
    face = sym(
        (0, -15.5),
        [
            ((7.2, -15.5), (11.6, -10.5), (11.6, -3)),
            ((11.6, 4), (9.8, 9.2), (6.4, 12.6)),
            ((3.8, 15.0), (1.8, 15.8), (0, 15.8)),
        ],
        0,
    )
    out.append(path(face, p.skin))
    # a soft shadow down the far side of the face gives it volume with a single flat tone
    side = -1 if turn >= 0 else 1
    out.append(
        path(
            pathd(
                (side * 11.0, -6),
                [
                    ((side * 11.4, 3), (side * 9.6, 9.4), (side * 6.2, 12.4)),
                    ((side * 8.2, 6), (side * 9.4, 0), (side * 11.0, -6)),
                ],
            ),
            shade(p.skin, 0.12),
            "none",
        )
    )
    tx = turn * 1.4
    for s in (-1, 1):
        ex = s * 4.7 + tx
        out.append(ellipse((ex + s * 1.3, 4.6), 2.6, 1.5, "#e8806c", "none", extra='fill-opacity="0.35"'))
        white = pathd(
            (ex - 2.7, -0.4),
            [
                ((ex - 1.5, -2.4), (ex + 1.5, -2.4), (ex + 2.7, -0.4)),
                ((ex + 1.4, 1.3), (ex - 1.4, 1.3), (ex - 2.7, -0.4)),
            ],
        )
        out.append(path(white, WHITE, o, 0.45))
        ix = ex + tx * 0.4
        out.append(circle((ix, -0.5), 1.3, p.eyes, "none"))
        out.append(circle((ix, -0.5), 0.6, "#120c08", "none"))
        out.append(circle((ix + 0.45, -1.0), 0.35, WHITE, "none"))
        out.append(line([(ex - 2.9, -0.3), (ex - 1.5, -2.5), (ex + 1.5, -2.5), (ex + 2.9, -0.5)], o, 0.9))
        brow_col = shade(p.king_hair if who == "king" else p.hair, 0.35)
        out.append(line([(ex - 3.2, -3.9), (ex - 0.5, -5.4 - (0.3 if s < 0 else 0)), (ex + 3.0, -4.6)], brow_col, 1.1))
    # nose: a bridge line and a small tip with a nostril, drawn toward the side the head turns
    n = tx * 0.8
    out.append(
        line(
            [(0.4 + n, -2.8), (0.9 + n, 1.2), (1.9 + n, 4.4), (0.8 + n, 5.4), (-0.9 + n, 5.1)], shade(p.skin, 0.5), 0.75
        )
    )
    out.append(circle((-0.4 + n, 4.7), 0.45, shade(p.skin, 0.45), "none"))
    # lips
    lip = mix(p.skin, "#b83a3a", 0.5)
    mx = tx * 0.6
    out.append(path(pathd((mx - 2.6, 8.6), [((mx - 1.2, 11.0), (mx + 1.2, 11.0), (mx + 2.6, 8.6))]), lip, "none"))
    out.append(line([(mx - 3.2, 8.4), (mx - 1.2, 9.0), (mx + 1.2, 9.0), (mx + 3.2, 8.4)], shade(lip, 0.45), 0.7))
    return out


def _hair_back(st: DeckStyle, who: str) -> list[str]:
    p = st.pal
    long = who in ("queen", "king") or st.long_hair
    col = p.king_hair if who == "king" else p.hair
    if who == "queen":
        d = sym(
            (0, -18), [((12, -18), (16, -10), (16, 2)), ((16, 16), (19, 26), (15, 31)), ((10, 33), (4, 33), (0, 33))], 0
        )
    elif who == "king":
        d = sym(
            (0, -18),
            [((12, -18), (14.5, -10), (14.5, 0)), ((14.5, 8), (15.5, 14), (13, 17)), ((9, 18), (4, 16), (0, 16))],
            0,
        )
    elif long:
        d = sym(
            (0, -18), [((12, -18), (15, -10), (15, 0)), ((15, 10), (17, 19), (14, 24)), ((9, 26), (4, 22), (0, 20))], 0
        )
    else:
        d = sym(
            (0, -18),
            [((12, -18), (14.5, -10), (14, -1)), ((14, 6), (14, 10), (11.5, 12)), ((6, 10), (2, 10), (0, 10))],
            0,
        )
    return [path(d, col), line([(-9, 8), (-11, 16)] if long else [(-12, 2), (-12, 9)], shade(col, 0.3), 0.7)]


def _hair_front(st: DeckStyle, who: str) -> list[str]:
    p = st.pal
    col = p.king_hair if who == "king" else p.hair
    # the fringe: a scalloped edge across the forehead, under whatever hat sits on top
    d = pathd(
        (-12.0, -2.0),
        [
            ((-12.6, -12), (-8, -17.5), (0, -17.5)),
            ((8, -17.5), (12.6, -12), (12.0, -2.0)),
            ((11.0, -6.5), (9.5, -8.2), (7.5, -8.4)),
            ((5.5, -7.2), (3.6, -8.6), (1.5, -9.2)),
            ((-0.6, -8.0), (-3.5, -8.8), (-5.2, -8.6)),
            ((-7.5, -8.4), (-10.5, -7.2), (-12.0, -2.0)),
        ],
    )
    return [
        path(d, col),
        line([(-4, -14.5), (-2.5, -11)], shade(col, 0.3), 0.6),
        line([(5, -14.5), (4, -10.8)], shade(col, 0.3), 0.6),
    ]


def _beard(st: DeckStyle) -> list[str]:
    p = st.pal
    col = p.king_hair
    kind = st.beard
    if kind == "pointed":
        tip: list[tuple[Pt, Pt, Pt]] = [((9.5, 16), (5, 22), (0, 27))]
    elif kind == "forked":
        tip = [((10, 17), (7, 25), (4.2, 27.5)), ((3, 26.5), (1.5, 23.5), (0, 23.2))]
    else:
        tip = [((11, 17), (7, 24.5), (0, 24.5))]
    outer = sym((0, 6.4), [((4, 6.4), (8.6, 7.6), (11.4, -1.5)), ((12.3, 6), *tip[0][1:]), *tip[1:]], 0)
    # the mouth stays visible: a lighter hole under the moustache
    out = [path(outer, col)]
    out.append(
        path(
            pathd((-2.6, 9.4), [((-1.2, 11.8), (1.2, 11.8), (2.6, 9.4))]),
            mix(p.skin, "#b83a3a", 0.5),
            shade(col, 0.4),
            0.5,
        )
    )
    for s in (-1, 1):
        out.append(line([(s * 3, 14.5), (s * 4, 19.5)], shade(col, 0.35), 0.6))
    mous = sym((0, 6.3), [((3, 5.8), (7, 6.6), (9.2, 10.4)), ((6.5, 9.2), (3, 8.4), (0, 8.6))], 0)
    out.append(path(mous, shade(col, 0.12)))
    return out


def _veil(st: DeckStyle) -> list[str]:
    d = sym(
        (0, -21), [((10, -21), (18, -14), (19, -2)), ((20, 12), (22, 24), (21, 34)), ((10, 36), (4, 34), (0, 33))], 0
    )
    return [path(d, "#f4efe4"), line([(-16, 0), (-18, 26)], "#cfc6b4", 0.7), line([(16, 0), (18, 26)], "#cfc6b4", 0.7)]


def head(st: DeckStyle, who: str, at: Pt, scale: float, turn: float = 0.0, hat: str | None = None) -> Head:
    """A head of ``who`` ("page", "knight", "king", "queen") centred at ``at``, ``scale`` times the 31-unit face.

    ``turn`` (-1..1) slides the features sideways so the figure glances toward what it holds; ``hat`` picks the
    headwear for page and knight (kings and queens take the deck's crown).
    """
    back: list[str] = []
    front: list[str] = []
    if who == "queen":
        back.extend(_veil(st))
    back.extend(_hair_back(st, who))
    hb: list[str] = []
    hf: list[str] = []
    if who in ("page", "knight"):
        col = st.pal.page_hat if who == "page" else st.pal.knight_hat
        hb, hf = hat_parts(st, hat or "feather_cap", col)
    back.extend(hb)
    front.extend(_face(st, turn, who))
    front.extend(_hair_front(st, who))
    if who == "king":
        front.extend(_beard(st))
        front.extend(crown_parts(st, st.crown))
    elif who == "queen":
        front.extend(crown_parts(st, "points" if st.crown in ("fleur", "arched") else "band"))
    front.extend(hf)
    t = f"translate({at[0]:.2f} {at[1]:.2f}) scale({scale:.3f})"
    return Head(group(back, t), group(front, t))
