"""Card art drawn by our own code: decks described as data, turned into SVG text, manifests and their checks.

This package is pure: it builds strings and reads/writes TOML, and never imports pygame. Rasterising the SVGs,
drawing corner indices and caching surfaces live in :mod:`briscola.ui.assets.cards`, the only place that knows pygame.
"""
