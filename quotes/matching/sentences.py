"""Sentences as matching reads them, and whether two printed sentences are one.

Two sentences are one when their words are nearly the same (changed words, punctuation, a
cut) or when they share most of their content words in the same order ("a hail of shelling"
/ "a storm of shelling"): independent translations of one press conference do.
"""

from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq

from ..extraction.text import sentences, words
from .stems import content

# Two sentences are one when their words are this similar (0-100)...
SAME_SENTENCE = 85
# ...or when one, of at least CONTAINED_MIN_WORDS words, is printed whole inside the other...
CONTAINED = 95
CONTAINED_MIN_WORDS = 5
# ...or when they share this many content words in order, and that is this share of the
# shorter one's content words. Five keeps short sentences that differ in their one telling
# word apart ("ordered to capture the city in three days" / "to leave the city ...").
TRANSLATED_MIN_SHARED = 5
TRANSLATED_SHARE = 0.6
# Beside a sentence that already ties two statements together, a shorter one is the same
# sentence translated with fewer content words in common ("I surrendered because I did not
# want to kill anyone" / "I gave myself up because I didn't want to kill anybody").
LOOSE_MIN_SHARED = 3


@dataclass(frozen=True)
class Sentence:
    words: tuple[str, ...]  # lower case, typography folded
    stems: tuple[str, ...]  # content words, stemmed
    numbers: frozenset[str]
    negated: bool

    @property
    def text(self):
        return " ".join(self.words)


@lru_cache(maxsize=20_000)
def sentence(ws: tuple[str, ...]) -> Sentence:
    stems = content(ws)
    return Sentence(ws, stems, frozenset(s for s in stems if s.isdigit()), "not" in stems)


@lru_cache(maxsize=4096)
def sentence_list(text: str) -> tuple[Sentence, ...]:
    """The sentences of `text`, typography folded. Remembered: the printings of the quotes a
    statement may repeat are read again for the next statements and articles that find them
    (half of an import's texts into the bench archive were read before)."""
    out = []
    for start, end in sentences(text):
        ws = words(text[start:end])
        if ws:
            out.append(sentence(tuple(ws)))
    return tuple(out)


def shared_content(a: Sentence, b: Sentence) -> int | None:
    """How many content words two sentences share in order when they are one sentence as
    printed by two outlets; None when they are not."""
    found = relate(a, b)
    return None if found is None else found[0]


# How two printings of one sentence relate, from closest: one printed whole (the same words,
# or all of one inside the other), a copy with words changed, a translation.
WHOLE, INSIDE, COPY, TRANSLATION = "whole", "inside", "copy", "translation"
# Sentences this alike (0-100) are the same words, whatever typography and a word or two.
WHOLE_SENTENCE = 97


def relate(a: Sentence, b: Sentence, *, loose: bool = False) -> tuple[int, str] | None:
    """(content words shared in order, how the two printings relate: WHOLE, INSIDE, COPY
    or TRANSLATION), or None when they are not one sentence. `loose` accepts a translation
    with fewer words in common, for sentences of a statement already known by another
    sentence to be this one."""
    # A changed number makes another statement, however alike the rest.
    if not (a.numbers <= b.numbers or b.numbers <= a.numbers):
        return None
    shared = LCSseq.similarity(a.stems, b.stems)
    # So does a negation on one side only ("we will surrender" / "we will not surrender")...
    same_sense = a.negated == b.negated
    ratio = fuzz.ratio(a.text, b.text)
    if same_sense and ratio >= WHOLE_SENTENCE:
        return shared, WHOLE
    # ...unless one is printed whole inside the other: a cut, whatever was cut.
    shorter, longer = (a, b) if len(a.words) <= len(b.words) else (b, a)
    if len(shorter.words) >= CONTAINED_MIN_WORDS and (
        fuzz.partial_ratio(f" {shorter.text} ", f" {longer.text} ") >= CONTAINED
    ):
        return shared, INSIDE
    if not same_sense:
        return None
    if ratio >= SAME_SENTENCE:
        return shared, COPY
    # A translation: most content words again, in order, and that many different ones (a
    # common word printed three times in each is not three words in common).
    least = LOOSE_MIN_SHARED if loose else TRANSLATED_MIN_SHARED
    if shared >= least and shared >= TRANSLATED_SHARE * min(len(a.stems), len(b.stems)):
        common = {
            a.stems[i]
            for op in LCSseq.opcodes(a.stems, b.stems)
            if op.tag == "equal"
            for i in range(op.src_start, op.src_end)
        }
        # A negation is a word in common too, but not one that ties sentences by itself.
        if len(common if loose else common - {"not"}) >= least:
            return shared, TRANSLATION
    return None


def sentences_match(a: list[str], b: list[str]) -> bool:
    """Two sentences' words (as `words` gives them) are one sentence as printed twice."""
    return shared_content(sentence(tuple(a)), sentence(tuple(b))) is not None


def printed_again(new: list[Sentence], old: list[Sentence]) -> bool:
    """One side's sentences are each printed word for word inside a sentence of the other:
    an article quoting again words it quoted before (a headline's words, then the sentence
    they are cut from). Exact, not alike: look-alike sentences ("Convoy 7 crossed at dawn",
    "Convoy 8 crossed at dawn") are other statements."""

    def inside(these, those):
        return all(any(f" {a.text} " in f" {b.text} " for b in those) for a in these)

    return bool(new and old) and (inside(new, old) or inside(old, new))
