"""What the coach may do in a match is saved with it, so a continued match keeps hints, grading and undo as chosen;
a save without it (older, or a match played as it is) reads as no coaching, and a wrong one is refused by name."""

from __future__ import annotations

import json
from pathlib import Path

from briscola.engine.game import Game
from briscola.engine.presets import preset
from briscola.store import Coaching, MatchConfig, autosave


def _saved(tmp_path: Path, coaching: Coaching) -> Path:
    file = tmp_path / "autosave.json"
    game = Game(preset("classic"), 5)
    config = MatchConfig(("human", "medio"), ("You", "Medio"), "classic", coaching=coaching)
    assert autosave.save(game, config, file) == []
    return file


def test_the_coaching_of_a_match_is_continued(tmp_path: Path) -> None:
    chosen = Coaching(hints=True, grading="hand", undo=True)
    continued, problems = autosave.load(_saved(tmp_path, chosen))
    assert problems == [] and continued is not None
    assert continued.config.coaching == chosen and continued.config.coaching.practice


def test_a_match_played_as_it_is_saves_no_coaching(tmp_path: Path) -> None:
    file = _saved(tmp_path, Coaching())
    assert "coaching" not in json.loads(file.read_text())
    continued, _ = autosave.load(file)
    assert continued is not None and continued.config.coaching == Coaching()
    assert not Coaching().practice


def test_a_wrong_coaching_is_refused_by_name(tmp_path: Path) -> None:
    file = _saved(tmp_path, Coaching(hints=True))
    document = json.loads(file.read_text())
    document["coaching"]["grading"] = "always"
    file.write_text(json.dumps(document))
    continued, problems = autosave.load(file)
    assert continued is None and "coaching" in problems[0].message()
