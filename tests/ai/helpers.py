"""Test helpers for the players: play a whole match, asserting that every choice is one of the legal actions; a hand
played at random to its endgame."""

from __future__ import annotations

import random
from collections.abc import Sequence

from briscola.ai.levels import make_player
from briscola.ai.opponent import OpponentModel, observe
from briscola.ai.simple import Player
from briscola.engine import PRESETS, Deal, Game, Phase, Play


def play_checked(game: Game, players: Sequence[Player], *, max_steps: int = 20_000) -> Game:
    """Play ``game`` to its end with ``players`` (one per seat); fail on an illegal choice or a match without end."""
    for _ in range(max_steps):
        if game.is_over:
            return game
        seat = game.to_move
        if seat is None:
            game.apply(Deal())
            continue
        view = game.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal, f"{type(players[seat]).__name__} at seat {seat} chose {action}, not {view.legal}"
        game.apply(action, seat=seat)
    raise AssertionError(f"the {game.rules.name} match did not end in {max_steps} steps")


def played_to_empty_talon(seed: int) -> tuple[Game, random.Random]:
    """A two-player classic hand played at random (seeded) until the talon is empty, with the generator to go on."""
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    rng = random.Random(seed)
    while game.phase is Phase.PLAY and game.talon_size > 0:
        game.apply(Play(rng.choice(game.legal_cards())))
    return game, rng


def played_against(style: str, deal: int, me: int = 0, learner: str = "medio", *, seed: int | None = None) -> Game:
    """A classic two-player hand on ``deal``, played to its end by ``learner`` at seat ``me`` and a ``style`` player
    at the other (their random generators seeded from ``seed``, the deal's number unless given)."""
    seed = deal if seed is None else seed
    game = Game(PRESETS["classic"], deal)
    game.apply(Deal())
    players = {me: make_player(learner, random.Random(seed)), 1 - me: make_player(style, random.Random(seed + 1))}
    while game.phase is Phase.PLAY:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)), seat=seat)
    return game


def learned_model(style: str, hands: int = 4, learner: str = "medio") -> OpponentModel:
    """What Campione learns from ``hands`` classic two-player hands against a ``style`` player (``lowest``,
    ``medio``...), each seen from the learner's seat (which takes turns at leading): the model the scenes and the
    history command show."""
    model = OpponentModel()
    for deal in range(hands):
        me = deal % 2
        game = played_against(style, 700 + deal, me, learner, seed=deal)
        observation = observe(game.view(me))
        assert observation is not None
        model.learn(observation)
    return model
