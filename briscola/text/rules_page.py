"""The rules of one ruleset in the player's words: the paragraphs of a rules page, built from the ruleset itself.

The rules book used to join fixed paragraphs of the classic game and patch a few of them, so the pages of the forms
that differ most said what those forms do not do (chiamata "drew" from a talon it never has; three players "needed
more than 60"). Here every claim is chosen by the same fields of :class:`~briscola.engine.Ruleset` that the engine
plays by (how many cards are dealt and whether a talon is left, where the trump comes from, who wins a hand), so a
page can only say what the game does, also for a preset whose options were changed. It is pygame-free, below the ui,
so the desktop rules book and the terminal game can both show it.

Each sentence is kept with its msgid (:class:`Claim`), and each paragraph with its :class:`Topic`, so a test can check
a page's claims against the ruleset in any language; :meth:`Paragraph.text` is what a player reads. The page is built
in the current language: build it again after the language changes. Cards, ranks and suits are named by
:mod:`briscola.text.names`, for the deck the player sees (the rules book's deck, which may not be the ruleset's own
family): a French deck's page says Queen where an Italian deck's says Knight, and an Italian deck's page in English
names its suits in English, with the deck's own Italian names beside them as its flavour.

>>> from briscola.engine import PRESETS
>>> page = rules_page(PRESETS["chiamata"])
>>> [claim.msgid for claim in page.claims(Topic.DRAW)]
['There is no talon: nobody draws, and the hand is played out in {n} tricks.']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Final

from briscola.engine import PRESETS, Ruleset
from briscola.engine.cards import DeckFamily, Rank
from briscola.engine.ruleset import (
    AloneScoring,
    CappottoCount,
    DrawHandling,
    FirstDealer,
    SignalRule,
    SwapRule,
    TrumpMode,
)
from briscola.text.i18n import N_, _, ngettext
from briscola.text.names import card_label, deck_suit_names, rank_label, suit_list

__all__ = ["GLOSSARY", "Claim", "Paragraph", "RulesPage", "Topic", "has_talon", "rules_page"]


class Topic(Enum):
    """What a paragraph is about, in the order a page tells them: the table, the deal, the play, the result."""

    SUMMARY = "summary"
    SIDES = "sides"
    DECK = "deck"
    DEAL = "deal"
    AUCTION = "auction"
    CALL = "call"
    TRUMP = "trump"
    PLAY = "play"
    TRICK = "trick"
    DRAW = "draw"
    MOVES = "moves"
    HAND = "hand"
    SCORE = "score"
    MATCH = "match"


@dataclass(frozen=True)
class Claim:
    """One sentence: its msgid (what a test checks, the same in every language) and its text as the player reads it."""

    msgid: str
    text: str


@dataclass(frozen=True)
class Paragraph:
    """The sentences about one topic."""

    topic: Topic
    claims: tuple[Claim, ...]

    @property
    def text(self) -> str:
        """The paragraph as shown: its sentences in order."""
        return " ".join(claim.text for claim in self.claims)


@dataclass(frozen=True)
class RulesPage:
    """A ruleset's page: its paragraphs in the order they are read."""

    paragraphs: tuple[Paragraph, ...]

    def claims(self, topic: Topic) -> list[Claim]:
        """The sentences about ``topic`` (none when the page is silent on it)."""
        return [claim for paragraph in self.paragraphs if paragraph.topic is topic for claim in paragraph.claims]

    def msgids(self) -> set[str]:
        """Every sentence's msgid, for tests that look for a claim anywhere on the page."""
        return {claim.msgid for paragraph in self.paragraphs for claim in paragraph.claims}

    def __iter__(self) -> Iterator[Paragraph]:
        return iter(self.paragraphs)


#: The game's Italian words, kept in Italian in every language, each with its meaning (translated where shown).
GLOSSARY: Final = (
    ("briscola", N_("the trump suit, and the card turned up to show it.")),
    ("carico", N_("a heavy card: an ace or a three (11 and 10 points).")),
    ("liscio", N_("a card worth no points (2, 4, 5, 6, 7).")),
    ("di mano", N_("the player who leads the trick, playing first.")),
    ("strozzare", N_("to take a carico of the suit led with a higher card of the same suit.")),
    ("presa", N_("a trick taken, and the cards won with it.")),
    ("cappotto", N_("taking all the points of a hand (capote in Spanish).")),
)


