"""Synthesised sounds: a card flick, a shuffle, a trick gathered, a hand won or lost; no sound files, no numpy.

Each sound is a few thousand 16-bit samples computed with :mod:`array` at start-up and handed to
``pygame.mixer.Sound(buffer=...)``. Without an audio device (or with mute) every call does nothing, so the game
never fails for want of sound.
"""

from __future__ import annotations

import array
import math
import random

import pygame

__all__ = ["SOUND_NAMES", "Sounds", "synthesise"]

RATE = 22050
SOUND_NAMES = ("flick", "shuffle", "gather", "won", "lost")


def _noise_burst(rng: random.Random, length: float, decay: float, amplitude: float) -> list[float]:
    n = int(RATE * length)
    out = []
    last = 0.0
    for i in range(n):
        white = rng.uniform(-1.0, 1.0)
        last = last * 0.55 + white * 0.45  # a one-pole low-pass: paper, not hiss
        out.append(last * amplitude * math.exp(-i / (RATE * decay)))
    return out


def _tone(freq: float, length: float, amplitude: float) -> list[float]:
    n = int(RATE * length)
    attack = max(1, int(RATE * 0.01))
    return [
        amplitude * math.sin(2 * math.pi * freq * i / RATE) * min(1.0, i / attack) * math.exp(-3.0 * i / n)
        for i in range(n)
    ]


def synthesise(name: str, seed: int = 7) -> list[float]:
    """The samples (-1..1, mono, 22050 Hz) of the sound called ``name``."""
    rng = random.Random(f"{name}/{seed}")
    if name == "flick":
        return _noise_burst(rng, 0.07, 0.012, 0.8)
    if name == "shuffle":
        out: list[float] = []
        for _ in range(9):
            out.extend(_noise_burst(rng, 0.045, 0.010, 0.6))
            out.extend([0.0] * int(RATE * 0.02))
        return out
    if name == "gather":
        burst = _noise_burst(rng, 0.22, 0.08, 0.5)
        return [s * math.sin(math.pi * i / len(burst)) for i, s in enumerate(burst)]
    if name in ("won", "lost"):
        notes = (523.25, 659.25, 783.99) if name == "won" else (392.0, 329.63, 261.63)
        out = []
        for freq in notes:
            out.extend(_tone(freq, 0.16, 0.35))
        return out
    raise ValueError(f"no sound called {name!r} (one of {', '.join(SOUND_NAMES)})")


class Sounds:
    """The game's sounds, with volume and mute; silent when no mixer can be opened."""

    def __init__(self, volume: float = 0.7, mute: bool = False) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.mute = mute
        self.played: list[str] = []
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                return
            channels = init[2]
            for name in SOUND_NAMES:
                samples = array.array("h")
                for value in synthesise(name):
                    sample = int(max(-1.0, min(1.0, value)) * 32000)
                    samples.extend([sample] * channels)
                self._sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
        except (pygame.error, OSError, ValueError):
            self._sounds = {}

    @property
    def available(self) -> bool:
        """True when sounds can actually be heard (a mixer opened)."""
        return bool(self._sounds)

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0 to 1."""
        self.volume = min(1.0, max(0.0, volume))

    def play(self, name: str) -> None:
        """Play ``name`` (nothing when muted or without a device); the name is recorded for tests."""
        self.played.append(name)
        if len(self.played) > 64:
            del self.played[:32]
        sound = self._sounds.get(name)
        if sound is None or self.mute or self.volume <= 0.0:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            pass
