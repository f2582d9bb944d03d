"""The lessons' exercises and what checks them, with no pygame: a set position where the player picks a card, or a
question about cards with a few answers.

A **play** exercise is a moment of a real hand (a preset, the deal's seed and the actions to it, replayed by the
engine), shown with only what the seat to move would see. Its right answer is the coach's (:mod:`briscola.ai.analysis`,
at a fixed budget and seed, so the check is the same every time): the analysis's best card, and every other card
keeps at least ``margin`` card points less (and no better a chance of winning the hand): a lesson never calls
"wrong" a card that is nearly as good. Where the analysis can't price the move (a bid, a call), the right answer is
the analysis's best action, and ``margin`` is 0.

A **sign** exercise is a moment of a real hand of a variant with the partners' signs: the seat's hand and the
briscola shown, the signs the variant has offered in words; the right one is the engine's truthful sign for that hand
(:func:`briscola.engine.options.signal_kind`), so the lesson teaches the rule the table plays.

A **question** exercise has a few answers, one right; which one is computed by the engine's own rules (who takes a
trick, what a pile is worth), never typed in by hand, so a lesson can't teach a rule the game doesn't play.

:func:`find_positions` searches the levels' hands for moments that teach a theme (a predicate on the game, the seat and
the analysis); the lessons keep what it found as constants (``briscola/school/lessons.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from briscola.ai.analysis import Analysis, Budget, analyse
from briscola.ai.levels import make_player
from briscola.engine import PRESETS, Deal, Game, Phase, Play
from briscola.engine.actions import Action, parse_action
from briscola.engine.cards import CARD_POINTS, Card
from briscola.engine.events import SignalKind
from briscola.engine.options import signal_kind
from briscola.engine.ruleset import Ruleset, SignalRule
from briscola.engine.tricks import trick_winner

__all__ = [
    "EXERCISE_BUDGET",
    "Checked",
    "PlayExercise",
    "Question",
    "SignExercise",
    "check_play",
    "find_positions",
    "pile_points",
    "play_game",
    "sign_kinds",
    "trick_taker",
]

#: The analysis a play exercise is checked with: no time limit, so the same every time and on every machine.
EXERCISE_BUDGET: Final = Budget(deals=96, time_limit=None)
#: The seed of that analysis.
EXERCISE_SEED: Final = 7


@dataclass(frozen=True, slots=True)
class PlayExercise:
    """Pick the card to play at a moment of a real hand: ``preset``, the deal's ``seed`` and the ``actions`` to it
    (each as the record writes it); ``ask`` is the question shown, ``why`` why the answer is right (words of the
    lesson, marked for translation), ``margin`` the card points every other card keeps less at least. ``offer``, when
    set, names the legal actions offered (codes): an auction's seventy bids are offered as the three that teach."""

    preset: str
    seed: int
    actions: str
    ask: str
    why: str
    margin: int = 4
    offer: str = ""

    def offered(self, legal: Sequence[Action]) -> list[Action]:
        """The actions the player chooses among: the ``offer``, in its order, else every legal one."""
        if not self.offer:
            return list(legal)
        wanted = [parse_action(word) for word in self.offer.split()]
        return [action for action in wanted if action in legal]


@dataclass(frozen=True, slots=True)
class SignExercise:
    """What may the seat to move tell its partner with a sign, at a moment of a real hand (``preset``, ``seed`` and
    ``actions`` as for a :class:`PlayExercise`)? ``ask`` and ``why`` are the lesson's words; the answers are
    :func:`sign_kinds` of the variant, the right one the engine's truthful sign for the seat's hand."""

    preset: str
    seed: int
    actions: str
    ask: str
    why: str

    def answer(self) -> SignalKind:
        """The sign the engine's rule gives the seat to move (the trump suit is public at every sign exercise)."""
        game = play_game(self)
        seat = game.to_move
        assert seat is not None, "a sign exercise's moment has a seat to move"
        kind = signal_kind(game, seat)
        assert kind is not None, "a sign exercise's trump suit is public"
        return kind