def _say(msgid: str, **params: object) -> Claim:
    """A sentence in the current language; ``msgid`` is marked with ``N_`` where it is written."""
    return Claim(msgid, _(msgid).format(**params))


def _counted(msgid: str, translated: str, n: int) -> Claim:
    """A sentence with a count: ``translated`` is the literal ``ngettext`` call (so the extractor finds both forms),
    ``msgid`` its singular again, for the tests."""
    return Claim(msgid, translated.format(n=n))


def rules_page(rules: Ruleset, family: DeckFamily | None = None) -> RulesPage:
    """The page of ``rules``: each paragraph says what the engine does under these rules, and nothing else.

    Cards are named for a deck of ``family`` (the deck the player sees; the ruleset's own family by default).
    """
    deck = rules.family if family is None else family
    sections = (
        (Topic.SUMMARY, _summary(rules)),
        (Topic.SIDES, _sides(rules)),
        (Topic.DECK, _deck(rules, deck)),
        (Topic.DEAL, _deal(rules)),
        (Topic.AUCTION, _auction(rules, deck)),
        (Topic.CALL, _call(rules)),
        (Topic.TRUMP, _trump(rules)),
        (Topic.PLAY, _play(rules)),
        (Topic.TRICK, _trick(rules)),
        (Topic.DRAW, _draw(rules)),
        (Topic.MOVES, _moves(rules, deck)),
        (Topic.HAND, _hand(rules)),
        (Topic.SCORE, _score(rules)),
        (Topic.MATCH, _match(rules)),
    )
    return RulesPage(tuple(Paragraph(topic, tuple(claims)) for topic, claims in sections if claims))


def has_talon(rules: Ruleset) -> bool:
    """True when cards are left after the deal, to be drawn after each trick (chiamata deals them all)."""
    return rules.active_players * rules.hand_size < len(rules.deck)


def _summary(rules: Ruleset) -> list[Claim]:
    """The preset's own one-line description, only while the rules are the preset's: with options changed (a match
    set up in the new-game menu) it could contradict them, and the paragraphs below say everything anyway."""
    if PRESETS.get(rules.name) == rules and rules.description:
        return [Claim(rules.description, _(rules.description))]
    return []


def _sides(rules: Ruleset) -> list[Claim]:
    if rules.chiamata:
        return [
            _say(N_("Five players; the sides change every hand: the caller and a secret partner against the rest."))
        ]
    if rules.sit_out:
        return [
            _say(
                N_(
                    "Five players: each hand the dealer sits out, and the other four play in two partnerships, "
                    "partners sitting opposite each other."
                )
            )
        ] + (
            [
                _say(
                    N_(
                        "The player sitting out shares the win of the second and fourth players after the dealer: "
                        "when they win the hand, so does the one sitting out."
                    )
                )
            ]
            if rules.sit_out_share
            else []
        )
    if rules.players == 4:
        return [_say(N_("Four players in two partnerships; partners sit opposite each other and share their tricks."))]
    if rules.players == 6:
        return [
            _say(N_("Six players in two teams of three; team-mates sit alternately round the table and share tricks."))
        ]
    if rules.players == 3:
        return [_say(N_("Three players, each playing for themselves."))]
    return [_say(N_("Two players, each playing for themselves."))]


def _courts(family: DeckFamily) -> dict[str, str]:
    """The point cards' rank names for the deck, as the placeholders of the sentences that list them."""
    ranks = {"ace": Rank.ACE, "three": Rank.THREE, "king": Rank.KING, "queen": Rank.QUEEN, "jack": Rank.JACK}
    return {key: rank_label(rank, family) for key, rank in ranks.items()}


