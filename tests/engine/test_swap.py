"""The trump swap (*scambio*) and each of its conditions, on rigged positions."""

from __future__ import annotations

import pytest

from briscola.engine import PRESETS, IllegalActionError, Play, Suit, Swap
from briscola.engine.events import Swapped
from briscola.engine.game import Game
from briscola.engine.ruleset import Ruleset, SwapRule

from .helpers import cards, dealt, rig

# Clubs trump; the briscola is the king of clubs, seat 0 holds the trump 7 and the trump 2.
HANDS = [cards("7C 2C AD"), cards("3S 4S 5S")]


def rigged(rules: Ruleset, talon_size: int, briscola: str = "KC") -> Game:
    game = dealt(rules)
    held = [list(hand) for hand in HANDS]
    used = {card for hand in held for card in hand} | set(cards(briscola))
    rest = [card for card in rules.deck if card not in used]
    talon = cards(briscola) + rest[: talon_size - 1]
    captured_pool = rest[talon_size - 1 :]
    rig(
        game,
        hands=held,
        captured=[captured_pool, []],
        trump=Suit.CLUBS,
        leader=0,
        talon=talon,
        briscola=cards(briscola)[0],
    )
    return game


def scambio(**options: object) -> Ruleset:
    return PRESETS["scambio"].with_options(**options)


def test_the_seven_takes_the_face_up_briscola() -> None:
    game = rigged(scambio(), talon_size=10)
    assert Swap() in game.legal_actions()
    events = game.apply(Swap())
    assert events == [Swapped(0, cards("7C")[0], cards("KC")[0])]
    assert cards("KC")[0] in game.hands[0] and cards("7C")[0] not in game.hands[0]
    assert game.talon[0] == cards("7C")[0] and game.briscola == cards("7C")[0]
    assert Swap() not in game.legal_actions(), "at most one swap per turn"


def test_no_swap_when_the_option_is_off() -> None:
    game = rigged(PRESETS["classic"], talon_size=10)
    assert Swap() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="not played"):
        game.apply(Swap())


def test_no_swap_in_the_last_draw_round_when_the_talon_is_required() -> None:
    game = rigged(scambio(), talon_size=2)
    assert Swap() not in game.legal_actions()
    relaxed = rigged(scambio(swap_needs_talon=False), talon_size=2)
    assert Swap() in relaxed.legal_actions()
    assert Swap() in rigged(scambio(), talon_size=4).legal_actions()


def test_both_gives_the_two_first() -> None:
    game = rigged(scambio(swap=SwapRule.BOTH), talon_size=10)
    (event,) = game.apply(Swap())
    assert isinstance(event, Swapped) and event.gave == cards("2C")[0]


def test_rank_limits() -> None:
    # The 7 may take A/3/K/Q/J, the 2 only 4-7.
    assert Swap() in rigged(scambio(swap_rank_limits=True), 10, "KC").legal_actions()
    assert Swap() not in rigged(scambio(swap_rank_limits=True), 10, "5C").legal_actions()
    two_only = scambio(swap=SwapRule.TWO, swap_rank_limits=True)
    assert Swap() in rigged(two_only, 10, "5C").legal_actions()
    assert Swap() not in rigged(two_only, 10, "KC").legal_actions()


def test_only_after_winning_a_trick() -> None:
    rules = scambio(swap_after_winning_only=True)
    game = rigged(rules, talon_size=10)
    assert Swap() not in game.legal_actions(), "nobody has won a trick yet"
    game.last_winner = 0
    assert Swap() in game.legal_actions()
    game.apply(Play(cards("AD")[0]))
    assert game.to_move == 1
    assert Swap() not in game.legal_actions()


def test_a_refused_swap_changes_nothing() -> None:
    game = rigged(scambio(), talon_size=2)
    before = {key: (list(value) if isinstance(value, list) else value) for key, value in vars(game).items()}
    with pytest.raises(IllegalActionError):
        game.apply(Swap())
    after = {key: (list(value) if isinstance(value, list) else value) for key, value in vars(game).items()}
    assert before == after
