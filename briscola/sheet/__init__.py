"""The score sheet for games played with real cards: its rules and tally (:mod:`.model`), the editor
(:mod:`.editor`), keeping sheets in the history database (:mod:`.keeping`), and ``python -m briscola.sheet``."""
