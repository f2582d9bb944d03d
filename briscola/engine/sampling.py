"""World sampling for search: a full :class:`Game` consistent with what one seat knows (a *determinization*).

The hidden cards of a :class:`~briscola.engine.views.PlayerView` (other hands, the talon, a hidden trump card) are
dealt at random, respecting everything the view proves:

- cards known to be in a hand stay there; the face-up briscola stays at the bottom of the talon;
- a player who failed to follow suit when the rules forced it had none of that suit then, so they can hold at most as
  many cards of it as they have drawn since (none, once the talon is empty);
- a truthful partner sign: a trump ace or three signalled and not yet played is in the signaller's hand; "no trumps"
  limits trumps like a void;
- cubierta: a trump suit not yet announced is a suit nobody has played this hand; the face-down card is of it;
- chiamata: the called card's holder is the partner, wherever the card falls.

Sampling is uniform over the hidden cards when nothing constrains them; with constraints it retries random deals
and fills constrained hands first, which keeps it close to uniform while never producing an inconsistent world.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from typing import Final

from briscola.engine.cards import Card, Rank, Suit
from briscola.engine.errors import EngineError
from briscola.engine.events import SignalKind
from briscola.engine.game import Game
from briscola.engine.ruleset import TrumpMode
from briscola.engine.views import PlayerView

__all__ = [
    "SamplingError",
    "all_worlds",
    "hidden_hands",
    "sample_world",
    "splits_hidden",
    "world_with_hidden",
    "worlds_with_hidden",
]

_ATTEMPTS: Final = 200


class SamplingError(EngineError):
    """No world could be built for a view: the view contradicts itself (a bug, never bad luck)."""


class _Constraints:
    """What the view proves about the hidden part of each hand."""

    def __init__(self, players: int) -> None:
        self.forbidden: list[set[Card]] = [set() for _ in range(players)]
        self.caps: list[dict[Suit, int]] = [{} for _ in range(players)]
        self.musts: list[set[Card]] = [set() for _ in range(players)]

    def cap(self, seat: int, suit: Suit, limit: int, unknown: set[Card]) -> None:
        if limit <= 0:
            self.forbidden[seat].update(card for card in unknown if card.suit == suit)
        else:
            self.caps[seat][suit] = min(limit, self.caps[seat].get(suit, limit))

    def allows(self, seat: int, card: Card, counts: dict[Suit, int]) -> bool:
        if card in self.forbidden[seat]:
            return False
        limit = self.caps[seat].get(card.suit)
        return limit is None or counts.get(card.suit, 0) < limit


def _collect_constraints(view: PlayerView, unknown: set[Card], trump: Suit | None) -> _Constraints:
    constraints = _Constraints(view.rules.players)
    for seat, suit, draws_then in view.voids:
        if seat != view.seat:
            constraints.cap(seat, suit, view.draws[seat] - draws_then, unknown)
    if trump is None:
        return constraints
    ace, three = Card.of(Rank.ACE, trump), Card.of(Rank.THREE, trump)
    for signal, draws_then in view.signals:
        seat = signal.seat
        if seat == view.seat:
            continue
        fresh = view.draws[seat] - draws_then
        kind = signal.signal
        holds = {SignalKind.ACE: {ace}, SignalKind.THREE: {three}, SignalKind.BOTH: {ace, three}}.get(kind, set())
        for card in holds:
            if card in unknown:
                constraints.musts[seat].add(card)
        if kind is SignalKind.NONE:
            constraints.cap(seat, trump, fresh, unknown)
        elif fresh <= 0:
            lacks = {ace, three} - holds
            constraints.forbidden[seat].update(card for card in lacks if card in unknown)
    return constraints


def _hidden_slots(view: PlayerView) -> tuple[set[Card], list[int], int]:
    """The cards ``view`` can't place, how many of each other hand are hidden, how many talon cards lie face down."""
    unknown = set(view.unseen_cards())
    counts = [0] * view.rules.players
    for seat in view.active:
        if seat != view.seat:
            counts[seat] = view.hand_sizes[seat] - len(view.known_cards[seat])
    talon_hidden = view.talon_size - (1 if view.briscola is not None and view.briscola_in_talon else 0)
    return unknown, counts, talon_hidden


