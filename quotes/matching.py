"""Linking a newly printed statement to the quote it repeats, through a fingerprint index.

Every appearance is indexed by hashed word trigrams (`Fingerprint`). A new statement looks up
the quotes that share trigrams with it, then each candidate is compared sentence by sentence
with fuzzy matching, which forgives changed words ("rose-colored glasses" / "rose-tinted
spectacles"), punctuation, cuts and a statement split into several quotations.
"""

import hashlib
from dataclasses import dataclass

from django.db.models import Count
from rapidfuzz import fuzz

from .extraction.text import sentences, words
from .models import Appearance, Fingerprint, Quote

SHINGLE = 3
# Two sentences are one when their words are this similar (0-100)...
SAME_SENTENCE = 85
# ...or when one, of at least CONTAINED_MIN_WORDS words, is printed whole inside the other.
CONTAINED = 95
CONTAINED_MIN_WORDS = 5
# A link needs this many words of matched sentences, and a sure link covers most of one side.
SURE_MIN_WORDS = 8
SURE_COVERAGE = 0.6
# Candidates sharing fewer trigrams than this are not compared at all.
MIN_SHARED_KEYS = 2
MAX_CANDIDATES = 20
# A trigram printed in more appearances than this is too common to pick candidates by.
COMMON_KEY_POSTINGS = 500


def sentence_words(text: str) -> list[list[str]]:
    """The words of each sentence of `text`, typography folded."""
    out = []
    for start, end in sentences(text):
        ws = words(text[start:end])
        if ws:
            out.append(ws)
    return out


def fingerprint_keys(text: str) -> set[int]:
    """Signed 63-bit hashes of the word trigrams of `text` (the whole text when shorter)."""
    ws = words(text)
    grams = [ws[i : i + SHINGLE] for i in range(max(1, len(ws) - SHINGLE + 1))]
    keys = set()
    for gram in grams:
        digest = hashlib.blake2b(" ".join(gram).encode(), digest_size=8).digest()
        keys.add(int.from_bytes(digest, "big", signed=True) >> 1)
    return keys


def sentences_match(a: list[str], b: list[str]) -> bool:
    sa, sb = " ".join(a), " ".join(b)
    if fuzz.ratio(sa, sb) >= SAME_SENTENCE:
        return True
    shorter, longer = (sa, sb) if len(a) <= len(b) else (sb, sa)
    if min(len(a), len(b)) < CONTAINED_MIN_WORDS:
        return False
    return fuzz.partial_ratio(f" {shorter} ", f" {longer} ") >= CONTAINED


@dataclass
class Comparison:
    matched_words: int  # words of the new statement's sentences found in the quote
    new_coverage: float  # share of the new statement's sentences found in the quote
    old_coverage: float  # share of the quote's sentences found in the new statement

    @property
    def sure(self):
        return (
            self.matched_words >= SURE_MIN_WORDS
            and max(self.new_coverage, self.old_coverage) >= SURE_COVERAGE
        )

    @property
    def possible(self):
        return self.matched_words > 0

    @property
    def score(self):
        return max(self.new_coverage, self.old_coverage)


def compare(new: list[list[str]], old: list[list[str]]) -> Comparison:
    if not new or not old:
        return Comparison(0, 0.0, 0.0)
    new_hit = [any(sentences_match(n, o) for o in old) for n in new]
    old_hit = [any(sentences_match(o, n) for n in new) for o in old]
    return Comparison(
        matched_words=sum(len(n) for n, hit in zip(new, new_hit, strict=True) if hit),
        new_coverage=sum(new_hit) / len(new),
        old_coverage=sum(old_hit) / len(old),
    )


def compatible(person, quote: Quote) -> bool:
    """A named speaker never joins another named speaker's quote."""
    return person is None or quote.person_id is None or quote.person_id == person.pk


