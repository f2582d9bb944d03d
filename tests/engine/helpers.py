"""White-box helpers for engine tests: rig a dealt hand into a chosen position, then play it out through ``apply``.

A rigged game is made by dealing normally and then overwriting the per-hand state (hands, talon, trump, piles) so that
it is still consistent: every card of the ruleset's deck sits in exactly one place, piles and their point totals agree,
and the trick counters match the piles. :func:`card_places` checks that, and :func:`rig` asserts it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from briscola.engine import Card, Deal, Game, Phase, Play, Rank, Ruleset, Suit
from briscola.engine.cards import parse_cards
from briscola.engine.events import Event, HandOver, HandResult

__all__ = [
    "card_places",
    "cards",
    "deal_piles",
    "dealt",
    "finish_hand",
    "finish_two_player_hand",
    "hand_over",
    "is_over",
    "phase",
    "play_all",
    "rig",
    "split_by_points",
]


def phase(game: Game) -> Phase:
    """``game.phase``, read through a call: mypy would otherwise keep an earlier ``assert game.phase is X``."""
    return game.phase


def is_over(game: Game) -> bool:
    """``game.is_over``, read through a call for the same reason as :func:`phase`."""
    return game.is_over


def cards(codes: str) -> list[Card]:
    """A list of cards from their codes: ``cards("AS 3C")``."""
    return list(parse_cards(codes))


def dealt(rules: Ruleset, seed: int = 0) -> Game:
    """A new game with its first hand dealt."""
    game = Game(rules, seed)
    game.apply(Deal())
    return game


def card_places(game: Game) -> Counter[Card]:
    """How many times each card appears in the hands, the talon, the current trick and the captured piles."""
    places: Counter[Card] = Counter()
    for hand in game.hands:
        places.update(hand)
    places.update(game.talon)
    places.update(game.trick_cards)
    for pile in game.captured:
        places.update(pile)
    return places


def _points(pile: Iterable[Card]) -> int:
    return sum(card.points for card in pile)


def rig(
    game: Game,
    *,
    hands: Sequence[Sequence[Card]],
    captured: Sequence[Sequence[Card]],
    trump: Suit | None,
    leader: int,
    talon: Sequence[Card] = (),
    briscola: Card | None = None,
) -> None:
    """Overwrite the hand in progress: ``hands`` and ``captured`` per seat, the ``talon`` (top card last), the trump.

    ``briscola`` is the turned card; when the talon is not empty it must be ``talon[0]`` (it is drawn last). Trick
    counts are derived from the piles (each trick puts one card per active seat in the winner's pile), so every pile
    must hold a multiple of the active player count. ``leader`` leads the next trick. Asserts that the result is a
    consistent position: every card of the deck in exactly one place.
    """
    n = game.rules.players
    active = len(game.active)
    assert len(hands) == n and len(captured) == n
    if talon and briscola is not None:
        assert talon[0] == briscola, "the turned card is the last one drawn: talon[0]"
    game.hands = [list(hand) for hand in hands]
    game.talon = list(talon)
    game.briscola = briscola
    game.briscola_in_talon = bool(talon) and briscola is not None
    game.trump = trump
    game.trump_public = trump is not None
    game.captured = [list(pile) for pile in captured]
    game.points = [_points(pile) for pile in captured]
    for pile in captured:
        assert len(pile) % active == 0, f"a pile of {len(pile)} cards is not whole tricks of {active}"
    game.tricks_won = [len(pile) // active for pile in captured]
    game.tricks_played = sum(game.tricks_won)
    game.trick_seats = []
    game.trick_cards = []
    game.public_cards = [set(hand) if game.rules.open_hands else set() for hand in hands]
    game.leader = leader
    game.to_move = leader
    places = card_places(game)
    assert set(places) == set(game.rules.deck), "every card of the deck must be somewhere"
    assert all(count == 1 for count in places.values()), "no card may be in two places"


def play_all(game: Game, plays: Sequence[Card]) -> list[Event]:
    """Play ``plays`` in order, each by the seat to move; return all the events."""
    events: list[Event] = []
    for card in plays:
        events.extend(game.apply(Play(card)))
    return events


def hand_over(events: Sequence[Event]) -> HandOver:
    """The single HandOver among ``events``."""
    found = [event for event in events if isinstance(event, HandOver)]
    assert len(found) == 1, f"expected one HandOver, got {len(found)}"
    return found[0]


_POINT_RANKS = (Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK)


def split_by_points(pool: Sequence[Card], target: int) -> tuple[list[Card], list[Card]]:
    """Split ``pool`` into (cards worth exactly ``target`` points, the rest); the 0-point cards all go to the rest.

    Raises ValueError when no subset of ``pool`` is worth ``target`` (1 point, say).
    """
    scoring = [card for card in pool if card.points]
    # reachable[p] = the cards of one subset worth p, built by a small subset-sum over the point cards.
    reachable: dict[int, list[Card]] = {0: []}
    for card in scoring:
        for total, subset in list(reachable.items()):
            reachable.setdefault(total + card.points, [*subset, card])
    if target not in reachable:
        raise ValueError(f"no subset of the pool is worth {target} points")
    chosen = reachable[target]
    return chosen, [card for card in pool if card not in chosen]


def deal_piles(pool: Sequence[Card], points: Sequence[int], trick_size: int) -> list[list[Card]]:
    """Share ``pool`` into piles worth exactly ``points`` (one per entry), each a whole number of tricks.

    ``points`` must add up to the pool's points, and ``len(pool)`` must be a multiple of ``trick_size``. The 0-point
    cards pad the piles to whole tricks, and what is left of them is dealt a trick at a time to every pile in turn, so
    that a pile worth nothing still holds tricks.
    """
    assert sum(points) == sum(card.points for card in pool)
    assert len(pool) % trick_size == 0
    rest = list(pool)
    piles: list[list[Card]] = []
    for target in points:
        pile, rest = split_by_points(rest, target)
        piles.append(pile)
    zeros = rest
    assert all(not card.points for card in zeros)
    for pile in piles:
        while len(pile) % trick_size:
            pile.append(zeros.pop())
    turn = 0
    while zeros:
        for _ in range(trick_size):
            piles[turn % len(piles)].append(zeros.pop())
        turn += 1
    return piles


def finish_hand(
    game: Game, points: Sequence[int], *, leader: int | None = None, all_tricks: bool = False
) -> HandResult:
    """Deal the next hand and play it out so that each seat ends with ``points[seat]`` card points.

    The game must be waiting for a deal (and have no auction). The rigged position is the last trick: every pile
    already holds what the hand gives it but one 0-point card per active seat; ``leader`` (default: the seat to the
    dealer's right) leads a 7 of a plain suit, everyone else a 0-point card of a plain suit, and the leader wins. With
    ``all_tricks``, the leader has won every trick (and must be given all the deck's points). Returns the result.
    """
    game.apply(Deal())
    active = game.active
    lead_seat = active[0] if leader is None else leader
    assert lead_seat in active
    assert all(points[seat] == 0 for seat in range(game.rules.players) if seat not in active)
    trump = game.trump
    plain = next(suit for suit in Suit if suit != trump)
    lead = Card.of(Rank.SEVEN, plain)
    zeros = [card for card in game.rules.deck if not card.points and card.suit != trump and card != lead]
    last: dict[int, Card] = {lead_seat: lead}
    for seat in active:
        if seat != lead_seat:
            last[seat] = zeros.pop()
    pool = [card for card in game.rules.deck if card not in last.values()]
    piles: list[list[Card]] = [[] for _ in range(game.rules.players)]
    if all_tricks:
        assert points[lead_seat] == game.rules.deck_points
        piles[lead_seat] = pool
    else:
        for seat, pile in zip(active, deal_piles(pool, [points[seat] for seat in active], len(active)), strict=True):
            piles[seat] = pile
    hands: list[list[Card]] = [[last[seat]] if seat in last else [] for seat in range(game.rules.players)]
    # The turned card has been drawn: it is somewhere in a pile; keep the game's note of which card it was.
    briscola = game.briscola
    rig(game, hands=hands, captured=piles, trump=trump, leader=lead_seat, briscola=briscola)
    order_of_play = [lead_seat]
    while len(order_of_play) < len(active):
        order_of_play.append(game.following[order_of_play[-1]])
    return hand_over(play_all(game, [last[seat] for seat in order_of_play])).result


def finish_two_player_hand(game: Game, points_for: int, seat: int = 0, *, all_tricks: bool = False) -> HandResult:
    """:func:`finish_hand` for two players: ``seat`` ends with ``points_for`` points and leads the last trick."""
    points = [0, 0]
    points[seat] = points_for
    points[1 - seat] = game.rules.deck_points - points_for
    return finish_hand(game, points, leader=seat, all_tricks=all_tricks)
