"""The table follows the player's display settings: card back, sorted hand, confirming a card, running points; the
settings scene sets the window's size and full screen; a wrong value in a settings file is told in the game.

Every test drives the real app headless through ``app.step`` with synthetic input, and reads the engine to check that
a preference changed only the picture (or, for confirmation, how many actions reach the engine). Just over 400 lines:
one test per display setting, each short.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from briscola.engine import Action, Play
from briscola.text.i18n import _
from briscola.ui.app import App
from briscola.ui.assets.cards import back_path, rasterise
from briscola.ui.overlays.pause import PauseScene
from briscola.ui.overlays.results import HandResultScene
from briscola.ui.shots import autoplay_human
from briscola.ui.table.scene import TableScene
from briscola.ui.table.state import hand_order
from tests.ui.helpers import FRAME, click, key, make_table, step_until


@contextmanager
def table(*flags: str, settings: dict[str, object] | None = None) -> Iterator[tuple[App, TableScene]]:
    """A table for ``flags`` whose player has chosen ``settings`` (saved through the store, as the menus do)."""
    app, scene = make_table(*flags)
    try:
        if settings:
            assert app.store is not None
            assert app.store.change(settings) == []
        app.step(FRAME)
        yield app, scene
    finally:
        app.close()


def top(app: App) -> object:
    """The app's top scene, read afresh (a function, so the type checker doesn't pin it between frames)."""
    return app.top


def full_screen(app: App) -> bool:
    """Whether the app says it is in full screen and the display really is (the flags of the window's surface)."""
    surface = pygame.display.get_surface()
    assert surface is not None
    really = bool(surface.get_flags() & pygame.FULLSCREEN)
    assert app.fullscreen == really
    return really


def my_turn(app: App, scene: TableScene) -> None:
    step_until(app, lambda: scene.interactive)


def shown_order(scene: TableScene) -> list[object]:
    """The human's cards from left to right as drawn on screen (by where they are, not by any list)."""
    hand = scene.state.hands[scene.driver.viewer]
    return [sprite.card for sprite in sorted(hand, key=lambda sprite: scene.state.home(sprite).x)]


def spy_submit(scene: TableScene) -> list[Action]:
    """Record every action the table hands to the engine (the real submit still runs)."""
    sent: list[Action] = []
    real = scene.driver.submit

    def submit(action: Action) -> str | None:
        sent.append(action)
        return real(action)

    scene.driver.submit = submit  # type: ignore[method-assign]
    return sent


# ---------------------------------------------------------------------------------------------------- the card back


def _card_pixels_match(screen: pygame.Surface, scene: TableScene, picture: pygame.Surface) -> bool:
    """Whether the last card of the left-hand player's hand shows ``picture`` (turned as the seat's cards are)."""
    sprite = scene.state.hands[3][-1]
    pose = scene.state.pose(sprite)
    expected = pygame.transform.rotate(picture, pose.angle)
    rect = expected.get_rect(center=(round(pose.x), round(pose.y)))
    inner = [(x, y) for x in range(rect.w // 4, rect.w * 3 // 4, 5) for y in range(rect.h // 4, rect.h * 3 // 4, 5)]
    return all(screen.get_at((rect.x + x, rect.y + y)) == expected.get_at((x, y)) for x, y in inner)


def test_face_down_cards_use_the_chosen_back_and_follow_a_change_at_once() -> None:
    with table("--players", "4", settings={"display.back": ""}) as (app, scene):
        my_turn(app, scene)
        size = (scene.layout.small[0], scene.layout.small[1])
        own = rasterise(scene.renderer.deck.manifest.back.read_bytes(), size)
        tartan = rasterise(back_path("tartan-green").read_bytes(), size)
        app.step(FRAME)
        assert _card_pixels_match(app.screen, scene, own)
        assert not _card_pixels_match(app.screen, scene, tartan)

        assert app.store is not None and app.store.change({"display.back": "tartan-green"}) == []
        app.step(FRAME)
        assert _card_pixels_match(app.screen, scene, tartan)
        assert not _card_pixels_match(app.screen, scene, own)
        # The talon is drawn from the same back, at the big cards' size.
        assert scene.renderer.deck.back_file == back_path("tartan-green")
        big = scene.layout.card
        assert pygame.image.tobytes(scene.renderer.deck.back(big), "RGBA") == pygame.image.tobytes(
            rasterise(back_path("tartan-green").read_bytes(), big), "RGBA"
        )

        assert app.store.change({"display.back": ""}) == []  # empty: the deck's own again
        app.step(FRAME)
        assert _card_pixels_match(app.screen, scene, own)


def test_a_back_file_that_cannot_be_drawn_falls_back_to_the_decks_own(tmp_path: Path) -> None:
    with table("--players", "2") as (_app, scene):
        deck = scene.renderer.deck
        broken = tmp_path / "broken.svg"
        broken.write_text("not svg at all", encoding="utf-8")
        deck.use_back(broken)
        picture = deck.back((60, 99))
        assert deck.back_file == deck.manifest.back
        expected = rasterise(deck.manifest.back.read_bytes(), (60, 99))
        assert pygame.image.tobytes(picture, "RGBA") == pygame.image.tobytes(expected, "RGBA")


# ---------------------------------------------------------------------------------------------------- sorted hand


def _play_hand_checking(app: App, scene: TableScene, check: Callable[[], None]) -> int:
    """Play the human's moves (a greedy choice, through the same path as a click) until the hand's result shows,
    running ``check`` whenever the human is to move; how many times it ran."""
    rng = random.Random(5)
    checks = 0
    for _frame in range(60_000):
        if isinstance(app.top, HandResultScene):
            return checks
        if scene.interactive:
            check()
            checks += 1
            autoplay_human(scene, rng)
        app.step(FRAME)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("variant", ["classic", "scambio", "four"])
def test_a_sorted_hand_is_grouped_by_suit_with_trumps_last_and_the_engine_keeps_its_order(variant: str) -> None:
    with table("--variant", variant, settings={"display.sort_hand": True}) as (app, scene):
        differed = 0

        def check() -> None:
            nonlocal differed
            view = scene.driver.view()
            trump = scene.state.trump
            expected = sorted(view.hand, key=lambda card: hand_order(card, trump))
            assert shown_order(scene) == expected
            assert [s.card for s in scene.state.hands[0]] == expected  # keys 1-9 read this list: the screen's order
            assert scene.state.snapshot().hand == view.hand  # the engine's order, untouched
            differed += list(view.hand) != expected

        assert _play_hand_checking(app, scene, check) >= 10
        assert differed > 0, "the deals never needed sorting: the test proved nothing"


def test_an_unsorted_hand_keeps_the_order_drawn() -> None:
    with table("--players", "2", settings={"display.sort_hand": False}) as (app, scene):

        def check() -> None:
            view = scene.driver.view()
            assert shown_order(scene) == list(view.hand)

        assert _play_hand_checking(app, scene, check) >= 10


def test_turning_sorting_on_reorders_the_hand_at_once_and_keys_follow_the_screen() -> None:
    for seed in range(11, 40):  # a deal whose first hand is not already in order
        app, scene = make_table("--players", "2", "--seed", str(seed))
        try:
            assert app.store is not None
            app.store.change({"display.sort_hand": False})
            my_turn(app, scene)
            view = scene.driver.view()
            trump = scene.state.trump
            expected = sorted(view.hand, key=lambda card: hand_order(card, trump))
            if list(view.hand) == expected:
                continue
            assert shown_order(scene) == list(view.hand)
            app.store.change({"display.sort_hand": True})
            app.step(FRAME)
            assert not scene.choreo.idle  # the cards slide to their new places
            my_turn(app, scene)
            assert shown_order(scene) == expected
            assert scene.driver.view().hand == view.hand  # only the picture moved
            sent = spy_submit(scene)
            key(pygame.K_3)  # the third card from the left on screen
            app.step(FRAME)
            assert sent == [Play(expected[2])]
            return
        finally:
            app.close()
    raise AssertionError("no seed dealt an unsorted hand")


# ---------------------------------------------------------------------------------------------------- confirm play


def test_confirming_a_card_takes_two_actions_and_the_engine_gets_one_play() -> None:
    with table("--players", "2", settings={"display.confirm_play": True}) as (app, scene):
        my_turn(app, scene)
        sent = spy_submit(scene)
        hand = scene.state.hands[0]
        first, second = hand[0], hand[1]

        def at(sprite: object) -> tuple[float, float]:
            pose = scene.state.pose(sprite)  # type: ignore[arg-type]
            return (pose.x, pose.y)

        click(at(first))
        app.step(FRAME)
        assert sent == [] and scene.selected == 0 and scene.awaiting_confirmation
        for _ in range(30):
            app.step(FRAME)
        assert first.lift > 0.9  # lifted and waiting
        click(at(second))  # another card: the choice moves, nothing is played
        app.step(FRAME)
        assert sent == [] and scene.selected == 1
        key(pygame.K_ESCAPE)  # Esc puts it back rather than pausing
        app.step(FRAME)
        assert sent == [] and scene.selected == -1 and top(app) is scene
        key(pygame.K_2)
        app.step(FRAME)
        assert sent == [] and scene.selected == 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))  # a right click
        app.step(FRAME)
        assert sent == [] and scene.selected == -1
        key(pygame.K_ESCAPE)  # nothing chosen: Esc pauses as ever
        app.step(FRAME)
        assert isinstance(top(app), PauseScene)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert top(app) is scene

        card = second.card
        key(pygame.K_2)
        app.step(FRAME)
        assert sent == []
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert card is not None and sent == [Play(card)]
        assert card not in scene.driver.view().hand

        my_turn(app, scene)  # next turn: a second click on the same card plays it
        sent.clear()
        sprite = scene.state.hands[0][0]
        click(at(sprite))
        app.step(FRAME)
        assert sent == []
        click(at(sprite))
        app.step(FRAME)
        assert sprite.card is not None and sent == [Play(sprite.card)]


def drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    """Post a drag of the left button from ``start`` to ``end`` and its release there."""
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def test_with_confirmation_a_card_dropped_on_the_table_is_lifted_and_asked_about_like_a_click() -> None:
    with table("--players", "2", settings={"display.confirm_play": True}) as (app, scene):
        my_turn(app, scene)
        sent = spy_submit(scene)
        sprite = scene.state.hands[0][0]
        pose = scene.state.pose(sprite)
        start = (round(pose.x), round(pose.y))
        centre = (round(scene.layout.centre[0]), round(scene.layout.centre[1]))
        drag(start, centre)
        app.step(FRAME)
        assert sent == [] and scene.selected == 0  # chosen, not played
        assert sprite.drag is None and sprite in scene.state.hands[0]  # back to the hand, and up
        for _ in range(30):
            app.step(FRAME)
        assert sprite.lift > 0.9 and not sprite.moving and scene.awaiting_confirmation
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert sprite.card is not None and sent == [Play(sprite.card)]

        my_turn(app, scene)  # dropped twice: the second drop is the confirmation
        sent.clear()
        sprite = scene.state.hands[0][0]
        for _ in range(2):
            pose = scene.state.pose(sprite)
            drag((round(pose.x), round(pose.y)), centre)
            app.step(FRAME)
            for _ in range(30):
                if sent:
                    break
                app.step(FRAME)
        assert sprite.card is not None and sent == [Play(sprite.card)]


def test_without_confirmation_a_card_dropped_on_the_table_is_played_at_once() -> None:
    with table("--players", "2", settings={"display.confirm_play": False}) as (app, scene):
        my_turn(app, scene)
        sent = spy_submit(scene)
        sprite = scene.state.hands[0][0]
        pose = scene.state.pose(sprite)
        drag((round(pose.x), round(pose.y)), (round(scene.layout.centre[0]), round(scene.layout.centre[1])))
        app.step(FRAME)
        assert sprite.card is not None and sent == [Play(sprite.card)]


def test_without_confirmation_one_click_plays() -> None:
    with table("--players", "2", settings={"display.confirm_play": False}) as (app, scene):
        my_turn(app, scene)
        sent = spy_submit(scene)
        sprite = scene.state.hands[0][0]
        pose = scene.state.pose(sprite)
        click((pose.x, pose.y))
        app.step(FRAME)
        assert sprite.card is not None and sent == [Play(sprite.card)]


# ---------------------------------------------------------------------------------------------------- running points


@contextmanager
def drawn_texts(monkeypatch: pytest.MonkeyPatch, module: str) -> Iterator[list[str]]:
    """The texts ``module`` draws with ``draw_text`` from now on."""
    import importlib

    target = importlib.import_module(module)
    real: Callable[..., pygame.Rect] = target.draw_text
    texts: list[str] = []

    def recording(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(target, "draw_text", recording)
    yield texts


@pytest.mark.parametrize("players", [2, 4])
def test_running_points_are_shown_per_side_and_add_up_to_the_hand(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    with (
        table("--players", str(players), settings={"display.show_running_points": True}) as (app, scene),
        drawn_texts(monkeypatch, "briscola.ui.table.draw") as texts,
    ):
        assert scene.running_points
        seen_nonzero = False

        def check() -> None:
            nonlocal seen_nonzero
            game = scene.driver.game
            texts.clear()
            app.draw()
            shown = 0
            for owner in scene.state.pile_owners():
                side = [s for s in range(players) if scene.state.pile_owner(s) == owner]
                points = sum(game.points[s] + game.meld_points[s] for s in side)
                assert scene.state.pile_points[owner] == points
                if scene.state.pile_counts[owner]:  # a badge labels a pile: none beside a spot still empty
                    assert _("Points: {points}").format(points=points) in texts
                    shown += 1
                seen_nonzero = seen_nonzero or points > 0
            assert sum(1 for text in texts if text.startswith(_("Points: {points}").split("{")[0])) == shown

        _play_hand_checking(app, scene, check)
        assert seen_nonzero
        result = scene.driver.hand_results[-1]
        for side, points in zip(result.sides, result.side_points, strict=True):
            assert scene.state.pile_points[scene.state.pile_owner(side[0])] == points


def test_running_points_are_hidden_when_not_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    with (
        table("--players", "2", settings={"display.show_running_points": False}) as (app, scene),
        drawn_texts(monkeypatch, "briscola.ui.table.draw") as texts,
    ):
        rng = random.Random(2)

        def later() -> bool:
            autoplay_human(scene, rng)
            return scene.driver.game.tricks_played >= 2 and scene.interactive

        step_until(app, later)
        texts.clear()
        app.draw()
        assert not scene.running_points and any(scene.state.pile_counts)
        assert not any(text.startswith(_("Points: {points}").split("{")[0]) for text in texts)


def test_running_points_are_never_shown_in_briscola_to_31(monkeypatch: pytest.MonkeyPatch) -> None:
    with (
        table("--variant", "to31", settings={"display.show_running_points": True}) as (app, scene),
        drawn_texts(monkeypatch, "briscola.ui.table.draw") as texts,
    ):
        assert scene.driver.rules.to_31
        rng = random.Random(2)

        def later() -> bool:
            autoplay_human(scene, rng)
            return scene.driver.game.tricks_played >= 3 and scene.choreo.idle

        step_until(app, later)
        texts.clear()
        app.draw()
        assert not scene.running_points
        assert any(scene.state.pile_counts)  # piles are there, but not what they are worth
        assert not any(text.startswith(_("Points: {points}").split("{")[0]) for text in texts)


# ---------------------------------------------------------------------------------------------------- the window
