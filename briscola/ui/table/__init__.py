"""The table scene: a match in the window. The engine's events become sprites and timed animations; the human's
clicks and keys become actions handed to the match; name plates, messages and the drawing of it all."""