def _deck(rules: Ruleset, family: DeckFamily) -> list[Claim]:
    removed = rules.removed
    claims: list[Claim]
    if not removed:
        claims = [_say(N_("The deck: 40 cards, four suits of ten."))]
    elif sorted(card.rank for card in removed) == [Rank.TWO] * 4:
        claims = [_say(N_("The deck: 36 cards, the four 2s taken out."))]
    else:
        cards = ", ".join(card_label(card, family) for card in removed)
        claims = [_say(N_("The deck: {count} cards; taken out: {cards}."), count=len(rules.deck), cards=cards)]
    own = deck_suit_names(family)
    if own is None:
        claims.append(_say(N_("The suits: {suits}."), suits=suit_list(family)))
    else:
        claims.append(_say(N_("The suits: {suits} (the deck's own names: {own})."), suits=suit_list(family), own=own))
    courts = _courts(family)
    claims.append(_say(N_("Order within a suit: {ace}, {three}, {king}, {queen}, {jack}, 7, 6, 5, 4, 2."), **courts))
    claims.append(
        _say(
            N_("Card points: {ace} 11, {three} 10, {king} 4, {queen} 3, {jack} 2; the rest nothing. {points} in all."),
            points=rules.deck_points,
            **courts,
        )
    )
    if rules.first_dealer is FirstDealer.CUT:
        claims.append(_say(N_("The first dealer is found by cutting: the lowest card deals, aces counting lowest.")))
    else:
        claims.append(_say(N_("The first dealer is drawn by lot.")))
    return claims


def _deal(rules: Ruleset) -> list[Claim]:
    if not has_talon(rules):
        return [
            _say(
                N_("The dealer deals the whole deck, one card at a time: {n} cards to each player."), n=rules.hand_size
            )
        ]
    return [
        _say(
            N_("The dealer deals {n} cards to each player, one at a time; the rest of the deck is the talon."),
            n=rules.hand_size,
        )
    ]


def _trump(rules: Ruleset) -> list[Claim]:
    mode = rules.trump_mode
    if mode is TrumpMode.TURNED:
        return [
            _say(
                N_(
                    "The next card is turned face up under the talon: the briscola. Its suit is trump for the whole "
                    "hand, and it is the last card drawn."
                )
            )
        ]
    if mode is TrumpMode.HIDDEN:
        return [
            _say(
                N_(
                    "The next card is laid face down under the talon: its suit is trump, but nobody knows which until "
                    "the first card of that suit is played. It is the last card drawn."
                )
            )
        ]
    if mode is TrumpMode.NONE:
        return [_say(N_("There are no trumps: no card is turned."))]
    if mode is TrumpMode.CALLED:
        return [_say(N_("No card is turned: the suit of the called card is trump."))]
    return [_say(N_("No card is turned: the winner of the auction chooses the trump suit."))]


def _auction(rules: Ruleset, family: DeckFamily) -> list[Claim]:
    if rules.chiamata:
        bid = _say(
            N_(
                "The auction, before any card is played: in turn, each player bids a rank lower than the last bid "
                "({ace}, {three}, {king}, {queen}, {jack}, 7 ... 2) or, below the 2, a number of points from 61 up, "
                "each higher than the last; or passes, for good. The last player left is the caller."
            ),
            **_courts(family),
        )
    elif rules.subastada:
        bid = _say(
            N_(
                "The auction, before any card is played: in turn, each player bids a number of points, at least "
                "{low} and more than the last bid, or passes, for good. The last bidder left wins the auction and "
                "must make the contract."
            ),
            low=rules.auction_min_bid,
        )
    else:
        return []
    return [bid, _say(N_("If everyone passes, the cards are thrown in and the next player deals."))]


def _call(rules: Ruleset) -> list[Claim]:
    if not rules.chiamata:
        return []
    return [
        _say(
            N_(
                "The caller calls a card of the rank last bid (the 2 after a bid of points), in a suit of their "
                "choice: whoever holds that card is the caller's secret partner. Nobody else knows who it is until "
                "the card is played."
            )
        ),
        _say(N_("A caller who calls a card of their own hand plays alone, one against four.")),
    ]


def _play(rules: Ruleset) -> list[Claim]:
    claims = [_say(N_("The player after the dealer leads the first trick; the winner of each trick leads the next."))]
    if rules.must_follow_suit:
        claims.append(
            _say(N_("Each player in turn plays one card, and must follow the suit led if they can; if not, any card."))
        )
    else:
        claims.append(
            _say(N_("Each player in turn plays one card, any card: there is no need to follow suit or to trump."))
        )
    return claims


