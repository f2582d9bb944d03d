"""What the other player probably holds, read from the cards it chose to play (two players).

A fair player never sees the other hand, but every card the other player chose says something about the cards it
kept: a player who lets a ten-point trick go probably had nothing to take it with, one who leads a knight probably
had no liscio. Esperto and Campione draw their sampled deals from the hands that explain the other player's plays,
not from every hand the rules allow.

*The model.* A sensible player plays what single-trick common sense plays (:func:`~briscola.ai.simple.greedy_cards`:
take a trick worth taking with the cheapest card that wins it, else throw the cheapest card, lead the cheapest card)
most of the time, and something else with probability :data:`SLIP`. The floor keeps every hand possible, so a
player who keeps trumps on purpose or plays by other rules costs the reading its edge, never a deal it can't
imagine. The likelihood of a hand is the product, over the other player's plays, of how well the hand it held then
explains the card it chose.

*The hands it held.* Which of the cards it holds now came with which draw is hidden too. Going back one play, the
hand then was the later hand minus the card drawn in between plus the card played; every card of the later hand is
equally likely to be the one drawn (unless the draw was seen, the face-up briscola), so the likelihood averages over
them. A dynamic program over (play, hand held) makes that cheap (:class:`~briscola.ai.plays.HandsHeld`, shared with
the learned model): the hands held long ago are few, and are shared by every sampled deal a move weighs.

How much the reading tells, and what drawing the deals from it is worth, is measured in ``docs/ai.md`` ("Reading the
opponent's hand from its plays"): most against a player of common sense, little against one whose deliberate declines
(keeping trumps) the floor absorbs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from briscola.ai.opponent import LOOSE_SLIP, MIN_HANDS, STRICT_SLIP, OpponentModel, slip_chance
from briscola.ai.plays import HandsHeld, Play, seen_plays
from briscola.ai.simple import greedy_cards
from briscola.engine.cards import Card
from briscola.engine.game import Game
from briscola.engine.sampling import hidden_hands, sample_world, splits_hidden, worlds_with_hidden
from briscola.engine.views import PlayerView

__all__ = [
    "LOOSE_SLIP",
    "READ_HAND_SIZE",
    "SLIP",
    "STRICT_SLIP",
    "STYLE_MIN_PLAYS",
    "PlayReading",
    "Readings",
    "faithful_chance",
    "posterior_worlds",
    "strict_chance",
]

#: The chance that a sensible player's card is not the one single-trick common sense plays.
SLIP: Final = 0.1

#: The reading is for hands of at most this many cards. The hands a player may have held multiply with the hand's
#: size (a play of a ten-card briscolone hand leaves ten cards it could have drawn last), beyond what a move can
#: afford, so bigger hands are sampled plainly.
READ_HAND_SIZE: Final = 3

#: A style is told from at least this many plays of the other player.
STYLE_MIN_PLAYS: Final = 6


class PlayReading:
    """The likelihood of the other player's plays given the hand it holds now, for one two-player view.

    :attr:`plays` holds one :class:`~briscola.ai.plays.Play` per card the other player chose, oldest first (only
    those after the other seat's last event the reading doesn't follow, such as a swap). With ``normalise`` each play
    weighs its probability (common sense's card with chance ``1 - slip``, shared among equally sensible cards, any
    other legal card the rest), so readings with different slips can be compared as models of the player
    (:func:`strict_chance`); without it a sensible play weighs 1 and any other ``slip``, which orders hands the same
    way for one reading and is what the deals are drawn by. The hands it may have held at each play are
    :class:`~briscola.ai.plays.HandsHeld`'s.

    What is worked out about a play and the hands it may have been made from depends only on that play and the older
    ones, so a reading can follow the hand from move to move (:meth:`follow`) and keep it.
    """

    def __init__(
        self, view: PlayerView, slip: float = SLIP, *, normalise: bool = False, model: OpponentModel | None = None
    ) -> None:
        if len(view.active) != 2:
            raise ValueError(f"the play reading is for two players, not {len(view.active)}")
        self.me = view.seat
        self.other = next(seat for seat in view.active if seat != view.seat)
        self.trump = view.trump
        self.must_follow = view.rules.must_follow_suit
        self.slip = slip
        self.normalise = normalise
        #: A learned model of the other player (:mod:`briscola.ai.opponent`): without ``normalise`` a play weighs the
        #: model's chance of it; with it, the model's favourite cards stand for common sense's.
        self.model = model
        self._held = HandsHeld(seen_plays(view, self.other)[0], self.must_follow, self._chance)

    @property
    def plays(self) -> Sequence[Play]:
        """The other player's plays this reading weighs, oldest first."""
        return self._held.plays

    def follow(self, view: PlayerView) -> bool:
        """Catch up with ``view``, a later moment of the same hand, keeping what is worked out; False if it isn't.

        The plays this reading knows must be the first plays of ``view``'s, but for whether the newest was followed
        by a draw (it may have been made since): no likelihood worked out so far depends on that.
        """
        if view.seat != self.me or len(view.active) != 2 or self.other not in view.active:
            return False
        if view.trump != self.trump or view.rules.must_follow_suit != self.must_follow:
            return False
        plays, _ = seen_plays(view, self.other)
        known = self.plays
        if known:
            newest = len(known) - 1
            if len(plays) < len(known) or plays[:newest] != known[:newest]:
                return False
            if plays[newest][:2] != known[newest][:2]:
                return False
        self._held.plays = plays
        return True

    def weight(self, hand: Iterable[Card]) -> float:
        """How well ``hand`` (the other player's whole hand now) explains its plays: 1 when every play was sensible."""
        held = self._held  # called for every hand a move weighs: no property, no extra call
        if not held.plays:
            return 1.0
        return held.before(len(held.plays), frozenset(hand))

    def _chance(self, play: Play, options: list[Card]) -> float:
        """The weight of ``play`` given the cards the hand held then could play."""
        if self.model is not None and not self.normalise:
            return self.model.chance(play.card, options, play.trick, self.trump)
        if self.model is not None:
            sensible = list(self.model.favourites(options, play.trick, self.trump))
        else:
            trick = [(self.me, card) for card in play.trick]
            sensible = greedy_cards(options, trick, self.trump, team=(self.other,), opponent_after=False)
        if not self.normalise:
            return 1.0 if play.card in sensible else self.slip
        return slip_chance(play.card, options, sensible, self.slip)


