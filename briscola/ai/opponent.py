"""What the top level learns about the other player: a model of its card choices, fitted from the hands it played.

A person practising against the game has habits (leads aces early, never trumps a card worth nothing, plays the
lowest card...). A search level reads the other player's hand from its plays by *common sense with slips*
(:mod:`briscola.ai.inference`); this module learns instead how *this* player chooses, hand after hand, and the
search uses it in two places (:mod:`briscola.ai.search`): the likelihood its sampled deals are drawn by, and the
player its late deals are solved against, when the plays say the player follows its habits without fail.

*The model* is a conditional logit over the cards a player may play: each card gets a few yes/no features of the
card in its moment (:data:`FEATURES`: single-trick common sense's card, the lowest, the strongest, a trump, a carico,
a card that takes the trick, a trump on a carico or on a card worth nothing, an ace or three led, a trump led), and the
chance of a card is proportional to ``exp(weights · features)``. It is fitted by maximum a posteriori with a Gaussian
prior centred on :data:`PRIOR` (common sense nine times in ten, the reading's own model), so a few hands move it
little and the search is unchanged before anything is learned.

*Only what was shown.* A hand's :class:`Observation` is the other player's plays as the learner's seat saw them (the
card, the trick before it, whether it drew, the draw when it was face up): never a hidden card. Which cards the player
held at each play is not shown (which card came with which draw is hidden, even once every card is played), so the
fit is an EM: the hands held are drawn from their posterior given the plays and the model so far (backward sampling
over the same dynamic program as the reading), and each drawn decision adds its weight to a table of decision
*patterns* (the options' features and the one chosen). The table is the sufficient statistic of the fit: it stays
small (the features are few and yes/no), it is what is stored, and refitting after a hand takes milliseconds.
Drawing is seeded by the observation itself, so the same plays always give the same update.

Two players only, hands of three cards (the reading's limits): other tables are not observed.
"""

from __future__ import annotations

import json
import math
import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Final

from briscola.ai.plays import HandsHeld, Play, seen_plays
from briscola.ai.simple import greedy_cards
from briscola.engine.cards import ALL_CARDS, Card, Rank, Suit
from briscola.engine.tricks import trick_points, trick_winner
from briscola.engine.views import PlayerView

__all__ = [
    "FEATURES",
    "LOOSE_SLIP",
    "MODEL_VERSION",
    "PRIOR",
    "STRICT_SLIP",
    "Habit",
    "ModelError",
    "Observation",
    "OpponentModel",
    "observe",
    "slip_chance",
]

#: The features of a card in its moment, in the order of the model's weights.
FEATURES: Final[tuple[str, ...]] = (
    "common_sense",
    "lowest",
    "strongest",
    "trump",
    "carico",
    "takes",
    "trump_on_carico",
    "trump_on_liscio",
    "lead_carico",
    "lead_trump",
)
_N: Final = len(FEATURES)
_COMMON_SENSE: Final = FEATURES.index("common_sense")

#: The prior's centre: common sense's card about nine times in ten among three (``ln 18``), nothing else preferred.
PRIOR: Final[tuple[float, ...]] = (math.log(18.0),) + (0.0,) * (_N - 1)
#: The prior's precision: how many "decisions' worth" of belief each weight starts with (larger moves slower).
PRIOR_PRECISION: Final = 4.0
#: Posterior draws of the hands held, per observed hand.
DRAWS: Final = 6
#: The format of :meth:`OpponentModel.to_json`; a stored model of another version is refused and rebuilt.
MODEL_VERSION: Final = 1
#: Hands before which the model is not used at all (so learning costs nothing until it knows something).
MIN_HANDS: Final = 1
_CARICHI: Final = (Rank.ACE, Rank.THREE)

#: The two models of a player a style is told by (:func:`briscola.ai.inference.strict_chance`, and a learned hand's
#: faithful share here): its sensible cards without fail but for this slip...
STRICT_SLIP: Final = 0.01
#: ... and a player whose card is the sensible one only most of the time.
LOOSE_SLIP: Final = 0.3


class ModelError(ValueError):
    """A stored opponent model that can't be read: the message names what is wrong."""


@dataclass(frozen=True, slots=True)
class Observation:
    """A hand of the other player's, as the learner's seat saw it: the trump suit, whether suit had to be followed,
    and its plays, oldest first. Complete: at its end the player held no card."""

    trump: Suit | None
    must_follow: bool
    plays: tuple[Play, ...]

    def key(self) -> bytes:
        """The observation as bytes: the seed of its posterior draws (the same plays, the same update)."""
        words = [str(self.trump), str(self.must_follow)]
        for play in self.plays:
            words.append(f"{play.card}/{'.'.join(map(str, play.trick))}/{int(play.drew)}/{play.seen}")
        return " ".join(words).encode()


