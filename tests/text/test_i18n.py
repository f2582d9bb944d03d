"""Translations: the committed catalogs are current, complete and well-formed, and the game speaks the chosen language.

The ``.mo`` files are committed (a clone plays in every language without gettext tools), so like the card art they
are checked against a fresh compile of their ``.po``; the ``.pot`` against a fresh extraction of the sources. When
one of these fails: ``python -m briscola.i18n_tools extract && ... update``, translate, then ``... compile``.
"""

from __future__ import annotations

import gettext
import io
import shutil
import string
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import briscola.text.i18n as i18n
from briscola.ai.levels import LEVELS, parse_level
from briscola.engine import PRESETS, Card, DeckFamily, preset
from briscola.engine.cards import card_name
from briscola.i18n_tools import extract, main, stale_reasons
from briscola.i18n_tools.catalog import Message, compile_mo, header_fields, merge, parse_po, render_po
from briscola.terminal.narrator import Narrator
from briscola.terminal.words import Style
from briscola.text.i18n import LOCALE_DIR, _, ngettext, set_language

#: Languages whose catalog must translate every message (the issue's "complete").
COMPLETE = ("it", "en", "de", "es", "da")
CATALOGS = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/briscola.po"))
LANGUAGES = [path.parent.parent.name for path in CATALOGS]


