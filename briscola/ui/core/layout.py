"""Table geometry for 2 to 6 seats: where every hand, trick card, pile, the talon and the name plates go.

Pure functions of the window size and the player count (no pygame), so they are unit tested for every size a window
may take. Seats run counterclockwise from the human at the bottom (seat 0, or the seat the player chose:
:attr:`TableLayout.bottom`): with four players seat 1 is on the right, seat 2 (the partner) at the top, seat 3 on the
left; with six, partners 2 and 4 sit up right and up left. A pose is a
card's centre, size and rotation; the table asks for poses every frame, so a resize moves everything at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

__all__ = ["CARD_ASPECT", "LIFT", "MIN_SIZE", "Pose", "Rect", "TableLayout", "seat_angle"]

#: Height over width of the card art (200 x 330).
CARD_ASPECT = 1.65
#: The smallest window the table is laid out for.
MIN_SIZE = (960, 600)
#: How far a hovered or chosen card of the human's hand rises, as a share of its height.
LIFT = 0.16

#: Small fixed tilts of trick cards per seat: a trick looks thrown, and fixed angles stay in the rotation cache.
_TRICK_TILT = (-4.0, 6.0, -7.0, 3.0, -5.0, 8.0)


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

    def hand_pose(self, seat: int, index: int, count: int) -> Pose:
        """Card ``index`` of ``count`` in ``seat``'s hand (the human's spread out, others overlapping)."""
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

    def hand_extent(self, seat: int, count: int) -> float:
        """Half the length of ``seat``'s hand along its row, for placing the pile beside it."""
        if count <= 0:
            count = 1
        first, last = self.hand_pose(seat, 0, count), self.hand_pose(seat, count - 1, count)
        span = math.hypot(last.x - first.x, last.y - first.y)
        return span / 2 + (self.card[0] if seat == self.bottom else self.small[0]) / 2

    # ------------------------------------------------------------------------------------------------ the middle

    @cached_property
    def trick_radius(self) -> tuple[float, float]:
        """How far trick cards lie from the centre, horizontally and vertically."""
        w, h = self.card
        if self.players == 2:
            return (w * 0.35, h * 0.42)
        if self.players == 6:
            return (w * 1.3, h * 0.82)
        if self.players == 5:
            return (w * 1.25, h * 0.68)
        return (w * 1.05, h * 0.62)

    def trick_pose(self, seat: int) -> Pose:
        """Where ``seat``'s card lies in the trick: between the centre and the seat."""
        cx, cy = self.centre
        rx, ry = self.trick_radius
        theta = math.radians(self._angle(seat))
        w, h = self.card
        return Pose(cx + rx * math.cos(theta), cy - ry * math.sin(theta), w, h, _TRICK_TILT[seat % len(_TRICK_TILT)])

    @cached_property
    def trick_area(self) -> Rect:
        """The region a dragged card may be dropped on to play it."""
        cx, cy = self.centre
        rx, ry = self.trick_radius
        w, h = self.card
        return Rect(cx - rx - w, cy - ry - h * 0.8, 2 * (rx + w), 2 * ry + h * 1.6)

    @cached_property
    def talon_pose(self) -> Pose:
        """The face-down talon, left of the trick."""
        cx, cy = self.centre
        rx, _ = self.trick_radius
        w, h = self.card
        x = cx - rx - w * (1.9 if self.players > 2 else 2.3)
        return Pose(x, cy, w, h)

    @cached_property
    def briscola_pose(self) -> Pose:
        """The turned briscola: crosswise under the talon, half showing."""
        talon = self.talon_pose
        return Pose(talon.x + talon.w * 0.6, talon.y, talon.w, talon.h, 90.0)

    def pile_pose(self, owner: int) -> Pose:
        """The captured pile of the side whose first seat is ``owner``: beside its hand (below it at the sides)."""
        w, h = self.small
        if owner == self.bottom:
            return Pose(
                self.width - self.margin - h / 2 - self.width * 0.03, self.seat_point(self.bottom)[1], w, h, 90.0
            )
        x0, y0 = self.seat_point(owner)
        if self.is_side_seat(owner):
            y = y0 + self.hand_extent(owner, self.hand_size) + h * 0.5 + self.margin
            return self._clamped(Pose(x0, y, w, h, 0.0))
        box = self.hand_box(owner)
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
        """The box a full hand of ``seat`` covers."""
        boxes = [self.hand_pose(seat, i, self.hand_size).bounds() for i in range(self.hand_size)]
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
            poses.append(self.trick_pose(seat))
            poses.append(self.pile_pose(seat))
        return poses
