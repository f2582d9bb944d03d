"""The terminal game: a match against the computer at a text prompt (``python -m briscola.terminal``, also known by
its first name ``python -m briscola.cli``, and ``python main.py --terminal``)."""
