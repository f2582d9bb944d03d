"""The terminal game's words for one viewer: seat names, cards and suits in the player's language, and colours.

The base of :class:`~briscola.terminal.narrator.Narrator` (the events) and :class:`~briscola.terminal.table.TableWords`
(the table and the prompt's help): one object, because a card is coloured as a trump once the events have shown the
trump suit. Everything a player reads goes through :func:`briscola.text.i18n._`; card, rank and suit names come from
:mod:`briscola.text.names` (in the player's language for every deck: ``Ace of coins``, ``Asso di denari``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from briscola.engine.cards import Card, Suit
from briscola.engine.ruleset import Ruleset
from briscola.text.i18n import _
from briscola.text.names import card_label, suit_label

__all__ = ["SEAT_NAMES", "Style", "Words"]

#: The computer players' names, by seat: friendlier than numbers, and each starts with a different letter.
SEAT_NAMES: Final = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")


class Style:
    """ANSI colours for a terminal that wants them; with ``enabled`` false every method returns the text unchanged."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled else text

    def title(self, text: str) -> str:
        """Section headings: a new hand, the end of the match."""
        return self._wrap("1;36", text)

    def trump(self, text: str) -> str:
        """Trump cards and the trump suit, so they stand out in a hand."""
        return self._wrap("33", text)

    def strong(self, text: str) -> str:
        """Outcomes the player must not miss."""
        return self._wrap("1", text)

    def dim(self, text: str) -> str:
        """Secondary details: the talon count, hints."""
        return self._wrap("2", text)

    def error(self, text: str) -> str:
        """Refused input."""
        return self._wrap("31", text)


class Words:
    """Names for one ``viewer`` seat (``You``) or for everyone when it is None; ``trump`` colours the trump cards."""

    def __init__(self, rules: Ruleset, viewer: int | None, style: Style) -> None:
        self.rules = rules
        self.viewer = viewer
        self.style = style
        self.trump: Suit | None = None

    def name(self, seat: int) -> str:
        """``You`` for the viewer, else the seat's name."""
        return _("You") if seat == self.viewer else SEAT_NAMES[seat]

    def label(self, card: Card) -> str:
        """``Ace of coins (AD)``: the card in the player's words and its code, uncoloured (a hand's column widths)."""
        return f"{card_label(card, self.rules.family)} ({card.code})"

    def card(self, card: Card) -> str:
        """:meth:`label`, coloured when the card is a trump."""
        text = self.label(card)
        return self.style.trump(text) if card.suit == self.trump else text

    def cards(self, cards: Sequence[Card]) -> str:
        """Several cards, comma-separated."""
        return ", ".join(self.card(card) for card in cards)

    def suit(self, suit: Suit) -> str:
        """A suit's name in the deck's words."""
        return suit_label(suit, self.rules.family)

    def side(self, seats: Sequence[int], *, in_order: bool = False) -> str:
        """``You and Carla``, ``Anna, Carla and Elena``: the viewer first, unless ``in_order`` keeps the given order."""
        ordered = seats if in_order else sorted(seats, key=lambda seat: (seat != self.viewer, seat))
        names = [self.name(seat) for seat in ordered]
        if len(names) == 1:
            return names[0]
        return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])

    def _seat_order(self) -> list[int]:
        """Every seat, the viewer first."""
        return sorted(range(self.rules.players), key=lambda seat: (seat != self.viewer, seat))

    def sides(self, sides: Sequence[Sequence[int]]) -> list[Sequence[int]]:
        """``sides`` with the viewer's first, so that "You" always opens the sentence it appears in."""
        return sorted(sides, key=lambda side: self.viewer not in side)

    def _who(self, seat: int, mine: str, theirs: str, **values: object) -> str:
        """``mine`` when the viewer is the subject (second person), else ``theirs`` with the seat's {name}."""
        if seat == self.viewer:
            return mine.format(**values)
        return theirs.format(name=self.name(seat), **values)

    def _winners(self, seats: Sequence[int], mine: str, one: str, many: str) -> str:
        if self.viewer in seats:
            return mine
        return (one if len(seats) == 1 else many).format(names=self.side(seats))
