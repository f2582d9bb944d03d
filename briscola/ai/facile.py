"""Level 2, Facile: single-trick common sense with no memory, and the slips of a player who thinks no further.

Facile plays the greedy reference player's card (:func:`~briscola.ai.simple.greedy_cards`, reused by composition) and
takes the variants' free moves. Like every graded level it is weaker than its rules by mistakes that cost: now and
then another card, with a probability that falls with what that card loses *in the trick on the table*
(:func:`trick_sense`), so throwing the wrong liscio is common and giving an ace away is rare. At
:data:`FACILE_TEMPERATURE` it scores about 0.29 against the greedy player it is built on, a step below Medio
(``docs/ai.md``, "Grading the ladder").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from briscola.ai.bidding import Habits, optional_action
from briscola.ai.simple import GreedyPlayer, require_legal
from briscola.ai.slips import slip
from briscola.engine.actions import Action, Play
from briscola.engine.cards import Card
from briscola.engine.game import Phase
from briscola.engine.tricks import trick_points, trick_winner
from briscola.engine.views import PlayerView

__all__ = ["FACILE_TEMPERATURE", "FacilePlayer", "trick_sense"]

#: How freely Facile slips: another card is played with probability proportional to ``exp(-cost / temperature)``,
#: its cost in points of the trick on the table (the greedy card costs 0). Chosen so each step of the ladder is about
#: 60% (``docs/ai.md``).
FACILE_TEMPERATURE: Final = 8.0
#: What spending a trump costs in single-trick sense, in points: it could have taken something later. A trump ace or
#: three costs its points on top, as the greedy rules keep them for tricks worth a carico.
_TRUMP_COST: Final = 4.0
#: A hair per rank: between cards otherwise equal, the lower one is the cheaper to give.
_RANK_COST: Final = 0.05
#: Any card other than the common-sense one costs at least this much, even where the single-trick sum can't tell them
#: apart, so the greedy card stays the likeliest.
_MIN_SLIP_COST: Final = 0.5


def trick_sense(view: PlayerView, cards: Sequence[Card]) -> dict[Card, float]:
    """What each card is worth in the trick on the table alone, in points (higher is better), with no memory.

    A lead risks its own points. A card played to a trick counts the trick's points, its own included, for my side if
    it leaves my side winning and against it otherwise; nobody still to play is considered. Either way a card costs
    what it is worth spending: a hair per rank, and for a trump what it could take later (for a trump ace or three its
    points as well). Single-trick common sense (the greedy card) scores highest or near it: the slips are costed from
    here.
    """
    trump = view.trump

    def spend(card: Card) -> float:
        if card.suit != trump:
            return _RANK_COST * card.rank
        return _TRUMP_COST + (card.points if card.is_carico else 0) + _RANK_COST * card.rank

    if not view.trick:
        return {card: -(card.points + spend(card)) for card in cards}
    played = [card for _, card in view.trick]
    team = view.team()
    on_table = trick_points(played)
    values = {}
    for card in cards:
        taker = trick_winner([*played, card], trump)
        winner = view.seat if taker == len(played) else view.trick[taker][0]
        sign = 1.0 if winner in team else -1.0
        values[card] = sign * (on_table + card.points) - spend(card)
    return values


class FacilePlayer:
    """Level 2: the greedy card with no memory, free moves taken, and slips that are likelier the less they cost.

    ``temperature`` 0 plays the greedy card always (single-trick common sense exactly, as the reference player).
    """

    def __init__(self, rng: random.Random, temperature: float = FACILE_TEMPERATURE) -> None:
        self.rng = rng
        self.temperature = temperature
        self._greedy = GreedyPlayer(rng)
        self._habits = Habits(careful=False, asks=False)

    def choose(self, view: PlayerView) -> Action:
        """Claims, melds, swaps and signs first when they help; otherwise the greedy card (or a slip) or bid."""
        require_legal(view)
        if view.phase is Phase.PLAY:
            option = optional_action(view, self._habits, self.rng)
            if option is not None:
                return option
        action = self._greedy.choose(view)
        if not isinstance(action, Play) or self.temperature <= 0:
            return action
        costs = self.costs(view, action.card)
        if len(costs) < 2:
            return action
        return Play(slip(sorted(costs), costs, self.temperature, self.rng))

    @staticmethod
    def costs(view: PlayerView, sensible: Card) -> dict[Card, float]:
        """What each legal card costs against ``sensible`` (the greedy card, cost 0) in the trick on the table."""
        cards = [legal.card for legal in view.legal if isinstance(legal, Play)]
        values = trick_sense(view, cards)
        return {
            card: 0.0 if card == sensible else max(_MIN_SLIP_COST, values[sensible] - values[card]) for card in cards
        }