def sample_world(view: PlayerView, rng: random.Random) -> Game:
    """A full game state consistent with ``view``, its hidden cards dealt at random with ``rng``.

    The world can be played on with :meth:`Game.apply` to the end of the current hand (it has no seed, so it can't
    deal another). Raises :class:`SamplingError` only if the view is self-contradictory.
    """
    rules = view.rules
    unknown, hidden_counts, talon_hidden = _hidden_slots(view)

    # Cubierta: the face-down card is unseen. While the trump is unknown it is of a suit nobody has played; once
    # announced, it is of the trump suit. It lies at the bottom of the talon, or was drawn by the last drawer.
    trump = view.trump
    briscola = view.briscola
    fixed: list[list[Card]] = [[] for _ in range(rules.players)]
    talon_bottom: Card | None = briscola if view.briscola_in_talon else None
    if rules.trump_mode is TrumpMode.HIDDEN and briscola is None and view.phase.value == "play":
        played_suits = {card.suit for card in view.played_cards()}
        candidates = sorted(
            card for card in unknown if (card.suit == trump if trump is not None else card.suit not in played_suits)
        )
        taker = view.briscola_taker
        if view.briscola_in_talon or (trump is None and taker is not None):
            if not candidates:
                raise SamplingError("cubierta: no unseen card can be the face-down briscola")
            briscola = rng.choice(candidates)
            trump = briscola.suit
            unknown.discard(briscola)
            if view.briscola_in_talon:
                talon_bottom = briscola
                talon_hidden -= 1
            else:
                assert taker is not None
                if hidden_counts[taker] <= 0:
                    raise SamplingError(
                        "cubierta: the face-down briscola was drawn, but its taker shows no hidden card"
                    )
                fixed[taker].append(briscola)
                hidden_counts[taker] -= 1

    if len(unknown) != sum(hidden_counts) + talon_hidden:
        raise SamplingError(
            f"{len(unknown)} unseen cards for {sum(hidden_counts)} hidden hand cards and {talon_hidden} in the talon"
        )
    constraints = _collect_constraints(view, unknown, trump)
    for seat, musts in enumerate(constraints.musts):
        for card in sorted(musts):
            if card in unknown and hidden_counts[seat] > 0:
                fixed[seat].append(card)
                hidden_counts[seat] -= 1
                unknown.discard(card)
    hands, talon = _deal_hidden(view, sorted(unknown), hidden_counts, talon_hidden, constraints, rng)
    for seat in range(rules.players):
        hands[seat].extend(fixed[seat])
    rng.shuffle(talon)
    return _build_world(view, hands, talon, talon_bottom, trump, briscola)


def all_worlds(view: PlayerView) -> Iterator[Game]:
    """Every full game state consistent with ``view``: each way to deal its hidden cards, the talon in every order.

    Where :func:`sample_world` guesses, this lists, so a search over it weighs every layout the view allows exactly
    once (the benchmark's "solved over all hidden layouts"). Their number grows fast: a two-player view at trick 16
    has 120, at trick 14 already 604,800; count them with :func:`math.comb` before asking for an early position.
    Cubierta's face-down briscola, while nobody knows which card it is, would need a guess of its own: such views
    raise :class:`ValueError` (sample them instead).
    """
    rules = view.rules
    if rules.trump_mode is TrumpMode.HIDDEN and view.briscola is None:
        raise ValueError("all_worlds: cubierta's face-down briscola is still unknown; sample such views instead")
    unknown, counts, talon_hidden = _hidden_slots(view)
    if len(unknown) != sum(counts) + talon_hidden:
        raise SamplingError(
            f"{len(unknown)} unseen cards for {sum(counts)} hidden hand cards and {talon_hidden} in the talon"
        )
    constraints = _collect_constraints(view, unknown, view.trump)
    talon_bottom = view.briscola if view.briscola_in_talon else None
    seats = [seat for seat in range(rules.players) if counts[seat]]

    def deal(index: int, pool: list[Card], hands: list[list[Card]]) -> Iterator[Game]:
        if index == len(seats):
            for order in itertools.permutations(pool):
                yield _build_world(view, hands, list(order), talon_bottom, view.trump, view.briscola)
            return
        seat = seats[index]
        for held in _allowed_hands(constraints, seat, pool, counts[seat]):
            hands[seat] = list(held)
            yield from deal(index + 1, [card for card in pool if card not in held], hands)
        hands[seat] = []

    yield from deal(0, sorted(unknown), [[] for _ in range(rules.players)])


