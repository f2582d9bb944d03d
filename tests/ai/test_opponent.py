"""The learned opponent model: it sees only what the learner's seat was shown, learns the same from the same plays,
moves towards a habit it is shown, does nothing before it has learned, and refuses a stored model it can't read."""

from __future__ import annotations

import itertools
import random

import pytest

from briscola.ai.levels import make_player
from briscola.ai.opponent import FEATURES, PRIOR, ModelError, Observation, OpponentModel, observe
from briscola.ai.search import SearchPlayer
from briscola.engine import PRESETS, Deal, Game, Phase
from briscola.engine.actions import Play
from briscola.engine.cards import Card
from briscola.engine.dealing import deck_order
from briscola.engine.errors import IllegalActionError
from briscola.engine.events import CardPlayed
from tests.ai.helpers import played_against

_played = played_against


def _observations(style: str, count: int) -> list[Observation]:
    found = []
    for deal in range(count):
        observation = observe(_played(style, 500 + deal, me=deal % 2).view(deal % 2))
        assert observation is not None
        found.append(observation)
    return found


def _replayed(order: list[Card], actions: list[Play]) -> Game | None:
    game = Game.from_deal(PRESETS["classic"], order, dealer=1)
    for action in actions:
        try:
            game.apply(action)
        except IllegalActionError:
            return None
    return game


def test_the_same_update_from_two_deals_the_learners_seat_cant_tell_apart() -> None:
    """The other player's hidden draws come in another order (two of its cards swapped in the deck, the same plays
    still legal): the learner's seat saw the same, so the observation and the model learned are the same."""
    order = deck_order(PRESETS["classic"], 31, 0)
    game = Game.from_deal(PRESETS["classic"], order, dealer=1)
    players = [make_player("medio", random.Random(1)), make_player("greedy", random.Random(2))]
    actions: list[Play] = []
    while game.phase is Phase.PLAY:
        seat = game.to_move
        assert seat is not None
        action = players[seat].choose(game.view(seat))
        assert isinstance(action, Play)
        game.apply(action)
        actions.append(action)
    theirs = {event.card for event in game.log if isinstance(event, CardPlayed) and event.seat == 1}
    twin = None
    for i, j in itertools.combinations(range(len(order)), 2):
        if order[i] in theirs and order[j] in theirs:
            swapped = list(order)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            replayed = _replayed(swapped, actions)
            if replayed is not None and replayed.phase is Phase.HAND_OVER and replayed.log != game.log:
                twin = replayed
                break
    assert twin is not None, "a deal differing only in what seat 0 never saw"
    observation, twin_observation = observe(game.view(0)), observe(twin.view(0))
    assert observation is not None and twin_observation is not None
    assert observation == twin_observation
    assert [play.card for play in observation.plays] == [
        event.card for event in game.log if isinstance(event, CardPlayed) and event.seat == 1
    ]
    one, two = OpponentModel(), OpponentModel()
    one.learn(observation)
    two.learn(twin_observation)
    assert one.to_json() == two.to_json()


def test_fitting_is_deterministic_and_moves_towards_the_habit() -> None:
    observations = _observations("lowest", 12)
    first, second = OpponentModel(), OpponentModel()
    for observation in observations:
        first.learn(observation)
        second.learn(observation)
    assert first.to_json() == second.to_json()
    lowest = FEATURES.index("lowest")
    assert first.weights[lowest] > PRIOR[lowest] + 0.5, "it learned that this player plays its lowest card"
    assert first.habits()[0].feature in ("lowest", "strongest", "trump", "common_sense")
    assert first.hands == 12


def test_a_new_model_is_common_sense_and_the_search_unchanged_without_learning() -> None:
    model = OpponentModel()
    options = [Card.parse(code) for code in ("AS", "2D", "KC")]
    trick = [Card.parse("3S")]
    chances = model.chances(options, trick, None)
    assert abs(sum(chances) - 1) < 1e-9
    assert model.favourites(options, trick, None) == (Card.parse("AS"),)  # common sense takes the three with the ace
    game = _played("greedy", 13)
    before = Game(PRESETS["classic"], 13)
    before.apply(Deal())
    view = before.view(before.to_move or 0)
    plain = make_player("esperto", random.Random(3))
    learner = make_player("esperto", random.Random(3))
    assert isinstance(learner, SearchPlayer)
    learner.opponent = OpponentModel()  # nothing learned: not consulted
    assert plain.choose(view) == learner.choose(view)
    assert game.phase is Phase.HAND_OVER


