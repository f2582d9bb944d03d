"""The school in the window: its menu, a lesson's pages and exercises, the puzzles, and the still position both draw
(their logic is briscola/school, the progress store/school_progress)."""
