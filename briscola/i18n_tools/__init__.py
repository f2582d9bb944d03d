"""Maintain the translation catalogs with the standard library only: ``python -m briscola.i18n_tools COMMAND``.

* ``extract``: read every ``briscola/**/*.py`` with :mod:`ast` and write ``briscola/locale/briscola.pot`` from the
  literal arguments of ``_()``, ``N_()`` and ``ngettext()``, and of ``pgettext()`` and ``NC_()`` (a context, then the
  message) (sorted, without dates, so an unchanged source gives a byte-identical template and a clean diff).
* ``update``: merge the template into every ``<lang>/LC_MESSAGES/briscola.po``: translations are kept, new messages
  arrive untranslated, messages gone from the source are dropped.
* ``compile``: write each ``briscola.mo`` beside its ``.po`` (the GNU MO format, written here: no msgfmt needed).
* ``check``: exit 1 when the template is stale, a catalog lacks a message, or a ``.mo`` differs from its ``.po``.
* ``stats``: how many messages each catalog translates; ``missing LANG``: the messages LANG still lacks, with where
  they appear (what a translator works through after ``update``).
* ``update LANG...`` also starts a catalog for a new language.

The ``.mo`` files are committed, so a fresh clone plays in every language without any tool; the game never imports
this package (it only reads catalogs through :mod:`briscola.text.i18n`).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from briscola.i18n_tools.catalog import Message, compile_mo, header_text, merge, parse_po, render_po
from briscola.text.i18n import DOMAIN, LOCALE_DIR

__all__ = ["extract", "main", "stale_reasons", "template_text"]

PACKAGE_DIR: Final = Path(__file__).resolve().parent.parent
POT_PATH: Final = LOCALE_DIR / f"{DOMAIN}.pot"
#: The calls whose literal arguments are messages. A message kept as data (a table of labels, translated with
#: ``_(label)`` where it is shown) is marked ``N_("...")`` where it is written, so these calls find every message.
KEYWORDS: Final = frozenset({"_", "N_", "ngettext", "pgettext", "NC_"})
#: The keywords whose first argument is a context (``msgctxt``) and the second the message.
CONTEXT_KEYWORDS: Final = frozenset({"pgettext", "NC_"})

# --- extraction ---------------------------------------------------------------------------------------------------


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract(root: Path = PACKAGE_DIR) -> tuple[list[Message], list[str]]:
    """Messages of every keyword call with literal arguments under ``root``, and warnings for the non-literal calls.

    A non-literal call (``_(reason)``) is fine when the literal was marked elsewhere with ``N_``; the warning lists
    them so that a forgotten mark is easy to spot.
    """
    found: dict[tuple[str | None, str, str | None], Message] = {}
    warnings: list[str] = []
    for path in sorted(root.rglob("*.py")):
        if "i18n_tools" in path.parts:
            continue
        relative = path.relative_to(root.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in KEYWORDS:
                continue
            plural = node.func.id == "ngettext"
            with_context = node.func.id in CONTEXT_KEYWORDS
            wanted = 2 if plural or with_context else 1
            texts = [_literal(arg) for arg in node.args[:wanted]]
            if len(texts) < wanted or any(text is None for text in texts):
                warnings.append(f"{relative}:{node.lineno}: {node.func.id}() with a non-literal argument (skipped)")
                continue
            context = texts.pop(0) if with_context else None
            msgid, msgid_plural = texts[0] or "", texts[1] if plural else None
            if not msgid:
                warnings.append(f"{relative}:{node.lineno}: empty message (skipped)")
                continue
            _add(found, context, msgid, msgid_plural, f"{relative}:{node.lineno}")
    # gettext keys an entry by msgid alone: a message used both with _() and with ngettext() is one plural entry (as
    # xgettext makes it), whose first form compile_mo also files under the bare msgid for _().
    plurals: dict[tuple[str | None, str], Message] = {}
    for key, entry in sorted(found.items(), key=lambda item: (item[0][1], item[0][2] or "", item[0][0] or "")):
        where, singular, english_plural = key
        if english_plural is not None and plurals.setdefault((where, singular), entry) is not entry:
            warnings.append(f"{entry.references[0]}: {singular!r} has two plural forms in English; keeping the first")
            plurals[(where, singular)].references += found.pop(key).references
    for (where, singular), entry in plurals.items():
        if (where, singular, None) in found:
            entry.references += found.pop((where, singular, None)).references
    messages = sorted(found.values(), key=lambda m: (m.msgid, m.msgid_plural or "", m.context or ""))
    for message in messages:
        message.references = sorted(set(message.references))
    return messages, warnings


def _add(
    found: dict[tuple[str | None, str, str | None], Message],
    context: str | None,
    msgid: str | None,
    plural: str | None,
    where: str,
) -> None:
    """Record one occurrence of a message (several occurrences share one entry with all their references)."""
    if not msgid:
        return
    forms = ["", ""] if plural is not None else [""]
    entry = found.setdefault((context, msgid, plural), Message(msgid, plural, forms, context=context))
    # File-only references (xgettext's --add-location=file): moving a line must not make the catalogs stale.
    entry.references.append(where.rpartition(":")[0])
    if "{" in msgid and "python-brace-format" not in entry.flags:
        entry.flags.append("python-brace-format")


def template_header() -> Message:
    """The ``.pot`` header: no dates, so that re-extracting unchanged sources changes nothing."""
    return Message("", msgstr=[header_text("PACKAGE VERSION", "LANGUAGE", "nplurals=INTEGER; plural=EXPRESSION;")])


# --- commands -----------------------------------------------------------------------------------------------------


def catalog_paths(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Every ``<lang>/LC_MESSAGES/briscola.po``, sorted by language."""
    return sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def template_text(root: Path = PACKAGE_DIR) -> str:
    """The text ``extract`` writes to the ``.pot`` file."""
    messages, _warnings = extract(root)
    return render_po([template_header(), *messages])


