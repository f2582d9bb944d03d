"""What each move other than playing a card means, in a sentence or two: the table shows it under the pointer or the
keyboard focus, so a newcomer can bid, call or swap knowing what they are promising.

Every explanation is built from the :class:`~briscola.engine.views.PlayerView` of the player who would make the move
(the rules, the auction so far, the player's own hand), so its numbers are the ones the engine will hold them to: the
points a bid promises (:func:`~briscola.engine.auction.bid_target`), out of the deck's points, the rank the caller will
call (:func:`~briscola.engine.auction.rank_called_after`), the contract won, what a declaration scores, what the deal
counts for a caller who plays alone. Calling a card in one's own hand means playing alone, against everybody: that is
said before it happens, in the explanation of the call and of a rank bid the player holds cards of, and
:func:`held_note` marks the call button of a card the player holds.

Pure, without pygame, so each explanation is tested against the rules of every preset that has an auction. The bids
themselves are named by :func:`briscola.text.names.bid_label`, cards and suits by the rest of
:mod:`briscola.text.names`; a card's name follows a colon or stands alone, so no language has to give it an article.
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.engine.actions import Action, Ask, Bid, Call, ChooseTrump, Declare, Meld, Pass, Signal, Swap
from briscola.engine.auction import bid_target, rank_called_after
from briscola.engine.cards import Card, DeckFamily, Rank, Suit
from briscola.engine.options import MELD_OTHER_POINTS, MELD_TRUMP_POINTS, swap_offer
from briscola.engine.scoring import CHIAMATA_ALONE, CHIAMATA_CALLER
from briscola.engine.views import PlayerView
from briscola.text.i18n import _, ngettext
from briscola.text.names import bid_label, card_label, rank_label, suit_label

__all__ = ["explain_move", "explain_page_turn", "held_note"]


def explain_move(action: Action, view: PlayerView, names: Sequence[str], family: DeckFamily) -> str:
    """What ``action`` means for the player whose ``view`` this is, now: "" for a card played (its own picture says
    it). ``names`` are the seats' names, ``family`` the deck's (for the names of cards and suits)."""
    if isinstance(action, Pass):
        return _explain_pass(view, names, family)
    if isinstance(action, Bid):
        text = _explain_chiamata_bid(action, view, family) if view.rules.chiamata else _explain_point_bid(action, view)
        if view.auction is not None and all(view.auction.passed[seat] for seat in view.active if seat != view.seat):
            text += " " + _("Everybody else has passed: this bid wins you the auction.")
        return text
    if isinstance(action, Call):
        return _explain_call(action.card, view, family)
    if isinstance(action, ChooseTrump):
        return _explain_trump_choice(action.suit, view, family)
    if isinstance(action, Swap):
        return _explain_swap(view, family)
    if isinstance(action, Declare):
        return _(
            "Declare 31: you claim that the cards you have taken are worth 31 points or more. Right, you win the "
            "hand at once; wrong, you lose it."
        )
    if isinstance(action, Meld):
        return _explain_meld(action.suit, view, family)
    if isinstance(action, Signal):
        return ngettext(
            "Give a sign: your partner sees, truthfully, whether you hold the trump ace, the trump three, both or "
            "neither. The opponents see nothing.",
            "Give a sign: your partners see, truthfully, whether you hold the trump ace, the trump three, both or "
            "neither. The opponents see nothing.",
            _partners(view),
        )
    if isinstance(action, Ask):
        return ngettext(
            "Ask your partner aloud about trumps: the answer, always true, says whether they hold the trump ace, the "
            "trump three, both or neither, and everybody hears it.",
            "Ask your partners aloud about trumps: each answer, always true, says whether they hold the trump ace, "
            "the trump three, both or neither, and everybody hears it.",
            _partners(view),
        )
    return ""


def explain_page_turn(step: int) -> str:
    """What the buttons that turn the auction's page do: show other bids, and bid nothing."""
    if step < 0:
        return _("Shows the lower bids again. Turning the page bids nothing.")
    return _("Shows the higher bids. Turning the page bids nothing.")


def held_note(action: Action, view: PlayerView) -> str:
    """The mark on the button of a chiamata call of a card in the player's own hand ("" for any other move):
    calling it means playing alone, which the explanation says in full."""
    if isinstance(action, Call) and action.card in view.hand:
        return _("you hold it")
    return ""


def _partners(view: PlayerView) -> int:
    """How many partners the player has (at least one: signs are only played in partnerships)."""
    return max(1, len(view.team()) - 1)


def _explain_pass(view: PlayerView, names: Sequence[str], family: DeckFamily) -> str:
    """A pass is final; and when the player is the last but one in, what it decides: who wins, or a new deal."""
    words = [_("Pass: you leave this hand's auction for good and can't bid again.")]
    auction = view.auction
    if auction is not None:
        others = [seat for seat in view.active if seat != view.seat and not auction.passed[seat]]
        if not others and auction.high_bid is None:
            words.append(_("Everybody will have passed without a bid: the cards are dealt again."))
        elif len(others) == 1 and auction.high_bidder == others[0] and auction.high_bid is not None:
            bid = bid_label(auction.high_bid, family)
            words.append(_("{name} then wins the auction with {bid}.").format(name=names[others[0]], bid=bid))
    return " ".join(words)


