"""The window fits the screen (issue 30): the size rule on common desktops, and the app opening at the size it gives.

A 1280x800 window on a 1280x800 or 1366x768 laptop lost the hand and the key line under the title bar and the
taskbar. The app's wiring is tested with ``get_desktop_sizes`` (and the driver's name) patched: SDL's dummy driver
makes up a 1024x768 desktop, which the app rightly ignores.
"""

from __future__ import annotations

import pygame
import pytest

from briscola.ui.app import App, AppConfig
from briscola.ui.core.layout import MIN_SIZE
from briscola.ui.core.window import fit_window, fits, usable_area
from briscola.ui.launcher import Launcher, app_config
from briscola.ui.options import Options, parse_options

LAPTOPS = [(1280, 800), (1366, 768), (1024, 600)]


@pytest.mark.parametrize(
    ("desktop", "window"),
    [
        ((1280, 800), (1216, 720)),  # 80 px for a title bar and a taskbar, 64 for the frame or a dock
        ((1366, 768), (1280, 688)),  # wide enough: only the height gives
        ((1920, 1080), (1280, 800)),  # the default fits as it is
        ((1024, 600), (973, 600)),  # too small to hold the minimum with a title bar: the minimum's height stays
    ],
)
def test_the_default_size_on_common_desktops(desktop: tuple[int, int], window: tuple[int, int]) -> None:
    assert fit_window((1280, 800), desktop) == window


@pytest.mark.parametrize("desktop", [(1280, 800), (1366, 768), (1920, 1080), (1600, 900), (2560, 1440)])
@pytest.mark.parametrize("asked", [(1280, 800), (1920, 1080), (2560, 1440), (7680, 4320)])
def test_a_size_too_large_shrinks_into_the_usable_area_and_one_that_fits_is_kept(
    desktop: tuple[int, int], asked: tuple[int, int]
) -> None:
    window = fit_window(asked, desktop)
    assert fits(window, desktop)
    assert window[0] <= desktop[0] - 32 and window[1] <= desktop[1] - 80  # room for the frame, the bars
    assert window[0] >= MIN_SIZE[0] and window[1] >= MIN_SIZE[1]
    assert window == asked if fits(asked, desktop) else window != asked
    assert fit_window(window, desktop) == window  # a remembered size that was fitted once stays as it is


def test_the_minimum_holds_on_any_desktop_and_without_one() -> None:
    assert fit_window((960, 600), (1024, 600)) == (960, 600)
    assert fit_window((1280, 800), (800, 480)) == MIN_SIZE  # smaller than the table is laid out for: the minimum
    assert fit_window((500, 300), None) == MIN_SIZE
    assert fit_window((2560, 1440), None) == (2560, 1440)  # no screen (the dummy driver): as asked
    assert usable_area((1920, 1080)) == (1824, 972)


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """A real-looking display: the driver named x11 and the desktops this list holds (a 1366x768 laptop at first)."""
    sizes = [(1366, 768)]
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: list(sizes))
    return sizes


def test_the_window_opens_fitted_to_the_desktop(
    desktop: list[tuple[int, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    app = App(AppConfig(size=(1280, 800)), Launcher)
    try:
        assert app.size == app.window_size == (1280, 688)
        assert capsys.readouterr().err == ""  # a remembered size shrinks quietly
        app.set_window_size((1920, 1080))  # chosen in the settings: fitted too
        assert app.size == (1298, 688)
        desktop[:] = [(1366, 768), (2560, 1440)]
        app.set_window_size((1920, 1080))  # the larger screen holds it
        assert app.window_size == (1920, 1080)
    finally:
        app.close()


def test_a_windowed_size_the_screen_cannot_hold_shrinks_and_says_so(
    desktop: list[tuple[int, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    options = parse_options(["--windowed", "2560x1440", "--mute", "--players", "2"])
    assert isinstance(options, Options) and options.size == (2560, 1440)
    app = App(app_config(options), Launcher)
    try:
        assert app.size == (1298, 688)
        err = capsys.readouterr().err
        assert "--windowed 2560x1440" in err and "1366x768" in err and "1298x688" in err
    finally:
        app.close()
    options = parse_options(["--windowed", "1200x650", "--mute", "--players", "2"])
    assert isinstance(options, Options)
    app = App(app_config(options), Launcher)
    try:
        assert app.size == (1200, 650) and capsys.readouterr().err == ""  # it fits: as asked, nothing said
    finally:
        app.close()


def test_without_a_real_screen_the_size_asked_is_used() -> None:
    app = App(AppConfig(size=(1600, 1000)), Launcher)  # the dummy driver's made-up 1024x768 desktop is no screen
    try:
        assert app.size == (1600, 1000)
    finally:
        app.close()
