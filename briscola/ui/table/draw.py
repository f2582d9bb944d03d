"""Drawing the table scene: felt, talon and briscola, piles, cards, name plates, hints and messages.

Kept apart from :mod:`briscola.ui.table.scene` so the scene's logic and its picture each stay small; everything here
only reads the scene (seen as a :class:`~briscola.ui.table.protocol.Table`), and what it reads was prepared in the
scene's ``update``: the viewer's view of the game among it, made once per change of the game, never per frame. Where
the name plates and the running-points badges go is :mod:`briscola.ui.table.plates`'s, so they are placed clear of
each other and of the cards, and the tests check the very rectangles drawn. The seat being
waited on shows three dots on its plate (drawn circles: the font has no hollow dot), and after a second of waiting the
line over the player's hand says whose move it is, so a slow bot never looks like a table that hung.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from briscola.engine import Card, Phase, Play
from briscola.text.i18n import _
from briscola.ui.assets.cards import suit_symbol_surface
from briscola.ui.core.layout import Pose
from briscola.ui.table.action_help import draw_action_help
from briscola.ui.table.coach_marks import draw_grade_badge, draw_hint_glow
from briscola.ui.table.counting_aid import draw_counting_aid
from briscola.ui.table.plates import (
    Plate,
    auction_lines,
    badge_rects,
    contract_lines,
    count_rect,
    name_plates,
    running_point_texts,
    text_size,
    trump_line,
)
from briscola.ui.table.toast_places import toast_places
from briscola.ui.widgets.basic import COLOURS, draw_text
from briscola.ui.widgets.teams import OTHER_TEAM, YOUR_TEAM

if TYPE_CHECKING:
    from briscola.ui.table.protocol import Table

__all__ = ["draw_table"]


def draw_table(scene: Table, surface: pygame.Surface) -> None:
    """Draw the whole table of ``scene``."""
    size = surface.get_size()
    surface.blit(scene.background(size), (0, 0))
    _draw_talon(scene, surface)
    plates = name_plates(scene)
    _draw_piles(scene, surface, plates)
    _draw_cards(scene, surface)
    _draw_labels(scene, surface, plates)
    draw_counting_aid(scene, surface, plates)
    _draw_hud(scene, surface, plates)
    draw_action_help(scene, surface)


def _text_size(scene: Table, factor: float = 1.0) -> int:
    """Text sized by the table's height, as the plates and messages measure it (the window's, but for the replay
    viewer's table above its bar): a plate is measured and written in one size."""
    return text_size(scene.layout.height, factor)


