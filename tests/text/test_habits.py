"""What Champion has learned, in the player's words: every feature worded in both directions, never saying more than
its counts show; the counts rounded and in the plural they need; the nothing-yet line; a learned model's lines."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from briscola.ai.opponent import FEATURES, PRIOR, Habit, OpponentModel
from briscola.text import i18n
from briscola.text.habits import (
    HABIT_WORDS,
    MIN_LEAN,
    habit_sentence,
    learned_about,
    learned_from,
    model_lines,
    nothing_learned,
    said_habits,
)
from briscola.text.i18n import set_language
from tests.ai.helpers import learned_model


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def test_every_feature_of_the_model_has_its_words_in_four_distinct_forms() -> None:
    assert set(HABIT_WORDS) == set(FEATURES)
    for feature, forms in HABIT_WORDS.items():
        assert len(set(forms)) == 4, feature
        assert all(form.startswith("You ") and not form.endswith(".") for form in forms), feature


@pytest.mark.parametrize(
    ("feature", "chosen", "could", "lean", "said"),
    [
        ("lowest", 88.2, 99.7, 0.9, "You play your lowest card: 88 times in 100 you could."),
        ("trump_on_liscio", 3.4, 40.0, -0.7, "You rarely trump a card worth nothing: 3 times in 40 you could."),
        ("lead_carico", 12.0, 20.0, 0.4, "You lead an ace or a three: 12 times in 20 you could."),
        ("takes", 30.0, 31.0, 0.5, "You take the trick when you can: 30 times in 31 you could."),
        ("common_sense", 87.0, 114.0, -0.8, "You play the card that does best in the trick at hand less often than "
         "Champion expected: 87 times in 114 you could."),
        ("trump", 9.0, 78.0, -0.7, "You rarely play a trump: 9 times in 78 you could."),
        ("carico", 20.0, 53.0, 0.5, "You play an ace or a three more often than Champion expected: 20 times in 53 "
         "you could."),
        ("strongest", 1.0, 30.0, -0.3, "You rarely play your strongest card: 1 time in 30 you could."),
        ("trump_on_carico", 0.2, 6.0, -0.3, "You rarely trump an ace or a three: 0 times in 6 you could."),
        ("lead_trump", 10.0, 30.0, -0.2, "You lead a trump less often than Champion expected: 10 times in 30 you "
         "could."),
    ],
)  # fmt: skip
def test_a_habit_in_words_with_how_often(feature: str, chosen: float, could: float, lean: float, said: str) -> None:
    assert habit_sentence(Habit(feature, chosen, could, lean)) == said


@pytest.mark.parametrize("feature", FEATURES)
def test_each_feature_reads_by_its_direction_and_never_beyond_its_counts(feature: str) -> None:
    often, more, rarely, less = HABIT_WORDS[feature]
    assert habit_sentence(Habit(feature, 60, 100, 0.5)).startswith(often + ":")
    assert habit_sentence(Habit(feature, 30, 100, 0.5)).startswith(more + ":")  # more than expected, not "often"
    assert habit_sentence(Habit(feature, 10, 100, -0.5)).startswith(rarely + ":")
    assert habit_sentence(Habit(feature, 40, 100, -0.5)).startswith(less + ":")  # less than expected, not "rarely"
    assert "more often" in more and "less often" in less and "rarely" in rarely


def test_the_headings_and_the_hands_learned_from() -> None:
    assert nothing_learned() == "Champion learns how you play in two-player games; it has not learned anything yet."
    assert learned_from(1) == "Learned from 1 hand."
    assert learned_from(12) == "Learned from 12 hands."
    assert learned_about("Anna") == "What Champion has learned about Anna:"
    assert model_lines(OpponentModel()) == [nothing_learned()]


def test_a_learned_model_says_its_hands_and_the_habits_it_weighs_most() -> None:
    model = learned_model("lowest")
    lines = model_lines(model)
    assert lines[0] == "Learned from 4 hands."
    habits = said_habits(model)
    assert 1 <= len(habits) <= 3 and len(lines) == 1 + len(habits)
    assert lines[1:] == [habit_sentence(habit) for habit in habits]
    assert "lowest" in [habit.feature for habit in habits]  # the lowest player's habit is among them
    assert "You play your lowest card: " in "\n".join(lines)


def test_a_weight_that_hardly_moved_is_not_said_as_a_habit() -> None:
    model = learned_model("medio", hands=1)
    model.weights = [prior + MIN_LEAN / 2 for prior in PRIOR]  # every weight a hair from the prior's
    assert said_habits(model) == []
    assert model_lines(model) == ["Learned from 1 hand.", "Nothing stands out yet: you play much as Champion expected."]


def test_the_habits_words_reach_the_catalogs_through_their_n_marks() -> None:
    """:data:`HABIT_WORDS` is data shown with ``_(text)``: a form added without its ``N_`` mark is caught here."""
    from briscola.i18n_tools import extract

    msgids = {message.msgid for message in extract()[0]}
    assert {form for forms in HABIT_WORDS.values() for form in forms} - msgids == set()
