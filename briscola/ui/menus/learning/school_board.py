"""What the school's scenes share: a position drawn compactly with the game's card images, and a row of choices.

Not the table scene (which runs a match and animates a whole deal): a lesson's exercise or a puzzle is one still
moment, so it is drawn here from plain values: the other side's cards (face down, or face up in a puzzle, where
nothing is hidden once the talon is empty), the trick on the table, the turned briscola and the talon's count, the
points each side has taken; under them the choices, each numbered for the keys 1-9. Every rectangle comes from a
pure function of the window's size (:func:`layout`, :func:`row_rects`), so a click is tested against the same
rectangles that are drawn, and drawing changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from briscola.engine.cards import Card, Suit
from briscola.engine.views import PlayerView
from briscola.text.i18n import _
from briscola.text.names import card_label, suit_label
from briscola.text.signs import sign_meaning
from briscola.ui.assets.cards import DeckImages
from briscola.ui.widgets.basic import COLOURS, draw_focus, draw_text, fit_text
from briscola.ui.widgets.form import wrap_words

__all__ = [
    "Choice",
    "Layout",
    "Table",
    "card_size",
    "choice_at",
    "choice_rects",
    "draw_choices",
    "draw_table",
    "draw_wrapped",
    "layout",
    "name_card",
    "row_rects",
    "table_of",
    "trick_rects",
]


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to pick: a card (drawn as the card) or a label (drawn as a button); a disabled one is dimmed."""

    label: str
    card: Card | None = None
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class Table:
    """A still moment as one seat sees it: ``others`` the other side's cards (face up) or their count (face down)."""

    others: tuple[Card, ...] | int
    trick: tuple[tuple[str, Card], ...]
    trump: Suit | None
    briscola: Card | None
    talon: int
    points: tuple[int, int] | None
    """The seat's side's card points, then the others' (None: a question's cards, no hand being played)."""
    caption: str = ""
    """Said over the middle row of cards (a question's cards, the hand a call is chosen from)."""
    team: bool = False
    """The seat plays with a partner known to it: its points are its side's."""
    signs: tuple[str, ...] = ()
    """The signs the seat has seen, in words ("Partner gives a sign: no trumps at all."), said under the others'
    cards."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where things go for a window size: the question's top, the rows' centres, the feedback's top."""

    ask_y: int
    others_y: int
    trick_y: int
    choices_y: int
    feedback_y: int
    big: tuple[int, int]
    small: tuple[int, int]


def card_size(height: float) -> tuple[int, int]:
    """A card's (w, h) for ``height``, in the decks' proportion."""
    return round(height * 0.6), round(height)


