"""The school's lessons: a few pages of explanation with the game's own card pictures, then exercises at the table.

Eight lessons, from the cards and their points to chiamata's call. Each page is a paragraph and the cards it shows
(codes, drawn by the ui in the player's deck). Each exercise is a :class:`~briscola.school.exercises.Question`
(answered by the engine's rules) or a :class:`~briscola.school.exercises.PlayExercise` (a moment of a real hand the
levels played, found by :func:`~briscola.school.exercises.find_positions` for the lesson's theme and checked by the
coach's analysis): ``tests/school/test_lessons.py`` proves that every right answer is the analysis's best and every
other card keeps at least the stated points less. The words are the player's (marked for translation); the ui shows
them, and says of a wrong card how much it keeps less, from the analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from briscola.engine.cards import Card, Suit
from briscola.school.exercises import PlayExercise, Question, SignExercise, pile_points, trick_taker
from briscola.text.i18n import N_

__all__ = ["LESSONS", "Lesson", "Page"]


@dataclass(frozen=True, slots=True)
class Page:
    """A page of a lesson: a paragraph (a msgid) and the cards it shows (codes)."""

    text: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson: its key (progress is kept under it), title, pages and exercises."""

    key: str
    title: str
    pages: tuple[Page, ...]
    exercises: tuple[PlayExercise | Question | SignExercise, ...]


def _cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes.split())


def _taker(codes: str, trump: Suit | None) -> int:
    """The index of the card of ``codes`` (in playing order) that takes the trick."""
    return trick_taker(_cards(codes), None if trump is None else int(trump))


def _pile_choice(codes: str, options: Sequence[int]) -> int:
    """The index of the right total of the pile ``codes`` among ``options``."""
    return list(options).index(pile_points(_cards(codes)))


#: The end of the hand's exercises: the easiest puzzles that win (their positions, proved by the solver).
_ENDGAME_EXERCISES: Final = (
    PlayExercise(
        "classic",
        997188871,
        "deal 6D JD QH KC 7D 5D QD 2C 6H QC 4H AH 7H KH 7S QS JH 4D JS 4S 5S 3D 2S 6C 7C 2D 2H KD AD 3C 6S 3S 5C 3H AS",
        N_("The talon is empty: every card is known. One card wins the hand. Which?"),
        N_("Play the hand out in your head: only this card keeps the win whatever the other player does."),
        margin=1,
    ),
    PlayExercise(
        "classic",
        1088388250,
        "deal 4C JS 2H 7C 6H 3S KH JD QC AC JC KS 5S QD 5D 4H JH 7D AH AS 5C 7S AD 5H KD 3D 4S 2C 2D 2S 3H 4D KC 6D 3C",
        N_("Every card is known. Which card wins the hand?"),
        N_("Count the points left in both hands: only this card brings you past 60."),
        margin=1,
    ),
    PlayExercise(
        "classic",
        1339179526,
        "deal 4S 7D QH 2C QD 2S 5H JC 7C 5S JD JS 3H 5D KH 4H KC 2H KD AH QC QS 7S 6S 4C AC 3C JH 6D 3D 3S 6C AD 2D AS",
        N_("Every card is known. Which card wins the hand?"),
        N_("Think two tricks ahead: who leads next decides where the last points go."),
        margin=1,
    ),
    PlayExercise(
        "classic",
        1095513148,
        "deal 2D 6C QS 3S 4C KC 7S 3C 4H 7D 5C 5S JH 3H JC QH 5H 2C AD 7C KS JS 4D 6D 3D 5D 6S 2H JD QC AC KH 7H AH 6H",
        N_("A harder one: which card wins the hand?"),
        N_("Play the hand out in your head: only this card keeps the win whatever the other player does."),
        margin=1,
    ),
)

_PILE = "AD 3S KH 7C JD"
_PILE_OPTIONS: Final = (25, 27, 28, 30)
_PILE_TWO = "3C QC JH 4S AH KS"
_PILE_TWO_OPTIONS: Final = (28, 30, 32, 34)