class Readings:
    """One player's readings of the other player, kept from move to move, and the hands it may hold at this move.

    A search level asks for the same readings at every move of a hand, and at a late move for three of them: built
    afresh each time they work out again what they worked out a move before. Kept here, each reading follows the hand
    (:meth:`PlayReading.follow`) and only the newest plays cost anything; the other player's possible hands
    (:func:`~briscola.engine.sampling.hidden_hands`) are listed once a move however many readings weigh them.
    """

    def __init__(self) -> None:
        self._readings: dict[tuple[float, bool, int, int], PlayReading] = {}
        self._listed: tuple[PlayerView, int] | None = None
        self._hands: list[tuple[Card, ...]] = []

    def reading(
        self, view: PlayerView, slip: float = SLIP, *, normalise: bool = False, model: OpponentModel | None = None
    ) -> PlayReading:
        """The reading of ``view``'s other player with this ``slip`` (and ``model``), caught up with ``view``."""
        key = (slip, normalise, id(model), -1 if model is None else model.hands)
        kept = self._readings.get(key)
        if kept is not None and kept.follow(view):
            return kept
        reading = PlayReading(view, slip, normalise=normalise, model=model)
        self._readings[key] = reading
        return reading

    def hands(self, view: PlayerView, seat: int) -> list[tuple[Card, ...]]:
        """Every hand ``seat`` may hold in ``view``, its known cards and a hidden part from
        :func:`~briscola.engine.sampling.hidden_hands`."""
        listed = self._listed
        if listed is None or listed[0] is not view or listed[1] != seat:
            known = view.known_cards[seat]
            self._hands = [(*known, *hand) for hand in hidden_hands(view, seat)]
            self._listed = (view, seat)
        return self._hands


def faithful_chance(view: PlayerView, model: OpponentModel, readings: Readings | None = None) -> float:
    """The chance that ``view``'s other player plays its learned model's favourite card without fail, by its plays
    this hand: :func:`strict_chance` with the model's favourites for common sense's, and for even odds the share of
    the hands learned that the favourites explained throughout (:attr:`OpponentModel.faithful_rate`), so from the
    first play on. 0 where the play reading doesn't apply or the model has learned fewer than
    :data:`~briscola.ai.opponent.MIN_HANDS` hands."""
    if model.hands < MIN_HANDS or not splits_hidden(view) or view.rules.hand_size > READ_HAND_SIZE:
        return 0.0
    readings = Readings() if readings is None else readings
    strict = readings.reading(view, STRICT_SLIP, normalise=True, model=model)
    loose = readings.reading(view, LOOSE_SLIP, normalise=True, model=model)
    hands = readings.hands(view, strict.other)
    rate = min(max(model.faithful_rate, 0.001), 0.999)
    strict_total = rate * sum(strict.weight(hand) for hand in hands)
    loose_total = (1 - rate) * sum(loose.weight(hand) for hand in hands)
    if not strict_total + loose_total > 0:
        return 0.0
    return strict_total / (strict_total + loose_total)


