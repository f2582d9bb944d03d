"""Contact sheets: a deck's 40 faces and the backs on one PNG, the picture reviewed before art changes land.

``python -m briscola.ui.assets.deck_sheet sheet DECK OUT.png`` renders one deck's sheet; ``sheets FOLDER`` every
built-in deck's (``docs/decks``, written by ``make art``).

Rows are the suits (D, H, S, C), columns the ranks in the order printed on the cards (1-7, then the courts);
a last row holds the deck's own back and every shared back design.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Final

import pygame
import pygame.freetype

from briscola.art.build import BACKS_FOLDER, cards_dir
from briscola.art.manifest import UnusableDeck, read_deck
from briscola.engine.cards import Card, Rank, Suit
from briscola.ui.assets.cards import DeckImages, rasterise

__all__ = ["SHEET_ORDER", "render_sheet"]

#: Column order on the sheet: ace, 2-7, then the three courts.
SHEET_ORDER: Final = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)
_TABLE: Final = (36, 92, 60)
_GAP: Final = 8


def render_sheet(deck: str, out: Path, card_width: int = 160) -> pygame.Surface:
    """Render ``deck`` (a built-in id or a deck folder) to the PNG ``out``; returns the sheet surface."""
    builtin = cards_dir()
    folder = Path(deck) if ("/" in deck or Path(deck).is_dir()) and not (builtin / deck).is_dir() else builtin / deck
    found = read_deck(folder)
    if isinstance(found, UnusableDeck):
        raise ValueError(f"{deck}: {found.reason}")
    images = DeckImages(found)
    size = (card_width, round(card_width * found.aspect))
    backs = [rasterise(p.read_bytes(), size) for p in sorted((builtin / BACKS_FOLDER).glob("*.svg"))]
    columns = len(SHEET_ORDER)
    title_h = max(24, card_width // 5)
    rows = 5
    sheet = pygame.Surface((_GAP + columns * (size[0] + _GAP), title_h + _GAP + rows * (size[1] + _GAP)))
    sheet.fill(_TABLE)
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    font = pygame.freetype.Font(None)
    font.render_to(
        sheet,
        (_GAP, _GAP + 2),
        f"{found.name}  -  {found.credits}  ({found.licence})",
        (240, 236, 220),
        size=title_h * 0.55,
    )
    for row, suit in enumerate(Suit):
        for col, rank in enumerate(SHEET_ORDER):
            sheet.blit(images.face(Card.of(rank, suit), size), _cell(row, col, size, title_h))
    for col, back in enumerate([images.back(size), *backs][:columns]):
        sheet.blit(back, _cell(4, col, size, title_h))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return sheet


def _cell(row: int, col: int, size: tuple[int, int], top: int) -> tuple[int, int]:
    return _GAP + col * (size[0] + _GAP), top + _GAP + row * (size[1] + _GAP)


def _sheet(args: argparse.Namespace) -> int:
    try:
        render_sheet(args.deck, Path(args.out), card_width=args.width)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    return 0


def _sheets(args: argparse.Namespace) -> int:
    from briscola.art.decks import DECKS

    for ident in DECKS:
        out = Path(args.folder) / f"{ident}.png"
        render_sheet(ident, out, card_width=args.width)
        print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Render one deck's sheet or every built-in deck's; returns the exit status."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a sheet is drawn off screen
    parser = argparse.ArgumentParser(
        prog="python -m briscola.ui.assets.deck_sheet", description=__doc__.splitlines()[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sheet = sub.add_parser("sheet", help="render a deck's faces and backs on one PNG")
    sheet.add_argument("deck", help="a built-in deck id (napoletane, ...) or a deck folder")
    sheet.add_argument("out", help="the PNG file to write")
    sheet.add_argument("--width", type=int, default=160, help="card width in pixels (default 160)")
    sheet.set_defaults(run=_sheet)
    sheets = sub.add_parser("sheets", help="render the sheet of every built-in deck into a folder")
    sheets.add_argument("folder", help="where to write <deck>.png (docs/decks)")
    sheets.add_argument("--width", type=int, default=160, help="card width in pixels (default 160)")
    sheets.set_defaults(run=_sheets)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
