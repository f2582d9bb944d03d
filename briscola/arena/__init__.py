"""The arena: headless games between any players, their statistics and reports, and the ladder that measures the
graded levels (``python -m briscola.arena``)."""
