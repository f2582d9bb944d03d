"""Starting a hand from a given deal (for bots' shadow games and tests), and forfeiting a hand."""

from __future__ import annotations

import pytest

from briscola.engine import PRESETS, Deal, Game, IllegalActionError, Phase, WrongPhaseError
from briscola.engine.dealing import deck_order
from briscola.engine.events import HandOver


def test_from_deal_reproduces_the_seeded_deal() -> None:
    rules = PRESETS["four"]
    seeded = Game(rules, 9)
    seeded.apply(Deal())
    order = deck_order(rules, 9, 0)
    shadow = Game.from_deal(rules, order, dealer=seeded.dealer)
    assert shadow.hands == seeded.hands
    assert shadow.talon == seeded.talon
    assert shadow.trump == seeded.trump and shadow.to_move == seeded.to_move
    assert shadow.log == seeded.log[1:], "the same events, without the choice of the first dealer"
    assert shadow.seed is None


def test_from_deal_refuses_a_wrong_deck() -> None:
    rules = PRESETS["classic"]
    order = list(rules.deck)
    with pytest.raises(IllegalActionError, match="exactly once"):
        Game.from_deal(rules, order[:-1], dealer=0)
    with pytest.raises(IllegalActionError, match="not a seat"):
        Game.from_deal(rules, order, dealer=2)


@pytest.mark.parametrize(("name", "exited", "winners"), [("classic", (0,), (1,)), ("four", (1,), (0, 2))])
def test_the_side_of_a_seat_that_left_loses_the_hand(name: str, exited: tuple[int, ...], winners: tuple[int]) -> None:
    game = Game(PRESETS[name], 3)
    game.apply(Deal())
    game.apply(game.legal_actions()[0])
    events = game.forfeit(exited)
    (over,) = [event for event in events if isinstance(event, HandOver)]
    assert over.result.reason == "exited" and over.result.exited == exited
    assert over.result.winners == winners
    assert game.phase is Phase.HAND_OVER
    assert all(game.match_scores[seat] == 1 for seat in winners)


def test_forfeit_needs_a_hand_in_progress() -> None:
    game = Game(PRESETS["classic"], 3)
    with pytest.raises(WrongPhaseError):
        game.forfeit((0,))
    game.apply(Deal())
    with pytest.raises(IllegalActionError):
        game.forfeit((5,))


def test_leaving_during_the_chiamata_auction_scores_like_a_failed_lone_caller() -> None:
    game = Game(PRESETS["chiamata"], 3)
    game.apply(Deal())
    leaver = game.to_move
    assert leaver is not None
    events = game.forfeit((leaver,))
    (over,) = [event for event in events if isinstance(event, HandOver)]
    assert over.result.game_points[leaver] == -4
    assert sum(over.result.game_points) == 0
