"""Views leak nothing, and sampled worlds are consistent with the view they came from.

The leak test does not trust the engine's own notion of "known": it replays the unredacted events and keeps, for
every seat, the set of cards a person in that seat would have *seen* at a real table (dealt or drawn to them, played,
face up, swapped, shown, or all of them in open hands). Every :class:`Card` reachable from a view must be in that set.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from enum import Enum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.engine import PRESETS, Call, Card, Game, Phase
from briscola.engine.events import (
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    Event,
    HandsShown,
    HandStarted,
    Melded,
    Swapped,
    TrumpTurned,
)
from briscola.engine.ruleset import Ruleset, TrumpMode
from briscola.engine.sampling import sample_world
from briscola.engine.views import PlayerView


def reachable_cards(obj: object, seen_ids: set[int] | None = None) -> Iterator[Card]:
    """Every Card reachable from ``obj`` through dataclass fields and containers."""
    seen_ids = set() if seen_ids is None else seen_ids
    if id(obj) in seen_ids:
        return
    seen_ids.add(id(obj))
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, (str, bytes, int, float, bool, Enum, type(None))):
        return
    elif isinstance(obj, Ruleset):
        return  # the rules name removed cards, which are public by definition
    elif dataclasses.is_dataclass(obj):
        for field in dataclasses.fields(obj):
            yield from reachable_cards(getattr(obj, field.name), seen_ids)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from reachable_cards(key, seen_ids)
            yield from reachable_cards(value, seen_ids)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for item in obj:
            yield from reachable_cards(item, seen_ids)
    else:
        raise AssertionError(f"a view holds an object of unexpected type {type(obj).__name__}")


class TableWitness:
    """What each seat has seen this hand, derived from the unredacted events by the table's own rules."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.seen: list[set[Card]] = [set() for _ in range(rules.players)]
        self.cuts: set[Card] = set()

    def everyone(self, *cards: Card | None) -> None:
        for seen in self.seen:
            seen.update(card for card in cards if card is not None)

    def observe(self, event: Event) -> None:
        rules = self.rules
        if isinstance(event, DealerChosen):
            # Cards cut for the deal come from a separate shuffle, shown to all: they tell nothing about the hand.
            self.cuts.update(card for cut in event.cuts for _, card in cut)
        elif isinstance(event, HandStarted):
            self.seen = [set(self.cuts) for _ in range(rules.players)]
        elif isinstance(event, (CardDealt, CardDrawn)):
            assert event.card is not None
            face_up = isinstance(event, CardDrawn) and event.briscola and rules.trump_mode is TrumpMode.TURNED
            if rules.open_hands or face_up:
                self.everyone(event.card)
            else:
                self.seen[event.seat].add(event.card)
        elif isinstance(event, (TrumpTurned, CardPlayed)):
            self.everyone(event.card)
        elif isinstance(event, Swapped):
            self.everyone(event.gave, event.took)
        elif isinstance(event, Melded):
            self.everyone(*event.cards)
        elif isinstance(event, HandsShown):
            assert event.cards is not None and event.seen_by is not None
            for seat in event.seen_by:
                self.seen[seat].update(event.cards)


def check_view(view: PlayerView, witness: TableWitness) -> None:
    allowed = witness.seen[view.seat]
    if view.called_card is not None:
        allowed = allowed | {view.called_card}  # named aloud by the caller: its identity is public
    # The cards a caller may name are options, not information about where cards are.
    allowed = allowed | {action.card for action in view.legal if isinstance(action, Call)}
    leaked = {card for card in reachable_cards(view) if card not in allowed}
    assert not leaked, f"seat {view.seat} sees {sorted(c.code for c in leaked)} it never saw"
    assert not any(field.name == "seed" for field in dataclasses.fields(view))


def play_random_match(rules: Ruleset, seed: int, choice_seed: int, check_every: int = 1) -> None:
    """Play a match at random, checking every seat's view (and a sampled world) as it goes."""
    game = Game(rules, seed)
    rng = random.Random(choice_seed)
    witness = TableWitness(rules)
    step = 0
    while not game.is_over and step < 600:
        for event in game.apply(rng.choice(game.legal_actions())):
            witness.observe(event)
        step += 1
        if step % check_every:
            continue
        for seat in range(rules.players):
            view = game.view(seat)
            check_view(view, witness)
            if game.phase is Phase.PLAY:
                world = sample_world(view, rng)
                assert world.view(seat) == view, "a sampled world must look exactly like the view it came from"
                if seat == 0:
                    while world.phase is Phase.PLAY:  # a world can be played to the end of its hand
                        world.apply(rng.choice(world.legal_actions()))


@pytest.mark.parametrize("name", sorted(PRESETS))
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_views_never_contain_hidden_cards(name: str, seed: int, choice_seed: int) -> None:
    play_random_match(PRESETS[name], seed, choice_seed, check_every=3)