def _catalog(language: str) -> list[Message]:
    path = LOCALE_DIR / language / "LC_MESSAGES" / "briscola.po"
    return [m for m in parse_po(path.read_text(encoding="utf-8"), str(path)) if m.msgid]


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test may switch language; the module-level translation is restored afterwards for the other tests."""
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    yield


# --- the catalogs on disk -----------------------------------------------------------------------------------------


def test_the_shipped_languages_have_catalogs() -> None:
    assert set(COMPLETE) <= set(LANGUAGES)


def test_template_catalogs_and_mo_files_are_current() -> None:
    assert stale_reasons() == []


@pytest.mark.parametrize("po_path", CATALOGS, ids=LANGUAGES)
def test_mo_file_matches_a_fresh_compile_of_its_po(po_path: Path) -> None:
    messages = parse_po(po_path.read_text(encoding="utf-8"), str(po_path))
    assert po_path.with_suffix(".mo").read_bytes() == compile_mo(messages)


@pytest.mark.parametrize("po_path", CATALOGS, ids=LANGUAGES)
def test_po_files_round_trip_through_the_parser(po_path: Path) -> None:
    text = po_path.read_text(encoding="utf-8")
    assert render_po(parse_po(text)) == text


@pytest.mark.parametrize("language", COMPLETE)
def test_every_source_message_is_translated(language: str) -> None:
    source = {(m.msgid, m.msgid_plural) for m in extract()[0]}
    catalog = {(m.msgid, m.msgid_plural): m for m in _catalog(language)}
    assert source - set(catalog) == set()
    untranslated = [key[0] for key, m in catalog.items() if not m.translated]
    assert untranslated == []


def _fields(text: str) -> Counter[tuple[str, str, str | None]]:
    return Counter(
        (name, spec or "", conversion)
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_and_edges_are_kept(language: str) -> None:
    """Every ``{field}`` (with its format spec) survives translation, and so do leading/trailing spaces and newlines,
    which the callers rely on when they join pieces or write to a stream."""
    for message in _catalog(language):
        sources = [message.msgid] if message.msgid_plural is None else [message.msgid, message.msgid_plural]
        for index, form in enumerate(message.msgstr):
            if not form:
                continue
            source = sources[min(index, len(sources) - 1)]
            # A singular form may drop the count ("one card" for "{count} card"); it must not invent fields.
            if message.msgid_plural is not None and index == 0:
                assert set(_fields(form)) <= set(_fields(message.msgid_plural)), (language, form)
            else:
                assert _fields(form) == _fields(source), (language, source, form)
            assert form.endswith("\n") == source.endswith("\n"), (language, source)
            assert form[:1].isspace() == source[:1].isspace(), (language, source)
            assert form.endswith(" ") == source.endswith(" "), (language, source)


@pytest.mark.parametrize("language", LANGUAGES)
def test_header_declares_utf8_and_a_valid_plural_rule(language: str) -> None:
    path = LOCALE_DIR / language / "LC_MESSAGES" / "briscola.po"
    header = header_fields(parse_po(path.read_text(encoding="utf-8")))
    assert header["Language"] == language
    assert "charset=UTF-8" in header["Content-Type"]
    nplurals_part, plural_part = (part.strip() for part in header["Plural-Forms"].rstrip(";").split(";"))
    nplurals = int(nplurals_part.removeprefix("nplurals="))
    rule = gettext.c2py(plural_part.removeprefix("plural="))
    assert all(0 <= rule(n) < nplurals for n in range(200))
    for message in _catalog(language):
        if message.msgid_plural is not None:
            assert len(message.msgstr) == nplurals, message.msgid


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("po_path", CATALOGS, ids=LANGUAGES)
def test_gnu_msgfmt_accepts_the_catalogs_and_their_brace_placeholders(po_path: Path, tmp_path: Path) -> None:
    """A second opinion from the reference tools: the syntax, the header and each python-brace-format entry."""
    command = ["msgfmt", "--check", "--check-format", "-o", str(tmp_path / "out.mo"), str(po_path)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


# --- the tools ----------------------------------------------------------------------------------------------------


def test_mo_writer_is_read_by_gettext_with_plurals_and_skips_untranslated() -> None:
    header = Message(
        "", msgstr=["Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"]
    )
    messages = [
        header,
        Message("Deal", msgstr=["Mescola"]),
        Message("{n} card", "{n} cards", ["{n} carta", "{n} carte"]),
        Message("Untranslated", msgstr=[""]),
        Message("Fuzzy", msgstr=["Sfocato"], flags=["fuzzy"]),
    ]
    catalog = gettext.GNUTranslations(io.BytesIO(compile_mo(messages)))
    assert catalog.gettext("Deal") == "Mescola"
    assert catalog.ngettext("{n} card", "{n} cards", 1) == "{n} carta"
    assert catalog.ngettext("{n} card", "{n} cards", 3) == "{n} carte"
    assert catalog.gettext("Untranslated") == "Untranslated"
    assert catalog.gettext("Fuzzy") == "Fuzzy"


def test_extract_reads_literal_calls_with_references_and_warns_about_the_rest(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text(
        'x = _("Hello {name}")\ny = ngettext("{n} card", "{n} cards", 2)\nz = _(x)\nw = N_("Hello {name}")\n'
    )
    messages, warnings = extract(package)
    assert [(m.msgid, m.msgid_plural, m.references) for m in messages] == [
        ("Hello {name}", None, ["pkg/a.py"]),  # one reference per file: moving a line changes nothing
        ("{n} card", "{n} cards", ["pkg/a.py"]),
    ]
    assert messages[0].flags == ["python-brace-format"]
    assert warnings == ["pkg/a.py:3: _() with a non-literal argument (skipped)"]


def test_a_message_with_a_context_is_its_own_entry_from_source_to_gettext(tmp_path: Path) -> None:
    """msgctxt (issue 30): one English word, two messages. "Jack" of a French deck is a Jota in Spanish, "Jack" of an
    Italian or Spanish deck a Sota; extraction, the PO text, merging and the MO file all keep them apart."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text('a = _("Jack")\nb = NC_("latin", "Jack")\nc = pgettext("latin", "Jack")\n')
    messages, warnings = extract(package)
    assert warnings == []
    assert [(m.context, m.msgid) for m in messages] == [(None, "Jack"), ("latin", "Jack")]
    text = render_po(messages)
    assert 'msgctxt "latin"\nmsgid "Jack"' in text
    parsed = parse_po(text)
    assert [(m.context, m.msgid) for m in parsed] == [(None, "Jack"), ("latin", "Jack")]
    old = [Message("Jack", msgstr=["Jota"]), Message("Jack", msgstr=["Sota"], context="latin")]
    merged = merge(parsed, old, "es")
    assert [(m.context, m.msgstr) for m in merged[1:]] == [(None, ["Jota"]), ("latin", ["Sota"])]
    assert render_po(parse_po(render_po(merged))) == render_po(merged)
    header = Message("", msgstr=["Content-Type: text/plain; charset=UTF-8\n"])
    catalog = gettext.GNUTranslations(io.BytesIO(compile_mo([header, *merged[1:]])))
    assert catalog.gettext("Jack") == "Jota"
    assert catalog.pgettext("latin", "Jack") == "Sota"
    assert catalog.pgettext("other", "Jack") == "Jack"


def test_data_tables_reach_the_catalogs_through_their_n_marks() -> None:
    """Preset descriptions and level names are data, translated only where shown (``_(rules.description)``); their
    ``N_`` marks are all that brings them into the template, so a description added without one is caught here."""
    msgids = {message.msgid for message in extract()[0]}
    assert {rules.description for rules in PRESETS.values()} - msgids == set()
    assert {level.english for level in LEVELS} - msgids == set()


