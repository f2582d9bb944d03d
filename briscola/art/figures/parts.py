"""Parts shared by every figure: hands that grip, arms in sleeves, collars, and placing the held suit object.

The prototype's knight held his sword by the blade and its king's coin ran off the card. Here a held object is
placed from its grip: :func:`hold` takes the point where the hand closes and the object's angle, asks the caller's
``draw_symbol`` for it with its centre worked out backwards from that grip, and draws the fist over the handle, so
the hand is always on the hilt of a sword, the grip of a cudgel, the stem of a cup or under the rim of a coin.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from briscola.art.figures.shapes import Pt, circle, group, limb, line, path, pathd, shade, sym
from briscola.art.figures.style import DeckStyle

__all__ = [
    "GRIP",
    "GRIP_CURVED_SWORD",
    "SymbolDrawer",
    "arm",
    "collar",
    "fist",
    "grip_frac",
    "hold",
    "prop_svg",
    "symbol_centre",
]

SymbolDrawer = Callable[[float, float, float, float], str]

# Where the hand closes, as a fraction of the object's size from its centre toward its bottom (the hilt/grip end
# for swords and cudgels, the stem for cups). The decks' straight swords have their grip between 0.21 and 0.40 of
# the size below the centre (cross-guard above, pommel below), the curved northern ones between 0.36 and 0.47;
# cudgels and batons are held near the narrow end, cups by the stem under the bowl.
GRIP: dict[int, float] = {0: 0.0, 1: 0.2, 2: 0.31, 3: 0.38}
GRIP_CURVED_SWORD = 0.415


def grip_frac(st: DeckStyle, suit: int) -> float:
    """:data:`GRIP` for this deck: northern curved swords are gripped further down."""
    return GRIP_CURVED_SWORD if suit == 2 and st.northern else GRIP[suit]


def symbol_centre(grip: Pt, angle: float, size: float, frac: float) -> Pt:
    """The centre to pass to ``draw_symbol`` so that the point ``frac * size`` below it (after rotating by
    ``angle`` clockwise) falls on ``grip``."""
    a = math.radians(angle)
    down = (-math.sin(a), math.cos(a))
    return (grip[0] - down[0] * frac * size, grip[1] - down[1] * frac * size)


def fist(at: Pt, angle: float, st: DeckStyle, scale: float = 1.0) -> str:
    """A closed hand around a handle that runs along ``angle`` (0 = vertical), fingers toward the viewer."""
    p = st.pal
    d = pathd(
        (-3.6, -4.2),
        [
            ((-1, -5.2), (2.8, -5.0), (4.2, -3.4)),
            ((5.0, -1), (5.0, 1.5), (4.2, 3.6)),
            ((2.6, 5.2), (-1.5, 5.2), (-3.8, 3.8)),
            ((-5.0, 1.5), (-5.0, -2.4), (-3.6, -4.2)),
        ],
    )
    fold = shade(p.skin, 0.35)
    parts = [
        path(d, p.skin),
        line([(0.6, -1.7), (4.4, -1.6)], fold, 0.55),
        line([(0.6, 0.8), (4.5, 0.9)], fold, 0.55),
        line([(0.4, 3.1), (3.8, 3.2)], fold, 0.55),
        path(
            pathd((-4.4, -2.6), [((-3.0, -4.6), (0.6, -4.4), (1.2, -2.4)), ((-0.4, -1.0), (-3, -0.6), (-4.4, -2.6))]),
            p.skin,
        ),
    ]
    return group(parts, f"translate({at[0]:.2f} {at[1]:.2f}) rotate({angle:.1f}) scale({scale:.3f})")


def arm(shoulder: Pt, elbow: Pt, hand: Pt, col: str, cuff: str, width: float = 11.0) -> list[str]:
    """A sleeved arm from shoulder to wrist as one tapered shape, with a cuff band just short of the hand."""
    d = limb([shoulder, elbow, hand], [width, width * 0.8, width * 0.62])
    ex, ey = hand[0] - elbow[0], hand[1] - elbow[1]
    n = math.hypot(ex, ey) or 1.0
    c = (hand[0] - ex / n * 4.2, hand[1] - ey / n * 4.2)
    cd = limb([c, (c[0] + ex / n * 2.6, c[1] + ey / n * 2.6)], [width * 0.72, width * 0.7], cap=False)
    fold = line(
        [
            (shoulder[0] * 0.35 + elbow[0] * 0.65, shoulder[1] * 0.35 + elbow[1] * 0.65),
            (elbow[0], elbow[1]),
        ],
        shade(col, 0.3),
        0.7,
    )
    return [path(d, col), fold, path(cd, cuff)]


@dataclass(frozen=True)
class Held:
    """A held object: its SVG and the fist to draw over it (kept apart so the arm can go between)."""

    obj: str
    hand: str


def hold(
    draw: SymbolDrawer, st: DeckStyle, suit: int, grip: Pt, angle: float, size: float, hand_angle: float | None = None
) -> Held:
    """The suit object placed by its grip point, and the fist that holds it there.

    Coins are held from below: the fist sits at their lower rim, the coin centred above it. Everything else is
    gripped along its axis at :data:`GRIP`.
    """
    if suit == 0:
        a = math.radians(angle)
        up = (math.sin(a), -math.cos(a))
        c = (grip[0] + up[0] * size * 0.47, grip[1] + up[1] * size * 0.47)
        obj = draw(c[0], c[1], size, angle)
    else:
        c = symbol_centre(grip, angle, size, grip_frac(st, suit))
        obj = draw(c[0], c[1], size, angle)
    return Held(obj, fist(grip, angle if hand_angle is None else hand_angle, st))


def collar(st: DeckStyle, at: Pt, half_w: float, scale: float = 1.0) -> list[str]:
    """The deck's collar at the neck base ``at``: ermine, a pleated ruff, a square yoke, or a gold band."""
    p = st.pal
    x, y = at
    w = half_w
    if st.collar == "ermine":
        d = sym(
            (x, y - 4 * scale),
            [
                ((x + w * 0.6, y - 5 * scale), (x + w, y - 2 * scale), (x + w * 1.05, y + 3 * scale)),
                ((x + w * 0.6, y + 9 * scale), (x + w * 0.3, y + 10 * scale), (x, y + 10 * scale)),
            ],
            x,
        )
        out = [path(d, "#fbf8f0")]
        for dx, dy in ((-0.6, 2.5), (0.6, 2.5), (-0.25, 6.5), (0.25, 6.5), (0, 3.5)):
            out.append(
                path(
                    pathd(
                        (x + dx * w, y + dy * scale - 1.2),
                        [((x + dx * w + 0.9, y + dy * scale + 1.8),), ((x + dx * w - 0.9, y + dy * scale + 1.8),)],
                    ),
                    "#1a1a1a",
                    "none",
                )
            )
        return out
    if st.collar == "ruff":
        pts: list[Pt] = []
        n = 14
        for i in range(n + 1):
            t = math.pi * (1 + i / n)
            r = 1.0 if i % 2 == 0 else 0.84
            pts.append((x + math.cos(t) * w * r, y + 2 * scale - math.sin(t) * 6.5 * scale * r))
        d = pathd(
            pts[0], [(q,) for q in pts[1:]] + [((x + w * 0.7, y - 4.5 * scale),), ((x - w * 0.7, y - 4.5 * scale),)]
        )
        out = [path(d, "#fbf8f0")]
        for i in range(1, n, 2):
            t = math.pi * (1 + i / n)
            out.append(
                line(
                    [
                        (x + math.cos(t) * w * 0.5, y + 2 * scale - math.sin(t) * 3 * scale),
                        (x + math.cos(t) * w * 0.84, y + 2 * scale - math.sin(t) * 5.5 * scale),
                    ],
                    "#b8b0a0",
                    0.6,
                )
            )
        return out
    if st.collar == "square":
        d = pathd(
            (x - w * 0.75, y - 3 * scale),
            [((x + w * 0.75, y - 3 * scale),), ((x + w * 0.6, y + 8 * scale),), ((x - w * 0.6, y + 8 * scale),)],
        )
        inner = pathd(
            (x - w * 0.5, y - 2 * scale),
            [((x + w * 0.5, y - 2 * scale),), ((x + w * 0.4, y + 5 * scale),), ((x - w * 0.4, y + 5 * scale),)],
        )
        return [path(d, p.trim), path(inner, "#fbf8f0"), circle((x, y + 6.5 * scale), 1.6 * scale, p.jewel, None, 0.5)]
    d = sym(
        (x, y - 3 * scale),
        [
            ((x + w * 0.6, y - 3 * scale), (x + w * 0.9, y - 1 * scale), (x + w * 0.95, y + 2 * scale)),
            ((x + w * 0.5, y + 6 * scale), (x + w * 0.2, y + 6 * scale), (x, y + 6 * scale)),
        ],
        x,
    )
    return [path(d, p.trim), circle((x, y + 3.5 * scale), 1.5 * scale, p.jewel, None, 0.5)]


