"""Word-by-word comparison of an outlet's printed wording with a quote's canonical text, like
with like: the printings in the statement's original language with its canonical text, each
language's translations with each other, never a translation with the original."""

import functools
import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from django.utils.translation import gettext, ngettext

from .extraction.text import words
from .matching import canonical_text, in_original, original_language

EQUAL = "equal"
CHANGED = "changed"
ADDED = "added"
DROPPED = "dropped"
NOT_PRINTED = "not_printed"

# A word as the extraction code counts words; its key is what is compared.
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_PIECE = re.compile(r"\S+\s*")


@dataclass(frozen=True)
class Word:
    """One word as printed, with the punctuation attached to it, and its comparison key."""

    text: str
    key: str
    space_after: bool = True


@dataclass(frozen=True)
class Op:
    """A run of words that is the same, changed, added or missing in the printed wording.
    `canonical` holds the canonical words concerned, `printed` the outlet's."""

    kind: str
    canonical: tuple[Word, ...] = ()
    printed: tuple[Word, ...] = ()

    @property
    def words(self):
        """The words a reader sees for this run: the outlet's where it printed any."""
        return self.printed or self.canonical


@functools.lru_cache(maxsize=10_000)
def _key(part):
    """A word's comparison key (its letters, folded by words()). Remembered: the same words
    come back in every printing of a statement and in statement after statement, and
    folding them was half the cost of tokenize."""
    return "".join(words(part))


def tokenize(text):
    """`text` as Words: each holds one word and the punctuation around it, so that quotation
    marks, dashes and ellipses never count as differences ("rose-colored" gives two words,
    "rose-" and "colored", as "rose colored" does)."""
    tokens = []
    pending = ""  # punctuation before the first word, carried onto it
    for piece in _PIECE.finditer(text):
        chunk = piece.group()
        body = chunk.rstrip()
        spaced = len(body) < len(chunk)
        starts = [m.start() for m in _WORD.finditer(body)]
        if not starts:
            if tokens:
                last = tokens[-1]
                gap = " " if last.space_after else ""
                tokens[-1] = Word(last.text + gap + body, last.key, spaced)
            else:
                pending += body + (" " if spaced else "")
            continue
        starts[0] = 0
        for i, start in enumerate(starts):
            last_piece = i == len(starts) - 1
            part = body[start : len(body) if last_piece else starts[i + 1]]
            tokens.append(Word(pending + part, _key(part), spaced if last_piece else False))
            pending = ""
    if tokens and not tokens[-1].space_after:
        # The end of the text is a word boundary, whatever comes after it on the page.
        tokens[-1] = Word(tokens[-1].text, tokens[-1].key, True)
    return tokens


def _pairs(kind_rest, canonical, printed, *, pair_from_end=False):
    """A replaced run as changed pairs and the words left over, `kind_rest` for canonical
    leftovers and ADDED for printed ones."""
    n = min(len(canonical), len(printed))
    if pair_from_end:
        ops = []
        if len(canonical) > n:
            ops.append(Op(kind_rest, canonical=canonical[: len(canonical) - n]))
        if len(printed) > n:
            ops.append(Op(ADDED, printed=printed[: len(printed) - n]))
        ops.append(Op(CHANGED, canonical[len(canonical) - n :], printed[len(printed) - n :]))
        return ops
    ops = [Op(CHANGED, canonical[:n], printed[:n])] if n else []
    if len(canonical) > n:
        ops.append(Op(kind_rest, canonical=canonical[n:]))
    if len(printed) > n:
        ops.append(Op(ADDED, printed=printed[n:]))
    return ops


def compare(canonical_text, printed_text):
    """The ops that turn `canonical_text` into `printed_text`, word by word, compared through
    the typography folding of `words()` (case, curly quotes, dashes and punctuation are not
    differences). Canonical words before the first or after the last printed word are
    NOT_PRINTED (the outlet printed part of the statement); missing words between are
    DROPPED; a replaced run is CHANGED pairs with any words left over ADDED or DROPPED."""
    return compare_words(tokenize(canonical_text), tokenize(printed_text))


def compare_pieces(canonical_text, pieces):
    """`compare` for everything one article printed of a statement: its quoted pieces, in
    the order it printed them, read as one text. Canonical words that fall between two
    pieces are DROPPED and those before the first or after the last NOT_PRINTED, so that
    the counts say what the article as a whole left out, not what each fragment did."""
    return compare_words(tokenize(canonical_text), pieces_words(pieces))


def pieces_words(pieces):
    """The Words of `pieces` read as one text."""
    return [word for piece in pieces for word in tokenize(piece)]


