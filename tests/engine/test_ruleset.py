"""The ruleset: presets and their shape, refused combinations naming the option at fault, and persistence."""

from __future__ import annotations

import json
from typing import Any

import pytest

from briscola.engine import PRESETS, Card, DeckFamily, Ruleset, RulesetError, preset, preset_names
from briscola.engine.ruleset import DrawHandling, FirstDealer, SignalRule, SwapRule, TrumpMode

# name: (players, active players, teams, deck size, hand size, trump mode)
PRESET_SHAPES: dict[str, tuple[int, int, tuple[tuple[int, ...], ...], int, int, TrumpMode]] = {
    "classic": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
    "three": (3, 3, ((0,), (1,), (2,)), 39, 3, TrumpMode.TURNED),
    "three-36": (3, 3, ((0,), (1,), (2,)), 36, 3, TrumpMode.TURNED),
    "four": (4, 4, ((0, 2), (1, 3)), 40, 3, TrumpMode.TURNED),
    "four-signals": (4, 4, ((0, 2), (1, 3)), 40, 3, TrumpMode.TURNED),
    "four-aloud": (4, 4, ((0, 2), (1, 3)), 40, 3, TrumpMode.TURNED),
    "chiamata": (5, 5, ((0,), (1,), (2,), (3,), (4,)), 40, 8, TrumpMode.CALLED),
    "five-sitout": (5, 4, ((0,), (1,), (2,), (3,), (4,)), 40, 3, TrumpMode.TURNED),
    "six": (6, 6, ((0, 2, 4), (1, 3, 5)), 36, 3, TrumpMode.TURNED),
    "open": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
    "briscolone": (2, 2, ((0,), (1,)), 40, 5, TrumpMode.NONE),
    "briscolone-10": (2, 2, ((0,), (1,)), 40, 10, TrumpMode.NONE),
    "to31": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
    "scambio": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
    "bussata": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
    "brisca": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
    "brisca-4": (4, 4, ((0, 2), (1, 3)), 40, 3, TrumpMode.TURNED),
    "cubierta": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.HIDDEN),
    "subastada": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.AUCTION),
    "rematada": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
    "french": (2, 2, ((0,), (1,)), 40, 3, TrumpMode.TURNED),
}


def test_every_preset_is_described_here() -> None:
    assert set(PRESETS) == set(PRESET_SHAPES)
    assert preset_names() == tuple(PRESETS)


@pytest.mark.parametrize("name", list(PRESETS))
def test_preset_shape(name: str) -> None:
    rules = preset(name)
    players, active, teams, deck_size, hand_size, trump_mode = PRESET_SHAPES[name]
    assert rules.name == name
    assert rules.description
    assert rules.players == players
    assert rules.active_players == active
    assert rules.teams == teams
    assert len(rules.deck) == deck_size
    assert len(set(rules.deck)) == deck_size
    assert rules.hand_size == hand_size
    assert rules.trump_mode is trump_mode
    # The talon is drawn evenly, so every hand has a whole number of tricks.
    assert (deck_size - active * hand_size) % active == 0
    assert rules.deck_points == 120


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_are_valid_when_built_again(name: str) -> None:
    rules = preset(name)
    again = Ruleset(**{option: getattr(rules, option) for option in rules.option_names()})
    assert again == rules


def test_preset_lookup_is_case_insensitive_and_refuses_unknown_names() -> None:
    assert preset(" Classic ") is PRESETS["classic"]
    with pytest.raises(RulesetError) as info:
        preset("canasta")
    assert info.value.option == "preset"
    assert "'canasta'" in str(info.value)


def test_removed_cards_per_player_count() -> None:
    assert preset("three").removed == (Card.parse("2C"),)
    assert Card.parse("2C") not in preset("three").deck
    assert set(preset("three-36").removed) == {Card.parse("2" + s) for s in "DHSC"}
    assert set(preset("six").removed) == {Card.parse("2" + s) for s in "DHSC"}
    assert preset("classic").removed == ()
    assert preset("chiamata").removed == ()