def hidden_hands(view: PlayerView, seat: int) -> list[tuple[Card, ...]]:
    """Every set of cards the hidden part of ``seat``'s hand may be, by what ``view`` proves (two players).

    With two players the only other hidden place is the talon, which nothing constrains, so each set is exactly one
    way to split the unseen cards between that hand and the talon; :func:`world_with_hidden` builds the world for
    one. A search weighing every possible hand (:func:`briscola.ai.inference.posterior_worlds`) lists them here
    rather than guessing. Views of more players, and cubierta's face-down briscola while nobody knows it, raise
    :class:`ValueError`.
    """
    _check_split(view, seat)
    unknown, counts, _ = _hidden_slots(view)
    constraints = _collect_constraints(view, unknown, view.trump)
    return list(_allowed_hands(constraints, seat, sorted(unknown), counts[seat]))


def world_with_hidden(view: PlayerView, seat: int, hidden: Iterable[Card], rng: random.Random) -> Game:
    """The world of a two-player ``view`` where ``seat``'s hidden cards are ``hidden``: the talon's are the rest,
    shuffled with ``rng``. ``hidden`` should be one of :func:`hidden_hands`; :class:`SamplingError` if it can't be."""
    return next(worlds_with_hidden(view, seat, [hidden], rng))


def worlds_with_hidden(
    view: PlayerView, seat: int, hands: Iterable[Iterable[Card]], rng: random.Random
) -> Iterator[Game]:
    """:func:`world_with_hidden` for each of ``hands`` in turn, built as the caller asks: the same worlds from the
    same ``rng``, with the view's hidden cards counted once instead of once a world (a search may ask for thousands).
    """
    _check_split(view, seat)
    unknown, counts, _ = _hidden_slots(view)
    talon_bottom = view.briscola if view.briscola_in_talon else None
    for hidden in hands:
        held = list(hidden)
        if len(held) != counts[seat] or not unknown.issuperset(held):
            raise SamplingError(f"{held} are not {counts[seat]} of the cards seat {seat} may hold")
        talon = sorted(unknown.difference(held))
        rng.shuffle(talon)
        slots: list[list[Card]] = [[] for _ in range(view.rules.players)]
        slots[seat] = held
        yield _build_world(view, slots, talon, talon_bottom, view.trump, view.briscola)


def splits_hidden(view: PlayerView) -> bool:
    """True when ``view``'s hidden cards lie only in the other player's hand and the talon, as :func:`hidden_hands`
    and :func:`world_with_hidden` need: two players, and no cubierta briscola still face down."""
    return len(view.active) == 2 and not (view.rules.trump_mode is TrumpMode.HIDDEN and view.briscola is None)


def _check_split(view: PlayerView, seat: int) -> None:
    """Raise :class:`ValueError` unless ``view``'s hidden cards lie only in ``seat``'s hand and the talon."""
    if len(view.active) != 2 or seat == view.seat or seat not in view.active:
        raise ValueError(f"seat {seat} must be the other seat of a two-player view (active seats {view.active})")
    if not splits_hidden(view):
        raise ValueError("cubierta's face-down briscola is still unknown; sample such views instead")


