"""Table geometry: every card on screen at every size, seats counterclockwise, partners opposite, and every index that
must be read (trick cards, shown hands) uncovered at every window size and player count."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola.engine import Ruleset, RulesetError
from briscola.ui.core.layout import LIFT, MIN_SIZE, Point, Pose, TableLayout, seat_angle
from briscola.ui.table.state import hands_may_show


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


def test_the_briscola_lies_crosswise_under_the_talon_its_top_sticking_out() -> None:
    layout = TableLayout(1280, 800, 2)
    pose, talon = layout.briscola_pose, layout.talon_pose.bounds()
    assert pose.angle == 270.0  # a quarter turn right: the card's top, with its index, is the end that shows
    assert pose.bounds().x < talon.x + talon.w < pose.bounds().x + pose.bounds().w
    top_left = pose.corners()[0]
    assert top_left[0] > talon.x + talon.w and top_left[1] < pose.y


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


# ---------------------------------------------------------------------------------------------------- reading the cards

#: The windows the table must be readable in: the smallest it allows, common laptops, a full-HD screen.
WINDOWS = [MIN_SIZE, (1280, 800), (1366, 768), (1920, 1080)]


def _overlap(a: Sequence[Point], b: Sequence[Point], slack: float = 0.5) -> bool:
    """True when two convex shapes share more than a sliver (``slack`` pixels) of area (separating axes)."""
    for shape in (a, b):
        for i, (x0, y0) in enumerate(shape):
            x1, y1 = shape[(i + 1) % len(shape)]
            nx, ny = y0 - y1, x1 - x0
            length = math.hypot(nx, ny)
            if length == 0:
                continue
            nx, ny = nx / length, ny / length
            pa = [x * nx + y * ny for x, y in a]
            pb = [x * nx + y * ny for x, y in b]
            if min(max(pa), max(pb)) - max(min(pa), min(pb)) <= slack:
                return False
    return True


def test_the_overlap_check_sees_a_covered_corner_and_a_clear_one() -> None:
    under = Pose(100, 100, 60, 100)
    assert _overlap(under.index_corners(), Pose(110, 60, 60, 100).corners())  # a card just above, drawn over it
    assert not _overlap(under.index_corners(), Pose(100, 210, 60, 100).corners())  # one well below
    assert not _overlap(under.index_corners(), Pose(100, 100, 60, 100, 0).corners()[1:2] * 4)  # a point: no area
    turned = Pose(100, 100, 60, 100, 90.0)  # turned a quarter left, the index corner is at the bottom left
    (x, y) = turned.index_corners()[0]
    assert (round(x), round(y)) == (50, 130)


def _layouts(players: int) -> list[TableLayout]:
    """The table of ``players`` at every window of :data:`WINDOWS`, whichever seat the viewer takes."""
    return [TableLayout(w, h, players, bottom=bottom) for w, h in WINDOWS for bottom in range(players)]


@pytest.mark.parametrize("players", range(2, 7))
def test_no_trick_card_covers_another_cards_index_whoever_played_last(players: int) -> None:
    for layout in _layouts(players):
        cards = [layout.trick_pose(seat) for seat in range(players)]
        for a, under in enumerate(cards):
            for b, over in enumerate(cards):
                if a != b:
                    assert not _overlap(under.index_corners(), over.corners()), (layout, a, b)


def _hand_poses(layout: TableLayout, seat: int) -> list[Pose]:
    """Every place a card of ``seat``'s hand may rest: any count up to a full hand, hidden or held up, the viewer's
    with a card raised."""
    out = []
    for count in range(1, layout.hand_size + 1):
        for index in range(count):
            out.append(layout.hand_pose(seat, index, count))
            if seat == layout.bottom:
                pose = out[-1]
                out.append(Pose(pose.x, pose.y - pose.h * LIFT, pose.w, pose.h))
            else:
                out.append(layout.hand_pose(seat, index, count, shown=True))
    return out


@pytest.mark.parametrize("players", range(2, 7))
def test_the_hands_leave_every_trick_cards_index_in_view(players: int) -> None:
    for layout in _layouts(players):
        hands = [pose for seat in range(players) for pose in _hand_poses(layout, seat)]
        for seat in range(players):
            index = layout.trick_pose(seat).index_corners()
            assert not any(_overlap(index, card.corners()) for card in hands), (layout, seat)


def _forms() -> list[tuple[int, int]]:
    """Every (players, hand size) the engine plays where a hand may be seen (five players only sitting one out)."""
    out = []
    for players in range(2, 7):
        for hand_size in range(1, 21):
            try:
                rules = Ruleset(players=players, hand_size=hand_size, sit_out=players == 5)
            except RulesetError:
                continue
            if hands_may_show(rules):
                out.append((players, hand_size))
    return out


@pytest.mark.parametrize(("players", "hand_size"), _forms())
def test_a_shown_hand_is_upright_with_every_index_in_view(players: int, hand_size: int) -> None:
    for w, h in WINDOWS:
        layout = TableLayout(w, h, players, hand_size)
        others = {seat: _hand_poses(layout, seat) for seat in range(players)}
        for seat in range(1, players):
            for count in range(1, hand_size + 1):
                hand = [layout.hand_pose(seat, i, count, shown=True) for i in range(count)]
                assert all(card.angle == 0.0 and card.bounds().inside(w, h) for card in hand)
                assert hand[0].h > layout.small[1]  # bigger than a hidden hand: the index must be read
                for i, card in enumerate(hand):
                    index = card.index_corners()
                    later = hand[i + 1 :] + [p for s, poses in others.items() if s != seat for p in poses]
                    assert not any(_overlap(index, over.corners()) for over in later), (layout, seat, count, i)
