"""The menu scenes, reached from the title: the title itself, settings, notices, who is playing, the rules book, and a
sub-package for each screen made of several modules (``setup`` new game, ``statistics``, ``sheets`` the score sheets,
``learning`` the school). They reach each other, and the table, through the app's navigator
(:mod:`briscola.ui.navigation`), never by importing each other's scenes."""
