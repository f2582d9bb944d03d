"""Card sprites and their drawing: where a card rests, how it moves there, and its picture at the size shown.

A sprite knows its *zone* (a seat's hand, the trick, the briscola spot...); the table turns the zone into a pose with
the current layout every frame, so a resize moves every resting card at once. A moving sprite carries a
:class:`Motion` from a fixed start pose towards its zone, optionally turning over on the way.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from briscola.engine.cards import Card
from briscola.ui.assets.cards import DeckImages
from briscola.ui.core.layout import Pose
from briscola.ui.core.tween import Tween, ease_in_out_cubic

__all__ = ["CardRenderer", "CardSprite", "Motion", "lerp_pose"]


def _lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def _lerp_angle(a: float, b: float, t: float) -> float:
    diff = (b - a + 180.0) % 360.0 - 180.0
    return a + diff * t


def lerp_pose(a: Pose, b: Pose, t: float) -> Pose:
    """The pose ``t`` of the way from ``a`` to ``b`` (angles the short way round)."""
    return Pose(
        _lerp(a.x, b.x, t),
        _lerp(a.y, b.y, t),
        round(_lerp(a.w, b.w, t)),
        round(_lerp(a.h, b.h, t)),
        _lerp_angle(a.angle, b.angle, t),
    )


@dataclass
class Motion:
    """A move from ``start`` to the sprite's zone over ``tween``; ``flip`` turns the card over during the move."""

    start: Pose
    tween: Tween
    flip: bool = False


_ids = iter(range(1, 1 << 62))


@dataclass(eq=False)
class CardSprite:
    """One card on the table. ``card`` is None while the viewer may not know it (a face-down card)."""

    card: Card | None
    face_up: bool
    zone: tuple[str, int]
    motion: Motion | None = None
    lift: float = 0.0
    """0..1: how far a hovered card of the human's hand is raised (eased every frame)."""
    drag: tuple[float, float] | None = None
    """The centre while the player drags the card."""
    arrived: int = 0
    """When the card came into its hand (a rising count): the order the engine holds the hand in, kept apart from
    the order on screen so that sorting the hand changes only the picture."""
    ident: int = field(default_factory=lambda: next(_ids))

    @property
    def moving(self) -> bool:
        """True while a motion is running."""
        return self.motion is not None and not self.motion.tween.done

    def move(self, start: Pose, duration: float, *, flip: bool = False, delay: float = 0.0) -> None:
        """Start moving from ``start`` to the zone; ``flip`` turns the card face over (up or down) on the way."""
        self.motion = Motion(start, Tween(duration, ease_in_out_cubic, delay), flip)

    def update(self, dt: float) -> None:
        """Advance the motion; clear it once done."""
        if self.motion is not None:
            self.motion.tween.update(dt)
            if self.motion.tween.done:
                self.motion = None

    def showing_face(self) -> bool:
        """True when the face is visible now (mid-flip, the side showing depends on progress)."""
        if self.motion is not None and self.motion.flip and self.motion.tween.raw < 0.5:
            return not self.face_up
        return self.face_up and self.card is not None

    def flip_scale(self) -> float:
        """Horizontal squash of a turning card (1 when not turning)."""
        if self.motion is None or not self.motion.flip:
            return 1.0
        return max(0.04, abs(math.cos(math.pi * self.motion.tween.raw)))


class CardRenderer:
    """Surfaces for sprites: resting cards from the deck's caches; cards in flight scaled and turned from those."""

    def __init__(self, deck: DeckImages) -> None:
        self.deck = deck
        self._shadows: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()

    def surface(self, card: Card | None, pose: Pose, base: tuple[int, int], flip_scale: float = 1.0) -> pygame.Surface:
        """The picture of ``card`` (None: the back) at ``pose``, rasterised at the layout size ``base``."""
        if flip_scale >= 1.0 and (pose.w, pose.h) == base:
            angle = round(pose.angle, 1) % 360.0
            if angle == 0.0:
                return self.deck.back(base) if card is None else self.deck.face(card, base)
            return self.deck.rotated(card, base, angle)
        flat = self.deck.back(base) if card is None else self.deck.face(card, base)
        if flip_scale < 1.0:
            flat = pygame.transform.smoothscale(flat, (max(1, round(base[0] * flip_scale)), base[1]))
        scale = pose.h / base[1] if base[1] else 1.0
        angle = round(pose.angle / 2.0) * 2.0  # coarse steps: a moving card needs no finer, and it costs less
        if angle % 360.0 == 0.0 and abs(scale - 1.0) < 0.01:
            return flat
        return pygame.transform.rotozoom(flat, angle, scale)

    def shadow(self, pose: Pose) -> pygame.Surface:
        """A soft dark shape under a lifted or flying card."""
        key = (pose.w, pose.h, round(pose.angle / 15.0) * 15)
        surface = self._shadows.get(key)
        if surface is None:
            flat = pygame.Surface((pose.w, pose.h), pygame.SRCALPHA)
            pygame.draw.rect(flat, (0, 0, 0, 70), flat.get_rect(), border_radius=max(3, pose.w // 12))
            surface = pygame.transform.rotate(flat, key[2]) if key[2] else flat
            self._shadows[key] = surface
            while len(self._shadows) > 48:
                self._shadows.popitem(last=False)
        return surface

    def blit(
        self,
        target: pygame.Surface,
        card: Card | None,
        pose: Pose,
        base: tuple[int, int],
        flip: float = 1.0,
        shadow: float = 0.0,
    ) -> pygame.Rect:
        """Draw the card centred on the pose (with a shadow offset by ``shadow`` pixels); its screen rectangle."""
        if shadow > 0.0:
            shade = self.shadow(pose)
            target.blit(shade, shade.get_rect(center=(round(pose.x + shadow), round(pose.y + shadow))))
        picture = self.surface(card, pose, base, flip)
        rect = picture.get_rect(center=(round(pose.x), round(pose.y)))
        target.blit(picture, rect)
        return rect
