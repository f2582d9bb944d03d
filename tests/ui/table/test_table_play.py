"""Whole hands played through synthetic clicks and keys, for 2, 3, 4 and 6 players, checked against the engine."""

from __future__ import annotations

import pygame
import pytest

from briscola.engine import Phase, Play
from briscola.engine.events import CardPlayed
from briscola.ui.app import App
from briscola.ui.overlays.results import HandResultScene, MatchSummaryScene
from briscola.ui.table.scene import TableScene
from briscola.ui.table.sprites import CardSprite
from tests.ui.helpers import FRAME, click, key, make_table, step_until


def dragging(sprite: CardSprite) -> bool:
    """Whether the sprite is being dragged (a function, so the type checker doesn't pin it between frames)."""
    return sprite.drag is not None


def top(app: App) -> object:
    """The app's top scene, read afresh."""
    return app.top


def assert_scene_matches_engine(table: TableScene) -> None:
    """What the table shows is what the engine says: hand, trick, talon count, trump card, hand sizes."""
    view = table.driver.view()
    shown = table.state.snapshot()
    assert shown.hand == view.hand
    assert shown.trick == tuple(card for _, card in view.trick)
    assert shown.talon_size == view.talon_size
    assert shown.hand_sizes == view.hand_sizes
    if view.briscola_in_talon:
        assert shown.briscola == view.briscola
    else:
        assert shown.briscola is None
    assert sum(shown.pile_counts) == sum(len(pile) for pile in view.captured)


def play_one_hand(table: TableScene, how: str) -> None:
    """Play the human's cards until the hand's result shows, with clicks (``click``), keys or arrows."""
    app = table.app
    plays = checks = 0
    for _ in range(60_000):
        if isinstance(app.top, HandResultScene):
            break
        if table.interactive and not pygame.event.peek():
            assert_scene_matches_engine(table)
            view = table.driver.view()
            legal = [a.card for a in view.legal if isinstance(a, Play)]
            hand = table.state.hands[0]
            index = next(i for i, s in enumerate(hand) if s.card in legal)
            if how == "click":
                click((table.state.pose(hand[index]).x, table.state.pose(hand[index]).y))
            elif how == "keys":
                key(pygame.K_1 + index)
            else:
                for _ in range(index + 1):
                    key(pygame.K_RIGHT)
                key(pygame.K_RETURN)
            plays += 1
        app.step(FRAME)
        if table.choreo.idle and app.top is table:
            assert_scene_matches_engine(table)  # whenever the table is still, it shows what the engine says
            checks += 1
    assert isinstance(app.top, HandResultScene), "the hand did not end"
    assert checks > 50
    assert plays == table.driver.rules.hand_size + (
        (len(table.driver.rules.deck) - table.driver.rules.players * table.driver.rules.hand_size)
        // table.driver.rules.players
    )


@pytest.mark.parametrize(("players", "how"), [(2, "click"), (3, "keys"), (4, "arrows"), (6, "click")])
def test_a_whole_hand_is_played_through_input(players: int, how: str) -> None:
    app, table = make_table("--players", str(players))
    try:
        play_one_hand(table, how)
        result = table.driver.hand_results[-1]
        assert sum(result.side_points) == 120
        assert table.driver.game.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
        key(pygame.K_RETURN)  # skip the counting
        key(pygame.K_RETURN)  # next hand
        step_until(app, lambda: not isinstance(app.top, HandResultScene))
        if table.driver.match_over is None:
            step_until(app, lambda: table.driver.game.hand_no == 2)
    finally:
        app.close()


def test_input_during_an_animation_is_ignored() -> None:
    app, table = make_table("--players", "2")
    try:
        step_until(app, lambda: table.interactive)
        hand = table.state.hands[0]
        first = table.state.pose(hand[0])
        click((first.x, first.y))
        app.step(FRAME)
        assert not table.interactive
        # Clicks and keys while the card flies: none may play a second card.
        for _ in range(5):
            others = [s for s in table.state.hands[0]]
            if others:
                pose = table.state.pose(others[0])
                click((pose.x, pose.y))
            key(pygame.K_1)
            key(pygame.K_RETURN)
            app.step(FRAME)

        def settled() -> bool:
            return table.interactive or isinstance(app.top, HandResultScene)

        step_until(app, settled)
        mine = [e for e in table.driver.game.log if isinstance(e, CardPlayed) and e.seat == 0]
        assert len(mine) == 1
    finally:
        app.close()


