"""Start Briscola: ``python main.py [options]``.

For now this starts the terminal game in :mod:`briscola.cli`, which owns every command-line option
(``python main.py --help`` lists them). Once the desktop table exists, this is where it will be started.
"""

import sys


def main(argv: list[str] | None = None) -> int:
    """Start the game with ``argv`` (the process's arguments when None) and return its exit code."""
    # Imported here, not at the top, so importing this module costs nothing.
    from briscola.cli import main as run_cli

    return run_cli(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