def test_specific_preset_options() -> None:
    assert preset("classic").hands_to_win == 2
    assert preset("classic").draw_handling is DrawHandling.NONE
    assert preset("classic").first_dealer is FirstDealer.LOT
    assert preset("five-sitout").sit_out
    assert preset("five-sitout").hands_to_win == 3
    assert preset("briscolone").must_follow_suit
    assert preset("bussata").must_follow_suit
    assert preset("open").open_hands
    assert preset("to31").to_31
    assert preset("scambio").swap is SwapRule.SEVEN
    assert preset("four-signals").signals is SignalRule.SECRET
    assert preset("four-aloud").signals is SignalRule.ALOUD
    brisca = preset("brisca")
    assert brisca.family is DeckFamily.SPANISH
    assert brisca.first_dealer is FirstDealer.CUT
    assert brisca.draw_handling is DrawHandling.REPLAY
    assert brisca.margin_scoring
    assert brisca.match_target == 3
    assert preset("rematada").rematada
    assert preset("rematada").match_target == 101
    assert preset("french").family is DeckFamily.FRENCH
    assert preset("chiamata").chiamata
    assert preset("subastada").subastada


def test_default_ruleset_is_classic_two_player() -> None:
    rules = Ruleset()
    assert rules.players == 2
    assert rules.hand_size == 3
    assert rules.trump_mode is TrumpMode.TURNED
    assert rules.hands_to_win == 2
    assert rules.match_target == 2
    assert len(rules.deck) == 40


def test_derived_properties() -> None:
    assert preset("chiamata").has_auction and not preset("chiamata").turns_card
    assert preset("subastada").has_auction and not preset("subastada").turns_card
    assert preset("cubierta").turns_card and not preset("cubierta").has_auction
    assert not preset("briscolone").turns_card
    assert preset("four").team_game and preset("four").fixed_teams
    assert preset("five-sitout").team_game and not preset("five-sitout").fixed_teams
    assert preset("chiamata").team_game and not preset("chiamata").fixed_teams
    assert not preset("classic").team_game
    assert not preset("three").team_game


# ------------------------------------------------------------------------------------------ refused combinations

