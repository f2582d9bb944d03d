"""The desktop game's entry point (``python main.py``, ``python -m briscola``): read the options, open the window.

With no option naming a game the window opens on the title scene and its menus; with one (``--players``,
``--variant``, ``--demo``) it goes straight to the table; ``--replay ID|FILE`` opens the replay viewer alone, once the
record is found and checked (else the reason is printed and the exit code is 2, with no window); ``--screenshot``
plays headless to a moment and saves a picture; ``--terminal`` hands over to the terminal game. The options are
:mod:`briscola.ui.options`', the app and its scenes :mod:`briscola.ui.launcher`'s; this module only chooses between
them, so that nothing imports it back.
"""

from __future__ import annotations

import sys

from briscola.text.i18n import _

__all__ = ["main"]


def main(argv: list[str]) -> int:
    """Start the window (or the terminal game with ``--terminal``); the exit code."""
    if "--terminal" in argv:
        from briscola.terminal.command import main as run_cli

        return run_cli([arg for arg in argv if arg != "--terminal"])
    from briscola.ui.options import parse_options

    options = parse_options(argv)
    if isinstance(options, int):
        return options
    if options.screenshot is not None:
        from briscola.ui.shots import capture

        capture(options, options.screenshot)
        return 0
    replayed = None
    if options.replay is not None:  # checked before the window opens: a refused record is never half-shown
        from briscola.match.replay_source import ReplayRefusedError, find_record

        try:
            replayed = find_record(options.replay, options.history)
        except ReplayRefusedError as refused:
            sys.stderr.write(_("error: {message}").format(message=refused) + "\n")
            return 2
    import pygame

    from briscola.ui.launcher import build_replay, build_table, build_title, open_history

    open_history(options)
    try:
        if replayed is not None:
            app = build_replay(options, replayed[0], title=replayed[1])[0]
        else:
            app = build_title(options) if options.menus or options.sheet else build_table(options, autosave=True)[0]
    except pygame.error as error:  # no display (a server, an SSH session): say so, and where the terminal game is
        sys.stderr.write(
            _("error: the window could not be opened ({error}). The terminal game needs no window: {command}").format(
                error=error, command="python -m briscola.cli"
            )
            + "\n"
        )
        return 1
    code = app.run()
    if options.history_db is not None:
        options.history_db.close()
    return code
