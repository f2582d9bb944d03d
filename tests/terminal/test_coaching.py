"""The coach at the terminal: ``hint`` at the human's turn, ``review`` and ``--review`` after a hand."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from briscola.ai.analysis import ActionValue, Analysis, Budget, Estimate, analyse
from briscola.ai.coach import Decision, Grade
from briscola.engine import PRESETS, Card, Deal, Game, Play
from briscola.terminal import command
from briscola.terminal.coaching import CoachWords, Reviewed
from briscola.terminal.words import Style, Words
from briscola.text.i18n import set_language
from tests.terminal.test_command import Script, run


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few deals an analysis: the words are under test here, not the search."""
    monkeypatch.setattr(command, "COACH_BUDGET", Budget(deals=6))


@pytest.fixture
def italian() -> Iterator[None]:
    set_language(["it"])
    yield
    set_language(None)


def _first_view_of_seat_0(seed: int) -> Game:
    game = Game(PRESETS["classic"], seed)
    game.apply(Deal())
    assert game.to_move == 0
    return game


def test_hint_names_the_coach_s_best_card_and_prices_every_card_of_the_hand() -> None:
    code, text, err = run(["--hand", "--seed", "1", "--no-color"], Script(["hint"], then=["1"]))
    assert code == 0, err
    view = _first_view_of_seat_0(1).view(0)
    analysis = analyse(view, Budget(deals=6), seed=1 * 1_000_000 + view.hand_no * 1_000 + len(view.events))
    words = Words(PRESETS["classic"], 0, Style(False))
    assert isinstance(analysis.best, Play)
    assert f"Hint: {words.label(analysis.best.card)}." in text
    priced = re.findall(
        r"^  (.+\(\w\w\)): about \d+ points \(±[\d.]+\) at the end of the hand, \d+% to win it$", text, re.M
    )
    assert sorted(priced) == sorted(words.label(card) for card in view.hand)
    assert "next best" in text  # ahead on the figures or not (text/coach_words.against_next_best)


def test_review_before_any_hand_ended_says_so_and_the_game_goes_on() -> None:
    script = Script(["review"], then=["1"])
    code, text, err = run(["--hand", "--seed", "4", "--no-color"], script)
    assert code == 0, err
    assert "No hand of yours has finished yet." in text
    assert len(script.prompts) == 21  # the review took no turn


def test_with_review_each_of_the_human_s_decisions_is_judged_after_the_hand() -> None:
    code, text, err = run(["--hand", "--seed", "5", "--no-color", "--review"], Script(then=["1"]))
    assert code == 0, err
    review = text[text.index("The coach's review of your hand") :]
    assert len(re.findall(r"^  Trick \d+: ", review, re.M)) == 20
    assert re.search(r"^Accuracy: \d+\.\d expected points lost per decision\.$", review, re.M)
    assert "Trick 20: " in review and "your only choice" in review  # the last card is no decision


def _analysis() -> Analysis:
    ace, two = Play(Card.parse("AD")), Play(Card.parse("2S"))
    values = (
        ActionValue(ace, True, Estimate(70, 1.2), Estimate(0.8, 0.03), Estimate(0.0), Estimate(0.2, 0.03)),
        ActionValue(two, True, Estimate(62, 1.1), Estimate(0.7, 0.03), Estimate(0.0), Estimate(0.3, 0.03)),
    )
    return Analysis(0, ace, values, "middle", 160, False, True)


def test_the_hint_and_the_review_are_said_in_the_player_s_language(italian: None) -> None:
    coach = CoachWords(Words(PRESETS["classic"], 0, Style(False)))
    hint = "\n".join(coach.hint(_analysis()))
    assert "Consiglio" in hint and "Asso di denari" in hint
    decision = Decision(Play(Card.parse("2S")), Play(Card.parse("AD")), 8.0, 0.1, Grade.MISTAKE, False)
    review = "\n".join(coach.review([Reviewed(3, decision)]))
    assert "errore" in review and "Precisione" in review


def test_the_review_names_the_grade_and_what_was_lost() -> None:
    coach = CoachWords(Words(PRESETS["classic"], 0, Style(False)))
    decision = Decision(Play(Card.parse("2S")), Play(Card.parse("AD")), 8.0, 0.1, Grade.MISTAKE, False)
    lines = coach.review([Reviewed(3, decision)])
    assert lines[1] == (
        "  Trick 3: you played Two of swords (2S), the coach prefers Ace of coins (AD): 8.0 points and 10% chance of "
        "winning lost, mistake."
    )
    assert lines[2] == "Accuracy: 8.0 expected points lost per decision."


def test_a_hint_in_the_auction_says_bids_are_not_priced() -> None:
    script = Script(["hint"], then=["pass", "1"])
    code, text, err = run(["--preset", "chiamata", "--seat", "3", "--seed", "8", "--hand", "--no-color"], script)
    assert code == 0, err
    assert script.prompts[0].startswith("Your bid")
    assert "The coach doesn't price bids and calls: that is what the Expert would do." in text


def test_a_hint_in_briscola_to_31_says_the_coach_cannot_price_its_moves() -> None:
    code, text, err = run(["--preset", "to31", "--hand", "--seed", "1", "--no-color"], Script(["hint"], then=["1"]))
    assert code == 0, err
    assert "The coach can't price the moves of this game: that is what the Expert would play." in text
