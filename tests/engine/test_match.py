"""Matches: best of three and five, 60-60 handling, Spanish margins, all-tricks doubling, rematada, dealers.

Over 400 lines because each match format is a handful of short rigged hands; they share the helpers of
``tests/engine/helpers.py`` and read best as one list.
"""

from __future__ import annotations

import itertools
import random

import pytest

from briscola.engine import Card, Deal, Declare, Game, Phase, Play, Ruleset, preset
from briscola.engine.errors import RulesetError
from briscola.engine.events import DealerChosen, Declared, Event, HandStarted, MatchOver
from briscola.engine.ruleset import DrawHandling, FirstDealer
from tests.engine.helpers import cards, finish_hand, finish_two_player_hand, hand_over, is_over, phase, rig


def last_match_over(game: Game) -> MatchOver | None:
    found = [event for event in game.log if isinstance(event, MatchOver)]
    return found[-1] if found else None


def hand_started(game: Game) -> HandStarted:
    started = [event for event in game.log if isinstance(event, HandStarted)]
    assert len(started) == 1
    return started[0]


# ----------------------------------------------------------------------------------------------- hands to win


def test_best_of_three() -> None:
    game = Game(Ruleset(hands_to_win=2), seed=1)
    first = finish_two_player_hand(game, 70, seat=0)
    assert first.winners == (0,) and first.game_points == (1, 0)
    assert phase(game) is Phase.HAND_OVER and game.match_scores == [1, 0]
    second = finish_two_player_hand(game, 61, seat=1)
    assert second.winners == (1,) and second.game_points == (0, 1)
    assert phase(game) is Phase.HAND_OVER and game.match_scores == [1, 1]
    assert last_match_over(game) is None
    third = finish_two_player_hand(game, 100, seat=0)
    assert third.winners == (0,)
    assert phase(game) is Phase.MATCH_OVER and is_over(game)
    over = last_match_over(game)
    assert over is not None and over.winners == (0,) and over.match_scores == (2, 1)
    assert game.match_winners == (0,)
    assert game.legal_actions() == []


def test_best_of_three_two_straight_wins() -> None:
    game = Game(preset("classic"), seed=2)
    finish_two_player_hand(game, 80, seat=1)
    assert not is_over(game)
    finish_two_player_hand(game, 65, seat=1)
    assert is_over(game) and game.match_winners == (1,) and game.match_scores == [0, 2]


def test_best_of_five() -> None:
    game = Game(Ruleset(hands_to_win=3), seed=3)
    for winner in (0, 1, 1, 0):
        finish_two_player_hand(game, 70, seat=winner)
        assert not is_over(game)
    assert game.match_scores == [2, 2]
    finish_two_player_hand(game, 70, seat=1)
    assert is_over(game) and game.match_winners == (1,) and game.match_scores == [2, 3]


@pytest.mark.parametrize("hands_to_win", [1, 2, 3, 4, 5])
def test_match_lasts_until_hands_to_win(hands_to_win: int) -> None:
    game = Game(Ruleset(hands_to_win=hands_to_win), seed=4)
    for played in range(1, hands_to_win + 1):
        finish_two_player_hand(game, 90, seat=0)
        assert is_over(game) is (played == hands_to_win)


def test_four_players_partners_win_together() -> None:
    game = Game(preset("four"), seed=5)
    # Seat 0 takes 40 and seat 2 takes 25: their side has 65 and wins, each partner scoring the hand.
    result = finish_hand(game, [40, 30, 25, 25])
    assert result.sides == ((0, 2), (1, 3))
    assert result.side_points == (65, 55)
    assert result.winners == (0, 2)
    assert result.game_points == (1, 0, 1, 0)
    finish_hand(game, [30, 10, 31, 49])
    assert game.match_scores == [2, 0, 2, 0]
    assert is_over(game) and game.match_winners == (0, 2)


def test_three_players_highest_total_wins_and_a_tie_at_the_top_is_a_draw() -> None:
    game = Game(preset("three"), seed=6)
    result = finish_hand(game, [50, 40, 30])
    assert result.winners == (0,) and result.game_points == (1, 0, 0)
    tie = finish_hand(game, [50, 50, 20])
    assert tie.draw and tie.winners == () and tie.game_points == (0, 0, 0)
    low_tie = finish_hand(game, [60, 30, 30])
    assert low_tie.winners == (0,)
    assert game.match_scores == [2, 0, 0] and is_over(game)


