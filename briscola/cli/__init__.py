"""The terminal game's first command name, kept working: ``python -m briscola.cli`` runs the terminal game."""
