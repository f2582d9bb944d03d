"""What the table says about trumps and tricks: the trumps' line true in every form (briscolone has none), the cue
after each trick (who took it, for how many points; a setting, on by default, followed at once by a running table),
and the last trick's view naming the winner and the points with the winning card ringed.

The words are read from what the table draws (:func:`tests.ui.helpers.drawn`) and compared with the engine's: who
took a trick and its points come from the cards themselves, not from the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from briscola.engine import Card, DeckFamily, Phase, Suit, preset
from briscola.engine.events import TrickWon
from briscola.engine.ruleset import TrumpMode
from briscola.text.names import suit_label
from briscola.ui.app import App
from briscola.ui.overlays.pause import LastTrickScene
from briscola.ui.table.choreography import Choreographer
from briscola.ui.table.messages import trick_text, trump_text
from briscola.ui.table.scene import TableScene
from briscola.ui.table.state import TableState
from tests.ui.helpers import FRAME, drawn, key, make_table, step_until

# ---------------------------------------------------------------------------------------------------- the trumps' line


def test_the_trumps_line_names_the_suit_or_says_why_none_is_named() -> None:
    italian, french = DeckFamily.ITALIAN, DeckFamily.FRENCH
    assert trump_text(TrumpMode.TURNED, Suit.COPPE, italian) == "Trumps: cups"
    assert trump_text(TrumpMode.TURNED, Suit.HEARTS, french) == f"Trumps: {suit_label(Suit.HEARTS, french)}"
    assert trump_text(TrumpMode.TURNED, None, italian) == ""  # the briscola is still being dealt: nothing yet
    assert trump_text(TrumpMode.NONE, None, italian) == "No trumps"
    assert trump_text(TrumpMode.HIDDEN, None, italian) == "Trumps: face down until one is played"
    assert trump_text(TrumpMode.HIDDEN, Suit.SPADE, italian) == "Trumps: swords"  # revealed
    assert trump_text(TrumpMode.CALLED, None, italian) == "Trumps: chosen in the auction"
    assert trump_text(TrumpMode.AUCTION, Suit.DENARI, italian) == "Trumps: coins"


@pytest.mark.parametrize("variant", ["briscolone", "classic"])
def test_the_table_says_no_trumps_in_briscolone_and_names_the_trumps_elsewhere(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table = make_table("--variant", variant)
    try:
        step_until(app, lambda: table.interactive)
        with drawn(monkeypatch) as texts:
            app.draw()
        said = [text for text, _rect in texts if "rump" in text]
        if variant == "briscolone":
            assert said == ["No trumps"]
        else:
            briscola = table.driver.game.briscola
            assert briscola is not None
            assert said == [f"Trumps: {suit_label(briscola.suit, table.state.family)}"]
    finally:
        app.close()


# ---------------------------------------------------------------------------------------------------- trick words


def _won(winner: int, points: int) -> TrickWon:
    cards = (Card.parse("AD"), Card.parse("3D")) if points else (Card.parse("2D"), Card.parse("4C"))
    return TrickWon(winner, ((0, cards[0]), (1, cards[1])), points, 1)


def test_the_trick_words_name_who_took_it_in_the_right_person_and_the_points_unless_counting_is_the_game() -> None:
    names = ["You", "Marco", "Giulia", "Sara"]
    assert trick_text(_won(1, 21), names, 0, False, True) == "Marco takes 21 points."
    assert trick_text(_won(0, 21), names, 0, False, True) == "You take 21 points."
    assert trick_text(_won(2, 21), names, 0, True, True) == "Giulia takes 21 points for your side."
    assert trick_text(_won(1, 0), names, 0, False, True) == "Marco takes 0 points."
    assert trick_text(_won(1, 21), names, None, False, True) == "Marco takes 21 points."  # computers only
    assert trick_text(_won(1, 21), names, 0, False, False) == "Marco takes the trick."  # briscola to 31
    assert trick_text(_won(0, 21), names, 0, False, False) == "You take the trick."
    assert trick_text(_won(2, 21), names, 0, True, False) == "Giulia takes the trick for your side."


def _expected(table: TableScene, trick: TrickWon) -> str:
    """The words for ``trick`` worked out from the engine's facts: the winner's name and the cards' points."""
    points = sum(card.points for _seat, card in trick.cards)
    assert points == trick.points
    human, rules = table.driver.human, table.driver.rules
    if trick.winner == human:
        return "You take the trick." if rules.to_31 else f"You take {points} points."
    name = table.names[trick.winner]
    side = " for your side" if any(trick.winner in team and human in team for team in rules.teams) else ""
    return f"{name} takes the trick{side}." if rules.to_31 else f"{name} takes {points} points{side}."


@contextmanager
def table_with(*flags: str, cue: bool | None = None) -> Iterator[tuple[App, TableScene]]:
    app, table = make_table(*flags)
    try:
        if cue is not None:
            assert app.store is not None and app.store.change({"display.trick_cue": cue}) == []
        app.step(FRAME)
        yield app, table
    finally:
        app.close()


