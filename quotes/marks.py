"""Marking the searched words in a found quote's text, in Python, over the text the list has
already fetched: a word is marked where its English stem is one the query looks for (the
Snowball stemmer PostgreSQL's `verbatim` configuration uses) or, for a Cyrillic word, where
its lemmas or keys meet the query's (quotes.lemmas).

PostgreSQL's ts_headline did the same in the database, in one more query that parsed every
listed quote again for every request; this costs a dictionary look-up a word (a stem is
worked out once per process). No database.
"""

import html
import re

import snowballstemmer
from django.utils.safestring import mark_safe

from . import lemmas

# A word as PostgreSQL's text search parser reads one: letters and digits, so that "don't"
# is two words and "_" separates.
WORD = re.compile(r"[^\W_]+")
_STEMMER = snowballstemmer.stemmer("english")


# Words whose stems are kept, at most: a search page meets a few hundred.
STEMS_KEPT = 1 << 16
_stems = {}


def stem(word):
    """`word`'s lexeme in the search vector: lower case, English stem."""
    found = _stems.get(word)
    if found is None:
        if len(_stems) >= STEMS_KEPT:
            _stems.clear()
        found = _stems[word] = _STEMMER.stemWord(word.lower())
    return found


def wanted_stems(items):
    """The stems the words of `items` (Terms' phrases and "or") are found by in the search
    vector: a Latin word's own, a Cyrillic word's romanisations' (quotes.search)."""
    stems = set()
    for item in items:
        for word in [] if item == "or" else item:
            spellings = lemmas.romanised(word) if lemmas.has_cyrillic(word) else [word]
            stems |= {stem(part) for spelling in spellings for part in WORD.findall(spelling)}
    return stems


def highlighter(items):
    """A function of a text that gives it with the words `items` look for marked, or None
    (see spans); the query is read once for every text it marks."""
    stems = wanted_stems(items)

    def highlighted(text):
        return marked(text, spans(text or "", items, stems))

    return highlighted


def spans(text, items, stems=None):
    """(start, end) of each word of `text` that `items` look for: by its English stem
    (every word, as ts_headline marked every match, not only those standing in a phrase)
    and, for a Cyrillic word, by its lemmas and keys. `stems`: wanted_stems(items)."""
    if stems is None:
        stems = wanted_stems(items)
    found = []
    if stems:
        known = _stems.get
        for match in WORD.finditer(text):
            word = match.group()
            if (known(word) or stem(word)) in stems:
                found.append(match.span())
    if lemmas.has_cyrillic(text):
        found += lemmas.marks(text, items)
    return found


def marked(text, found):
    """`text` as safe HTML, escaped, with each (start, end) of `found` in <mark>; None where
    `found` is empty."""
    if not found:
        return None
    # html.escape is what django.utils.html.escape calls, without its lazy-string wrapper.
    escape, pieces, at = html.escape, [], 0
    for begin, end in sorted(found):
        begin = max(begin, at)  # inside a span already marked
        if end <= begin:
            continue
        pieces += [escape(text[at:begin]), "<mark>", escape(text[begin:end]), "</mark>"]
        at = end
    pieces.append(escape(text[at:]))
    return mark_safe("".join(pieces))  # noqa: S308 - every piece of text is escaped


def highlighted(text, items):
    """`text` with the words `items` look for marked (see spans), or None."""
    return highlighter(items)(text)
