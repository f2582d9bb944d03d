"""Where the table's labels go: each seat's name plate and each side's running-points badge, clear of each other and
of every card, pile, count and line of text on the table.

The layout (:mod:`briscola.ui.core.layout`) places cards from the window's size alone; a label's size depends on its
text (a bot's name, "(dealer)", the language), so labels are placed here, from the texts drawn, with the font that draws
them. A name plate sits at its seat's label point, kept inside the window's margins (a long plate at a side seat would
otherwise run off the edge). A badge tries the places round its side's pile (under the pile's count, beside the pile,
above it) and takes the first that touches nothing: in two players the opponent's plate, centred under their hand, runs
under the pile beside it, so the place under the count is taken and the badge goes beside the pile.

Everything here only reads the scene, so the drawing (:mod:`briscola.ui.table.draw`) and the tests that check that
no two labels overlap use the very same rectangles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import pygame

from briscola.match.bot_faults import SeatStatus, status_text
from briscola.text.i18n import _
from briscola.ui.core.action_pages import MAX_BUTTONS
from briscola.ui.core.layout import LIFT, Pose, Rect
from briscola.ui.core.seats import seat_level
from briscola.ui.table.messages import auction_texts, contract_texts, held_called_text, trump_text
from briscola.ui.widgets.basic import font

if TYPE_CHECKING:
    from briscola.ui.table.protocol import Table

__all__ = [
    "BUTTON_TEXT",
    "Plate",
    "auction_lines",
    "badge_rects",
    "button_rects",
    "contract_lines",
    "count_rect",
    "fixed_obstacles",
    "name_plates",
    "running_point_texts",
    "text_size",
    "text_width",
    "trump_line",
]


BUTTON_TEXT: Final = 0.8
"""The action buttons' text size, as a :func:`text_size` factor (what :mod:`briscola.ui.table.draw` draws them at)."""


def text_size(height: int, factor: float = 1.0) -> int:
    """The table's text size for a window ``height`` pixels high (times ``factor``)."""
    return max(12, round(height * 0.024 * factor))


def text_width(text: str, size: int) -> int:
    """The width of ``text`` drawn at ``size`` points."""
    return int(font().get_rect(text, size=size).width)


@dataclass(frozen=True)
class Plate:
    """A seat's name plate: its text, where it is drawn, and the state of the seat's bot (None for any other seat)."""

    seat: int
    text: str
    rect: pygame.Rect
    status: SeatStatus | None = None
    dots: int = 0
    """Pixels kept free at the plate's right end for the "thinking" dots (none on the human's plate)."""


def _plate_text(scene: Table, seat: int) -> tuple[str, SeatStatus | None]:
    """What a seat's plate says: name and level (a bot's own name, or its command), "(dealer)"; a bot at fault says
    so in place of its program's name for as long as the computer plays for it, and a starting bot says it starts; a
    seat thought about for a while counts the seconds, beside its dots."""
    config = scene.driver.seats[seat]
    bots = scene.driver.bots
    status: SeatStatus | None = bots.status(seat) if bots is not None and seat in bots else None
    level = seat_level(config)
    if status in ("not_responding", "bad_answers"):
        level = status_text(status)
    elif status == "starting":
        level = f"{level} · {status_text(status)}" if level else status_text(status)
    name = scene.names[seat]
    text = f"{name} · {level}" if level else name
    if seat == scene.state.dealer:
        text += "  " + _("(dealer)")
    contract = scene.state.contract
    if seat == scene.driver.human and scene.state.holds_called and contract is not None:
        text += "  " + held_called_text(contract[0], seat, scene.names)
    seconds = scene.thinking_seconds
    if seconds is not None and seat == scene.driver.thinking_seat:
        # How long the seat has been thought about, beside the dots at the plate's end ("Marco · Expert  3 s").
        text += "  " + _("{seconds} s").format(seconds=seconds)
    return text, status


