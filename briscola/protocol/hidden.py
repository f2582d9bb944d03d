"""The shadow's hidden cards: dealt arbitrarily, and corrected by exchanges of two cards the bot can't see.

Split from :mod:`briscola.protocol.shadow`, whose :class:`~briscola.protocol.shadow.Shadow` follows the messages and
applies the moves; this is how it keeps its made-up hands consistent with what the bot learns. Every correction
exchanges two cards the bot can't see (a hand's, the talon's, or the face-down cubierta card's place), so nothing the
bot knows changes: to put a played or drawn card where the referee says it was, to make the hands give the signs
partners gave, and to keep the face-down trump of a suit nobody has played.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable

from briscola.engine.cards import Card, Rank, Suit
from briscola.engine.events import CardDrawn, SignalKind
from briscola.engine.game import Game
from briscola.engine.options import sign_of
from briscola.engine.ruleset import TrumpMode

__all__ = ["HiddenCards", "ShadowError"]


class ShadowError(Exception):
    """The messages contradict the shadow (a referee's mistake, or ours): the bot stops trusting it for this hand."""


class HiddenCards:
    """The corrections of a shadow game, for the seat ``seat`` (the bot's).

    ``_shown``: the seats whose hands the bot has been shown; ``_pending_draws``: the log indexes of draws the bot has
    not been told of yet (whatever the shadow drew there is a guess). The shadow sets all three.
    """

    seat: int
    _shown: set[int]
    _pending_draws: deque[int]

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
            king = game.rules.signal_king
            wrong = [(seat, kind) for seat, kind in signs if sign_of(game.hands[seat], trump, king=king) is not kind]
            if not wrong:
                return
            for seat, kind in wrong:
                self._shape(game, seat, kind, trump, signers - {seat})
        raise ShadowError(f"no hands fit the signs {signs}")

    def _shape(self, game: Game, seat: int, kind: SignalKind, trump: Suit, keep_out: set[int]) -> None:
        ace, three, king = Card.of(Rank.ACE, trump), Card.of(Rank.THREE, trump), Card.of(Rank.KING, trump)
        needed = {
            SignalKind.ACE: {ace},
            SignalKind.THREE: {three},
            SignalKind.BOTH: {ace, three},
            SignalKind.KING: {king},
        }.get(kind, set())
        some = {ace, three, king} if game.rules.signal_king else {ace, three}
        banned = {
            SignalKind.ACE: {three},
            SignalKind.THREE: {ace},
            SignalKind.KING: {ace, three},
            SignalKind.SOME: some,
        }.get(kind, set())
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