def update_catalog(po_path: Path, template: Sequence[Message]) -> str:
    """The merged text of one catalog (a missing file starts empty)."""
    language = po_path.parent.parent.name
    old = parse_po(po_path.read_text(encoding="utf-8"), str(po_path)) if po_path.exists() else []
    return render_po(merge(template, old, language))


def stale_reasons(locale_dir: Path = LOCALE_DIR, root: Path = PACKAGE_DIR) -> list[str]:
    """Why the committed catalogs are out of date (empty when the template, catalogs and ``.mo`` files all agree)."""
    reasons: list[str] = []
    pot_path = locale_dir / f"{DOMAIN}.pot"
    expected = template_text(root)
    if not pot_path.exists() or pot_path.read_text(encoding="utf-8") != expected:
        reasons.append(f"{pot_path} is stale: run `python -m briscola.i18n_tools extract`")
    template = parse_po(expected)
    for po_path in catalog_paths(locale_dir):
        if po_path.read_text(encoding="utf-8") != update_catalog(po_path, template):
            reasons.append(f"{po_path} is not merged with the template: run `python -m briscola.i18n_tools update`")
        mo_path = po_path.with_suffix(".mo")
        mo = compile_mo(parse_po(po_path.read_text(encoding="utf-8"), str(po_path)))
        if not mo_path.exists() or mo_path.read_bytes() != mo:
            reasons.append(f"{mo_path} differs from its .po: run `python -m briscola.i18n_tools compile`")
    return reasons


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; ``update LANG...`` also starts catalogs for new languages."""
    args = list(sys.argv[1:] if argv is None else argv)
    command, rest = (args[0], args[1:]) if args else ("help", [])
    if command == "extract":
        messages, warnings = extract()
        for warning in warnings:
            print(f"note: {warning}", file=sys.stderr)
        POT_PATH.parent.mkdir(parents=True, exist_ok=True)
        POT_PATH.write_text(render_po([template_header(), *messages]), encoding="utf-8")
        print(f"{POT_PATH}: {len(messages)} messages")
    elif command == "update":
        template = parse_po(POT_PATH.read_text(encoding="utf-8"), str(POT_PATH))
        paths = {*catalog_paths(), *(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po" for lang in rest)}
        for po_path in sorted(paths):
            po_path.parent.mkdir(parents=True, exist_ok=True)
            po_path.write_text(update_catalog(po_path, template), encoding="utf-8")
        _print_stats()
    elif command == "compile":
        for po_path in catalog_paths():
            messages = parse_po(po_path.read_text(encoding="utf-8"), str(po_path))
            po_path.with_suffix(".mo").write_bytes(compile_mo(messages))
        _print_stats()
    elif command == "check":
        reasons = stale_reasons()
        for reason in reasons:
            print(reason, file=sys.stderr)
        return 1 if reasons else 0
    elif command == "stats":
        _print_stats()
    elif command == "missing":
        for po_path in (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po" for lang in rest):
            for message in parse_po(po_path.read_text(encoding="utf-8"), str(po_path)):
                if message.msgid and not message.translated:
                    context = f" [{message.context}]" if message.context is not None else ""
                    where = ", ".join(message.references)
                    print(f"{po_path.parent.parent.name}: {message.msgid!r}{context}  ({where})")
    else:
        print(__doc__)
        return 0 if command in ("help", "-h", "--help") else 2
    return 0


def _print_stats() -> None:
    for po_path in catalog_paths():
        messages = [m for m in parse_po(po_path.read_text(encoding="utf-8"), str(po_path)) if m.msgid]
        done = sum(m.translated for m in messages)
        print(f"{po_path.parent.parent.name}: {done}/{len(messages)} translated")
