"""The translation functions every user-visible string goes through: ``_`` and ``ngettext`` (stdlib gettext).

Catalogs live in ``briscola/locale/<lang>/LC_MESSAGES/briscola.mo``; the language comes from the usual environment
variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) or from :func:`set_language`. With no catalog for the
language, every message is shown as written (English), so the game works before any translation exists.

Placeholders are named and filled *after* translation, so translators can reorder them:
``_("{name} plays {card}.").format(name=..., card=...)``.

A message made long before it is shown (a problem found in a settings file at startup, shown on the title after the
player chose another language) is a :class:`Text`: its msgid and its parameters, translated each time it is turned
into a string, so it always reads in the language in use when it is read.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from pathlib import Path
from typing import Final

__all__ = ["DOMAIN", "LOCALE_DIR", "NC_", "N_", "Text", "_", "ngettext", "pgettext", "set_language"]

DOMAIN: Final = "briscola"
LOCALE_DIR: Final = Path(__file__).resolve().parents[1] / "locale"

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


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context`` (the ``msgctxt`` of its catalog entry).

    For one English word that other languages name in two ways: the Jack of a French deck is a *Jota* in Spanish,
    the Jack of an Italian or Spanish deck a *Sota*, so each is its own message.
    """
    return _translation.pgettext(context, message)


def NC_(context: str, message: str) -> str:  # noqa: N802 - glib's name for a marked message with a context
    """Mark ``message`` (in ``context``) for translation without translating it yet; :func:`pgettext` translates it."""
    return message


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext name, known to xgettext
    """Mark ``message`` for translation without translating it yet (for tables built at import time)."""
    return message


class Text:
    """A message translated when it is read, not when it is made: a msgid (marked ``N_``) and its parameters.

    ``str()`` (and ``format``, so a Text can be a parameter of another) translates the msgid in the current language
    and fills in the parameters, each a Text in its turn or any value shown with ``str``. Messages made at startup,
    before the player's language is known or changed, thus never mix languages. ``in`` looks for a part of the text as
    it reads now, like ``in`` on a string.
    """

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, /, **params: object) -> None:
        self.msgid = msgid
        self.params = params

    def __str__(self) -> str:
        return _(self.msgid).format(**self.params)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Text):
            return self.msgid == other.msgid and self.params == other.params
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.msgid)

    def __repr__(self) -> str:
        params = "".join(f", {key}={value!r}" for key, value in self.params.items())
        return f"Text({self.msgid!r}{params})"
