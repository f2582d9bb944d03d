"""Building a table for tests and driving it with synthetic input, frame by frame (no sleeps)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame
import pytest

from briscola.engine import Deal, Game, preset
from briscola.engine.views import PlayerView
from briscola.ui.app import App
from briscola.ui.launcher import build_table
from briscola.ui.options import Options, parse_options
from briscola.ui.table.scene import TableScene

FRAME = 1.0 / 60.0


def make_table(*flags: str, inline: bool = True) -> tuple[App, TableScene]:
    """An app and its table for command-line ``flags`` (fast animations, greedy computers, in-process AI)."""
    args = ["--speed", "fast", "--level", "greedy", "--ai-delay", "0.05", "--mute", "--seed", "11", *flags]
    if inline:
        args.append("--inline-ai")
    options = parse_options(args)
    assert isinstance(options, Options)
    app, table = build_table(options)
    return app, table


def first_view(players: int = 2) -> PlayerView:
    """The first mover's view of a fresh hand of ``players`` (2 or 4): something for players and bots to answer."""
    game = Game(preset("classic" if players == 2 else "four"), 3)
    game.apply(Deal())
    assert game.to_move is not None
    return game.view(game.to_move)


def step_until(app: App, condition: object, max_frames: int = 20_000) -> None:
    """Step frames until ``condition()`` holds; fail after ``max_frames``."""
    assert callable(condition)
    for _ in range(max_frames):
        if condition():
            return
        app.step(FRAME)
    raise AssertionError(f"condition not reached in {max_frames} frames")


def click(pos: tuple[float, float]) -> None:
    """Post a left click (press and release) at ``pos``."""
    at = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))


def key(code: int) -> None:
    """Post a key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


@contextmanager
def drawn(
    monkeypatch: pytest.MonkeyPatch, module: str = "briscola.ui.table.draw"
) -> Iterator[list[tuple[str, pygame.Rect]]]:
    """Each text ``module`` draws from now on, with the rectangle it was drawn in (the table's by default).

    Tests read what a screen says, and where, from these rather than from pixels: the wording is checked exactly
    and the rectangles say whether texts overlap or leave the window.
    """
    target = importlib.import_module(module)
    real: Callable[..., pygame.Rect] = target.draw_text
    texts: list[tuple[str, pygame.Rect]] = []

    def recording(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect = real(surface, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    monkeypatch.setattr(target, "draw_text", recording)
    yield texts
