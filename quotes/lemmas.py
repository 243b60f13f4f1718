"""Russian and Ukrainian words for search: their dictionary forms, and keys across scripts.

Pure Python, no database. A Cyrillic word is lemmatised with both pymorphy3 analysers, so
that its language need not be known first: «Пескова» gives «песков», «сказав» «сказати»,
«заявил» «заявить». Two words match when their lemma sets meet. Each word also has a key in
Latin letters (its lemma romanised and folded as names.spell folds romanisations), which a
Latin word's key meets: "Voloshyn" and «Волошина» both give "voloshin". And a Cyrillic word
is romanised the ways outlets print it («Волошин»: "Voloshyn", "Voloshin"), so that it finds
English printings.
"""

import re
from functools import cache, lru_cache

import iuliia
import pymorphy3
import translitua
from anyascii import anyascii

from .names import name_word_key

# A word as search tokenises it, with the Ukrainian apostrophe inside («м'ясо») kept.
WORD = re.compile(r"\w+(?:['’ʼ]\w+)*")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'"})
# tsvector positions stop at 16,383 (PostgreSQL); later words share the last one.
LAST_POSITION = 16383
# The fewest letters of a word that has a Latin key.
MIN_KEYED = 3
# Where a quote's printings start in its lemma section, after the canonical text.
PRINTINGS_GAP = 1


def has_cyrillic(text):
    return bool(_CYRILLIC.search(text or ""))


@cache
def _analysers():
    return pymorphy3.MorphAnalyzer(lang="ru"), pymorphy3.MorphAnalyzer(lang="uk")


@lru_cache(maxsize=1 << 16)
def lemmas(word):
    """The dictionary forms of a Cyrillic `word` in Russian and in Ukrainian, and the word
    itself, lower case: those of every reading a dictionary knows, or where neither knows
    the word, each analyser's best guess."""
    word = word.lower().translate(_APOSTROPHES)
    found, guessed = {word}, set()
    for analyser in _analysers():
        parses = analyser.parse(word)
        known = {p.normal_form for p in parses if p.is_known}
        found |= known
        if parses and not known:
            guessed.add(parses[0].normal_form)
    if len(found) == 1:
        found |= guessed
    return frozenset(form.lower().translate(_APOSTROPHES) for form in found)


@lru_cache(maxsize=1 << 16)
def keys(word):
    """The Latin keys of `word`: of each lemma of a Cyrillic word, of a Latin word itself
    ("Voloshyn", «Волошин» and «Волошина» all give "voloshin"). Empty for digits."""
    forms = lemmas(word) if has_cyrillic(word) else {word}
    # A word with a digit, or of one or two letters, would give a key too common to mean a
    # name ("w190" and "wo" both give "v").
    return frozenset(
        name_word_key(form) for form in forms if form.isalpha() and len(form) >= MIN_KEYED
    )


@lru_cache(maxsize=1 << 16)
def romanised(word):
    """The ways outlets romanise a Cyrillic `word` and its lemmas: Ukrainian national
    (translitua), Russian Wikipedia style (iuliia) and plain ASCII."""
    spellings = set()
    for form in lemmas(word) | {word.lower()}:
        for spelling in (
            translitua.translit(form),
            iuliia.WIKIPEDIA.translate(form),
            anyascii(form),
        ):
            spelling = re.sub(r"[^a-z]", "", spelling.lower())
            if spelling:
                spellings.add(spelling)
    return frozenset(spellings)


_NAME_TAGS = {"Name", "Surn", "Patr"}


@lru_cache(maxsize=1 << 12)
def _nominative(word):
    if not has_cyrillic(word):
        return word
    for analyser in _analysers():
        for parse in analyser.parse(word):
            if parse.is_known and _NAME_TAGS & parse.tag.grammemes:
                return parse.normal_form
    return word


def nominative(text):
    """`text` with each Cyrillic word that a dictionary reads as a name brought to its
    nominative («Олега Волошина» -> "олег волошин"), for finding speakers by name;
    `text` itself where it has no Cyrillic letter."""
    if not has_cyrillic(text):
        return text
    return " ".join(_nominative(word) for word in WORD.findall(text))


# Index side -------------------------------------------------------------------------------


def entries(texts):
    """(position, lexemes, weight) of each Cyrillic word of `texts`, a list of (text, weight):
    positions count every word, so that words side by side in the text are side by side
    here; each text starts after the one before."""
    found, start = [], 0
    for text, weight in texts:
        position = start
        for position, match in enumerate(WORD.finditer(text or ""), start=start + 1):
            word = match.group()
            if has_cyrillic(word):
                found.append((min(position, LAST_POSITION), lemmas(word), keys(word), weight))
        start = position + PRINTINGS_GAP
    return found


