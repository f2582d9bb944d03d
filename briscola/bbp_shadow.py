"""The bot's shadow game: a full :class:`Game` rebuilt from BBP/1 messages, whose view for the bot's seat is exactly
what the referee's game would show that seat, so our players (which play from a :class:`PlayerView`) can be bots.

A bot knows its own cards and the public moves, never the hidden cards. The shadow deals those arbitrarily and
corrects them as the truth comes out: when another seat plays a card the shadow put elsewhere, when the bot draws a
card the shadow dealt differently, when a partner signals or shows a hand, when a face-down cubierta trump is revealed.
A correction only ever exchanges two cards the bot can't see, so nothing the bot knows changes; then the move itself is
applied through the engine, which keeps every rule and every count (points, talon, tricks) exactly as the referee's.

Cubierta needs one message of look-ahead: whether a card played is the first trump shows in the ``trump`` message that
follows it, and the shadow's face-down card must be of the right suit *before* the play reaches the engine.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from briscola.engine.actions import Action, Ask, Meld, Play, Signal, Swap, parse_action
from briscola.engine.cards import Card, Rank, Suit
from briscola.engine.events import CardDrawn, Event, HandsShown, SignalKind
from briscola.engine.game import Game, Phase
from briscola.engine.presets import PRESETS
from briscola.engine.ruleset import Ruleset, SwapRule, TrumpMode
from briscola.engine.views import PlayerView

__all__ = ["Shadow", "ShadowError", "rules_from_message"]


class ShadowError(Exception):
    """The messages contradict the shadow (a referee's mistake, or ours): the bot stops trusting it for this hand."""


def _stderr(text: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # nobody reads our log any more: that must not stop the bot
        print(text, file=sys.stderr, flush=True)


def rules_from_message(rules: Mapping[str, Any]) -> Ruleset:
    """The ruleset of a ``new_hand``'s ``rules``: the preset its ``variant`` names (if any) with the options given.

    Our referee sends every option; another referee may send only a variant name, or options we don't know (skipped).
    """
    known = set(Ruleset().option_names())
    options = {key: value for key, value in rules.items() if key in known}
    base = PRESETS.get(str(rules.get("variant", "")).strip().lower())
    if base is None:
        return Ruleset.from_dict(options)
    return base.with_options(**options) if options else base


class Shadow:
    """Follows one seat's messages (everything but ``hello``, ``request`` and ``quit``) and rebuilds its view."""

    def __init__(self, log: Callable[[str], None] = _stderr) -> None:
        self.log = log
        self.seat = -1
        self.rules: Ruleset | None = None
        self.game: Game | None = None
        self.confused: str | None = "no hand yet"
        self._header: Mapping[str, Any] = {}
        self._hands_seen = 0
        self._deals: dict[int, list[Card] | None] = {}
        self._turned: Card | None = None
        self._pending_play: tuple[int, Card] | None = None
        self._pending_draws: deque[int] = deque()
        self._shown: set[int] = set()

    # ------------------------------------------------------------------------------------------------ the interface

    def feed(self, message: Mapping[str, Any]) -> None:
        """Take one message. Never raises: a message that makes no sense confuses the shadow until the next hand."""
        kind = message.get("type")
        try:
            if kind == "new_hand":
                self._new_hand(message)
                return
            if self.confused is not None:
                return
            if self._pending_play is not None:
                seat, card = self._pending_play
                self._pending_play = None
                reveal = message.get("suit") if kind == "trump" and self.game is not None else None
                self._play(seat, card, Suit.parse(reveal) if isinstance(reveal, str) else None)
                if reveal is not None:
                    return
            self._dispatch(kind, message)
        except Exception as error:  # any failure means the same: stop trusting this hand
            self._confuse(f"{kind} message {dict(message)}: {type(error).__name__}: {error}")

    def view(self) -> PlayerView | None:
        """The bot's view now, or None when the shadow is confused or has no hand."""
        if self.confused is None:
            try:
                if self._pending_play is not None:
                    seat, card = self._pending_play
                    self._pending_play = None
                    self._play(seat, card, None)
                return self._built().view(self.seat)
            except Exception as error:  # as in feed()
                self._confuse(f"building the view: {type(error).__name__}: {error}")
        return None

    def _confuse(self, reason: str) -> None:
        self.confused = reason
        self.log(f"shadow confused until the next hand: {reason}")

    # ------------------------------------------------------------------------------------------------ messages

    def _new_hand(self, message: Mapping[str, Any]) -> None:
        self.confused = None
        self.game = None
        self._header = message
        self.seat = int(message["seat"])
        self.rules = rules_from_message(message.get("rules", {}))
        self._deals = {}
        self._turned = None
        self._pending_play = None
        self._pending_draws.clear()
        self._shown = set()
        self._hands_seen += 1

    def _dispatch(self, kind: object, message: Mapping[str, Any]) -> None:
        """Deals and the turned card are collected until the first move; every later message acts on the game."""
        if self.game is None and kind == "deal":
            cards = message.get("cards")
            self._deals[int(message["seat"])] = [Card.parse(code) for code in cards] if cards is not None else None
            return
        if self.game is None and kind == "trump":
            card = message.get("card")
            self._turned = Card.parse(card) if isinstance(card, str) else None
            return
        if kind not in ("play", "draw", "action", "show", "trick", "hand_over"):
            return  # a trump announced after a call, or a message type a later protocol added
        game = self._built()
        if kind in ("play", "action"):
            self._pending_draws.clear()  # draws not told by now never will be
        if kind == "play":
            self._pending_play = (int(message["seat"]), Card.parse(message["card"]))
        elif kind == "draw":
            self._draw(game, message)
        elif kind == "action":
            self._action(game, message)
        elif kind == "show":
            self._show(game, int(message["seat"]), [Card.parse(code) for code in message["cards"]])
        elif kind == "trick":
            if message.get("winner") != game.last_winner:
                raise ShadowError(f"the shadow gave the trick to {game.last_winner}")
        elif message.get("reason") == "exited" and game.phase in (Phase.AUCTION, Phase.CALL, Phase.PLAY):
            game.forfeit(tuple(int(seat) for seat in message.get("exited", ())))

    def _built(self) -> Game:
        """The shadow game, dealing it first from what the bot was told: its cards in its slots, the rest arbitrary."""
        if self.game is not None:
            return self.game
        rules = self.rules
        if rules is None:
            raise ShadowError("no new_hand yet")
        header = self._header
        dealer = int(header["dealer"])
        n = rules.players
        active = [(dealer + k) % n for k in range(1, n if rules.sit_out else n + 1)]
        mine = self._deals.get(self.seat)
        if self.seat in active and (mine is None or len(mine) != rules.hand_size):
            raise ShadowError(f"the deal of my seat {self.seat} is {mine}")
        known = {card for cards in self._deals.values() if cards for card in cards}
        if self._turned is not None:
            known.add(self._turned)
        unknown = iter([card for card in rules.deck if card not in known])
        order: list[Card] = []
        for round_no in range(rules.hand_size):
            for seat in active:
                cards = self._deals.get(seat)
                order.append(cards[round_no] if cards else next(unknown))
        if rules.turns_card:
            order.append(self._turned if self._turned is not None else next(unknown))
        order.extend(unknown)
        hand_no = header.get("hand_no")
        game = Game.from_deal(
            rules,
            order,
            dealer=dealer,
            hand_no=int(hand_no) if hand_no is not None else self._hands_seen - 1,
            match_scores=[int(score) for score in header.get("match_scores") or [0] * n],
            stake=int(header.get("stake", 1)),
        )
        self.game = game
        return game

    def _apply(self, game: Game, seat: int, action: Action) -> None:
        """Apply a move through the engine, noting the draws it made: the next ``draw`` messages check them."""
        start = len(game.log)
        game.apply(action, seat=seat)
        for index in range(start, len(game.log)):
            if isinstance(game.log[index], CardDrawn):
                self._pending_draws.append(index)

    def _play(self, seat: int, card: Card, reveal: Suit | None) -> None:
        """Another seat's card is first put into its hand (clearing the suit led from it if it did not follow, so the
        engine's follow-suit check agrees); ``reveal`` is the trump announced right after, if any."""
        game = self._built()
        if reveal is not None and reveal != card.suit:
            raise ShadowError(f"{card} can't reveal {reveal.letter} as trump")
        self._fix_face_down(game, seat, card, reveal)
        if seat != self.seat:
            led = game.trick_cards[0].suit if game.trick_cards else None
            self._bring(game, card, seat, prefer=lambda other: other.suit == led)
            if game.rules.must_follow_suit and led is not None and card.suit != led:
                for other in self._hidden_in(game, seat):
                    if other.suit == led:
                        self._push_out(game, other, seat, lambda c: c.suit != led)
        self._apply(game, seat, Play(card))

    def _draw(self, game: Game, message: Mapping[str, Any]) -> None:
        """The engine already drew when the trick ended; a ``draw`` that names its card corrects the shadow's guess."""
        if not self._pending_draws:
            raise ShadowError("a draw the shadow did not make")
        index = self._pending_draws.popleft()
        event = game.log[index]
        assert isinstance(event, CardDrawn)
        if event.seat != message.get("seat"):
            raise ShadowError(f"the shadow drew for seat {event.seat}")
        code = message.get("card")
        if not isinstance(code, str):
            return
        card = Card.parse(code)
        current = game.hands[event.seat][-1]  # the drawn card's place: nobody has played since the draw
        if card != current:
            if card not in self._hidden(game):
                raise ShadowError(f"{card} was drawn but the shadow knows it elsewhere")
            self._exchange(game, current, card)  # the face-down cubierta card follows its place, see _exchange
            self._check_face_down(game, exclude={card})
        if event.card is not None and event.card != card:
            self._replace_event(game, index, dataclasses.replace(event, card=card))

    def _action(self, game: Game, message: Mapping[str, Any]) -> None:
        """Any move but a card: first make the mover's hidden cards agree with what the move shows, then apply it."""
        seat = int(message["seat"])
        action = parse_action(str(message["action"]))
        if seat != self.seat and isinstance(action, Swap):
            gave = Card.parse(message["gave"])
            self._bring(game, gave, seat)
            if game.rules.swap is SwapRule.BOTH and gave.rank is Rank.SEVEN:
                two = Card.of(Rank.TWO, gave.suit)  # the engine would give the 2 first: this seat can't hold it
                if two in self._hidden_in(game, seat):
                    self._push_out(game, two, seat, lambda c: c != two)
        elif seat != self.seat and isinstance(action, Meld):
            pair = {Card.of(Rank.KING, action.suit), Card.of(Rank.QUEEN, action.suit)}
            for card in sorted(pair):
                self._bring(game, card, seat, avoid=pair)
        elif isinstance(action, Signal) and seat != self.seat:
            self._shape_signals(game, [(seat, SignalKind(message["signal"]))])
        elif isinstance(action, Ask):
            signs = [(int(answer["seat"]), SignalKind(answer["signal"])) for answer in message.get("answers", ())]
            self._shape_signals(game, [(signer, kind) for signer, kind in signs if signer != self.seat])
        self._apply(game, seat, action)

    def _show(self, game: Game, seat: int, cards: list[Card]) -> None:
        """A partner shows its hand: make the shadow's hand exactly that, in that order."""
        hand = game.hands[seat]
        if seat != self.seat:
            for card in cards:
                if card not in hand:
                    spare = [c for c in hand if c not in cards and c in self._hidden(game, include_shown=True)]
                    if not spare or card not in self._hidden(game, include_shown=True):
                        raise ShadowError(f"seat {seat} can't be holding {card}")
                    self._exchange(game, card, spare[0])
            self._check_face_down(game, exclude=set(cards))
        if sorted(hand) != sorted(cards):
            raise ShadowError(f"seat {seat} shows {cards}, the shadow holds {hand}")
        hand[:] = cards
        self._shown.add(seat)
        for index in range(len(game.log) - 1, -1, -1):
            event = game.log[index]
            if isinstance(event, HandsShown) and event.seat == seat:
                self._replace_event(game, index, dataclasses.replace(event, cards=tuple(cards)))
                break

    # ------------------------------------------------------------------------------------------------ corrections

    def _hidden(self, game: Game, *, include_shown: bool = False) -> list[Card]:
        """The cards in hands and talon that the bot can't see, in a fixed order (so the shadow is reproducible)."""
        seen: set[Card] = set(game.hands[self.seat])
        for seat, hand in enumerate(game.hands):
            if game.rules.open_hands or (seat in self._shown and not include_shown):
                seen.update(hand)
            seen.update(game.public_cards[seat])
        turned = game.rules.trump_mode is TrumpMode.TURNED
        if game.briscola_in_talon and turned:
            seen.add(game.talon[0])
        for index in self._pending_draws:  # drawn, but not told yet: whatever the shadow drew there is a guess
            event = game.log[index]
            if isinstance(event, CardDrawn) and not (event.briscola and turned):
                seen.discard(game.hands[event.seat][-1])
        out = [card for hand in game.hands for card in hand if card not in seen]
        out.extend(card for card in reversed(game.talon) if card not in seen)
        return out

    def _hidden_in(self, game: Game, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand that the bot can't see: the only ones a correction may move."""
        hidden = set(self._hidden(game))
        return [card for card in game.hands[seat] if card in hidden]

    def _face_down(self, game: Game) -> Card | None:
        """The cubierta card the bot has not seen, which the shadow has chosen (its suit is the shadow's trump)."""
        if game.rules.trump_mode is not TrumpMode.HIDDEN or game.briscola is None:
            return None
        return None if game.briscola_taker == self.seat else game.briscola

    def _exchange(self, game: Game, first: Card, second: Card) -> None:
        """Swap the places of two cards. The face-down cubierta card is a place: the card now there takes its role."""
        places = [
            (hand, hand.index(card)) for card in (first, second) for hand in (*game.hands, game.talon) if card in hand
        ]
        if len(places) != 2:
            raise ShadowError(f"can't find {first} and {second} in hands and talon")
        (list_a, index_a), (list_b, index_b) = places
        list_a[index_a], list_b[index_b] = second, first
        for public in game.public_cards:
            has_first, has_second = first in public, second in public
            public.discard(first)
            public.discard(second)
            if has_first:
                public.add(second)
            if has_second:
                public.add(first)
        if game.rules.trump_mode is TrumpMode.HIDDEN and game.briscola in (first, second):
            game.briscola = second if game.briscola == first else first
            if not game.trump_public:
                game.trump = game.briscola.suit
        if game.called_card is not None:
            game.partner = next((s for s, hand in enumerate(game.hands) if game.called_card in hand), game.partner)

    def _bring(
        self,
        game: Game,
        card: Card,
        seat: int,
        *,
        avoid: Collection[Card] = (),
        prefer: Callable[[Card], bool] = lambda _: False,
    ) -> None:
        """Put ``card`` into ``seat``'s hand, in exchange for one of its cards the bot can't see."""
        if card in game.hands[seat]:
            return
        hidden = self._hidden(game)
        face_down = self._face_down(game)
        if card not in hidden:
            raise ShadowError(f"seat {seat} can't hold {card}: the bot knows where it is")
        spare = [c for c in game.hands[seat] if c in hidden and c not in avoid and c != face_down]
        if not spare:
            raise ShadowError(f"seat {seat} has no hidden card to give for {card}")
        self._exchange(game, card, min(spare, key=lambda c: not prefer(c)))
        self._check_face_down(game, exclude={card, *avoid})

    def _push_out(
        self, game: Game, card: Card, seat: int, fits: Callable[[Card], bool], keep_out: Collection[int] = ()
    ) -> None:
        """Move ``card`` out of ``seat``'s hand, in exchange for a hidden card that ``fits``, from the talon if it can,
        else from another hand (but not those of ``keep_out``)."""
        face_down = self._face_down(game)
        own = {c for s in (seat, *keep_out) for c in game.hands[s]}
        others = [c for c in reversed(self._hidden(game)) if c not in own and c != face_down and fits(c)]
        if not others:
            raise ShadowError(f"no card can take the place of {card} in seat {seat}'s hand")
        self._exchange(game, card, others[0])

    def _shape_signals(self, game: Game, signs: list[tuple[int, SignalKind]]) -> None:
        """Make the shadow's hands give the (truthful) signs: each seat with its ``kind``, checked until all agree."""
        trump = game.trump
        if trump is None:
            raise ShadowError("a sign about trumps before the trump is known")
        signers = {seat for seat, _ in signs}
        for _ in range(4):  # shaping one hand may disturb another's (a card it gave away went there): go again
            wrong = [(seat, kind) for seat, kind in signs if _sign_of(game.hands[seat], trump) is not kind]
            if not wrong:
                return
            for seat, kind in wrong:
                self._shape(game, seat, kind, trump, signers - {seat})
        raise ShadowError(f"no hands fit the signs {signs}")

    def _shape(self, game: Game, seat: int, kind: SignalKind, trump: Suit, keep_out: set[int]) -> None:
        ace, three = Card.of(Rank.ACE, trump), Card.of(Rank.THREE, trump)
        needed = {SignalKind.ACE: {ace}, SignalKind.THREE: {three}, SignalKind.BOTH: {ace, three}}.get(kind, set())
        banned = {SignalKind.ACE: {three}, SignalKind.THREE: {ace}, SignalKind.SOME: {ace, three}}.get(kind, set())
        if kind is SignalKind.NONE:
            banned = {card for card in game.rules.deck if card.suit == trump}
        for card in sorted(needed):
            self._bring(game, card, seat, avoid=needed, prefer=lambda c: c.suit != trump)
        for card in self._hidden_in(game, seat):
            if card in banned:
                self._push_out(game, card, seat, lambda c: c not in banned, keep_out)
        if kind is SignalKind.SOME and not any(card.suit == trump for card in game.hands[seat]):
            face_down = self._face_down(game)
            plain = [c for c in self._hidden(game) if c.suit == trump and c not in banned and c != face_down]
            if not plain:
                raise ShadowError(f"seat {seat} says it has trumps, but none can be in its hand")
            self._bring(game, plain[0], seat, prefer=lambda c: c.suit != trump)

    def _fix_face_down(self, game: Game, seat: int, card: Card, reveal: Suit | None) -> None:
        """Before ``card`` is played: the shadow's face-down card must be of the trump ``reveal``ed by this play,
        or, when none is, of a suit nobody has played (and not ``card``'s)."""
        face_down = self._face_down(game)
        if face_down is None or game.trump_public:
            return
        suits = {reveal} if reveal is not None else self._unplayed_suits(game) - {card.suit}
        taker_plays_it = reveal is not None and not game.briscola_in_talon and game.briscola_taker == seat
        if face_down.suit in suits and (face_down != card or taker_plays_it):
            return
        hidden = self._hidden(game)
        candidates = [c for c in hidden if c.suit in suits and c != card]
        if taker_plays_it and card in hidden:
            candidates.append(card)
        if not candidates:
            raise ShadowError("no hidden card can be the face-down trump")
        self._exchange(game, face_down, candidates[0])

    def _check_face_down(self, game: Game, exclude: Iterable[Card]) -> None:
        """After an exchange moved the face-down card's role, make sure it still fits what the bot knows."""
        face_down = self._face_down(game)
        if face_down is None:
            return
        suits = {game.trump} if game.trump_public and game.trump is not None else self._unplayed_suits(game)
        if face_down.suit in suits:
            return
        excluded = set(exclude)
        candidates = [c for c in self._hidden(game) if c.suit in suits and c not in excluded]
        if not candidates:
            raise ShadowError("no hidden card can be the face-down trump")
        self._exchange(game, face_down, candidates[0])

    @staticmethod
    def _unplayed_suits(game: Game) -> set[Suit]:
        played = {card.suit for pile in game.captured for card in pile} | {card.suit for card in game.trick_cards}
        return set(Suit) - played

    @staticmethod
    def _replace_event(game: Game, index: int, event: Event) -> None:
        game.log[index] = event


def _sign_of(hand: Iterable[Card], trump: Suit) -> SignalKind:
    """The truthful sign for a hand: which trump carichi it holds, else whether it holds trumps at all."""
    cards = set(hand)
    ace, three = Card.of(Rank.ACE, trump) in cards, Card.of(Rank.THREE, trump) in cards
    if ace and three:
        return SignalKind.BOTH
    if ace or three:
        return SignalKind.ACE if ace else SignalKind.THREE
    return SignalKind.SOME if any(card.suit == trump for card in cards) else SignalKind.NONE
