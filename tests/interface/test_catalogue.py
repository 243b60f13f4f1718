"""The Ukrainian catalogue: complete, with Ukrainian's plural forms, and compiled."""

import ast
import gettext
import re
from pathlib import Path

from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"


def po_entries(language):
    """(msgctxt, msgid, [msgstr, ...]) of every entry of the language's django.po but the
    header, unescaped."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries = []
    for block in text.split("\n\n"):
        parts = re.split(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) ", block, flags=re.M)
        fields = {}
        for name, value in zip(parts[1::2], parts[2::2], strict=True):
            pieces = re.findall(r'"(?:[^"\\]|\\.)*"', value)
            fields[name] = "".join(ast.literal_eval(piece) for piece in pieces)
        if fields.get("msgid"):
            strings = [v for k, v in fields.items() if k.startswith("msgstr")]
            entries.append((fields.get("msgctxt"), fields["msgid"], strings))
    return entries


def test_every_public_string_has_a_ukrainian_translation():
    """No msgstr is left empty, and every plural has Ukrainian's four forms."""
    entries = po_entries("uk")
    assert len(entries) > 250
    empty = [msgid for _context, msgid, strings in entries if not all(strings)]
    assert not empty, f"untranslated: {empty}"
    plurals = [strings for _context, _msgid, strings in entries if len(strings) > 1]
    assert plurals and all(len(strings) == 4 for strings in plurals)


def test_the_committed_mo_holds_the_po():
    """django.mo is the compiled django.po (run `make messages` after changing either): it
    translates every string the .po does, so the build needs no gettext."""
    with open(LOCALE / "uk" / "LC_MESSAGES" / "django.mo", "rb") as mo:
        catalogue = gettext.GNUTranslations(mo)
    for context, msgid, strings in po_entries("uk"):
        if len(strings) > 1:
            assert catalogue.ngettext(msgid, "", 5) == strings[2], msgid
        elif context:
            assert catalogue.pgettext(context, msgid) == strings[0], msgid
        else:
            assert catalogue.gettext(msgid) == strings[0], msgid
