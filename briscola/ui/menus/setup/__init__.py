"""The new-game screen: its scene, the seats, the rule options offered for the chosen rules, and its preview."""