# ---------------------------------------------------------------------------------------------------- 60-60


def test_sixty_sixty_is_a_draw_for_nobody() -> None:
    game = Game(Ruleset(draw_handling=DrawHandling.NONE), seed=7)
    result = finish_two_player_hand(game, 60)
    assert result.draw and result.winners == () and result.side_points == (60, 60)
    assert result.game_points == (0, 0) and game.match_scores == [0, 0]
    dealer = hand_started(game).dealer
    nxt = finish_two_player_hand(game, 70)
    assert hand_started(game).dealer == 1 - dealer, "after a draw the deal passes on as usual"
    assert hand_started(game).stake == 1
    assert nxt.game_points == (1, 0)


def test_sixty_sixty_replay_same_dealer_double_stake() -> None:
    game = Game(Ruleset(draw_handling=DrawHandling.REPLAY), seed=8)
    finish_two_player_hand(game, 60)
    dealer = hand_started(game).dealer
    assert game.match_scores == [0, 0]
    replay = finish_two_player_hand(game, 75, seat=1)
    start = hand_started(game)
    assert start.dealer == dealer, "the same dealer deals the replay"
    assert start.stake == 2 and replay.stake == 2
    assert replay.game_points == (0, 2)
    assert game.match_scores == [0, 2]
    assert is_over(game) and game.match_winners == (1,)


def test_replay_stakes_keep_doubling_and_reset_after_a_win() -> None:
    game = Game(Ruleset(draw_handling=DrawHandling.REPLAY, hands_to_win=5), seed=9)
    finish_two_player_hand(game, 60)
    dealer = hand_started(game).dealer
    second = finish_two_player_hand(game, 60)
    assert second.stake == 2 and hand_started(game).dealer == dealer
    third = finish_two_player_hand(game, 91)
    assert third.stake == 4 and hand_started(game).dealer == dealer
    assert third.game_points == (4, 0)
    fourth = finish_two_player_hand(game, 91)
    assert fourth.stake == 1 and hand_started(game).dealer == 1 - dealer
    assert game.match_scores == [5, 0] and is_over(game)


def test_sixty_sixty_carry_next_hand_counts_one_more() -> None:
    game = Game(Ruleset(draw_handling=DrawHandling.CARRY, hands_to_win=5), seed=10)
    finish_two_player_hand(game, 60)
    dealer = hand_started(game).dealer
    nxt = finish_two_player_hand(game, 70, seat=1)
    assert hand_started(game).dealer == 1 - dealer, "a carried draw does not keep the dealer"
    assert nxt.stake == 2 and nxt.game_points == (0, 2)
    # Two draws in a row carry twice: the next hand counts three times.
    finish_two_player_hand(game, 60)
    finish_two_player_hand(game, 60)
    third = finish_two_player_hand(game, 61, seat=0)
    assert third.stake == 3 and third.game_points == (3, 0)
    after = finish_two_player_hand(game, 61, seat=0)
    assert after.stake == 1
    assert game.match_scores == [4, 2]


def test_a_carried_draw_can_decide_the_match() -> None:
    game = Game(Ruleset(draw_handling=DrawHandling.CARRY, hands_to_win=2), seed=11)
    finish_two_player_hand(game, 60)
    finish_two_player_hand(game, 61, seat=1)
    assert game.match_scores == [0, 2] and is_over(game)


# ------------------------------------------------------------------------------------------- Spanish margins


@pytest.mark.parametrize(("points", "worth"), [(61, 1), (75, 1), (90, 1), (91, 2), (100, 2), (118, 2), (120, 3)])
def test_margin_points(points: int, worth: int) -> None:
    game = Game(Ruleset(margin_scoring=True, margin_target=5), seed=12)
    result = finish_two_player_hand(game, points, seat=1)
    assert result.winners == (1,)
    assert result.game_points == (0, worth)
    assert result.cappotto is (points == 120)


def test_margin_match_goes_to_the_target() -> None:
    game = Game(preset("brisca"), seed=13)
    assert game.rules.match_target == 3
    finish_two_player_hand(game, 95, seat=0)  # 2
    assert not is_over(game) and game.match_scores == [2, 0]
    finish_two_player_hand(game, 70, seat=1)  # 1
    assert not is_over(game) and game.match_scores == [2, 1]
    finish_two_player_hand(game, 61, seat=0)  # 1: 3 reached
    assert is_over(game) and game.match_winners == (0,) and game.match_scores == [3, 1]


