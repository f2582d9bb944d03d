"""The ``[coach]`` table is kept like every other: a change to it (the new-game screen's "Take back moves") and the
values built back from a flat table survive, rather than falling back to the defaults."""

from __future__ import annotations

from briscola.store.settings import change_settings
from briscola.store.settings_schema import CoachSettings, Settings, build, flatten


def test_a_change_to_the_coach_table_is_kept() -> None:
    changed, problems = change_settings(Settings(), {"coach.undo": True, "coach.grading": "hand"}, "settings.toml")
    assert problems == []
    assert changed.coach == CoachSettings(undo=True, grading="hand")
    assert build(flatten(changed)) == changed
