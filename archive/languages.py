"""The language a text is written in, read from the text itself.

lingua's models ship inside its wheel, so nothing is fetched at run time. Two detectors,
each knowing only the languages the archive meets, since a smaller choice is both surer and
lighter: one for Cyrillic text in full accuracy, where Ukrainian against Russian on a single
sentence is the distinction that matters most (about 120 MB once loaded), and one in lingua's
low-accuracy mode for every other script (about 40 MB), which is reliable on a paragraph and
the reason a very short text is left without a language. Each is built the first time a
text needs it.
"""

from functools import cache

import regex as re
from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

# ISO 639-1 codes, as Article.language and Printing.language keep them.
CYRILLIC = ("uk", "ru", "be", "bg")
OTHERS = ("en", "pl", "de", "fr", "es", "it", "pt", "nl", "tr", "ar", "he")
# Below this many letters a guess is worth little: the text is left without a language.
SHORTEST = 12

_CYRILLIC_LETTER = re.compile(r"\p{Cyrillic}")
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
