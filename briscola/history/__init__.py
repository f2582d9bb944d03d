"""``python -m briscola.history``: the history database from the command line (list, show, export, import, stats).

A front end of :mod:`briscola.store.history`, beside the arena and the terminal game: :mod:`.command` reads the
options and runs the subcommand, :mod:`.words` puts matches and statistics into words. No pygame.
"""