def test_capote_wins_a_margin_match_at_once() -> None:
    game = Game(preset("brisca"), seed=14)
    finish_two_player_hand(game, 120, seat=1)
    assert is_over(game) and game.match_scores == [0, 3]


def test_margin_times_replay_stake() -> None:
    game = Game(preset("brisca"), seed=15)
    finish_two_player_hand(game, 60)
    result = finish_two_player_hand(game, 95, seat=0)
    assert result.stake == 2 and result.game_points == (4, 0)


@pytest.mark.parametrize("target", [5, 15])
def test_margin_targets(target: int) -> None:
    game = Game(Ruleset(margin_scoring=True, margin_target=target), seed=16)
    while not is_over(game):
        finish_two_player_hand(game, 100, seat=0)
    assert game.match_scores[0] == target + (target % 2)  # 2 at a time: 6 for 5, 16 for 15
    assert game.match_winners == (0,)


# -------------------------------------------------------------------------------------------- all tricks double


def test_all_tricks_doubles_the_hand() -> None:
    game = Game(Ruleset(all_tricks_double=True, hands_to_win=5), seed=17)
    result = finish_two_player_hand(game, 120, seat=0, all_tricks=True)
    assert result.all_tricks and result.cappotto
    assert result.tricks == (20, 0)
    assert result.game_points == (2, 0)


def test_all_points_without_all_tricks_is_not_doubled() -> None:
    game = Game(Ruleset(all_tricks_double=True), seed=18)
    result = finish_two_player_hand(game, 120, seat=0)
    assert result.cappotto and not result.all_tricks
    assert result.tricks[1] > 0
    assert result.game_points == (1, 0)


def test_all_tricks_without_the_option_is_not_doubled() -> None:
    game = Game(Ruleset(), seed=19)
    result = finish_two_player_hand(game, 120, seat=1, all_tricks=True)
    assert result.all_tricks and result.game_points == (0, 1)


def test_all_tricks_with_margins_doubles_the_capote() -> None:
    game = Game(Ruleset(all_tricks_double=True, margin_scoring=True, margin_target=10), seed=20)
    result = finish_two_player_hand(game, 120, seat=0, all_tricks=True)
    assert result.game_points == (6, 0)


# -------------------------------------------------------------------------------------------------- rematada


def test_rematada_accumulates_card_points_to_101() -> None:
    game = Game(preset("rematada"), seed=21)
    first = finish_two_player_hand(game, 70, seat=0)
    assert first.game_points == (70, 50)
    assert game.match_scores == [70, 50] and not is_over(game)
    second = finish_two_player_hand(game, 40, seat=0)
    assert second.game_points == (40, 80)
    # Both passed 101; the higher total wins.
    assert game.match_scores == [110, 130]
    assert is_over(game) and game.match_winners == (1,)


def test_rematada_first_to_101() -> None:
    game = Game(preset("rematada"), seed=22)
    finish_two_player_hand(game, 61, seat=1)
    finish_two_player_hand(game, 20, seat=0)
    assert game.match_scores == [79, 161]
    assert is_over(game) and game.match_winners == (1,)


def test_rematada_tie_at_the_top_plays_on() -> None:
    game = Game(preset("rematada"), seed=23)
    finish_two_player_hand(game, 60)
    finish_two_player_hand(game, 60)
    assert game.match_scores == [120, 120]
    assert not is_over(game) and phase(game) is Phase.HAND_OVER
    finish_two_player_hand(game, 62, seat=1)
    assert game.match_scores == [178, 182]
    assert is_over(game) and game.match_winners == (1,)


def test_rematada_sixty_sixty_counts_for_both() -> None:
    game = Game(preset("rematada"), seed=24)
    draw = finish_two_player_hand(game, 60)
    assert draw.draw and draw.game_points == (60, 60)
    dealer = hand_started(game).dealer
    result = finish_two_player_hand(game, 30)
    assert result.stake == 1 and result.game_points == (30, 90)
    assert hand_started(game).dealer == 1 - dealer
    assert game.match_scores == [90, 150]
    assert is_over(game) and game.match_winners == (1,)


