"""Levels 4-6: Medio's judgement at its best, with the late game solved in sampled worlds.

What decides a hand of Briscola is mostly its end (``docs/ai.md``, "Why the search levels are built on Medio"), so the
search levels spend their time there. Once few enough cards are left (hands and talon), the hidden cards are dealt at
random many times (:func:`~briscola.engine.sampling.sample_world`, consistent with everything the view proves), every
legal card is played in every deal, and the rest of the hand is solved exactly for its *result* (won, drawn, lost:
:func:`~briscola.ai.solver.solve_result`), not its points: a sure 61 beats a risky 80. The card that wins in the most
deals is played; between equals, Medio's judgement decides. With nothing hidden (two players once the talon is empty)
the hand is solved for points too, which is optimal.

Before that, the card is Medio's, and Esperto and Campione also weigh it against rollouts in sampled worlds played
out by Medio's judgement (:mod:`briscola.ai.judged`). In two-player hands the two draw their deals by how well each
explains the other player's plays (:mod:`briscola.ai.inference`). The play-outs are Medio's, not greedy ones, because
greedy play-outs misjudge the very endings that decide hands (``docs/ai.md``).

Esperto and Campione also notice a player who plays single-trick common sense without fail (the greedy reference
player's rules, :func:`~briscola.ai.inference.strict_chance`), and solve the late game's deals against that rule as
far as the plays say it is the rule: such a player gives away tricks a best player keeps, and a search assuming best
play never takes them. Careful players' plays keep that chance low, so against them the search is the usual one
(``docs/ai.md``, "Recognising a player of common sense to the letter").

The levels differ by how early the exact phase starts and how many deals it samples, so the weaker ones make the
mistakes of a shorter look ahead; Difficile also slips in the middle game, a worse card with a probability that falls
with what it costs, never a random blunder. Every decision outside card play is Medio's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import Literal, TypeAlias

from briscola.ai.bidding import optional_action
from briscola.ai.heuristic import MEDIO_STYLE, TUNED_TWO_PLAYER, MedioPlayer
from briscola.ai.inference import Readings, faithful_chance, posterior_worlds, strict_chance
from briscola.ai.ismcts import ismcts_values
from briscola.ai.judged import judged_rollout
from briscola.ai.opponent import OpponentModel
from briscola.ai.position import Position
from briscola.ai.simple import Player
from briscola.ai.slips import slip
from briscola.ai.solver import common_sense_card, search_value, solve_result
from briscola.engine.actions import Action, Play
from briscola.engine.cards import Card
from briscola.engine.game import Game, Phase
from briscola.engine.sampling import sample_world
from briscola.engine.views import PlayerView

__all__ = ["LEVEL_PARAMS", "MIN_WORLDS", "SearchParams", "SearchPlayer", "Stage", "search_level"]

#: However short the time, a search samples at least this many deals: fewer would be a coin toss.
MIN_WORLDS = 4
#: A chance of the other player's style below this counts as none, above one less it as certain; only between them
#: are deals solved both ways.
_SURE = 0.01
#: With nothing hidden, the rest of the hand is solved for points once at most this many cards are left.
_EXACT_OPEN = 12

Stage: TypeAlias = Literal["exact", "late", "ismcts", "middle", "judgement"]
"""How a search level picks a card at a moment of the hand: :meth:`SearchPlayer.stage`."""


@dataclass(frozen=True, slots=True)
class SearchParams:
    """A search budget.

    ``late_cards``: solve sampled deals exactly once at most this many cards are left in hands and talon (two
    players; ``late_cards_team`` for teams of two or three), over ``late_worlds`` deals. ``mid_worlds`` > 0: before
    that, add ``mid_weight`` times the mean of Medio-judged rollouts over that many deals to Medio's values.
    ``mid_ismcts`` > 0 (two players; instead of ``mid_worlds``): before that, play the card information-set MCTS
    visits most in that many iterations over ``mid_deals`` deals (:mod:`briscola.ai.ismcts`).
    ``read``: in two-player hands, draw those deals' other hand by how well it explains the other player's plays
    (:func:`~briscola.ai.inference.posterior_worlds`). ``recognise``: in two-player hands, solve each of those deals
    against common sense played without fail, as far as the other player's plays say it plays that way
    (:func:`~briscola.ai.inference.strict_chance`), and against best play for the rest.
    ``temperature`` > 0: where Medio's judgement picks the card (the middle game, and between cards the search finds
    equal) a worse one is played with probability proportional to ``exp(-cost / temperature)``, its cost in points of
    margin as the judgement sees it: how a lower level is graded.
    """

    late_cards: int
    late_worlds: int
    late_cards_team: int = 12
    mid_worlds: int = 0
    mid_weight: float = 0.02
    read: bool = False
    temperature: float = 0.0
    recognise: bool = False
    mid_ismcts: int = 0
    mid_deals: int = 200


_ESPERTO = SearchParams(late_cards=16, late_worlds=40, late_cards_team=16, mid_worlds=40, read=True, recognise=True)

LEVEL_PARAMS: dict[int, SearchParams] = {
    # Difficile slips in the middle game, which keeps it a step below Esperto (docs/ai.md, "Grading the ladder").
    4: SearchParams(late_cards=14, late_worlds=12, late_cards_team=8, temperature=4.5),
    5: _ESPERTO,
    # Campione is Esperto with the two-player middle game searched by ISMCTS (so with more players it is Esperto):
    # 7,000 iterations (docs/ai.md, "Information-set MCTS in the middle game"). Their time follows the machine's speed
    # and load; at the table the think time bounds it (SearchPlayer.time_limit; docs/ai.md, "Campione's think time
    # at the table").
    6: replace(_ESPERTO, mid_worlds=0, mid_ismcts=7000),
}


class SearchPlayer:
    """Medio's judgement, with the late game solved over sampled deals within the budget of ``params``."""

    def __init__(self, params: SearchParams, rng: random.Random) -> None:
        self.params = params
        self.rng = rng
        self.medio = MedioPlayer(random.Random(rng.random()))
        #: Medio's judgement with the values tuned for two players (:data:`TUNED_TWO_PLAYER`), for two-player hands.
        self.tuned = MedioPlayer(random.Random(rng.random()), weights=TUNED_TWO_PLAYER)
        #: Seconds a move may take, or None for the level's full budget. When set, every search loop looks at the
        #: clock and stops once the time is up, playing the best card found so far: the late game between sampled
        #: deals (after at least :data:`MIN_WORLDS`), Esperto's rollouts between deals, Campione's tree search every
        #: few dozen iterations (after :data:`~briscola.ai.ismcts.MIN_ITERATIONS`). So a bot honours its referee's
        #: ``time_ms``, and the table's player waits at most the table's think time however busy the machine: a slow
        #: one plays a little weaker instead of stalling. Without it, the same seed and view always give the same move.
        self.time_limit: float | None = None
        #: The clock :attr:`time_limit` is measured on; tests give a fake one, so a budget is tested without timing.
        self.clock: Callable[[], float] = time.perf_counter
        #: True when the last move's search was stopped by :attr:`time_limit` before its full budget (the benchmark
        #: and the measurements count how often the time limit binds).
        self.stopped_early = False
        #: The other player's plays read so far (two players), kept from move to move.
        self.readings = Readings()
        #: Asked between sampled deals (and the cards of one): True stops the search there, as a spent
        #: :attr:`time_limit` does, even before :data:`MIN_WORLDS`. The coach's analysis is stopped this way when the
        #: player leaves the position it prices.
        self.cancel: Callable[[], bool] | None = None
        #: What has been learned about the other player (:mod:`briscola.ai.opponent`), or None: set by whoever keeps
        #: it (the table per profile, the arena per bot), who also teaches it each finished hand. In two-player hands
        #: its chances weigh the sampled deals, and its favourite cards are a rule the late deals are solved against
        #: as far as the plays say the player keeps to them (:func:`~briscola.ai.inference.faithful_chance`).
        self.opponent: OpponentModel | None = None

    def choose(self, view: PlayerView) -> Action:
        """The action for ``view``'s seat: Medio's outside card play, searched cards near the end."""
        started = self.clock()
        self.stopped_early = False
        cards = [action.card for action in view.legal if isinstance(action, Play)]
        if view.phase is not Phase.PLAY or not cards:
            return self.medio.choose(view)
        option = optional_action(view, MEDIO_STYLE.habits, self.rng)
        if option is not None:
            return option
        if len(cards) == 1:
            return Play(cards[0])
        stage = self.stage(view)
        if stage == "exact":
            return Play(self._exact_card(view, cards))
        if stage == "late":
            return Play(self._late_card(view, cards, started))
        if stage == "ismcts":
            return Play(self._ismcts_card(view, cards, started))
        if stage == "middle":
            return Play(self._mid_card(view, cards, started))
        return Play(self.medio_best(view, cards))

    def stage(self, view: PlayerView) -> Stage:
        """How a card is chosen in ``view`` (a card-play view): ``exact`` (nothing hidden, the rest solved for points),
        ``late`` (sampled deals solved for the result), ``ismcts`` or ``middle`` (Campione's tree search, Esperto's
        rollouts), or ``judgement`` (Medio's values alone). One place decides it, so the coach
        (:mod:`briscola.ai.analysis`) values a position the way the level plays it."""
        late = self._late_cards(view)
        remaining = sum(view.hand_sizes) + view.talon_size
        if not view.rules.to_31 and remaining <= max(late, _EXACT_OPEN) and self._nothing_hidden(view):
            return "exact"
        if remaining <= late:
            return "late"
        if self.params.mid_ismcts > 0 and len(view.active) == 2:
            return "ismcts"
        if self.params.mid_worlds > 0 and len(view.active) == 2:
            return "middle"
        return "judgement"

    def majority_wins(self, view: PlayerView) -> bool:
        """True when a hand is won by more than half the points between two sides: where the exact phase solves for
        the result, and so where a result can be read off a played-out deal."""
        return self._late_cards(view) > 0

    # ------------------------------------------------------------------------------------------- phases

    def _late_cards(self, view: PlayerView) -> int:
        """How many cards left start the exact phase: 0 when a won hand is not simply more than half the points."""
        rules = view.rules
        if rules.to_31 or rules.rematada or rules.subastada:
            return 0
        players = len(view.active)
        if players == 2:
            return self.params.late_cards
        if players == 3 and not rules.chiamata:
            # Three players each for themselves: "more than half" is not what wins, so no exact phase.
            return 0
        return self.params.late_cards_team

    def _time_up(self, started: float, done: int) -> bool:
        """True when the move's time is spent and at least :data:`MIN_WORLDS` deals were searched."""
        if self.cancel is not None and self.cancel():
            self.stopped_early = True
            return True
        if done < MIN_WORLDS or self.time_limit is None or self.clock() - started <= self.time_limit:
            return False
        self.stopped_early = True
        return True

    def _exact_card(self, view: PlayerView, cards: list[Card]) -> Card:
        """With nothing hidden: a card keeping the most points my side can be sure of (so the best result too)."""
        _pos, values = self.exact_values(view, cards)
        best = max(values.values())
        return self.medio_best(view, [card for card in cards if values[card] == best])

    def exact_values(self, view: PlayerView, cards: list[Card]) -> tuple[Position, dict[Card, int]]:
        """With nothing hidden: the one deal, and for each card the points my side is sure of at the end of the hand
        with best play (:func:`search_value`)."""
        pos = Position(sample_world(view, self.rng), view.seat)
        values = {}
        table: dict[tuple[object, ...], tuple[int, int]] = {}
        for card in cards:
            pos.play(card)
            values[card] = search_value(pos, table=table)
            pos.undo()
        return pos, values

    def _late_card(self, view: PlayerView, cards: list[Card], started: float) -> Card:
        """The card winning in the most sampled deals (solved exactly); Medio's pick between equals."""
        wins = dict.fromkeys(cards, 0.0)
        for _pos, results in self.late_deals(view, cards, started):
            for card in cards:
                for weight, result in results[card]:
                    wins[card] += weight * result
        # Weighed sums of equal results may differ in their last bit: equal within a rounding error is equal.
        best = max(wins.values()) - 1e-9
        return self.medio_best(view, [card for card in cards if wins[card] >= best])

    def late_deals(
        self, view: PlayerView, cards: list[Card], started: float, worlds: Iterable[Game] | None = None
    ) -> Iterator[tuple[Position, dict[Card, list[tuple[float, int]]]]]:
        """Each of ``late_worlds`` sampled deals (or ``worlds``) with every card solved exactly for its result.

        Yields the deal (as it was) and, for each card, its results as (weight, result) pairs, result 1 won, 0 drawn,
        -1 lost, weights summing to 1. With ``recognise``, every deal is solved both against best play and against
        common sense played without fail (:func:`solve_result` with :func:`common_sense_card` as the opponent), the two
        results weighed by the chance that the other player plays that way; only one of them when that chance is
        within :data:`_SURE` of 0 or 1. A deal counts whole or not at all: the time may run out between its cards (a
        deal solved for some cards only would favour them), so it is yielded only once every card is solved.
        """
        strict = strict_chance(view, self.readings) if self.params.recognise else 0.0
        rule: Callable[[Position], int] = common_sense_card
        model = self.opponent
        if model is not None and self.params.recognise:
            faithful = faithful_chance(view, model, self.readings)
            if faithful > strict:
                strict = faithful
                rule = partial(_model_card, model)
        strict = 0.0 if strict < _SURE else 1.0 if strict > 1 - _SURE else strict
        if worlds is None:
            worlds = posterior_worlds(
                view, self.rng, self.params.late_worlds, self.params.read, self.readings, self.opponent
            )
        for done, world in enumerate(worlds):
            if self._time_up(started, done):
                return
            pos = Position(world, view.seat)
            table: dict[tuple[object, ...], tuple[int, int]] = {}
            modelled: dict[tuple[object, ...], tuple[int, int]] = {}
            results: dict[Card, list[tuple[float, int]]] = {}
            for card in cards:
                if self._time_up(started, done):
                    return
                pos.play(card)
                results[card] = []
                if strict < 1:
                    results[card].append((1 - strict, solve_result(pos, table=table)))
                if strict > 0:
                    results[card].append((strict, solve_result(pos, table=modelled, opponent=rule)))
                pos.undo()
            yield pos, results

    def _mid_card(self, view: PlayerView, cards: list[Card], started: float) -> Card:
        """Medio's values plus ``mid_weight`` times the mean Medio-judged rollout of each card."""
        values = self.judge(view).card_values(view, cards)
        totals = dict.fromkeys(cards, 0.0)
        done = 0
        for _pos, outcomes in self.mid_deals(view, cards, started):
            for card in cards:
                totals[card] += outcomes[card]
            done += 1
        weight = self.params.mid_weight / done if done else 0.0
        return max(cards, key=lambda card: (values[card] + weight * totals[card], -card))

    def mid_deals(
        self, view: PlayerView, cards: list[Card], started: float
    ) -> Iterator[tuple[Position, dict[Card, int]]]:
        """Each of ``mid_worlds`` deals drawn from the reading, with every card's Medio-judged rollout
        (:meth:`Position.outcome`: a won hand's weight plus my side's points)."""
        worlds = posterior_worlds(
            view, self.rng, self.params.mid_worlds, self.params.read, self.readings, self.opponent
        )
        rule, faithful = self.model_rule(view)
        for done, world in enumerate(worlds):
            if self._time_up(started, done):
                return
            pos = Position(world, view.seat)
            follows = rule if rule is not None and self.rng.random() < faithful else None
            outcomes = {}
            for card in cards:
                pos.play(card)
                outcomes[card] = judged_rollout(pos, follows)
                pos.undo()
            yield pos, outcomes

    def _ismcts_card(self, view: PlayerView, cards: list[Card], started: float) -> Card:
        """The card information-set MCTS (:mod:`briscola.ai.ismcts`) visits most over ``mid_deals`` deals drawn from
        the reading; between equals, the better mean result, then the lower card."""
        worlds = posterior_worlds(view, self.rng, self.params.mid_deals, self.params.read, self.readings, self.opponent)
        positions = [Position(world, view.seat) for world in worlds]
        deadline = None if self.time_limit is None else started + self.time_limit
        rule, faithful = self.model_rule(view)
        stats = ismcts_values(
            positions, list(cards), self.params.mid_ismcts, self.rng, deadline, self.clock, rule, faithful
        )
        self.stopped_early = sum(visits for visits, _mean in stats.values()) < self.params.mid_ismcts
        return max(cards, key=lambda card: (*stats.get(card, (0, 0.0)), -card))

    def model_rule(self, view: PlayerView) -> tuple[Callable[[Position], int] | None, float]:
        """The learned model's favourite card as the other player's rule in a search position, and the chance the
        plays give that it keeps to it (:func:`~briscola.ai.inference.faithful_chance`); (None, 0) without a model,
        before it has learned, or where the chance is nil."""
        model = self.opponent
        if model is None or not self.params.recognise:
            return None, 0.0
        faithful = faithful_chance(view, model, self.readings)
        if faithful < _SURE:
            return None, 0.0
        return partial(_model_card, model), faithful

    def medio_best(self, view: PlayerView, cards: list[Card]) -> Card:
        """Medio's favourite among ``cards``; with a ``temperature``, now and then a worse one, cheap ones likelier."""
        if len(cards) == 1:
            return cards[0]
        values = self.judge(view).card_values(view, cards)
        if self.params.temperature <= 0:
            return max(cards, key=lambda card: (values[card], -card))
        best = max(values.values())
        costs = {card: best - value for card, value in values.items()}
        return slip(sorted(cards), costs, self.params.temperature, self.rng)

    def judge(self, view: PlayerView) -> MedioPlayer:
        """Medio's judgement for ``view``'s table: tuned for two players, hand-set for more (never tuned there)."""
        return self.tuned if len(view.active) == 2 else self.medio

    @staticmethod
    def _nothing_hidden(view: PlayerView) -> bool:
        """True when every deal is the same: no hidden talon, and only one other hand holds unseen cards."""
        if view.talon_size > (1 if view.briscola is not None and view.briscola_in_talon else 0):
            return False
        hidden = [
            seat for seat in view.active if seat != view.seat and view.hand_sizes[seat] > len(view.known_cards[seat])
        ]
        return len(hidden) <= 1


def _model_card(model: OpponentModel, pos: Position) -> int:
    """The learned model's favourite card for the player to move in a two-player search position."""
    return model.favourite_number(pos.moves(), pos.trick, pos.trump)


def search_level(number: int, rng: random.Random) -> Player:
    """The search player of level ``number`` (4 Difficile, 5 Esperto, 6 Campione)."""
    return SearchPlayer(LEVEL_PARAMS[number], rng)