def tsvector(texts):
    """The lemma section of a quote (Quote.lemma_vector), as a tsvector literal: each
    Cyrillic word's lemmas and its keys (marked "~", apart from the lemmas) at its position
    and weight; "" where `texts` hold no Cyrillic word."""
    lexemes = {}
    for position, forms, latin, weight in entries(texts):
        for lexeme in [*forms, *("~" + key for key in latin)]:
            lexemes.setdefault(lexeme, {}).setdefault(position, weight)
    return " ".join(
        _quoted(lexeme) + ":" + ",".join(f"{p}{w}" for p, w in sorted(places.items()))
        for lexeme, places in sorted(lexemes.items())
    )


def fts_text(texts):
    """The lemma column of SQLite's search table: each Cyrillic word's lemmas and keys, in
    order (SQLite matches a Cyrillic phrase by its words, not their order)."""
    return " ".join(
        " ".join(sorted(forms | latin)) for _, forms, latin, _ in entries((t, "") for t in texts)
    )


def _quoted(lexeme):
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


# Query side -------------------------------------------------------------------------------


def wanted(items):
    """The lemmas and keys that the Cyrillic and Latin words of `items` (Terms' phrases and
    "or") look for, as two sets: for marking the words of a found quote."""
    forms, latin = set(), set()
    for item in items:
        if item == "or":
            continue
        for word in item:
            latin |= keys(word)
            if has_cyrillic(word):
                forms |= lemmas(word)
    return forms, latin


def marks(text, items):
    """(start, end) of each Cyrillic word of `text` whose lemmas or keys meet those `items`
    look for (see `wanted`): the forms the database's own marks miss."""
    forms, latin = wanted(items)
    return [
        match.span()
        for match in WORD.finditer(text or "")
        if has_cyrillic(match.group())
        and (lemmas(match.group()) & forms or keys(match.group()) & latin)
    ]


def lemma_tsquery(items):
    """`items` (Terms' phrases and "or") as a tsquery of the lemma section: a Cyrillic word
    as any of its lemmas, a Latin one as any of its keys (so "Voloshyn" finds «Волошина»);
    "" where a Latin word has no key, which no Cyrillic word can then match."""
    return _joined(items, _lemma_choices, " <-> ")


def latin_tsquery(items, stems, *, phrases=True):
    """`items` as a tsquery of the English search vector: a Latin word as its English stem,
    a Cyrillic one as any stem of its romanisations (so «Волошина» finds "Voloshyn");
    `stems` maps each spelling of latin_spellings(items) to PostgreSQL's tsquery of it.
    `phrases=False`: the words of a phrase in any order (for the planner, see search)."""
    return _joined(items, lambda word: _latin_choices(word, stems), " <-> " if phrases else " & ")


def _joined(items, choices, within):
    parts = []
    for item in items:
        if item == "or":
            parts.append("|")
            continue
        words = [choices(word) for word in item]
        if not all(words):
            return ""
        if parts and parts[-1] != "|":
            parts.append("&")
        parts.append("(" + within.join("(" + " | ".join(w) + ")" for w in words) + ")")
    return " ".join(parts)


def _lemma_choices(word):
    if has_cyrillic(word):
        return [_quoted(form) for form in sorted(lemmas(word))]
    return [_quoted("~" + key) for key in sorted(keys(word))]


def _latin_choices(word, stems):
    spellings = sorted(romanised(word)) if has_cyrillic(word) else [word]
    return [stems[s] for s in spellings if stems.get(s)]


def latin_spellings(items):
    """Every Latin spelling whose English stem latin_tsquery needs: the Latin words of
    `items` and the romanisations of their Cyrillic ones."""
    found = set()
    for item in items:
        for word in [] if item == "or" else item:
            found |= romanised(word) if has_cyrillic(word) else {word}
    return sorted(found)


def fts_query(items):
    """`items` as an FTS5 query for SQLite: a Latin word as itself in the text and as its key
    in the lemma column, a Cyrillic one as itself, any of its lemmas, or a romanisation of
    it; a phrase of Cyrillic words needs its words, in any order (the simpler fallback)."""
    joined = []
    for item in items:
        if item == "or":
            joined.append("OR")
            continue
        if joined and joined[-1] != "OR":
            joined.append("AND")  # FTS5 joins parenthesised groups only explicitly
        if not any(has_cyrillic(word) for word in item):
            phrase = '"' + " ".join(item) + '"'
            latin = [sorted(keys(word)) for word in item]
            if all(latin):
                keyed = " AND ".join("(" + " OR ".join(f'"{k}"' for k in w) + ")" for w in latin)
                phrase = f"({{text printed}} : {phrase} OR lemmas : ({keyed}))"
            joined.append(phrase)
            continue
        joined.append("(" + " AND ".join(_fts_word(word) for word in item) + ")")
    return " ".join(joined)


def _fts_word(word):
    if not has_cyrillic(word):
        return f'"{word}"'
    forms = " OR ".join(f'"{form}"' for form in sorted(lemmas(word)))
    latin = " OR ".join(f'"{s}"' for s in sorted(romanised(word)))
    return f'(lemmas : ({forms}) OR {{text printed}} : ("{word}"' + (
        f" OR {latin}))" if latin else "))"
    )