def _allowed_hands(constraints: _Constraints, seat: int, pool: list[Card], count: int) -> Iterator[tuple[Card, ...]]:
    """Every set of ``count`` cards of ``pool`` the constraints allow in ``seat``'s hidden slots."""
    for held in itertools.combinations(pool, count):
        suit_counts: dict[Suit, int] = {}
        allowed = True
        for card in held:
            allowed = allowed and constraints.allows(seat, card, suit_counts)
            suit_counts[card.suit] = suit_counts.get(card.suit, 0) + 1
        if allowed and constraints.musts[seat].issubset(held):
            yield held


def _deal_hidden(
    view: PlayerView,
    pool: list[Card],
    counts: list[int],
    talon_hidden: int,
    constraints: _Constraints,
    rng: random.Random,
) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``pool`` into the hidden hand slots and the talon, honouring the constraints."""
    players = view.rules.players
    constrained = [
        seat for seat in range(players) if counts[seat] and (constraints.forbidden[seat] or constraints.caps[seat])
    ]
    for _ in range(_ATTEMPTS):
        cards = pool[:]
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(players)]
        rng.shuffle(constrained)
        ok = True
        for seat in constrained:
            suit_counts: dict[Suit, int] = {}
            keep: list[Card] = []
            for card in cards:
                if len(hands[seat]) < counts[seat] and constraints.allows(seat, card, suit_counts):
                    hands[seat].append(card)
                    suit_counts[card.suit] = suit_counts.get(card.suit, 0) + 1
                else:
                    keep.append(card)
            if len(hands[seat]) < counts[seat]:
                ok = False
                break
            cards = keep
        if not ok:
            continue
        position = 0
        for seat in range(players):
            if seat in constrained:
                continue
            need = counts[seat]
            hands[seat].extend(cards[position : position + need])
            position += need
        talon = cards[position:]
        if len(talon) != talon_hidden:
            raise SamplingError("the hidden cards don't fit the hidden slots")
        return hands, talon
    raise SamplingError(f"no deal of the hidden cards satisfies the view's constraints after {_ATTEMPTS} attempts")


def _build_world(
    view: PlayerView,
    hidden_hands: list[list[Card]],
    talon_cards: list[Card],
    talon_bottom: Card | None,
    trump: Suit | None,
    briscola: Card | None,
) -> Game:
    """A Game with the view's public state and the given hidden cards (``talon_cards`` in the order they lie)."""
    rules = view.rules
    hands: list[list[Card]] = []
    public: list[set[Card]] = []
    for seat in range(rules.players):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(list(view.known_cards[seat]) + hidden_hands[seat])
        public.append(set(view.known_cards[seat]) if seat != view.seat else set())
    partner = None
    if view.called_card is not None:
        partner = next((seat for seat in view.active if view.called_card in hands[seat]), view.partner)
    return Game.world(
        rules,
        phase=view.phase,
        hand_no=view.hand_no,
        dealer=view.dealer,
        match_scores=list(view.match_scores),
        stake=view.stake,
        active=view.active,
        sitting_out=view.sitting_out,
        hands=hands,
        public_cards=public,
        talon=([talon_bottom] if talon_bottom is not None else []) + talon_cards,
        briscola=briscola,
        briscola_in_talon=view.briscola_in_talon,
        briscola_taker=view.briscola_taker,
        trump=trump,
        trump_public=view.trump_public,
        leader=view.leader,
        to_move=view.to_move,
        trick_seats=[seat for seat, _ in view.trick],
        trick_cards=[card for _, card in view.trick],
        tricks_played=view.tricks_played,
        last_winner=view.last_winner,
        captured=[list(pile) for pile in view.captured],
        points=list(view.points),
        meld_points=list(view.meld_points),
        melded_suits=list(view.melded_suits),
        tricks_won=list(view.tricks_won),
        draws=list(view.draws),
        voids=list(view.voids),
        signals=list(view.signals),
        turn_flags=view.turn_flags,
        hands_shown=view.hands_shown,
        auction=view.auction.clone() if view.auction is not None else None,
        caller=view.caller,
        called_card=view.called_card,
        contract=view.contract,
        partner=partner,
        partner_revealed=view.partner_revealed,
        declared=view.declared,
        log=list(view.events),
    )
