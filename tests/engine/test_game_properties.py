"""Whole matches of every preset with random legal actions, checking the rules' invariants after every step.

Hypothesis picks the deal seed and the seed of the random player; the checks restate the rules (rules.md sections 2-6)
independently of the engine's own bookkeeping: where every card is, who plays and draws when, who wins a hand and what
it is worth, when the match ends, and that an illegal action raises and leaves the state exactly as it was.

Over 700 lines because the invariants restate the rules independently of the engine, and they are checked together
after every step of one random match: split, each part would have to replay the same matches.
"""

from __future__ import annotations

import copy
import itertools
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine import (
    PRESETS,
    Action,
    Ask,
    Bid,
    Call,
    Card,
    ChooseTrump,
    Deal,
    Declare,
    Game,
    IllegalActionError,
    Meld,
    NotYourTurnError,
    Pass,
    Phase,
    Play,
    Rank,
    Ruleset,
    Signal,
    Suit,
    Swap,
    WrongPhaseError,
)
from briscola.engine.events import (
    AllPassed,
    AuctionWon,
    CardCalled,
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    Declared,
    Event,
    HandOver,
    HandsShown,
    HandStarted,
    MatchOver,
    Melded,
    PartnerRevealed,
    SignalGiven,
    SignalKind,
    Swapped,
    TrickWon,
    TrumpRevealed,
    TrumpTurned,
)
from briscola.engine.ruleset import AloneScoring, CappottoCount, DrawHandling, SignalRule, SwapRule, TrumpMode
from briscola.engine.tricks import trick_points, trick_winner
from tests.engine.helpers import card_places

