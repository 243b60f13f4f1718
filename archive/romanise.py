"""Cyrillic written in Latin letters by the official scheme of its language.

Ukrainian by the Cabinet of Ministers' table of 2010 (translitua's UkrainianKMU), which
Ukrainian passports and most English-language outlets follow ("Олександр Гнатюк" ->
"Oleksandr Hnatiuk"); Russian by Wikipedia's (iuliia), which English-language outlets
follow ("Дмитрий Песков" -> "Dmitry Peskov"). The other ways outlets romanise a name
("Dmitrii", "Gnatyuk", "Tavriya") are folded later, by the keys that compare names
(quotes.names.spell). Pure Python, no database.
"""

import re
from functools import lru_cache

import iuliia
import translitua

# Letters only one of the two languages writes: "Пєсков" is Ukrainian, "Ёлкин" Russian.
UKRAINIAN_ONLY = re.compile(r"[іїєґІЇЄҐ]")
RUSSIAN_ONLY = re.compile(r"[ыэъёЫЭЪЁ]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def is_cyrillic(text: str) -> bool:
    """Whether `text` holds a Cyrillic letter."""
    return bool(_CYRILLIC.search(text))


def letters_language(text: str) -> str:
    """ "uk" or "ru" where `text`'s letters are written in one of the two languages only
    (і, ї, є, ґ; ы, э, ъ, ё), else "" ("Песков" may be either)."""
    uk, ru = bool(UKRAINIAN_ONLY.search(text)), bool(RUSSIAN_ONLY.search(text))
    if uk == ru:
        return ""
    return "uk" if uk else "ru"


@lru_cache(maxsize=1 << 16)  # names recur, word by word
def romanise(text: str, language: str = "") -> str:
    """`text` with its Cyrillic written in Latin letters: by the Ukrainian scheme where
    `language` is "uk" or the letters are Ukrainian, else by the Russian one; other
    letters as they are."""
    if not is_cyrillic(text):
        return text
    if (language if language in ("uk", "ru") else letters_language(text)) == "uk":
        return translitua.translit(text, translitua.UkrainianKMU)
    return iuliia.WIKIPEDIA.translate(text)


def name_language(name: str, printed_in: str = "") -> str:
    """The language to mark a Cyrillic `name` with on a page ("uk", "ru"): the one its
    letters show, else `printed_in` (the language of a printing that holds it) when that is
    one of the two; "" for a name in Latin letters, or one whose language is not known."""
    if not is_cyrillic(name):
        return ""
    return letters_language(name) or (printed_in if printed_in in ("uk", "ru") else "")
