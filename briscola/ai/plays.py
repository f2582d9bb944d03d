"""The other player's plays as one seat saw them, and the hands it may have held when it made them (two players).

Two parts of the AI read the same thing: the play reading (:mod:`briscola.ai.inference`) weighs the hands the other
player may hold now by how well they explain its plays, and the learned model (:mod:`briscola.ai.opponent`) draws the
hands it held at each play to learn from. Both need the plays parsed from a view's events, the cards a hand could play
to a trick, and the *hands held*: which cards the other player held at each play is hidden (which of its cards came
with which draw), so going back one play the hand was the later hand minus the card drawn in between plus the card
played, every card of the later hand equally likely to be the drawn one unless the draw was seen (the face-up
briscola). :class:`HandsHeld` is that dynamic program over (play, hand held), with the chance of each play given as a
function, so the reading and the learner differ only in what a play's chance is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from briscola.engine.cards import Card
from briscola.engine.events import CardDealt, CardDrawn, CardPlayed, HandStarted, TrickWon
from briscola.engine.views import PlayerView

__all__ = ["Chance", "HandsHeld", "Play", "options", "seen_plays"]

#: The other seat's events the plays follow. Any other event of that seat (a swap, a declaration...) may change its
#: hand in a way the hands held don't model.
_FOLLOWED: Final = (CardPlayed, TrickWon, CardDrawn, CardDealt)


class Play(NamedTuple):
    """One card the other player chose, as the seat saw it."""

    card: Card
    #: The cards on the trick before it, in playing order.
    trick: tuple[Card, ...]
    #: Whether the player drew after that trick.
    drew: bool = False
    #: The card it drew, when the seat saw it (the face-up briscola).
    seen: Card | None = None


def seen_plays(view: PlayerView, other: int) -> tuple[list[Play], bool]:
    """``other``'s plays this hand as ``view`` saw them, oldest first, and whether an event the hands held don't follow
    (a swap, a declaration...) came between them: the plays are then only those after the last such event."""
    plays: list[Play] = []
    trick: list[Card] = []
    cut = False
    for event in view.events:
        if isinstance(event, HandStarted):
            plays, trick, cut = [], [], False
        elif isinstance(event, CardPlayed):
            if event.seat == other:
                plays.append(Play(event.card, tuple(trick)))
            trick.append(event.card)
        elif isinstance(event, TrickWon):
            trick = []
        elif isinstance(event, CardDrawn):
            if event.seat == other and plays:
                plays[-1] = plays[-1]._replace(drew=True, seen=event.card)
        elif getattr(event, "seat", None) == other and not isinstance(event, _FOLLOWED):
            plays, cut = [], True
    return plays, cut


def options(hand: frozenset[Card] | Sequence[Card], trick: Sequence[Card], must_follow: bool) -> list[Card]:
    """The cards of ``hand`` a player may play to ``trick``, sorted."""
    cards = sorted(hand)
    if must_follow and trick:
        cards = [card for card in cards if card.suit == trick[0].suit] or cards
    return cards


Chance = Callable[[Play, list[Card]], float]
"""The chance that a player plays ``play``'s card given the cards it could play (``play.card`` among them)."""


class HandsHeld:
    """The likelihood of a player's plays given the hand it held at a play, by a dynamic program over (play, hand).

    ``chance`` gives each play's chance given the options of the hand held then; a hand whose options don't include
    the card played (it had to follow suit and didn't) can't have been held and weighs 0. What is worked out for a play
    depends only on it and the older plays, so :attr:`plays` may grow (or its newest play learn its draw) and what was
    worked out stays true.
    """

    def __init__(self, plays: Sequence[Play], must_follow: bool, chance: Chance) -> None:
        self.plays = plays
        self.must_follow = must_follow
        self._chance = chance
        #: The likelihood of plays 0 to ``index`` given the hand held at play ``index``, by ``(index, hand)``.
        self._memo: dict[tuple[int, frozenset[Card]], float] = {}

    def likelihood(self, hand: frozenset[Card]) -> float:
        """The likelihood of every play given ``hand``, the hand held after the newest (and its draw)."""
        return self.before(len(self.plays), hand)

    def options(self, index: int, hand: frozenset[Card]) -> list[Card]:
        """The cards ``hand`` could play at play ``index``."""
        return options(hand, self.plays[index].trick, self.must_follow)

    def held(self, index: int, later: frozenset[Card]) -> list[frozenset[Card]]:
        """The hands that may have been held at play ``index - 1`` given ``later`` held at play ``index`` (or, for
        ``index`` = the number of plays, after them), each equally likely before the plays are weighed."""
        play = self.plays[index - 1]
        if not play.drew:
            return [later | {play.card}]
        # Sorted, so that equal hands give equal sums to the last bit however the sets were built.
        drawn = [play.seen] if play.seen is not None else sorted(later)
        return [(later - {draw}) | {play.card} for draw in drawn if draw in later]

    def before(self, index: int, later: frozenset[Card]) -> float:
        """The likelihood of the plays older than play ``index`` given ``later`` held at play ``index``."""
        # :meth:`held` written out (no list built): this and :meth:`at` run for every hand a move weighs.
        if index == 0:
            return 1.0
        card, _, drew, seen = self.plays[index - 1]
        if not drew:
            return self.at(index - 1, later | {card})
        drawn = [seen] if seen is not None else sorted(later)
        total = 0.0
        count = 0
        for draw in drawn:
            if draw in later:
                total += self.at(index - 1, (later - {draw}) | {card})
                count += 1
        return total / count if count else 0.0

    def at(self, index: int, hand: frozenset[Card]) -> float:
        """The likelihood of play ``index`` and the older ones given ``hand`` held when play ``index`` was made."""
        key = (index, hand)
        known = self._memo.get(key)
        if known is not None:
            return known
        play = self.plays[index]
        cards = options(hand, play.trick, self.must_follow)
        value = self._chance(play, cards) * self.before(index, hand) if play.card in cards else 0.0
        self._memo[key] = value
        return value
