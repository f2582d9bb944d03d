"""The bot's shadow game: a full :class:`Game` rebuilt from BBP/1 messages, whose view for the bot's seat is exactly
what the referee's game would show that seat, so our players (which play from a :class:`PlayerView`) can be bots.

A bot knows its own cards and the public moves, never the hidden cards. The shadow deals those arbitrarily and corrects
them as the truth comes out: when another seat plays a card the shadow put elsewhere, when the bot draws a card the
shadow dealt differently, when a partner signals or shows a hand, when a face-down cubierta trump is revealed. A
correction only ever exchanges two cards the bot can't see, so nothing the bot knows changes; then the move itself is
applied through the engine, which keeps every rule and every count (points, talon, tricks) exactly as the referee's. The
corrections are :mod:`briscola.protocol.hidden`'s.

Cubierta needs one message of look-ahead: whether a card played is the first trump shows in the ``trump`` message that
follows it, and the shadow's face-down card must be of the right suit *before* the play reaches the engine.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from briscola.engine.actions import Action, Ask, Meld, Play, Signal, Swap, parse_action
from briscola.engine.cards import Card, Rank, Suit
from briscola.engine.events import CardDrawn, Event, HandsShown, SignalKind
from briscola.engine.game import Game, Phase
from briscola.engine.presets import PRESETS
from briscola.engine.ruleset import Ruleset, SwapRule
from briscola.engine.views import PlayerView
from briscola.protocol.hidden import HiddenCards, ShadowError

__all__ = ["Shadow", "ShadowError", "rules_from_message"]


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


class Shadow(HiddenCards):
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

    @staticmethod
    def _replace_event(game: Game, index: int, event: Event) -> None:
        game.log[index] = event