def compare_words(canonical, printed):
    """`compare` for texts already read into Words (tokenize), so that a page comparing
    several printings with one statement reads the statement once."""
    if not printed:
        return [Op(NOT_PRINTED, canonical=tuple(canonical))] if canonical else []
    matcher = SequenceMatcher(
        None, [w.key for w in canonical], [w.key for w in printed], autojunk=False
    )
    codes = matcher.get_opcodes()
    ops = []
    for index, (tag, i1, i2, j1, j2) in enumerate(codes):
        a, b = tuple(canonical[i1:i2]), tuple(printed[j1:j2])
        first, last = index == 0, index == len(codes) - 1
        edge = NOT_PRINTED if (first or last) else DROPPED
        if tag == "equal":
            ops.append(Op(EQUAL, a, b))
        elif tag == "delete":
            ops.append(Op(edge, canonical=a))
        elif tag == "insert":
            ops.append(Op(ADDED, printed=b))
        else:
            ops.extend(_pairs(edge, a, b, pair_from_end=first and not last))
    return _merge(ops)


def _merge(ops):
    """Adjacent ops of one kind as one."""
    merged = []
    for op in ops:
        if merged and merged[-1].kind == op.kind:
            prev = merged.pop()
            op = Op(op.kind, prev.canonical + op.canonical, prev.printed + op.printed)
        merged.append(op)
    return merged


def counts(ops):
    """How many words were changed, added and not printed (dropped or left out at the edges)."""
    out = {CHANGED: 0, ADDED: 0, NOT_PRINTED: 0}
    for op in ops:
        if op.kind == CHANGED:
            out[CHANGED] += len(op.canonical)
        elif op.kind == ADDED:
            out[ADDED] += len(op.printed)
        elif op.kind in (DROPPED, NOT_PRINTED):
            out[NOT_PRINTED] += len(op.canonical)
    return out


def summary(ops):
    """One line: "Identical wording", or e.g. "3 words changed, 1 added, 24 not printed"."""
    numbers = counts(ops)
    # The first count names the words ("3 words changed"), the others follow it ("1 added").
    first = {
        CHANGED: lambda n: ngettext("%(n)d word changed", "%(n)d words changed", n),
        ADDED: lambda n: ngettext("%(n)d word added", "%(n)d words added", n),
        NOT_PRINTED: lambda n: ngettext("%(n)d word not printed", "%(n)d words not printed", n),
    }
    rest = {
        CHANGED: lambda n: ngettext("%(n)d changed", "%(n)d changed", n),
        ADDED: lambda n: ngettext("%(n)d added", "%(n)d added", n),
        NOT_PRINTED: lambda n: ngettext("%(n)d not printed", "%(n)d not printed", n),
    }
    kinds = [kind for kind in (CHANGED, ADDED, NOT_PRINTED) if numbers[kind]]
    if not kinds:
        return gettext("Identical wording")
    words = [(first if i == 0 else rest)[kind](numbers[kind]) for i, kind in enumerate(kinds)]
    return ", ".join(word % {"n": numbers[kind]} for word, kind in zip(words, kinds, strict=True))


@dataclass
class LanguageGroup:
    """The articles printing a statement in one language: the original's (the first of
    them the original printing), or one translation's. `against`: the wording they are
    compared with, None for the canonical text (the original's)."""

    language: str
    original: bool
    articles: list = field(default_factory=list)
    against: str | None = None


def language_of(article) -> str:
    """The language an article printed a statement in: its printings', else its own."""
    return next((p.language for p in article.pieces if p.language), "") or article.language


def by_language(articles) -> list[LanguageGroup]:
    """`articles` (public.articles_printing's, in printing order) grouped by the language
    they printed the statement in: the original language first (matching.originals), then
    each translation in the order it was first printed, compared with its language's
    fullest wording. A statement printed in one language is one group."""
    if not articles:
        return []
    languages = [language_of(article) for article in articles]
    if len({language for language in languages if language}) <= 1:
        known = next((language for language in languages if language), "")
        return [LanguageGroup(known, True, list(articles))]
    dated = [(language, a.published) for language, a in zip(languages, articles, strict=True)]
    original = original_language(dated)
    groups = {original: LanguageGroup(original, True)}
    for language, article in zip(languages, articles, strict=True):
        key = original if in_original(language, original) else language
        groups.setdefault(key, LanguageGroup(key, False)).articles.append(article)
    for group in groups.values():
        if not group.original:
            pieces = [[p.text for p in article.pieces] for article in group.articles]
            group.against = canonical_text(pieces)
    return list(groups.values())
