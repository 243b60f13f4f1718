"""Whether two printings in different languages are one statement, translated: the evidence,
weighed without translating a word. Pure: two texts in, an `Evidence` out.

A translation keeps what a translator cannot change: the numbers, the names of people and
places (transliterated), and the order and rough length of the sentences. So the sentences
of the two are aligned in order, by their lengths and the numbers and names they share
(`align`); then, over the sentences aligned, the numbers and names of one are looked for in
the other. Agreeing numbers and names are anchors; a number in one sentence that its
aligned sentence does not print, while printing another, contradicts it.
"""

import math
from dataclasses import dataclass, field

import regex as re
from rapidfuzz import fuzz

from archive.languages import cyrillic

from ..extraction.text import sentences
from ..names import spell
from .spoken import months_in, numbers_in

# A statement is surely translated when at least this many distinct anchors agree...
STRONG_ANCHORS = 2
# ...and at least this share of the shorter side's sentences is aligned ("most of them").
STRONG_ALIGNED = 0.6
# ...or, where only one sentence aligns, this many: one sentence sharing a place and a
# number with another of the speaker's that week may be another statement on that place.
STRONG_ONE_SENTENCE_ANCHORS = 3
# A name of the original the translation's aligned sentences leave out, at most (a title
# or an institution a translator renders in words: "ЗСУ", "the Armed Forces").
STRONG_MISSING_NAMES = 1
# The score of a merge suggestion made from weaker evidence stays below lifecycle's
# AUTO_MERGE_SCORE: only an archivist merges a statement on it.
SUGGESTION_CEILING = 0.9
# Two aligned sentences' lengths (in letters) differ by at most this factor.
LENGTH_FACTOR = 1.8
# Two folded names at least this alike (0 to 100, once the case ending is cut) are one.
CLOSE_NAME = 85

_NUMBER = re.compile(r"\d+(?:[.,\u00a0\u202f ]\d+)*")
_WORD = re.compile(r"[\p{L}'’ʼ]+")
_LETTER = re.compile(r"\p{L}")
# English words written with a capital that name no one (a translation of "я", "російські",
# "понеділок" begins with one where the original does not).
_ENGLISH_CAPITALS = frozenset(
    "i russian russians ukrainian ukrainians monday tuesday wednesday thursday friday "
    "saturday sunday january february march april may june july august september october "
    "november december".split()
)


@dataclass(frozen=True)
class Sentence:
    """One sentence as the evidence reads it: its letters counted, its numbers, and the
    folded keys of its names (capitalised words within it; its first word separately, as a
    capital there says nothing)."""

    text: str
    letters: int
    numbers: frozenset[str]
    names: tuple[tuple[str, str], ...]  # (folded key, as printed)
    first: tuple[str, str]  # the first word, a name only if the other side has it


def _number(printed: str) -> str:
    """A printed number as one form: thousands separators dropped ("1,200", "1 200"), a
    decimal comma read as a point ("2,5")."""
    parts = re.split(r"[.,\u00a0\u202f ]", printed)
    if len(parts) > 1 and all(len(p) == 3 for p in parts[1:]):
        return "".join(parts).lstrip("0") or "0"
    head = parts[0].lstrip("0") or "0"
    return head + ("." + "".join(parts[1:]) if len(parts) > 1 else "")


def read_sentence(text: str) -> Sentence:
    """`text` (one sentence) as the evidence reads it."""
    numbers = {_number(m.group()) for m in _NUMBER.finditer(text)}
    found = _WORD.findall(text)
    numbers |= numbers_in(found) | months_in(found)
    names = {}
    for word in found[1:]:
        key = spell(word)
        if word[:1].isupper() and len(key) >= 3 and key not in _ENGLISH_CAPITALS:
            names.setdefault(key, word)
    first = (spell(found[0]), found[0]) if found else ("", "")
    letters = len(_LETTER.findall(text))
    return Sentence(text, letters, frozenset(numbers), tuple(names.items()), first)


def read(text: str) -> list[Sentence]:
    """The sentences of `text`, read."""
    return [read_sentence(text[s:e]) for s, e in sentences(text)]


