"""Actions: what a player (or the dealer's chance step) pushes into the game, as small immutable values.

Every action has a string form, the one BBP/1 and game records use: a card code plays the card; ``swap``,
``declare``, ``pass``, ``bid:K``, ``bid:72``, ``call:KD``, ``trump:S``, ``meld:S``, ``signal``, ``ask`` and ``deal``;
and ``forfeit:1`` (``forfeit:1,3``), the referee ending a hand because those seats left the table.

>>> parse_action("bid:72")
Bid(rank=None, target=72)
>>> parse_action("bid:5")
Bid(rank=<Rank.FIVE: 2>, target=None)
>>> str(Play(Card.parse("AD")))
'AD'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from briscola.engine.cards import Card, CardCodeError, Rank, Suit

__all__ = [
    "Action",
    "ActionParseError",
    "Ask",
    "Bid",
    "Call",
    "ChooseTrump",
    "Deal",
    "Declare",
    "Forfeit",
    "Meld",
    "Pass",
    "Play",
    "Signal",
    "Swap",
    "parse_action",
]


class ActionParseError(ValueError):
    """Text that is not the string form of any action."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance step that starts a hand: shuffle (from the game's seed) and deal."""

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand to the trick."""

    card: Card

    def __str__(self) -> str:
        return self.card.code


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange the trump 7 (or 2, by the ruleset) in hand for the face-up briscola (*scambio*)."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class Declare:
    """Briscola to 31: claim that one's captured points reach 31. Right wins the hand at once; wrong loses it."""

    def __str__(self) -> str:
        return "declare"


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the auction. A pass is final."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid:
    """An auction bid: a ``rank`` (chiamata, descending) or a point ``target`` (chiamata below the 2, subastada)."""

    rank: Rank | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if (self.rank is None) == (self.target is None):
            raise ValueError("a bid names either a rank or a point target")

    def __str__(self) -> str:
        return f"bid:{self.rank.letter}" if self.rank is not None else f"bid:{self.target}"


@dataclass(frozen=True, slots=True)
class Call:
    """Chiamata: the auction winner calls ``card``; its suit becomes trump and its holder the secret partner."""

    card: Card

    def __str__(self) -> str:
        return f"call:{self.card.code}"


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """Subastada: the auction winner chooses the trump suit."""

    suit: Suit

    def __str__(self) -> str:
        return f"trump:{self.suit.letter}"


@dataclass(frozen=True, slots=True)
class Meld:
    """Subastada: declare a King and Queen (Re and Cavallo) of ``suit`` held in hand: 40 in trumps, 20 otherwise."""

    suit: Suit

    def __str__(self) -> str:
        return f"meld:{self.suit.letter}"


@dataclass(frozen=True, slots=True)
class Signal:
    """Give the partners the (truthful) conventional sign about one's trumps."""

    def __str__(self) -> str:
        return "signal"


@dataclass(frozen=True, slots=True)
class Ask:
    """Signals said aloud: the player to lead asks the partners about their trumps; they answer truthfully."""

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True, slots=True)
class Forfeit:
    """The referee ends the hand in progress because ``seats`` left the table: their side loses it.

    Not a player's move (it is never among the legal actions, and no seat may push it), but it changes the match, so
    it is an action: a record that holds it replays to the same state. ``seats`` is kept sorted and without repeats,
    so the action has one string form.
    """

    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(sorted(set(self.seats))))

    def __str__(self) -> str:
        return "forfeit:" + ",".join(map(str, self.seats))


Action: TypeAlias = Deal | Play | Swap | Declare | Pass | Bid | Call | ChooseTrump | Meld | Signal | Ask | Forfeit

_SIMPLE: dict[str, Action] = {
    "deal": Deal(),
    "swap": Swap(),
    "declare": Declare(),
    "pass": Pass(),
    "signal": Signal(),
    "ask": Ask(),
}


def parse_action(text: str) -> Action:
    """Read the string form of an action; raises :class:`ActionParseError` saying what was wrong."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be a string, not {type(text).__name__}")
    word = text.strip()
    simple = _SIMPLE.get(word.lower())
    if simple is not None:
        return simple
    head, colon, tail = word.partition(":")
    try:
        if not colon:
            return Play(Card.parse(word))
        head = head.lower()
        if head == "bid":
            # One character is a rank (``bid:5`` bids the five in chiamata); two or more digits are a point target.
            if len(tail) == 1:
                return Bid(rank=Rank.parse(tail))
            if tail.isascii() and tail.isdigit() and len(tail) <= 4:
                return Bid(target=int(tail))
            raise ActionParseError(f"{text!r}: a bid is a rank (A, 2-7, J, Q, K) or a point target such as 72")
        if head == "call":
            return Call(Card.parse(tail))
        if head == "trump":
            return ChooseTrump(Suit.parse(tail))
        if head == "meld":
            return Meld(Suit.parse(tail))
        if head == "forfeit":
            seats = tail.split(",")
            if not all(seat.isascii() and seat.isdigit() and len(seat) <= 2 for seat in seats):
                raise ActionParseError(
                    f"{text!r}: a forfeit names the seats that left, such as forfeit:1 or forfeit:0,2"
                )
            return Forfeit(tuple(int(seat) for seat in seats))
    except CardCodeError as error:
        raise ActionParseError(f"{text!r}: {error}") from None
    raise ActionParseError(
        f"{text!r} is not an action (a card code, swap, declare, pass, bid:R, bid:N, call:CARD, trump:S, meld:S, "
        "signal, ask, deal or forfeit:SEATS)"
    )
