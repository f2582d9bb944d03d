"""The desktop table: the only package that imports pygame (pygame-ce)."""
