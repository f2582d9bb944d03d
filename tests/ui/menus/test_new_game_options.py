"""The new-game screen offers, for each preset, only the options its rules honour, each value one the engine accepts,
with an explanation true for those rules (issue 30: chiamata offered "hands to win" and "trump: turned up")."""

from __future__ import annotations

import pygame
import pytest

from briscola.engine import PRESETS, Ruleset
from briscola.text.i18n import _
from briscola.ui.menus.setup.new_game_options import OPTIONS, offered_options
from tests.ui.helpers import FRAME, key
from tests.ui.menus.test_new_game_screen import focus, new_game


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_value_offered_is_one_the_engine_plays_and_every_fixed_option_is_hidden(name: str) -> None:
    rules = PRESETS[name]
    offered = {option.name: option for option in offered_options(rules)}
    for option in offered.values():
        assert len(option.values) >= 2
        assert option.current in [value for value, _text in option.values]
        for value, _text in option.values:
            rules.with_options(**{option.name: value})  # raises if the engine refuses it
    for option_name, _label, values, _help in OPTIONS:
        if option_name in offered:
            continue
        current = getattr(rules, option_name)
        current = getattr(current, "value", current)
        playable = []
        for value, _text in values:
            try:
                rules.with_options(**{option_name: value})
                playable.append(value)
            except Exception:
                continue
        counts_the_match = option_name != "hands_to_win" or not (
            rules.chiamata or rules.rematada or rules.margin_scoring
        )
        chosen_by_the_player = current in [value for value, _text in values]  # not subastada's auction trump
        assert len(playable) < 2 or not counts_the_match or not chosen_by_the_player, (
            f"{option_name} hidden though {playable} are playable"
        )


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_match_is_counted_as_these_rules_count_it(name: str) -> None:
    rules = PRESETS[name]
    names = {option.name for option in offered_options(rules)}
    assert ("hands_to_win" in names) == (not (rules.chiamata or rules.rematada or rules.margin_scoring))
    assert ("chiamata_deals" in names) == rules.chiamata
    assert ("margin_target" in names) == rules.margin_scoring
    assert ("rematada_target" in names) == rules.rematada


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_trump_row_explains_only_the_trumps_it_offers(name: str) -> None:
    rules = PRESETS[name]
    for option in offered_options(rules):
        if option.name != "trump_mode":
            continue
        words = " ".join(option.help)
        offered = {value for value, _text in option.values}
        assert ("Briscolone" in words) == ("none" in offered)
        assert ("Cubierta" in words) == ("hidden" in offered)
        assert ("Turned up" in words) == ("turned" in offered)


def test_chiamata_offers_no_hands_to_win_and_no_trump_choice_but_its_deals() -> None:
    names = [option.name for option in offered_options(PRESETS["chiamata"])]
    assert "hands_to_win" not in names and "trump_mode" not in names and "swap" not in names
    assert "chiamata_deals" in names


def test_a_tie_is_named_as_such_where_more_than_two_play_each_for_themselves() -> None:
    three = {option.name: option for option in offered_options(PRESETS["three"])}
    classic = {option.name: option for option in offered_options(PRESETS["classic"])}
    assert three["draw_handling"].label == "A tie" and "60 points each" not in " ".join(three["draw_handling"].help)
    assert classic["draw_handling"].label == "60-60"


def test_turning_spanish_margins_on_trades_hands_to_win_for_game_points() -> None:
    rules: Ruleset = PRESETS["classic"].with_options(margin_scoring=True)
    names = [option.name for option in offered_options(rules)]
    assert "margin_target" in names and "hands_to_win" not in names


def test_the_screen_shows_for_chiamata_only_what_it_offers_and_each_choice_plays() -> None:
    app, scene = new_game(
        settings={"game.players": 5, "game.seats": ["human", *["medio"] * 4], "game.preset": "chiamata"}
    )
    try:
        scene.toggle_more(True)
        keys = [row.key for row in scene.rows]
        assert "hands_to_win" not in keys and "trump_mode" not in keys
        assert "chiamata_deals" in keys
        focus(scene, "chiamata_deals")
        key(pygame.K_RIGHT)
        app.step(FRAME)
        assert scene.rules().chiamata_deals == 7
        assert _(scene.row("chiamata_deals").help).startswith("Deals in the match")
    finally:
        app.close()