def same_name(a: str, b: str) -> bool:
    """Whether two folded name keys are one name, one of them perhaps inflected ("bahmuta",
    "bahmut"; "harkivskoi", "harkiv"): the shorter is compared with the longer's start."""
    short, long = sorted((a, b), key=len)
    if len(short) < 3:
        return False
    if long.startswith(short) and len(long) - len(short) <= 5:
        return True
    return any(fuzz.ratio(short, long[: len(short) + cut]) >= CLOSE_NAME for cut in range(0, 3))


def _names_of(sentence: Sentence, other: Sentence) -> list[tuple[str, str]]:
    """The names of `sentence`, with its first word when `other` names it too."""
    key = sentence.first[0]
    first = [sentence.first] if any(same_name(key, n) for n, _ in other.names) else []
    return [*first, *sentence.names]


def _shared_names(a: Sentence, b: Sentence) -> tuple[list[str], list[str]]:
    """The names of two aligned sentences: those of `a` found in `b`, as "printed in a =
    printed in b", and those of `a` not found, as printed."""
    names_b = _names_of(b, a)
    agreed, missing = [], []
    for key, printed in _names_of(a, b):
        found = next((other for k, other in names_b if same_name(key, k)), None)
        if found is None:
            missing.append(printed)
        else:
            agreed.append(f"{printed} = {found}")
    return agreed, missing


def _pair_score(a: Sentence, b: Sentence) -> float | None:
    """How well two sentences align as one translated (anchors count most), or None when
    their lengths cannot be one sentence's."""
    if not a.letters or not b.letters:
        return None
    ratio = math.log(a.letters / b.letters)
    if abs(ratio) > math.log(LENGTH_FACTOR):
        return None
    agreed, _ = _shared_names(a, b)
    shared_numbers = len(a.numbers & b.numbers)
    contradiction = bool(a.numbers - b.numbers and b.numbers - a.numbers)
    # A contradicting number costs less than a good fit of lengths gains: the pair aligns
    # still, and the contradiction is shown, rather than hidden as a sentence left out.
    fit = 1.0 - abs(ratio) / math.log(LENGTH_FACTOR)
    return fit + len(agreed) + shared_numbers - 0.5 * contradiction


def _together(first: Sentence, second: Sentence) -> Sentence:
    """Two sentences read as one: a translator may split a sentence or join two."""
    names = dict(first.names)
    for key, printed in second.names:
        names.setdefault(key, printed)
    return Sentence(
        f"{first.text} {second.text}",
        first.letters + second.letters,
        first.numbers | second.numbers,
        tuple(names.items()),
        first.first,
    )


# Each move of the alignment: how many sentences of each side it takes.
_MOVES = {"a": (1, 0), "b": (0, 1), "ab": (1, 1), "aab": (2, 1), "abb": (1, 2)}
# What a split or joined sentence costs beside a sentence translated as one.
_SPLIT_COST = 0.3


def _read_together(sentences: list[Sentence], end: int, count: int) -> Sentence:
    return sentences[end - 1] if count == 1 else _together(sentences[end - 2], sentences[end - 1])


