"""Tests for the court figures: valid SVG in the subset the rasteriser honours, drawn inside the box, holding the
suit object by its grip, distinct per deck, deterministic, and mirrored on double-headed cards.

The pixel tests rasterise with pygame-ce exactly as the game does, so "inside the box" means what a player sees:
a fragment is rendered onto a transparent canvas larger than its box and no pixel outside the box may be painted.
"""

from __future__ import annotations

import ast
import io
import math
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

from briscola.art.decks import DECKS as ART_DECKS
from briscola.art.figures import DECK_IDS, court_svg
from briscola.art.figures.parts import GRIP, GRIP_CURVED_SWORD, grip_frac, hold, symbol_centre
from briscola.art.figures.style import DECKS
from briscola.art.model import Box

SVG_NS = "http://www.w3.org/2000/svg"
ALLOWED_TAGS = {"svg", "g", "path", "rect", "circle", "ellipse", "polygon", "line", "polyline"}
FORBIDDEN_ATTRS = {"clip-path", "mask", "filter", "href", "spreadMethod", "class", "style"}
HEX = re.compile(r"^#[0-9a-fA-F]{6}$|^#[0-9a-fA-F]{3}$")
CASES = [(d, s, c) for d in DECK_IDS for s in range(4) for c in range(3)]
ART = Path(__file__).resolve().parents[2] / "briscola" / "art"


class Recorder:
    """A stand-in draw_symbol that records its calls and paints the object's full extent as a solid shape.

    Coins are discs, everything else a rectangle as long as ``size`` and as wide as a cup's rim or a sword's
    cross-guard, so a held object that pokes out of the box shows up in the pixel test.
    """

    def __init__(self, suit: int) -> None:
        self.suit = suit
        self.calls: list[tuple[float, float, float, float]] = []

    def __call__(self, cx: float, cy: float, size: float, angle: float) -> str:
        self.calls.append((cx, cy, size, angle))
        if self.suit == 0:
            return f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{size / 2:.2f}" fill="#d4a020"/>'
        w = size * (0.72 if self.suit == 1 else 0.34)
        return (
            f'<g transform="translate({cx:.2f} {cy:.2f}) rotate({angle:.2f})">'
            f'<rect x="{-w / 2:.2f}" y="{-size / 2:.2f}" width="{w:.2f}" height="{size:.2f}" fill="#3060c0"/></g>'
        )


def render(fragment: str, w: int, h: int, pad: int) -> pygame.Surface:
    """The fragment rasterised 1:1 on a transparent canvas ``pad`` pixels larger than its box on every side."""
    cw, ch = w + 2 * pad, h + 2 * pad
    svg = (
        f'<svg xmlns="{SVG_NS}" width="{cw}" height="{ch}" viewBox="0 0 {cw} {ch}">'
        f'<g transform="translate({pad} {pad})">{fragment}</g></svg>'
    )
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (cw, ch))


def painted_outside(surf: pygame.Surface, w: int, h: int, pad: int) -> int:
    """How many pixels outside the box carry any paint (alpha > 0)."""
    cw, ch = surf.get_size()
    count = 0
    for y in range(ch):
        inside_rows = pad <= y < pad + h
        for x in range(cw):
            if inside_rows and pad <= x < pad + w:
                continue
            if surf.get_at((x, y)).a:
                count += 1
    return count


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize(("deck", "suit", "court"), CASES)
def test_fragment_uses_only_what_the_rasteriser_draws(deck: str, suit: int, court: int, double: bool) -> None:
    rec = Recorder(suit)
    frag = court_svg(deck, suit, court, 160, 260, rec, double)
    root = ET.fromstring(f'<svg xmlns="{SVG_NS}">{frag}</svg>')
    assert root[0].tag == f"{{{SVG_NS}}}g" and len(root) == 1
    for el in root.iter():
        tag = el.tag.split("}")[1]
        assert tag in ALLOWED_TAGS, tag
        for name, value in el.attrib.items():
            assert name.split("}")[-1] not in FORBIDDEN_ATTRS, name
            if name in ("fill", "stroke"):
                assert value == "none" or HEX.match(value), f"{name}={value!r}"
            if name == "transform":
                assert re.fullmatch(r"((translate|rotate|scale)\([-0-9. ]+\)\s*)+", value), value
            if name in ("fill-opacity", "stroke-width"):
                assert float(value) >= 0


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize(("deck", "suit", "court"), CASES)
def test_everything_is_drawn_inside_the_box(deck: str, suit: int, court: int, double: bool) -> None:
    # a box of the design's own aspect: the figure then reaches the box on all four sides, the tightest fit
    w, h, pad = 80, 130, 12
    rec = Recorder(suit)
    surf = render(court_svg(deck, suit, court, w, h, rec, double), w, h, pad)
    assert painted_outside(surf, w, h, pad) == 0
    assert rec.calls, "the suit object (or the French pip) is drawn through draw_symbol"
    # and the figure is really there: a good part of the box is painted
    painted = sum(1 for y in range(pad, pad + h, 2) for x in range(pad, pad + w, 2) if surf.get_at((x, y)).a)
    assert painted > (w * h / 4) * 0.2


