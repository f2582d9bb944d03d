"""The graded heuristic levels 1-3: Principiante (beginner), Facile (easy) and Medio (intermediate).

Each decides from a :class:`PlayerView` alone, with its own ``random.Random``, so the same seed and view always give
the same move. Medio judges every card by what it is likely to win or lose in the trick on the table, against what
the card would be worth if kept (:class:`_Judge`); it counts the cards to do so, and once counting pins the last cards
down it reads the end of a two-player hand exactly (:mod:`briscola.ai.ending`): that is Medio at its best, the
judgement the search levels build on. The Medio *level* leaves out the exact reading and slips now and then, a worse
card with a probability that falls with what it costs; Principiante starts from the same judgement without memory,
slips more, and is bent by a beginner's habits. Facile (:mod:`briscola.ai.facile`) is the single-trick common sense
of the reference greedy player with slips of its own. The slips are set so that each level scores about 60% against
the one below it (``docs/ai.md``, "Grading the ladder").
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from briscola.ai.bidding import Habits, auction_action, optional_action
from briscola.ai.ending import endgame_values
from briscola.ai.facile import FacilePlayer
from briscola.ai.knowledge import Knowledge, beats, capture_strength
from briscola.ai.simple import Player, require_legal
from briscola.ai.slips import slip
from briscola.engine.actions import Action, Play
from briscola.engine.cards import Card, Suit
from briscola.engine.game import Phase
from briscola.engine.views import PlayerView

__all__ = [
    "MEDIO_LEVEL_STYLE",
    "MEDIO_STYLE",
    "RANK_TIE",
    "TUNED_TWO_PLAYER",
    "MedioPlayer",
    "PrincipiantePlayer",
    "Style",
    "Weights",
    "heuristic_level",
]

#: Between cards otherwise equal, the higher one is worth a hair more kept: it can take more later.
RANK_TIE: Final = 0.02
#: How much more a trump is worth with three players than with two (see :attr:`_Judge.table`).
_THREE_PLAYER_TABLE: Final = 4


@dataclass(frozen=True, slots=True)
class Weights:
    """What a card is worth kept in hand for later, in points of margin (see :meth:`_Judge.hold`).

    A trump will take more than its own points: ``trump_power`` early in the hand, shrinking as the points run out
    down to ``trump_floor`` of it, divided by ``1 + trump_decay`` for each stronger trump still out, plus
    ``trump_top`` for a trump nothing can beat; all of it grows with the cards a trick holds at a bigger table. A
    plain carico keeps ``carico_top`` of its points while nothing of its suit can take it, ``carico_exposed`` while
    something can, and all of them once no opponent can trump; ``bank`` of that when the trick on the table is surely
    my side's, the chance holding it waits for. A plain K, Q or J keeps ``court`` of its points, and a liscio
    ``cover`` for each plain carico in hand: it can be led or thrown in their place.

    All that is later and uncertain, so against the points of the trick on the table my own cards count ``keep`` of
    their worth kept, and ``race`` of that again in briscola to 31, which ends long before they would pay off. With
    ``trust``, Medio believes that a player who let a trick worth taking go had nothing to take it with.
    """

    trump_power: float = 12.0
    trump_floor: float = 0.5
    trump_decay: float = 0.4
    trump_top: float = 5.0
    carico_top: float = 1.0
    carico_exposed: float = 0.6
    bank: float = 0.5
    court: float = 0.2
    cover: float = 1.5
    trust: float = 0.8
    race: float = 0.6
    keep: float = 0.7


@dataclass(frozen=True, slots=True)
class Style:
    """What separates the levels that judge cards: memory, how many guesses of hidden hands, and a beginner's ways.

    ``samples`` is how many guesses of the hidden hands still to play judge each card (twice as many when a single
    hand is hidden: one hand to guess needs more guesses, and they cost less). ``temperature`` 0 always plays the
    best card; above 0 a worse card is played with probability proportional to
    ``exp(-cost / temperature)``, so cheap mistakes are common and expensive ones rare. ``showoff`` is the bonus a
    beginner sees in leading a carico, ``trump_happy`` in trumping a trick worth nothing.
    """

    memory: bool
    samples: int
    endgame: bool
    temperature: float = 0.0
    showoff: float = 0.0
    trump_happy: float = 0.0
    habits: Habits = field(default_factory=Habits)
    weights: Weights = field(default_factory=Weights)


#: Medio's card values tuned by self-play for two players (``tools/tune_weights.py tune --iterations 800 --deals 100
#: --seed 11``; how they score is in ``docs/ai.md``, "Card values tuned by self-play"): trumps are worth more kept, a
#: carico less while nothing can take it and more while something can. The search levels judge two-player hands by them;
#: Medio itself keeps the hand-set values (its level is the rules of thumb), and bigger tables too, which the tuning
#: never played.
TUNED_TWO_PLAYER: Final = Weights(
    trump_power=15.6,
    trump_floor=0.70,
    trump_decay=0.37,
    trump_top=4.7,
    carico_top=0.68,
    carico_exposed=0.77,
    bank=0.63,
    court=0.20,
    cover=1.6,
    trust=0.68,
    keep=0.71,
)
#: Medio's judgement at its best: every card counted, the last draw of a two-player hand read exactly, no slips. The
#: search levels build on it (:mod:`briscola.ai.search`).
MEDIO_STYLE: Final = Style(memory=True, samples=16, endgame=True)
#: The Medio *level*: the same judgement as a player in the middle of the ladder uses it. It counts, but doesn't play
#: the last draw out in every deal (that exact reading is worth about a hundred Elo, docs/ai.md), and it slips now and
#: then, a worse card with probability ``exp(-cost / 4)``, its cost in points of margin as the judgement sees it.
#: Both keep the Medio level a step below the search levels built on its judgement (docs/ai.md, "Grading the ladder").
MEDIO_LEVEL_STYLE: Final = dataclasses.replace(MEDIO_STYLE, endgame=False, temperature=4.0)
#: A beginner: no memory, many slips, and a strong pull to lead its carichi and to trump tricks worth nothing (the
#: habits weigh 20 points each, against slips at temperature 15), so its mistakes are a beginner's, not noise.
PRINCIPIANTE_STYLE: Final = Style(
    memory=False,
    samples=3,
    endgame=False,
    temperature=15.0,
    showoff=20.0,
    trump_happy=20.0,
    habits=Habits(forget=0.3, careful=False, bid_noise=1),
    # A beginner clings to the cards it holds: the future is not discounted the way Medio has learned to.
    weights=Weights(keep=1.0),
)


def heuristic_level(number: int, rng: random.Random) -> Player:
    """The player of level ``number`` (1 Principiante, 2 Facile, 3 Medio), drawing its randomness from ``rng``."""
    if number == 1:
        return PrincipiantePlayer(rng)
    if number == 2:
        return FacilePlayer(rng)
    if number == 3:
        return MedioPlayer(rng, style=MEDIO_LEVEL_STYLE)
    raise ValueError(f"the heuristic levels are 1-3, not {number}")


class _CardPlayer:
    """A level that judges every legal card (:class:`_Judge`) and picks by its :class:`Style`."""

    def __init__(self, style: Style, rng: random.Random) -> None:
        self.style = style
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        """The option, bid or card this level plays for ``view``."""
        legal = require_legal(view)
        if view.phase in (Phase.AUCTION, Phase.CALL):
            return auction_action(view, self.style.habits, self.rng)
        option = optional_action(view, self.style.habits, self.rng)
        if option is not None:
            return option
        cards = [action.card for action in legal if isinstance(action, Play)]
        if not cards:
            return legal[0]
        if len(cards) == 1:
            return Play(cards[0])
        return Play(self._pick(self.card_values(view, cards)))

    def card_values(self, view: PlayerView, cards: list[Card]) -> dict[Card, float]:
        """How good each card is, in points of margin (higher is better), as this level sees it."""
        know = Knowledge(view, memory=self.style.memory)
        if self.style.endgame:
            exact = endgame_values(know, cards, self.style.weights.trust)
            if exact is not None:
                return exact
        return _Judge(know, self.style).values(cards, self.rng)

    def _pick(self, values: dict[Card, float]) -> Card:
        best = max(values.values())
        ranked = sorted(values, key=lambda card: (-values[card], card))
        if self.style.temperature <= 0:
            tied = [card for card in ranked if values[card] >= best - 1e-9]
            return tied[0] if len(tied) == 1 else self.rng.choice(tied)
        return slip(ranked, {card: best - values[card] for card in ranked}, self.style.temperature, self.rng)


class MedioPlayer(_CardPlayer):
    """Medio's judgement: counts cards and trumps, protects its carichi, takes points cheaply, plays with its partner.

    By default it plays at its best (:data:`MEDIO_STYLE`), as the search levels use it; level 3 is the same player
    with :data:`MEDIO_LEVEL_STYLE`. ``weights`` replaces the hand-set card values (the search levels judge by the
    values tuned by self-play).
    """

    def __init__(self, rng: random.Random, weights: Weights | None = None, *, style: Style = MEDIO_STYLE) -> None:
        super().__init__(style if weights is None else dataclasses.replace(style, weights=weights), rng)


class PrincipiantePlayer(_CardPlayer):
    """Level 1: sensible-looking cards with a beginner's mistakes, cheap ones often and costly ones rarely.

    It remembers nothing played before the current trick (so it loses track of the trumps), likes leading its
    carichi and taking tricks with trumps even when they hold nothing, and sometimes forgets a free move.
    """

    def __init__(self, rng: random.Random) -> None:
        super().__init__(PRINCIPIANTE_STYLE, rng)

    def costs(self, view: PlayerView) -> dict[Card, float]:
        """What each legal card costs against the best one, as the beginner perceives it (0 for its favourite)."""
        cards = [action.card for action in view.legal if isinstance(action, Play)]
        values = self.card_values(view, cards)
        best = max(values.values())
        return {card: best - value for card, value in values.items()}

    def card_values(self, view: PlayerView, cards: list[Card]) -> dict[Card, float]:
        """The sound values, plus the pull of the beginner's habits."""
        values = super().card_values(view, cards)
        trump = view.trump
        on_table = sum(card.points for _, card in view.trick)
        for card in cards:
            if not view.trick and card.is_carico and card.suit != trump:
                values[card] += self.style.showoff
            elif view.trick and on_table == 0 and trump is not None and card.suit == trump:
                values[card] += self.style.trump_happy
        return values