def _explain_chiamata_bid(bid: Bid, view: PlayerView, family: DeckFamily) -> str:
    """A chiamata bid: the points promised, then the call it leads to, and a warning when the player holds cards of
    the rank that would be called (one of those called means playing alone)."""
    points, total = bid_target(bid), view.rules.deck_points
    if bid.rank is not None:
        promise = _("Bid {rank}: you promise that your side will make at least {points} of the {total} points.")
    else:
        promise = _("Bid {points}: you promise that your side will make at least {points} of the {total} points.")
    rank = rank_called_after(bid)
    name = rank_label(rank, family)
    words = [
        promise.format(rank=name, points=points, total=total),
        _(
            "If you win the auction, you call the {rank} of a suit of your choice: that suit becomes trumps, and "
            "whoever holds that card is your secret partner."
        ).format(rank=name),
    ]
    held = sum(1 for card in view.hand if card.rank is rank)
    if held == len(Suit):
        words.append(_("You hold every {rank}: whichever you call, you play alone.").format(rank=name))
    elif held:
        words.append(
            ngettext(
                "You hold one of them: calling that one means playing alone.",
                "You hold {count} of them: calling one of those means playing alone.",
                held,
            ).format(count=held)
        )
    return " ".join(words)


def _explain_point_bid(bid: Bid, view: PlayerView) -> str:
    """A subastada bid: the contract, who must make it, and what the contract counts."""
    points, total = bid_target(bid), view.rules.deck_points
    if len(view.team()) > 1:
        text = _(
            "Bid {points}: if you win the auction you choose trumps, and your side must then take at least {points} "
            "points, card points and declarations together; if it falls short, the other side wins the hand."
        )
    else:
        text = _(
            "Bid {points}: if you win the auction you choose trumps, and you must then take at least {points} "
            "points, card points and declarations together; if you fall short, your opponent wins the hand."
        )
    words = [text.format(points=points)]
    if points > total:
        words.append(
            _("The cards hold only {total} points: declarations must make up the other {rest}.").format(
                total=total, rest=points - total
            )
        )
    return " ".join(words)


def _explain_call(card: Card, view: PlayerView, family: DeckFamily) -> str:
    """Chiamata's call: the card's holder becomes the partner and its suit trumps; held, the caller plays alone."""
    contract = view.contract if view.contract is not None else 0
    total = view.rules.deck_points
    suit = suit_label(card.suit, family)
    if card in view.hand:
        others = len(view.active) - 1
        return _(
            "Call {card}: you hold this card, so calling it means you play alone against the other {others}, and "
            "must make {points} of the {total} points by yourself. Alone, you win {alone} if you make it and lose "
            "{alone} if not, instead of {caller}."
        ).format(
            card=card_label(card, family),
            others=others,
            points=contract,
            total=total,
            alone=CHIAMATA_ALONE,
            caller=CHIAMATA_CALLER,
        )
    return _(
        "Call {card}: {suit} become trumps, and whoever holds this card is your secret partner, known to nobody "
        "else until it is played. Together you must make {points} of the {total} points."
    ).format(card=card_label(card, family), suit=suit, points=contract, total=total)


def _explain_trump_choice(suit: Suit, view: PlayerView, family: DeckFamily) -> str:
    """Subastada's choice of trumps: the contract to make, and what a declaration is then worth."""
    contract = view.contract if view.contract is not None else 0
    name = suit_label(suit, family)
    if len(view.team()) > 1:
        text = _(
            "Choose {suit} as trumps: your side must then take at least {points} points, card points and "
            "declarations together."
        )
    else:
        text = _(
            "Choose {suit} as trumps: you must then take at least {points} points, card points and declarations "
            "together."
        )
    meld = _(
        "{king} and {queen} of one suit, declared, count {trump_points} in {suit} and {other_points} in another suit."
    ).format(
        king=rank_label(Rank.KING, family),
        queen=rank_label(Rank.QUEEN, family),
        suit=name,
        trump_points=MELD_TRUMP_POINTS,
        other_points=MELD_OTHER_POINTS,
    )
    return text.format(suit=name, points=contract) + " " + meld


def _explain_swap(view: PlayerView, family: DeckFamily) -> str:
    """The trump swap: which card goes, which comes; the card given is the talon's last, drawn by the last drawer."""
    briscola = view.briscola
    given = swap_offer(view.rules, briscola, view.hand) if briscola is not None else None
    if briscola is None or given is None:  # not a legal move then: the table offers no such button
        return ""
    return _(
        "Swap the briscola: you give {given} and take the face-up {taken}. Your card takes its place at the bottom "
        "of the talon, for the last player to draw."
    ).format(given=card_label(given, family), taken=card_label(briscola, family))


def _explain_meld(suit: Suit, view: PlayerView, family: DeckFamily) -> str:
    """A subastada declaration: King and Queen (Caballo) shown, and what they add towards the contract."""
    points = MELD_TRUMP_POINTS if suit == view.trump else MELD_OTHER_POINTS
    return _(
        "Declare {suit}: you show {king} and {queen} of that suit, which add {points} points to your side's total "
        "({trump_points} in trumps, {other_points} in another suit)."
    ).format(
        suit=suit_label(suit, family),
        king=rank_label(Rank.KING, family),
        queen=rank_label(Rank.QUEEN, family),
        points=points,
        trump_points=MELD_TRUMP_POINTS,
        other_points=MELD_OTHER_POINTS,
    )
