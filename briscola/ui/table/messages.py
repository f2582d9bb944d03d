"""What the table says about the moves other than playing a card: bids, passes, calls, declarations, signs.

Kept apart from :mod:`briscola.ui.table.choreography`, which shows these messages between its animations, because the
wording has rules of its own: the human's own moves are told in the second person ("You pass.", "Passi."), each
with a message of its own, since putting the name "You" into a third-person message reads "You passes." in English
and "Tu passa." in Italian; and a card's name follows a colon ("Sara calls: Fante di coppe.") so that no language
has to guess the article a card's name takes.
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.engine import Bid, Card, DeckFamily, Suit
from briscola.engine.events import (
    AllPassed,
    AuctionWon,
    BidMade,
    CardCalled,
    Declared,
    Event,
    Melded,
    PartnerRevealed,
    Passed,
    SignalGiven,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
)
from briscola.engine.ruleset import TrumpMode
from briscola.text.i18n import _, ngettext
from briscola.text.names import bid_label, card_label, suit_label
from briscola.text.signs import sign_meaning

__all__ = [
    "auction_texts",
    "contract_texts",
    "describe",
    "held_called_text",
    "trick_text",
    "trump_text",
]


def describe(event: Event, names: list[str], you: int | None, family: DeckFamily) -> str:
    """The message for ``event`` ("" for an event the table shows by moving cards); ``you`` is the human's seat."""
    if isinstance(event, TrumpRevealed):
        return _("Trumps are revealed: {suit}.").format(suit=suit_label(event.suit, family))
    if isinstance(event, AllPassed):
        return _("Everybody passed: the hand is dealt again.")
    seat = getattr(event, "seat", None)
    if not isinstance(seat, int):
        return ""
    if seat == you:
        return _yours(event, family)
    return _theirs(event, names[seat], family)


def _bid(event: BidMade, family: DeckFamily) -> str:
    """A bid in words: a rank's name (chiamata) or a number of points."""
    return bid_label(event.bid, family, unit=False)


def _theirs(event: Event, name: str, family: DeckFamily) -> str:
    """Another player's move, in the third person."""
    if isinstance(event, BidMade):
        return _("{name} bids {bid}.").format(name=name, bid=_bid(event, family))
    if isinstance(event, Passed):
        return _("{name} passes.").format(name=name)
    if isinstance(event, AuctionWon):
        return _("{name} wins the auction ({target} points).").format(name=name, target=event.target)
    if isinstance(event, CardCalled):
        return _("{name} calls: {card}.").format(name=name, card=card_label(event.card, family))
    if isinstance(event, TrumpChosen):
        return _("{name} chooses {suit} as trumps.").format(name=name, suit=suit_label(event.suit, family))
    if isinstance(event, PartnerRevealed):
        if event.alone:
            return _("{name} plays alone!").format(name=name)
        return _("{name} is the partner!").format(name=name)
    if isinstance(event, Declared):
        verdict = _("right") if event.correct else _("wrong")
        return _("{name} declares 31 with {points}: {verdict}.").format(name=name, points=event.points, verdict=verdict)
    if isinstance(event, Melded):
        suit = suit_label(event.suit, family)
        return _("{name} declares {suit}: {points} points.").format(name=name, suit=suit, points=event.points)
    if isinstance(event, SignalGiven):
        return _("{name} gives a sign: {sign}.").format(name=name, sign=sign_meaning(event.signal))
    return ""


def _yours(event: Event, family: DeckFamily) -> str:
    """The human's own move, in the second person. The verdict of a declaration is part of each message, as some
    languages word it by the person ("acierta" and "aciertas")."""
    if isinstance(event, BidMade):  # the terminal game's words for the player's own moves, where they fit a toast
        return _("You bid {bid}.").format(bid=bid_label(event.bid, family))
    if isinstance(event, Passed):
        return _("You pass.")
    if isinstance(event, AuctionWon):
        return _("You win the auction ({target} points).").format(target=event.target)
    if isinstance(event, CardCalled):
        return _("You call: {card}.").format(card=card_label(event.card, family))
    if isinstance(event, TrumpChosen):
        return _("You choose {suit} as trumps.").format(suit=suit_label(event.suit, family))
    if isinstance(event, PartnerRevealed):
        return _("You play alone!") if event.alone else _("You are the partner!")
    if isinstance(event, Declared):
        if event.correct:
            return _("You declare 31 and you are right, with {points} points!").format(points=event.points)
        return _("You declare 31, but you have only {points} points: a wrong claim loses the hand.").format(
            points=event.points
        )
    if isinstance(event, Melded):
        return _("You declare {suit}: {points} points.").format(
            suit=suit_label(event.suit, family), points=event.points
        )
    if isinstance(event, SignalGiven):
        return _("You give a sign: {sign}.").format(sign=sign_meaning(event.signal))
    return ""


