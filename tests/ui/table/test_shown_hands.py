"""Hands the viewer may see are drawn to be read: upright, bigger than a hidden hand, every index in view.

Open briscola shows the opponent's hand from the deal; four players with the signs show partners' hands once the
talon is out. The layout's rectangles are tested in tests/ui/core/test_layout.py; here the table puts the sprites
there, and turning a partner's hand up slides its cards from where they lay.
"""

from __future__ import annotations

import itertools
import random

from briscola.ui.core.layout import INDEX_CORNER, Pose
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import make_table, step_until


def _held_up(table: TableScene, seat: int) -> list[Pose]:
    """Where ``seat``'s cards are drawn now, checked to be upright, at the shown size, every index in view."""
    poses = [table.state.pose(sprite) for sprite in table.state.hands[seat]]
    assert poses
    for pose, after in itertools.pairwise(poses):  # each card is drawn over the one before it
        assert after.x - pose.x >= pose.w * INDEX_CORNER[0] or after.y - pose.y >= pose.h * INDEX_CORNER[1]
    assert all(pose.angle == 0.0 and (pose.w, pose.h) == table.layout.shown_card for pose in poses)
    return poses


def test_open_briscola_shows_the_opponents_hand_upright_and_spread() -> None:
    app, table = make_table("--variant", "open", "--size", "960x600")
    try:
        step_until(app, lambda: table.interactive)
        assert all(sprite.face_up and sprite.card is not None for sprite in table.state.hands[1])
        poses = _held_up(table, 1)
        assert len(poses) >= 2 and poses[0].y < table.layout.centre[1]  # a row at the top
        assert poses[1].x - poses[0].x >= poses[0].w * 0.6  # more than half of each card shows
    finally:
        app.close()


def test_a_partners_hand_shown_at_the_end_turns_up_where_it_lay_and_is_held_up() -> None:
    app, table = make_table("--variant", "four-signals", "--speed", "normal")
    try:
        rng = random.Random(3)
        partner = 2
        hidden: list[Pose] = []

        def shown_now() -> bool:
            autoplay_human(table, rng)
            if not table.state.shown(partner):
                hidden[:] = [table.state.pose(sprite) for sprite in table.state.hands[partner]]
            return table.state.shown(partner)

        step_until(app, shown_now, max_frames=60_000)
        assert hidden and all(pose.angle == 180.0 for pose in hidden)  # turned to the table until then
        starts = [sprite.motion.start for sprite in table.state.hands[partner] if sprite.motion is not None]
        assert starts == hidden  # every card slides from where it lay, none jumps
        step_until(app, lambda: not table.state.busy)
        _held_up(table, partner)
    finally:
        app.close()