def test_a_stored_model_round_trips_and_a_corrupt_one_is_named() -> None:
    model = OpponentModel()
    for observation in _observations("greedy", 3):
        model.learn(observation)
    again = OpponentModel.from_json(model.to_json())
    assert again.to_json() == model.to_json()
    assert again.habits() == model.habits()
    bad = {
        "{": "not JSON",
        "[]": "not a JSON object",
        '{"version": 99}': "format version 99",
        model.to_json().replace('"weights":[', '"weights":["x",'): "weights",
        model.to_json().replace('"hands":3', '"hands":-1'): "counts of hands",
    }
    for text, words in bad.items():
        with pytest.raises(ModelError, match=words):
            OpponentModel.from_json(text)


def test_the_learner_plays_within_the_rules_with_a_model() -> None:
    model = OpponentModel()
    for observation in _observations("lowest", 4):
        model.learn(observation)
    game = Game(PRESETS["classic"], 21)
    game.apply(Deal())
    learner = make_player("esperto", random.Random(1))
    assert isinstance(learner, SearchPlayer)
    learner.opponent = model
    other = make_player("lowest", random.Random(2))
    while game.phase is Phase.PLAY:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        action = (learner if seat == 0 else other).choose(view)
        assert action in view.legal
        assert isinstance(action, Play)
        game.apply(action, seat=seat)


def test_the_search_lets_a_faithful_player_answer_by_its_habit() -> None:
    """With a model learned from a player who always plays its lowest card, the plays of such a player make the
    chance that it keeps to its habit high, and the tree search then answers for it with the model's card only."""
    from briscola.ai.inference import faithful_chance
    from briscola.ai.ismcts import ismcts_values
    from briscola.ai.position import Position
    from briscola.engine.sampling import sample_world

    model = OpponentModel()
    for observation in _observations("lowest", 10):
        model.learn(observation)
    game = Game(PRESETS["classic"], 40)
    game.apply(Deal())
    players = {0: make_player("medio", random.Random(1)), 1: make_player("lowest", random.Random(2))}
    while len(game.talon) > 20:  # a few tricks in: the lowest player's plays are seen
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)), seat=seat)
    while game.to_move != 0:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)), seat=seat)
    view = game.view(0)
    chance = faithful_chance(view, model)
    assert chance > 0.5
    assert faithful_chance(view, OpponentModel()) == 0.0, "nothing learned: not consulted"
    searcher = make_player("campione", random.Random(3))
    assert isinstance(searcher, SearchPlayer)
    assert searcher.model_rule(view) == (None, 0.0)
    searcher.opponent = model
    rule, faithful = searcher.model_rule(view)
    assert rule is not None and faithful == chance
    rng = random.Random(4)
    positions = [Position(sample_world(view, rng), 0) for _ in range(8)]
    cards = [int(card) for card in view.hand]
    answers: set[int] = set()

    def answered(pos: Position) -> int:
        card = rule(pos)
        answers.add(card)
        return card

    ismcts_values(positions, cards, 200, random.Random(5), opponent=answered, faithful=1.0)
    assert answers, "the other player's cards in the tree were the model's"


@pytest.mark.parametrize("level", ["esperto", "campione"])
def test_a_learned_model_plays_a_game_where_suit_must_be_followed(level: str) -> None:
    """Bussata (two players, suit followed): the reading may consider hands that held the suit led and didn't follow
    it; the model has no chance for a card that could not be played, so those hands must weigh nothing, not fail."""
    model = OpponentModel()
    for observation in _observations("lowest", 3):
        model.learn(observation)
    rules = PRESETS["bussata"].with_options(hands_to_win=1)
    for deal in range(2):
        game = Game(rules, 40 + deal)
        game.apply(Deal())
        learner = make_player(level, random.Random(deal))
        assert isinstance(learner, SearchPlayer)
        learner.opponent = model
        learner.time_limit = 0.05  # a few dozen iterations a move: the same code paths, quickly
        players = {deal % 2: learner, 1 - deal % 2: make_player("medio", random.Random(deal))}
        while game.phase is Phase.PLAY:
            seat = game.to_move
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)), seat=seat)
        assert game.phase is Phase.MATCH_OVER and sum(game.points) == 120
