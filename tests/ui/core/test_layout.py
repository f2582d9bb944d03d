"""Table geometry: every card on screen at every size, seats counterclockwise, partners opposite."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from briscola.ui.core.layout import MIN_SIZE, TableLayout, seat_angle


@given(
    players=st.integers(min_value=2, max_value=6),
    hand_size=st.sampled_from([3, 5, 8, 10]),
    width=st.integers(min_value=MIN_SIZE[0], max_value=3840),
    height=st.integers(min_value=MIN_SIZE[1], max_value=2160),
)
def test_every_pose_is_inside_the_window(players: int, hand_size: int, width: int, height: int) -> None:
    layout = TableLayout(width, height, players, hand_size)
    for pose in layout.all_poses():
        assert pose.bounds().inside(width, height), pose
    for seat in range(players):
        x, y = layout.label_point(seat)
        assert 0 <= x <= width and 0 <= y <= height


def test_seats_run_counterclockwise_from_the_human_at_the_bottom() -> None:
    layout = TableLayout(1280, 800, 4)
    bottom, right, top, left = (layout.seat_point(seat) for seat in range(4))
    assert bottom[1] > right[1] and bottom[1] > left[1] > top[1]
    assert right[0] > bottom[0] > left[0]
    assert abs(top[0] - bottom[0]) < 1  # the partner sits opposite


def test_partners_of_six_sit_at_alternate_seats() -> None:
    angles = [seat_angle(seat, 6) for seat in range(6)]
    assert angles[0] == 270.0
    assert sorted(angles[0::2]) == [30.0, 150.0, 270.0]  # 0, 2, 4: bottom, upper right, upper left


def test_the_trick_cards_do_not_hide_each_other_entirely() -> None:
    for players in range(2, 7):
        layout = TableLayout(1280, 800, players)
        centres = [(layout.trick_pose(s).x, layout.trick_pose(s).y) for s in range(players)]
        for i, a in enumerate(centres):
            for b in centres[i + 1 :]:
                assert abs(a[0] - b[0]) + abs(a[1] - b[1]) > layout.card[0] * 0.3


def test_the_briscola_lies_crosswise_under_the_talon() -> None:
    layout = TableLayout(1280, 800, 2)
    assert layout.briscola_pose.angle == 90.0
    assert layout.talon_pose.bounds().x < layout.briscola_pose.bounds().x + layout.briscola_pose.bounds().w


@given(
    players=st.integers(min_value=2, max_value=6),
    bottom=st.integers(min_value=0, max_value=5),
    width=st.integers(min_value=MIN_SIZE[0], max_value=2560),
    height=st.integers(min_value=MIN_SIZE[1], max_value=1600),
)
def test_the_players_seat_is_drawn_at_the_bottom_whichever_it_is(
    players: int, bottom: int, width: int, height: int
) -> None:
    bottom %= players
    layout = TableLayout(width, height, players, bottom=bottom)
    plain = TableLayout(width, height, players)
    for seat in range(players):
        moved = (seat - bottom) % players  # the table turns round: each seat where the one so far from 0 was
        assert layout.hand_pose(seat, 0, 3) == plain.hand_pose(moved, 0, 3)
        assert layout.label_point(seat) == plain.label_point(moved)
        trick, where = layout.trick_pose(seat), plain.trick_pose(moved)  # each card keeps its own small tilt
        assert (trick.x, trick.y) == (where.x, where.y)
        assert layout.pile_pose(seat) == plain.pile_pose(moved)
    assert layout.hand_pose(bottom, 0, 3).w == layout.card[0]  # big cards, face on, at the bottom
    assert layout.seat_point(bottom)[1] > max(layout.seat_point(s)[1] for s in range(players) if s != bottom)
    for pose in layout.all_poses():
        assert pose.bounds().inside(width, height), pose


def test_a_player_who_sits_at_another_seat_sees_their_hand_at_the_bottom() -> None:
    from briscola.engine import preset
    from briscola.ui.launcher import build_title, start_match
    from briscola.ui.options import Options, parse_options
    from tests.ui.helpers import FRAME, step_until

    options = parse_options(["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai"])
    assert isinstance(options, Options)
    app = build_title(options)
    try:
        app.step(FRAME)
        table = start_match(app, preset("four"), ("medio", "medio", "human", "medio"), 3, "four")
        step_until(app, lambda: table.interactive)
        mine = table.state.hands[2]
        assert mine and all(sprite.face_up for sprite in mine)
        lowest = max(
            table.state.pose(sprite).y for hand in table.state.hands[:2] + table.state.hands[3:] for sprite in hand
        )
        assert all(table.state.pose(sprite).y > lowest for sprite in mine)
        assert table.state.pose(mine[0]).w == table.layout.card[0]
    finally:
        app.close()