# ------------------------------------------------------------------------------------------------- to 31


def to_31_game(points: int, seed: int = 0) -> Game:
    """A to-31 hand in progress: seat 0 has taken ``points`` (in three tricks) and leads; the talon is still full."""
    game = Game(preset("to31"), seed)
    game.apply(Deal())
    pile = {30: cards("AS 3S KS QS JS 2S"), 31: cards("AS 3S KS KD JS 2S"), 25: cards("AS 3S KS 2S 4S 5S")}[points]
    hands = [cards("4C 5C 6C"), cards("4H 5H 6H")]
    other = cards("7C 7H")
    used = {*pile, *hands[0], *hands[1], *other}
    talon = [card for card in game.rules.deck if card not in used]
    rig(game, hands=hands, captured=[pile, other], trump=talon[0].suit, leader=0, talon=talon, briscola=talon[0])
    return game


@pytest.mark.parametrize(("points", "correct"), [(31, True), (30, False), (25, False)])
def test_declaring_31(points: int, correct: bool) -> None:
    game = to_31_game(points)
    assert Declare() in game.legal_actions()
    events = game.apply(Declare(), seat=0)
    assert events[0] == Declared(0, correct, points)
    result = hand_over(events).result
    assert result.reason == "declare"
    assert result.winners == ((0,) if correct else (1,))
    assert result.game_points == ((1, 0) if correct else (0, 1))
    assert phase(game) is Phase.HAND_OVER


def test_declaring_31_as_second_to_play() -> None:
    game = to_31_game(31)
    game.apply(Play(Card.parse("4C")))
    assert game.to_move == 1
    events = game.apply(Declare(), seat=1)
    assert events[0] == Declared(1, False, 0)
    assert hand_over(events).result.winners == (0,)


# -------------------------------------------------------------------------------------------------- dealers


