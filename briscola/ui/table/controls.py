"""The human's input at the table: click or drag a card, keys 1-9, arrows and Enter, a chosen card confirmed by a
second click or key, the action buttons, Esc for the pause menu, L (or a click on a pile) for the last trick, U (or
Ctrl+Z, or the "Take back" button of a practice match) to take back the last move, H (or the Hint button) for the
coach's hint.

A card dropped on the table counts as a click on it: with "confirm before playing" on, it goes back to the hand
lifted and asks, like a first click (a drag can be a slip of the hand as easily as a click can); dropped again, or
clicked, it is played.

Kept apart from :mod:`briscola.ui.table.scene`, as the drawing is in :mod:`briscola.ui.table.draw`, so the scene's logic
and the ways a player can move each stay small. The scene keeps the state (the chosen card, the card under the mouse
or held, the buttons) and decides when input counts (:attr:`Table.interactive`: nothing moving, the human to
move), so a card can't be played twice; what is here turns events into that state and into moves, handed to
:meth:`Table.play` and :meth:`Table.submit`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from briscola.engine import Declare, Play
from briscola.text.i18n import _
from briscola.ui.core.action_pages import PageTurn
from briscola.ui.core.layout import Pose
from briscola.ui.widgets.basic import Button, move_focus

if TYPE_CHECKING:
    from briscola.ui.table.protocol import Table
    from briscola.ui.table.sprites import CardSprite

__all__ = ["TAKE_BACK", "TakeBack", "card_at", "choose", "handle_event"]


class TakeBack:
    """The value of the "Take back" button, shown with the action buttons when a move can be taken back."""


TAKE_BACK = TakeBack()

_HAND_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
_HAND_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)})


def handle_event(scene: Table, event: pygame.event.Event) -> None:
    """One input event at ``scene``: a key, the mouse moving, a left button pressed or released, a right click."""
    if event.type == pygame.KEYDOWN:
        mod = getattr(event, "mod", 0)
        if event.key == pygame.K_u or (event.key == pygame.K_z and mod & pygame.KMOD_CTRL):
            scene.take_back()  # whoever is to move: the computer's answer in flight is taken back too
            return
        _key(scene, event.key, bool(mod & pygame.KMOD_SHIFT))
    elif event.type == pygame.MOUSEMOTION:
        _motion(scene, event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        _press(scene, event.pos)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        _release(scene, event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        scene.selected = -1  # a right click puts a chosen card back


def _key(scene: Table, key: int, shifted: bool = False) -> None:
    if key == pygame.K_ESCAPE and scene.awaiting_confirmation:
        scene.selected = -1  # Esc first puts the chosen card back; a second Esc pauses
        return
    if key == pygame.K_ESCAPE:
        scene.pause()
        return
    if key == pygame.K_l:
        scene.show_last_trick()
        return
    if key == pygame.K_h:
        scene.hint()
        return
    if not scene.interactive:
        return
    if scene.buttons and (key == pygame.K_TAB or key in (pygame.K_UP, pygame.K_DOWN)):
        _focus_button(scene, -1 if key == pygame.K_UP or (key == pygame.K_TAB and shifted) else 1)
        return
    hand = scene.state.hands[scene.driver.viewer]
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.selected < 0 and scene.button_focus is not None:
        press_button(scene, scene.buttons[scene.button_focus])
        return
    if key in _HAND_KEYS and _HAND_KEYS[key] < len(hand):
        choose(scene, hand[_HAND_KEYS[key]])  # the n-th card on screen, whatever order the hand is kept in
    elif key in (pygame.K_RIGHT, pygame.K_LEFT) and hand:
        step = 1 if key == pygame.K_RIGHT else -1
        scene.selected = (
            (scene.selected + step) % len(hand) if scene.selected >= 0 else (0 if step > 0 else len(hand) - 1)
        )
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and 0 <= scene.selected < len(hand):
        scene.play(hand[scene.selected])


def card_at(scene: Table, pos: tuple[int, int]) -> CardSprite | None:
    """The human's card under ``pos`` (the top-most one)."""
    for sprite in reversed(scene.state.hands[scene.driver.viewer]):
        if scene.state.pose(sprite).bounds().contains(*pos):
            return sprite
    return None


