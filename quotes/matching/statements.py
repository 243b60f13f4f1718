"""Comparing two statements sentence by sentence: how much of them is one, and whether that
makes them surely one statement, perhaps one, or one whoever is credited with it."""

from dataclasses import dataclass

from .sentences import (
    COPY,
    INSIDE,
    TRANSLATED_MIN_SHARED,
    TRANSLATION,
    WHOLE,
    Sentence,
    relate,
)

# Short sentences tie two statements alone when this many follow one another in order, with
# this many content words in common between them.
ORDERED_MIN_SENTENCES = 2
ORDERED_MIN_SHARED = 7
# A sure link needs this many words of matched sentences, this many content words shared
# (a short sentence differing in its one telling word is only suggested), and covers most
# of one side, counted in content words so that a long sentence weighs more than a short...
SURE_MIN_WORDS = 8
SURE_MIN_SHARED = 5
SURE_COVERAGE = 0.6
# ...or shares this many content words and covers half of one side: a new printing of two
# sentences whose one long sentence is the quote's, the other cut by the first outlet.
LONG_MIN_SHARED = 10
LONG_COVERAGE = 0.5
# ...or prints one sentence of the quote with the same words (whole, or inside the other)
# sharing this many content words, whatever else either side cut: copies cut at different
# sentences link through any sentence they share. (A sentence reworded is not enough alone:
# two unnamed speakers may say alike.)
ONE_SENTENCE_SHARED = 6
# A short statement printed whole on both sides (every sentence of each found in the other
# as the same words) needs only this many words.
SHORT_WHOLE_WORDS = 6
# Words so alike that they are one statement whoever an outlet credits with them: a quote
# of one named person takes another's printing of them, and the archivist is told.
STRONG_MIN_WORDS = 12
STRONG_MIN_SHARED = 8
STRONG_COVERAGE = 0.8


@dataclass
class Comparison:
    matched_words: int  # words of the new statement's sentences found in the quote
    shared: int  # content words of those sentences found, in order, in the quote
    new_coverage: float  # share of the new statement's content words found in the quote
    old_coverage: float  # share of the quote's content words found in the new statement
    copied_coverage: float = 0.0  # the larger share, counting copies only (no translations)
    whole_coverage: float = 0.0  # the larger share, counting sentences printed whole only
    anchored: bool = False  # one sentence alone ties the two: many words in common, or whole
    best_copied: int = 0  # content words of the one sentence best printed whole (or inside)
    whole_both: bool = False  # every sentence on each side found whole on the other
    matched: frozenset = frozenset()  # which of the new statement's sentences were found

    @property
    def sure(self):
        if not self.anchored:
            return False
        if self.best_copied >= ONE_SENTENCE_SHARED:
            return True
        if self.whole_both and self.matched_words >= SHORT_WHOLE_WORDS:
            return True
        if self.matched_words < SURE_MIN_WORDS:
            return False
        # Few content words in common are enough only where nothing was reworded: a headline
        # printing the first words of a sentence whole, not a sentence with a word swapped.
        if self.shared < SURE_MIN_SHARED and self.whole_coverage < self.score:
            return False
        return self.score >= SURE_COVERAGE or (
            self.shared >= LONG_MIN_SHARED and self.score >= LONG_COVERAGE
        )

    @property
    def strong(self):
        """So alike that it is one statement whoever the outlets credit with it: the same
        wording, not a translation (two people at one press conference may say alike)."""
        return (
            self.matched_words >= STRONG_MIN_WORDS
            and self.shared >= STRONG_MIN_SHARED
            and self.copied_coverage >= STRONG_COVERAGE
        )

    @property
    def possible(self):
        return self.matched_words > 0

    @property
    def score(self):
        return max(self.new_coverage, self.old_coverage)


@dataclass
class _Found:
    """The best match of one sentence on the other side."""

    shared: int
    how: str
    at: int = 0  # the index of the sentence it matched on the other side

    @property
    def loose(self):
        """Found only by the loose reading of a translation."""
        return self.how == TRANSLATION and self.shared < TRANSLATED_MIN_SHARED


def _weight(sentence: Sentence) -> int:
    # A sentence of function words only ("So it was.") weighs one word.
    return max(1, len(sentence.stems))


