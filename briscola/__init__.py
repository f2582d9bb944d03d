"""Briscola, the Italian trick-taking card game: rules engine, computer players and desktop table."""

__version__ = "0.1.0"
