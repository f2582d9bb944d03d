"""The free moves some variants allow before a card: the trump swap, declaring 31, melds, and partners' signs.

Split from :mod:`.game`, which calls these with itself as it calls :mod:`.scoring` and :mod:`.auction` (and scores
the hand a declaration ends). Each may be made once a turn (the flags of :mod:`.state`, kept in ``turn_flags``), so
no sequence of them loops; a refused one says which rule refuses it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from briscola.engine.actions import Action, Ask, Declare, Meld, Signal, Swap
from briscola.engine.cards import Card, Rank, Suit
from briscola.engine.errors import IllegalActionError, IllegalReason
from briscola.engine.events import Declared, Event, Melded, SignalGiven, SignalKind, Swapped
from briscola.engine.ruleset import Ruleset, SignalRule, SwapRule
from briscola.engine.state import ASKED, MELDED, SIGNALLED, SWAPPED, State

__all__ = [
    "ASKED",
    "MELDED",
    "MELD_OTHER_POINTS",
    "MELD_TRUMP_POINTS",
    "SIGNALLED",
    "SWAPPED",
    "apply_option",
    "legal_options",
    "meldable_suits",
    "sign_of",
    "signal_kind",
    "swap_card",
    "swap_offer",
]

#: The reason a refused free move gives, by its kind.
_REFUSED: Final[dict[type, IllegalReason]] = {
    Swap: IllegalReason.SWAP_NOT_ALLOWED,
    Declare: IllegalReason.DECLARE_NOT_ALLOWED,
    Meld: IllegalReason.MELD_NOT_ALLOWED,
    Signal: IllegalReason.SIGNAL_NOT_ALLOWED,
    Ask: IllegalReason.ASK_NOT_ALLOWED,
}
_SEVEN_TAKES: Final = frozenset({Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK})
_TWO_TAKES: Final = frozenset({Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN})
#: Subastada: what a declaration of King and Queen (Caballo) of one suit scores, in trumps and in another suit.
MELD_TRUMP_POINTS: Final = 40
MELD_OTHER_POINTS: Final = 20


def legal_options(game: State, seat: int) -> list[Action]:
    """The free moves ``seat`` (to move, in the play phase) may make now, before its card."""
    actions: list[Action] = []
    rules = game.rules
    if rules.swap is not SwapRule.OFF and swap_card(game, seat) is not None:
        actions.append(Swap())
    if rules.to_31:
        actions.append(Declare())
    if rules.subastada:
        actions.extend(Meld(suit) for suit in meldable_suits(game, seat))
    if rules.signals is SignalRule.SECRET:
        if not game.turn_flags & SIGNALLED and signal_kind(game, seat) not in (None, SignalKind.SOME):
            actions.append(Signal())
    elif (
        rules.signals is SignalRule.ALOUD
        and not game.turn_flags & ASKED
        and not game.trick_cards
        and game.tricks_played >= 1
        and game.trump_public
    ):
        actions.append(Ask())
    return actions


def apply_option(game: State, action: Swap | Declare | Meld | Signal | Ask, events: list[Event]) -> None:
    """Make the free move ``action`` for the player to move, appending its events; refused, with why, if illegal.

    A :class:`Declare` ends the hand: the caller scores it (:func:`~briscola.engine.scoring.finish_hand`), so this
    module needs no other rule helper.
    """
    seat = game.to_move
    assert seat is not None
    if action not in legal_options(game, seat):
        raise IllegalActionError(
            f"{action} is not allowed for seat {seat} now{_why_not(game, action, seat)}", _REFUSED[type(action)]
        )
    if isinstance(action, Swap):
        _swap(game, seat, events)
    elif isinstance(action, Declare):
        correct = game.side_points(seat) >= 31
        game.declared = (seat, correct)
        events.append(Declared(seat, correct, game.side_points(seat)))  # the game then scores the hand
    elif isinstance(action, Meld):
        _meld(game, seat, action.suit, events)
    elif isinstance(action, Signal):
        game.turn_flags |= SIGNALLED
        kind = signal_kind(game, seat)
        assert kind is not None
        signal = SignalGiven(seat, kind, frozenset(game.side_of(seat)))
        game.signals.append((signal, game.draws[seat]))
        events.append(signal)
    else:
        game.turn_flags |= ASKED
        for partner in game.side_of(seat):
            if partner != seat:
                kind = signal_kind(game, partner)
                assert kind is not None
                signal = SignalGiven(partner, kind, None, asked_by=seat)
                game.signals.append((signal, game.draws[partner]))
                events.append(signal)


def _why_not(game: State, action: Action, seat: int) -> str:
    """A short reason for a refused optional action, for the error message."""
    rules = game.rules
    if isinstance(action, Swap):
        if rules.swap is SwapRule.OFF:
            return ": the trump swap is not played"
        if game.turn_flags & SWAPPED:
            return ": already swapped this turn"
        return ": no trump in hand may be exchanged for the face-up briscola"
    if isinstance(action, Declare):
        return ": declaring is only played in briscola to 31"
    if isinstance(action, Meld):
        return ": melds need King and Queen in hand, after winning a trick, in subastada"
    return ""


def swap_card(game: State, seat: int) -> Card | None:
    """The trump this seat may give for the face-up briscola now, or None (the 2 before the 7: it's weaker)."""
    rules = game.rules
    briscola = game.briscola
    if (
        briscola is None
        or not game.briscola_in_talon
        or game.turn_flags & SWAPPED
        or (rules.swap_needs_talon and len(game.talon) <= len(game.active))
    ):
        return None
    if rules.swap_after_winning_only and (game.trick_cards or game.last_winner != seat):
        return None
    return swap_offer(rules, briscola, game.hands[seat])


def swap_offer(rules: Ruleset, briscola: Card, hand: Sequence[Card]) -> Card | None:
    """The trump of ``hand`` the rules let go for the face-up ``briscola``, whenever a swap is allowed at all.

    The part of :func:`swap_card` that a seat's own view decides (its hand, the face-up card), so the table can name
    the card a swap gives before it is made.
    """
    suit = briscola.suit
    candidates: list[tuple[Rank, frozenset[Rank]]] = []
    if rules.swap in (SwapRule.TWO, SwapRule.BOTH):
        candidates.append((Rank.TWO, _TWO_TAKES))
    if rules.swap in (SwapRule.SEVEN, SwapRule.BOTH):
        candidates.append((Rank.SEVEN, _SEVEN_TAKES))
    for rank, takes in candidates:
        card = Card.of(rank, suit)
        if card in hand and card != briscola and (not rules.swap_rank_limits or briscola.rank in takes):
            return card
    return None


def _swap(game: State, seat: int, events: list[Event]) -> None:
    """Give :func:`swap_card` for the face-up briscola, which becomes the talon's last card (and the new one shown)."""
    gave = swap_card(game, seat)
    took = game.briscola
    assert gave is not None and took is not None
    hand = game.hands[seat]
    hand[hand.index(gave)] = took
    game.public_cards[seat].discard(gave)
    game.public_cards[seat].add(took)
    game.talon[0] = gave
    game.briscola = gave
    game.turn_flags |= SWAPPED
    events.append(Swapped(seat, gave, took))


def meldable_suits(game: State, seat: int) -> list[Suit]:
    """The suits whose King and Queen ``seat`` may meld now (subastada: once a turn, after winning the last trick)."""
    if game.turn_flags & MELDED or game.trick_cards or game.last_winner != seat or game.trump is None:
        return []
    hand = game.hands[seat]
    return [
        suit
        for suit in Suit
        if suit not in game.melded_suits and Card.of(Rank.KING, suit) in hand and Card.of(Rank.QUEEN, suit) in hand
    ]


def _meld(game: State, seat: int, suit: Suit, events: list[Event]) -> None:
    """Score the meld (40 in trumps, 20 otherwise); the King and Queen shown become public cards of ``seat``."""
    points = MELD_TRUMP_POINTS if suit == game.trump else MELD_OTHER_POINTS
    game.meld_points[seat] += points
    game.melded_suits.append(suit)
    game.turn_flags |= MELDED
    king, queen = Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)
    game.public_cards[seat].update((king, queen))
    events.append(Melded(seat, suit, points, (king, queen)))


def signal_kind(game: State, seat: int) -> SignalKind | None:
    """The truthful sign for ``seat``'s trumps, or None while the trump suit is not public."""
    if game.trump is None or not game.trump_public:
        return None
    return sign_of(game.hands[seat], game.trump, king=game.rules.signal_king)


def sign_of(hand: Iterable[Card], trump: Suit, *, king: bool) -> SignalKind:
    """The truthful sign for a hand: which trump carichi it holds (with ``king``, else the trump king), else
    whether it holds trumps at all. The one definition: the engine, the AI and the bot protocol's shadow use it.

    >>> sign_of([Card.parse("KS"), Card.parse("2S")], Suit.SPADE, king=True).value
    'king'
    """
    cards = set(hand)
    ace = Card.of(Rank.ACE, trump) in cards
    three = Card.of(Rank.THREE, trump) in cards
    if ace and three:
        return SignalKind.BOTH
    if ace:
        return SignalKind.ACE
    if three:
        return SignalKind.THREE
    if king and Card.of(Rank.KING, trump) in cards:
        return SignalKind.KING
    if any(card.suit == trump for card in cards):
        return SignalKind.SOME
    return SignalKind.NONE