PRESET_NAMES = list(PRESETS)
MAX_STEPS = 20_000
# Each preset gets half the profile's examples: a full share for all 21 presets would slow the everyday run.
MATCHES_PER_PRESET = max(10, settings().max_examples // 2)


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action, biased so that hands get played out and auctions end at varied heights."""
    actions = game.legal_actions()
    if game.phase is Phase.AUCTION:
        bids = [action for action in actions if isinstance(action, Bid)]
        if not bids or rng.random() < 0.45:
            return Pass()
        return bids[min(len(bids) - 1, int(rng.expovariate(0.4)))]
    plays = [action for action in actions if isinstance(action, Play)]
    if Declare() in actions:
        sure = game.side_points(game.to_move or 0) >= 31
        if rng.random() < (0.3 if sure else 0.02):
            return Declare()
        actions.remove(Declare())
    optional = [action for action in actions if not isinstance(action, Play)]
    if optional and rng.random() < 0.4:
        return rng.choice(optional)
    return rng.choice(plays or actions)


def successor(active: tuple[int, ...], seat: int) -> int:
    """The next seat in playing order among the seats taking part in the hand."""
    return active[(active.index(seat) + 1) % len(active)]


def margin(points: int) -> int:
    """Spanish margins: 1 game point for 61-90, 2 for 91-119, 3 for capote (all 120)."""
    return 3 if points >= 120 else 2 if points >= 91 else 1


@dataclass
class Tracker:
    """What the checks remember between steps, kept apart from the engine's own state."""

    rules: Ruleset
    dealt: bool = False
    dealer: int = -1
    next_dealer: int | None = None
    stake: int = 1
    scores: list[int] = field(default_factory=list)
    deals: int = 0
    leader: int = -1
    caller: int | None = None
    partner: int | None = None
    tricks: int = 0
    match_over: bool = False
    turn: set[str] = field(default_factory=set)
    """Optional actions the player to move has taken this turn (each may be taken once before the card)."""
    melded: set[Suit] = field(default_factory=set)
    trump_seen: bool = False
    shown: bool = False


# ------------------------------------------------------------------------------------------------------- checks


def expected_active(rules: Ruleset, dealer: int) -> tuple[int, ...]:
    n = rules.players
    seats = [(dealer + k) % n for k in range(1, n + 1)]
    if rules.sit_out:
        seats.remove(dealer)
    return tuple(seats)


def check_cards_in_one_place(game: Game) -> None:
    places = card_places(game)
    assert set(places) == set(game.rules.deck)
    assert all(count == 1 for count in places.values())
    if game.sitting_out is not None:
        assert game.hands[game.sitting_out] == []
    # Cards known to everyone (open hands, the drawn face-up briscola, swapped or melded cards) are still in hand.
    for seat, hand in enumerate(game.hands):
        if game.rules.open_hands:
            assert game.public_cards[seat] == set(hand)
        else:
            assert game.public_cards[seat] <= set(hand)
        face_up = game.rules.trump_mode is TrumpMode.TURNED and not game.briscola_in_talon
        if face_up and game.briscola in hand:
            assert game.briscola in game.public_cards[seat], "everyone saw who drew the face-up briscola"


def check_hand_started(game: Game, events: list[Event], tracker: Tracker) -> None:
    rules = game.rules
    started = [event for event in events if isinstance(event, HandStarted)]
    assert len(started) == 1
    start = started[0]
    chosen = [event for event in events if isinstance(event, DealerChosen)]
    if not tracker.dealt:
        assert len(chosen) == 1 and start.dealer == chosen[0].dealer
        tracker.dealt = True
    else:
        assert not chosen
        assert start.dealer == tracker.next_dealer, "the deal passes counterclockwise (or stays on a replay)"
    assert start.stake == tracker.stake
    tracker.dealer = start.dealer
    tracker.next_dealer = (start.dealer + 1) % rules.players
    tracker.caller = tracker.partner = None
    tracker.tricks = 0
    tracker.turn = set()
    tracker.melded = set()
    tracker.trump_seen = rules.trump_mode is TrumpMode.TURNED
    tracker.shown = False
    active = expected_active(rules, start.dealer)
    assert game.active == active
    assert start.sitting_out == (start.dealer if rules.sit_out else None)
    # Dealt one card at a time, starting with the player to the dealer's right.
    dealt = [event for event in events if isinstance(event, CardDealt)]
    assert [event.seat for event in dealt] == list(active) * rules.hand_size
    for event in dealt:
        assert event.seen_by == (None if rules.open_hands else frozenset({event.seat}))
    for seat in active:
        assert len(game.hands[seat]) == rules.hand_size
    assert len(game.talon) == len(rules.deck) - len(active) * rules.hand_size
    turned = [event for event in events if isinstance(event, TrumpTurned)]
    if rules.turns_card:
        assert len(turned) == 1
        assert game.briscola_in_talon and game.briscola == game.talon[0]
        assert game.trump == game.briscola.suit
        face_up = rules.trump_mode is TrumpMode.TURNED
        assert turned[0].card == (game.briscola if face_up else None)
        assert game.trump_public is face_up
    else:
        assert not turned
        assert game.briscola is None and game.trump is None
    tracker.leader = active[0]
    assert game.to_move == active[0], "the player to the dealer's right leads (or bids) first"


def check_trick(game: Game, won: TrickWon, trump: Suit | None, tracker: Tracker) -> None:
    seats = [seat for seat, _ in won.cards]
    trick = [card for _, card in won.cards]
    active = game.active
    assert len(won.cards) == len(active)
    assert seats[0] == tracker.leader, "the last trick's winner (or the dealer's right) leads"
    for before, after in itertools.pairwise(seats):
        assert after == successor(active, before), "play goes counterclockwise through the active seats"
    assert won.winner == seats[trick_winner(trick, trump)]
    assert won.points == trick_points(trick)
    tracker.tricks += 1
    assert won.trick_no == tracker.tricks
    tracker.leader = won.winner


def check_draws(game: Game, events: list[Event], talon_before: list[Card], briscola_before: Card | None) -> None:
    rules = game.rules
    active = game.active
    draws = [event for event in events if isinstance(event, CardDrawn)]
    won = [event for event in events if isinstance(event, TrickWon)]
    if not talon_before or not won:
        assert not draws
        return
    winner = won[0].winner
    # Everyone draws one card, the winner first, then the others in playing order; the top card comes first.
    assert len(draws) == len(active)
    expected_seats = [winner]
    while len(expected_seats) < len(active):
        expected_seats.append(successor(active, expected_seats[-1]))
    assert [draw.seat for draw in draws] == expected_seats
    assert [draw.card for draw in draws] == talon_before[::-1][: len(active)]
    assert [draw.talon_left for draw in draws] == list(range(len(talon_before) - 1, len(game.talon) - 1, -1))
    for position, draw in enumerate(draws):
        last_of_talon = position == len(draws) - 1 and not game.talon
        assert draw.briscola is (last_of_talon and rules.turns_card)
        public = rules.open_hands or (draw.briscola and rules.trump_mode is TrumpMode.TURNED)
        assert draw.seen_by == (None if public else frozenset({draw.seat}))
    if rules.turns_card and not game.talon:
        # The turned card is the last one drawn, by the seat before the winner in playing order.
        assert draws[-1].card == briscola_before
        assert successor(active, draws[-1].seat) == winner
        assert not game.briscola_in_talon
    for seat in active:
        assert len(game.hands[seat]) == rules.hand_size or not game.hands[winner]


def check_hand_sizes(game: Game) -> None:
    """Between tricks every active seat holds the same number of cards: the hand size while the talon lasts."""
    if game.phase is not Phase.PLAY or game.trick_cards:
        return
    rules = game.rules
    active = len(game.active)
    rounds = (len(rules.deck) - active * rules.hand_size) // active
    size = rules.hand_size + min(game.tricks_played, rounds) - game.tricks_played
    assert [len(game.hands[seat]) for seat in game.active] == [size] * active
    if game.talon:
        assert size == rules.hand_size


def expected_sides(game: Game, tracker: Tracker) -> set[tuple[int, ...]]:
    rules = game.rules
    active = game.active
    if rules.chiamata:
        assert tracker.caller is not None and tracker.partner is not None
        side = tuple(sorted({tracker.caller, tracker.partner}))
        return {side, tuple(sorted(seat for seat in active if seat not in side))}
    if rules.sit_out:
        return {tuple(sorted((active[0], active[2]))), tuple(sorted((active[1], active[3])))}
    return set(rules.teams)


def check_hand_over(game: Game, events: list[Event], over: HandOver, tracker: Tracker) -> None:
    rules = game.rules
    result = over.result
    sides = result.sides
    assert {tuple(sorted(side)) for side in sides} == expected_sides(game, tracker)
    assert sorted(seat for side in sides for seat in side) == sorted(game.active)
    card_points = []
    for index, side in enumerate(sides):
        # Partners keep one pile: the side's total is its seats' captured points plus melds.
        for seat in side:
            assert game.points[seat] == sum(card.points for card in game.captured[seat])
        pile_points = sum(game.points[seat] for seat in side)
        card_points.append(pile_points)
        assert result.side_points[index] == pile_points + sum(game.meld_points[seat] for seat in side)
        assert sorted(result.captured[index]) == sorted(card for seat in side for card in game.captured[seat])
        assert result.tricks[index] == sum(game.tricks_won[seat] for seat in side)
    totals = list(result.side_points)
    assert result.stake == tracker.stake
    assert result.cappotto is any(points == rules.deck_points for points in card_points)

    declared = [event for event in events if isinstance(event, Declared)]
    if result.reason == "played":
        assert not declared
        assert sum(card_points) == rules.deck_points
        assert not game.talon and not game.trick_cards and not any(game.hands)
        assert game.tricks_played == len(rules.deck) // len(game.active) == tracker.tricks
        assert sum(result.tricks) == game.tricks_played
        assert result.all_tricks is (max(result.tricks) == game.tricks_played)
    else:
        assert result.reason == "declare"
        assert len(declared) == 1
        assert not result.all_tricks

    # Who won, by the rules.
    if declared:
        seat = declared[0].seat
        mine = next(i for i, side in enumerate(sides) if seat in side)
        assert declared[0].points == totals[mine]
        assert declared[0].correct is (totals[mine] >= 31)
        winning = [mine] if declared[0].correct else [i for i in range(len(sides)) if i != mine]
    elif rules.has_auction:
        assert game.contract is not None
        mine = next(i for i, side in enumerate(sides) if tracker.caller in side)
        winning = [mine] if totals[mine] >= game.contract else [i for i in range(len(sides)) if i != mine]
    else:
        best = max(totals)
        winning = [i for i, total in enumerate(totals) if total == best]
        if len(winning) > 1:
            winning = []  # a tie at the top (60-60 with two sides) is a draw
        elif len(sides) == 2 and rules.deck_points == 120:
            assert totals[winning[0]] >= 61
    assert result.winners == tuple(sorted(seat for i in winning for seat in sides[i]))
    assert result.draw is (not winning)

    # What it is worth.
    gained = [0] * rules.players
    if rules.chiamata:
        caller_side = next(side for side in sides if tracker.caller in side)
        alone = len(caller_side) == 1
        sign = 1 if result.winners == tuple(sorted(caller_side)) else -1
        counted = result.all_tricks if rules.cappotto_counts is CappottoCount.TRICKS else result.cappotto
        factor = 2 if rules.cappotto_double and counted else 1
        other = 2 if alone and rules.chiamata_alone is AloneScoring.DOUBLED else 1
        for seat in game.active:
            base = (4 if alone else 2) if seat == tracker.caller else 1 if seat in caller_side else -other
            gained[seat] = sign * base * factor
        assert sum(gained) == (0 if other == 1 else sign * factor * (4 - 4 * other))
    elif rules.rematada:
        for side, total in zip(sides, totals, strict=True):
            for seat in side:
                gained[seat] = total
    elif winning:
        index = winning[0]
        worth = tracker.stake * (margin(card_points[index]) if rules.margin_scoring else 1)
        if rules.all_tricks_double and result.reason == "played" and result.tricks[index] == game.tricks_played:
            worth *= 2
        for seat in sides[index]:
            gained[seat] = worth
        if rules.sit_out_share and game.sitting_out is not None and index == 1:
            gained[game.sitting_out] = worth  # the one sitting out alternates with the second side's seats
    assert result.game_points == tuple(gained)

    tracker.scores = [score + points for score, points in zip(tracker.scores, gained, strict=True)]
    assert list(over.match_scores) == tracker.scores == game.match_scores
    tracker.deals += 1
    if not winning and not rules.rematada:
        if rules.draw_handling is DrawHandling.REPLAY:
            tracker.stake *= 2
            tracker.next_dealer = tracker.dealer
        elif rules.draw_handling is DrawHandling.CARRY:
            tracker.stake += 1
    else:
        tracker.stake = 1

    # The match ends exactly when its target is reached.
    ended = [event for event in events if isinstance(event, MatchOver)]
    scores = tracker.scores
    if rules.chiamata:
        should_end = tracker.deals == rules.chiamata_deals
    else:
        top = [seat for seat, score in enumerate(scores) if score == max(scores)]
        top_sides = {side for side in rules.teams for seat in top if seat in side}
        should_end = max(scores) >= rules.match_target and not (rules.rematada and len(top_sides) > 1)
    assert bool(ended) is should_end
    if ended:
        assert game.phase is Phase.MATCH_OVER
        assert ended[0].winners == tuple(seat for seat, score in enumerate(scores) if score == max(scores))
        assert ended[0].match_scores == tuple(scores)
        if rules.fixed_teams:
            assert ended[0].winners in rules.teams, "a partnership wins or loses together"
        tracker.match_over = True
    else:
        assert game.phase is Phase.HAND_OVER


def check_step(
    game: Game, events: list[Event], tracker: Tracker, talon_before: list[Card], briscola_before: Card | None
) -> None:
    rules = game.rules
    if any(isinstance(event, HandStarted) for event in events):
        check_hand_started(game, events, tracker)
    for event in events:
        if isinstance(event, AuctionWon):
            tracker.caller = event.seat
            assert game.caller == event.seat and game.contract == event.target
            assert game.phase is Phase.CALL and game.to_move == event.seat
        elif isinstance(event, CardCalled):
            assert event.seat == tracker.caller
            holders = [seat for seat in game.active if event.card in game.hands[seat]]
            assert len(holders) == 1
            tracker.partner = holders[0]
            assert game.partner == holders[0]
            assert game.trump == event.card.suit
        elif isinstance(event, TrickWon):
            check_trick(game, event, game.trump, tracker)
        elif isinstance(event, AllPassed):
            assert game.phase is Phase.DEAL
            assert game.next_dealer == (tracker.dealer + 1) % rules.players
    check_draws(game, events, talon_before, briscola_before)
    won = [event for event in events if isinstance(event, TrickWon)]
    overs = [event for event in events if isinstance(event, HandOver)]
    if won and not overs:
        assert game.to_move == game.leader == won[-1].winner, "the trick's winner leads the next trick"
    if overs:
        assert len(overs) == 1
        check_hand_over(game, events, overs[0], tracker)
    else:
        assert not any(isinstance(event, MatchOver) for event in events)
    check_cards_in_one_place(game)
    check_hand_sizes(game)


# ------------------------------------------------------------------------------------------------- legal actions

SEVEN_TAKES = {Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK}
TWO_TAKES = {Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN}


def signal_kind(hand: list[Card], trump: Suit, king: bool = False) -> SignalKind:
    """The truthful sign about a hand's trumps (the Spanish convention; SOME only when answering aloud; with
    ``king``, the sign for the trump king held without ace or three)."""
    ace = Card.of(Rank.ACE, trump) in hand
    three = Card.of(Rank.THREE, trump) in hand
    if ace and three:
        return SignalKind.BOTH
    if ace:
        return SignalKind.ACE
    if three:
        return SignalKind.THREE
    if king and Card.of(Rank.KING, trump) in hand:
        return SignalKind.KING
    return SignalKind.SOME if any(card.suit == trump for card in hand) else SignalKind.NONE


def swap_allowed(game: Game, seat: int, tracker: Tracker) -> Card | None:
    """The trump ``seat`` may exchange for the face-up briscola now, by the ruleset's swap options, or None."""
    rules = game.rules
    briscola = game.briscola
    if rules.swap is SwapRule.OFF or briscola is None or not game.briscola_in_talon or "swap" in tracker.turn:
        return None
    if rules.swap_needs_talon and len(game.talon) <= len(game.active):
        return None
    if rules.swap_after_winning_only and (game.trick_cards or game.last_winner != seat):
        return None
    options: list[Card] = []
    if rules.swap in (SwapRule.TWO, SwapRule.BOTH) and (not rules.swap_rank_limits or briscola.rank in TWO_TAKES):
        options.append(Card.of(Rank.TWO, briscola.suit))
    if rules.swap in (SwapRule.SEVEN, SwapRule.BOTH) and (not rules.swap_rank_limits or briscola.rank in SEVEN_TAKES):
        options.append(Card.of(Rank.SEVEN, briscola.suit))
    held = [card for card in options if card in game.hands[seat] and card != briscola]
    return held[0] if held else None


def expected_play_actions(game: Game, tracker: Tracker) -> set[Action]:
    """Every action the rules allow the player to move during play, stated independently of the engine."""
    rules = game.rules
    seat = game.to_move
    assert seat is not None
    hand = game.hands[seat]
    playable = list(hand)
    if rules.must_follow_suit and game.trick_cards:
        same = [card for card in hand if card.suit == game.trick_cards[0].suit]
        playable = same or playable
    expected: set[Action] = {Play(card) for card in playable}
    if swap_allowed(game, seat, tracker) is not None:
        expected.add(Swap())
    if rules.to_31:
        expected.add(Declare())
    leading_after_a_win = not game.trick_cards and game.last_winner == seat
    if rules.subastada and leading_after_a_win and "meld" not in tracker.turn and game.trump is not None:
        for suit in Suit:
            pair = {Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)}
            if suit not in tracker.melded and pair <= set(hand):
                expected.add(Meld(suit))
    trump = game.trump
    if trump is not None and game.trump_public:
        secret = rules.signals is SignalRule.SECRET and "signal" not in tracker.turn
        # The Spanish signs say ace, three, both or no trumps: there is no sign for "trumps, but neither".
        if secret and signal_kind(hand, trump, rules.signal_king) is not SignalKind.SOME:
            expected.add(Signal())
        aloud = rules.signals is SignalRule.ALOUD and "ask" not in tracker.turn
        # The first trick is silent; afterwards only the player about to lead may ask.
        if aloud and not game.trick_cards and game.tricks_played >= 1:
            expected.add(Ask())
    return expected