def _coverage(side: list[Sentence], found: list[_Found | None], kinds) -> float:
    """The share of `side`'s content words in sentences matched in one of the ways `kinds`.
    A sentence matched as a copy or a translation counts whole; one that only contains the
    other's sentence counts for the words they share."""
    covered = 0
    for sentence, match in zip(side, found, strict=True):
        if match is None or match.how not in kinds:
            continue
        whole = match.how != INSIDE or not sentence.stems
        covered += _weight(sentence) if whole else min(match.shared, len(sentence.stems))
    return covered / sum(_weight(s) for s in side)


def _anchor(match: _Found) -> bool:
    return match.how in (WHOLE, INSIDE) or match.shared >= SURE_MIN_SHARED


def compare(new: list[Sentence], old: list[Sentence]) -> Comparison:
    """How much of two statements' sentences are one, as printed or translated. Sentences
    with few content words in common count only beside one that ties the statements."""
    if not new or not old:
        return Comparison(0, 0, 0.0, 0.0)
    new_found: list[_Found | None] = [None] * len(new)
    old_found: list[_Found | None] = [None] * len(old)
    _match_sentences(new, old, new_found, old_found)
    anchored = any(m is not None and _anchor(m) for m in new_found)
    _match_sentences(new, old, new_found, old_found, loose=True)
    if not anchored:
        anchored = _tied(new, old, new_found, old_found)
    if not anchored:  # loose matches count for nothing alone
        new_found = [f if f is None or not f.loose else None for f in new_found]
        old_found = [f if f is None or not f.loose else None for f in old_found]
    return _comparison(new, old, new_found, old_found, anchored=anchored)


def _match_sentences(new, old, new_found, old_found, *, loose: bool = False) -> None:
    """Record in `new_found` and `old_found` the best match of each sentence on the other
    side (a copy before a translation, then the most content words shared). `loose`: only
    for pairs of which one sentence is not found yet, by the loose reading of a
    translation."""
    for i, n in enumerate(new):
        for j, o in enumerate(old):
            if loose and new_found[i] is not None and old_found[j] is not None:
                continue
            found = relate(n, o, loose=loose)
            if found is None:
                continue
            for side, k, other in ((new_found, i, j), (old_found, j, i)):
                match = _Found(*found, at=other)
                best = side[k]
                if best is None or (match.how != TRANSLATION, match.shared) > (
                    best.how != TRANSLATION,
                    best.shared,
                ):
                    side[k] = match


def _tied(new, old, new_found, old_found) -> bool:
    """Whether sentences that do not tie two statements alone tie them together."""
    shared = sum(f.shared for f in new_found if f)
    # Short sentences tie two statements when every sentence of one side is found in the
    # other ("The children did not even cry. They are used to the sirens by now." / "The
    # kids didn't even cry. They're used to sirens.")...
    if shared >= SURE_MIN_SHARED and any(
        len(side) >= 2 and all(side_found)
        for side, side_found in ((new, new_found), (old, old_found))
    ):
        return True
    # ...or when several of them follow one another in the same order on both sides.
    order = [f.at for f in new_found if f is not None]
    return (
        len(order) >= ORDERED_MIN_SENTENCES
        and order == sorted(order)
        and len(set(order)) == len(order)
        and shared >= ORDERED_MIN_SHARED
    )


def _comparison(new, old, new_found, old_found, *, anchored: bool) -> Comparison:
    """The figures of two statements whose sentences were matched so."""
    every = (WHOLE, INSIDE, COPY, TRANSLATION)
    copies = (WHOLE, INSIDE, COPY)
    found = [f for f in new_found if f is not None]
    return Comparison(
        best_copied=max((f.shared for f in found if f.how in (WHOLE, INSIDE)), default=0),
        whole_both=all(f is not None and f.how in (WHOLE, INSIDE) for f in new_found + old_found),
        matched=frozenset(i for i, f in enumerate(new_found) if f is not None),
        matched_words=sum(len(n.words) for n, f in zip(new, new_found, strict=True) if f),
        shared=sum(f.shared for f in new_found if f),
        new_coverage=_coverage(new, new_found, every),
        old_coverage=_coverage(old, old_found, every),
        copied_coverage=max(_coverage(new, new_found, copies), _coverage(old, old_found, copies)),
        whole_coverage=max(
            _coverage(new, new_found, (WHOLE, INSIDE)),
            _coverage(old, old_found, (WHOLE, INSIDE)),
        ),
        anchored=anchored,
    )