def _play_to_a_trick(app: App, table: TableScene, seen: list[str]) -> TrickWon:
    """Play the human's first legal card until a trick is taken and gathered; every message seen on the way."""

    def taken() -> bool:
        seen.extend(toast.text for toast in table.state.toasts if toast.text not in seen)
        if table.interactive and table.driver.game.phase is Phase.PLAY and not pygame.event.peek():
            key(pygame.K_1)
        return table.state.last_trick is not None and not table.state.gathering

    step_until(app, taken)
    trick = table.state.last_trick
    assert trick is not None
    return trick


@pytest.mark.parametrize(
    ("flags", "players"), [(("--players", "2"), 2), (("--players", "4"), 4), (("--variant", "to31"), 2)]
)
def test_the_cue_after_a_trick_names_who_took_it_and_its_points(flags: tuple[str, ...], players: int) -> None:
    with table_with(*flags) as (app, table):  # on by default: no setting chosen
        assert table.driver.rules.players == players
        seen: list[str] = []
        trick = _play_to_a_trick(app, table, seen)
        for _ in range(3):
            assert _expected(table, trick) in [toast.text for toast in table.state.toasts]  # shown as it lands
            trick = _play_after(app, table, trick.trick_no, seen)


def test_no_cue_when_the_setting_is_off_and_the_table_follows_the_setting_as_it_changes() -> None:
    with table_with("--players", "2", cue=False) as (app, table):
        seen: list[str] = []
        first = _play_to_a_trick(app, table, seen)
        assert not any(" take" in text for text in seen)
        assert app.store is not None and app.store.change({"display.trick_cue": True}) == []  # as Settings does
        trick = _play_after(app, table, first.trick_no, seen)
        assert _expected(table, trick) in seen


def _play_after(app: App, table: TableScene, done: int, seen: list[str]) -> TrickWon:
    """Play on until the trick after the ``done`` first is taken and gathered."""

    def taken() -> bool:
        seen.extend(toast.text for toast in table.state.toasts if toast.text not in seen)
        if table.interactive and table.driver.game.phase is Phase.PLAY and not pygame.event.peek():
            key(pygame.K_1)
        trick = table.state.last_trick
        return trick is not None and trick.trick_no > done and not table.state.gathering

    step_until(app, taken)
    trick = table.state.last_trick
    assert trick is not None
    return trick


def _time_to_gather(cue: bool) -> int:
    """Frames a choreographer takes over a trick won, with the cue on or off."""
    rules = preset("classic")
    from briscola.ui.assets.sound import Sounds
    from briscola.ui.core.layout import TableLayout

    state = TableState(rules, TableLayout(1280, 800, 2))
    choreo = Choreographer(state, Sounds(mute=True), lambda: ["You", "Marco"], you=0)
    choreo.trick_cue = cue
    choreo.feed([_won(1, 21)])
    frames = 0
    while not choreo.idle:
        choreo.update(FRAME)
        frames += 1
    assert ("Marco takes 21 points." in [toast.text for toast in state.toasts]) is cue
    return frames


def test_the_cue_takes_no_time_of_its_own() -> None:
    assert _time_to_gather(True) == _time_to_gather(False)


def test_a_new_cue_replaces_the_last_one_so_other_messages_stay() -> None:
    from briscola.ui.assets.sound import Sounds
    from briscola.ui.core.layout import TableLayout

    state = TableState(preset("classic"), TableLayout(1280, 800, 2))
    choreo = Choreographer(state, Sounds(mute=True), lambda: ["You", "Marco"], you=0, speed=0.0)
    choreo.trick_cue = True
    choreo.toast("A bot's fault, to be read.", 6.0)
    choreo.feed([_won(1, 21)])
    choreo.update(0.0)
    choreo.feed([_won(0, 0)])
    choreo.update(0.0)
    assert [toast.text for toast in state.toasts] == ["A bot's fault, to be read.", "You take 0 points."]


# ---------------------------------------------------------------------------------------------------- the last trick


def test_the_last_trick_view_names_the_winner_and_the_points_and_rings_the_winning_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with table_with("--players", "2", cue=False) as (app, table):
        trick = _play_to_a_trick(app, table, [])
        step_until(app, lambda: table.choreo.idle)
        key(pygame.K_l)
        app.step(FRAME)
        overlay = app.top
        assert isinstance(overlay, LastTrickScene)
        rings: list[pygame.Rect] = []
        real_rect = pygame.draw.rect

        def spy_rect(surface: pygame.Surface, colour: object, rect: pygame.Rect, *args: object, **kw: object) -> object:
            if kw.get("width") == 3:
                rings.append(pygame.Rect(rect))
            return real_rect(surface, colour, rect, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(pygame.draw, "rect", spy_rect)
        with drawn(monkeypatch, "briscola.ui.overlays.pause") as texts:
            overlay.draw(app.screen)
        words = [text for text, _rect in texts]
        assert words[:2] == ["Last trick", _expected(table, trick)]
        assert words[2:] == [table.names[seat] for seat, _card in trick.cards]
        assert len(rings) == 1  # one card ringed: the winner's, above the winner's name
        winner_name = texts[2 + [seat for seat, _card in trick.cards].index(trick.winner)][1]
        assert rings[0].left <= winner_name.centerx <= rings[0].right
        assert rings[0].bottom <= winner_name.top
