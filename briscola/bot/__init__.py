"""The bot program's command name, kept working: ``python -m briscola.bot`` runs :mod:`briscola.protocol.bot`."""
