"""BBP/1, the bot protocol (docs/bot-protocol.md): its messages, an external bot program as a seat, the shadow game
that lets our own players run as a bot, and that bot program (``python -m briscola.bot``)."""
