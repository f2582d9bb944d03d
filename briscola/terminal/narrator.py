"""The terminal game's words: events turned into plain English lines for one viewer.

Kept apart from :mod:`briscola.terminal.command` (which owns the options and the game loop) because this is the part
that grows with every event type and every translation. Everything a player reads goes through
:func:`briscola.text.i18n._`; card, rank and suit names come from :mod:`briscola.text.names` through
:class:`~briscola.terminal.words.Words`. The table drawn before the human's move is :mod:`briscola.terminal.table`, and
the results of a hand and a match :mod:`briscola.terminal.results`; a :class:`Narrator` is both.
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.engine.cards import Card
from briscola.engine.events import (
    AllPassed,
    AuctionWon,
    BidMade,
    CardCalled,
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    Declared,
    Event,
    HandOver,
    HandsShown,
    HandStarted,
    MatchOver,
    Melded,
    PartnerRevealed,
    Passed,
    SignalGiven,
    Swapped,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
    TrumpTurned,
    event_for_seat,
)
from briscola.engine.ruleset import TrumpMode
from briscola.engine.views import PlayerView
from briscola.terminal.results import ResultWords
from briscola.text.i18n import _, ngettext
from briscola.text.names import bid_label
from briscola.text.signs import sign_gesture, sign_meaning

__all__ = ["Narrator"]


class Narrator(ResultWords):
    """Turns events into lines for one ``viewer`` seat (hidden cards stay hidden), or for everyone when it is None.

    It remembers a little across events (the trump suit, the caller, deals played) so that each line can be complete.
    """

    # ------------------------------------------------------------------------------------------------ events

    def narrate(self, events: Sequence[Event], view: PlayerView | None = None) -> list[str]:
        """The lines for ``events``; ``view`` (the viewer's, after them) adds what only the viewer knows."""
        shown: list[Event] = []
        for event in events:
            visible = event if self.viewer is None else event_for_seat(event, self.viewer)
            if visible is not None:
                shown.append(visible)
        lines: list[str] = []
        index = 0
        while index < len(shown):
            event = shown[index]
            if isinstance(event, (CardDealt, CardDrawn)):
                end = index
                while end < len(shown) and type(shown[end]) is type(event):
                    end += 1
                group = shown[index:end]
                if isinstance(event, CardDealt):
                    lines.extend(self._dealt([e for e in group if isinstance(e, CardDealt)]))
                else:
                    lines.extend(self._drawn([e for e in group if isinstance(e, CardDrawn)]))
                index = end
                continue
            lines.extend(self._one(event, view))
            index += 1
        if any(isinstance(event, TrickWon) for event in shown):
            lines.append("")  # a blank line between tricks makes the transcript easy to scan
        return lines

    def _one(self, event: Event, view: PlayerView | None) -> list[str]:
        if isinstance(event, DealerChosen):
            return self._dealer_chosen(event)
        if isinstance(event, HandStarted):
            return self._hand_started(event)
        if isinstance(event, TrumpTurned):
            if event.card is None:
                return [
                    _("The briscola is turned face down: the trump suit stays secret until its first card is played.")
                ]
            self.trump = event.suit
            return [
                _("The briscola is {card}: trumps are {suit}.").format(
                    card=self.card(event.card), suit=self.style.trump(self.suit(event.card.suit))
                )
            ]
        if isinstance(event, TrumpRevealed):
            self.trump = event.suit
            return [self.style.strong(_("Trumps revealed: {suit}.").format(suit=self.suit(event.suit)))]
        if isinstance(event, BidMade):
            return [self._bid(event)]
        if isinstance(event, Passed):
            return [self._who(event.seat, _("You pass."), _("{name} passes."))]
        if isinstance(event, AuctionWon):
            self.caller = event.seat
            return [
                self._who(
                    event.seat,
                    _("You win the auction: your contract is {target} points."),
                    _("{name} wins the auction: the contract is {target} points."),
                    target=event.target,
                )
            ]
        if isinstance(event, AllPassed):
            return [_("Everybody passed: the cards are thrown in and dealt again.")]
        if isinstance(event, CardCalled):
            return self._called(event, view)
        if isinstance(event, TrumpChosen):
            self.trump = event.suit
            suit = self.style.trump(self.suit(event.suit))
            return [
                self._who(
                    event.seat, _("You choose {suit} as trumps."), _("{name} chooses {suit} as trumps."), suit=suit
                )
            ]
        if isinstance(event, Swapped):
            return [
                self._who(
                    event.seat,
                    _("You swap your {gave} for the briscola, {took}."),
                    _("{name} swaps the {gave} for the briscola, {took}."),
                    gave=self.card(event.gave),
                    took=self.card(event.took),
                )
            ]
        if isinstance(event, Declared):
            return [self._declared(event)]
        if isinstance(event, Melded):
            return [
                self._who(
                    event.seat,
                    _("You declare {cards}: {points} points."),
                    _("{name} declares {cards}: {points} points."),
                    cards=self.cards(event.cards),
                    points=event.points,
                )
            ]
        if isinstance(event, SignalGiven):
            return [self._signal(event)]
        if isinstance(event, CardPlayed):
            return [self._who(event.seat, _("You play {card}."), _("{name} plays {card}."), card=self.card(event.card))]
        if isinstance(event, PartnerRevealed):
            return [self.style.strong(self._partner(event))]
        if isinstance(event, TrickWon):
            return [self._trick(event)]
        if isinstance(event, HandsShown):
            if event.cards is None:
                return []
            return [
                self._who(
                    event.seat,
                    _("You show your hand to your partners."),
                    _("{name} shows their hand to the partners: {cards}."),
                    cards=self.cards(event.cards),
                )
            ]
        if isinstance(event, HandOver):
            return self._hand_over(event)
        if isinstance(event, MatchOver):
            return self._match_over(event)
        return []

    def _dealer_chosen(self, event: DealerChosen) -> list[str]:
        lines: list[str] = []
        for cut in event.cuts:
            cuts = ", ".join(f"{self.name(seat)} {self.card(card)}" for seat, card in cut)
            lines.append(_("Cutting for the deal: {cuts}.").format(cuts=cuts))
        if event.method == "cut":
            lines.append(
                self._who(event.dealer, _("You cut lowest and deal first."), _("{name} cut lowest and deals first."))
            )
        else:
            lines.append(self._who(event.dealer, _("You deal first (by lot)."), _("{name} deals first (by lot).")))
        return lines

    def _hand_started(self, event: HandStarted) -> list[str]:
        self.trump = None
        self.caller = None
        if self.rules.chiamata:
            heading = _("Deal {number} of {deals}").format(number=self.deals + 1, deals=self.rules.chiamata_deals)
        else:
            heading = _("Hand {number}").format(number=event.hand_no + 1)
        lines = ["", self.style.title(f"=== {heading} ===")]
        lines.append(self._who(event.dealer, _("You deal."), _("{name} deals.")))
        if event.sitting_out is not None:
            lines.append(self._who(event.sitting_out, _("You sit this hand out."), _("{name} sits this hand out.")))
        if event.stake > 1:
            text = _("This hand counts double.") if event.stake == 2 else _("This hand counts {stake} times.")
            lines.append(self.style.strong(text.format(stake=event.stake)))
        if any(len(side) > 1 for side in event.teams) and (event.hand_no == 0 or event.sitting_out is not None):
            against = _(" against ").join(self.side(side) for side in self.sides(event.teams))
            lines.append(_("Partners: {sides}.").format(sides=against))
        if self.rules.trump_mode is TrumpMode.NONE:
            lines.append(_("Briscolone: there are no trumps in this game."))
        return lines

    def _dealt(self, group: Sequence[CardDealt]) -> list[str]:
        by_seat: dict[int, list[Card]] = {}
        for event in group:
            if event.card is not None:
                by_seat.setdefault(event.seat, []).append(event.card)
        return [
            self._who(seat, _("You are dealt {cards}."), _("{name} is dealt {cards}."), cards=self.cards(cards))
            for seat, cards in by_seat.items()
        ]

    def _drawn(self, group: Sequence[CardDrawn]) -> list[str]:
        """One line for a round of drawing, in drawing order; a run of face-down draws is told as one clause."""
        parts: list[str] = []
        hidden: list[int] = []
        for event in [*group, None]:
            if event is not None and event.card is None and not event.briscola:
                hidden.append(event.seat)
                continue
            if len(hidden) == 1:
                parts.append(self._who(hidden[0], _("you draw a card"), _("{name} draws a card")))
            elif hidden:
                parts.append(_("{names} draw a card each").format(names=self.side(hidden, in_order=True)))
            hidden = []
            if event is None:
                break
            if event.briscola and event.card is not None:
                parts.append(
                    self._who(
                        event.seat,
                        _("you take the briscola, {card}"),
                        _("{name} takes the briscola, {card}"),
                        card=self.card(event.card),
                    )
                )
            elif event.briscola:
                parts.append(self._who(event.seat, _("you take the briscola"), _("{name} takes the briscola")))
            else:
                assert event.card is not None
                parts.append(
                    self._who(event.seat, _("you draw {card}"), _("{name} draws {card}"), card=self.card(event.card))
                )
        left = group[-1].talon_left
        if left:
            tail = ngettext("{count} card left in the talon.", "{count} cards left in the talon.", left)
        else:
            tail = _("The talon is empty: no more drawing.")
        sentence = "; ".join(parts)
        return [f"{sentence[:1].upper()}{sentence[1:]}. " + self.style.dim(tail.format(count=left))]

    def _bid(self, event: BidMade) -> str:
        what = bid_label(event.bid, self.rules.family)
        return self._who(event.seat, _("You bid {bid}."), _("{name} bids {bid}."), bid=what)

    def _called(self, event: CardCalled, view: PlayerView | None) -> list[str]:
        self.trump = event.card.suit
        suit = self.style.trump(self.suit(event.card.suit))
        lines = [
            self._who(
                event.seat,
                _("You call {card}: trumps are {suit}, and whoever holds it is your secret partner."),
                _("{name} calls {card}: trumps are {suit}, and whoever holds it is {name}'s secret partner."),
                card=self.card(event.card),
                suit=suit,
            )
        ]
        if view is not None and event.card in view.hand:
            if event.seat == view.seat:
                lines.append(self.style.strong(_("You hold it yourself: you play alone, one against four.")))
            else:
                lines.append(
                    self.style.strong(
                        _("You hold it: you are {name}'s secret partner. Nobody else knows yet.").format(
                            name=self.name(event.seat)
                        )
                    )
                )
        return lines

    def _declared(self, event: Declared) -> str:
        if event.correct:
            return self.style.strong(
                self._who(
                    event.seat,
                    _("You declare 31 and you are right, with {points} points!"),
                    _("{name} declares 31 and is right, with {points} points!"),
                    points=event.points,
                )
            )
        return self.style.strong(
            self._who(
                event.seat,
                _("You declare 31, but you have only {points} points: a wrong claim loses the hand."),
                _("{name} declares 31, but has only {points} points: a wrong claim loses the hand."),
                points=event.points,
            )
        )

    def _signal(self, event: SignalGiven) -> str:
        meaning = sign_meaning(event.signal)
        if event.asked_by is not None and event.asked_by == self.viewer:
            return _("You ask about trumps; {name} answers aloud: {meaning}.").format(
                name=self.name(event.seat), meaning=meaning
            )
        if event.asked_by is not None:
            asker = self.name(event.asked_by)
            return self._who(
                event.seat,
                _("{asker} asks about trumps; you answer aloud that you hold {meaning}."),
                _("{asker} asks about trumps; {name} answers aloud: {meaning}."),
                asker=asker,
                meaning=meaning,
            )
        gesture = sign_gesture(event.signal)
        return self._who(
            event.seat,
            _("You signal to your partners that you hold {meaning}."),
            _("{name} {gesture}: a sign to the partners for {meaning}."),
            gesture=gesture,
            meaning=meaning,
        )

    def _partner(self, event: PartnerRevealed) -> str:
        if event.alone:
            return self._who(
                event.seat,
                _("That was the called card: you play alone!"),
                _("That was the called card: {name} plays alone!"),
            )
        caller = self.name(self.caller) if self.caller is not None else "?"
        if self.caller == self.viewer:
            return _("That was the called card: {name} is your partner!").format(name=self.name(event.seat))
        return self._who(
            event.seat,
            _("That was the called card: now everyone knows you are {caller}'s partner."),
            _("That was the called card: {name} is {caller}'s partner!"),
            caller=caller,
        )

    def _trick(self, event: TrickWon) -> str:
        if self.rules.to_31:  # the running score must never be shown in briscola to 31
            text = self._who(event.winner, _("You take the trick."), _("{name} takes the trick."))
        elif not event.points:
            text = self._who(event.winner, _("You take the trick, no points."), _("{name} takes the trick, no points."))
        else:
            text = self._who(
                event.winner,
                _("You take the trick: {points} points."),
                _("{name} takes the trick: {points} points."),
                points=event.points,
            )
        return self.style.strong("-> " + text)