def test_the_menus_tables_reach_the_catalogs_through_their_n_marks() -> None:
    """The rules book's glossary, the new-game options and the settings' choices are data as well, shown
    with ``_(text)``: a line or label added to one of these tables without its ``N_`` mark is caught here."""
    from briscola.text.rules_page import GLOSSARY
    from briscola.ui.menus.settings import LANGUAGE_NAMES, ON_OFF, SPEED_NAMES, TABLE_COLOURS
    from briscola.ui.menus.setup.new_game import OPTIONS

    msgids = {message.msgid for message in extract()[0]}
    shown = {meaning for _word, meaning in GLOSSARY}
    for _name, label, values, explanation in OPTIONS:
        shown |= {label, explanation, *(text for _value, text in values if not text.isdigit())}  # not hands to win
    for choices in (TABLE_COLOURS, SPEED_NAMES, ON_OFF, LANGUAGE_NAMES[:1]):  # the languages keep their own names
        shown |= {text for _value, text in choices}
    assert len(shown) > 40 and shown - msgids == set()


def test_merge_keeps_translations_adds_new_ones_empty_and_drops_obsolete_ones() -> None:
    template = [Message("Kept"), Message("New"), Message("{n} card", "{n} cards", ["", ""])]
    old = [Message("Kept", msgstr=["Tenuto"], comments=["a translator's note"]), Message("Gone", msgstr=["Via"])]
    merged = merge(template, old, "it")
    assert merged[0].msgid == "" and "Language: it" in merged[0].msgstr[0]
    assert [(m.msgid, m.msgstr, m.comments) for m in merged[1:]] == [
        ("Kept", ["Tenuto"], ["a translator's note"]),
        ("New", [""], []),
        ("{n} card", ["", ""], []),
    ]


def test_check_command_exits_zero_on_the_committed_catalogs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    assert main(["nonsense"]) == 2
    capsys.readouterr()


# --- the running game ---------------------------------------------------------------------------------------------


def test_switching_language_changes_the_visible_text() -> None:
    set_language(["en"])
    english = (_("New game"), _("Settings"), ngettext("{points} point", "{points} points", 3))
    assert english == ("New game", "Settings", "{points} points")
    set_language(["it"])
    assert (_("New game"), _("Settings")) == ("Nuova partita", "Impostazioni")
    assert ngettext("{points} point", "{points} points", 1).format(points=1) == "1 punto"
    assert ngettext("{points} point", "{points} points", 3).format(points=3) == "3 punti"
    # A message used both alone and with a plural is one gettext entry; _() gets its singular form.
    assert _("{names} wins the hand.") == "{names} vince la mano."
    assert ngettext("{names} wins the hand.", "{names} win the hand.", 2) == "{names} vincono la mano."
    set_language(["de"])
    assert _("New game") == "Neues Spiel"
    set_language(["es"])
    assert _("New game") == "Partida nueva"
    set_language(["xx", "es"])  # the first language with a catalog wins
    assert _("Rules") == "Reglas"
    set_language(["xx"])  # no catalog at all: the English source text
    assert _("New game") == "New game"


def test_the_terminal_game_narrates_in_the_chosen_language() -> None:
    """A pygame-free check: the CLI's narrator builds its sentences through gettext at the moment it speaks."""
    narrator = Narrator(preset("classic"), 0, Style(False))
    set_language(["en"])
    assert narrator.introduction() == "You are seat 0, playing against Bruno."
    set_language(["it"])
    assert narrator.introduction() == "Sei al posto 0, contro Bruno."
    set_language(["es"])
    assert narrator.introduction() == "Ocupas el asiento 0, contra Bruno."


@pytest.mark.parametrize("language", ["en", *COMPLETE])
def test_the_engine_names_italian_and_spanish_cards_in_their_own_words_in_every_language(language: str) -> None:
    """The engine's names (BBP/1 tools, logs) never change with the language: Fante, Cavallo and Re (Sota, Caballo,
    Rey) are the decks' own words. What a player reads is :mod:`briscola.text.names`' (tests/text/test_names.py)."""
    set_language([language])
    assert card_name(Card.parse("QH"), DeckFamily.ITALIAN) == "Cavallo di coppe"
    assert card_name(Card.parse("JD"), DeckFamily.SPANISH) == "Sota de oros"


def test_preset_descriptions_and_level_names_are_translated() -> None:
    set_language(["it"])
    assert _(preset("classic").description) != preset("classic").description
    assert _(parse_level("esperto").english) == "Esperto"


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANGUAGE": "it"}, "Nuova partita"),
        ({"LC_ALL": "de_DE.UTF-8"}, "Neues Spiel"),
        ({"LC_MESSAGES": "es_ES.UTF-8"}, "Partida nueva"),
        ({"LANG": "it_IT.UTF-8"}, "Nuova partita"),
        ({"LANGUAGE": "es:it", "LANG": "de_DE.UTF-8"}, "Partida nueva"),  # LANGUAGE comes first, as in gettext
        ({"LANG": "C"}, "New game"),
        ({"LANG": "fi_FI.UTF-8"}, "New game"),  # no Finnish catalog: English
    ],
)
def test_the_system_locale_chooses_the_language(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    set_language(None)
    assert _("New game") == expected