def find_matches(texts: list[str], *, person) -> tuple[list[Quote], list[tuple[Quote, float]]]:
    """Quotes that the statement printed as `texts` surely repeats, best first, and quotes it
    may repeat, with a score, for an archivist to decide."""
    keys = set().union(*(fingerprint_keys(t) for t in texts))
    if not keys:
        return [], []
    # Trigrams that many appearances share ("we will not") say little about which quote
    # this is; counting only the rarer ones keeps the true match at the top of the list
    # as the archive grows. Both counts read the (key, appearance) index alone.
    postings = dict(
        Fingerprint.objects.filter(key__in=keys)
        .values("key")
        .annotate(n=Count("appearance"))
        .values_list("key", "n")
    )
    rare = {k for k, n in postings.items() if n <= COMMON_KEY_POSTINGS}
    if len(rare) < MIN_SHARED_KEYS:
        rare = set(sorted(postings, key=postings.get)[: MIN_SHARED_KEYS * 4])
    shared = dict(
        Fingerprint.objects.filter(key__in=rare)
        .values("appearance")
        .annotate(shared=Count("key", distinct=True))
        .filter(shared__gte=min(MIN_SHARED_KEYS, len(rare)))
        .order_by("-shared")
        .values_list("appearance", "shared")[: MAX_CANDIDATES * 5]
    )
    best = {}
    for appearance, quote in Appearance.objects.filter(pk__in=shared).values_list("pk", "quote"):
        best[quote] = max(best.get(quote, 0), shared[appearance])
    candidates = (
        Quote.objects.live()
        .exclude(status=Quote.Status.REJECTED)
        .filter(pk__in=sorted(best, key=best.get, reverse=True)[:MAX_CANDIDATES])
    )
    new = [s for t in texts for s in sentence_words(t)]
    sure, possible = [], []
    for quote in candidates.prefetch_related("appearances"):
        old = [s for a in quote.appearances.all() for s in sentence_words(a.text)]
        result = compare(new, old)
        if result.sure and compatible(person, quote):
            sure.append((result.matched_words, -quote.pk, quote))
        elif result.possible:
            possible.append((quote, result.score))
    sure.sort(key=lambda item: item[:2], reverse=True)
    return [quote for *_, quote in sure], possible


def joined(pieces: list[str]) -> str:
    """One article's quotations of a statement, in order, as one text. A quotation cut off
    by its attribution ends in a comma ("..., he said"), and a headline in no punctuation;
    before the next piece's capital either stood for a full stop."""
    out = ""
    for piece in (" ".join(p.split()) for p in pieces):
        if out and piece[:1].isupper():
            if out.endswith(","):
                out = out[:-1] + "."
            elif out[-1].isalnum():
                out += "."
        out = f"{out} {piece}" if out else piece
    return out


def canonical_text(printings: list[list[str]]) -> str:
    """The fullest wording of a statement from its printings (each article's quotations of
    it, in order): the longest printing, with the sentences that only other printings carry
    inserted where they stood in those printings."""
    texts = [joined(pieces) for pieces in printings if pieces]
    ordered = sorted(texts, key=lambda t: len(words(t)), reverse=True)
    base = [(t[s:e], words(t[s:e])) for t in ordered[:1] for s, e in sentences(t)]
    for text in ordered[1:]:
        position = 0
        for s, e in sentences(text):
            sentence = text[s:e]
            ws = words(sentence)
            if not ws:
                continue
            hit = next((i for i, (_, bws) in enumerate(base) if sentences_match(ws, bws)), None)
            if hit is None:
                base.insert(position, (sentence, ws))
                position += 1
            else:
                position = hit + 1
    # A headline or a clause quoting words the statement prints in full adds nothing to it.
    base = [
        (sentence, ws)
        for i, (sentence, ws) in enumerate(base)
        if not any(
            j != i and len(other) > len(ws) and within(ws, other)
            for j, (_, other) in enumerate(base)
        )
    ]
    return " ".join(sentence for sentence, _ in base)


def within(short: list[str], long: list[str]) -> bool:
    """`short`'s words appear together, in order, in `long`."""
    n = len(short)
    return any(long[i : i + n] == short for i in range(len(long) - n + 1))
