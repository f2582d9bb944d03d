"""Why a move is refused, in the player's language: the engine's reason put into words, for the table and terminal.

The engine judges every move and says why it refuses one as an
:class:`~briscola.engine.errors.IllegalReason`; this turns that reason into one sentence, filling in what the
player needs from their view (the suit to follow, the card not held, an example of a legal call). Both the desktop
table (through :meth:`briscola.match.driver.MatchDriver.submit`) and the terminal game call :func:`why_refused`, so
neither works the rules out again and both say the same thing.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.actions import Action, Play
from briscola.engine.errors import IllegalReason
from briscola.engine.refusal import refusal
from briscola.engine.state import Phase
from briscola.engine.views import PlayerView
from briscola.text.i18n import N_, _
from briscola.text.names import suit_label

__all__ = ["call_hint", "why_refused"]

#: The rule behind a refused free move, told once for all its conditions (the reason says which move, not which
#: condition failed).
_OPTION_RULES: Final[dict[IllegalReason, str]] = {
    IllegalReason.SWAP_NOT_ALLOWED: N_(
        "A swap needs the trump 7 (or 2, by the rules) while the briscola is still in the talon; once a turn."
    ),
    IllegalReason.DECLARE_NOT_ALLOWED: N_("Declaring 31 is only played in briscola to 31."),
    IllegalReason.MELD_NOT_ALLOWED: N_(
        "A King and Queen of one suit may be declared only after winning a trick, before leading."
    ),
    IllegalReason.SIGNAL_NOT_ALLOWED: N_(
        "Signs exist for the trump ace, the trump three, both, or no trumps at all; one a turn."
    ),
    IllegalReason.ASK_NOT_ALLOWED: N_("The player to lead may ask once a turn, from the second trick on."),
}


def why_refused(action: Action, view: PlayerView) -> str:
    """One sentence saying why the engine refuses ``action`` from ``view``'s seat now (for an action it refuses)."""
    error = refusal(view, action)
    reason = error.reason if error is not None else None
    if reason is IllegalReason.NOT_YOUR_TURN:
        return _("It is not your turn.")
    if reason is IllegalReason.CALL_NOT_ALLOWED or (reason is IllegalReason.WRONG_PHASE and view.phase is Phase.CALL):
        return call_hint(view)
    if reason is IllegalReason.WRONG_PHASE and view.phase is Phase.AUCTION and isinstance(action, Play):
        return _("No card is played yet: first the auction. Bid or pass.")
    if reason is IllegalReason.CARD_NOT_IN_HAND and isinstance(action, Play):
        return _("You don't hold {code}.").format(code=action.card.code)
    if reason is IllegalReason.MUST_FOLLOW_SUIT and view.trick:
        led = view.trick[0][1].suit
        return _("You must follow suit: play a card of {suit}.").format(suit=suit_label(led, view.rules.family))
    if reason is IllegalReason.BID_TOO_LOW:
        return _("{bid} is not a legal bid now: bid higher than the highest bid, or pass.").format(bid=action)
    if reason is IllegalReason.WRONG_PHASE or reason in _OPTION_RULES:
        rule = _OPTION_RULES.get(reason)
        return _("{action} is not allowed now.").format(action=action) + (" " + _(rule) if rule else "")
    return _("That move is not allowed now.")


def call_hint(view: PlayerView) -> str:
    """What the auction's winner is to do now, with an example: call a card (chiamata) or choose trump."""
    if view.rules.chiamata:
        return _("Now call a card of the rank you bid, e.g. {example}.").format(example=view.legal[0])
    return _("Now choose the trump suit, e.g. {example}.").format(example=view.legal[0])