def expected_bids(game: Game) -> set[Action]:
    assert game.auction is not None
    high = game.auction.high_bid
    expected: set[Action] = {Pass()}
    if game.rules.chiamata:
        ladder = [Bid(rank=Rank.parse(letter)) for letter in "A3KQJ76542"]
        ladder += [Bid(target=target) for target in range(61, 121)]
        start = 0 if high is None else ladder.index(high) + 1
        expected.update(ladder[start:])
    else:
        low = game.rules.auction_min_bid if high is None or high.target is None else high.target + 1
        expected.update(Bid(target=target) for target in range(low, 221))
    return expected


def check_legal_actions(game: Game, tracker: Tracker) -> None:
    actions = game.legal_actions()
    assert len(actions) == len(set(actions)), "no action is listed twice"
    if game.phase is Phase.PLAY:
        assert set(actions) == expected_play_actions(game, tracker)
        assert set(game.legal_cards()) == {action.card for action in actions if isinstance(action, Play)}
    elif game.phase is Phase.AUCTION:
        assert set(actions) == expected_bids(game)
    elif game.phase is Phase.CALL:
        if game.rules.chiamata:
            assert game.auction is not None and game.auction.high_bid is not None
            rank = game.auction.high_bid.rank or Rank.TWO
            assert set(actions) == {Call(Card.of(rank, suit)) for suit in Suit}
        else:
            assert set(actions) == {ChooseTrump(suit) for suit in Suit}
    elif game.phase is Phase.MATCH_OVER:
        assert actions == []
    else:
        assert actions == [Deal()]