TWO_C = Card.parse("2C")


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"players": 4, "open_hands": True}, "open_hands"),
        ({"players": 3, "to_31": True}, "to_31"),
        ({"swap": SwapRule.SEVEN, "trump_mode": TrumpMode.NONE}, "swap"),
        ({"swap": SwapRule.TWO, "trump_mode": TrumpMode.HIDDEN}, "swap"),
        ({"swap_rank_limits": True}, "swap_rank_limits"),
        ({"swap_after_winning_only": True}, "swap_after_winning_only"),
        ({"signals": SignalRule.SECRET}, "signals"),
        ({"players": 2, "signals": SignalRule.ALOUD}, "signals"),
        ({"players": 3, "signals": SignalRule.SECRET}, "signals"),
        ({"players": 4, "signals": SignalRule.SECRET, "trump_mode": TrumpMode.NONE}, "signals"),
        ({"players": 5}, "players"),
        ({"players": 5, "hand_size": 8}, "players"),
        ({"players": 5, "trump_mode": TrumpMode.CALLED, "hand_size": 3}, "hand_size"),
        ({"players": 4, "trump_mode": TrumpMode.CALLED, "hand_size": 8}, "trump_mode"),
        ({"players": 5, "trump_mode": TrumpMode.CALLED, "hand_size": 8, "sit_out": True}, "trump_mode"),
        ({"players": 5, "trump_mode": TrumpMode.CALLED, "hand_size": 8, "removed_cards": (TWO_C,)}, "removed_cards"),
        ({"players": 4, "sit_out": True}, "sit_out"),
        ({"players": 3, "removed_cards": ()}, "removed_cards"),
        ({"players": 4, "removed_cards": (TWO_C,)}, "removed_cards"),
        ({"players": 6, "removed_cards": ()}, "removed_cards"),
        ({"players": 2, "hand_size": 20}, "hand_size"),
        ({"players": 6, "hand_size": 6}, "hand_size"),
        ({"hand_size": 0}, "hand_size"),
        ({"hands_to_win": 0}, "hands_to_win"),
        ({"hands_to_win": 6}, "hands_to_win"),
        ({"players": 1}, "players"),
        ({"players": 7}, "players"),
        ({"removed_cards": (TWO_C, TWO_C)}, "removed_cards"),
        ({"removed_cards": ("2C",)}, "removed_cards"),
        ({"trump_mode": TrumpMode.AUCTION, "players": 3}, "trump_mode"),
        ({"trump_mode": TrumpMode.AUCTION, "auction_min_bid": 0}, "auction_min_bid"),
        ({"to_31": True, "margin_scoring": True}, "to_31"),
        ({"to_31": True, "trump_mode": TrumpMode.AUCTION}, "to_31"),
        ({"show_hands_at_end": True}, "show_hands_at_end"),
        ({"margin_target": 0}, "margin_target"),
        ({"rematada_target": 0}, "rematada_target"),
        ({"chiamata_deals": 0}, "chiamata_deals"),
        ({"rematada": True, "margin_scoring": True}, "rematada"),
        ({"rematada": True, "all_tricks_double": True}, "all_tricks_double"),
        ({"players": 5, "trump_mode": TrumpMode.CALLED, "hand_size": 8, "rematada": True}, "trump_mode"),
        (
            {"players": 5, "trump_mode": TrumpMode.CALLED, "hand_size": 8, "draw_handling": DrawHandling.REPLAY},
            "draw_handling",
        ),
        ({"cappotto_double": True}, "cappotto_double"),
    ],
)
def test_impossible_combinations_name_the_option(options: dict[str, Any], option: str) -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset(**options)
    assert info.value.option == option
    assert str(info.value).startswith(f"{option}: ")
    assert info.value.reason


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"players": 4, "open_hands": True}, "open_hands"),
        ({"hands_to_win": 6}, "hands_to_win"),
        ({"swap": "seven", "trump_mode": "none"}, "swap"),
    ],
)
def test_with_options_validates_again(options: dict[str, Any], option: str) -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset().with_options(**options)
    assert info.value.option == option


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 3, "removed_cards": ()}, "talon of 31 cards"),
        ({"players": 4, "removed_cards": (TWO_C,)}, "talon of 27 cards"),
        ({"removed_cards": (TWO_C, TWO_C)}, "names a card twice"),
        ({"removed_cards": ("2C",)}, "must hold cards"),
        ({"players": 2, "hand_size": 20}, "2 players x 20 cards"),
    ],
)
def test_refusals_say_why(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesetError, match=words):
        Ruleset(**options)


@pytest.mark.parametrize("options", [{"players": "two"}, {"hand_size": None}, {"hands_to_win": "2"}])
def test_wrong_types_at_construction_raise_ruleset_error(options: dict[str, Any]) -> None:
    # The constructor promises RulesetError for every ruleset that can't be played, and checks the enum options'
    # types itself; a number option given as text must be refused the same way, naming the option.
    with pytest.raises(RulesetError) as info:
        Ruleset(**options)
    assert info.value.option == next(iter(options))


@pytest.mark.parametrize(
    ("options", "option"),
    [
        # scoring.finish_hand skips draw handling in rematada: a 60-60 is neither replayed nor carried.
        ({"rematada": True, "draw_handling": DrawHandling.REPLAY}, "draw_handling"),
        ({"rematada": True, "draw_handling": DrawHandling.CARRY}, "draw_handling"),
        # scoring._score_chiamata never looks at all_tricks_double.
        (
            {"players": 5, "trump_mode": TrumpMode.CALLED, "hand_size": 8, "all_tricks_double": True},
            "all_tricks_double",
        ),
        # In rematada every side gains its card points, so winning or losing by a claim of 31 changes nothing.
        ({"to_31": True, "rematada": True}, "to_31"),
    ],
)
def test_options_that_would_be_ignored_are_refused(options: dict[str, Any], option: str) -> None:
    # The module promises "never a silent choice": like margin_scoring with rematada or draw_handling with chiamata,
    # which it refuses, an option that can have no effect in this combination must be refused, naming it.
    with pytest.raises(RulesetError) as info:
        Ruleset(**options)
    assert info.value.option == option