def sign_kinds(rules: Ruleset) -> tuple[SignalKind, ...]:
    """What a hand's sign may tell in the variant ``rules``, in the order a lesson offers them: the trump carichi held,
    then none at all, then trumps without them (no sign to give where signs are secret); the king where it is a sign.
    """
    kinds = [SignalKind.ACE, SignalKind.THREE, SignalKind.BOTH]
    if rules.signal_king:
        kinds.append(SignalKind.KING)
    if rules.signals is not SignalRule.OFF:
        kinds += [SignalKind.NONE, SignalKind.SOME]
    return tuple(kinds)


@dataclass(frozen=True, slots=True)
class Question:
    """A question about the ``cards`` shown (codes; ``trump`` the trump suit's letter, if any) with ``options`` (card
    codes or numbers), the right one's index found by ``answer`` from the engine's rules, and ``why`` it is right."""

    ask: str
    options: tuple[str, ...]
    answer: Callable[[], int]
    why: str
    cards: str = ""
    trump: str | None = None


@dataclass(frozen=True, slots=True)
class Checked:
    """A play exercise as the analysis sees it: the game at its moment, the seat to move, its analysis, the answer."""

    game: Game
    seat: int
    analysis: Analysis
    answer: Action


def play_game(exercise: PlayExercise | SignExercise) -> Game:
    """The game at the exercise's moment (the engine replays the actions; a wrong one raises its error)."""
    game = Game(PRESETS[exercise.preset], exercise.seed)
    for word in exercise.actions.split():
        game.apply(parse_action(word))
    return game


def check_play(exercise: PlayExercise) -> Checked:
    """The exercise's moment analysed from the seat to move's view alone (never more)."""
    game = play_game(exercise)
    seat = game.to_move
    assert seat is not None, "an exercise's moment has a seat to move"
    analysis = analyse(game.view(seat), EXERCISE_BUDGET, EXERCISE_SEED)
    return Checked(game, seat, analysis, analysis.best)


def wrong_by(checked: Checked, action: Action) -> float:
    """How many card points ``action`` keeps less than the answer (0 for the answer, or where nothing is priced)."""
    best, other = checked.analysis.best_value, checked.analysis.value(action)
    if other is None or not best.valued or not other.valued:
        return 0.0
    return best.points.mean - other.points.mean


def trick_taker(cards: Sequence[Card], trump: int | None) -> int:
    """Which of ``cards`` (in playing order) takes the trick, by the engine's rule."""
    return trick_winner(cards, trump)


def pile_points(cards: Sequence[Card]) -> int:
    """The card points of a pile."""
    return sum(CARD_POINTS[card] for card in cards)


def find_positions(
    preset: str,
    wanted: Callable[[Game, int, Analysis], bool],
    seed: int,
    count: int,
    *,
    levels: tuple[str, ...] = ("medio", "medio"),
    games: int = 400,
) -> Iterator[PlayExercise]:
    """Moments of hands the ``levels`` play (seeded from ``seed``) where ``wanted`` holds and the analysis's best card
    beats every other by at least 4 points: the raw material of play exercises (``ask`` and ``why`` left empty)."""
    rng = random.Random(seed)
    found = 0
    for _ in range(games):
        deal_seed = rng.randrange(1 << 31)
        game = Game(PRESETS[preset], deal_seed)
        game.apply(Deal())
        actions: list[Action] = [Deal()]
        players = [make_player(levels[seat % len(levels)], random.Random(deal_seed + seat)) for seat in range(7)]
        while game.phase in (Phase.AUCTION, Phase.CALL, Phase.PLAY) and found < count:
            seat = game.to_move
            if seat is None:
                break
            view = game.view(seat)
            cards = [action for action in view.legal if isinstance(action, Play)]
            if game.phase is Phase.PLAY and len(cards) > 1:
                analysis = analyse(view, EXERCISE_BUDGET, EXERCISE_SEED)
                checked = Checked(game, seat, analysis, analysis.best)
                best = analysis.best_value
                if (
                    isinstance(analysis.best, Play)
                    and all(wrong_by(checked, card) >= 4 for card in cards if card != analysis.best)
                    and all(best.equity + 1e-9 >= item.equity for item in analysis.actions if item.valued)
                    and wanted(game, seat, analysis)
                ):
                    found += 1
                    yield PlayExercise(preset, deal_seed, " ".join(str(action) for action in actions), "", "")
                    break  # one moment a hand
            chosen = players[seat].choose(view)
            game.apply(chosen, seat=seat)
            actions.append(chosen)
        if found >= count:
            return
