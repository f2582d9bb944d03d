"""The table's words and labels: name plates, running-points badges and buttons never cover each other or a card,
the thinking dots are drawn shapes, the hint counts the cards in hand, and the human's own moves are told in the
second person.

Labels are checked as they are drawn: every text the table draws is recorded with its rectangle (``draw_text``
returns it), and compared with the cards' boxes, which come from the layout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from briscola.engine import Bid, DeckFamily, Pass, Phase
from briscola.engine.cards import Rank, Suit, parse_cards
from briscola.engine.events import (
    AuctionWon,
    BidMade,
    CardCalled,
    Declared,
    Event,
    Melded,
    PartnerRevealed,
    Passed,
    SignalGiven,
    SignalKind,
    TrumpChosen,
)
from briscola.text.i18n import _, set_language
from briscola.ui.app import App
from briscola.ui.core.layout import LIFT, Rect
from briscola.ui.shots import autoplay_human
from briscola.ui.table.messages import describe, held_called_text
from briscola.ui.table.plates import name_plates
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, drawn, make_table, step_until

SIZES = [(960, 600), (1280, 800)]


def table_at(players: int, size: tuple[int, int]) -> tuple[App, TableScene]:
    """A table of ``players`` in a ``size`` window, with running points, at the human's first turn."""
    app, scene = make_table("--players", str(players), "--size", f"{size[0]}x{size[1]}")
    assert app.size == size
    assert app.store is not None and app.store.change({"display.show_running_points": True}) == []
    step_until(app, lambda: scene.interactive)
    return app, scene


def as_rect(box: Rect) -> pygame.Rect:
    return pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h))


