"""Command line of the card-art generator.

``python -m briscola.art build`` regenerates ``assets/cards`` (``make art``); ``check`` says whether the
committed files are up to date; ``lint`` looks for SVG features the rasteriser would drop; ``sheet DECK OUT.png``
renders a deck's 40 faces and the backs on one contact sheet, the picture a person looks at before art lands;
``sheets FOLDER`` renders every built-in deck's sheet (``docs/decks``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from briscola.art.build import ASSETS_DIR, differences, generate_all, write_all
from briscola.art.svg import svg_problems


def _build(args: argparse.Namespace) -> int:
    root = Path(args.out) if args.out else ASSETS_DIR
    changes = write_all(root)
    print(f"{root}: {len(changes)} file(s) changed" + "".join(f"\n  {c}" for c in changes))
    return 0


def _check(args: argparse.Namespace) -> int:
    found = differences()
    for line in found:
        print(line)
    print("assets/cards is up to date" if not found else "run `make art` to regenerate assets/cards")
    return 1 if found else 0


def _lint(args: argparse.Namespace) -> int:
    bad = 0
    for rel, text in generate_all().items():
        if rel.endswith(".svg"):
            for problem in svg_problems(text):
                print(f"{rel}: {problem}")
                bad += 1
    return 1 if bad else 0


def _sheet(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from briscola.ui.deck_sheet import render_sheet  # pygame only for this command

    try:
        render_sheet(args.deck, Path(args.out), card_width=args.width)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    return 0


def _sheets(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from briscola.art.decks import DECKS
    from briscola.ui.deck_sheet import render_sheet  # pygame only for this command

    for ident in DECKS:
        out = Path(args.folder) / f"{ident}.png"
        render_sheet(ident, out, card_width=args.width)
        print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m briscola.art", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="regenerate assets/cards")
    build.add_argument("--out", help="write to this folder instead of assets/cards")
    build.set_defaults(run=_build)
    sub.add_parser("check", help="exit 1 when assets/cards differs from a fresh generation").set_defaults(run=_check)
    sub.add_parser("lint", help="list SVG features the rasteriser would drop").set_defaults(run=_lint)
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
