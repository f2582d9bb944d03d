"""A deal as typed, in the terminal and in the window alike: ``70 50`` or ``70`` (the other side filled in) for
fixed sides and for the two sides of a deal with one sitting out (the 1st & 3rd after the dealer first),
``CALLER PARTNER POINTS [card=3S] [bid=75] [all]`` for chiamata (``-`` as the partner of a caller alone,
``made`` or ``failed`` instead of points). The sums and the rest are checked by the sheet, not here."""

from __future__ import annotations

from collections.abc import Sequence

from briscola.sheet.model import ChiamataEntry, DealEntry, Entry, SheetError, SheetRules, called_card, fill_in
from briscola.text.i18n import _

__all__ = ["parse_entry", "preview"]


def _points(word: str) -> int | None:
    if word in ("-", "?"):
        return None
    try:
        return int(word)
    except ValueError:
        raise SheetError(_("{word} is not a number of points.").format(word=word)) from None


def _player(rules: SheetRules, word: str) -> int:
    if word.isdigit() and 1 <= int(word) <= len(rules.names):
        return int(word) - 1
    matches = [index for index, name in enumerate(rules.names) if name.casefold().startswith(word.casefold())]
    exact = [index for index in matches if rules.names[index].casefold() == word.casefold()]
    if len(exact) == 1 or len(matches) == 1:
        return (exact or matches)[0]
    raise SheetError(_("{word} is not one of the players.").format(word=word))


def parse_entry(rules: SheetRules, words: Sequence[str]) -> Entry:
    """A typed deal: ``70 50`` or ``70`` for fixed sides (one sitting out: the two sides of the deal); ``CALLER
    PARTNER POINTS [card=3S] [bid=75] [all]`` for chiamata. A :class:`SheetError` says what could not be read (the
    sums are checked by the sheet)."""
    if not rules.chiamata:
        typed = [_points(word) for word in words]
        sides = rules.entered_sides
        if len(typed) == sides - 1:
            typed.append(None)
        filled = fill_in(typed) if len(typed) == sides else None
        if filled is None:
            raise SheetError(_("Enter the points of all {n} sides.").format(n=sides))
        return DealEntry(filled)
    if len(words) < 3:
        raise SheetError(_("Enter the caller, the partner (- if alone) and the points, made or failed."))
    caller = _player(rules, words[0])
    partner = None if words[1] in ("-", "alone") else _player(rules, words[1])
    result = words[2].lower()
    points = made = None
    if result in ("made", "failed"):
        made = result == "made"
    else:
        points = _points(result)
    called = contract = None
    every_trick = False
    for word in words[3:]:
        key, _sep, value = word.partition("=")
        if key.lower() == "card":
            called = str(called_card(value))
        elif key.lower() == "bid":
            contract = _points(value)
        elif key.lower() == "all":
            every_trick = True
        else:
            raise SheetError(_("{word} is not understood.").format(word=word))
    return ChiamataEntry(caller, partner, called, points, made, contract, every_trick)


def preview(rules: SheetRules, text: str) -> Entry | None:
    """What ``text`` would enter, as it is being typed (None while it can't be read yet)."""
    try:
        return parse_entry(rules, text.split())
    except SheetError:
        return None
