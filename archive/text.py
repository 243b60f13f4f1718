"""Names and titles as they are stored, and the unique slugs made from them in any script.

Stored names and titles are in one Unicode form, without invisible characters."""

import itertools
import unicodedata

from anyascii import anyascii
from django.db import IntegrityError, transaction
from django.utils.text import slugify

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


def save_with_unique_slug(instance, text: str, save, *, max_length: int = 200) -> None:
    """Give `instance` (a new row, no slug yet) the first free slug made from `text` in any
    script ("Новая газета" -> "novaya-gazeta"; "le-monde-2" when "le-monde" is taken), and
    `save()` it. When another process takes that slug between the look-up and the insert, the
    next one is tried: each attempt has its own savepoint, so the caller's transaction goes on.
    """
    model = type(instance)
    manager = model._default_manager
    # Room for a "-NNNNN" suffix.
    base = slugify(anyascii(text))[: max_length - 6].strip("-") or model._meta.model_name
    for n in itertools.count(1):
        slug = base if n == 1 else f"{base}-{n}"
        if manager.filter(slug=slug).exists():
            continue
        instance.slug = slug
        try:
            with transaction.atomic():
                save()
        except IntegrityError:
            if not manager.filter(slug=slug).exists():
                instance.slug = ""
                raise  # another unique field, not the slug: not ours to settle
            continue
        return
