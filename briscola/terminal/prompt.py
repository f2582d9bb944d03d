"""Reading what the human types at the terminal game's prompt: a card number or code, a bid, a call, a free move.

:func:`interpret` turns a line into the action it means when that action is legal now, and otherwise into one line
saying why not, in a player's words: a number out of range, or the engine's reason for refusing the move
(:func:`briscola.text.reasons.why_refused`). Split from :mod:`briscola.terminal.command`, which owns the options and
the loop around it.
"""

from __future__ import annotations

from briscola.engine import (
    Action,
    ActionParseError,
    Bid,
    Call,
    Card,
    CardCodeError,
    ChooseTrump,
    Forfeit,
    Phase,
    Play,
    Rank,
    Suit,
    parse_action,
)
from briscola.engine.views import PlayerView
from briscola.text.i18n import _
from briscola.text.reasons import call_hint, why_refused

__all__ = ["bid_example", "interpret"]


def bid_example(view: PlayerView) -> str:
    """A legal bid to show as an example in a prompt or a hint (``pass`` when none is)."""
    bids = [action for action in view.legal if isinstance(action, Bid)]
    return str(bids[0]) if bids else "pass"


def interpret(text: str, view: PlayerView) -> Action | str:
    """The action ``text`` means in ``view`` if it is legal, else a one-line message saying why not."""
    word = text.strip()
    if not word:
        if view.phase is Phase.AUCTION:
            return _("Please type pass, a bid such as {example}, or help.").format(example=bid_example(view))
        if view.phase is Phase.CALL:
            return _("Please type a call such as {example}, or help.").format(example=view.legal[0])
        return _("Please type a card number from 1 to {count}, a card code such as AD, or help.").format(
            count=len(view.hand)
        )
    action = _read(word, view)
    if isinstance(action, str):
        return action
    if action in view.legal:
        return action
    return why_refused(action, view)


def _read(word: str, view: PlayerView) -> Action | str:
    """The action ``word`` names (the game's phase decides what a bare number or letter means)."""
    phase = view.phase
    try:
        if word.isdigit():
            if phase is Phase.CALL:
                return call_hint(view)
            if phase is Phase.AUCTION:
                return Bid(target=int(word))
            number = int(word)
            if not 1 <= number <= len(view.hand):
                return _("There is no card {number}: choose a number from 1 to {count}.").format(
                    number=number, count=len(view.hand)
                )
            return Play(view.hand[number - 1])
        if phase is Phase.AUCTION and len(word) == 1 and word.upper() in "A234567JQK":
            return Bid(rank=Rank.parse(word))
        if phase is Phase.CALL and len(word) == 1 and word.upper() in "DHSC":
            return ChooseTrump(Suit.parse(word))
        if phase is Phase.CALL and len(word) == 2 and ":" not in word:
            return Call(Card.parse(word))
        action = parse_action(word)
    except (ActionParseError, CardCodeError, ValueError):
        return _not_a_move(word)
    if isinstance(action, Forfeit):  # the referee's note that a seat left, written in records: no one's move
        return _not_a_move(word)
    return action


def _not_a_move(word: str) -> str:
    shown = word if len(word) <= 30 else word[:29] + "…"
    return _("{text!r} is not a card or a move. Type help to see what you can do.").format(text=shown)
