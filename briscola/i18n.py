"""The translation functions every user-visible string goes through: ``_`` and ``ngettext`` (stdlib gettext).

Catalogs live in ``briscola/locale/<lang>/LC_MESSAGES/briscola.mo``; the language comes from the usual environment
variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) or from :func:`set_language`. With no catalog for the
language, every message is shown as written (English), so the game works before any translation exists.

Placeholders are named and filled *after* translation, so translators can reorder them:
``_("{name} plays {card}.").format(name=..., card=...)``.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from pathlib import Path
from typing import Final

__all__ = ["DOMAIN", "LOCALE_DIR", "N_", "_", "ngettext", "set_language"]

DOMAIN: Final = "briscola"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.translation(DOMAIN, localedir=LOCALE_DIR, fallback=True)


def set_language(languages: Sequence[str] | None) -> None:
    """Use the first of ``languages`` that has a catalog (None: follow the environment again)."""
    global _translation
    chosen = list(languages) if languages is not None else None
    _translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=chosen, fallback=True)


def _(message: str) -> str:
    """``message`` in the current language (itself when there is no translation)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the current language (whose plural rules may differ)."""
    return _translation.ngettext(singular, plural, count)


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext name, known to xgettext
    """Mark ``message`` for translation without translating it yet (for tables built at import time)."""
    return message
