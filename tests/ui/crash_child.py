"""A game killed mid-match (``tests/ui/test_history_crash.py``): plays at a headless table that records into the
history named on the command line, prints ``hand N`` once each hand is written, and plays on until it is killed."""

from __future__ import annotations

import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(history: str) -> None:
    import pygame

    from briscola.ui.launcher import build_table, open_history
    from briscola.ui.options import Options, parse_options
    from briscola.ui.overlays.results import HandResultScene
    from briscola.ui.shots import autoplay_human
    from tests.ui.helpers import FRAME, key

    flags = ["--speed", "instant", "--ai-delay", "0", "--mute", "--inline-ai", "--level", "greedy", "--seed", "9"]
    options = parse_options([*flags, "--players", "2", "--history", history])
    assert isinstance(options, Options)
    open_history(options)
    app, table = build_table(options, autosave=True)
    writer = app.history_writer()
    assert writer is not None
    rng = random.Random(1)
    told = 0
    while True:
        autoplay_human(table, rng)
        if isinstance(app.top, HandResultScene) and not pygame.event.peek():
            key(pygame.K_RETURN)
        app.step(FRAME)
        if len(table.driver.hand_results) > told:
            told = len(table.driver.hand_results)
            writer.flush()
            print(f"hand {told}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