def test_with_options_accepts_enum_values_as_strings() -> None:
    rules = Ruleset().with_options(swap="both", swap_rank_limits=True, draw_handling="carry")
    assert rules.swap is SwapRule.BOTH
    assert rules.draw_handling is DrawHandling.CARRY
    assert rules.swap_rank_limits


def test_valid_edge_values_are_accepted() -> None:
    assert Ruleset(hands_to_win=1).match_target == 1
    assert Ruleset(hands_to_win=5).match_target == 5
    assert Ruleset(margin_scoring=True, margin_target=5).match_target == 5
    assert Ruleset(players=4, signals=SignalRule.SECRET).signals is SignalRule.SECRET
    assert Ruleset(players=5, sit_out=True, signals=SignalRule.ALOUD).signals is SignalRule.ALOUD
    assert Ruleset(swap=SwapRule.TWO, swap_after_winning_only=True, swap_rank_limits=True).swap is SwapRule.TWO


def test_rulesets_are_frozen() -> None:
    rules = Ruleset()
    with pytest.raises(AttributeError):
        rules.players = 4  # type: ignore[misc]


# ------------------------------------------------------------------------------------------------ persistence


@pytest.mark.parametrize("name", list(PRESETS))
def test_to_dict_from_dict_round_trip(name: str) -> None:
    rules = preset(name)
    data = rules.to_dict()
    assert set(data) == set(rules.option_names())
    again = Ruleset.from_dict(data)
    assert again == rules
    assert again.description == rules.description
    assert again.deck == rules.deck
    # The dictionary is JSON-ready: it survives a trip through JSON text unchanged.
    assert json.loads(json.dumps(data)) == data
    assert Ruleset.from_dict(json.loads(json.dumps(data))) == rules


def test_to_dict_writes_enums_as_strings_and_cards_as_codes() -> None:
    data = preset("three-36").to_dict()
    assert data["removed_cards"] == ["2D", "2H", "2S", "2C"]
    assert data["trump_mode"] == "turned"
    assert data["family"] == "italian"
    assert preset("classic").to_dict()["removed_cards"] is None


def test_from_dict_fills_defaults() -> None:
    assert Ruleset.from_dict({}) == Ruleset()
    assert Ruleset.from_dict({"players": 4}).teams == ((0, 2), (1, 3))


@pytest.mark.parametrize(
    ("data", "option", "words"),
    [
        ({"colour": "red"}, "colour", "is not an option"),
        ({"players": "two"}, "players", "whole number"),
        ({"players": 2.0}, "players", "whole number"),
        ({"players": True}, "players", "whole number"),
        ({"swap": "sometimes"}, "swap", "must be one of"),
        ({"trump_mode": 3}, "trump_mode", "must be one of"),
        ({"open_hands": "yes"}, "open_hands", "true or false"),
        ({"open_hands": 1}, "open_hands", "true or false"),
        ({"removed_cards": "2C"}, "removed_cards", "list of card codes"),
        ({"removed_cards": ["2X"]}, "removed_cards", "'2X'"),
        ({"removed_cards": [7]}, "removed_cards", "card codes"),
        ({"name": 5}, "name", "not 5"),
        ({"hands_to_win": 9}, "hands_to_win", "between 1 and 5"),
    ],
)
def test_from_dict_refuses_bad_data_naming_the_option(data: dict[str, Any], option: str, words: str) -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(data)
    assert info.value.option == option
    assert words in str(info.value)


def test_from_dict_refuses_a_non_mapping() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(["players", 2])  # type: ignore[arg-type]
    assert info.value.option == "rules"


def test_ruleset_error_is_a_value_error() -> None:
    assert issubclass(RulesetError, ValueError)
