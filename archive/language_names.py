"""Languages by name, as Django's locale data names them in the page's language: for pages,
filters and the admin (archive.languages, which reads text, is kept free of Django)."""

from django.utils.translation import get_language_info

from .languages import CYRILLIC, OTHERS


def name(code: str) -> str:
    """A language's name in the page's language ("Ukrainian" for 'uk'), or its code where
    Django knows no name for it."""
    try:
        return get_language_info(code)["name_translated"]
    except KeyError:
        return code


def choices() -> list[tuple[str, str]]:
    """(code, name) of each language the archive reads (archive.languages), by name."""
    return sorted(((code, name(code)) for code in CYRILLIC + OTHERS), key=lambda c: c[1])