def observe(view: PlayerView) -> Observation | None:
    """The other player's hand in ``view``, the learner's view at the hand's end, or None where nothing can be learned:
    not two players, hands of more than three cards, or a hand not played to its end. Only the view's events are
    read: what the learner's seat was shown."""
    if len(view.active) != 2 or view.rules.hand_size > 3:
        return None
    other = next(seat for seat in view.active if seat != view.seat)
    plays, cut = seen_plays(view, other)
    if cut or not plays or view.hand_sizes[other] != 0:
        return None  # a swap, a declaration...: its hand changed in a way the model doesn't follow; or no hand to learn
    return Observation(view.trump, view.rules.must_follow_suit, tuple(plays))


def slip_chance(card: Card, options: Sequence[Card], sensible: Sequence[Card], slip: float) -> float:
    """The chance that a player who plays one of ``sensible`` (each alike) but for ``slip`` plays ``card`` of
    ``options``: where every option is sensible, a choice among equals."""
    if len(sensible) == len(options):
        return 1.0 / len(options)
    if card in sensible:
        return (1.0 - slip) / len(sensible)
    return slip / (len(options) - len(sensible))


# ---------------------------------------------------------------------------------------------------- features


def features(options: Sequence[Card], trick: Sequence[Card], trump: Suit | None) -> list[tuple[int, ...]]:
    """Each of ``options``'s features (0 or 1, in :data:`FEATURES`'s order) when played to ``trick``."""
    sensible = set(
        greedy_cards(
            options, [(index, card) for index, card in enumerate(trick)], trump, team=(-1,), opponent_after=False
        )
    )

    def strength(card: Card) -> tuple[bool, int]:
        return (card.suit == trump, card.rank)

    lowest = min(options, key=strength)
    strongest = max(options, key=strength)
    on_table = trick_points(trick) if trick else 0
    carico_on_table = any(card.rank in _CARICHI and card.suit != trump for card in trick)
    rows: list[tuple[int, ...]] = []
    for card in options:
        is_trump = card.suit == trump
        carico = card.rank in _CARICHI and not is_trump
        takes = bool(trick) and trick_winner([*trick, card], trump) == len(trick)
        rows.append(
            (
                int(card in sensible),
                int(card == lowest),
                int(card == strongest and len(options) > 1),
                int(is_trump),
                int(carico),
                int(takes),
                int(is_trump and carico_on_table),
                int(is_trump and bool(trick) and on_table == 0),
                int(not trick and carico),
                int(not trick and is_trump),
            )
        )
    return rows


# ---------------------------------------------------------------------------------------------------- the model

Pattern = tuple[int, tuple[tuple[int, ...], ...]]
"""A decision: the chosen option's index and every option's features."""


@dataclass(frozen=True, slots=True)
class Habit:
    """A habit the model weighs: a feature, how often the player chose a card with it when it could (``chosen`` of
    ``could``: decisions where some card had it and some didn't, in expected counts), and how far its weight moved
    from the prior's (positive: more often than common sense would)."""

    feature: str
    chosen: float
    could: float
    lean: float