def _draw_talon(scene: Table, surface: pygame.Surface) -> None:
    state, layout, renderer = scene.state, scene.layout, scene.renderer
    briscola = state.briscola
    if briscola is not None and not briscola.moving:
        pose = state.pose(briscola)
        if briscola.card is not None and briscola.showing_face():  # with its suit's pip by the index it shows
            picture = renderer.deck.briscola(briscola.card, (pose.w, pose.h), pose.angle)
            surface.blit(picture, picture.get_rect(center=(round(pose.x), round(pose.y))))
        else:
            renderer.blit(surface, None, pose, (pose.w, pose.h))
    stacked = state.talon_count - (1 if briscola is not None else 0)
    pose = layout.talon_pose
    base = (pose.w, pose.h)
    if stacked > 0 or state.shuffle is not None:
        layers = min(4, max(1, stacked // 8 + 1))
        wobble = 0.0
        if state.shuffle is not None:
            wobble = math.sin(state.shuffle.raw * math.pi * 4) * pose.w * 0.35
        for layer in range(layers):
            dx = (wobble if layer % 2 else -wobble) - layer * 1.5
            renderer.blit(
                surface,
                None,
                Pose(pose.x + dx, pose.y - layer * 1.5, pose.w, pose.h),
                base,
                shadow=3.0 if layer == 0 else 0.0,
            )
    if state.talon_count > 0:
        draw_text(
            surface,
            str(state.talon_count),
            _text_size(scene, 1.1),
            (pose.x, pose.y + pose.h * 0.62),
            COLOURS["gold"],
            bold=True,
        )
    trumps = trump_line(scene)
    if trumps is not None:
        text, rect, pip = trumps
        draw_text(surface, text, _text_size(scene, 0.8), rect.center, COLOURS["muted"])
        if pip is not None and state.trump is not None:
            surface.blit(suit_symbol_surface(int(state.trump), pip.w, scene.config.deck), pip)
    for text, rect in contract_lines(scene) + auction_lines(scene):
        draw_text(surface, text, _text_size(scene, 0.8), rect.center, COLOURS["muted"])


def _draw_piles(scene: Table, surface: pygame.Surface, plates: list[Plate]) -> None:
    state, layout = scene.state, scene.layout
    for owner in state.pile_owners():
        count = state.pile_counts[owner]
        if count <= 0:
            continue
        pose = layout.pile_pose(owner)
        for layer in range(min(3, 1 + count // 6)):
            scene.renderer.blit(
                surface, None, Pose(pose.x - layer, pose.y - layer * 1.5, pose.w, pose.h, pose.angle), (pose.w, pose.h)
            )
        at = count_rect(scene, pose).center
        draw_text(surface, str(count), _text_size(scene, 0.8), at, COLOURS["text"], bold=True)
    if scene.running_points:
        _draw_running_points(scene, surface, plates)


def _draw_running_points(scene: Table, surface: pygame.Surface, plates: list[Plate]) -> None:
    """Each side's points so far on a badge by its pile spot, clear of the plates and cards, from the deal on."""
    texts = running_point_texts(scene)
    size = _text_size(scene, 0.75)
    for owner, rect in badge_rects(scene, texts, plates).items():
        text = texts[owner]
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (0, 0, 0, 120), plate.get_rect(), border_radius=rect.h // 2)
        surface.blit(plate, rect)
        draw_text(surface, text, size, rect.center, COLOURS["gold"])


def _draw_cards(scene: Table, surface: pygame.Surface) -> None:
    state = scene.state
    hand = state.hands[scene.driver.viewer]
    playable = scene.interactive and scene.driver.game.phase is Phase.PLAY
    legal: set[Card] = set()
    if playable:
        legal = {a.card for a in scene.view.legal if isinstance(a, Play)}
    marks = scene.coach_marks
    for sprite in state.sprites():
        if sprite is state.briscola and not sprite.moving:
            continue  # drawn under the talon
        pose = state.pose(sprite)
        home = state.home(sprite)
        base = (home.w, home.h)
        face = sprite.card if sprite.showing_face() else None
        shadow = 6.0 if (sprite.moving or sprite.drag is not None) else (3.0 + 5.0 * sprite.lift)
        rect = scene.renderer.blit(surface, face, pose, base, sprite.flip_scale(), shadow=shadow)
        if playable and sprite in hand and sprite.card is not None and sprite.card not in legal:
            dim = pygame.Surface(rect.size, pygame.SRCALPHA)
            dim.fill((0, 0, 0, 90))
            surface.blit(dim, rect)
        if playable and sprite in hand and hand.index(sprite) == scene.selected:
            pygame.draw.rect(surface, COLOURS["gold"], rect.inflate(6, 6), width=3, border_radius=8)
        if sprite.card is not None and sprite.card == marks.hint_card and sprite in hand:
            draw_hint_glow(surface, rect)
        if sprite.card in marks.marks and not sprite.moving and sprite in state.trick:
            draw_grade_badge(surface, rect, marks.marks[sprite.card], _text_size(scene, 0.7))


def _draw_labels(scene: Table, surface: pygame.Surface, plates: list[Plate]) -> None:
    """The name plates: the player to move ringed in gold, a partner in blue, a bot at fault in red; the seat whose
    move is awaited shows three dots filling in turn."""
    driver = scene.driver
    to_move = driver.game.to_move if scene.choreo.idle else None
    thinking = driver.thinking_seat
    size = _text_size(scene, 0.85)
    side = [
        seat
        for seat in range(len(driver.seats))
        if scene.state.pile_owner(seat) == scene.state.pile_owner(driver.viewer)
    ]
    for plate in plates:
        seat, rect = plate.seat, plate.rect
        fill = (*OTHER_TEAM, 110)
        if len(side) > 1 and seat in side:
            fill = (*YOUR_TEAM, 170)  # your side, you included: your team's colour, as the new-game diagram shows it
        if plate.status in ("not_responding", "bad_answers"):
            fill = (120, 30, 25, 190)  # a bot at fault: the computer plays for it while the plate is red
        back = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(back, fill, back.get_rect(), border_radius=rect.h // 2)
        surface.blit(back, rect)
        if seat == to_move:
            pygame.draw.rect(surface, COLOURS["gold"], rect, width=2, border_radius=rect.h // 2)
        colour = COLOURS["gold"] if seat == to_move else COLOURS["text"]
        text_centre = (rect.centerx - plate.dots / 2, rect.centery)
        draw_text(surface, plate.text, size, text_centre, colour)
        if seat == thinking and plate.dots:
            _draw_dots(surface, rect, plate.dots, int(scene.clock * 3) % 4)


def _draw_dots(surface: pygame.Surface, rect: pygame.Rect, room: int, lit: int) -> None:
    """Three dots at the plate's right end, ``lit`` of them filled: circles drawn, as the font has no hollow dot."""
    radius = max(2, room // 10)
    for n in range(3):
        centre = (round(rect.right - room - radius * 2 + n * radius * 3.2), rect.centery)
        if n < lit:
            pygame.draw.circle(surface, COLOURS["gold"], centre, radius)
        else:
            pygame.draw.circle(surface, COLOURS["muted"], centre, radius, width=1)


def _draw_hud(scene: Table, surface: pygame.Surface, plates: list[Plate]) -> None:
    driver = scene.driver
    size = _text_size(scene, 0.8)
    margin = scene.layout.margin
    game = driver.game
    hand_text = _("Hand {number}").format(number=max(1, scene.state.hand_no + 1))
    draw_text(surface, hand_text, size, (margin, margin), COLOURS["muted"], anchor="topleft")
    shown = scene.state.match_scores or game.match_scores  # held at a hand's end: see TableState.match_scores
    scores = "   ".join(
        f"{' & '.join(scene.names[s] for s in _side(scene, seat))} {shown[seat]}" for seat in _score_seats(scene)
    )
    draw_text(
        surface,
        _("Match: {scores}").format(scores=scores),
        size,
        (margin, margin + size * 1.4),
        COLOURS["muted"],
        anchor="topleft",
    )
    draw_text(
        surface,
        scene.keys_hint,
        size,
        (surface.get_width() - margin, margin),
        COLOURS["muted"],
        anchor="topright",
    )
    x, y = scene.layout.label_point(scene.layout.bottom)
    hint_at = (x, y - scene.layout.label_height * 1.2)
    if scene.interactive:
        draw_text(surface, _your_turn(scene), size, hint_at, COLOURS["gold"])
    elif scene.waiting_on is not None:  # a long wait for a computer or a bot: whose, so nobody thinks it hung
        name = scene.names[scene.waiting_on]
        draw_text(surface, _("{name} is thinking…").format(name=name), size, hint_at, COLOURS["muted"])
    for button in scene.buttons:
        button.draw(surface, size)
        if button.value == scene.coach_marks.hint_action:
            draw_hint_glow(surface, button.rect)  # the hint prefers a swap, a declaration, a bid...
    if scene.coach_marks.button is not None:
        scene.coach_marks.button.draw(surface, size)
    _draw_toasts(scene, surface, size, plates)


def _your_turn(scene: Table) -> str:
    """The line over the human's hand at their turn: how to play (the keys there are), or how to confirm."""
    count = len(scene.view.hand)
    if scene.driver.game.phase is not Phase.PLAY:
        return _("Your turn: choose")
    if scene.awaiting_confirmation:
        return _("Click it again or press Enter to play it · Esc: cancel")
    if count == 1:
        return _("Your turn: click your card, or press 1")
    return _("Your turn: click a card, or press 1-{count}").format(count=count) if count else ""


def _draw_toasts(scene: Table, surface: pygame.Surface, size: int, plates: list[Plate]) -> None:
    """The messages over the table, one plate each, where :func:`toast_places` puts them (clear of shown hands and
    the trick), long ones broken into lines."""
    line_h = round(size * 1.35)
    for placed in toast_places(scene, plates):
        rect = placed.rect
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = round(200 * min(1.0, placed.toast.left / 0.4))
        pygame.draw.rect(plate, (0, 0, 0, alpha), plate.get_rect(), border_radius=min(rect.h // 2, size))
        surface.blit(plate, rect)
        for n, line in enumerate(placed.lines):
            centre_y = rect.y + round(size * 0.275) + line_h * n + line_h / 2
            draw_text(surface, line, size, (rect.centerx, centre_y), COLOURS["text"])


def _score_seats(scene: Table) -> list[int]:
    """One seat per side for the match score (partners share it)."""
    seen: set[int] = set()
    out = []
    for seat in range(scene.driver.rules.players):
        owner = scene.state.pile_owner(seat)
        if owner not in seen:
            seen.add(owner)
            out.append(seat)
    return out


def _side(scene: Table, seat: int) -> list[int]:
    """The seats sharing ``seat``'s pile."""
    owner = scene.state.pile_owner(seat)
    return [s for s in range(scene.driver.rules.players) if scene.state.pile_owner(s) == owner]
