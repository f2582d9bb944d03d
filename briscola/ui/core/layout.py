"""Table geometry for 2 to 6 seats: where every hand, trick card, pile, the talon and the name plates go.

Pure functions of the window size and the player count (no pygame), so they are unit tested for every size a window
may take. Seats run counterclockwise from the human at the bottom (seat 0, or the seat the player chose:
:attr:`TableLayout.bottom`): with four players seat 1 is on the right, seat 2 (the partner) at the top, seat 3 on the
left; with six, partners 2 and 4 sit up right and up left. A pose is a
card's centre, size and rotation; the table asks for poses every frame, so a resize moves everything at once.

Two promises are kept for reading the cards, and the tests check them for every player count and window size: no
trick card covers another's corner index (:data:`INDEX_CORNER`), whoever leads, so a winning trump is never hidden
under the card played after it; and a hand the viewer may see (open briscola, partners' hands shown at the end, a
public briscola drawn) is held up: upright, bigger than a hidden hand, spread so that every index shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

__all__ = ["CARD_ASPECT", "INDEX_CORNER", "LIFT", "MIN_SIZE", "Point", "Pose", "Rect", "TableLayout", "seat_angle"]

#: Height over width of the card art (200 x 330).
CARD_ASPECT = 1.65
#: The smallest window the table is laid out for.
MIN_SIZE = (960, 600)
#: How far a hovered or chosen card of the human's hand rises, as a share of its height.
LIFT = 0.16

#: The top-left corner of a face that holds its index, as shares of the card's width and height: no card on the table
#: may cover it on a trick card or a card of a shown hand. Every deck's index fits (tests/ui/test_card_index.py), at
#: the sizes those cards are drawn.
INDEX_CORNER = (0.3, 0.2)

#: Small fixed tilts of trick cards per seat: a trick looks thrown, and fixed angles stay in the rotation cache.
_TRICK_TILT = (-4.0, 6.0, -7.0, 3.0, -5.0, 8.0)

#: Where each seat's trick card lies, by the seat's place counted from the bottom, in card widths and heights from
#: the table's centre (y down). Rows and columns, not an ellipse: cards side by side are more than a tilted card's
#: width apart and rows more than its height, so no card reaches another's index whichever was played last (on the
#: old ellipse six players' side cards half covered each other); each card stays on its player's side of the centre.
_TRICK_SLOTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((-0.2, 0.5), (0.2, -0.5)),
    3: ((0.0, 0.56), (0.62, -0.56), (-0.62, -0.56)),
    4: ((0.0, 0.6), (1.2, 0.0), (0.0, -0.6), (-1.2, 0.0)),
    5: ((0.0, 0.56), (1.24, 0.56), (0.62, -0.56), (-0.62, -0.56), (-1.24, 0.56)),
    6: ((0.0, 0.56), (1.24, 0.56), (1.24, -0.56), (0.0, -0.56), (-1.24, -0.56), (-1.24, 0.56)),
}

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Pose:
    """A card's centre (x, y), size in pixels and counterclockwise rotation in degrees."""

    x: float
    y: float
    w: int
    h: int
    angle: float = 0.0

    def bounds(self) -> Rect:
        """The axis-aligned box the (possibly rotated) card covers."""
        rad = math.radians(self.angle)
        c, s = abs(math.cos(rad)), abs(math.sin(rad))
        bw = self.w * c + self.h * s
        bh = self.w * s + self.h * c
        return Rect(self.x - bw / 2, self.y - bh / 2, bw, bh)

    def _on_screen(self, dx: float, dy: float) -> Point:
        """The point ``(dx, dy)`` from the unturned card's centre, turned with the card (counterclockwise, y down)."""
        rad = math.radians(self.angle)
        c, s = math.cos(rad), math.sin(rad)
        return (self.x + dx * c + dy * s, self.y - dx * s + dy * c)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The card's four corners on screen (turned with it): top-left, top-right, bottom-right, bottom-left."""
        hw, hh = self.w / 2, self.h / 2
        return (
            self._on_screen(-hw, -hh),
            self._on_screen(hw, -hh),
            self._on_screen(hw, hh),
            self._on_screen(-hw, hh),
        )

    def index_corners(self) -> tuple[Point, Point, Point, Point]:
        """The corner of the face that holds its index (:data:`INDEX_CORNER`) on screen, as :meth:`corners`."""
        return self.face_corners(Rect(0.0, 0.0, self.w * INDEX_CORNER[0], self.h * INDEX_CORNER[1]))

    def face_corners(self, part: Rect) -> tuple[Point, Point, Point, Point]:
        """The rectangle ``part`` of the face (in the face's own pixels, from its top-left corner) on screen, turned
        with the card, as :meth:`corners`: where a mark printed on the card (its index, a pip) is seen."""
        left, top = part.x - self.w / 2, part.y - self.h / 2
        right, bottom = left + part.w, top + part.h
        return (
            self._on_screen(left, top),
            self._on_screen(right, top),
            self._on_screen(right, bottom),
            self._on_screen(left, bottom),
        )