def align(a: list[Sentence], b: list[Sentence]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The sentences of `a` and `b` paired in order, one with one, or one with two a
    translator split or joined ((indexes in a), (indexes in b)), each sentence at most once,
    to the best total `_pair_score`: a translation may leave sentences out on either side."""
    n, m = len(a), len(b)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    step = [[""] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for j in range(m + 1):
            options = []
            for move, (da, db) in _MOVES.items():
                if da > i or db > j:
                    continue
                gain = 0.0
                if da and db:
                    x, y = _read_together(a, i, da), _read_together(b, j, db)
                    score = _pair_score(x, y)
                    if score is None or score <= 0:
                        continue
                    gain = score - (_SPLIT_COST if da + db > 2 else 0.0)
                options.append((best[i - da][j - db] + gain, move))
            if options:
                best[i][j], step[i][j] = max(options)
    pairs, i, j = [], n, m
    while i or j:
        da, db = _MOVES[step[i][j]]
        if da and db:
            pairs.append((tuple(range(i - da, i)), tuple(range(j - db, j))))
        i, j = i - da, j - db
    return pairs[::-1]


@dataclass
class Evidence:
    """What two printings in different languages share, over their aligned sentences: what
    agreed and what did not, in words an archivist reads in the admin."""

    aligned: int = 0  # the sentences of the shorter side aligned
    shorter: int = 0  # the sentences of the shorter side
    numbers: list[str] = field(default_factory=list)  # agreeing
    names: list[str] = field(default_factory=list)  # agreeing: "Вербівки = Verbivka"
    contradicting: list[str] = field(default_factory=list)  # "5 against 7"
    missing_names: list[str] = field(default_factory=list)  # of the original, not found

    @property
    def anchors(self) -> int:
        return len(self.numbers) + len(self.names)

    @property
    def aligned_share(self) -> float:
        return self.aligned / self.shorter if self.shorter else 0.0

    @property
    def strong(self) -> bool:
        """Surely one statement translated (its speaker and days are the caller's to check):
        anchors agree, most sentences align, no number contradicts, hardly a name missing."""
        least = STRONG_ANCHORS if self.aligned > 1 else STRONG_ONE_SENTENCE_ANCHORS
        return (
            self.anchors >= least
            and self.aligned_share >= STRONG_ALIGNED
            and not self.contradicting
            and len(self.missing_names) <= STRONG_MISSING_NAMES
            and len(self.missing_names) < self.anchors
        )

    @property
    def possible(self) -> bool:
        """Worth an archivist's look: an anchor agrees in aligned sentences."""
        return self.anchors >= 1 and self.aligned >= 1

    @property
    def score(self) -> float:
        """0 to 1, for ordering; a suggestion's never reaches SUGGESTION_CEILING."""
        value = 0.5 * self.aligned_share + 0.5 * min(1.0, self.anchors / 3)
        value -= 0.2 * len(self.contradicting) + 0.1 * len(self.missing_names)
        return round(max(0.0, min(SUGGESTION_CEILING, value)), 3)

    def as_record(self) -> dict:
        """What agreed and what did not, for the merge suggestion and the admin."""
        agreed = [f"number {n}" for n in self.numbers] + [f"name {n}" for n in self.names]
        disagreed = [f"number {c}" for c in self.contradicting] + [
            f"name {n} not in the translation" for n in self.missing_names
        ]
        return {
            "aligned": f"{self.aligned} of {self.shorter} sentences aligned",
            "agreed": agreed,
            "disagreed": disagreed,
        }


def is_cyrillic(text: str) -> bool:
    """Whether most of `text`'s letters are Cyrillic (archive.languages.cyrillic's rule)."""
    return bool(cyrillic(text))


def weigh(original: str, translation: str) -> Evidence:
    """The evidence that `translation` translates `original` (or the other way round: the
    only asymmetry is that names missing are counted on `original`'s side)."""
    a, b = read(original), read(translation)
    evidence = Evidence(shorter=min(len(a), len(b)))
    covered_a = covered_b = 0
    for i, j in align(a, b):
        x, y = _read_together(a, i[-1] + 1, len(i)), _read_together(b, j[-1] + 1, len(j))
        covered_a, covered_b = covered_a + len(i), covered_b + len(j)
        agreed, missing = _shared_names(x, y)
        # One name inflected twice ("Вербівки", "Вербівці") is one anchor.
        seen = {n.split(" = ")[-1] for n in evidence.names}
        evidence.names += [n for n in agreed if n.split(" = ")[-1] not in seen]
        evidence.missing_names += [n for n in missing if n not in evidence.missing_names]
        evidence.numbers += sorted(x.numbers & y.numbers - set(evidence.numbers))
        if x.numbers - y.numbers and y.numbers - x.numbers:
            evidence.contradicting.append(
                f"{', '.join(sorted(x.numbers))} against {', '.join(sorted(y.numbers))}"
            )
    evidence.aligned = covered_a if len(a) <= len(b) else covered_b
    return evidence
