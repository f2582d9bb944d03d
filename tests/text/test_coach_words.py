"""The coach's sentences (one home for the terminal and the table): what a card takes or gives, the next best."""

from __future__ import annotations

from dataclasses import replace

from briscola.ai.analysis import ActionValue, Estimate
from briscola.ai.coach import Grade
from briscola.engine import Card, Deal, Game, Play, Suit, preset
from briscola.engine.views import PlayerView
from briscola.text.coach_words import against_next_best, grade_counts, why_card


def view(hand: str, trick: str = "", trump: Suit = Suit.CLUBS) -> PlayerView:
    game = Game(preset("classic"), 3)
    game.apply(Deal())
    assert game.to_move is not None
    base = game.view(game.to_move)
    played = tuple((1, Card.parse(code)) for code in trick.split())
    return replace(base, hand=tuple(Card.parse(code) for code in hand.split()), trick=played, trump=trump)


def named(card: Card) -> str:
    return card.code


def test_what_a_card_takes_gives_or_leads_and_whether_it_keeps_the_trumps() -> None:
    seen = view("AH 2C 4S", trick="3H")
    assert why_card(Card.parse("AH"), seen, named) == "it takes the 3H and keeps your trumps"
    assert why_card(Card.parse("2C"), seen, named) == "it takes the 3H"
    assert why_card(Card.parse("4S"), seen, named) == "it gives nothing away and keeps your trumps"
    assert why_card(Card.parse("KS"), view("KS 4S"), named) == "it leads a card worth 4 points"
    assert why_card(Card.parse("4S"), view("KS 4S"), named) == "it leads a card worth nothing"
    assert why_card(Card.parse("KS"), view("KS", trick="3H"), named) == "it gives away only 4 points"


def test_the_next_best_in_points_and_chance_or_worth_as_much() -> None:
    best = ActionValue(Play(Card.parse("AH")), True, Estimate(70.0), Estimate(0.62))
    second = ActionValue(Play(Card.parse("3H")), True, Estimate(66.0), Estimate(0.50))
    assert against_next_best(best, second, "3H") == (
        "Against the next best, 3H: +4.0 points and +12% chance of winning."
    )
    assert against_next_best(best, best, "AH") == "The next best, AH, is worth as much."
    assert against_next_best(second, best, "AH") == (
        "The next best, AH, makes 4.0 points and 12% more in the coach's deals; the Expert's judgement still prefers "
        "this move."
    )


def test_in_a_match_the_next_best_is_priced_for_the_match_too() -> None:
    best = ActionValue(Play(Card.parse("AH")), True, Estimate(70.0), Estimate(0.62), match=Estimate(0.81))
    second = ActionValue(Play(Card.parse("3H")), True, Estimate(66.0), Estimate(0.50), match=Estimate(0.75))
    assert against_next_best(best, second, "3H") == (
        "Against the next best, 3H: +4.0 points and +12% chance of winning. For the match: +6%."
    )


def test_a_hands_grades_counted_best_first() -> None:
    grades = [Grade.MISTAKE, Grade.BEST, Grade.BEST, Grade.GOOD]
    assert grade_counts(grades) == "Your moves, as the coach grades them: best 2 · good 1 · mistake 1"


def test_the_tables_hint_says_when_the_coach_does_not_price_the_move() -> None:
    from briscola.ai.analysis import Budget, analyse
    from briscola.text.coach_words import table_hint

    game = Game(preset("chiamata"), 4)
    game.apply(Deal())
    assert game.to_move is not None
    bidding = game.view(game.to_move)
    analysis = analyse(bidding, Budget(deals=4), 1)
    line = table_hint(analysis, bidding, str, named)
    assert analysis.stage is None and not analysis.best_value.valued
    assert line == f"Hint: {analysis.best}. The coach doesn't price bids and calls: that is what the Expert would do."