def _trick(rules: Ruleset) -> list[Claim]:
    if rules.trump_mode is TrumpMode.NONE:
        return [_say(N_("The highest card of the suit led takes the trick; a card of another suit never wins."))]
    return [
        _say(N_("The highest trump takes the trick; without trumps, the highest card of the suit led.")),
        _say(N_("A card of another suit never wins, however high.")),
    ]


def _draw(rules: Ruleset) -> list[Claim]:
    if not has_talon(rules):
        return [
            _say(N_("There is no talon: nobody draws, and the hand is played out in {n} tricks."), n=rules.hand_size)
        ]
    return [
        _say(
            N_(
                "After each trick the winner draws first from the talon, then the others in turn, so that everyone "
                "holds {n} cards again. Once the talon is empty, the last {n} tricks are played without drawing."
            ),
            n=rules.hand_size,
        )
    ]


def _moves(rules: Ruleset, family: DeckFamily) -> list[Claim]:
    """The free moves a player may make before a card, and what a player may see besides the own hand."""
    claims: list[Claim] = []
    if rules.open_hands:
        claims.append(_say(N_("Open hands: both hands are played face up; only the talon stays hidden.")))
    if rules.swap is not SwapRule.OFF:
        which = {
            SwapRule.SEVEN: N_("the trump 7"),
            SwapRule.TWO: N_("the trump 2"),
            SwapRule.BOTH: N_("the trump 7 or 2"),
        }[rules.swap]
        claims.append(
            _say(
                N_(
                    "Trump swap: at their turn, before playing, the holder of {card} may exchange it for the face-up "
                    "briscola, once a turn."
                ),
                card=_(which),
            )
        )
        if rules.swap_needs_talon:
            claims.append(_say(N_("Only while the talon holds more cards than its last round of drawing.")))
        if rules.swap_rank_limits:
            claims.append(
                _say(
                    N_(
                        "The 7 may take only a card with points ({ace}, {three}, {king}, {queen}, {jack}); the 2 "
                        "only a 4, 5, 6 or 7."
                    ),
                    **_courts(family),
                )
            )
        if rules.swap_after_winning_only:
            claims.append(_say(N_("Only a player who has just won a trick may swap, before leading.")))
    if rules.subastada:
        claims.append(
            _say(
                N_(
                    "Declaring {king} and {queen}: after winning a trick, before leading, a player holding the "
                    "{king} and {queen} of a suit may show them: 40 points in trumps, 20 in another suit, added to "
                    "the side's points; each suit once."
                ),
                king=rank_label(Rank.KING, family),
                queen=rank_label(Rank.QUEEN, family),
            )
        )
    if rules.signals is SignalRule.SECRET:
        claims.append(
            _say(
                N_(
                    "Signs: at their turn, a player may give the partners a sign that only they see, and that must be "
                    "true: I hold the trump Ace, the trump Three, both, or no trumps at all. Once a turn."
                )
            )
        )
        if rules.signal_king:
            claims.append(_say(N_("One more sign: I hold the trump King (without the Ace or the Three).")))
    elif rules.signals is SignalRule.ALOUD:
        claims.append(
            _say(
                N_(
                    "Asking aloud: the first trick is silent; from the second on, the player to lead may ask the "
                    "partners about their trumps, and they answer truthfully for everyone to hear."
                )
            )
        )
    if rules.show_hands_at_end:
        claims.append(_say(N_("Once the talon is empty, partners see each other's hands.")))
    return claims


