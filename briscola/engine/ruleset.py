"""The ruleset: a frozen, validated description of one game of Briscola, from player count to match format.

Everything that never changes during a match lives here; everything that changes lives in the game state. Each
difference between the source rule texts is an option with a default (rules.md: "never a silent choice"). A ruleset
that can't be played is refused at construction with :class:`RulesetError`, which names the option and says why.
Just over 400 lines because every option and the check of its combinations belong to the one frozen class.

>>> Ruleset(players=4).teams
((0, 2), (1, 3))
>>> Ruleset(players=2, open_hands=True, to_31=True).hand_size
3
>>> Ruleset(players=4, open_hands=True)
Traceback (most recent call last):
...
briscola.engine.errors.RulesetError: open_hands: open hands is a two-player variant (players is 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any, Final

from briscola.engine.cards import ALL_CARDS, Card, DeckFamily, Rank, Suit
from briscola.engine.errors import RulesetError

__all__ = [
    "AloneScoring",
    "CappottoCount",
    "DrawHandling",
    "FirstDealer",
    "Ruleset",
    "SignalRule",
    "SwapRule",
    "TrumpMode",
]


class TrumpMode(Enum):
    """How the trump suit of a hand is decided."""

    TURNED = "turned"
    """The card after the deal is turned face up: its suit is trump and it is the last card drawn (classic)."""
    HIDDEN = "hidden"
    """*Brisca cubierta*: the turned card lies face down; the trump suit is announced when a card of it is played."""
    NONE = "none"
    """*Briscolone*: no trump at all."""
    CALLED = "called"
    """*Briscola chiamata*: the auction winner calls a card; its suit is trump and its holder the secret partner."""
    AUCTION = "auction"
    """*Brisca subastada*: players bid points; the highest bidder chooses the trump suit."""


class SwapRule(Enum):
    """Which trump may be exchanged for the face-up briscola (*scambio*)."""

    OFF = "off"
    SEVEN = "seven"
    TWO = "two"
    BOTH = "both"


class SignalRule(Enum):
    """Partner signals about trumps in team games (the Spanish *señas*)."""

    OFF = "off"
    SECRET = "secret"
    """A player may, at their turn, signal truthfully to their partners only."""
    ALOUD = "aloud"
    """The first trick is silent; afterwards the player to lead may ask the partners aloud, who answer truthfully."""


class DrawHandling(Enum):
    """What a 60-60 hand means for the match."""

    NONE = "none"
    """The hand counts for nobody."""
    REPLAY = "replay"
    """The same dealer deals the hand again, and its stake doubles (Spanish)."""
    CARRY = "carry"
    """The draw carries over: the next hand counts one more time for each carried draw."""


class CappottoCount(Enum):
    """What makes a chiamata deal a cappotto (doubled under ``cappotto_double``): the sources read it two ways."""

    TRICKS = "tricks"
    """A side took every trick (the Danish score sheet: "taking every trick doubles the deal")."""
    POINTS = "points"
    """A side took all the card points, even if the other side took a trick of cards worth nothing (classic)."""


class AloneScoring(Enum):
    """What a chiamata caller who called their own card (and so plays alone) wins or loses."""

    ZERO_SUM = "zero_sum"
    """The caller takes what caller and partner share: +4, each of the four others -1 (every deal sums to zero)."""
    DOUBLED = "doubled"
    """The table's numbers doubled, as the Danish score sheet says: +4, each of the four others -2."""


class FirstDealer(Enum):
    """How the first dealer is chosen."""

    LOT = "lot"
    CUT = "cut"
    """Each player cuts a card; the lowest deals (aces count lowest, as in the Spanish custom); ties cut again."""


_ENUM_FIELDS: Final[dict[str, type[Enum]]] = {
    "family": DeckFamily,
    "trump_mode": TrumpMode,
    "swap": SwapRule,
    "signals": SignalRule,
    "draw_handling": DrawHandling,
    "first_dealer": FirstDealer,
    "cappotto_counts": CappottoCount,
    "chiamata_alone": AloneScoring,
}


def _default_removed(players: int) -> tuple[Card, ...]:
    if players == 3:
        return (Card.of(Rank.TWO, Suit.BASTONI),)
    if players == 6:
        return tuple(Card.of(Rank.TWO, suit) for suit in Suit)
    return ()


