"""A deal as typed (the terminal and the window read the same line): the other side filled in, chiamata's words,
and a half-typed line that is refused with the reason, never a crash while it is still being typed."""

from __future__ import annotations

import pytest

from briscola.sheet.model import ChiamataEntry, DealEntry, SheetError, SheetRules
from briscola.sheet.typed import parse_entry, preview
from briscola.sheet.words import entry_words

FIVE = SheetRules(("Anna", "Bo", "Carla", "Dino", "Eva"), chiamata=True)


def test_one_side_typed_fills_in_the_other() -> None:
    assert parse_entry(SheetRules(("Anna", "Bo")), ["70"]) == DealEntry((70, 50))
    assert parse_entry(SheetRules(("A", "B", "C")), ["50", "40"]) == DealEntry((50, 40, 30))


def test_chiamata_line_with_card_bid_and_every_trick() -> None:
    entry = parse_entry(FIVE, ["car", "anna", "120", "card=ac", "bid=75", "all"])
    assert entry == ChiamataEntry(2, 0, "AC", 120, None, 75, True)
    assert entry_words(FIVE, entry) == "Carla with Anna (Ace of batons): 120 points, every trick"


@pytest.mark.parametrize("typed", ["Anna Carla 72 card=", "Anna Carla 72 card=1B", "Anna Carla 72 card=3"])
def test_a_card_half_typed_or_wrong_is_refused_saying_how_cards_are_written(typed: str) -> None:
    with pytest.raises(SheetError, match="write the rank"):
        parse_entry(FIVE, typed.split())
    assert preview(FIVE, typed) is None  # what the window shows while typing: nothing yet, and no crash


def test_who_is_not_a_player_is_said() -> None:
    with pytest.raises(SheetError, match="Zed is not one of the players"):
        parse_entry(FIVE, ["Zed", "Anna", "70"])