def test_a_card_dragged_to_the_table_is_played_and_one_dropped_back_is_not() -> None:
    app, table = make_table("--players", "2")
    try:
        step_until(app, lambda: table.interactive)
        sprite = table.state.hands[0][0]
        pose = table.state.pose(sprite)
        start = (round(pose.x), round(pose.y))
        post = pygame.event.post
        # Dragged a little sideways and dropped in the hand: nothing is played, the card goes home.
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1]), rel=(30, 0), buttons=(1, 0, 0)))
        app.step(FRAME)
        assert dragging(sprite)
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 30, start[1]), button=1))
        app.step(FRAME)
        assert not dragging(sprite) and table.driver.awaiting_human
        step_until(app, lambda: table.interactive)
        # Dragged onto the trick: played.
        centre = table.layout.centre
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(round(centre[0]), round(centre[1])), rel=(0, 0), buttons=(1, 0, 0)
            )
        )
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(centre[0]), round(centre[1])), button=1))
        app.step(FRAME)
        assert any(isinstance(e, CardPlayed) and e.seat == 0 for e in table.driver.game.log)
    finally:
        app.close()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_resize_mid_hand_keeps_every_card_on_screen(players: int) -> None:
    app, table = make_table("--players", str(players))
    try:
        step_until(app, lambda: table.interactive)
        click((table.state.pose(table.state.hands[0][0]).x, table.state.pose(table.state.hands[0][0]).y))
        for _ in range(8):  # mid-animation
            app.step(FRAME)
        for size in ((960, 600), (1920, 1080), (1000, 900), (700, 400)):
            app.resize(size)
            app.step(FRAME)
            width, height = app.size
            assert width >= 960 and height >= 600
            for sprite in table.state.sprites():
                box = table.state.pose(sprite).bounds()
                assert box.inside(width, height, slack=2.0), (size, sprite.zone, box)
            assert table.layout.talon_pose.bounds().inside(width, height)
    finally:
        app.close()


def test_escape_pauses_and_resumes_and_l_shows_the_last_trick() -> None:
    app, table = make_table("--players", "2")
    try:
        step_until(app, lambda: table.interactive)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        from briscola.ui.overlays.pause import LastTrickScene, PauseScene

        assert isinstance(app.top, PauseScene)
        clock = table.clock
        for _ in range(10):
            app.step(FRAME)
        assert table.clock == clock  # the table gets no time while paused
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert top(app) is table

        # play until a trick is taken, then ask for it
        def trick_taken() -> bool:
            if table.interactive:
                key(pygame.K_1)
            return bool(table.state.last_trick) and table.choreo.idle

        step_until(app, trick_taken)
        key(pygame.K_l)
        app.step(FRAME)
        assert isinstance(app.top, LastTrickScene)
        key(pygame.K_SPACE)
        app.step(FRAME)
        assert top(app) is table
    finally:
        app.close()


def test_a_whole_match_ends_with_its_summary() -> None:
    app, table = make_table("--players", "2", "--speed", "instant")
    try:

        def progress() -> bool:
            if isinstance(app.top, MatchSummaryScene):
                return True
            if table.interactive:
                key(pygame.K_1)
            elif isinstance(app.top, HandResultScene):
                key(pygame.K_RETURN)
            return False

        step_until(app, progress, 60_000)
        assert table.driver.match_over is not None
        summary = app.top
        assert isinstance(summary, MatchSummaryScene)
        assert "match" in summary.title()
        key(pygame.K_RETURN)  # new game
        app.step(FRAME)
        assert app.top is table and table.driver.match_over is None
    finally:
        app.close()


def test_f11_and_a_new_game_mid_thought_are_harmless() -> None:
    app, table = make_table("--players", "2", "--ai-delay", "0.5")
    try:
        key(pygame.K_F11)
        app.step(FRAME)
        assert app.size[0] >= 960

        def thinking() -> bool:
            return table.driver.thinking_seat is not None

        step_until(app, thinking)
        table.new_match(seed=99)
        step_until(app, lambda: table.interactive or table.driver.thinking_seat is not None)
        assert table.driver.game.seed == 99 and table.driver.game.hand_no == 1
    finally:
        app.close()