def prop_svg(st: DeckStyle, prop: str, grip: Pt, scale: float = 1.0) -> list[str]:
    """A drawn prop standing up from the hand at ``grip``: "sceptre", "flower" or "halberd" (the French courts)."""
    p = st.pal
    x, y = 0.0, 0.0
    if prop == "flower":
        parts = [
            line([(x, y + 4), (x - 2, y - 20), (x + 1, y - 40)], "#2f7a3a", 1.6),
            path(
                pathd(
                    (x - 1, y - 16),
                    [
                        ((x - 10, y - 22), (x - 12, y - 18), (x - 12, y - 18)),
                        ((x - 8, y - 13), (x - 4, y - 13), (x - 1, y - 16)),
                    ],
                ),
                "#4a9a4a",
            ),
            circle((x + 1, y - 44), 6.5, p.jewel),
            circle((x + 1, y - 44), 3.2, shade(p.jewel, 0.25), None, 0.6),
            circle((x + 1, y - 44), 1.2, p.trim, "none"),
        ]
    elif prop == "halberd":
        steel = "#c9ced6"
        parts = [
            path(limb([(x, y + 22), (x, y - 88)], [3.2, 3.2], cap=False), "#8a5a2e"),
            path(
                pathd(
                    (x + 1, y - 80),
                    [
                        ((x + 14, y - 86), (x + 16, y - 72), (x + 12, y - 66)),
                        ((x + 8, y - 70), (x + 4, y - 70), (x + 1, y - 70)),
                    ],
                ),
                steel,
            ),
            path(pathd((x - 2, y - 86), [((x, y - 100),), ((x + 2, y - 86),)]), steel),
            path(pathd((x - 1, y - 80), [((x - 8, y - 82),), ((x - 1, y - 75),)]), steel),
        ]
    else:
        parts = [
            path(limb([(x, y + 14), (x, y - 60)], [3.6, 3.0], cap=False), p.trim),
            circle((x, y - 58), 3.0, p.trim),
            path(
                sym(
                    (x, y - 60),
                    [
                        ((x + 3, y - 60), (x + 6, y - 64), (x + 5, y - 68)),
                        ((x + 3, y - 70), (x + 1.5, y - 71), (x, y - 76)),
                    ],
                    x,
                ),
                p.trim,
            ),
            circle((x, y + 15), 2.2, p.trim),
        ]
    return [group(parts, f"translate({grip[0]:.2f} {grip[1]:.2f}) scale({scale:.3f})")]