def _motion(scene: Table, pos: tuple[int, int]) -> None:
    if scene.pressed is not None:
        sprite, start, grab = scene.pressed
        if math.hypot(pos[0] - start[0], pos[1] - start[1]) > 6:
            sprite.drag = (pos[0] - grab[0], pos[1] - grab[1])
        return
    scene.hover = card_at(scene, pos) if scene.interactive else None
    for button in scene.buttons:
        button.hot = button.hit(pos)
    if scene.coach_marks.button is not None:
        scene.coach_marks.button.hot = scene.coach_marks.button.hit(pos)


def _focus_button(scene: Table, step: int) -> None:
    """Tab, Shift+Tab, Up or Down: the focus to the next (or the previous) action button, drawn with the focus ring;
    the table explains the focused button (:mod:`briscola.ui.table.action_help`) until the pointer moves onto one."""
    scene.button_focus = move_focus(scene.buttons, scene.button_focus, step)
    for index, button in enumerate(scene.buttons):
        button.focused = index == scene.button_focus
        button.hot = False  # the keyboard takes over from a pointer resting on a button, and so does the explanation


def press_button(scene: Table, button: Button) -> None:
    """An action button clicked, or pressed with Enter: its move goes to the match, or the bids turn a page.

    A move that ends the hand at once (declaring 31: a wrong claim loses it) asks first: the first press turns the
    button into the question, the second makes the move. The question says nothing of the points, which to-31 hides.
    """
    if isinstance(button.value, PageTurn):
        scene.turn_bid_page(button.value.step)
    elif isinstance(button.value, TakeBack):
        scene.take_back()
    elif isinstance(button.value, Declare) and not button.armed:
        button.armed = True
        button.label = _("Declare 31? Press again")
    else:
        scene.submit(button.value)  # type: ignore[arg-type]


def _press(scene: Table, pos: tuple[int, int]) -> None:
    hint = scene.coach_marks.button
    if hint is not None and hint.hit(pos):
        scene.hint()
        return
    for button in scene.buttons:
        if button.hit(pos) and scene.interactive:
            press_button(scene, button)
            return
    for owner in scene.state.pile_owners():
        if scene.state.pile_counts[owner] and scene.layout.pile_pose(owner).bounds().contains(*pos):
            scene.show_last_trick()
            return
    if not scene.interactive:
        return
    sprite = card_at(scene, pos)
    if sprite is not None:
        pose = scene.state.pose(sprite)
        scene.pressed = (sprite, pos, (pos[0] - pose.x, pos[1] - pose.y))


def _release(scene: Table, pos: tuple[int, int]) -> None:
    if scene.pressed is None:
        return
    sprite, start, _grab = scene.pressed
    scene.pressed = None
    dragged = sprite.drag is not None
    on_table = scene.layout.trick_area.contains(*pos) or start[1] - pos[1] > scene.layout.card[1] * 0.6
    if (on_table or not dragged) and scene.interactive and choose(scene, sprite):
        return  # a drop on the table is a click: played at once, or (confirming) chosen and asked about
    if sprite.drag is not None:
        home = scene.state.home(sprite)
        start_pose = Pose(sprite.drag[0], sprite.drag[1], home.w, home.h)
        sprite.drag = None
        sprite.move(start_pose, 0.2 * max(scene.config.speed_factor, 0.25))


def choose(scene: Table, sprite: CardSprite) -> bool:
    """A click or number key on ``sprite``: play it, or with confirmation on choose it first; True when played.

    Confirming: the first choice lifts and rings the card and asks for a second; the same card again plays it,
    another card moves the choice. A card the rules forbid is tried at once, so the reason shows straight away.
    """
    hand = scene.state.hands[scene.driver.viewer]
    if not scene.confirm_play or sprite not in hand or not scene.interactive:
        return scene.play(sprite)
    index = hand.index(sprite)
    if index == scene.selected or not _legal(scene, sprite):
        return scene.play(sprite)
    scene.selected = index
    return False


def _legal(scene: Table, sprite: CardSprite) -> bool:
    return any(isinstance(action, Play) and action.card == sprite.card for action in scene.view.legal)