def layout(size: tuple[int, int]) -> Layout:
    """The school's table for a window of ``size``."""
    _w, h = size
    big = card_size(h * 0.17)
    choices_y = round(h * 0.67)
    number = max(14, h // 45)  # the choices' numbers under them (:func:`draw_choices`)
    return Layout(
        ask_y=round(h * 0.12),
        others_y=round(h * 0.30),
        trick_y=round(h * 0.49),
        choices_y=choices_y,
        feedback_y=choices_y + big[1] // 2 + 2 * number + h // 60,
        big=big,
        small=card_size(h * 0.12),
    )


def row_rects(count: int, centre: tuple[float, float], size: tuple[int, int], room: int) -> list[pygame.Rect]:
    """``count`` rectangles of ``size`` side by side around ``centre``, overlapping when they don't fit in ``room``."""
    if count <= 0:
        return []
    w, h = size
    step = w + max(6, w // 6)
    if count > 1 and (count - 1) * step + w > room:
        step = max(w // 3, (room - w) // (count - 1))
    total = (count - 1) * step + w
    left = centre[0] - total / 2
    return [pygame.Rect(round(left + index * step), round(centre[1] - h / 2), w, h) for index in range(count)]


#: More word choices than this go in two columns of wide buttons (a sign's meaning is a phrase, not a word).
_ONE_ROW: Final = 3


def choice_rects(choices: Sequence[Choice], size: tuple[int, int]) -> list[pygame.Rect]:
    """The rectangles of ``choices``: cards at the big size; labels as buttons, in a row of the cards' height, or
    (more than three) two columns of wide ones around the same centre, filled row by row so the keys' order reads."""
    grid = layout(size)
    if all(choice.card is not None for choice in choices):
        return row_rects(len(choices), (size[0] / 2, grid.choices_y), grid.big, round(size[0] * 0.7))
    if len(choices) <= _ONE_ROW:
        button = (max(grid.big[0] * 2, size[0] // 9), max(40, grid.big[1] // 2))
        return row_rects(len(choices), (size[0] / 2, grid.choices_y), button, round(size[0] * 0.8))
    rows = (len(choices) + 1) // 2
    width, height, gap = round(size[0] * 0.36), max(30, size[1] // 24), max(8, size[1] // 90)
    top = grid.choices_y - (rows * height + (rows - 1) * gap) / 2
    rects = []
    for index in range(len(choices)):
        row, column = divmod(index, 2)
        left = size[0] / 2 + (gap / 2 if column else -gap / 2 - width)
        rects.append(pygame.Rect(round(left), round(top + row * (height + gap)), width, height))
    return rects


def choice_at(choices: Sequence[Choice], size: tuple[int, int], pos: tuple[int, int]) -> int | None:
    """The enabled choice under ``pos`` (the topmost where cards overlap), if any."""
    rects = choice_rects(choices, size)
    for index in range(len(rects) - 1, -1, -1):
        if rects[index].collidepoint(pos) and choices[index].enabled:
            return index
    return None


def step_choice(choices: Sequence[Choice], focus: int, delta: int) -> int:
    """The focus ``delta`` choices on from ``focus`` (Left/Right), over the enabled ones only, wrapping round; where
    none is enabled, ``focus`` as it was."""
    usable = [index for index, choice in enumerate(choices) if choice.enabled]
    if not usable:
        return focus
    at = usable.index(focus) if focus in usable else 0
    return usable[(at + delta) % len(usable)]


def name_card(card: Card, deck: DeckImages) -> str:
    """A card's name in the player's language and the deck's family."""
    return card_label(card, deck.manifest.family)


def draw_choices(
    surface: pygame.Surface,
    deck: DeckImages,
    choices: Sequence[Choice],
    focus: int | None,
    *,
    marks: dict[int, tuple[int, int, int]] | None = None,
    numbered: bool = True,
) -> None:
    """The choices, each numbered under it for its key; the focus ringed in gold, ``marks`` framed in their colour
    (green right, red wrong), a disabled one dimmed."""
    size = surface.get_size()
    rects = choice_rects(choices, size)
    number = max(14, size[1] // 45)
    for index, (choice, rect) in enumerate(zip(choices, rects, strict=True)):
        lifted = rect.move(0, -rect.h // 10) if index == focus and choice.card is not None else rect
        if choice.card is not None:
            surface.blit(deck.face(choice.card, rect.size), lifted)
        else:
            lit = index == focus
            pygame.draw.rect(surface, COLOURS["button_hot" if lit else "button"], rect, border_radius=8)
            words = fit_text(choice.label, max(16, rect.h // 2), rect.w - 16, bold=lit)
            draw_text(surface, choice.label, words, rect.center, bold=lit)
        if not choice.enabled:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 140))
            surface.blit(shade, lifted)
        colour = (marks or {}).get(index)
        if colour is not None:
            pygame.draw.rect(surface, colour, lifted.inflate(8, 8), width=4, border_radius=10)
        if index == focus:
            draw_focus(surface, lifted.inflate(6, 6), radius=10)
        if numbered and choice.enabled and index < 9:
            under = len(choices) <= _ONE_ROW or choice.card is not None
            at = (rect.centerx, rect.bottom + number) if under else (rect.left - number, rect.centery)
            if not under and index % 2:
                at = (rect.right + number, rect.centery)
            draw_text(surface, str(index + 1), number, at, COLOURS["gold"], bold=True)


def table_of(view: PlayerView, names: dict[int, str] | None = None) -> Table:
    """The still moment ``view`` shows its seat: the other side's hidden cards (face up when the seat knows them
    all: two players after the talon is empty), the trick named by who played."""
    seat = view.seat
    side = next((members for members in view.sides if seat in members), (seat,))
    others: tuple[Card, ...] | int = sum(count for other, count in enumerate(view.hand_sizes) if other != seat)
    opponents = [other for other in range(len(view.hand_sizes)) if other != seat]
    if len(opponents) == 1 and view.talon_size == 0 and view.hand_sizes[opponents[0]] > 0:
        gone = set(view.hand) | {card for pile in view.captured for card in pile} | {card for _s, card in view.trick}
        unseen = tuple(card for card in view.rules.deck if card not in gone)
        if len(unseen) == view.hand_sizes[opponents[0]]:
            others = unseen  # the talon is empty between two: the cards not seen yet are the other hand
    trick = tuple(((names or {}).get(player) or _seat_word(view, player, side), card) for player, card in view.trick)
    mine = sum(view.points[player] for player in side if player < len(view.points))
    theirs = sum(points for player, points in enumerate(view.points) if player not in side)
    shown = view.briscola if view.briscola_in_talon or view.talon_size else None
    latest = {sign.seat: sign.signal for sign, _draws in view.signals if sign.seat != seat}
    signs = tuple(
        _("{name} gives a sign: {sign}.").format(name=_seat_word(view, player, side), sign=sign_meaning(kind))
        for player, kind in sorted(latest.items())
    )
    return Table(others, trick, view.trump, shown, view.talon_size, (mine, theirs), team=len(side) > 1, signs=signs)


def _seat_word(view: PlayerView, player: int, side: tuple[int, ...]) -> str:
    if player == view.seat:
        return _("You")
    return _("Partner") if player in side else _("Opponent")


def draw_table(surface: pygame.Surface, deck: DeckImages, table: Table, *, hidden: Sequence[Card] = ()) -> None:
    """The other side's cards at the top, the trick in the middle, the briscola and talon at the right, the points
    at the left (``hidden``: cards of the other side not to draw, as they fly to the trick)."""
    w, h = surface.get_size()
    grid = layout((w, h))
    text = max(15, h // 42)
    if isinstance(table.others, int):
        count = min(table.others, 9)
        for rect in row_rects(count, (w / 2, grid.others_y), grid.small, round(w * 0.4)):
            surface.blit(deck.back(rect.size), rect)
        if table.others and table.points is not None:
            label = _("Cards in the other hands: {count}").format(count=table.others)
            draw_text(surface, label, text, (w / 2, grid.others_y - grid.small[1] / 2 - text), COLOURS["muted"])
    else:
        rects = row_rects(len(table.others), (w / 2, grid.others_y), grid.small, round(w * 0.4))
        for card, rect in zip(table.others, rects, strict=True):
            if card not in hidden:
                surface.blit(deck.face(card, rect.size), rect)
        label = _("Opponent's cards (nothing is hidden now)")
        if table.others:
            draw_text(surface, label, text, (w / 2, grid.others_y - grid.small[1] / 2 - text), COLOURS["muted"])
    # The signs between the others' cards and the names over the trick, centred in that gap.
    gap = (grid.others_y + grid.small[1] / 2 + grid.trick_y - grid.small[1] / 2 - text * 1.3) / 2
    for line, sign in enumerate(table.signs):
        y = gap + text * 1.3 * (line - (len(table.signs) - 1) / 2)
        draw_text(surface, sign, text, (w / 2, y), COLOURS["gold"])
    for (who, card), rect in zip(
        table.trick, trick_rects(len(table.trick), (w, h), labelled=any(who for who, _card in table.trick)), strict=True
    ):
        surface.blit(deck.face(card, rect.size), rect)
        if who:
            draw_text(surface, who, text, (rect.centerx, rect.top - text * 0.8), COLOURS["text"])
    if table.caption:
        top = grid.trick_y - grid.small[1] / 2 - text
        draw_text(surface, table.caption, text, (w / 2, top), COLOURS["gold"])
    right = round(w * 0.86)
    if table.briscola is not None:
        rect = pygame.Rect((0, 0), grid.small)
        rect.center = (right, grid.trick_y)
        surface.blit(deck.face(table.briscola, rect.size), rect)
        draw_text(surface, _("Briscola"), text, (right, rect.top - text), COLOURS["gold"])
    elif table.trump is not None:
        words = _("Trumps: {suit}").format(suit=suit_label(table.trump, deck.manifest.family))
        draw_text(surface, words, text, (right, grid.trick_y), COLOURS["gold"])
    if table.points is None:
        return
    talon = _("Talon: {count}").format(count=table.talon) if table.talon else _("Talon empty")
    draw_text(surface, talon, text, (right, grid.trick_y + grid.small[1] / 2 + text), COLOURS["muted"])
    left = round(w * 0.14)
    draw_text(surface, _("Points taken"), text, (left, grid.trick_y - text * 1.5), COLOURS["gold"])
    ours = _("Your side: {points}") if table.team else _("You: {points}")
    draw_text(surface, ours.format(points=table.points[0]), text, (left, grid.trick_y))
    draw_text(surface, _("Others: {points}").format(points=table.points[1]), text, (left, grid.trick_y + text * 1.5))


def trick_rects(count: int, size: tuple[int, int], *, labelled: bool = True) -> list[pygame.Rect]:
    """Where the trick's cards lie, in playing order: laid out for two at least, so the first card doesn't move when
    the second comes, and ``labelled`` (who played each) a card's width apart, so the names over them don't meet."""
    grid = layout(size)
    count_laid = max(count, 2)
    card_w, card_h = grid.small
    step = card_w * 2 if labelled else card_w + card_w // 6
    left = size[0] / 2 - ((count_laid - 1) * step + card_w) / 2
    top = grid.trick_y - card_h / 2
    return [pygame.Rect(round(left + index * step), round(top), card_w, card_h) for index in range(count)]


def draw_wrapped(
    surface: pygame.Surface,
    text: str,
    size: int,
    top: float,
    width: int,
    colour: tuple[int, int, int] = COLOURS["text"],
    *,
    bold: bool = False,
) -> float:
    """``text`` wrapped to ``width``, centred, from ``top``; the y under its last line."""
    step = round(size * 1.3)
    centre = surface.get_width() / 2
    for line in wrap_words(text, size, width, bold=bold):
        draw_text(surface, line, size, (centre, top + size / 2), colour, bold=bold)
        top += step
    return top