def test_opponent_hand_and_talon_are_hidden_in_classic() -> None:
    game = Game(PRESETS["classic"], 11)
    game.apply(game.legal_actions()[0])
    view = game.view(0)
    assert view.known_cards[1] == ()
    assert view.hand_sizes == (3, 3)
    assert view.talon_size == 34
    assert view.briscola is not None and view.briscola == game.talon[0]
    assert len(view.unseen_cards()) == 40 - 3 - 1


def test_open_hands_show_the_opponent() -> None:
    game = Game(PRESETS["open"], 11)
    game.apply(game.legal_actions()[0])
    assert game.view(0).known_cards[1] == tuple(sorted(game.hands[1]))


def test_cubierta_trump_is_unknown_until_played() -> None:
    game = Game(PRESETS["cubierta"], 5)
    game.apply(game.legal_actions()[0])
    assert game.trump is not None
    assert all(game.view(seat).trump is None and game.view(seat).briscola is None for seat in range(2))
    rng = random.Random(0)
    while game.phase is Phase.PLAY and not game.trump_public:
        game.apply(rng.choice(game.legal_actions()))
    if game.trump_public:
        assert all(game.view(seat).trump == game.trump for seat in range(2))


def test_chiamata_partner_is_secret_until_the_card_is_played() -> None:
    for seed in range(30):
        game = Game(PRESETS["chiamata"], seed)
        rng = random.Random(seed)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        partner, caller = game.partner, game.caller
        assert partner is not None and caller is not None
        if partner == caller:
            continue
        outsiders = [seat for seat in range(5) if seat not in (partner, caller)]
        assert all(game.view(seat).partner is None for seat in outsiders)
        assert game.view(partner).partner == partner, "the holder of the called card knows it is the partner"
        assert game.view(caller).partner is None, "the caller does not know who holds the card"
        return
    pytest.fail("no seed gave a chiamata with a separate partner")


def test_secret_signals_reach_partners_only() -> None:
    game = Game(PRESETS["four-signals"], 2)
    rng = random.Random(2)
    game.apply(game.legal_actions()[0])
    for _ in range(200):
        actions = game.legal_actions()
        signals = [action for action in actions if str(action) == "signal"]
        if signals:
            signaller = game.to_move
            assert signaller is not None
            game.apply(signals[0])
            partner = (signaller + 2) % 4
            opponents = [(signaller + 1) % 4, (signaller + 3) % 4]
            assert game.view(partner).signals and game.view(partner).signals[-1][0].seat == signaller
            for opponent in opponents:
                assert all(signal.seat != signaller for signal, _ in game.view(opponent).signals)
            return
        game.apply(rng.choice(actions))
    pytest.fail("nobody could signal in 200 steps")


@pytest.mark.parametrize("name", ["classic", "four", "bussata", "four-signals", "cubierta", "chiamata", "six"])
def test_sampled_worlds_vary_and_respect_voids(name: str) -> None:
    """Worlds differ from one another, and a player who could not follow suit is never dealt that suit again."""
    rules = PRESETS[name]
    game = Game(rules, 21)
    rng = random.Random(21)
    while not (game.phase is Phase.PLAY and game.tricks_played >= 2):
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.active[0])
    worlds = [sample_world(view, random.Random(i)) for i in range(30)]
    hidden_hands = {tuple(sorted(world.hands[seat])) for world in worlds for seat in view.active if seat != view.seat}
    assert len(hidden_hands) > 1
    for world in worlds:
        for seat, suit, draws_then in view.voids:
            if seat != view.seat and view.draws[seat] == draws_then:
                assert all(card.suit != suit for card in world.hands[seat])


def test_must_follow_void_constraint_is_used() -> None:
    """Bussata near the end: after a player shows out of a suit, no sampled world gives them more of it than they
    drew since, while the worlds still differ (with the talon empty there is one world only, which proves nothing)."""
    rules = PRESETS["bussata"]
    checked = 0
    for seed in range(200):
        game = Game(rules, seed)
        rng = random.Random(seed)
        while (game.phase is Phase.PLAY or game.phase is Phase.DEAL) and not (
            game.phase is Phase.PLAY and 0 < game.talon_size <= 4 and game.voids
        ):
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is not Phase.PLAY or not game.voids:
            continue
        seat, suit, draws_then = game.voids[-1]
        view = game.view(1 - seat)
        cap = view.draws[seat] - draws_then
        worlds = [sample_world(view, random.Random(i)) for i in range(20)]
        assert all(sum(card.suit == suit for card in world.hands[seat]) <= cap for world in worlds)
        checked += len({tuple(sorted(world.hands[seat])) for world in worlds}) > 1
    assert checked >= 3, "too few views with a void and a choice of worlds"