def _hand(rules: Ruleset) -> list[Claim]:
    """Who wins a hand: as :mod:`briscola.engine.scoring` decides it (a contract, a declaration, or the points)."""
    half = rules.deck_points // 2
    if rules.chiamata:
        return [
            _say(
                N_(
                    "The caller and the partner must take at least the contract, 61 points or the points bid, to win "
                    "the hand; the other three defend and win it if the contract fails."
                )
            )
        ]
    if rules.subastada:
        return [
            _say(
                N_(
                    "The bidder's side wins the hand if its points, declarations included, reach the contract; if "
                    "not, the other side wins it."
                )
            )
        ]
    claims: list[Claim] = []
    if rules.to_31:
        claims.append(
            _say(
                N_(
                    "Declaring 31: at your turn, before your card, you may declare that your captured points reach "
                    "31. If they do, you win the hand at once; if not, you lose it. No running score is shown: keep "
                    "count yourself."
                )
            )
        )
    if rules.rematada:
        claims.append(
            _say(N_("After the last trick each side keeps the card points it took: they add up, hand after hand."))
        )
        return claims
    if rules.players == 3:  # each for themselves; every other form has two sides a hand
        claims.append(
            _say(
                N_(
                    "After the last trick each player counts their points: the highest total wins the hand, even "
                    "with {half} or less; a tie for the highest is a draw."
                ),
                half=half,
            )
        )
    elif rules.to_31:
        claims.append(
            _say(
                N_(
                    "If nobody declares, after the last trick more than {half} points wins the hand; "
                    "{half} each is a draw."
                ),
                half=half,
            )
        )
    else:
        claims.append(
            _say(
                N_(
                    "After the last trick each side counts its points: more than {half} wins the hand; "
                    "{half} each is a draw."
                ),
                half=half,
            )
        )
    claims.append(_say(_DRAWS[rules.draw_handling]))
    return claims


#: What a drawn hand does to the match (:class:`~briscola.engine.ruleset.DrawHandling`, as scoring applies it).
_DRAWS: Final = {
    DrawHandling.NONE: N_("A drawn hand counts for nobody."),
    DrawHandling.REPLAY: N_("A drawn hand is dealt again by the same dealer, at double the stake."),
    DrawHandling.CARRY: N_("A draw carries over: the next hand won counts once more for each draw carried."),
}


def _score(rules: Ruleset) -> list[Claim]:
    """What a hand is worth towards the match, where it is more than "one hand won"."""
    claims: list[Claim] = []
    if rules.chiamata:
        claims.append(
            _say(
                N_(
                    "Scores: if the contract is made, the caller gets +2, the partner +1 and each defender -1; if it "
                    "fails, the signs are reversed. A caller playing alone gets +4 or -4."
                )
            )
        )
        if rules.chiamata_alone is AloneScoring.DOUBLED:
            claims.append(_say(N_("Against a caller playing alone each of the others scores double: -2 or +2.")))
        if rules.cappotto_double and rules.cappotto_counts is CappottoCount.TRICKS:
            claims.append(_say(N_("Taking every trick doubles the hand's scores.")))
        elif rules.cappotto_double:
            claims.append(_say(N_("Taking all the points doubles the hand's scores.")))
    if rules.margin_scoring:
        claims.append(
            _say(
                N_(
                    "The winner of a hand scores by the margin: 1 game point up to 90 card points, 2 for 91 to 119, 3 "
                    "for all 120 (capote)."
                )
            )
        )
    if rules.all_tricks_double:
        claims.append(_say(N_("Taking every trick doubles what the hand is worth.")))
    return claims


def _match(rules: Ruleset) -> list[Claim]:
    """The match format, from :attr:`Ruleset.match_target` as the engine ends a match."""
    if rules.chiamata:
        n = rules.chiamata_deals
        return [
            _counted(
                "A match is {n} deal; the highest total wins, and players level at the top share the win.",
                ngettext(
                    "A match is {n} deal; the highest total wins, and players level at the top share the win.",
                    "A match is {n} deals; the highest total wins, and players level at the top share the win.",
                    n,
                ),
                n,
            )
        ]
    if rules.rematada:
        return [
            _say(
                N_("The first side to reach {target} points wins the match; sides level at the top play on."),
                target=rules.rematada_target,
            )
        ]
    if rules.margin_scoring:
        n = rules.margin_target
        return [
            _counted(
                "The first to reach {n} game point wins the match.",
                ngettext(
                    "The first to reach {n} game point wins the match.",
                    "The first to reach {n} game points wins the match.",
                    n,
                ),
                n,
            )
        ]
    n = rules.hands_to_win
    return [
        _counted(
            "The first to win {n} hand wins the match.",
            ngettext("The first to win {n} hand wins the match.", "The first to win {n} hands wins the match.", n),
            n,
        )
    ]
