"""Marking the engine's player-facing texts (preset descriptions) for translation, without translating them here.

The engine imports nothing of the project, so it cannot use :mod:`briscola.text.i18n`; yet its descriptions must reach
the catalogs. :func:`N_` is the usual gettext marker: the extractor (:mod:`briscola.i18n_tools`) collects the literal in
every ``N_("...")`` call, and whoever shows the text translates it then with ``_(rules.description)``.

>>> N_("Open briscola.")
'Open briscola.'
"""

from __future__ import annotations

__all__ = ["N_"]


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext name, the one the extractor looks for
    """Return ``message`` unchanged: the call only marks it for extraction (the reader translates it when shown)."""
    return message