@dataclass(frozen=True, slots=False)
class Ruleset:
    """One game's rules. Fields left at their defaults give classic two-player Briscola, best of three.

    Seats are numbered in playing (counterclockwise) order; teams are derived from the player count: partners sit
    opposite (4: 0+2 vs 1+3; 6: 0,2,4 vs 1,3,5). ``removed_cards=None`` means "what the player count calls for":
    one 2 (of bastoni) for three players, all four 2s for six.
    """

    players: int = 2
    name: str = "custom"
    family: DeckFamily = DeckFamily.ITALIAN
    removed_cards: tuple[Card, ...] | None = None
    hand_size: int = 3
    trump_mode: TrumpMode = TrumpMode.TURNED

    # Play options.
    must_follow_suit: bool = False
    open_hands: bool = False
    swap: SwapRule = SwapRule.OFF
    swap_rank_limits: bool = False
    """The 7 may only take a face-up A/3/K/Q/J, and the 2 only a face-up 4-7."""
    swap_after_winning_only: bool = False
    """Only a player who has just won a trick may swap, before leading the next."""
    swap_needs_talon: bool = True
    """A swap is only allowed while the talon holds cards besides those of the last draw round (which takes the
    briscola): at a player's turn the talon is always a whole number of rounds, so "cards besides the briscola"
    can only mean more than the last round."""
    to_31: bool = False
    signals: SignalRule = SignalRule.OFF
    signal_king: bool = False
    """The signs include one for the trump king (held without the ace or the three), as one source lists."""
    show_hands_at_end: bool = False
    """Partners see each other's hands once the talon is exhausted."""
    sit_out: bool = False
    """Five players: the dealer sits each hand out and the other four play the partnership game."""
    sit_out_share: bool = False
    """Five sitting out: the player sitting out scores with the second and fourth after the dealer when they win."""
    auction_min_bid: int = 61
    """*Subastada*: the lowest contract a player may bid."""

    # Match format.
    hands_to_win: int = 2
    draw_handling: DrawHandling = DrawHandling.NONE
    margin_scoring: bool = False
    """Spanish: a hand is worth 1 game point at 61-90, 2 at 91-119, 3 at 120; ``margin_target`` wins the match."""
    margin_target: int = 3
    all_tricks_double: bool = False
    rematada: bool = False
    """Chilean: card points accumulate over hands; the first side to ``rematada_target`` wins the match."""
    rematada_target: int = 101
    chiamata_deals: int = 5
    cappotto_double: bool = False
    cappotto_counts: CappottoCount = CappottoCount.TRICKS
    """Chiamata: what ``cappotto_double`` counts, every trick (the source's reading) or every card point."""
    chiamata_alone: AloneScoring = AloneScoring.ZERO_SUM
    first_dealer: FirstDealer = FirstDealer.LOT

    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.removed_cards is not None:
            if not isinstance(self.removed_cards, (tuple, list)):
                raise RulesetError("removed_cards", f"must be a list of cards, not {self.removed_cards!r}")
            object.__setattr__(self, "removed_cards", tuple(self.removed_cards))
        _validate(self)

    # ----------------------------------------------------------------------------------------------------- derived

    @property
    def chiamata(self) -> bool:
        """True for *Briscola chiamata* (five players, auction, called partner)."""
        return self.trump_mode is TrumpMode.CALLED

    @property
    def subastada(self) -> bool:
        """True for *Brisca subastada* (point auction, trump chosen by the bidder, K+Q declarations)."""
        return self.trump_mode is TrumpMode.AUCTION

    @property
    def has_auction(self) -> bool:
        """True when every hand starts with an auction."""
        return self.trump_mode in (TrumpMode.CALLED, TrumpMode.AUCTION)

    @property
    def turns_card(self) -> bool:
        """True when a card is turned after the deal (face up or, in cubierta, face down) and drawn last."""
        return self.trump_mode in (TrumpMode.TURNED, TrumpMode.HIDDEN)

    @property
    def active_players(self) -> int:
        """How many players take part in each hand (four when one of five sits out)."""
        return 4 if self.sit_out else self.players

    @property
    def removed(self) -> tuple[Card, ...]:
        """The cards taken out of the 40: ``removed_cards``, or what the player count calls for when that is None."""
        return _default_removed(self.players) if self.removed_cards is None else self.removed_cards

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in numeric order."""
        removed = set(self.removed)
        return tuple(card for card in ALL_CARDS if card not in removed)

    @cached_property
    def deck_points(self) -> int:
        """Card points in the deck (120 unless a card with points was removed)."""
        return sum(card.points for card in self.deck)

    @cached_property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The fixed sides of this game. Chiamata and sit-out games have per-hand sides; here each seat is its own."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        if self.players == 6:
            return ((0, 2, 4), (1, 3, 5))
        return tuple((seat,) for seat in range(self.players))

    @property
    def fixed_teams(self) -> bool:
        """True when partnerships last the whole match (4 and 6 players)."""
        return self.players in (4, 6)

    @property
    def team_game(self) -> bool:
        """True when seats play in partnerships in at least some hands."""
        return self.players in (4, 6) or self.sit_out or self.chiamata

    @property
    def match_target(self) -> int:
        """Game points a side needs to win the match (hands won, margin points, or rematada card points)."""
        if self.rematada:
            return self.rematada_target
        if self.margin_scoring:
            return self.margin_target
        return self.hands_to_win

    def with_options(self, **changes: Any) -> Ruleset:
        """A copy with some options changed (validated again); enum options may be given by their string value."""
        return dataclasses.replace(self, **_coerce_options(changes))

    # ------------------------------------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (enums as strings, cards as codes), the inverse of :meth:`from_dict`."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value
            elif f.name == "removed_cards" and value is not None:
                value = [card.code for card in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Build a ruleset from :meth:`to_dict` output, checking every key and type; unknown keys are refused."""
        if not isinstance(data, Mapping):
            raise RulesetError("rules", f"must be an object, not {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise RulesetError(str(key), "is not an option of the ruleset")
        return cls(**_coerce_options(dict(data)))

    def option_names(self) -> tuple[str, ...]:
        """The names of all options, in declaration order."""
        return tuple(f.name for f in dataclasses.fields(self))


def _coerce_options(values: dict[str, Any]) -> dict[str, Any]:
    """Turn strings into enums and codes into cards, checking each value's type so errors name the option."""
    out: dict[str, Any] = {}
    defaults = {f.name: f for f in dataclasses.fields(Ruleset)}
    for key, value in values.items():
        if key not in defaults:
            raise RulesetError(key, "is not an option of the ruleset")
        if key in _ENUM_FIELDS:
            enum_type = _ENUM_FIELDS[key]
            if isinstance(value, enum_type):
                out[key] = value
                continue
            choices = [member.value for member in enum_type]
            if value not in choices:
                raise RulesetError(key, f"must be one of {', '.join(map(str, choices))}, not {value!r}")
            out[key] = enum_type(value)
        elif key == "removed_cards":
            if value is None:
                out[key] = None
                continue
            if not isinstance(value, (list, tuple)):
                raise RulesetError(key, "must be a list of card codes")
            cards: list[Card] = []
            for item in value:
                if isinstance(item, Card):
                    cards.append(item)
                elif isinstance(item, str):
                    try:
                        cards.append(Card.parse(item))
                    except ValueError as error:
                        raise RulesetError(key, str(error)) from None
                else:
                    raise RulesetError(key, f"must hold card codes, not {item!r}")
            out[key] = tuple(cards)
        else:
            out[key] = value
    return out


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise RulesetError(name, f"must be between {low} and {high}, not {value}")


def _validate(rules: Ruleset) -> None:
    """Refuse every combination that can't be played, naming the option at fault."""
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        enum_type = _ENUM_FIELDS.get(f.name)
        if enum_type is not None:
            if not isinstance(value, enum_type):
                choices = ", ".join(str(member.value) for member in enum_type)
                raise RulesetError(f.name, f"must be one of {choices}, not {value!r}")
        elif isinstance(f.default, bool):
            if not isinstance(value, bool):
                raise RulesetError(f.name, f"must be true or false, not {value!r}")
        elif isinstance(f.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesetError(f.name, f"must be a whole number, not {value!r}")
        elif isinstance(f.default, str) and not isinstance(value, str):
            raise RulesetError(f.name, f"must be text, not {value!r}")
    _check_range("players", rules.players, 2, 6)
    removed = rules.removed
    if len(set(removed)) != len(removed):
        raise RulesetError("removed_cards", "names a card twice")
    if any(not isinstance(card, Card) for card in removed):
        raise RulesetError("removed_cards", "must hold cards")
    n = rules.players
    active = rules.active_players
    if n == 5 and not (rules.chiamata or rules.sit_out):
        raise RulesetError("players", "five players play either briscola chiamata or with one sitting out (sit_out)")
    if rules.sit_out and n != 5:
        raise RulesetError("sit_out", f"one player sits out only in the five-player game (players is {n})")
    if rules.chiamata:
        if n != 5 or rules.sit_out:
            raise RulesetError("trump_mode", "briscola chiamata is a game for five players, all playing")
        if removed:
            raise RulesetError("removed_cards", "briscola chiamata uses all 40 cards")
        if rules.hand_size != 8:
            raise RulesetError("hand_size", "briscola chiamata deals 8 cards to each player")
    deck_size = 40 - len(removed)
    _check_range("hand_size", rules.hand_size, 1, 20)
    reserved = 1 if rules.turns_card else 0
    if active * rules.hand_size + reserved > deck_size:
        raise RulesetError(
            "hand_size", f"{active} players x {rules.hand_size} cards need more than the {deck_size} cards in the deck"
        )
    if (deck_size - active * rules.hand_size) % active:
        raise RulesetError(
            "removed_cards",
            f"the talon of {deck_size - active * rules.hand_size} cards can't be drawn evenly by {active} players",
        )
    if rules.subastada and n not in (2, 4, 6):
        raise RulesetError("trump_mode", "subastada is played by two players or two teams (2, 4 or 6 players)")
    if rules.subastada:
        # Two digits at least, so a point bid never reads like a one-character rank bid (``bid:5``).
        _check_range("auction_min_bid", rules.auction_min_bid, 10, 120)
    if rules.open_hands and n != 2:
        raise RulesetError("open_hands", f"open hands is a two-player variant (players is {n})")
    if rules.to_31:
        if n != 2:
            raise RulesetError("to_31", f"briscola to 31 is a two-player variant (players is {n})")
        if rules.margin_scoring:
            raise RulesetError("to_31", "a hand won by declaring 31 has no point margin to score (margin_scoring)")
        if rules.has_auction:
            raise RulesetError("to_31", "can't be combined with an auction")
    if rules.swap is not SwapRule.OFF and rules.trump_mode is not TrumpMode.TURNED:
        raise RulesetError("swap", "a trump swap needs a face-up briscola (trump_mode 'turned')")
    if rules.swap is SwapRule.OFF:
        for option in ("swap_rank_limits", "swap_after_winning_only"):
            if getattr(rules, option):
                raise RulesetError(option, "is a condition of the trump swap, which is off (swap)")
    if rules.signals is not SignalRule.OFF:
        if not (rules.fixed_teams or rules.sit_out):
            raise RulesetError("signals", f"partner signals need partnerships (4, 5 sitting out, or 6 players; {n})")
        if rules.trump_mode is TrumpMode.NONE:
            raise RulesetError("signals", "signals are about trumps, and this game has none (trump_mode 'none')")
    if rules.signal_king and rules.signals is SignalRule.OFF:
        raise RulesetError("signal_king", "is a sign of the partner signals, which are off (signals)")
    if rules.show_hands_at_end and not (rules.fixed_teams or rules.sit_out):
        raise RulesetError("show_hands_at_end", "only partners show each other their hands (4, 5 sitting out or 6)")
    _check_range("hands_to_win", rules.hands_to_win, 1, 5)
    _check_range("margin_target", rules.margin_target, 1, 15)
    _check_range("rematada_target", rules.rematada_target, 1, 1000)
    _check_range("chiamata_deals", rules.chiamata_deals, 1, 100)
    if rules.rematada and rules.margin_scoring:
        raise RulesetError("rematada", "points accumulate in rematada, so margin scoring has nothing to score")
    if rules.rematada and rules.draw_handling is not DrawHandling.NONE:
        raise RulesetError("draw_handling", "rematada adds up card points, so a 60-60 hand needs no special handling")
    if rules.rematada and rules.to_31:
        raise RulesetError("to_31", "in rematada every side keeps its card points, so a claim of 31 decides nothing")
    if rules.chiamata and rules.all_tricks_double:
        raise RulesetError("all_tricks_double", "chiamata is scored by its own table; use cappotto_double")
    if rules.rematada and rules.all_tricks_double:
        raise RulesetError("all_tricks_double", "rematada adds up card points, which can't be doubled")
    if rules.chiamata and (rules.rematada or rules.margin_scoring):
        raise RulesetError("trump_mode", "chiamata is scored by its own table (+2/+1/-1), not rematada or margins")
    if rules.chiamata and rules.draw_handling is not DrawHandling.NONE:
        raise RulesetError("draw_handling", "a chiamata deal can't be drawn: the caller's side makes it or not")
    if rules.cappotto_double and not rules.chiamata:
        raise RulesetError("cappotto_double", "is an option of chiamata scoring; use all_tricks_double otherwise")
    if rules.cappotto_counts is not CappottoCount.TRICKS and not rules.cappotto_double:
        raise RulesetError("cappotto_counts", "says what cappotto_double counts, which is off")
    if rules.chiamata_alone is not AloneScoring.ZERO_SUM and not rules.chiamata:
        raise RulesetError("chiamata_alone", "is an option of chiamata scoring (a caller playing alone)")
    if rules.sit_out_share and not rules.sit_out:
        raise RulesetError("sit_out_share", "is an option of the five-player game with one sitting out (sit_out)")
