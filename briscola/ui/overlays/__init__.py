"""Panels over the table: the pause menu and the last trick, a hand's results and the match summary."""
