"""The menu scenes: the title, a new game, settings, notices and the rules book, and the step from the menus to the
table."""
