"""Reading the other player's hand from its plays: exact likelihoods on a chosen deal, the dynamic program against
brute force over every order of draws, and the posterior it samples from."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from briscola.ai.inference import SLIP, STRICT_SLIP, PlayReading, Readings, posterior_worlds
from briscola.ai.levels import make_player
from briscola.ai.simple import greedy_cards
from briscola.engine import Deal, Game, Phase, Play, Ruleset, preset
from briscola.engine.actions import Swap
from briscola.engine.cards import Card, parse_cards
from briscola.engine.ruleset import SwapRule
from briscola.engine.sampling import hidden_hands, sample_world

CLASSIC = preset("classic").with_options(hands_to_win=1)
#: Two players, three cards, suit must be followed: a hand holding the suit led can only have followed it.
BUSSATA = preset("bussata").with_options(hands_to_win=1)


def declined_carico() -> Game:
    """Seat 0 leads the three of diamonds; seat 1 (no trump, no diamond) throws the 2 of spades; both draw.

    Trumps are clubs (the face-up 4 of clubs). Seat 0 drew the 5 of diamonds, seat 1 the 7 of hearts.
    """
    hands = {0: parse_cards("3D 2H 4S"), 1: parse_cards("5H 6S 2S")}
    dealt = [hands[seat][k] for k in range(3) for seat in (0, 1)]
    rest = [*parse_cards("4C 5D 7H")]
    order = dealt + rest + sorted(set(CLASSIC.deck) - set(dealt) - set(rest))
    game = Game.from_deal(CLASSIC, order, dealer=1)
    game.apply(Play(Card.parse("3D")))
    game.apply(Play(Card.parse("2S")))
    assert game.hands[1] == [*parse_cards("5H 6S 7H")]
    return game


def test_a_hand_that_could_have_taken_the_carico_is_unlikely() -> None:
    reading = PlayReading(declined_carico().view(0))
    # Whichever of these cards came with the last draw, the hand before it had nothing that takes a diamond three.
    assert reading.weight(parse_cards("5H 6S 7H")) == 1.0
    # A trump 2: only if the 2 itself was the card just drawn was throwing the 2 of spades sensible (1 case in 3).
    assert reading.weight(parse_cards("5H 6S 2C")) == pytest.approx((1 + 2 * SLIP) / 3)
    # The diamond ace and a trump: every hand it could have held then would have taken the trick.
    assert reading.weight(parse_cards("AD 2C 5H")) == pytest.approx(SLIP)


def test_the_reading_uses_only_the_view() -> None:
    game = declined_carico()
    view = game.view(0)
    reading = PlayReading(view)
    assert reading.other == 1
    assert [card for card, _, _, _ in reading.plays] == [Card.parse("2S")]
    _, trick, drew, seen = reading.plays[0]
    assert trick == (Card.parse("3D"),)
    assert drew and seen is None  # seat 1's draw is hidden from seat 0


def brute_weight(reading: PlayReading, hand: tuple[Card, ...]) -> float:
    """The same likelihood by playing forward from every starting hand and every order of draws.

    Each way the other player's cards (its hand now and the cards it played) can have come to it, ending with
    ``hand``, is equally likely; the weight is the mean over them of how sensible every play was.
    """
    plays = reading.plays
    pool = set(hand) | {card for card, _, _, _ in plays}
    total = 0.0
    count = 0
    drawn = sum(1 for _, _, drew, _ in plays if drew)
    size = len(pool) - drawn
    for start in itertools.combinations(sorted(pool), size):
        rest = pool - set(start)
        for draws in itertools.permutations(sorted(rest)):
            held = set(start)
            value = 1.0
            queue = list(draws)
            valid = True
            for card, trick, drew, seen in plays:
                if card not in held:
                    valid = False
                    break
                options = sorted(held)
                if reading.must_follow and trick:
                    options = [c for c in options if c.suit == trick[0].suit] or options
                seated = [(reading.me, c) for c in trick]
                sensible = greedy_cards(options, seated, reading.trump, team=(reading.other,), opponent_after=False)
                if card not in options:  # the hand had the suit led and didn't follow it: it can't have been held
                    value = 0.0
                value *= 1.0 if card in sensible else reading.slip
                held.discard(card)
                if drew:
                    new = queue.pop(0)
                    if seen is not None and new != seen:
                        valid = False
                        break
                    held.add(new)
            if valid and held == set(hand):
                total += value
                count += 1
    return total / count if count else 0.0


@pytest.mark.parametrize("rules", [CLASSIC, BUSSATA], ids=["classic", "bussata"])
@pytest.mark.parametrize("seed", range(6))
def test_the_dynamic_program_matches_brute_force(seed: int, rules: Ruleset) -> None:
    game = Game(rules, seed)
    game.apply(Deal())
    players = [make_player("medio", random.Random(seed)), make_player("greedy", random.Random(seed + 1))]
    rng = random.Random(seed)
    stop = 5 + seed % 2  # a few tricks in: few enough plays for brute force, enough to reach back over draws
    while game.phase is Phase.PLAY and game.tricks_played < stop:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    view = game.view(0)
    reading = PlayReading(view)
    assert len(reading.plays) >= 5
    hands = [tuple(game.hands[1])] + [tuple(sample_world(view, rng).hands[1]) for _ in range(4)]
    for hand in hands:
        assert reading.weight(hand) == pytest.approx(brute_weight(reading, hand))


def test_the_true_hand_explains_a_sensible_players_plays_better_than_sampled_hands() -> None:
    """Against a player of single-trick common sense, the hand it really holds stands out among the deals sampled
    from the view: measured at about one nat of log-likelihood a position, asserted at half of that."""
    gains = []
    for seed in range(8):
        game = Game(CLASSIC, seed)
        game.apply(Deal())
        players = [make_player("medio", random.Random(seed)), make_player("greedy", random.Random(seed + 1))]
        rng = random.Random(seed)
        while game.phase is Phase.PLAY:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if seat == 0 and game.talon_size > 5 and game.tricks_played > 0:
                reading = PlayReading(view)
                sampled = [reading.weight(sample_world(view, rng).hands[1]) for _ in range(30)]
                gains.append(math.log(reading.weight(game.hands[1]) / (sum(sampled) / len(sampled))))
            game.apply(players[seat].choose(view))
    assert len(gains) > 50
    assert sum(gains) / len(gains) > 0.5


def test_posterior_worlds_draw_each_hand_as_often_as_its_weight_says() -> None:
    view = declined_carico().view(0)
    reading = PlayReading(view)
    takers = set(parse_cards("AD")) | {card for card in CLASSIC.deck if card.suit == view.trump}
    hands = hidden_hands(view, 1)
    weights = [reading.weight(hand) for hand in hands]
    # Exactly: the share of the posterior's mass on hands holding a trump or the diamond ace.
    expected = sum(w for hand, w in zip(hands, weights, strict=True) if takers & set(hand)) / sum(weights)

    def share_holding_takers(worlds: list[Game]) -> float:
        return sum(1 for world in worlds if takers & set(world.hands[1])) / len(worlds)

    plain = list(posterior_worlds(view, random.Random(4), 4000, read=False))
    read = list(posterior_worlds(view, random.Random(4), 4000))
    assert len(plain) == len(read) == 4000
    # Plainly, most hands of three hold a trump or the ace; the reading keeps mostly those where one came last.
    assert share_holding_takers(plain) > 0.4
    assert expected < share_holding_takers(plain) - 0.2
    assert share_holding_takers(read) == pytest.approx(expected, abs=0.03)
    unseen = sorted(set(view.unseen_cards()) | ({view.briscola} if view.briscola else set()))
    for world in read[:200]:
        assert world.view(0) == view
        assert sorted(world.hands[1] + world.talon) == unseen


def test_without_the_reading_or_anything_to_read_deals_are_sampled_plainly() -> None:
    view = declined_carico().view(0)
    plain = [sample_world(view, random.Random(9)).hands[1]]
    assert [world.hands[1] for world in posterior_worlds(view, random.Random(9), 1, read=False)] == plain
    fresh = Game(CLASSIC, 3)
    fresh.apply(Deal())
    first = fresh.view(fresh.to_move or 0)
    plain = [sample_world(first, random.Random(9)).hands[1]]
    assert [world.hands[1] for world in posterior_worlds(first, random.Random(9), 1)] == plain


def test_big_hands_are_sampled_plainly() -> None:
    """Ten-card briscolone: reading back over draws would weigh too many possible hands, so it is not done."""
    game = Game(preset("briscolone-10").with_options(hands_to_win=1), 2)
    game.apply(Deal())
    for _ in range(6):
        game.apply(Play(game.legal_cards()[0]))
    view = game.view(game.to_move or 0)
    rng = random.Random(5)
    expected = [sample_world(view, rng).hands[1] for _ in range(3)]
    assert [world.hands[1] for world in posterior_worlds(view, random.Random(5), 3)] == expected


def test_cubiertas_face_down_briscola_is_sampled_plainly() -> None:
    """While nobody knows the face-down briscola, the hidden cards can't be listed as one hand and a talon."""
    game = Game(preset("cubierta").with_options(hands_to_win=1), 4)
    game.apply(Deal())
    view = game.view(game.to_move or 0)
    while view.briscola is not None or not PlayReading(view).plays:
        assert view.briscola is None, "deal 4 should reach a play to read before the trump is revealed"
        game.apply(Play(min(game.legal_cards(), key=lambda card: (card.points, card.rank))))
        view = game.view(game.to_move or 0)
    rng = random.Random(5)
    expected = [sample_world(view, rng).hands[1 - view.seat] for _ in range(3)]
    drawn = [world.hands[1 - view.seat] for world in posterior_worlds(view, random.Random(5), 3)]
    assert drawn == expected