def check_optional_events(
    game: Game, events: list[Event], tracker: Tracker, seat: int | None, hand_before: list[Card], swap_card: Card | None
) -> None:
    """Swaps, signals, melds, the hidden trump's reveal, the partner's reveal and hands shown at the end."""
    rules = game.rules
    for event in events:
        if isinstance(event, Swapped):
            assert event.seat == seat and event.gave == swap_card
            assert event.took in game.hands[event.seat] and event.gave not in game.hands[event.seat]
            assert game.talon[0] == game.briscola == event.gave
            tracker.turn.add("swap")
        elif isinstance(event, Melded):
            assert event.seat == seat and game.trump is not None
            assert event.points == (40 if event.suit == game.trump else 20)
            assert set(event.cards) == {Card.of(Rank.KING, event.suit), Card.of(Rank.QUEEN, event.suit)}
            tracker.melded.add(event.suit)
            tracker.turn.add("meld")
        elif isinstance(event, SignalGiven):
            assert game.trump is not None
            truthful = signal_kind(game.hands[event.seat], game.trump, game.rules.signal_king)
            assert event.signal is truthful, "signals are truthful"
            if event.asked_by is None:
                assert event.seat == seat and event.seen_by == frozenset(game.side_of(event.seat))
                tracker.turn.add("signal")
            else:
                assert event.asked_by == seat and event.seat in game.side_of(seat) and event.seat != seat
                assert event.seen_by is None
                tracker.turn.add("ask")
        elif isinstance(event, CardPlayed):
            assert event.seat == seat and event.card in hand_before
            tracker.turn = set()
        elif isinstance(event, TrumpRevealed):
            assert rules.trump_mode is TrumpMode.HIDDEN and not tracker.trump_seen
            assert event.suit == game.trump
            tracker.trump_seen = True
        elif isinstance(event, PartnerRevealed):
            assert rules.chiamata and event.seat == tracker.partner
            assert event.alone is (tracker.partner == tracker.caller)
        elif isinstance(event, HandsShown):
            assert rules.show_hands_at_end and not game.talon
            assert event.seen_by is not None and event.seat in event.seen_by
            assert event.seen_by == frozenset(game.side_of(event.seat))
            assert event.cards == tuple(game.hands[event.seat])
    played = [event for event in events if isinstance(event, CardPlayed)]
    if rules.trump_mode is TrumpMode.HIDDEN and played and played[0].card.suit == game.trump:
        assert tracker.trump_seen
    shown = [event for event in events if isinstance(event, HandsShown)]
    if shown:
        assert not tracker.shown
        tracker.shown = True
        assert sorted(event.seat for event in shown) == sorted(game.active)
    elif rules.show_hands_at_end and any(isinstance(event, CardDrawn) for event in events) and not game.talon:
        raise AssertionError("partners show their hands as soon as the talon is exhausted")


