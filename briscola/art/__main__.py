"""Command line of the card-art generator.

``python -m briscola.art build`` regenerates ``assets/cards`` (``make art``); ``check`` says whether the
committed files are up to date; ``lint`` looks for SVG features the rasteriser would drop. The generator is pure
(data in, SVG text out) and knows no screen: the contact sheets, which need pygame to rasterise, are drawn by
``python -m briscola.ui.assets.deck_sheet`` (``make art`` runs both).
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


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m briscola.art", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="regenerate assets/cards")
    build.add_argument("--out", help="write to this folder instead of assets/cards")
    build.set_defaults(run=_build)
    sub.add_parser("check", help="exit 1 when assets/cards differs from a fresh generation").set_defaults(run=_check)
    sub.add_parser("lint", help="list SVG features the rasteriser would drop").set_defaults(run=_lint)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
