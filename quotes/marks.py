"""Marking the searched words in a found quote's text, in Python, over the text the list has
already fetched: a word is marked where its English stem is one the query looks for (the
Snowball stemmer PostgreSQL's `verbatim` configuration uses) or, for a Cyrillic word, where
its lemmas or keys meet the query's (quotes.lemmas).

PostgreSQL's ts_headline did the same in the database, parsing every listed quote again
for every request (a third of a search page's time on a phrase); this costs a dictionary
look-up a word. Pure: no database.
"""

import re
from functools import lru_cache

import snowballstemmer
from django.utils.html import escape
from django.utils.safestring import mark_safe

from . import lemmas

# A word as PostgreSQL's text search parser reads one: letters and digits, so that "don't"
# is two words and "_" separates.
WORD = re.compile(r"[^\W_]+")
_STEMMER = snowballstemmer.stemmer("english")


@lru_cache(maxsize=1 << 16)
def stem(word):
    """`word`'s lexeme in the search vector: lower case, English stem."""
    return _STEMMER.stemWord(word.lower())


def wanted_stems(items):
    """The stems the words of `items` (Terms' phrases and "or") are found by in the search
    vector: a Latin word's own, a Cyrillic word's romanisations' (quotes.search)."""
    stems = set()
    for item in items:
        for word in [] if item == "or" else item:
            spellings = lemmas.romanised(word) if lemmas.has_cyrillic(word) else [word]
            stems |= {stem(part) for spelling in spellings for part in WORD.findall(spelling)}
    return stems


def spans(text, items):
    """(start, end) of each word of `text` that `items` look for: by its English stem
    (every word, as ts_headline marked every match, not only those standing in a phrase)
    and, for a Cyrillic word, by its lemmas and keys."""
    stems = wanted_stems(items)
    found = [m.span() for m in WORD.finditer(text) if stem(m.group()) in stems] if stems else []
    return found + lemmas.marks(text, items)


def marked(text, found):
    """`text` as safe HTML, escaped, with each (start, end) of `found` in <mark>; None where
    `found` is empty."""
    if not found:
        return None
    html, at = [], 0
    for begin, end in sorted(found):
        begin = max(begin, at)  # inside a span already marked
        if end <= begin:
            continue
        html += [escape(text[at:begin]), "<mark>", escape(text[begin:end]), "</mark>"]
        at = end
    html.append(escape(text[at:]))
    return mark_safe("".join(html))  # noqa: S308 - every piece of text is escaped


def highlighted(text, items):
    """`text` with the words `items` look for marked (see spans), or None."""
    return marked(text, spans(text or "", items))