def card_boxes(scene: TableScene) -> list[pygame.Rect]:
    """Where cards lie or may lie: full hands (the human's with a card lifted), the trick, talon, briscola, piles."""
    layout = scene.layout
    boxes = []
    for seat in range(layout.players):
        box = as_rect(layout.hand_box(seat))
        if seat == 0:
            box.union_ip(box.move(0, -round(layout.card[1] * LIFT)))
        boxes.append(box)
        boxes.append(as_rect(layout.trick_pose(seat).bounds()))
    boxes.append(as_rect(layout.talon_pose.bounds()))
    boxes.append(as_rect(layout.briscola_pose.bounds()))
    boxes.extend(as_rect(layout.pile_pose(owner).bounds()) for owner in scene.state.pile_owners())
    return boxes


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_badges_and_name_plates_never_cover_each_other_counts_or_cards(
    players: int, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = table_at(players, size)
    try:
        driver = scene.driver
        for seat, config in enumerate(driver.seats):
            if config.spec is not None:  # the longest plates a table shows: a bot's name and version
                driver.seats[seat] = replace(config, name=f"Bot {seat + 1}", level_name="briscola-campione 0.1.0")
        for owner in scene.state.pile_owners():
            scene.state.pile_counts[owner] = 12  # every count drawn, where a badge might have gone
        points_word = _("Points: {points}").split("{")[0]
        for dealer in range(1, players):
            scene.state.dealer = dealer  # "(dealer)" makes the plate longer
            with drawn(monkeypatch) as texts:
                app.draw()
            badges = [rect for text, rect in texts if text.startswith(points_word)]
            plates = [rect for text, rect in texts if "·" in text and "Esc" not in text]
            assert len(badges) == len(scene.state.pile_owners()) and len(plates) == players - 1
            others = [rect for text, rect in texts if not text.startswith(points_word)]
            margin = scene.layout.margin
            window = pygame.Rect(0, 0, *size)
            for badge in badges:
                assert window.contains(badge)
                assert badge.collidelist(others) == -1, (dealer, badge, [o for o in others if o.colliderect(badge)])
                assert badge.collidelist([b for b in badges if b is not badge]) == -1
                assert badge.collidelist(card_boxes(scene)) == -1, (dealer, badge)
            felt = scene.background(size)
            for plate in plates:  # a plate stays inside the window's margins: its text, and the plate round it
                assert plate.left >= margin + 8 and plate.right <= size[0] - margin - 8, (dealer, plate)
                assert plate.collidelist([p for p in plates if p is not plate]) == -1
                tricks = [as_rect(scene.layout.trick_pose(seat).bounds()) for seat in range(players)]
                assert plate.collidelist(tricks) == -1, (dealer, plate)  # drawn over the trick, it would hide it
                for x in (1, size[0] - 2):
                    assert app.screen.get_at((x, plate.centery)) == felt.get_at((x, plate.centery)), (dealer, plate)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_five_player_bid_buttons_leave_the_side_players_cards_visible(size: tuple[int, int]) -> None:
    app, scene = make_table("--variant", "chiamata", "--size", f"{size[0]}x{size[1]}", "--speed", "instant")
    try:
        step_until(app, lambda: scene.interactive and len(scene.buttons) > 6)
        layout = scene.layout
        hands = [as_rect(layout.hand_box(seat)) for seat in range(1, 5)]
        for button in scene.buttons:
            assert button.rect.collidelist(hands) == -1, button.label
            assert pygame.Rect(0, 0, *size).contains(button.rect)
    finally:
        app.close()


def test_the_thinking_dots_are_drawn_shapes_not_glyphs(monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = make_table("--players", "2", "--ai-delay", "5")
    try:
        step_until(app, lambda: scene.driver.thinking_seat is not None and scene.choreo.idle)
        with drawn(monkeypatch) as texts:
            for _frame in range(30):
                app.step(FRAME)
                app.draw()
        assert not any("◦" in text or "•" in text for text, _rect in texts)  # the font has no hollow dot
    finally:
        app.close()


def test_a_long_wait_says_whose_move_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = make_table("--players", "2", "--ai-delay", "5")
    try:
        step_until(app, lambda: scene.driver.thinking_seat is not None and scene.choreo.idle)
        name = scene.driver.seats[scene.driver.thinking_seat or 0].name
        waiting = _("{name} is thinking…").format(name=name)
        with drawn(monkeypatch) as texts:
            app.draw()
            assert waiting not in [text for text, _rect in texts]  # a computer's usual pause says nothing
            for _frame in range(70):
                app.step(FRAME)
            texts.clear()
            app.draw()
        assert waiting in [text for text, _rect in texts]
    finally:
        app.close()


def test_the_hint_asks_for_key_1_when_one_card_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = make_table("--players", "2")
    try:
        rng = random.Random(4)

        def last_card() -> bool:
            if scene.interactive and len(scene.driver.view().hand) == 1:
                return True
            autoplay_human(scene, rng)
            return False

        step_until(app, last_card)
        with drawn(monkeypatch) as texts:
            app.draw()
        shown = [text for text, _rect in texts]
        assert _("Your turn: click your card, or press 1") in shown
        assert not any("1-1" in text for text in shown)
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- messages


@pytest.fixture
def italian() -> Iterator[None]:
    set_language(["it"])
    yield
    set_language(None)


def _events(seat: int) -> list[Event]:
    """One of each move told in words, made by ``seat``."""
    king, queen = parse_cards("KH QH")
    return [
        BidMade(seat, Bid(rank=Rank.KING)),
        BidMade(seat, Bid(target=63)),
        Passed(seat),
        AuctionWon(seat, Bid(target=61), 61),
        CardCalled(seat, parse_cards("QD")[0]),
        TrumpChosen(seat, Suit.COPPE),
        PartnerRevealed(seat, alone=True),
        PartnerRevealed(seat, alone=False),
        Declared(seat, True, 33),
        Declared(seat, False, 25),
        Melded(seat, Suit.COPPE, 20, (king, queen)),
        SignalGiven(seat, SignalKind.ACE),
    ]


def test_the_humans_own_moves_are_told_in_the_second_person() -> None:
    names = ["You", "Giulia"]
    mine = [describe(event, names, 0, DeckFamily.ITALIAN) for event in _events(0)]
    theirs = [describe(event, names, 0, DeckFamily.ITALIAN) for event in _events(1)]
    assert all(text.startswith("You ") for text in mine), mine
    assert "You pass." in mine and "You passes." not in mine
    assert not any(text.startswith("You") for text in theirs) and "Giulia passes." in theirs
    assert all(text for text in mine + theirs)  # every one of these moves is told
    nobody = [describe(event, ["Anna", "Giulia"], None, DeckFamily.ITALIAN) for event in _events(0)]
    assert "Anna passes." in nobody  # a computers-only game has no "you"


def test_the_humans_own_moves_in_italian_are_conjugated(italian: None) -> None:
    names = [_("You"), "Sara"]
    mine = [describe(event, names, 0, DeckFamily.ITALIAN) for event in _events(0)]
    assert "Tu passa." not in mine
    assert not any(text.startswith("Tu ") for text in mine)


def test_a_called_card_follows_a_colon_so_no_article_is_needed() -> None:
    text = describe(CardCalled(2, parse_cards("QD")[0]), ["You", "Giulia", "Sara"], 0, DeckFamily.FRENCH)
    assert text == "Sara calls: Queen of diamonds."


def test_the_table_tells_the_humans_pass_in_the_second_person() -> None:
    app, scene = make_table("--variant", "chiamata", "--speed", "instant")
    try:
        step_until(app, lambda: scene.interactive and scene.driver.game.phase is not Phase.PLAY)
        assert _("Pass") in [button.label for button in scene.buttons]
        seen: list[str] = []

        def told() -> bool:
            seen.extend(t.text for t in scene.state.toasts if t.text not in seen)
            return "You pass." in seen

        assert scene.submit(Pass())
        step_until(app, told, 2000)
        assert not any(text.startswith("You passes") for text in seen)
    finally:
        app.close()


def test_the_contract_is_told_in_noun_phrases_with_the_called_card_after_a_colon() -> None:
    names = ["You", "Giulia", "Marco", "Sara", "Luca"]
    (three,) = parse_cards("3S")
    assert describe_contract((3, 61), three, names) == ["Contract: Sara, 61 points", "Called card: Three of swords"]
    assert describe_contract((0, 86), None, names) == ["Contract: You, 86 points"]
    assert describe_contract(None, None, names) == []


def describe_contract(contract: tuple[int, int] | None, called: object, names: list[str]) -> list[str]:
    from briscola.engine import Card
    from briscola.ui.table.messages import contract_texts

    assert called is None or isinstance(called, Card)
    return contract_texts(contract, called, names, DeckFamily.ITALIAN)


def test_the_human_holding_the_called_card_is_told_what_that_makes_them() -> None:
    names = ["You", "Giulia", "Marco", "Sara", "Luca"]
    assert held_called_text(3, 0, names) == "(called card in hand: partner of Sara)"
    assert held_called_text(0, 0, names) == "(called card in hand: playing alone)"


@pytest.mark.parametrize(("seed", "holds"), [(2, True), (1, False)])
def test_the_humans_plate_says_whether_it_held_the_called_card(seed: int, holds: bool) -> None:
    app, scene = make_table("--variant", "chiamata", "--speed", "instant", "--seed", str(seed))
    try:
        rng = random.Random(5)
        game = scene.driver.game
        for _frame in range(60_000):
            if game.phase is Phase.PLAY and scene.interactive:
                break
            autoplay_human(scene, rng)
            app.step(FRAME)
        human = scene.driver.human
        assert human is not None and game.called_card is not None and game.caller is not None
        assert (game.called_card in game.hands[human]) is holds  # the seed gives the case the test is about
        assert scene.state.holds_called is holds
        plates = {plate.seat: plate.text for plate in name_plates(scene)}
        told = f"(called card in hand: partner of {scene.driver.seats[game.caller].name})"
        assert (told in plates[human]) is holds
        assert not any("called card" in text for seat, text in plates.items() if seat != human)
        scene.state.reset()  # a new hand forgets it
        assert not scene.state.holds_called
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["chiamata", "subastada"])
def test_the_contract_stays_in_view_through_the_hand_clear_of_cards_and_plates(
    variant: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = make_table("--variant", variant, "--size", f"{size[0]}x{size[1]}", "--speed", "instant")
    try:
        rng = random.Random(5)
        game = scene.driver.game
        for _frame in range(60_000):
            if game.phase is Phase.PLAY and scene.interactive and game.tricks_played >= 1:
                break
            autoplay_human(scene, rng)
            app.step(FRAME)
        assert game.phase is Phase.PLAY and game.caller is not None and game.contract is not None
        expected = [
            _("Contract: {name}, {points} points").format(
                name=scene.driver.seats[game.caller].name, points=game.contract
            )
        ]
        if variant == "chiamata":
            assert game.called_card is not None
            assert scene.state.called == game.called_card
        with drawn(monkeypatch) as texts:
            app.draw()
        lines = [(text, rect) for text, rect in texts if text.startswith(("Contract:", "Called card:"))]
        assert [text for text, _rect in lines][:1] == expected
        assert len(lines) == (2 if variant == "chiamata" else 1)
        boxes = card_boxes(scene)
        if variant == "chiamata":  # every card is dealt: no talon or briscola lies on their spots
            layout = scene.layout
            boxes = [
                box
                for box in boxes
                if box not in (as_rect(layout.talon_pose.bounds()), as_rect(layout.briscola_pose.bounds()))
            ]
            # The longest card name of the deck, on a line that must still clear the trick.
            scene.state.called = parse_cards("QC")[0]
            with drawn(monkeypatch) as more:
                app.draw()
            lines += [(text, rect) for text, rect in more if text == "Called card: Knight of batons"]
            assert len(lines) == 3
        plates = [rect for text, rect in texts if "·" in text and "Esc" not in text]
        window = pygame.Rect(0, 0, *size)
        for _text, rect in lines:
            assert window.contains(rect)
            assert rect.collidelist(boxes) == -1, (rect, _text)
            assert rect.collidelist(plates) == -1, (rect, _text)
    finally:
        app.close()
