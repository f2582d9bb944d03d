"""The counting aid's numbers (:mod:`briscola.ui.core.counting`) and the rule that decides when it is shown.

The aid must count exactly what the seat has seen: a constructed position checks every number by hand, seeded
matches of every preset check each count against the public record, and a card only another seat holds is never
listed as seen. Whether the aid may be shown at all is :func:`briscola.store.counting_aid_shown`, checked for every
preset: never in briscola to 31, the one rule it shares with the running points.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from briscola.engine import PRESETS, Card, Deal, Game, Phase
from briscola.engine.cards import Suit
from briscola.engine.ruleset import TrumpMode
from briscola.engine.sampling import sample_world
from briscola.engine.views import PlayerView
from briscola.store import counting_aid_shown, counting_allowed, running_points_shown
from briscola.store.settings_schema import CoachSettings, DisplaySettings, Settings
from briscola.ui.core.counting import CardState, count_view


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def constructed() -> PlayerView:
    """Seat 0 of a classic hand: holds AD 3C 5S; KD and 2D taken by seat 0 (4 points); seat 1 has led AC; the
    briscola 7D lies face up under the talon (coins are trumps)."""
    game = Game(PRESETS["classic"], 3)
    game.apply(Deal())
    view = game.view(0)
    return dataclasses.replace(
        view,
        hand=cards("AD", "3C", "5S"),
        known_cards=(cards("AD", "3C", "5S"), ()),
        trump=Suit.DENARI,
        briscola=Card.parse("7D"),
        briscola_in_talon=True,
        captured=(cards("KD", "2D"), ()),
        trick=((1, Card.parse("AC")),),
        points=(4, 0),
        meld_points=(0, 0),
    )


def test_a_constructed_position_is_counted_card_by_card() -> None:
    count = count_view(constructed())
    played = {suit: tuple(card.code for card in got) for suit, got in count.played.items()}
    assert played == {Suit.DENARI: ("KD", "2D"), Suit.COPPE: (), Suit.SPADE: (), Suit.BASTONI: ("AC",)}
    assert count.trumps_out is not None
    assert [card.code for card in count.trumps_out] == ["3D", "QD", "JD", "6D", "5D", "4D"]  # not AD, 7D, KD, 2D
    assert [card.code for card in count.carichi_out] == ["3D", "AH", "3H", "AS", "3S"]  # 3C held, AC played
    assert [(side.seats, side.points, side.mine) for side in count.sides] == [((0,), 4, True), ((1,), 0, False)]
    assert count.in_play == 116  # the ace on the table is not taken yet
    states = {card.code: state for row in count.rows for card, state in row.cards}
    assert states["7D"] is states["AD"] is states["3C"] is CardState.SEEN
    assert states["AC"] is states["KD"] is CardState.PLAYED
    assert states["QH"] is CardState.OUT
    assert [row.trump for row in count.rows] == [True, False, False, False]


def _positions(name: str, seed: int) -> list[Game]:
    """Copies of a seeded random match of preset ``name`` at every move of its first hand."""
    game = Game(PRESETS[name], seed)
    rng = random.Random(seed)
    out: list[Game] = []
    while game.hand_no == 0 and not game.is_over and len(out) < 200:
        game.apply(rng.choice(game.legal_actions()))
        out.append(game.clone())
    return out


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_counts_what_the_record_shows_and_nothing_a_seat_has_not_seen(name: str) -> None:
    for game in _positions(name, 5)[::3]:
        for seat in game.active:
            view = game.view(seat)
            count = count_view(view)
            played = {card for pile in game.captured for card in pile} | {card for _s, card in game.trick}
            assert {card for got in count.played.values() for card in got} == played
            # A card another seat holds and this one was never shown is out, never seen.
            for other, hand in enumerate(game.hands):
                if other == seat:
                    continue
                for card in hand:
                    state = next(s for row in count.rows for c, s in row.cards if c == card)
                    assert state is (CardState.SEEN if card in view.known_cards[other] else CardState.OUT)
            # Trumps are counted only where the seat knows the trump suit: never a hidden cubierta trump.
            if view.trump is None:
                assert count.trumps_out is None and not any(row.trump for row in count.rows)
            else:
                assert count.trumps_out == tuple(c for c in view.unseen_cards() if c.suit == view.trump)[::-1]
            assert set(count.carichi_out) == {card for card in view.unseen_cards() if card.is_carico}
            taken = sum(card.points for pile in game.captured for card in pile)
            assert count.in_play == game.rules.deck_points - taken
            if seat in (mine := count.sides[0].seats):
                assert mine[0] == seat  # the viewer's side first, the viewer first in it
            assert sum(side.points for side in count.sides) == sum(
                game.points[s] + game.meld_points[s] for side in count.sides for s in side.seats
            )


@pytest.mark.parametrize("name", ["classic", "four", "cubierta", "chiamata", "briscolone"])
def test_two_deals_a_seat_cannot_tell_apart_give_the_same_count(name: str) -> None:
    """The count is of the view alone: worlds sampled from the view, their hidden cards dealt differently, count the
    same, and differ from the real game where it matters (so the test could fail)."""
    rng = random.Random(9)
    for game in _positions(name, 8)[4::5]:
        if game.phase is not Phase.PLAY:
            continue
        view = game.view(0)
        worlds = [sample_world(view, rng) for _ in range(3)]
        assert all(count_view(world.view(0)) == count_view(view) for world in worlds)


def test_cubierta_hides_the_trumps_until_the_suit_is_shown() -> None:
    game = Game(PRESETS["cubierta"], 5)
    game.apply(Deal())
    assert game.rules.trump_mode is TrumpMode.HIDDEN and not game.trump_public
    for seat in range(2):
        count = count_view(game.view(seat))
        assert count.trumps_out is None and not any(row.trump for row in count.rows) and not count.trumpless
        assert len(count.carichi_out) == 8 - sum(card.is_carico for card in game.hands[seat])


def test_briscolone_has_no_trumps_to_count() -> None:
    game = Game(PRESETS["briscolone"], 5)
    game.apply(Deal())
    count = count_view(game.view(0))
    assert count.trumps_out is None and count.trumpless


def test_open_hands_show_the_opponents_cards_as_seen() -> None:
    game = Game(PRESETS["open"], 5)
    game.apply(Deal())
    count = count_view(game.view(0))
    states = {card: state for row in count.rows for card, state in row.cards}
    assert all(states[card] is CardState.SEEN for card in game.hands[1])


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_counting_aid_is_shown_when_chosen_except_in_briscola_to_31(name: str) -> None:
    rules = PRESETS[name]
    on = Settings(coach=CoachSettings(counting_aid=True), display=DisplaySettings(show_running_points=True))
    off = Settings()
    counting_is_the_game = name == "to31"
    assert counting_allowed(rules) is not counting_is_the_game
    assert counting_aid_shown(on, rules) is not counting_is_the_game
    assert running_points_shown(on, rules) is not counting_is_the_game  # one rule for both
    assert not counting_aid_shown(off, rules)
