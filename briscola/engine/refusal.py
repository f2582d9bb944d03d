"""Why the engine would refuse a seat's move, asked from the seat's own view: for a person typing or clicking.

The desktop table and the terminal game hold a :class:`~briscola.engine.views.PlayerView`, not the game. To tell the
player why a move is refused they need the engine's own judgement, not a second copy of the rules, so this pushes the
move into a world sampled from the view and returns what the engine raised. A seat's own move is legal or not by what
the seat knows (its hand, the trick, the auction, the face-up card), so every world its view allows judges it alike.

>>> from briscola.engine.actions import Deal, Play
>>> from briscola.engine.game import Game
>>> from briscola.engine.presets import preset
>>> game = Game(preset("classic"), seed=7)
>>> _ = game.apply(Deal())
>>> seat = game.to_move
>>> absent = next(card for card in game.rules.deck if card not in game.hands[seat])
>>> refusal(game.view(seat), Play(absent)).reason
<IllegalReason.CARD_NOT_IN_HAND: 'card_not_in_hand'>
>>> refusal(game.view(seat), game.legal_actions()[0]) is None
True
"""

from __future__ import annotations

import random

from briscola.engine.actions import Action
from briscola.engine.errors import IllegalActionError, NotYourTurnError
from briscola.engine.sampling import sample_world
from briscola.engine.views import PlayerView

__all__ = ["refusal"]


def refusal(view: PlayerView, action: Action) -> IllegalActionError | None:
    """The error the engine raises when ``view``'s seat pushes ``action`` now, or None if it would accept it.

    Only the seat to move can push a move, so for any other seat this is :class:`NotYourTurnError` without asking.
    """
    if action in view.legal:
        return None
    if view.to_move != view.seat:
        return NotYourTurnError(f"it is not seat {view.seat}'s turn (seat {view.to_move} is to move)")
    # The seed is fixed so that the same question always gets the same answer, though any world would do.
    world = sample_world(view, random.Random(0))
    try:
        world.apply(action, seat=view.seat)
    except IllegalActionError as error:
        return error
    return None
