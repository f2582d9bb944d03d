"""Every player makes the same moves on the same seeds as the golden transcripts recorded before issue 29's move.

The quick players (random, greedy, levels 1-3) on every preset and two seeds, the search levels (pimc30, 4, 5) on ten
presets, in the everyday run; the search levels' second seed and Campione's hands (seconds a move) in the slow run.
"""

from __future__ import annotations

import json

import pytest

from tests.match.golden import GOLDEN, cases, key, play_hand

_GOLDEN: dict[str, list[str]] = json.loads(GOLDEN.read_text())
_QUICK = cases(slow=False)
_SLOW = [case for case in cases(slow=True) if case not in set(_QUICK)]


def test_the_golden_file_holds_every_case() -> None:
    assert sorted(_GOLDEN) == sorted(key(*case) for case in cases(slow=True))


@pytest.mark.parametrize(("preset", "spec", "seed"), _QUICK, ids=[key(*case) for case in _QUICK])
def test_a_player_plays_as_recorded(preset: str, spec: str, seed: int) -> None:
    assert play_hand(preset, spec, seed) == _GOLDEN[key(preset, spec, seed)]


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "spec", "seed"), _SLOW, ids=[key(*case) for case in _SLOW])
def test_a_search_level_plays_as_recorded(preset: str, spec: str, seed: int) -> None:
    assert play_hand(preset, spec, seed) == _GOLDEN[key(preset, spec, seed)]
