"""The catalog formats, written with the standard library: PO text (read and written the way msgmerge does) and GNU MO.

A message may carry a context (``msgctxt``): the same English word meaning two things that another language names
differently (the Jack of a French deck is a *Jota* in Spanish, the Jack of an Italian or Spanish deck a *Sota*) is
two entries, told apart by their context, exactly as GNU gettext does it.

Kept apart from the commands in :mod:`briscola.i18n_tools` so each part stays small; nothing here touches files.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

__all__ = [
    "DEFAULT_PLURAL_FORMS",
    "PLURAL_FORMS",
    "Message",
    "compile_mo",
    "header_fields",
    "header_text",
    "merge",
    "parse_po",
    "render_po",
]

MO_MAGIC: Final = 0x950412DE

#: Plural rule a new catalog starts with (GNU gettext's table): "one" for n == 1, "other" otherwise, in it/en/de/es/da;
#: languages that differ are listed.
DEFAULT_PLURAL_FORMS: Final = "nplurals=2; plural=(n != 1);"
PLURAL_FORMS: Final = {
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


@dataclass
class Message:
    """One catalog entry; ``msgid == ""`` is the header, whose ``msgstr`` holds the ``Key: value`` metadata."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    references: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # translator comments ("# ..."), kept across updates
    context: str | None = None
    """The ``msgctxt``: entries with one msgid and different contexts are different messages."""

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        """What identifies the entry in a catalog: its context, msgid and plural msgid."""
        return (self.context, self.msgid, self.msgid_plural)

    @property
    def translated(self) -> bool:
        """True when every form has a translation and no one marked it fuzzy (msgfmt skips fuzzy entries too)."""
        return "fuzzy" not in self.flags and all(self.msgstr)


def header_text(project: str, language: str, plural_forms: str) -> str:
    """The metadata gettext reads (charset and plural rule); no dates or names, so regenerating changes nothing."""
    return (
        f"Project-Id-Version: {project}\n"
        f"Language: {language}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {plural_forms}\n"
    )


# --- the PO format ------------------------------------------------------------------------------------------------

_ESCAPES: Final = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_UNESCAPES: Final = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _quote(text: str) -> str:
    return '"' + "".join(_ESCAPES.get(char, char) for char in text) + '"'


def _unquote(token: str, where: str) -> str:
    token = token.strip()
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, found {token!r}")
    out: list[str] = []
    chars = iter(token[1:-1])
    for char in chars:
        if char == "\\":
            escaped = next(chars, "")
            if escaped not in _UNESCAPES:
                raise ValueError(f"{where}: unknown escape \\{escaped}")
            out.append(_UNESCAPES[escaped])
        else:
            out.append(char)
    return "".join(out)


def _field_lines(keyword: str, text: str) -> list[str]:
    """``keyword "text"``, split after each newline like msgmerge does, so long messages stay readable."""
    parts = text.splitlines(keepends=True)
    if len(parts) <= 1:
        return [f"{keyword} {_quote(text)}"]
    return [f'{keyword} ""', *(_quote(part) for part in parts)]


def render_po(messages: Iterable[Message]) -> str:
    """The text of a ``.po``/``.pot`` file with ``messages`` in the given order (header first)."""
    blocks: list[str] = []
    for message in messages:
        lines = [f"# {comment}".rstrip() for comment in message.comments]
        lines += [f"#: {reference}" for reference in message.references]
        if message.flags:
            lines.append("#, " + ", ".join(message.flags))
        if message.context is not None:
            lines += _field_lines("msgctxt", message.context)
        lines += _field_lines("msgid", message.msgid)
        if message.msgid_plural is None:
            lines += _field_lines("msgstr", message.msgstr[0])
        else:
            lines += _field_lines("msgid_plural", message.msgid_plural)
            for index, form in enumerate(message.msgstr):
                lines += _field_lines(f"msgstr[{index}]", form)
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def parse_po(text: str, name: str = "<po>") -> list[Message]:
    """Read the entries of a ``.po`` file (obsolete ``#~`` entries are not used by the game)."""
    messages: list[Message] = []
    current: Message | None = None
    target: tuple[str, int] | None = None  # the field that continuation lines extend: ("msgid", 0), ("msgstr", 1)...
    pending = Message("")

    def finish() -> None:
        nonlocal current, pending
        if current is not None:
            messages.append(current)
        current, pending = None, Message("")

    for number, raw in enumerate(text.splitlines(), start=1):
        line, where = raw.strip(), f"{name}:{number}"
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if current is not None and target is not None and target[0] == "msgstr":
                finish()
            if line.startswith("#:"):
                pending.references += line[2:].split()
            elif line.startswith("#,"):
                pending.flags += [flag.strip() for flag in line[2:].split(",") if flag.strip()]
            elif line.startswith("# ") or line == "#":
                pending.comments.append(line[2:])
            continue
        if line.startswith('"'):
            value = _unquote(line, where)
            if target is not None and target[0] == "msgctxt":
                pending.context = (pending.context or "") + value
            elif current is None or target is None:
                raise ValueError(f"{where}: a string outside any field")
            elif target[0] == "msgid":
                current.msgid += value
            elif target[0] == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + value
            else:
                current.msgstr[target[1]] += value
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword == "msgctxt":
            if current is not None:
                finish()
            pending.context, target = _unquote(rest, where), ("msgctxt", 0)
        elif keyword == "msgid":
            if current is not None:
                finish()
            current = Message(_unquote(rest, where), None, [], pending.references, pending.flags, pending.comments)
            current.context = pending.context
            target = ("msgid", 0)
        elif current is None:
            raise ValueError(f"{where}: {keyword} before msgid")
        elif keyword == "msgid_plural":
            current.msgid_plural, target = _unquote(rest, where), ("msgid_plural", 0)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            index = int(keyword[7:-1]) if keyword != "msgstr" else 0
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index], target = _unquote(rest, where), ("msgstr", index)
        else:
            raise ValueError(f"{where}: unexpected {keyword!r}")
    finish()
    return messages