@dataclass(slots=True)
class OpponentModel:
    """One player's card choices as learned so far (see the module's docstring)."""

    weights: list[float] = field(default_factory=lambda: list(PRIOR))
    patterns: dict[Pattern, float] = field(default_factory=dict)
    hands: int = 0
    #: The share of learned hands whose every play the model's favourite card explains (its "without fail" rate),
    #: kept as a running sum: the prior odds the search starts a hand with.
    faithful: float = 0.0
    _best: dict[tuple[tuple[Card, ...], tuple[Card, ...], int], tuple[Card, ...]] = field(default_factory=dict)

    # ------------------------------------------------------------------------------------------------ queries

    def scores(self, rows: Sequence[tuple[int, ...]]) -> list[float]:
        weights = self.weights
        return [sum(w for w, f in zip(weights, row, strict=True) if f) for row in rows]

    def chances(self, options: Sequence[Card], trick: Sequence[Card], trump: Suit | None) -> list[float]:
        """The model's chance of each of ``options`` played to ``trick``."""
        scores = self.scores(features(options, trick, trump))
        top = max(scores)
        exps = [math.exp(score - top) for score in scores]
        total = sum(exps)
        return [value / total for value in exps]

    def chance(self, card: Card, options: Sequence[Card], trick: Sequence[Card], trump: Suit | None) -> float:
        """The model's chance that the player plays ``card`` of ``options`` to ``trick``."""
        return self.chances(options, trick, trump)[list(options).index(card)]

    def favourites(self, options: Sequence[Card], trick: Sequence[Card], trump: Suit | None) -> tuple[Card, ...]:
        """The cards the model thinks likeliest (equal scores within a rounding error), remembered per moment."""
        key = (tuple(options), tuple(trick), -1 if trump is None else int(trump))
        known = self._best.get(key)
        if known is None:
            scores = self.scores(features(options, trick, trump))
            top = max(scores) - 1e-9
            known = tuple(card for card, score in zip(options, scores, strict=True) if score >= top)
            if len(self._best) > 200_000:
                self._best.clear()
            self._best[key] = known
        return known

    def favourite_number(self, hand: Sequence[int], trick: Sequence[int], trump: int) -> int:
        """:meth:`favourites`' lowest card on a search position's integers (trump ``4`` or more: none)."""
        suit = Suit(trump) if 0 <= trump < 4 else None
        options = sorted(ALL_CARDS[card] for card in hand)
        return int(self.favourites(options, tuple(ALL_CARDS[card] for card in trick), suit)[0])

    @property
    def faithful_rate(self) -> float:
        """The share of learned hands the model's favourites explained throughout (0.5 before any)."""
        return (self.faithful + 0.5) / (self.hands + 1)

    def habits(self, count: int = 3) -> list[Habit]:
        """The ``count`` habits the model weighs most: the features whose weight moved furthest from the prior's,
        as far as the player had the choice often enough to tell (at least five times)."""
        chosen = [0.0] * _N
        could = [0.0] * _N
        for (pick, rows), weight in self.patterns.items():
            for index in range(_N):
                column = {row[index] for row in rows}
                if column == {0, 1}:
                    could[index] += weight
                    chosen[index] += weight * rows[pick][index]
        found = [
            Habit(name, chosen[index], could[index], self.weights[index] - PRIOR[index])
            for index, name in enumerate(FEATURES)
            if could[index] >= 5
        ]
        found.sort(key=lambda habit: (-abs(habit.lean), habit.feature))
        return found[:count]

    # ------------------------------------------------------------------------------------------------ learning

    def learn(self, observation: Observation) -> None:
        """Add a hand: its decisions drawn from their posterior given the model so far, then the weights refitted."""
        rng = random.Random(zlib.crc32(observation.key()))
        sampler = _Sampler(self, observation)
        faithful = sampler.faithful()
        added = 1.0 / DRAWS
        for _ in range(DRAWS):
            for pattern in sampler.draw(rng):
                self.patterns[pattern] = self.patterns.get(pattern, 0.0) + added
        self.hands += 1
        self.faithful += faithful
        self.fit()

    def fit(self, steps: int = 8) -> None:
        """The weights of most posterior probability for the decisions so far (Newton's method from where they are)."""
        weights = list(self.weights)
        items = sorted(self.patterns.items())
        for _ in range(steps):
            gradient = [-PRIOR_PRECISION * (w - p) for w, p in zip(weights, PRIOR, strict=True)]
            hessian = [[PRIOR_PRECISION if i == j else 0.0 for j in range(_N)] for i in range(_N)]
            for (pick, rows), count in items:
                scores = [sum(w for w, f in zip(weights, row, strict=True) if f) for row in rows]
                top = max(scores)
                exps = [math.exp(score - top) for score in scores]
                total = sum(exps)
                probs = [value / total for value in exps]
                mean = [sum(p * row[i] for p, row in zip(probs, rows, strict=True)) for i in range(_N)]
                for i in range(_N):
                    gradient[i] += count * (rows[pick][i] - mean[i])
                for p, row in zip(probs, rows, strict=True):
                    centred = [row[i] - mean[i] for i in range(_N)]
                    for i in range(_N):
                        if centred[i]:
                            for j in range(_N):
                                hessian[i][j] += count * p * centred[i] * centred[j]
            step = _solve(hessian, gradient)
            weights = [w + s for w, s in zip(weights, step, strict=True)]
            if max(abs(s) for s in step) < 1e-6:
                break
        self.weights = weights
        self._best.clear()

    # ------------------------------------------------------------------------------------------------ keeping

    def to_json(self) -> str:
        """The model as text (weights, decision table, counts), for the history database."""
        return json.dumps(
            {
                "version": MODEL_VERSION,
                "features": list(FEATURES),
                "weights": self.weights,
                "hands": self.hands,
                "faithful": self.faithful,
                "patterns": [
                    [pick, [list(row) for row in rows], count] for (pick, rows), count in sorted(self.patterns.items())
                ],
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> OpponentModel:
        """A stored model; :class:`ModelError` naming what is wrong if it can't be read as one."""
        try:
            data = json.loads(text)
        except ValueError as error:
            raise ModelError(f"not JSON ({error})") from None
        if not isinstance(data, Mapping):
            raise ModelError("not a JSON object")
        if data.get("version") != MODEL_VERSION:
            raise ModelError(f"format version {data.get('version')!r}, this game reads {MODEL_VERSION}")
        if data.get("features") != list(FEATURES):
            raise ModelError("its features are not this game's")
        weights = data.get("weights")
        if not isinstance(weights, list) or len(weights) != _N or not all(_finite(w) for w in weights):
            raise ModelError(f"weights must be {_N} finite numbers")
        hands, faithful = data.get("hands"), data.get("faithful")
        if not isinstance(hands, int) or hands < 0 or not isinstance(faithful, (int, float)):
            raise ModelError("the counts of hands are wrong")
        if not _finite(faithful) or not 0 <= faithful <= hands:
            raise ModelError("the counts of hands are wrong")
        patterns: dict[Pattern, float] = {}
        entries = data.get("patterns")
        if not isinstance(entries, list):
            raise ModelError("patterns must be a list")
        for number, entry in enumerate(entries):
            try:
                pick, rows, count = entry
                table = tuple(tuple(int(f) for f in row) for row in rows)
                if not (isinstance(pick, int) and 0 <= pick < len(table) and _finite(count) and count > 0):
                    raise ValueError
                if any(len(row) != _N or not set(row) <= {0, 1} for row in table):
                    raise ValueError
            except (TypeError, ValueError):
                raise ModelError(f"pattern {number} is malformed") from None
            patterns[(pick, table)] = float(count)
        return cls([float(w) for w in weights], patterns, hands, float(faithful))


def _finite(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination (the matrix is positive definite: the prior makes it so)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        for row in range(column + 1, size):
            factor = rows[row][column] / head
            if factor:
                for k in range(column, size + 1):
                    rows[row][k] -= factor * rows[column][k]
    result = [0.0] * size
    for row in range(size - 1, -1, -1):
        total = rows[row][size] - sum(rows[row][k] * result[k] for k in range(row + 1, size))
        result[row] = total / rows[row][row]
    return result


class _Sampler:
    """The hands the other player held at each play of one observed hand, drawn from their posterior given its plays
    and the model: backward from its empty hand at the end, each hidden draw chosen by the likelihood of the plays
    before it (:class:`~briscola.ai.plays.HandsHeld` with the model's chances, the reading's dynamic program)."""

    def __init__(self, model: OpponentModel, observation: Observation) -> None:
        self.model = model
        self.observation = observation
        self._held = HandsHeld(observation.plays, observation.must_follow, self._chance)

    def _chance(self, play: Play, options: list[Card]) -> float:
        return self.model.chance(play.card, options, play.trick, self.observation.trump)

    def draw(self, rng: random.Random) -> list[Pattern]:
        """One posterior draw of the hands held, as the decision patterns they make (a choice of one card is none)."""
        plays = self.observation.plays
        later: frozenset[Card] = frozenset()
        patterns: list[Pattern] = []
        for index in range(len(plays), 0, -1):
            held = self._held.held(index, later)
            if not held:
                break
            weights = [self._held.at(index - 1, hand) for hand in held]
            hand = rng.choices(held, weights=weights)[0] if sum(weights) > 0 else rng.choice(held)
            options = self._held.options(index - 1, hand)
            if len(options) > 1 and plays[index - 1].card in options:
                rows = tuple(features(options, plays[index - 1].trick, self.observation.trump))
                patterns.append((options.index(plays[index - 1].card), rows))
            later = hand
        return patterns

    def faithful(self) -> float:
        """The chance, given the plays, that every one was among the model's favourites (against a player who slips
        three times in ten), even odds: how surely the hand was played by the model's habits without fail."""
        plays, must_follow = self.observation.plays, self.observation.must_follow
        strict = HandsHeld(plays, must_follow, partial(self._favoured, STRICT_SLIP)).likelihood(frozenset())
        loose = HandsHeld(plays, must_follow, partial(self._favoured, LOOSE_SLIP)).likelihood(frozenset())
        return strict / (strict + loose) if strict + loose > 0 else 0.0

    def _favoured(self, slip: float, play: Play, options: list[Card]) -> float:
        """The chance of ``play`` for a player who plays the model's favourites but for ``slip`` (normalised, as
        :func:`briscola.ai.inference.strict_chance` compares its two models)."""
        best = self.model.favourites(options, play.trick, self.observation.trump)
        return slip_chance(play.card, options, best, slip)
