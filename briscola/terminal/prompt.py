"""Reading what the human types at the terminal game's prompt: a card number or code, a bid, a call, a free move.

:func:`interpret` turns a line into the action it means when that action is legal now, and otherwise into one line
saying why not, in a player's words: a number out of range, a card not held, the suit that must be followed, the rule
that refuses a free move. Split from :mod:`briscola.terminal.command`, which owns the options and the loop around it.
"""

from __future__ import annotations

from briscola.engine import (
    Action,
    ActionParseError,
    Ask,
    Bid,
    Call,
    Card,
    CardCodeError,
    ChooseTrump,
    Declare,
    Meld,
    Phase,
    Play,
    Rank,
    Signal,
    Suit,
    Swap,
    parse_action,
)
from briscola.engine.views import PlayerView
from briscola.text.i18n import N_, _
from briscola.text.names import suit_label

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
    return _why_not(action, view)


def _read(word: str, view: PlayerView) -> Action | str:
    """The action ``word`` names (the game's phase decides what a bare number or letter means)."""
    phase = view.phase
    try:
        if word.isdigit():
            if phase is Phase.CALL:
                return _call_hint(view)
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
        return parse_action(word)
    except (ActionParseError, CardCodeError, ValueError):
        shown = word if len(word) <= 30 else word[:29] + "…"
        return _("{text!r} is not a card or a move. Type help to see what you can do.").format(text=shown)


def _why_not(action: Action, view: PlayerView) -> str:
    """Why a well-formed action is refused now, in words a player understands."""
    if view.phase is Phase.CALL:
        return _call_hint(view)
    if isinstance(action, Play):
        if view.phase is Phase.AUCTION:
            return _("No card is played yet: first the auction. Bid or pass.")
        if action.card not in view.hand:
            return _("You don't hold {code}.").format(code=action.card.code)
        if view.rules.must_follow_suit and view.trick:
            led = view.trick[0][1].suit
            return _("You must follow suit: play a card of {suit}.").format(suit=suit_label(led, view.rules.family))
    if isinstance(action, Bid):
        return _("{bid} is not a legal bid now: bid higher than the highest bid, or pass.").format(bid=action)
    reason = _OPTION_RULES.get(type(action))
    return _("{action} is not allowed now.").format(action=action) + (" " + _(reason) if reason else "")


#: Why an optional move may be refused, told once for all its conditions (the engine knows which one failed).
_OPTION_RULES: dict[type, str] = {
    Swap: N_("A swap needs the trump 7 (or 2, by the rules) while the briscola is still in the talon; once a turn."),
    Declare: N_("Declaring 31 is only played in briscola to 31."),
    Meld: N_("A King and Queen of one suit may be declared only after winning a trick, before leading."),
    Signal: N_("Signs exist for the trump ace, the trump three, both, or no trumps at all; one a turn."),
    Ask: N_("The player to lead may ask once a turn, from the second trick on."),
}


def _call_hint(view: PlayerView) -> str:
    if view.rules.chiamata:
        return _("Now call a card of the rank you bid, e.g. {example}.").format(example=view.legal[0])
    return _("Now choose the trump suit, e.g. {example}.").format(example=view.legal[0])