LESSONS: Final[tuple[Lesson, ...]] = (
    Lesson(
        "cards",
        N_("The cards: ranks, points, 120 and 61"),
        (
            Page(
                N_(
                    "Forty cards in four suits: coins, cups, swords and batons. In each suit the order of strength is "
                    "not the order of the numbers: the ace takes everything, then the three, then the king, the "
                    "knight and the jack, then 7, 6, 5, 4 and 2."
                ),
                ("AD", "3D", "KD", "QD", "JD", "7D", "6D", "5D", "4D", "2D"),
            ),
            Page(
                N_(
                    "Only five ranks are worth points: the ace 11, the three 10, the king 4, the knight 3, the jack 2. "
                    "The others are worth nothing. Each suit holds 30 points, the whole deck 120."
                ),
                ("AS", "3S", "KS", "QS", "JS"),
            ),
            Page(
                N_(
                    "A hand is won with more than half of the 120: 61 or more. 60 each is a draw. What counts is the "
                    "points in the tricks you take, not how many tricks."
                ),
            ),
        ),
        (
            Question(
                N_("How many points are in this pile?"),
                tuple(str(option) for option in _PILE_OPTIONS),
                lambda: _pile_choice(_PILE, _PILE_OPTIONS),
                N_("Ace 11, three 10, king 4, jack 2, and the 7 nothing: 27."),
                cards=_PILE,
            ),
            Question(
                N_("No trumps in this trick. Which card takes it?"),
                ("KH", "AH"),
                lambda: _taker("KH AH", Suit.DENARI),
                N_("The ace is the strongest card of its suit: it takes the king."),
                cards="KH AH",
                trump="D",
            ),
            Question(
                N_("The 7 of coins is led, then the three of swords is played. Trumps are cups. Which card takes?"),
                ("7D", "3S"),
                lambda: _taker("7D 3S", Suit.COPPE),
                N_("A card of another suit, if it is not a trump, never takes: the suit led wins, whatever it holds."),
                cards="7D 3S",
                trump="H",
            ),
            Question(
                N_("And this pile?"),
                tuple(str(option) for option in _PILE_TWO_OPTIONS),
                lambda: _pile_choice(_PILE_TWO, _PILE_TWO_OPTIONS),
                N_("Three 10, knight 3, jack 2, 4 nothing, ace 11, king 4: 30 points, a fourth of the deck."),
                cards=_PILE_TWO,
            ),
        ),
    ),
    Lesson(
        "briscola",
        N_("The briscola: trumps, the turned card, the last draw"),
        (
            Page(
                N_(
                    "After the deal one card is turned face up under the talon: its suit is the briscola, the trump "
                    "suit, for the whole hand. Any trump takes any card of another suit; between trumps the usual "
                    "order holds."
                ),
                ("7H", "AD"),
            ),
            Page(
                N_(
                    "The turned card is the last card of the talon: whoever draws last takes it. With two cards left, "
                    "the winner of the trick draws the hidden one and the other player the briscola, so at the last "
                    "draw you choose which of the two you want."
                ),
            ),
        ),
        (
            Question(
                N_("Trumps are cups. The ace of coins is led and the 2 of cups answers. Which card takes?"),
                ("AD", "2H"),
                lambda: _taker("AD 2H", Suit.COPPE),
                N_("The smallest trump takes the ace of another suit: 11 points for a card worth nothing."),
                cards="AD 2H",
                trump="H",
            ),
            PlayExercise(
                "classic",
                793110136,
                "deal 6H 4C AC 4H 2D 3D 3H 5C KH 4D KC 7D 7S KS JC 4S QC QS 5H 3S 6S AS 7C 2C 5D QD 7H 6C JS 2S AH 6D",
                N_("The last draw: two cards are left in the talon. Which card do you play?"),
                N_("At the last draw, think of which card you will draw as well as of the trick."),
            ),
            PlayExercise(
                "classic",
                404257171,
                "deal 2H 6H 4C QH KD AH 7C QD 2D KH AS 6D 3C AC JH QS 6C 5C 7S 5H QC 4D JS 3S JC 4S 2C KC KS JD 2S 5S "
                "6S",
                N_("Two cards left in the talon, one of them the briscola. Which card do you play?"),
                N_("From now on nothing is hidden for long: count what the last draw gives each of you."),
            ),
        ),
    ),
    Lesson(
        "carichi",
        N_("Carichi and lisci: when to play an ace or a three"),
        (
            Page(
                N_(
                    "Aces and threes are the carichi, the loads: 21 of each suit's 30 points. Cards worth nothing are "
                    "lisci. A carico played where it can be taken is a present to the other side."
                ),
                ("AC", "3C", "2S", "4D", "5H"),
            ),
            Page(
                N_(
                    "Leading, play a liscio: it gives nothing away. Answering a liscio or a three of a suit where you "
                    "hold the ace (or the three above a liscio), take it with the carico: that is strozzare, the "
                    "carico wins its own points and the trick's."
                ),
            ),
        ),
        (
            PlayExercise(
                "classic",
                1999951809,
                "deal 2H 7C 2D 4S 5S 7S 5C KC KH 3D 7H AH JC JD 4D 7D KS 3S JS JH QH 3H 6D QS",
                N_("You lead. Which card?"),
                N_("A liscio gives nothing away, and keeps your points and trumps for later."),
            ),
            PlayExercise(
                "classic",
                1701494130,
                "deal 3D 2H 4H 2C QC 6H 4C 2S 7C KH 6D 5S",
                N_("You lead. Which card?"),
                N_("Lead a card worth nothing: make the other side spend its cards first."),
            ),
            PlayExercise(
                "classic",
                1942955373,
                "deal 3S 5C JC QC KH 6H 6C AC 5S 2S KD QS 4D",
                N_("A card of your suit is led. Which card do you answer with?"),
                N_("Take it with your carico of the same suit: its points come home with the trick's."),
            ),
            PlayExercise(
                "classic",
                1940605046,
                "deal 4C JS KC AC 2D AD 7D 7H KD KS 3S",
                N_("Which card do you answer with?"),
                N_("A carico that takes is not a carico given away: play it when the trick is yours for sure."),
            ),
        ),
    ),
    Lesson(
        "trumps",
        N_("Trumps: when to take with a low one, when to save them"),
        (
            Page(
                N_(
                    "A trump is worth more than its points: it can take any carico later. Spend a low trump to take "
                    "an ace or a three of another suit; on a card worth nothing, save it and answer with a liscio."
                ),
                ("2H", "4H", "AD", "5S"),
            ),
        ),
        (
            PlayExercise(
                "classic",
                799609893,
                "deal QH JC 7D 7S KS 2D 3C QS 6H 3H 6D JD AC 5S 6C AS 5C KD QD QC AH",
                N_("An ace is led. Which card do you answer with?"),
                N_("A low trump takes the ace: 11 points for a card worth nothing."),
            ),
            PlayExercise(
                "classic",
                1701494130,
                "deal 3D 2H 4H 2C QC 6H 4C 2S 7C KH 6D 5S 4S 4D QD 7D 3H",
                N_("A three is led. Which card do you answer with?"),
                N_("Ten points on the table: worth a low trump."),
            ),
            PlayExercise(
                "classic",
                609005468,
                "deal 6H 7C 2C 6C JD JH 5C 7D QC 7H KD 4C 5D",
                N_("A card worth nothing is led. Which card do you answer with?"),
                N_("Nothing on the table is worth a trump: answer with a liscio and keep your trumps."),
            ),
            PlayExercise(
                "classic",
                676431975,
                "deal 7C 3C QS JC JD QD AH 2H 5H QH 2S",
                N_("Which card do you answer with?"),
                N_("Save your trumps for the carichi still to come."),
            ),
        ),
    ),
    Lesson(
        "counting",
        N_("Counting: what is still out, and who holds what"),
        (
            Page(
                N_(
                    "Good players count: the points each side has taken, and which carichi and trumps are still out. "
                    "With 61 to win, knowing that you hold 50 tells you that one more trick with a carico wins the "
                    "hand."
                ),
            ),
            Page(
                N_(
                    "Count by suits: once the ace and the three of a suit are out, its king is the strongest card "
                    "left; once every trump above yours is out, your trump is sure to take."
                ),
                ("AS", "3S", "KS"),
            ),
        ),
        (
            Question(
                N_("Your side took this pile. How many points do you hold?"),
                tuple(str(option) for option in _PILE_TWO_OPTIONS),
                lambda: _pile_choice(_PILE_TWO, _PILE_TWO_OPTIONS),
                N_("10 + 3 + 2 + 0 + 11 + 4 = 30: half of what you need."),
                cards=_PILE_TWO,
            ),
            PlayExercise(
                "classic",
                815623033,
                "deal QH 5S 4H KD 7S QD JD 2S 5H 6D 3S 4D QC 6C 2H 3H 7D JS 4S 5C 7C 2C 5D 6S KH 2D JH 6H",
                N_("The talon is nearly out. Count, then choose your card."),
                N_("Count the points each side holds and what is still out: the card follows."),
            ),
            PlayExercise(
                "classic",
                1942955373,
                "deal 3S 5C JC QC KH 6H 6C AC 5S 2S KD QS 4D 2D 4C 7C 3H 7D JH QH 2C 5D 7H 6D KC 4S JD AD",
                N_("Count what has been played, then choose your card."),
                N_("The cards still out decide what is safe to play."),
            ),
            PlayExercise(
                "classic",
                609005468,
                "deal 6H 7C 2C 6C JD JH 5C 7D QC 7H KD 4C 5D KH 5S AS 3S 6D 3D 6S 2H 2S 4S JC QD 3H 5H 4D 4H",
                N_("Few cards are left. Which one do you play?"),
                N_("When you know what is left, you know what your card will meet."),
            ),
        ),
    ),
    Lesson(
        "endgame",
        N_("The end of the hand: finding the winning line"),
        (
            Page(
                N_(
                    "Once the talon is empty, two players know every card: yours, and the others, which are the ones "
                    "not yet seen. Then the hand can be worked out to the end: find the card that wins, trick by "
                    "trick."
                ),
            ),
        ),
        _ENDGAME_EXERCISES,
    ),
    Lesson(
        "partners",
        N_("Partners: playing for your partner"),
        (
            Page(
                N_(
                    "With four players, partners sit opposite and share their points. When your partner's card is "
                    "taking the trick and you play last, load it: put a carico on it, nobody can take it any more."
                ),
            ),
            Page(
                N_(
                    "In some variants partners may show each other their trumps with signs: the ace, the three, "
                    "both, none. The table shows the signs the variant allows."
                ),
            ),
            Page(
                N_(
                    "A sign is always true, and it tells only what your hand holds now: not the briscola on the "
                    "table, not what you may draw. Holding trumps but neither the ace nor the three, you have no "
                    "sign to give. Your partner's sign tells you where the big trumps are: play with it."
                ),
            ),
        ),
        (
            PlayExercise(
                "four",
                1942955373,
                "deal 6H QC KS JC KH KC 2D 4D 2S 3S 4C 3H 7C 5C JH 2C 3D 6C AC 4S 7H QH JS",
                N_("Your partner is taking the trick and you play last. Which card?"),
                N_("Load your partner's trick: your points are safe there."),
            ),
            PlayExercise(
                "four",
                1940605046,
                "deal KS JS 2C KC KD AS 5D 5H 7D AD 7H 6S 4D 6C 2D 4C 6H 3S 4S KH QC AC 5C QS 7S 2H 5S",
                N_("Your partner is taking the trick and you play last. Which card?"),
                N_("Nobody plays after you: a carico on your partner's trick is points for your side."),
            ),
            SignExercise(
                "four-signals",
                62,
                "deal",
                N_("The briscola is turned and it is your turn. What can a sign tell your partner about your hand?"),
                N_("You hold the trump three. The trump ace under the talon is nobody's yet: a sign tells your hand."),
            ),
            SignExercise(
                "four-signals",
                1,
                "deal",
                N_("Your turn to lead. What can a sign tell your partner about your hand?"),
                N_(
                    "Your one trump is a five: neither the ace nor the three. There is no sign for that, so you give "
                    "none."
                ),
            ),
            PlayExercise(
                "four-signals",
                1737120419,
                "deal 4S 6S signal KH signal QD JC JD 6H 7S signal QH 3H 4C KC 7C AD 2H KS 2C AS 7D JS signal 6D 3D "
                "2D 5D KD",
                N_("An opponent led the king. Your partner's sign is on the table: which card?"),
                N_(
                    "Your partner's sign said no trumps, and no card of the king's suit above it is left: if you don't "
                    "take it, nobody on your side will. Take it with your small trump."
                ),
            ),
            PlayExercise(
                "four",
                389426981,
                "deal 2C JH QH 5C 7D QS 4C 2D 6S AC KD KC 3C KS 6C",
                N_("Your partner is taking the trick and you play last. Which card?"),
                N_("Give your partner your points while the trick is sure."),
            ),
        ),
    ),
    Lesson(
        "chiamata",
        N_("Chiamata: what to bid, which card to call"),
        (
            Page(
                N_(
                    "In briscola chiamata five play: the highest bidder calls a card, and its holder becomes the "
                    "secret partner. The suit of the called card is the briscola."
                ),
            ),
            Page(
                N_(
                    "The auction goes down the ranks: the ace first, then the three, the king and so on to the 2, then "
                    "points from 61 up. Each bid promises a stronger hand: the lower the rank, the weaker the card "
                    "you will call, so the less your partner brings; a bid in points raises the points to make. Open "
                    "or raise one step with a good hand; pass rather than promise what your cards can't keep."
                ),
            ),
            Page(
                N_(
                    "Call in the suit where you are strongest, the strongest card you lack: your trumps then work "
                    "with your partner's."
                ),
            ),
        ),
        (
            PlayExercise(
                "chiamata",
                708452615,
                "deal pass",
                N_("The player before you passed. What do you bid?"),
                N_("With a strong suit, open: the ace is the first step, and keeps the auction in your hands."),
                margin=0,
                offer="pass bid:A bid:2",
            ),
            PlayExercise(
                "chiamata",
                1207989654,
                "deal bid:A pass",
                N_("The first player bid the ace, the next passed. What do you bid?"),
                N_("Raise one step, to the three: a 2 would promise far more than your cards can make."),
                margin=0,
                offer="pass bid:3 bid:2",
            ),
            PlayExercise(
                "chiamata",
                1097127993,
                "deal pass pass pass bid:A bid:3 bid:K pass",
                N_("You won the auction with the king. Which card do you call?"),
                N_("Call the suit where you hold most: it becomes trumps for your side."),
                margin=0,
            ),
            PlayExercise(
                "chiamata",
                1539898300,
                "deal pass pass bid:A bid:3 pass bid:K pass",
                N_("You won the auction. Which card do you call?"),
                N_("Your strongest suit makes the best trumps."),
                margin=0,
            ),
            PlayExercise(
                "chiamata",
                124576495,
                "deal pass pass pass bid:A pass",
                N_("You bid the ace and everybody passed. Which ace do you call?"),
                N_("Call the ace of the suit where your cards are strongest."),
                margin=0,
            ),
        ),
    ),
)