# ------------------------------------------------------------------------------------------------ illegal actions


def illegal_actions(game: Game, rng: random.Random) -> list[tuple[Action, int | None, type[IllegalActionError]]]:
    """Actions the rules refuse now, with the seat pushing them and the error they must raise."""
    out: list[tuple[Action, int | None, type[IllegalActionError]]] = []
    rules = game.rules
    any_card = rng.choice(rules.deck)
    phase = game.phase
    legal = game.legal_actions()
    seat = game.to_move
    if seat is not None and legal:
        others = [s for s in range(rules.players) if s != seat]
        out.append((rng.choice(legal), rng.choice(others), NotYourTurnError))
    if phase is Phase.PLAY:
        assert seat is not None
        hand = game.hands[seat]
        missing = [card for card in rules.deck if card not in hand]
        out.append((Play(rng.choice(missing)), None, IllegalActionError))
        out.append((Play(rng.choice(missing)), seat, IllegalActionError))
        if rules.must_follow_suit and game.trick_cards:
            led = game.trick_cards[0].suit
            if any(card.suit == led for card in hand):
                for card in hand:
                    if card.suit != led:
                        out.append((Play(card), seat, IllegalActionError))
        optionals: list[Action] = [Swap(), Declare(), Signal(), Ask(), *(Meld(suit) for suit in Suit)]
        for optional in optionals:
            if optional not in legal:
                out.append((optional, None, IllegalActionError))
        out.extend((action, None, WrongPhaseError) for action in (Deal(), Pass(), Bid(target=70), Call(any_card)))
    elif phase is Phase.AUCTION:
        assert game.auction is not None
        out.append((Play(rng.choice(game.hands[seat or 0] or [any_card])), None, WrongPhaseError))
        out.extend((action, None, WrongPhaseError) for action in (Deal(), Call(any_card), ChooseTrump(Suit.SPADE)))
        high = game.auction.high_bid
        if rules.chiamata:
            out.append((Bid(target=121), None, IllegalActionError))
            if high is not None:
                out.append((high, None, IllegalActionError))
                if high.rank is not None and high.rank is not Rank.ACE:
                    out.append((Bid(rank=Rank.ACE), None, IllegalActionError))
        else:
            out.append((Bid(rank=Rank.ACE), None, IllegalActionError))
            out.append((Bid(target=rules.auction_min_bid - 1), None, IllegalActionError))
            if high is not None:
                out.append((high, None, IllegalActionError))
    elif phase is Phase.CALL:
        out.extend((action, None, WrongPhaseError) for action in (Deal(), Pass(), Play(any_card)))
        if rules.chiamata:
            out.append((ChooseTrump(Suit.CLUBS), None, IllegalActionError))
            out.extend((Call(card), None, IllegalActionError) for card in rules.deck if Call(card) not in legal)
        else:
            out.append((Call(any_card), None, IllegalActionError))
    else:
        out.extend((action, None, WrongPhaseError) for action in (Play(any_card), Pass(), Bid(target=61), Swap()))
        if phase is Phase.MATCH_OVER:
            out.append((Deal(), None, WrongPhaseError))
    return out