def strict_chance(view: PlayerView, readings: Readings | None = None) -> float:
    """The chance that ``view``'s other player plays single-trick common sense *without fail*, by its plays.

    Greedy rules played to the letter are a style a good player notices within a few tricks ("it always takes with
    its cheapest winner, and never keeps a trump back") and then exploits: such a player gives away tricks a careful
    one keeps. Two models of the other player's plays are compared: a strict one (common sense but for
    :data:`STRICT_SLIP`) and a loose one (common sense but for :data:`LOOSE_SLIP`: a careful player who keeps trumps
    or carichi back on purpose, and most people), each summed over every hand the other player may hold, even odds
    before any play. A play against common sense makes the strict model about thirty times less likely; a play by it
    makes it about 1.4 times likelier, less when the hand it was played from is uncertain. Nothing but the plays in the
    view is used. 0 where the play reading doesn't apply (see :func:`posterior_worlds`) or with fewer than
    :data:`STYLE_MIN_PLAYS` plays to tell a style by. ``readings``: the caller's, kept between its moves.
    """
    if not splits_hidden(view) or view.rules.hand_size > READ_HAND_SIZE:
        return 0.0
    readings = Readings() if readings is None else readings
    strict = readings.reading(view, STRICT_SLIP, normalise=True)
    if len(strict.plays) < STYLE_MIN_PLAYS:
        return 0.0
    loose = readings.reading(view, LOOSE_SLIP, normalise=True)
    hands = readings.hands(view, strict.other)
    strict_total = sum(strict.weight(hand) for hand in hands)
    loose_total = sum(loose.weight(hand) for hand in hands)
    if not strict_total + loose_total > 0:
        return 0.0
    return strict_total / (strict_total + loose_total)


def posterior_worlds(
    view: PlayerView,
    rng: random.Random,
    count: int,
    read: bool = True,
    readings: Readings | None = None,
    model: OpponentModel | None = None,
) -> Iterator[Game]:
    """``count`` deals of the hidden cards, the other hand drawn by how well it explains the other player's plays.

    Every hand the other player may hold is listed (:func:`~briscola.engine.sampling.hidden_hands`, a few thousand at
    most for three cards), weighed by :meth:`PlayReading.weight`, and ``count`` are drawn by weight (with repeats); the
    talon is the rest, shuffled. So the deals follow the reading exactly, however sharp it is: drawing them from a few
    times as many plain samples would cap what the reading can say at the log of that factor. Without ``read``, with
    more than two players, hands of more than :data:`READ_HAND_SIZE` cards, cubierta's unknown briscola, no plays to
    read, or when no hand explains them, the deals are sampled plainly (:func:`~briscola.engine.sampling.sample_world`).
    Deals are built one at a time as the caller asks, so a search that runs out of time stops building them.
    ``readings``: the caller's, kept between its moves; the deals are the same with or without. ``model``: a learned
    model of the other player, whose chances weigh the plays instead of common sense's (from
    :data:`~briscola.ai.opponent.MIN_HANDS` hands learned).
    """
    readings = Readings() if readings is None else readings
    reading = _reading(view, readings, model) if read else None
    if reading is None:
        return (sample_world(view, rng) for _ in range(count))
    hands = readings.hands(view, reading.other)
    weights = [reading.weight(hand) for hand in hands]
    if not sum(weights) > 0:
        return (sample_world(view, rng) for _ in range(count))
    shown = len(view.known_cards[reading.other])  # each hand lists the cards known in it first
    picks = rng.choices(hands, weights=weights, k=count)
    return worlds_with_hidden(view, reading.other, (hand[shown:] for hand in picks), rng)


def _reading(view: PlayerView, readings: Readings, model: OpponentModel | None = None) -> PlayReading | None:
    """The reading of ``view``'s other player, or None where it doesn't apply or has nothing to read."""
    if not splits_hidden(view) or view.rules.hand_size > READ_HAND_SIZE:
        return None
    learned = model if model is not None and model.hands >= MIN_HANDS else None
    reading = readings.reading(view, model=learned)
    return reading if reading.plays else None
