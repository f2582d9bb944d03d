"""Who wins a trick: every worked example of rules.md section 3, and properties checked against a reference."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola.engine import Card, Suit, preset
from briscola.engine.cards import ALL_CARDS, parse_cards
from briscola.engine.events import TrickWon
from briscola.engine.tricks import CAPTURE_KEYS, NO_TRUMP, SECOND_WINS, capture_key, trick_points, trick_winner
from tests.engine.helpers import cards, dealt, hand_over, play_all, rig

TRUMPS: list[Suit | None] = [*Suit, None]


def reference_winner(codes: list[str], trump: str | None) -> int:
    """An independent statement of rules.md 3.6 over card codes: highest trump, else highest card of the suit led."""
    strength = "24567JQK3A"
    led = codes[0][1]

    def key(code: str) -> tuple[int, int]:
        if code[1] == trump:
            return (2, strength.index(code[0]))
        if code[1] == led:
            return (1, strength.index(code[0]))
        return (0, 0)

    keys = [key(code) for code in codes]
    return keys.index(max(keys))


def winner_of(codes: str, trump: Suit | None) -> int:
    return trick_winner(parse_cards(codes), trump)


# ---------------------------------------------------------------------------------------------- worked examples


def test_example_hearts_trump_two_tricks() -> None:
    # Hearts trump. Anna leads K♠, Ben plays A♦: K♠ wins, Anna scores 4 + 11 = 15.
    assert winner_of("KS AD", Suit.HEARTS) == 0
    assert trick_points(parse_cards("KS AD")) == 15
    # Anna leads 3♣, Ben plays 2♥: the trump 2 wins, Ben scores 10.
    assert winner_of("3C 2H", Suit.HEARTS) == 1
    assert trick_points(parse_cards("3C 2H")) == 10


def test_example_hearts_trump_played_through_the_game() -> None:
    game = dealt(preset("classic"))
    anna, ben = 0, 1
    rest = [card for card in game.rules.deck if card not in cards("KS 3C AD 2H")]
    hands = [cards("KS 3C"), cards("AD 2H")]
    rig(game, hands=hands, captured=[rest[:18], rest[18:]], trump=Suit.HEARTS, leader=anna)
    before = list(game.points)
    events = play_all(game, cards("KS AD"))
    won = [event for event in events if isinstance(event, TrickWon)]
    assert [(w.winner, w.points) for w in won] == [(anna, 15)]
    assert game.points[anna] - before[anna] == 15
    assert game.to_move == anna  # the winner leads the next trick
    events = play_all(game, cards("3C 2H"))
    won = [event for event in events if isinstance(event, TrickWon)]
    assert [(w.winner, w.points) for w in won] == [(ben, 10)]
    assert game.points[ben] - before[ben] == 10
    assert game.points[anna] - before[anna] == 15


def test_example_spades_trump_four_of_coins_beats_ace_of_cups() -> None:
    # Briscola a spade: lead 4 di denari, reply Asso di coppe: the 4 wins and takes the 11 points.
    assert winner_of("4D AH", Suit.SPADE) == 0
    assert trick_points(parse_cards("4D AH")) == 11


@pytest.mark.parametrize(
    ("codes", "winner", "points"),
    [
        ("AH 3H", 0, 21),  # A♥ led, 3♥ answered: A♥ wins 21.
        ("KH 2C", 1, 4),  # K♥ led, 2♣ answered: 2♣ wins 4.
        ("7S QD", 0, 3),  # 7♠ led, Q♦ answered: 7♠ wins 3.
        ("JC 3C", 1, 12),  # J♣ led, 3♣ answered: 3♣ wins 12.
    ],
)
def test_examples_clubs_trump(codes: str, winner: int, points: int) -> None:
    assert winner_of(codes, Suit.CLUBS) == winner
    assert trick_points(parse_cards(codes)) == points


def test_example_clubs_trump_played_through_the_game() -> None:
    # The four clubs-trump tricks in a row, each led by whoever won the one before, as the source's roles allow.
    game = dealt(preset("classic"))
    hands = [cards("AH 7S KH 3C"), cards("3H QD 2C JC")]
    rest = [card for card in game.rules.deck if card not in {*hands[0], *hands[1]}]
    rig(game, hands=hands, captured=[rest[:16], rest[16:]], trump=Suit.CLUBS, leader=0)
    tricks: list[tuple[int, int]] = []
    for lead, reply in [("AH", "3H"), ("7S", "QD"), ("KH", "2C"), ("JC", "3C")]:
        assert game.trick_cards == []
        events = play_all(game, cards(f"{lead} {reply}"))
        tricks.extend((e.winner, e.points) for e in events if isinstance(e, TrickWon))
    # A♥ wins 21 and 7♠ wins 3 for seat 0; 2♣ wins 4 for seat 1, who leads J♣; 3♣ wins 12 for seat 0.
    assert tricks == [(0, 21), (0, 3), (1, 4), (0, 12)]


def test_example_anna_47_ben_73_ben_wins() -> None:
    anna_cards = cards("AS AH 3C KD KH QS JC JH")
    assert sum(card.points for card in anna_cards) == 47
    game = dealt(preset("classic"))
    anna, ben = 0, 1
    # Last trick: Anna leads A♠, Ben answers Q♠; both end in Anna's pile, which then holds exactly her eight cards.
    last = cards("AS QS")
    anna_pile = [card for card in anna_cards if card not in last]
    ben_pile = [card for card in game.rules.deck if card not in anna_cards]
    rig(game, hands=[last[:1], last[1:]], captured=[anna_pile, ben_pile], trump=Suit.HEARTS, leader=anna)
    result = hand_over(play_all(game, last)).result
    assert result.reason == "played"
    assert result.sides == ((anna,), (ben,))
    assert sorted(result.captured[0]) == sorted(anna_cards)
    assert result.side_points == (47, 73)
    assert result.winners == (ben,)
    assert not result.draw
    assert result.game_points == (0, 1)


@pytest.mark.parametrize("trump", list(Suit))
def test_example_trump_two_beats_any_other_ace(trump: Suit) -> None:
    two = Card.parse("2" + trump.letter)
    for suit in Suit:
        if suit == trump:
            continue
        ace = Card.parse("A" + suit.letter)
        assert trick_winner([ace, two], trump) == 1
        assert trick_winner([two, ace], trump) == 0
    # ...but the ace of trumps beats it.
    assert trick_winner([two, Card.parse("A" + trump.letter)], trump) == 1


# --------------------------------------------------------------------------------------------------- properties


def test_second_wins_agrees_with_trick_winner_for_every_two_card_trick() -> None:
    for trump_index, trump in enumerate(TRUMPS):
        table_index = NO_TRUMP if trump is None else trump_index
        for lead, reply in itertools.permutations(ALL_CARDS, 2):
            expected = trick_winner([lead, reply], trump) == 1
            assert SECOND_WINS[table_index * 1600 + lead * 40 + reply] is expected, (trump, lead, reply)


def test_two_card_tricks_match_the_reference_exhaustively() -> None:
    for trump in TRUMPS:
        letter = None if trump is None else trump.letter
        for lead, reply in itertools.permutations(ALL_CARDS, 2):
            assert trick_winner([lead, reply], trump) == reference_winner([lead.code, reply.code], letter)


def test_no_trump_index_is_four_and_the_tables_cover_it() -> None:
    assert NO_TRUMP == 4
    assert len(CAPTURE_KEYS) == 5
    assert len(SECOND_WINS) == 5 * 40 * 40


def test_capture_key_ranks_trumps_over_the_led_suit_over_the_rest() -> None:
    for trump in range(4):
        for led in range(4):
            for card in ALL_CARDS:
                key = capture_key(card, led, trump)
                assert key == CAPTURE_KEYS[trump][led][card]
                if card.suit == trump:
                    assert key >= 20
                elif card.suit == led:
                    assert 10 <= key < 20
                else:
                    assert key == -1


trick_strategy = st.integers(min_value=2, max_value=6).flatmap(
    lambda size: st.permutations(list(ALL_CARDS)).map(lambda deck: list(deck[:size]))
)


@given(trick=trick_strategy, trump=st.sampled_from(TRUMPS))
def test_trick_winner_matches_the_reference(trick: list[Card], trump: Suit | None) -> None:
    letter = None if trump is None else trump.letter
    assert trick_winner(trick, trump) == reference_winner([card.code for card in trick], letter)


@given(trick=trick_strategy, trump=st.sampled_from(TRUMPS))
def test_winner_is_a_trump_if_any_else_of_the_suit_led(trick: list[Card], trump: Suit | None) -> None:
    winner = trick[trick_winner(trick, trump)]
    trumps = [card for card in trick if trump is not None and card.suit == trump]
    if trumps:
        assert winner.suit == trump
        assert winner == max(trumps)  # within a suit the higher number captures
    else:
        led = [card for card in trick if card.suit == trick[0].suit]
        assert winner.suit == trick[0].suit
        assert winner == max(led)


@given(trick=trick_strategy)
def test_without_trump_only_the_led_suit_wins(trick: list[Card]) -> None:
    position = trick_winner(trick, None)
    assert trick[position].suit == trick[0].suit
    for other in trick:
        if other.suit != trick[0].suit:
            assert trick_winner([trick[0], other], None) == 0


@given(trick=trick_strategy, trump=st.sampled_from(TRUMPS))
def test_trick_points_is_the_sum_of_card_points(trick: list[Card], trump: Suit | None) -> None:
    assert trick_points(trick) == sum(card.points for card in trick)


def test_trump_may_be_given_as_int() -> None:
    trick = parse_cards("KH 2C")
    assert trick_winner(trick, 3) == trick_winner(trick, Suit.CLUBS) == 1


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], Suit.CLUBS)


def test_single_card_wins_its_own_trick() -> None:
    for card in ALL_CARDS:
        for trump in TRUMPS:
            assert trick_winner([card], trump) == 0