def check_illegal_actions(game: Game, rng: random.Random) -> None:
    snapshot = copy.deepcopy(vars(game))
    candidates = illegal_actions(game, rng)
    for action, seat, error in rng.sample(candidates, min(4, len(candidates))):
        with pytest.raises(error):
            game.apply(action, seat=seat)
        assert vars(game) == snapshot, f"{action} (seat {seat}) changed the state"


# --------------------------------------------------------------------------------------------------------- tests


def play_checked_match(rules: Ruleset, seed: int, choices: int) -> Game:
    game = Game(rules, seed)
    rng = random.Random(choices)
    tracker = Tracker(rules, scores=[0] * rules.players)
    for _ in range(MAX_STEPS):
        if rng.random() < 0.08:
            check_illegal_actions(game, rng)
        if game.is_over:
            break
        check_legal_actions(game, tracker)
        talon_before = list(game.talon)
        briscola_before = game.briscola
        seat = game.to_move
        hand_before = list(game.hands[seat]) if seat is not None else []
        swap_card = swap_allowed(game, seat, tracker) if seat is not None and game.phase is Phase.PLAY else None
        action = random_action(game, rng)
        twin = game.clone() if rng.random() < 0.05 else None
        before = copy.deepcopy(vars(game)) if twin is not None else None
        events = game.apply(action, seat=seat if rng.random() < 0.5 else None)
        if twin is not None:
            # A clone is independent of its original, and goes the same way under the same action.
            assert vars(twin) == before
            assert twin.apply(action) == events
            assert vars(twin) == vars(game)
        check_step(game, events, tracker, talon_before, briscola_before)
        check_optional_events(game, events, tracker, seat, hand_before, swap_card)
    assert game.is_over and tracker.match_over
    check_illegal_actions(game, rng)
    assert game.match_winners
    return game


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=MATCHES_PER_PRESET)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), choices=st.integers(min_value=0, max_value=2**64))
def test_random_matches_keep_the_rules(name: str, seed: int, choices: int) -> None:
    play_checked_match(PRESETS[name], seed, choices)


