"""The coach at the table: H or the Hint button lights the card the analysis prefers and says why; with hints off
H says where to turn them on; each move graded shows its badge on the card in the trick; a hand graded at its end
lists the grades on the results. The analysis is the real one at a few deals, or a stub where a test needs a grade
it chooses."""

from __future__ import annotations

import pygame
import pytest

from briscola.ai.analysis import ActionValue, Analysis, Budget, Estimate, analyse
from briscola.ai.coach import Grade, coach_seed
from briscola.engine import Play
from briscola.engine.views import PlayerView
from briscola.ui.app import App
from briscola.ui.launcher import build_table
from briscola.ui.options import Options, parse_options
from briscola.ui.overlays.results import HandResultScene
from briscola.ui.table.scene import TableScene
from tests.ui.helpers import FRAME, click, drawn, key, step_until

SMALL = Budget(deals=4)


def coached_table(hints: bool = False, grading: str = "off") -> tuple[App, TableScene]:
    """A two-player table whose match has the coach as asked (the [coach] settings, read as the match starts)."""
    args = ["--speed", "fast", "--level", "greedy", "--ai-delay", "0.05", "--mute", "--seed", "11", "--inline-ai"]
    options = parse_options([*args, "--windowed", "1280x800"])
    assert isinstance(options, Options) and options.store is not None
    assert options.store.change({"coach.hints": hints, "coach.grading": grading}) == []
    app, table = build_table(options, autosave=True)
    table.driver.coach.budget = SMALL
    step_until(app, lambda: table.interactive)
    return app, table


def toast_texts(table: TableScene) -> list[str]:
    return [toast.text for toast in table.state.toasts]


def test_h_with_hints_on_lights_the_analysis_best_card_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = coached_table(hints=True)
    assert table.coach_marks.button is not None and table.coach_marks.button.label == "Hint (H)"
    assert "H: hint" in table.keys_hint
    view = table.driver.game.view(0)
    expected = analyse(view, SMALL, coach_seed(table.driver.seed, view))
    key(pygame.K_h)
    step_until(app, lambda: table.coach_marks.hint_card is not None)
    assert isinstance(expected.best, Play) and table.coach_marks.hint_card == expected.best.card
    (line,) = [text for text in toast_texts(table) if text.startswith("Play the ")]
    assert table.action_label(expected.best) in line and "next best" in line
    assert table.driver.coach.hints_used
    with drawn(monkeypatch, "briscola.ui.widgets.basic") as texts:
        table.draw(app.screen)
    assert "Hint (H)" in [text for text, _rect in texts]
    hand = table.state.hands[0]
    table.play(next(sprite for sprite in hand if sprite.card == expected.best.card))
    app.step(FRAME)
    assert {table.coach_marks.hint_card} == {None}
    assert not [text for text in toast_texts(table) if text.startswith("Play the ")]  # gone with the decision


def test_the_hint_button_asks_the_hint_too() -> None:
    app, table = coached_table(hints=True)
    button = table.coach_marks.button
    assert button is not None
    click(button.rect.center)
    step_until(app, lambda: table.coach_marks.hint_card is not None)


def test_h_pressed_while_the_cards_move_asks_the_hint_at_the_players_turn() -> None:
    app, table = coached_table(hints=True)
    assert table.play(table.state.hands[0][0])
    app.step(FRAME)
    assert not table.interactive
    key(pygame.K_h)
    app.step(FRAME)
    assert table.coach_marks.wanted and table.coach_marks.hint_card is None
    step_until(app, lambda: table.coach_marks.hint_card is not None)
    assert table.driver.coach.hints_used and not table.coach_marks.wanted


def test_h_with_hints_off_says_where_to_turn_them_on_and_asks_nothing() -> None:
    app, table = coached_table()
    assert table.coach_marks.button is None and "H: hint" not in table.keys_hint
    key(pygame.K_h)
    app.step(FRAME)
    assert any("turn on Hints in New game" in text for text in toast_texts(table))
    assert not table.driver.thinker.analysing and not table.driver.coach.hints_used
    assert table.coach_marks.hint_card is None


def blunder_stub(view: PlayerView, budget: Budget, seed: int, **kwargs: object) -> Analysis:
    """An analysis preferring the hand's last card by a carico: any other card is a blunder."""
    cards = [action for action in view.legal if isinstance(action, Play)]
    best = cards[-1]
    values = tuple(
        ActionValue(action, True, Estimate(70.0 if action == best else 50.0), Estimate(0.9 if action == best else 0.5))
        for action in cards
    )
    return Analysis(view.seat, best, values, "middle", 4, False, True)


def test_a_graded_move_shows_its_badge_on_the_card_in_the_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    import briscola.ai.analysis as analysis_module

    monkeypatch.setattr(analysis_module, "analyse", blunder_stub)
    app, table = coached_table(grading="move")
    hand = table.state.hands[0]
    played = hand[0]
    assert played.card is not None and table.play(played)
    step_until(app, lambda: played.card in table.coach_marks.marks and not played.moving)
    assert table.coach_marks.marks[played.card] is Grade.BLUNDER
    with drawn(monkeypatch, "briscola.ui.table.coach_marks") as texts:
        table.draw(app.screen)
    assert "blunder" in [text for text, _rect in texts]
    step_until(app, lambda: played not in table.state.trick)
    app.step(FRAME)
    assert played.card not in table.coach_marks.marks  # the badge goes with the trick


def test_a_hand_graded_at_its_end_lists_the_grades_on_the_results(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = coached_table(grading="hand")
    for _frame in range(20_000):
        top = app.scenes[-1]
        if isinstance(top, HandResultScene):
            break
        if table.interactive:
            table.play(table.state.hands[0][0])
        app.step(FRAME)
    assert isinstance(top, HandResultScene)
    assert table.coach_marks.marks == {}  # nothing on the cards: at the hand's end
    step_until(app, lambda: not top.counting and not table.driver.thinker.analysing)
    graded = table.driver.coach.hand_grades(0)
    assert [move.decision.grade for move in graded] == top.grades
    assert len(graded) >= 15  # twenty decisions, the last ones forced (one card left: nothing to grade)
    with drawn(monkeypatch, "briscola.ui.overlays.results") as texts:
        top.draw(app.screen)
    assert any(text.startswith("Your moves, as the coach grades them: ") for text, _rect in texts)
