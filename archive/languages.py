"""The language a text is written in, read from the text itself.

lingua's models ship inside its wheel, so nothing is fetched at run time. Two detectors,
each knowing only the languages the archive meets, since a smaller choice is both surer and
lighter: one for Cyrillic text in full accuracy, where Ukrainian against Russian on a single
sentence is the distinction that matters most (about 120 MB once loaded), and one in lingua's
low-accuracy mode for every other script (about 40 MB), which is reliable on a paragraph and
the reason a very short text is left without a language. Each is built the first time a
text needs it.

The rules built on it: an article's language (`article_language`: what its page declares,
else what its text reads as), a quotation's within its article (`language_within`), and a
quote's canonical text's (`text_language`). docs/archiving.md tells them in words.
"""

from functools import cache

import regex as re
from lingua import IsoCode639_1, IsoCode639_3, Language, LanguageDetectorBuilder

# ISO 639-1 codes, as Article.language and Printing.language keep them.
CYRILLIC = ("uk", "ru", "be", "bg")
OTHERS = ("en", "pl", "de", "fr", "es", "it", "pt", "nl", "tr", "ar", "he")
# Below this many letters a guess is worth little: the text is left without a language.
SHORTEST = 12

_CYRILLIC_LETTER = re.compile(r"\p{Cyrillic}")
# The same letters as a character class both databases' regular expressions read (Python's
# `re` under SQLite's REGEXP, PostgreSQL's `~`), neither of which knows \p{Cyrillic}: the
# Unicode blocks of the Cyrillic script, for a query's "holds a Cyrillic letter".
CYRILLIC_IN_SQL = (
    "[\u0400-\u052f\u1c80-\u1c8f\u1d2b\u1d78\u2de0-\u2dff\ua640-\ua69f\ufe2e\ufe2f"
    "\U0001e030-\U0001e08f]"
)
_LETTER = re.compile(r"\p{L}")


@cache
def _detector(codes: tuple[str, ...], low_accuracy: bool):
    languages = [Language.from_iso_code_639_1(getattr(IsoCode639_1, c.upper())) for c in codes]
    builder = LanguageDetectorBuilder.from_languages(*languages)
    return (builder.with_low_accuracy_mode() if low_accuracy else builder).build()


def detect(text: str) -> str:
    """The ISO 639-1 code of the language `text` is written in, or "" when it is too short
    to say."""
    letters = len(_LETTER.findall(text))
    if letters < SHORTEST:
        return ""
    if len(_CYRILLIC_LETTER.findall(text)) * 2 > letters:
        detector = _detector(CYRILLIC, low_accuracy=False)
    else:
        detector = _detector(OTHERS, low_accuracy=True)
    language = detector.detect_language_of(text)
    return language.iso_code_639_1.name.lower() if language else ""


# Two-letter tags pages declare that are not, or no longer, the language's ISO 639-1 code:
# "ua" is Ukraine's country code, which Ukrainian sites often put in `lang`.
MISTAKEN = {"ua": "uk", "iw": "he", "in": "id", "ji": "yi"}
# Languages written in Cyrillic (a page declaring one of them over Latin text, or another
# over Cyrillic text, declares its template's language rather than its article's).
CYRILLIC_WRITTEN = frozenset({*CYRILLIC, "mk", "kk", "ky", "tg", "mn", "tt", "ba", "cv"})
# Both scripts are in use for these: a declaration of them is never contradicted by script.
EITHER_SCRIPT = frozenset({"sr", "bs", "az", "uz", "tk"})
# Below this many letters, a quotation in the script of its article is taken to be in the
# article's language without reading it: lingua's fast Latin-script detector calls one
# English sentence French or Dutch more often than it finds a quotation in another language
# of the same script. Cyrillic is always read (Ukrainian against Russian matters, and that
# detector is sure on a sentence).
SAME_SCRIPT_LATIN = 120
# An article's language is read from its first characters: lingua's time grows with the text,
# and the first 500 gave each of the 66 articles of the shared corpus the language its whole
# text gets, in half the time of 1,000.
SAMPLE = 500


def normalised(tag: str) -> str:
    """A declared language tag ('uk-UA', 'en_GB', 'UKR', 'ua') as the ISO 639-1 code
    Article.language keeps ('uk', 'en'), or "" for no language ('und', 'x-default', '')."""
    primary = (tag or "").strip().replace("_", "-").split("-")[0].lower()
    if len(primary) == 2 and primary.isascii() and primary.isalpha():
        return MISTAKEN.get(primary, primary)
    if len(primary) == 3 and primary.isascii() and primary.isalpha():
        try:
            code = Language.from_iso_code_639_3(getattr(IsoCode639_3, primary.upper()))
        except (AttributeError, ValueError):
            return ""
        return code.iso_code_639_1.name.lower()
    return ""


def cyrillic(text: str) -> bool | None:
    """Whether most of the letters of `text` are Cyrillic; None for a text without letters."""
    return _letters(text)[1]


def _letters(text: str) -> tuple[int, bool | None]:
    """How many letters `text` has, and `cyrillic(text)`."""
    letters = len(_LETTER.findall(text))
    return letters, len(_CYRILLIC_LETTER.findall(text)) * 2 > letters if letters else None


def written_as(code: str, text: str) -> bool:
    """Whether `text` is in the script language `code` is written in (or could be)."""
    return _fits(code, cyrillic(text))


def _fits(code: str, script: bool | None) -> bool:
    """`written_as` of a text whose `cyrillic` is `script`."""
    if script is None or not code or code in EITHER_SCRIPT:
        return True
    return script == (code in CYRILLIC_WRITTEN)


def article_language(declared: str, text: str) -> str:
    """The language of an article: the one its page (or whoever archives it) declares,
    normalised, unless the script of its text contradicts it; else the one read from its
    text, or "" when the text is too short to tell."""
    sample = text[:SAMPLE]
    code = normalised(declared)
    if code and written_as(code, sample):
        return code
    return detect(sample)


def language_within(text: str, surrounding: str) -> str:
    """The language of a quotation printed in an article in `surrounding` (a code, or ""):
    that language, unless the quotation's own words are in another one (a Ukrainian
    quotation in an English article; a Russian one in a Ukrainian article). A quotation in
    another script is always read; one in the article's script only where reading it is
    sure and worth it (SAME_SCRIPT_LATIN). A short quotation in the article's script costs
    no detection at all."""
    letters, script = _letters(text)  # read once for the three questions below
    if not surrounding or script is None or not _fits(surrounding, script):
        return detect(text)
    if script or letters >= SAME_SCRIPT_LATIN:
        return detect(text) or surrounding
    return surrounding


def text_language(text: str, languages) -> str:
    """The language of a text put together from printings in `languages` (a quote's canonical
    text): their one language, else, where they are in several, the one read from it."""
    found = {code for code in languages if code}
    if len(found) == 1:
        return found.pop()
    return detect(text) if found else ""
