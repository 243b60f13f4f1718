"""Texts as they are stored: names and titles in one Unicode form without invisible
characters, an article's text without direction overrides, and its paragraphs.

Pure: no database. Unique slugs, which need one, are archive/slugs.py's."""

import re
import unicodedata

# Invisible characters that change how a name displays or compares without being part of it:
# Unicode's bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069),
# which can turn a name around on screen, and the zero-width space, joiners, word joiner and
# byte order mark.
INVISIBLE = dict.fromkeys(
    [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
    + [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]
)


def clean_name(value: str | None) -> str:
    """`value` (a name or a title) in NFC, without invisible and control characters, its
    whitespace collapsed to single spaces ("Le Monde" with a zero-width space or a
    right-to-left override in it comes out "Le Monde")."""
    # A line break or tab separates words; any other control character is dropped. NFC comes
    # after, so that an accent a zero-width space kept from its letter is composed with it.
    value = "".join(
        c if unicodedata.category(c) != "Cc" else (" " if c.isspace() else "")
        for c in (value or "").translate(INVISIBLE)
    )
    return " ".join(unicodedata.normalize("NFC", value).split())


# Controls that embed, override or isolate a direction (U+202A-U+202E, U+2066-U+2069): kept
# in a text, they turn its quotations around on screen ("\u202eeciohc" shows "choice"
# backwards). The marks (U+200E, U+200F, U+061C) order punctuation in right-to-left text and
# stay.
DIRECTION_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def clean_text(value: str) -> str:
    """An article's text as it is stored and quoted: without direction overrides and control
    characters (a tab stays, as does a line break; a form feed or vertical tab becomes a line
    break), as names lose them in clean_name."""
    value = value.translate(DIRECTION_CONTROLS)
    return "".join(
        c if c in "\t\n" or unicodedata.category(c) != "Cc" else ("\n" if c.isspace() else "")
        for c in value
    )


# A line: the text between two line breaks (stored texts break lines with "\n" alone).
_LINE = re.compile(r"[^\n]+")


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each paragraph of `text`, the one rule of what a paragraph is: a line
    that holds more than whitespace, without the whitespace around it. Extraction reads
    quotations and their speakers by it, the article page shows it, and the admin compares
    two versions of an article by it."""
    spans = []
    for match in _LINE.finditer(text):
        start, end = match.span()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start < end:
            spans.append((start, end))
    return spans


def paragraphs(text: str) -> list[str]:
    """The text of each paragraph of `text` (paragraph_spans)."""
    return [text[start:end] for start, end in paragraph_spans(text)]
