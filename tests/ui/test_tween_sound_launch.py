"""Tweens and the timeline; synthesised sounds (silent without a device); the command line's safe defaults."""

from __future__ import annotations

import pygame
import pytest

from briscola.ui.assets.sound import SOUND_NAMES, Sounds, synthesise
from briscola.ui.core.tween import EASINGS, Timeline, Tween
from briscola.ui.options import Options, parse_options


def test_easings_run_from_zero_to_one() -> None:
    for name, easing in EASINGS.items():
        assert abs(easing(0.0)) < 1e-9, name
        assert abs(easing(1.0) - 1.0) < 1e-9, name


def test_a_tween_is_time_based_whatever_the_frame_steps() -> None:
    coarse, fine = Tween(0.5), Tween(0.5)
    coarse.update(0.25)
    for _ in range(25):
        fine.update(0.01)
    assert abs(coarse.value - fine.value) < 1e-9
    coarse.update(1.0)
    assert coarse.done and coarse.value == 1.0
    assert Tween(0.0).value == 0.0 or Tween(0.0).done


def test_a_timeline_starts_beats_in_order_after_their_holds() -> None:
    started: list[str] = []
    timeline = Timeline()
    timeline.add(lambda: started.append("a"), 0.5)
    timeline.add(lambda: started.append("b"), 0.0)
    timeline.add(lambda: started.append("c"), 0.2)
    timeline.update(0.0)
    assert started == ["a"]
    timeline.update(0.5)
    assert started == ["a", "b", "c"]
    assert not timeline.idle
    timeline.update(0.2)
    assert timeline.idle


def test_sounds_are_synthesised_within_range() -> None:
    for name in SOUND_NAMES:
        samples = synthesise(name)
        assert 500 < len(samples) < 22050 * 2
        assert max(abs(s) for s in samples) <= 1.0
    with pytest.raises(ValueError):
        synthesise("trumpet")


def test_sound_is_silent_and_harmless_without_a_device(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    assert not sounds.available
    sounds.play("flick")  # nothing happens, nothing fails
    assert sounds.played == ["flick"]


def test_muted_sounds_play_nothing() -> None:
    sounds = Sounds(mute=True)
    sounds.play("won")
    sounds.set_volume(3.0)
    assert sounds.volume == 1.0


def test_bad_options_get_a_message_and_a_safe_default(capsys: pytest.CaptureFixture[str]) -> None:
    options = parse_options(
        [
            "--deck",
            "nope",
            "--level",
            "grandmaster",
            "--variant",
            "snap",
            "--speed",
            "warp",
            "--size",
            "huge",
            "--players",
            "nine",
            "--ai-delay",
            "-3",
            "--seed",
            "x",
        ]
    )
    assert isinstance(options, Options)
    err = capsys.readouterr().err
    for word in ("nope", "grandmaster", "snap", "warp", "huge", "nine", "--ai-delay", "--seed"):
        assert word in err
    assert options.deck == "napoletane" and options.level == "medio" and options.rules.name == "classic"
    assert options.speed == "normal" and options.size == (1280, 800) and options.ai_delay == 0.6


def test_options_pick_the_form_of_the_game() -> None:
    options = parse_options(["--players", "4", "--level", "5", "--deck", "piacentine", "--seed", "9"])
    assert isinstance(options, Options)
    assert options.rules.players == 4 and options.level == "esperto" and options.seed == 9
    six = parse_options(["--variant", "six"])
    assert isinstance(six, Options) and six.rules.players == 6


def test_demo_plays_hands_in_every_seat_and_ends() -> None:
    from main import main

    assert (
        main(
            [
                "--demo",
                "2",
                "--players",
                "3",
                "--speed",
                "instant",
                "--inline-ai",
                "--level",
                "greedy",
                "--ai-delay",
                "0",
                "--mute",
                "--seed",
                "4",
            ]
        )
        == 0
    )


def test_the_terminal_game_is_still_reachable(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    assert main(["--terminal", "--list-presets"]) == 0
    assert "classic" in capsys.readouterr().out