@pytest.mark.parametrize(("w", "h"), [(160, 160), (100, 300), (400, 660)])
def test_odd_boxes_are_fitted_and_centred(w: int, h: int) -> None:
    pad = 8
    surf = render(court_svg("napoletane", 0, 2, w, h, Recorder(0), False), w, h, pad)
    assert painted_outside(surf, w, h, pad) == 0
    rect = surf.get_bounding_rect()
    left, right = rect.left - pad, pad + w - rect.right
    top, bottom = rect.top - pad, pad + h - rect.bottom
    # the king stands about symmetric in his design space, so centring shows as equal margins (give or take his
    # coin and the ground), and the long side of the design space meets the box
    assert abs(left - right) < w * 0.1 and abs(top - bottom) < h * 0.15
    if w / h > 160 / 260:
        assert min(top, bottom) < h * 0.06
    else:
        assert min(left, right) < w * 0.25


@pytest.mark.parametrize(("deck", "court"), [(d, c) for d in DECK_IDS for c in range(3)])
@pytest.mark.parametrize("double", [False, True])
def test_swords_and_cudgels_are_held_point_up_inside_the_box(deck: str, court: int, double: bool) -> None:
    for suit in (2, 3):
        rec = Recorder(suit)
        court_svg(deck, suit, court, 160, 260, rec, double)
        if deck == "francesi":
            continue  # the French courts carry their own props and show a pip
        for cx, cy, size, angle in rec.calls:
            a = math.radians(angle)
            hilt = (cx - math.sin(a) * size / 2, cy + math.cos(a) * size / 2)
            point = (cx + math.sin(a) * size / 2, cy - math.cos(a) * size / 2)
            assert hilt[1] > point[1], "raised point up, hilt in the hand"
            assert abs(angle) <= 20


@pytest.mark.parametrize("suit", [1, 2, 3])
@pytest.mark.parametrize("angle", [0.0, 12.0, -30.0])
def test_symbol_centre_puts_the_grip_in_the_hand(suit: int, angle: float) -> None:
    grip = (50.0, 80.0)
    size = 90.0
    cx, cy = symbol_centre(grip, angle, size, GRIP[suit])
    # the grip lies GRIP[suit] * size from the centre, along the object's axis toward its hilt
    a = math.radians(angle)
    gx, gy = cx - math.sin(a) * GRIP[suit] * size, cy + math.cos(a) * GRIP[suit] * size
    assert (gx, gy) == pytest.approx(grip)


@pytest.mark.parametrize(("deck", "suit"), [("napoletane", 2), ("trevisane", 2), ("siciliane", 3), ("spagnole", 1)])
def test_the_fist_closes_on_the_grip(deck: str, suit: int) -> None:
    st = DECKS[deck]
    rec = Recorder(suit)
    grip, angle, size = (100.0, 70.0), 12.0, 64.0
    held = hold(rec, st, suit, grip, angle, size)
    ((cx, cy, s, a),) = rec.calls
    assert (s, a) == (size, angle)
    assert (cx, cy) == pytest.approx(symbol_centre(grip, angle, size, grip_frac(st, suit)))
    assert held.hand.startswith('<g transform="translate(100.00 70.00) rotate(12.0)')


def test_a_coin_rests_on_the_hand() -> None:
    rec = Recorder(0)
    hold(rec, DECKS["napoletane"], 0, (50.0, 90.0), 0.0, 30.0)
    ((cx, cy, size, _),) = rec.calls
    # centred straight above the fist, its lower rim just overlapping the fingers
    assert cx == pytest.approx(50.0)
    assert 90.0 - size / 2 - 3 < cy < 90.0 - size / 2 + 1