@dataclass(frozen=True, slots=True)
class Rect:
    """A plain float rectangle (left, top, width, height), so layout needs no pygame."""

    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        """True when the point lies inside."""
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    def inside(self, width: float, height: float, slack: float = 0.5) -> bool:
        """True when the rectangle lies within a ``width`` x ``height`` window."""
        return (
            self.x >= -slack
            and self.y >= -slack
            and self.x + self.w <= width + slack
            and self.y + self.h <= height + slack
        )


def seat_angle(seat: int, players: int) -> float:
    """Where ``seat`` sits, in degrees counterclockwise from the right (the human, seat 0, at 270: the bottom)."""
    return (270.0 + seat * 360.0 / players) % 360.0


@dataclass(frozen=True)
class TableLayout:
    """The layout of a table of ``players`` seats in a ``width`` x ``height`` window."""

    width: int
    height: int
    players: int
    hand_size: int = 3
    """Cards a hand holds at most (3 in most forms; 5, 8 or 10 in some): piles go beyond a full hand."""
    bottom: int = 0
    """The seat drawn at the bottom, big and face up: the viewer's, whichever seat the player chose in New game. The
    methods take seats as the engine numbers them; only where a seat is drawn turns with this."""
    shows_hands: bool = True
    """Whether other seats' cards may be seen in their hands in this form (a public briscola drawn, open hands,
    partners' hands shown): room is then kept round every hand for it held up (:meth:`hand_box`), so nothing moves
    when it is shown. Only forms that never show one (chiamata deals every card face down) leave it out."""

    def _angle(self, seat: int) -> float:
        """Where ``seat`` is drawn, in degrees (see :func:`seat_angle`), counted from the seat at the bottom."""
        return seat_angle((seat - self.bottom) % self.players, self.players)

    # ------------------------------------------------------------------------------------------------ sizes

    @cached_property
    def card(self) -> tuple[int, int]:
        """The size of the human's cards, the trick and the talon."""
        by_height = self.height * (0.20 if self.players <= 2 else 0.17)
        by_width = self.width * (0.085 if self.players <= 2 else 0.07) * CARD_ASPECT
        h = max(60, int(min(by_height, by_width)))
        return (round(h / CARD_ASPECT), h)

    @cached_property
    def small(self) -> tuple[int, int]:
        """The size of the computer players' cards and of the captured piles."""
        w, h = self.card
        factor = 0.62 if self.players <= 4 else 0.52
        return (max(24, round(w * factor)), max(40, round(h * factor)))

    @cached_property
    def shown_card(self) -> tuple[int, int]:
        """The size of the cards of a hand shown face up: near the trick's, so their indices read as well."""
        w, h = self.card
        return (round(w * 0.8), round(h * 0.8))

    @property
    def margin(self) -> float:
        """Space kept free along the window's edges."""
        return max(10.0, min(self.width, self.height) * 0.02)

    @cached_property
    def centre(self) -> tuple[float, float]:
        """The middle of the playing area (a little above the window's middle: the human's hand takes the bottom)."""
        return (self.width / 2, self.height * 0.46)

    # ------------------------------------------------------------------------------------------------ seats

    def seat_point(self, seat: int) -> tuple[float, float]:
        """The centre of ``seat``'s hand."""
        if seat == self.bottom:
            return (self.width / 2, self.height - self.margin - self.card[1] / 2 - self.height * 0.01)
        sw, sh = self.small
        theta = math.radians(self._angle(seat))
        cx, cy = self.centre
        reach = sh * 0.62 + self.margin
        rx = self.width / 2 - reach - sw * 0.3
        ry = cy - reach - self.label_height
        x = cx + rx * math.cos(theta)
        y = cy - ry * math.sin(theta)
        return (x, y)

    def seat_tilt(self, seat: int) -> float:
        """The rotation of ``seat``'s cards so they face the table's centre (0 for the human)."""
        if seat == self.bottom:
            return 0.0
        return round((self._angle(seat) - 270.0) % 360.0, 1)

    def _tangent(self, seat: int) -> tuple[float, float]:
        theta = math.radians(self._angle(seat))
        return (-math.sin(theta), -math.cos(theta))

    def hand_pose(self, seat: int, index: int, count: int, shown: bool = False) -> Pose:
        """Card ``index`` of ``count`` in ``seat``'s hand (the human's spread out, others overlapping).

        A ``shown`` hand (another seat's, with a card the viewer may see) is held up: see :meth:`_shown_pose`.
        """
        if shown and seat != self.bottom:
            return self._shown_pose(seat, index, count)
        x0, y0 = self.seat_point(seat)
        if seat == self.bottom:
            w, h = self.card
            step = min(w * 1.1, self.width * 0.62 / max(1, count))
            offset = (index - (count - 1) / 2) * step
            return Pose(x0 + offset, y0, w, h)
        w, h = self.small
        step = w * (0.3 if count > 5 else 0.62)
        offset = (index - (count - 1) / 2) * step
        tx, ty = self._tangent(seat)
        return Pose(x0 + tx * offset, y0 + ty * offset, w, h, self.seat_tilt(seat))

    def _shown_pose(self, seat: int, index: int, count: int) -> Pose:
        """Card ``index`` of ``count`` in ``seat``'s hand held up for the viewer to read.

        Upright (a hand turned to face the centre is upside down at the top: its indices can't be read) and at
        :attr:`shown_card` size. A seat at the side holds its cards in a column, each lower than the one before by
        more than the index's height; the others in a row, each right of the one before by more than its width.
        Later cards are drawn over earlier ones, down and to the right, so every top-left index stays in view. The
        whole hand is moved, never squeezed, to stay inside the window.
        """
        w, h = self.shown_card
        many = count > 5
        if self.is_side_seat(seat):
            sx, sy = 0.0, h * (0.24 if many else 0.3)
        else:
            sx, sy = w * (0.36 if many else 0.62), 0.0
        x0, y0 = self.seat_point(seat)
        half_x = sx * (count - 1) / 2 + w / 2
        half_y = sy * (count - 1) / 2 + h / 2
        x0 = min(max(x0, self.margin + half_x), self.width - self.margin - half_x)
        y0 = min(max(y0, self.margin + half_y), self.height - self.margin - half_y)
        offset = index - (count - 1) / 2
        return Pose(x0 + sx * offset, y0 + sy * offset, w, h)

    # ------------------------------------------------------------------------------------------------ the middle

    @cached_property
    def trick_radius(self) -> tuple[float, float]:
        """How far the trick cards' centres lie from the centre at most, horizontally and vertically."""
        w, h = self.card
        slots = _TRICK_SLOTS[self.players]
        return (w * max(abs(dx) for dx, _dy in slots), h * max(abs(dy) for _dx, dy in slots))

    def trick_pose(self, seat: int) -> Pose:
        """Where ``seat``'s card lies in the trick: on its side of the centre (:data:`_TRICK_SLOTS`)."""
        cx, cy = self.centre
        w, h = self.card
        dx, dy = _TRICK_SLOTS[self.players][(seat - self.bottom) % self.players]
        return Pose(cx + dx * w, cy + dy * h, w, h, _TRICK_TILT[seat % len(_TRICK_TILT)])

    @cached_property
    def trick_area(self) -> Rect:
        """The region a dragged card may be dropped on to play it."""
        cx, cy = self.centre
        rx, ry = self.trick_radius
        w, h = self.card
        return Rect(cx - rx - w, cy - ry - h * 0.8, 2 * (rx + w), 2 * ry + h * 1.6)

    @cached_property
    def talon_pose(self) -> Pose:
        """The face-down talon, left of the trick, far enough that the briscola crosswise under it shows its end."""
        cx, cy = self.centre
        rx, _ = self.trick_radius
        w, h = self.card
        x = cx - rx - w * (2.3 if self.players > 2 else 2.45)
        return Pose(x, cy, w, h)

    @cached_property
    def briscola_pose(self) -> Pose:
        """The turned briscola: crosswise under the talon, a little more than its top half showing.

        Turned a quarter right, so the end that sticks out is the card's top, with its top-left index (and the suit
        pip the table adds beside an index that has none: :func:`~briscola.ui.assets.cards.briscola_marks`) and, on a
        court card of a deck with single-headed figures, the head and the suit held, not a strip of robe. The tests
        check that the marks lie clear of the talon and of every card at every player count and window size.
        """
        talon = self.talon_pose
        return Pose(talon.x + talon.w * 0.6, talon.y, talon.w, talon.h, 270.0)

    def pile_pose(self, owner: int) -> Pose:
        """The captured pile of the side whose first seat is ``owner``: beside its hand (below it at the sides)."""
        w, h = self.small
        if owner == self.bottom:
            return Pose(
                self.width - self.margin - h / 2 - self.width * 0.03, self.seat_point(self.bottom)[1], w, h, 90.0
            )
        x0, y0 = self.seat_point(owner)
        box = self.hand_box(owner)
        if self.is_side_seat(owner):
            return self._clamped(Pose(x0, box.y + box.h + h * 0.5 + self.margin, w, h, 0.0))
        gap = self.margin
        x = box.x + box.w + gap + h / 2 if x0 >= self.width / 2 else box.x - gap - h / 2
        return self._clamped(Pose(x, y0, w, h, 90.0))

    # ------------------------------------------------------------------------------------------------ labels

    @property
    def label_height(self) -> float:
        """Height of a name plate."""
        return max(18.0, self.height * 0.032)

    def is_side_seat(self, seat: int) -> bool:
        """True for a seat on the left or right edge (its cards stand in a column)."""
        return seat != self.bottom and abs(math.cos(math.radians(self._angle(seat)))) > 0.8

    def hand_box(self, seat: int) -> Rect:
        """The box a full hand of ``seat`` covers, held up as well as hidden where hands may be shown."""
        n = self.hand_size
        poses = [self.hand_pose(seat, i, n) for i in range(n)]
        if self.shows_hands and seat != self.bottom:
            poses.extend(self.hand_pose(seat, i, n, shown=True) for i in range(n))
        boxes = [pose.bounds() for pose in poses]
        left, top = min(b.x for b in boxes), min(b.y for b in boxes)
        right, bottom = max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes)
        return Rect(left, top, right - left, bottom - top)

    def label_point(self, seat: int) -> tuple[float, float]:
        """The centre of ``seat``'s name plate: just below the hand for seats across the table, above it otherwise.

        The human's plate stands clear of a lifted card (a hovered one, or one chosen and waiting to be confirmed).
        """
        if seat == self.bottom:
            x, y = self.seat_point(self.bottom)
            return (x, y - self.card[1] * (0.5 + LIFT) - self.label_height / 2 - 6)
        x, _y = self.seat_point(seat)
        box = self.hand_box(seat)
        half_w = self.width * 0.09
        if not self.is_side_seat(seat) and math.sin(math.radians(self._angle(seat))) > 0.3:
            ly = box.y + box.h + self.label_height * 0.8
        else:
            ly = max(box.y - self.label_height * 0.8, self.label_height)
        return (min(max(x, half_w + self.margin), self.width - half_w - self.margin), ly)

    def _clamped(self, pose: Pose) -> Pose:
        """``pose`` moved just enough to lie inside the window."""
        box = pose.bounds()
        dx = max(0.0, self.margin - box.x) - max(0.0, box.x + box.w - (self.width - self.margin))
        dy = max(0.0, self.margin - box.y) - max(0.0, box.y + box.h - (self.height - self.margin))
        return Pose(pose.x + dx, pose.y + dy, pose.w, pose.h, pose.angle)

    def all_poses(self, hand_count: int | None = None) -> list[Pose]:
        """Every fixed pose of the table with ``hand_count`` cards a hand (for tests: all must be on screen)."""
        hand_count = self.hand_size if hand_count is None else hand_count
        poses = [self.talon_pose, self.briscola_pose]
        for seat in range(self.players):
            poses.extend(self.hand_pose(seat, i, hand_count) for i in range(hand_count))
            if self.shows_hands:
                poses.extend(self.hand_pose(seat, i, hand_count, shown=True) for i in range(hand_count))
            poses.append(self.trick_pose(seat))
            poses.append(self.pile_pose(seat))
        return poses
