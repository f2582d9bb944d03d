"""What a partner's sign tells, and the gesture that gives it: one home for the words of the signal variants.

The table's messages and the terminal's narrator both say a sign with these (so each is translated once). With
``signal_king`` one source's extra sign joins the others: the trump king, held without the ace or the three.
"""

from __future__ import annotations

from typing import Final

from briscola.engine.events import SignalKind
from briscola.text.i18n import N_, _

__all__ = ["sign_gesture", "sign_meaning"]

_MEANINGS: Final[dict[SignalKind, str]] = {
    SignalKind.ACE: N_("the trump ace"),
    SignalKind.THREE: N_("the trump three"),
    SignalKind.BOTH: N_("both the trump ace and the trump three"),
    SignalKind.NONE: N_("no trumps at all"),
    SignalKind.SOME: N_("trumps, but neither the ace nor the three"),
    SignalKind.KING: N_("the trump king"),
}

#: The gesture the narrator says a sign is given with (the table says only the meaning).
_GESTURES: Final[dict[SignalKind, str]] = {
    SignalKind.ACE: N_("bites the lips"),
    SignalKind.THREE: N_("shrugs"),
    SignalKind.BOTH: N_("winks"),
    SignalKind.NONE: N_("shakes the head"),
    SignalKind.SOME: N_("gives no sign"),
    SignalKind.KING: N_("raises the eyebrows"),
}


def sign_meaning(kind: SignalKind) -> str:
    """What the sign ``kind`` tells the partners, in the player's language ("the trump king")."""
    return _(_MEANINGS[kind])


def sign_gesture(kind: SignalKind) -> str:
    """The gesture that gives the sign ``kind`` ("raises the eyebrows")."""
    return _(_GESTURES[kind])