def header_fields(messages: Sequence[Message]) -> dict[str, str]:
    """The ``Key: value`` pairs of the header entry (empty when there is none)."""
    for message in messages:
        if message.msgid == "":
            pairs = (line.partition(":") for line in message.msgstr[0].splitlines() if ":" in line)
            return {key.strip(): value.strip() for key, _colon, value in pairs}
    return {}


# --- merging and compiling ----------------------------------------------------------------------------------------


def merge(template: Sequence[Message], catalog: Sequence[Message], language: str) -> list[Message]:
    """The template's messages with the catalog's translations, comments and fuzzy marks; a missing header is made."""
    known = {m.key: m for m in catalog}
    header = known.get((None, "", None))
    if header is None:
        plural_forms = PLURAL_FORMS.get(language, DEFAULT_PLURAL_FORMS)
        header = Message("", msgstr=[header_text("briscola", language, plural_forms)])
    nplurals = _nplurals(header_fields([header]).get("Plural-Forms", "nplurals=2;"))
    merged = [header]
    for entry in template:
        if entry.msgid == "":
            continue
        old = known.get(entry.key)
        forms = list(old.msgstr) if old else [""] * (nplurals if entry.msgid_plural is not None else 1)
        flags = list(entry.flags)
        if old and "fuzzy" in old.flags:
            flags.insert(0, "fuzzy")
        comments = list(old.comments) if old else []
        merged.append(
            Message(entry.msgid, entry.msgid_plural, forms, list(entry.references), flags, comments, entry.context)
        )
    return merged


def _nplurals(plural_forms: str) -> int:
    for part in plural_forms.split(";"):
        key, _eq, value = part.partition("=")
        if key.strip() == "nplurals" and value.strip().isdigit():
            return int(value)
    return 2


def compile_mo(messages: Iterable[Message]) -> bytes:
    """The GNU MO file of the translated ``messages`` (the header always included; untranslated and fuzzy skipped).

    Layout: magic, revision 0, count N, offset of the original-strings table, offset of the translations table, hash
    size 0 (no hash table: readers then search the sorted table), hash offset; then the two tables of (length, offset)
    pairs and the NUL-terminated strings. A plural entry's key is ``singular\\0plural`` and its value the forms joined
    by ``\\0``, exactly what :mod:`gettext` expects; its first form is also stored under the bare singular. A message
    with a context is filed under ``context\\x04msgid``, where :func:`gettext.pgettext` looks for it.
    """
    pairs: dict[bytes, bytes] = {}
    for message in messages:
        if message.msgid and not message.translated:
            continue
        singular = message.msgid if message.context is None else f"{message.context}\x04{message.msgid}"
        if message.msgid_plural is None:
            pairs[singular.encode("utf-8")] = message.msgstr[0].encode("utf-8")
            continue
        key = f"{singular}\0{message.msgid_plural}".encode()
        pairs[key] = "\0".join(message.msgstr).encode("utf-8")
        # C gettext answers gettext(singular) from a plural entry, Python's only from a plain one: give it one.
        pairs.setdefault(singular.encode("utf-8"), message.msgstr[0].encode("utf-8"))
    keys = sorted(pairs)
    count = len(keys)
    originals_at, translations_at = 28, 28 + 8 * count
    data_at = 28 + 16 * count
    strings = bytearray()
    original_table: list[int] = []
    translation_table: list[int] = []
    for table, texts in ((original_table, keys), (translation_table, [pairs[key] for key in keys])):
        for text in texts:
            table += [len(text), data_at + len(strings)]
            strings += text + b"\0"
    head = struct.pack("<7I", MO_MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    return head + struct.pack(f"<{4 * count}I", *original_table, *translation_table) + bytes(strings)
