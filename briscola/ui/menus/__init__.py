"""The menu scenes: the title, a new game, settings, notices and the rules book (they reach each other, and the
table, through the app's navigator: :mod:`briscola.ui.navigation`)."""