def test_swords_grip_is_below_the_cross_guard_and_above_the_pommel() -> None:
    # the decks draw a straight sword's grip 0.21..0.40 of its size below the centre, a curved one's 0.36..0.47;
    # a fist about 0.1 of the size tall must sit inside those spans
    assert 0.26 <= GRIP[2] <= 0.35
    assert 0.40 <= GRIP_CURVED_SWORD <= 0.43
    assert 0.3 < GRIP[3] < 0.45
    assert grip_frac(DECKS["trevisane"], 2) == GRIP_CURVED_SWORD
    assert grip_frac(DECKS["napoletane"], 2) == GRIP[2]


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize(("suit", "court"), [(s, c) for s in range(4) for c in range(3)])
def test_decks_look_different(suit: int, court: int, double: bool) -> None:
    shots = {}
    for deck in DECK_IDS:
        surf = render(court_svg(deck, suit, court, 80, 130, Recorder(suit), double), 80, 130, 0)
        shots[deck] = pygame.image.tobytes(surf, "RGBA")
    decks = list(shots)
    for i, a in enumerate(decks):
        for b in decks[i + 1 :]:
            pa, pb = shots[a], shots[b]
            diff = sum(1 for i in range(0, len(pa), 4) if max(abs(pa[i + k] - pb[i + k]) for k in range(3)) > 24)
            assert diff > 80 * 130 * 0.05, f"{a} and {b} look alike"


@pytest.mark.parametrize(("deck", "suit", "court"), CASES[::5])
def test_output_is_deterministic(deck: str, suit: int, court: int) -> None:
    a = court_svg(deck, suit, court, 200, 330, Recorder(suit), True)
    b = court_svg(deck, suit, court, 200, 330, Recorder(suit), True)
    assert a == b


@pytest.mark.parametrize(("deck", "court"), [(d, c) for d in DECK_IDS for c in range(3)])
def test_double_headed_halves_mirror_about_the_centre(deck: str, court: int) -> None:
    surf = render(court_svg(deck, 0, court, 100, 160, Recorder(0), True), 100, 160, 0)
    turned = pygame.transform.rotate(surf, 180)
    a = pygame.image.tobytes(surf, "RGBA")
    b = pygame.image.tobytes(turned, "RGBA")
    differing = sum(1 for x, y in zip(a[3::4], b[3::4], strict=True) if abs(x - y) > 128)
    assert differing < 100 * 160 * 0.01


def test_single_and_double_headed_differ() -> None:
    a = court_svg("trevisane", 1, 1, 160, 260, Recorder(1), False)
    b = court_svg("trevisane", 1, 1, 160, 260, Recorder(1), True)
    assert a != b


def test_art_modules_stay_free_of_pygame() -> None:
    for src in ART.glob("figures*.py"):
        tree = ast.parse(src.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [n.name for n in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "pygame" for n in names), src.name


@pytest.mark.parametrize(
    ("deck", "suit", "court", "w", "h", "message"),
    [
        ("tarocchi", 0, 0, 100, 160, "unknown deck 'tarocchi'"),
        ("napoletane", 4, 0, 100, 160, "suit must be 0..3"),
        ("napoletane", -1, 0, 100, 160, "suit must be 0..3"),
        ("napoletane", 0, 3, 100, 160, "court 0..2"),
        ("napoletane", 0, 0, 0, 160, "positive size"),
    ],
)
def test_bad_arguments_are_refused_clearly(deck: str, suit: int, court: int, w: int, h: int, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        court_svg(deck, suit, court, w, h, Recorder(0), False)


_DOUBLE = [(d.variant_of or ident, d.court_box) for ident, d in ART_DECKS.items() if d.double_headed]


@pytest.mark.parametrize(("deck", "box"), _DOUBLE)
@pytest.mark.parametrize("court", range(3))
def test_double_headed_figures_fill_their_frame(deck: str, box: Box, court: int) -> None:
    """Each half figure fills its half of the frame as on a printed card: the robe runs out to both sides just
    above the divider, and the head reaches up near the frame's top (the bottom half is the same turned round)."""
    w, h = round(box.width), round(box.height)
    surf = render(court_svg(deck, 1, court, w, h, Recorder(1), True), w, h, 0)
    row = round(h * 0.4)
    painted = [x for x in range(w) if surf.get_at((x, row)).a]
    assert painted and painted[0] <= w * 0.03 and painted[-1] >= w * 0.97, (painted[:1], painted[-1:])
    top = surf.get_bounding_rect().top
    assert top <= h * 0.06, top