def name_plates(scene: Table) -> list[Plate]:
    """Every seated player's name plate (the one sitting out has none), inside the window's margins."""
    layout = scene.layout
    size = text_size(layout.height, 0.85)
    margin = round(layout.margin)
    window = pygame.Rect(0, 0, layout.width, layout.height).inflate(-2 * margin, -2 * margin)
    plates = []
    for seat in range(len(scene.driver.seats)):
        if scene.driver.game.sitting_out == seat:
            continue
        text, status = _plate_text(scene, seat)
        height = round(layout.label_height + 6)
        dots = height if seat != scene.driver.human else 0  # room for the "thinking" dots, inside the plate
        rect = pygame.Rect(0, 0, text_width(text, size) + 28 + dots, height)
        x, y = layout.label_point(seat)
        rect.center = (round(x), round(y))
        rect.clamp_ip(window)
        plates.append(Plate(seat, text, rect, status, dots))
    return plates


def count_rect(scene: Table, pose: Pose) -> pygame.Rect:
    """Where a pile's card count is drawn (under the pile), whether or not the pile has cards yet."""
    size = text_size(scene.layout.height, 0.8)
    box = pose.bounds()
    rect = pygame.Rect(0, 0, text_width("00", size) + 4, round(size * 1.2))
    rect.center = (round(pose.x), round(box.y + box.h + text_size(scene.layout.height, 0.5)))
    return rect


def trump_line(scene: Table) -> tuple[str, pygame.Rect, pygame.Rect | None] | None:
    """The line about the trumps over the talon's spot (:func:`trump_text`), where it goes, and where the suit's pip
    goes before it when the suit is known (None when there is nothing to say)."""
    state, layout = scene.state, scene.layout
    text = trump_text(state.rules.trump_mode, state.trump, state.family)
    if not text:
        return None
    pose, size = layout.talon_pose, text_size(layout.height, 0.8)
    rect = pygame.Rect(0, 0, text_width(text, size), round(size * 1.2))
    rect.center = (round(pose.x), round(pose.y - pose.h * 0.62))
    if state.trump is None:
        return text, rect, None
    pip = pygame.Rect(0, 0, round(size * 1.6), round(size * 1.6))
    pip.midright = (rect.left - 6, rect.centery)
    return text, rect, pip


def contract_lines(scene: Table) -> list[tuple[str, pygame.Rect]]:
    """The auction's outcome (:func:`contract_texts`) and where each line goes: centred on the talon's spot, under
    the talon's count where the deal leaves a talon, else (chiamata deals every card) just under the trumps' name."""
    state, layout = scene.state, scene.layout
    texts = contract_texts(state.contract, state.called, scene.names, state.family)
    if not texts:
        return []
    pose = layout.talon_pose
    size = text_size(layout.height, 0.8)
    talon = state.rules.active_players * state.rules.hand_size < len(state.rules.deck)
    y = pose.y + pose.h * 0.62 + size * 1.8 if talon else pose.y - pose.h * 0.62 + size * 1.5
    # A long line (a long card name, a long language) that would reach the trick moves left of it, as far as the margin.
    cards = [_rect(layout.trick_pose(seat).bounds()) for seat in range(layout.players)]
    out = []
    for index, text in enumerate(texts):
        rect = pygame.Rect(0, 0, text_width(text, size), round(size * 1.2))
        rect.center = (round(pose.x), round(y + index * size * 1.4))
        for box in cards:
            if rect.colliderect(box) and box.centerx > rect.centerx:
                rect.right = box.left - size // 2
        rect.left = max(rect.left, layout.margin)
        out.append((text, rect))
    return out


def auction_lines(scene: Table) -> list[tuple[str, pygame.Rect]]:
    """An open auction's standing (:func:`auction_texts`) and where each line goes: centred over the bid buttons'
    place, where the player deciding a bid looks (under the talon they would be hidden by the buttons), and in the
    same place while the others bid. No trick is on the table during an auction, so its middle is free."""
    state, layout = scene.state, scene.layout
    texts = auction_texts(state.high_bid, state.passed, scene.names, scene.driver.human, state.family)
    if not texts:
        return []
    size = text_size(layout.height, 0.8)
    top = min(rect.top for rect in button_rects(scene, MAX_BUTTONS))
    out = []
    for index, text in enumerate(texts):
        rect = pygame.Rect(0, 0, text_width(text, size), round(size * 1.2))
        rect.center = (round(layout.width / 2), round(top - size * 0.9 - (len(texts) - 1 - index) * size * 1.4))
        out.append((text, rect))
    return out