def play_randomly(game: Game, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    while not is_over(game):
        events.extend(game.apply(rng.choice(game.legal_actions())))
    return events


@pytest.mark.parametrize("name", ["classic", "three", "four", "six", "five-sitout"])
def test_dealer_rotates_counterclockwise(name: str) -> None:
    rules = preset(name).with_options(hands_to_win=5)
    for seed in range(5):
        game = Game(rules, seed)
        events = play_randomly(game, random.Random(seed))
        dealers = [event.dealer for event in events if isinstance(event, HandStarted)]
        assert len(dealers) >= 5
        for before, after in itertools.pairwise(dealers):
            assert after == (before + 1) % rules.players
        chosen = [event for event in events if isinstance(event, DealerChosen)]
        assert len(chosen) == 1 and chosen[0].dealer == dealers[0] and chosen[0].method == "lot"
        assert chosen[0].cuts == ()


def test_first_dealer_by_lot_varies_with_the_seed() -> None:
    dealers = set()
    for seed in range(40):
        game = Game(preset("four"), seed)
        dealers.add(hand_started_after_deal(game).dealer)
    assert dealers == {0, 1, 2, 3}


def hand_started_after_deal(game: Game) -> HandStarted:
    events = game.apply(Deal())
    return next(event for event in events if isinstance(event, HandStarted))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_first_dealer_by_cut(players: int) -> None:
    rules = Ruleset(players=players, first_dealer=FirstDealer.CUT)
    recuts = 0
    for seed in range(150):
        game = Game(rules, seed)
        events = game.apply(Deal())
        chosen = next(event for event in events if isinstance(event, DealerChosen))
        assert chosen.method == "cut"
        assert hand_started_after_events(events).dealer == chosen.dealer == game.dealer
        contenders = list(range(players))
        for number, cut in enumerate(chosen.cuts):
            assert [seat for seat, _ in cut] == contenders, "only the seats tied for lowest cut again"
            cards = [card for _, card in cut]
            assert len(set(cards)) == len(cards)
            assert all(card in rules.deck for card in cards)
            # Lowest face value wins; the ace counts lowest (1), then 2, 3, ... 7, J, Q, K.
            lowest = min(card.rank.face_value for card in cards)
            contenders = [seat for seat, card in cut if card.rank.face_value == lowest]
            if number < len(chosen.cuts) - 1:
                assert len(contenders) > 1
                recuts += 1
            else:
                assert contenders == [chosen.dealer]
        if any(card.rank.letter == "A" for _, card in chosen.cuts[-1]):
            winner_card = dict(chosen.cuts[-1])[chosen.dealer]
            assert winner_card.rank.letter == "A"
    assert recuts > 0, "some seed should need a recut"


def hand_started_after_events(events: list[Event]) -> HandStarted:
    return next(event for event in events if isinstance(event, HandStarted))


def test_cut_ace_is_lowest() -> None:
    # Find a cut where an ace met a two: the ace must win the deal.
    for seed in range(500):
        game = Game(Ruleset(first_dealer=FirstDealer.CUT), seed)
        chosen = next(event for event in game.apply(Deal()) if isinstance(event, DealerChosen))
        first = dict(chosen.cuts[0])
        letters = {seat: card.rank.letter for seat, card in first.items()}
        if sorted(letters.values()) == ["2", "A"]:
            ace_seat = next(seat for seat, letter in letters.items() if letter == "A")
            assert chosen.dealer == ace_seat and len(chosen.cuts) == 1
            return
    pytest.fail("no seed cut an ace against a two")


@pytest.mark.parametrize("seed", range(3))
def test_same_seed_same_dealer_and_cards(seed: int) -> None:
    one, two = Game(preset("brisca"), seed), Game(preset("brisca"), seed)
    assert one.apply(Deal()) == two.apply(Deal())
    assert one.hands == two.hands and one.talon == two.talon


def test_first_to_play_is_right_of_the_dealer() -> None:
    for name in ("classic", "three", "four", "six"):
        for seed in range(10):
            game = Game(preset(name), seed)
            start = hand_started_after_deal(game)
            assert game.to_move == (start.dealer + 1) % game.players
            assert game.active[0] == game.to_move


def test_sitting_out_is_the_dealer() -> None:
    game = Game(preset("five-sitout"), 3)
    start = hand_started_after_deal(game)
    assert start.sitting_out == start.dealer == game.sitting_out
    assert start.dealer not in game.active and len(game.active) == 4
    assert game.hands[start.dealer] == []
    assert start.teams == ((game.active[0], game.active[2]), (game.active[1], game.active[3]))


@pytest.mark.parametrize(("share", "even_side_wins"), [(True, True), (True, False), (False, True)])
def test_the_one_sitting_out_shares_the_win_of_their_alternate_seats(share: bool, even_side_wins: bool) -> None:
    """Five sitting out (the Spanish text): the dealer sits out and, with ``sit_out_share``, scores the hand with the
    second and fourth after the dealer (the seats alternating with theirs) when that side wins; never when it loses."""
    game = Game(preset("five-sitout").with_options(sit_out_share=share), 3)
    assert preset("five-sitout").sit_out_share
    dealer = 0  # this seed's first dealer, checked below
    points = [0, 20, 40, 20, 40] if even_side_wins else [0, 40, 20, 40, 20]
    result = finish_hand(game, points)
    assert game.sitting_out == dealer and result.sides == ((1, 3), (2, 4))
    winners = (2, 4) if even_side_wins else (1, 3)
    assert result.winners == winners
    expected = [0] * 5
    for seat in winners:
        expected[seat] = 1
    if share and even_side_wins:
        expected[dealer] = 1
    assert list(result.game_points) == expected
    assert game.match_scores == expected


def test_sit_out_share_needs_a_player_sitting_out() -> None:
    with pytest.raises(RulesetError, match="sit_out_share"):
        Ruleset(players=4, sit_out_share=True)


def test_the_king_sign_is_an_option_of_the_signals() -> None:
    """One source lists a sign for the trump king besides ace and three: given only without the ace or the three."""
    from briscola.engine.events import SignalKind
    from briscola.engine.options import sign_of

    spade = Card.parse("KS").suit
    king_and_two = [Card.parse("KS"), Card.parse("2S")]
    assert sign_of(king_and_two, spade, king=True) is SignalKind.KING
    assert sign_of(king_and_two, spade, king=False) is SignalKind.SOME
    assert sign_of([Card.parse("KS"), Card.parse("AS")], spade, king=True) is SignalKind.ACE
    assert sign_of([Card.parse("2S")], spade, king=True) is SignalKind.SOME
    assert Ruleset(players=4).with_options(signals="secret", signal_king=True).signal_king
    with pytest.raises(RulesetError, match="signal_king"):
        Ruleset(players=4, signal_king=True)
