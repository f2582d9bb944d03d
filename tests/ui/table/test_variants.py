"""Forms with more than cards to choose: auctions and calls, the trump swap; hover, sounds, reduced motion."""

from __future__ import annotations

import random

import pygame
import pytest

from briscola.engine import Phase, Play
from briscola.ui.core.action_pages import PageTurn
from briscola.ui.overlays.results import HandResultScene, match_score_text
from briscola.ui.shots import autoplay_human
from tests.ui.helpers import FRAME, click, key, make_table


@pytest.mark.parametrize("variant", ["chiamata", "subastada", "scambio", "briscolone", "to31"])
def test_a_hand_of_each_form_is_played_with_buttons_and_cards(variant: str) -> None:
    app, table = make_table("--variant", variant, "--speed", "instant", "--seed", "8")
    try:
        pressed = 0
        for _ in range(60_000):
            if isinstance(app.top, HandResultScene):
                break
            if table.interactive and not pygame.event.peek():
                view = table.driver.view()
                if view.phase is Phase.PLAY:
                    legal = [a.card for a in view.legal if isinstance(a, Play)]
                    sprite = next(s for s in table.state.hands[0] if s.card in legal)
                    pose = table.state.pose(sprite)
                    click((pose.x, pose.y))
                elif table.buttons:
                    # The first move offered (a pass in an auction), not a turn of the bids' page.
                    button = next(b for b in table.buttons if not isinstance(b.value, PageTurn))
                    click(button.rect.center)
                    pressed += 1
            app.step(FRAME)
        assert isinstance(app.top, HandResultScene)
        if variant in ("chiamata", "subastada"):
            assert pressed >= 1  # the human bid or passed with a button
    finally:
        app.close()


def test_hover_lifts_a_card_of_the_human() -> None:
    app, table = make_table("--players", "2")
    try:
        for _ in range(2000):
            if table.interactive:
                break
            app.step(FRAME)
        sprite = table.state.hands[0][1]
        rest = table.state.pose(sprite).y
        pose = table.state.pose(sprite)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pose.x), round(pose.y)), rel=(0, 0), buttons=(0, 0, 0))
        )
        for _ in range(30):
            app.step(FRAME)
        assert table.state.pose(sprite).y < rest - 5
    finally:
        app.close()


def test_sounds_follow_the_play_and_reduced_motion_never_turns_cards_in_the_air() -> None:
    app, table = make_table("--players", "2", "--reduced-motion")
    try:
        turned = False
        for _ in range(20_000):
            if isinstance(app.top, HandResultScene):
                break
            if table.interactive and not pygame.event.peek():
                key(pygame.K_1)
            turned = turned or any(s.flip_scale() < 1.0 for s in table.state.sprites())
            app.step(FRAME)
        assert not turned
        played = set(app.sounds.played)
        assert {"flick", "gather"} <= played and played & {"won", "lost"}
    finally:
        app.close()


def test_the_match_score_after_a_hand_gives_each_seat_its_own_score_where_partners_differ() -> None:
    names = ["You", "Giulia", "Marco", "Sara", "Luca"]
    chiamata = match_score_text(names, ((0, 4), (1, 2, 3)), (1, -1, -1, -1, 2))
    assert chiamata == "You: 1, Luca: 2   Giulia & Marco & Sara: -1"  # the caller's 2 is not hidden behind "1"
    four = match_score_text(names[:4], ((0, 2), (1, 3)), (1, 0, 1, 0))
    assert four == "You & Marco: 1   Giulia & Sara: 0"


def test_a_chiamata_hands_result_shows_every_seats_match_score() -> None:
    app, table = make_table("--variant", "chiamata", "--speed", "instant", "--seed", "8")
    try:
        rng = random.Random(3)
        for _ in range(60_000):
            if isinstance(app.top, HandResultScene):
                break
            autoplay_human(table, rng)
            app.step(FRAME)
        scene = app.top
        assert isinstance(scene, HandResultScene)
        scores, sides, names = scene.event.match_scores, scene.event.result.sides, table.names
        text = match_score_text(names, sides, scores)
        callers = next(side for side in sides if len(side) == 2)  # the seed's caller found its partner
        assert {scores[seat] for seat in callers} == {1, 2}
        for seat in callers:
            assert f"{names[seat]}: {scores[seat]}" in text
        defenders = next(side for side in sides if len(side) == 3)
        assert f"{' & '.join(names[seat] for seat in defenders)}: -1" in text
    finally:
        app.close()