def _rect(box: Rect) -> pygame.Rect:
    """The layout's float rectangle as pygame's."""
    return pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))


def fixed_obstacles(scene: Table) -> list[pygame.Rect]:
    """What a label must not cover: full hands (the human's with a card lifted), the trick, the talon and its
    labels, every pile and its count, and the lines of text at the window's top."""
    layout = scene.layout
    out = []
    for seat in range(layout.players):
        box = _rect(layout.hand_box(seat))
        if seat == layout.bottom:
            lift = round(layout.card[1] * LIFT)
            box = pygame.Rect(box.x, box.y - lift, box.w, box.h + lift)
        out.append(box)
        out.append(_rect(layout.trick_pose(seat).bounds()))
    talon = _rect(layout.talon_pose.bounds()).union(_rect(layout.briscola_pose.bounds()))
    size = text_size(layout.height, 0.8)
    out.append(talon.inflate(size * 2, 0).union(talon.inflate(0, round(size * 3.2))))  # the trumps' name, the count
    trumps = trump_line(scene)
    if trumps is not None:
        out.extend(rect for rect in trumps[1:] if rect is not None)
    # Not the auction's standing: it is placed from the buttons' place, which is placed from the badges, and it is
    # only shown before the hand's first trick, when no pile and so no badge is on the table.
    out.extend(rect for _text, rect in contract_lines(scene))
    for owner in scene.state.pile_owners():
        pose = layout.pile_pose(owner)
        out.append(_rect(pose.bounds()))
        out.append(count_rect(scene, pose))
    top = round(layout.margin + size * 2.6)  # "Hand", "Match: ..." at the left, the keys at the right
    out.append(pygame.Rect(0, 0, layout.width, top))
    return out


