"""Reading the opponents: how likely a sampled world makes the cards they have played this hand.

A world fixes every hidden card *now*. Walking the hand's events backwards from it, each opponent's hand at each of
its past decisions can be rebuilt: undo a play by putting the card back, undo a draw by taking out the card drawn.
Which card that was is hidden (it may even have been played since), so one consistent choice is drawn at random.
Each past play then gets a likelihood under a *noisy greedy* model of the opponent (single-trick common sense most
of the time, anything else now and then), and the world's weight is their product. Worlds in which the opponents'
play looks sensible count more: an opponent who let an ace go by without trumping it probably had no small trump.

Not enabled in any level yet: with one random history per world the weights are too noisy (the true deal scores below
the average sampled one), and search with them measured worse than without. Next steps: marginalise over the drawn
cards instead of sampling one history, and calibrate the model on the opponents actually met.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from briscola.ai.solver import greedy_choice
from briscola.engine.cards import Card
from briscola.engine.events import CardDrawn, CardPlayed, Swapped, TrickWon
from briscola.engine.game import Game
from briscola.engine.tricks import CAPTURE_KEYS, NO_TRUMP
from briscola.engine.views import PlayerView

__all__ = ["OpponentModel", "history_weight"]


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """``greedy``: the chance an opponent plays its common-sense card; the rest is shared by its other cards."""

    greedy: float = 0.6


_DEFAULT: Final = OpponentModel()


def _decisions(view: PlayerView) -> list[tuple[int, int, Card, tuple[tuple[int, Card], ...]]]:
    """Every card played by another seat this hand: (event index, seat, card, trick before it as (seat, card))."""
    out: list[tuple[int, int, Card, tuple[tuple[int, Card], ...]]] = []
    trick: list[tuple[int, Card]] = []
    for index, event in enumerate(view.events):
        if isinstance(event, CardPlayed):
            if event.seat != view.seat:
                out.append((index, event.seat, event.card, tuple(trick)))
            trick.append((event.seat, event.card))
        elif isinstance(event, TrickWon):
            trick = []
    return out


def history_weight(
    view: PlayerView, world: Game, rng: random.Random, model: OpponentModel = _DEFAULT, sides: list[int] | None = None
) -> float:
    """The likelihood of the opponents' plays this hand if ``world`` is the truth (1.0 when there are none).

    ``sides`` gives each seat's side (0 for the viewer's); by default the viewer alone is side 0.
    """
    side = sides if sides is not None else [0 if seat == view.seat else 1 for seat in range(view.rules.players)]
    decisions = _decisions(view)
    if not decisions:
        return 1.0
    keys_by_led = CAPTURE_KEYS[NO_TRUMP if world.trump is None else int(world.trump)]
    must_follow = view.rules.must_follow_suit
    hands: dict[int, list[Card]] = {seat: list(world.hands[seat]) for seat in range(view.rules.players)}
    public_draws = view.rules.open_hands
    # Walk back: rebuild each opponent's hand just before each of its plays.
    before: dict[int, list[Card]] = {}
    events = view.events
    pending = {index for index, _, _, _ in decisions}
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, CardPlayed) and event.seat != view.seat:
            hands[event.seat].append(event.card)
            if index in pending:
                before[index] = list(hands[event.seat])
        elif isinstance(event, CardDrawn) and event.seat != view.seat:
            hand = hands[event.seat]
            if event.card is not None and event.card in hand:
                hand.remove(event.card)
            elif hand:
                if public_draws:
                    return 1.0
                hand.pop(rng.randrange(len(hand)))
        elif isinstance(event, Swapped) and event.seat != view.seat:
            hand = hands[event.seat]
            if event.took in hand:
                hand.remove(event.took)
                hand.append(event.gave)
    weight = 1.0
    greedy = model.greedy
    for index, player, card, trick in decisions:
        held = before.get(index)
        if not held or card not in held:
            continue
        moves: list[Card] = held
        if must_follow and trick:
            led = trick[0][1] // 10
            same = [c for c in held if c // 10 == led]
            moves = same or held
        if len(moves) < 2:
            continue
        cards = [c for _, c in trick]
        if trick:
            keys = keys_by_led[cards[0] // 10]
            best_seat = max(trick, key=lambda entry: keys[entry[1]])[0]
            mine_winning = side[best_seat] == side[player]
        else:
            mine_winning = False
        last = len(trick) == len(view.active) - 1
        choice = greedy_choice(list(moves), cards, keys_by_led, mine_winning=mine_winning, last=last)
        weight *= greedy if card == choice else (1.0 - greedy) / (len(moves) - 1)
    return weight