class _Judge:
    """Medio's judgement of a card: the trick's likely outcome with it, minus what the card is worth kept.

    The cards of the players still to play are guessed ``style.samples`` times (:meth:`Knowledge.sample_hands`), and
    each guessed player answers by the same judgement from its own side, weighing the odds that someone after it
    takes the trick. What the others spend is theirs to regret: only my own card's worth kept is charged.
    """

    def __init__(self, know: Knowledge, style: Style) -> None:
        self.know = know
        self.style = style
        self.view = know.view
        self.follow = self.view.rules.must_follow_suit

    @cached_property
    def stage(self) -> float:
        """The share of the hand's points still to be played: trumps are worth less as the points run out."""
        in_play = self.know.points_out + sum(card.points for card in self.know.hand)
        return in_play / max(self.view.rules.deck_points, 1)

    @cached_property
    def table(self) -> int:
        """How much more a trump takes than with two players: about the other cards in a trick, more with three.

        Three players each for themselves meet two opponents' cards in every trick for thirteen tricks, and there a
        trump proved worth about four times its two-player worth (arena measurements), not twice.
        """
        players = len(self.view.active)
        return _THREE_PLAYER_TABLE if players == 3 else players - 1

    @cached_property
    def discount(self) -> float:
        """How much my cards' worth kept counts against the trick at hand (less in the race to 31)."""
        return self.style.weights.keep * (self.style.weights.race if self.view.rules.to_31 else 1.0)

    def _carichi(self, hand: Sequence[Card]) -> int:
        """The plain carichi in ``hand``: the cards a cheap one shields from having to be led."""
        return sum(1 for card in hand if card.is_carico and card.suit != self.know.trump)

    def hold(self, card: Card, hand: Sequence[Card] | None = None) -> float:
        """What ``card`` is worth kept for later to the holder of ``hand`` (mine by default), in points of margin."""
        know = self.know
        weights = self.style.weights
        trump = know.trump
        if trump is not None and card.suit == trump:
            stage = weights.trump_floor + (1 - weights.trump_floor) * self.stage
            higher = sum(1 for c in know.out if c.suit == trump and c > card)
            power = weights.trump_power * stage * self.table / (1 + weights.trump_decay * higher)
            return card.points + power + (weights.trump_top * self.table if not higher else 0.0) + RANK_TIE * card.rank
        if not card.is_carico:
            # A higher plain card can take more of the opponent's leads: a hair more worth keeping. A cheap card also
            # covers the carichi in hand: it can be led or thrown instead of them.
            cover = weights.cover * self._carichi(self.know.hand if hand is None else hand) if card.points == 0 else 0.0
            return weights.court * card.points + RANK_TIE * card.rank + cover
        if self.style.memory and trump is not None and not any(c.suit == trump for c in know.out):
            return float(card.points) * (weights.carico_exposed if know.higher_out(card) else 1.0)
        return (weights.carico_exposed if know.higher_out(card) else weights.carico_top) * card.points

    def values(self, cards: list[Card], rng: random.Random) -> dict[Card, float]:
        """Each card's value: the average over guessed hands of the trick result, minus its worth kept."""
        know = self.know
        after = know.seats_after
        if not after or all(know.hidden.get(seat, 0) == 0 for seat in after):
            worlds = [{seat: list(know.known.get(seat, ())) for seat in after}]
        else:
            # One hidden hand to guess takes more guesses to judge well than several; they cost less, too.
            count = self.style.samples * 2 if len(after) == 1 else self.style.samples
            worlds = [know.sample_hands(rng, after, self.style.weights.trust) for _ in range(max(count, 1))]
        base = list(self.view.trick)
        safe = know.trick_is_safe()
        out: dict[Card, float] = {}
        for card in cards:
            total = 0.0
            for hands in worlds:
                total += self._outcome([*base, (know.seat, card)], after, hands)
            keep = self.hold(card)
            if safe and card.is_carico and card.suit != know.trump:
                # The trick is my side's whatever comes: the chance to bank a carico that holding it waits for.
                keep *= self.style.weights.bank
            out[card] = total / len(worlds) - keep * self.discount
        return out

    def _outcome(self, trick: list[tuple[int, Card]], after: tuple[int, ...], hands: dict[int, list[Card]]) -> float:
        """The trick played out by guessed hands: its points, for me or against me."""
        know = self.know
        for index, seat in enumerate(after):
            hand = hands.get(seat)
            if hand:
                trick.append((seat, self._reply(seat, trick, hand, after[index + 1 :])))
        led = trick[0][1].suit
        winner = max(trick, key=lambda entry: capture_strength(entry[1], led, know.trump))[0]
        return know.side_weights[winner] * sum(card.points for _, card in trick)

    def _reply(self, seat: int, trick: list[tuple[int, Card]], hand: list[Card], later: tuple[int, ...]) -> Card:
        """The card ``seat`` plays to ``trick`` from ``hand``, judging the trick as it would stand after it.

        When ``later`` seats may still take the trick, its points go the other way with the odds that one of them
        holds a card to do it (:meth:`_odds_taken`): a careful player doesn't load a trick an opponent can still take.
        """
        know = self.know
        led = trick[0][1].suit
        options = hand
        if self.follow:
            options = [card for card in hand if card.suit == led] or hand
        best_seat, best_card = max(trick, key=lambda entry: capture_strength(entry[1], led, know.trump))
        points = sum(card.points for _, card in trick)
        choice = options[0]
        choice_value = -math.inf
        for card in options:
            taker, top = (seat, card) if beats(card, best_card, led, know.trump) else (best_seat, best_card)
            worth = know.affinity(seat, taker)
            rivals = [other for other in later if know.affinity(taker, other) < 0]
            if rivals:
                odds = self._odds_taken(top, led, rivals, hand)
                worth = (1 - odds) * worth + odds * know.affinity(seat, rivals[0])
            value = worth * (points + card.points) - self.hold(card, hand)
            if value > choice_value:
                choice, choice_value = card, value
        return choice

    def _odds_taken(self, top: Card, led: Suit, rivals: list[int], hand: list[Card]) -> float:
        """The chance that one of ``rivals`` holds a card beating ``top``, as the holder of ``hand`` can judge it."""
        know = self.know
        pool = know.unseen.difference(hand)
        beaters = sum(1 for card in pool if beats(card, top, led, know.trump))
        keep = 1.0
        for rival in rivals:
            if any(beats(card, top, led, know.trump) for card in know.known.get(rival, ())):
                return 1.0
            size = len(pool)
            for index in range(min(know.hidden.get(rival, 0), size)):
                keep *= max(size - beaters - index, 0) / (size - index)
        return 1.0 - keep