def _candidates(scene: Table, owner: int, w: int, h: int) -> list[pygame.Rect]:
    """The places a badge ``w`` x ``h`` may take round ``owner``'s pile, best first."""
    pose = scene.layout.pile_pose(owner)
    box = _rect(pose.bounds())
    count = count_rect(scene, pose)
    gap = max(4, h // 3)
    centres = [
        (box.centerx, count.bottom + gap + h // 2),  # under the count
        (box.right + gap + w // 2, box.centery),  # beside the pile, away from the hand first
        (box.left - gap - w // 2, box.centery),
        (box.centerx, box.top - gap - h // 2),  # above the pile
        (box.right + gap + w // 2, count.bottom + gap + h // 2),
        (box.left - gap - w // 2, count.bottom + gap + h // 2),
        (box.right + gap + w // 2, box.top - gap - h // 2),
        (box.left - gap - w // 2, box.top - gap - h // 2),
    ]
    if pose.x < scene.layout.width / 2:  # a pile on the left: beside it means to its left first, by the edge
        centres[1], centres[2] = centres[2], centres[1]
    out = []
    for centre in centres:
        rect = pygame.Rect(0, 0, w, h)
        rect.center = centre
        out.append(rect)
    return out


def running_point_texts(scene: Table) -> dict[int, str]:
    """Each side's badge text by pile owner, once it has taken something; none between hands (the results screen has
    the totals).

    A badge labels its pile: beside a spot where no pile lies yet it would float by itself, and with five players
    such a "Points: 0" ended up nearer another player's pile than its own seat.
    """
    state = scene.state
    if not any(state.hands) and not any(state.pile_counts):
        return {}
    return {
        owner: _("Points: {points}").format(points=state.pile_points[owner])
        for owner in state.pile_owners()
        if state.pile_counts[owner] or state.pile_points[owner]
    }


def badge_rects(scene: Table, texts: dict[int, str], plates: list[Plate]) -> dict[int, pygame.Rect]:
    """Where each side's running-points badge goes (by pile owner): round its pile, clear of everything else.

    A badge that finds no free place takes the one it overlaps least, inside the window (never seen at the sizes
    the table is made for, which the tests check for 2 to 6 players).
    """
    layout = scene.layout
    size = text_size(layout.height, 0.75)
    margin = round(layout.margin / 2)
    window = pygame.Rect(0, 0, layout.width, layout.height).inflate(-2 * margin, -2 * margin)
    taken = fixed_obstacles(scene) + [plate.rect.inflate(4, 4) for plate in plates]
    out: dict[int, pygame.Rect] = {}
    for owner, text in texts.items():
        w, h = text_width(text, size) + size, round(size * 1.5)
        best: tuple[int, pygame.Rect] | None = None
        for rect in _candidates(scene, owner, w, h):
            if not window.contains(rect):
                continue
            overlap = sum(_area(rect.clip(other)) for other in taken)
            if best is None or overlap < best[0]:
                best = (overlap, rect)
            if overlap == 0:
                break
        if best is None:
            fallback = _candidates(scene, owner, w, h)[0]
            best = (0, fallback.clamp(window))
        out[owner] = best[1]
        taken.append(best[1].inflate(4, 4))
    return out


def _area(rect: pygame.Rect) -> int:
    """How many pixels ``rect`` covers (0 for the empty clip of two rectangles that don't meet)."""
    return rect.w * rect.h


def button_rects(scene: Table, count: int, labels: Sequence[str] = (), two_lines: bool = False) -> list[pygame.Rect]:
    """Where ``count`` action buttons (bids, pass, declare...) go: in rows over the human's hand, as many to a row as
    fit between the cards, plates and piles of the players at the sides (five players' side hands reach down to the
    buttons' height, and eleven bids in rows of five would cover them).

    The buttons are wide enough for the longest of ``labels`` at the buttons' text size, up to 30% of the window, so a
    call's card name ("Fante di bastoni rufen") is read whole rather than shrunk; ``two_lines`` makes them tall
    enough for a note under the label (a called card the player holds).
    """
    layout = scene.layout
    width, height, gap = max(140, layout.width // 9), max(30, layout.height // 22), 10
    size = text_size(layout.height, BUTTON_TEXT)
    width = min(max([width, *(text_width(label, size) + 24 for label in labels)]), round(layout.width * 0.3))
    if two_lines:
        height = round(height * 1.6)
    bottom = layout.label_point(layout.bottom)[1] - height * 1.6  # the last row's centre, over the "your turn" line
    others = _side_obstacles(scene)
    left, right = layout.width * 0.1, layout.width * 0.9
    per_row = max(1, min(count, int(right - left + gap) // (width + gap)))  # first as many as 80% of the width takes
    for _round in range(4):  # the rows' height decides what is beside them, which decides how many fit a row
        rows = -(-count // per_row)
        top = bottom - (rows - 1) * (height + 8) - height / 2
        band = pygame.Rect(0, round(top), layout.width, round(bottom + height / 2 - top))
        left, right = layout.margin, layout.width - layout.margin
        for rect in others:
            if rect.colliderect(band):
                if rect.centerx < layout.width / 2:
                    left = max(left, rect.right + gap)
                else:
                    right = min(right, rect.left - gap)
        fits = max(1, min(count, int(right - left + gap) // (width + gap)))
        if fits == per_row:
            break
        per_row = fits
    centre_x = (left + right) / 2
    out = []
    rows = -(-count // per_row)
    for index in range(count):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (
            round(centre_x + (col - (in_row - 1) / 2) * (width + gap)),
            round(bottom - (rows - 1 - row) * (height + 8)),
        )
        out.append(rect)
    return out


def _side_obstacles(scene: Table) -> list[pygame.Rect]:
    """The other players' hands, plates and piles (with their counts): what buttons must leave visible."""
    layout = scene.layout
    out = [_rect(layout.hand_box(seat)) for seat in range(layout.players) if seat != layout.bottom]
    out.extend(plate.rect for plate in name_plates(scene) if plate.seat != scene.driver.viewer)
    mine = scene.state.pile_owner(scene.driver.viewer)
    for owner in scene.state.pile_owners():
        if owner != mine:
            pose = layout.pile_pose(owner)
            out.extend((_rect(pose.bounds()), count_rect(scene, pose)))
    if scene.running_points:
        badges = badge_rects(scene, running_point_texts(scene), name_plates(scene))
        out.extend(rect for owner, rect in badges.items() if owner != mine)
    return out