def test_the_reading_forgets_plays_before_a_swap_it_does_not_follow() -> None:
    rules = CLASSIC.with_options(swap=SwapRule.SEVEN)
    # Seat 1 holds the 7 of clubs and may give it for the face-up king of clubs.
    hands = {0: parse_cards("3D 2H 4S"), 1: parse_cards("5H 6S 7C")}
    dealt = [hands[seat][k] for k in range(3) for seat in (0, 1)]
    rest = [*parse_cards("KC 5D 7H 4D 6D")]
    order = dealt + rest + sorted(set(rules.deck) - set(dealt) - set(rest))
    game = Game.from_deal(rules, order, dealer=1)
    game.apply(Play(Card.parse("2H")))
    game.apply(Play(Card.parse("5H")))  # seat 1 takes, then leads: first it swaps
    assert Swap() in game.legal_actions()
    game.apply(Swap())
    game.apply(Play(Card.parse("6S")))
    reading = PlayReading(game.view(0))
    assert [card for card, _, _, _ in reading.plays] == [Card.parse("6S")]


@pytest.mark.parametrize("opponent", ["greedy", "medio"])
def test_readings_kept_between_moves_weigh_every_hand_as_fresh_ones_do(opponent: str) -> None:
    """A reading that follows the hand from move to move keeps what it worked out about older plays: the weights
    must be exactly those of a reading built afresh from the view, at every move of whole hands, and hands listed
    once a move must be the hands the engine lists."""
    for seed in range(3):
        game = Game(CLASSIC, seed)
        game.apply(Deal())
        players = [make_player("medio", random.Random(seed)), make_player(opponent, random.Random(seed + 1))]
        readings = Readings()
        before: dict[float, PlayReading] = {}
        followed = 0
        while game.phase is Phase.PLAY:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if seat == 0:
                hands = readings.hands(view, 1)
                assert hands == [(*view.known_cards[1], *hand) for hand in hidden_hands(view, 1)]
                for slip, normalise in ((SLIP, False), (STRICT_SLIP, True)):
                    kept = readings.reading(view, slip, normalise=normalise)
                    fresh = PlayReading(view, slip, normalise=normalise)
                    assert kept.plays == fresh.plays
                    assert [kept.weight(hand) for hand in hands] == [fresh.weight(hand) for hand in hands]
                    followed += kept is before.get(slip)
                    before[slip] = kept
            game.apply(players[seat].choose(view))
        assert followed > 20  # the same readings followed the hand, move after move


def test_a_reading_follows_its_own_hand_only() -> None:
    game = declined_carico()
    reading = PlayReading(game.view(0))
    assert not reading.follow(game.view(1))  # the other seat's reading is another reading
    # The same deal, where seat 1 threw the six of spades instead: the same trump, another play.
    hands = {0: parse_cards("3D 2H 4S"), 1: parse_cards("5H 6S 2S")}
    dealt = [hands[seat][k] for k in range(3) for seat in (0, 1)]
    rest = [*parse_cards("4C 5D 7H")]
    other = Game.from_deal(CLASSIC, dealt + rest + sorted(set(CLASSIC.deck) - set(dealt) - set(rest)), dealer=1)
    other.apply(Play(Card.parse("3D")))
    other.apply(Play(Card.parse("6S")))
    assert not reading.follow(other.view(0))
    # A later moment of its own hand: followed, the newest play now known to be followed by a draw.
    for _ in range(2):
        seat = game.to_move
        assert seat is not None
        game.apply(make_player("greedy", random.Random(1)).choose(game.view(seat)))
    assert reading.follow(game.view(0))
    assert reading.plays == PlayReading(game.view(0)).plays
