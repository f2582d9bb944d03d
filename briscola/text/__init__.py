"""The player's words: translation through gettext, cards named as a player reads them, and what command-line
entry points do with their output. Sits just above the engine; below the store, the protocol, the match and every
front end, which all speak to people through it."""
