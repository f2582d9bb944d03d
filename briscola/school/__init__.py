"""The school: lessons for newcomers and endgame puzzles for everyone, with no pygame (the scenes are the ui's)."""
