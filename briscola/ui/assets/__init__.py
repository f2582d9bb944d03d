"""What the screens show that is made, not laid out: card images from the decks, synthesised sounds, the names of
presets and backs, and the decks' contact sheets."""