VARIANTS: dict[str, dict[str, object]] = {
    "carry": {"draw_handling": "carry"},
    "replay-4": {"players": 4, "draw_handling": "replay"},
    "all-tricks-double": {"all_tricks_double": True, "hand_size": 10, "trump_mode": "none"},
    "margins-carry": {"margin_scoring": True, "draw_handling": "carry", "margin_target": 5},
    "swap-both-limits": {"swap": "both", "swap_rank_limits": True, "swap_needs_talon": False},
    "swap-after-winning": {"swap": "seven", "swap_after_winning_only": True, "players": 4},
    "four-signals-king": {"players": 4, "signals": "secret", "signal_king": True},
    "six-aloud-king": {"players": 6, "signals": "aloud", "signal_king": True},
    "sitout-signals-shown": {"players": 5, "sit_out": True, "signals": "aloud", "show_hands_at_end": True},
    "chiamata-cappotto": {
        "players": 5,
        "hand_size": 8,
        "trump_mode": "called",
        "cappotto_double": True,
        "chiamata_deals": 3,
    },
    "chiamata-points-alone-doubled": {
        "players": 5,
        "hand_size": 8,
        "trump_mode": "called",
        "cappotto_double": True,
        "cappotto_counts": "points",
        "chiamata_alone": "doubled",
        "chiamata_deals": 3,
    },
    "subastada-six": {"players": 6, "trump_mode": "auction", "auction_min_bid": 50},
    "subastada-melds": {"trump_mode": "auction", "hand_size": 10, "family": "spanish"},
    "hidden-four-follow": {"players": 4, "trump_mode": "hidden", "must_follow_suit": True},
    "hidden-six-signals": {"players": 6, "trump_mode": "hidden", "signals": "secret", "show_hands_at_end": True},
    "three-36-rematada": {"players": 3, "removed_cards": ["2D", "2H", "2S", "2C"], "rematada": True},
    "to31-open-best-of-five": {"to_31": True, "open_hands": True, "hands_to_win": 3},
}


@pytest.mark.parametrize("variant", list(VARIANTS))
@settings(max_examples=max(5, settings().max_examples // 5))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), choices=st.integers(min_value=0, max_value=2**64))
def test_random_matches_of_option_combinations_keep_the_rules(variant: str, seed: int, choices: int) -> None:
    rules = Ruleset().with_options(**VARIANTS[variant])
    play_checked_match(rules, seed, choices)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_many_random_matches_keep_the_rules(name: str) -> None:
    for seed in range(300):
        play_checked_match(PRESETS[name], seed, seed * 7919)
