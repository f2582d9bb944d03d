"""The levels' Elo kept beside the levels agrees with the measured ladder's document, level for level."""

from __future__ import annotations

import re
from pathlib import Path

from briscola.ai.levels import LADDER_ELO, LEVELS

LADDER = Path(__file__).resolve().parents[2] / "docs" / "ai-ladder.md"


def ladder_ratings() -> dict[str, float]:
    """The Ratings table of docs/ai-ladder.md: player -> Elo."""
    text = LADDER.read_text(encoding="utf-8")
    section = text.split("## Ratings", 1)[1].split("\n## ", 1)[0]
    ratings = {}
    for line in section.splitlines():
        match = re.match(r"\|\s*([a-z0-9]+)\s*\|\s*([+-]?\d+)\s*\|", line)
        if match:
            ratings[match.group(1)] = float(match.group(2))
    return ratings


def test_every_level_has_the_ladders_elo() -> None:
    ratings = ladder_ratings()
    assert set(LADDER_ELO) == {level.italian for level in LEVELS}
    for name, elo in LADDER_ELO.items():
        assert ratings[name] == elo, name


def test_the_levels_rise() -> None:
    elos = [LADDER_ELO[level.italian] for level in LEVELS]
    assert elos == sorted(elos)