def contract_texts(
    contract: tuple[int, int] | None, called: Card | None, names: list[str], family: DeckFamily
) -> list[str]:
    """The lines that keep an auction's outcome in view while the hand is played: who must make how many points,
    and (chiamata) the card called, whose holder is the secret partner. A toast says it once; a player counting
    towards the contract, or watching for the called card, needs it until the last trick. Noun phrases, so the
    human's name ("You") reads right in every language."""
    lines = []
    if contract is not None:
        seat, points = contract
        lines.append(_("Contract: {name}, {points} points").format(name=names[seat], points=points))
    if called is not None:
        lines.append(_("Called card: {card}").format(card=card_label(called, family)))
    return lines


def auction_texts(
    high_bid: tuple[int, Bid] | None, passed: Sequence[int], names: list[str], you: int | None, family: DeckFamily
) -> list[str]:
    """The lines that keep an open auction's standing in view: the highest bid and who made it, and who has passed.

    Each bid and pass is said once by a toast, and the toasts are gone by the time the player must bid; a player
    choosing a bid needs to know what it must beat and who is still in. Empty before the first bid or pass. The
    highest bid is worded as the terminal game words it (``you`` is the human's seat)."""
    lines = []
    if high_bid is not None:
        seat, bid = high_bid
        words = bid_label(bid, family)
        if seat == you:
            lines.append(_("Highest bid: {bid}, yours.").format(bid=words))
        else:
            lines.append(_("Highest bid: {bid}, by {name}.").format(bid=words, name=names[seat]))
    if passed:
        lines.append(_("Passed: {names}").format(names=", ".join(names[seat] for seat in passed)))
    return lines


def held_called_text(caller: int, you: int, names: list[str]) -> str:
    """What the human's plate adds when the human held chiamata's called card as it was called: the secret partner
    knows from that moment whom it plays with (or, the caller's own card, that it plays alone), and nobody else does
    until the card is played, so only the human's own plate says it."""
    if caller == you:
        return _("(called card in hand: playing alone)")
    return _("(called card in hand: partner of {name})").format(name=names[caller])


def trump_text(mode: TrumpMode, trump: Suit | None, family: DeckFamily) -> str:
    """The line over the talon's spot about the trumps, true in every form: their suit once the viewer knows it;
    else why none is named: there are none (briscolone), the turned card lies face down until a trump is played
    (cubierta), the auction decides (chiamata's called card, subastada's chosen suit). Nothing while the card to be
    turned is still being dealt, or once the viewer knows the trumps of a form that shows them (never "no trumps"
    where a suit is trump but not yet seen)."""
    if trump is not None:
        return _("Trumps: {suit}").format(suit=suit_label(trump, family))
    if mode is TrumpMode.NONE:
        return _("No trumps")
    if mode is TrumpMode.HIDDEN:
        return _("Trumps: face down until one is played")
    if mode in (TrumpMode.CALLED, TrumpMode.AUCTION):
        return _("Trumps: chosen in the auction")
    return ""


def trick_text(event: TrickWon, names: list[str], you: int | None, partner: bool, count: bool) -> str:
    """Who took a trick, and for how many points: the cue after each trick and the last trick's view say it.

    ``you`` is the human's seat (their own trick in the second person), ``partner`` whether the winner plays on the
    human's side (said, so a partner's trick reads as the side's), ``count`` whether points may be told: never in
    briscola to 31, where counting them is the game.
    """
    name, points = names[event.winner], event.points
    if event.winner == you:
        if not count:
            return _("You take the trick.")
        return ngettext("You take {points} point.", "You take {points} points.", points).format(points=points)
    if partner:
        if not count:
            return _("{name} takes the trick for your side.").format(name=name)
        return ngettext(
            "{name} takes {points} point for your side.", "{name} takes {points} points for your side.", points
        ).format(name=name, points=points)
    if not count:
        return _("{name} takes the trick.").format(name=name)
    return ngettext("{name} takes {points} point.", "{name} takes {points} points.", points).format(
        name=name, points=points
    )
