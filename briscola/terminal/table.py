"""The table drawn before the human's move in the terminal game, and the help and choices of its prompt.

Split from :mod:`briscola.terminal.narrator`, which turns events into lines: this is what the viewer reads while
deciding.
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.engine.actions import Action, Bid, Play
from briscola.engine.cards import Rank
from briscola.engine.game import Phase
from briscola.engine.ruleset import SignalRule, SwapRule, TrumpMode
from briscola.engine.tricks import trick_winner
from briscola.engine.views import PlayerView
from briscola.terminal.words import Words
from briscola.text.i18n import _, ngettext
from briscola.text.names import bid_label, rank_label

__all__ = ["TableWords"]


class TableWords(Words):
    """What one viewer reads before choosing: who it plays with, the table, the prompt's help and the free moves."""

    def introduction(self) -> str:
        """Who the viewer plays with and against, in one sentence."""
        assert self.viewer is not None
        rules = self.rules
        others = [seat for seat in range(rules.players) if seat != self.viewer]
        if rules.fixed_teams:
            mine = next(side for side in rules.teams if self.viewer in side)
            partners = [seat for seat in mine if seat != self.viewer]
            opponents = [seat for seat in others if seat not in mine]
            text = ngettext(
                "You are seat {seat}. Your partner: {partners}; your opponents: {opponents}.",
                "You are seat {seat}. Your partners: {partners}; your opponents: {opponents}.",
                len(partners),
            )
            return text.format(seat=self.viewer, partners=self.side(partners), opponents=self.side(opponents))
        if rules.team_game:
            return _("You are seat {seat}. At the table with you: {others}; partners change from hand to hand.").format(
                seat=self.viewer, others=self.side(others)
            )
        return _("You are seat {seat}, playing against {others}.").format(seat=self.viewer, others=self.side(others))

    # ------------------------------------------------------------------------------------------------ the table

    def table(self, view: PlayerView) -> list[str]:
        """What the viewer sees before choosing: trumps, talon, points, the trick so far and the numbered hand."""
        lines = [self.style.dim("-" * 60)]
        lines.append(self._trump_line(view))
        if view.rules.chiamata and view.caller is not None and view.called_card is not None:
            lines.append(self._contract_line(view))
        elif view.rules.subastada and view.caller is not None and view.contract is not None:
            lines.append(
                _("Contract: {name}, {contract} points.").format(name=self.name(view.caller), contract=view.contract)
            )
        if view.phase is Phase.PLAY and not view.rules.to_31:
            listed = ", ".join(
                f"{self.side(side)} {sum(view.points[s] + view.meld_points[s] for s in side)}"
                for side in self.sides(view.sides)
            )
            lines.append(_("Points so far: {list}.").format(list=listed))
        for seat, known in enumerate(view.known_cards):
            if seat != view.seat and known:
                lines.append(_("{name} holds {cards}.").format(name=self.name(seat), cards=self.cards(known)))
        if view.auction is not None and view.auction.high_bid is not None and view.auction.high_bidder is not None:
            lines.append(
                self._who(
                    view.auction.high_bidder,
                    _("Highest bid: {bid}, yours."),
                    _("Highest bid: {bid}, by {name}."),
                    bid=bid_label(view.auction.high_bid, self.rules.family),
                )
            )
        if view.trick:
            played = ", ".join(f"{self.name(seat)}: {self.card(card)}" for seat, card in view.trick)
            line = _("On the table: {cards}.").format(cards=played)
            if view.trump is not None or view.rules.trump_mode is TrumpMode.NONE:
                leader = view.trick[trick_winner([card for _, card in view.trick], view.trump)][0]
                if leader != view.seat and leader in view.team():
                    line += " " + _("(Your partner {name} is winning.)").format(name=self.name(leader))
                else:
                    line += " " + self._who(leader, _("(You are winning.)"), _("({name} is winning.)"))
            lines.append(line)
        elif view.phase is Phase.PLAY:
            lines.append(_("You lead this trick."))
        lines.append(_("Your hand:"))
        width = max((len(self.label(card)) for card in view.hand), default=0)
        for number, card in enumerate(view.hand, start=1):
            label = self.label(card).ljust(width)
            label = self.style.trump(label) if card.suit == view.trump else label
            notes = []
            if card.points:
                notes.append(ngettext("{points} point", "{points} points", card.points).format(points=card.points))
            if card.suit == view.trump:
                notes.append(_("trump"))
            details = f"  {self.style.dim(', '.join(notes))}" if notes else ""
            lines.append(f"  {number}. {label}{details}".rstrip())
        others = self.choices(view.legal)
        if others:
            lines.append(_("Also possible: {choices}").format(choices=others))
        return lines

    def _trump_line(self, view: PlayerView) -> str:
        if view.rules.trump_mode is TrumpMode.NONE:
            trump = _("No trumps")
        elif view.trump is None and view.rules.has_auction:
            trump = _("Trumps: chosen after the auction")
        elif view.trump is None:
            trump = _("Trumps: hidden until the first one is played")
        elif view.briscola is not None and view.briscola_in_talon:
            trump = _("Trumps: {suit}, briscola {card}").format(
                suit=self.style.trump(self.suit(view.trump)), card=self.card(view.briscola)
            )
        else:
            trump = _("Trumps: {suit}").format(suit=self.style.trump(self.suit(view.trump)))
        if len(view.rules.deck) <= len(view.active) * view.rules.hand_size:
            return trump  # everything is dealt: there is no talon to speak of
        if view.talon_size:
            talon = ngettext("talon: {count} card", "talon: {count} cards", view.talon_size)
        else:
            talon = _("talon: empty")
        return f"{trump} | {talon.format(count=view.talon_size)}"

    def _contract_line(self, view: PlayerView) -> str:
        assert view.caller is not None and view.called_card is not None
        text = _("{name} called {card} for {contract} points.").format(
            name=self.name(view.caller), card=self.card(view.called_card), contract=view.contract
        )
        if view.partner is not None and view.partner != view.caller:
            text += " " + _("Partners: {side}.").format(side=self.side((view.caller, view.partner)))
        elif view.partner is not None:
            text += " " + _("The caller plays alone.")
        return text

    def help(self, view: PlayerView) -> list[str]:
        """The answers the prompt accepts in this phase, with the moves allowed right now."""
        entries: list[tuple[str, str]] = []
        if view.phase is Phase.PLAY:
            entries += [
                ("1, 2, 3...", _("play that card of your hand (as numbered)")),
                ("AD, 3H, KC...", _("play a card by its code: rank (A 2-7 J Q K) then suit (D H S C)")),
            ]
            rules = view.rules
            optional = [
                (rules.swap is not SwapRule.OFF, "swap", _("exchange your trump 7 (or 2) for the face-up briscola")),
                (rules.to_31, "declare", _("claim that your points reach 31: right wins, wrong loses")),
                (
                    rules.subastada,
                    "meld:S",
                    _("declare {king} and {queen} of a suit (S here) after winning a trick").format(
                        king=rank_label(Rank.KING, rules.family), queen=rank_label(Rank.QUEEN, rules.family)
                    ),
                ),
                (rules.signals is SignalRule.SECRET, "signal", _("tell your partners about your trump ace and three")),
                (rules.signals is SignalRule.ALOUD, "ask", _("ask your partner aloud about trumps, when you lead")),
            ]
            entries += [(keys, text) for played, keys, text in optional if played]
        elif view.phase is Phase.AUCTION:
            entries.append(("pass", _("leave the auction for good")))
            if view.rules.chiamata:
                entries.append(("bid:K, K", _("bid a rank: A 3 K Q J 7 6 5 4 2, each lower than the last")))
            entries.append(("bid:72, 72", _("bid a point target")))
        else:
            entries += [
                ("call:KD, KD", _("call that card: its suit is trumps, its holder your partner (chiamata)")),
                ("trump:S, S", _("choose the trump suit (subastada)")),
            ]
        entries += [
            ("hint", _("the coach's advice: the best move, and what each card is worth")),
            ("review", _("the coach's review of your decisions in the last hand")),
            ("t, table", _("show the table again")),
            ("h, help", _("this help")),
            ("q, quit", _("leave the game")),
        ]
        width = max(len(keys) for keys, _text in entries)
        lines = [_("How to answer:")] + [f"  {keys.ljust(width)}  {text}" for keys, text in entries]
        choices = self.choices(view.legal)
        if choices:
            lines.append(_("Allowed now: {choices}").format(choices=choices))
        return lines

    def choices(self, legal: Sequence[Action]) -> str:
        """The legal actions other than playing a card, compactly (a run of point bids as one range)."""
        words: list[str] = []
        targets = [action.target for action in legal if isinstance(action, Bid) and action.target is not None]
        for action in legal:
            if isinstance(action, Play) or (isinstance(action, Bid) and action.target is not None):
                continue
            if isinstance(action, Bid) and action.rank is not None:
                words.append(f"{action} ({rank_label(action.rank, self.rules.family)})")
            else:
                words.append(str(action))
        if targets:
            low, high = min(targets), max(targets)
            words.append(f"bid:{low}" if low == high else _("bid:{low} to bid:{high}").format(low=low, high=high))
        return ", ".join(words)
