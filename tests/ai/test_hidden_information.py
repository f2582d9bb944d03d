"""The computer players decide from what their seat may know, and nothing else.

A player is handed a :class:`~briscola.engine.views.PlayerView`, and views never hold a card the seat has not seen
(``tests/engine/test_views.py``). This is the other half: nothing a player reads reaches past its view. Each
position is taken twice, as it was dealt and as another deal that the seat cannot tell from it (the hidden cards laid
out afresh, :func:`~briscola.engine.sampling.sample_world`); every player, seeded alike, must make the same move in
both. A player that peeked at the real deal (through the game behind a view, a cached object, a field left out of
the views' comparison) would, sooner or later, play differently in the two.
"""

from __future__ import annotations

import random

import pytest

from briscola.ai.levels import make_player, player_names
from briscola.engine import PRESETS, Deal, Game, Phase
from briscola.engine.sampling import sample_world

#: Forms with something different hidden: two players (hand and talon), teams, five with a secret partner, to-31,
#: a swappable briscola, three players each for themselves.
FORMS = ("classic", "four", "chiamata", "to31", "scambio", "three")
#: Campione's move takes a second or more: it is checked on the two-player form only, where its own search runs (with
#: more players it plays as Esperto).
SLOW = {"campione"}


def positions(name: str, seed: int, count: int) -> list[tuple[Game, int]]:
    """``count`` moments of a seeded random match of preset ``name`` where a card is to be played: (game, seat)."""
    rng = random.Random(seed)
    game = Game(PRESETS[name], seed)
    out: list[tuple[Game, int]] = []
    steps = 0
    while not game.is_over and len(out) < count and steps < 2_000:
        steps += 1
        if game.to_move is None:
            game.apply(Deal())
            continue
        if game.phase is Phase.PLAY and rng.random() < 0.2:
            out.append((game.clone(), game.to_move))
        game.apply(rng.choice(game.legal_actions()))
    return out


def another_deal(game: Game, seat: int, seed: int) -> Game | None:
    """A deal ``seat`` cannot tell from ``game``'s with different cards hidden from it; None if nothing is hidden."""
    view = game.view(seat)
    for attempt in range(8):
        other = sample_world(view, random.Random(seed * 8 + attempt))
        if other.hands != game.hands or list(other.talon) != list(game.talon):
            return other
    return None


CASES = [(name, spec) for name in FORMS for spec in player_names() if spec not in SLOW or name == "classic"]


@pytest.mark.parametrize(("name", "spec"), CASES)
def test_a_deal_the_seat_cannot_tell_apart_gets_the_same_move(name: str, spec: str) -> None:
    wanted = 2 if spec in SLOW else 5
    checked = 0
    found = [moment for seed in range(11, 17) for moment in positions(name, seed, 12)]
    for index, (game, seat) in enumerate(found):
        other = another_deal(game, seat, index)
        if other is None:
            continue
        view = game.view(seat)
        assert other.view(seat) == view  # the same from where the player sits, a different deal behind it
        real = make_player(spec, random.Random(index)).choose(view)
        seen = make_player(spec, random.Random(index)).choose(other.view(seat))
        assert real == seen, (name, spec, index)
        checked += 1
        if checked == wanted:
            break
    assert checked == wanted
