"""Linking a newly printed statement to the quote it repeats, through a fingerprint index.

Every printing is indexed by hashed pairs of neighbouring content-word stems
(`Fingerprint`), and a short text of function words by its word trigrams as well: a reprint
and a translation both keep a statement's content words in order, whatever they do with the
little words around them. A new statement looks up the quotes sharing the rarer of its keys
with it, reading no key further than COMMON_KEY_POSTINGS printings, then each candidate is
compared sentence by sentence. Two sentences are one when their words are nearly the same
(changed words, punctuation, a cut) or when they share most of their content words in the
same order ("a hail of shelling" / "a storm of shelling"): independent translations of one
press conference do.
"""

import hashlib
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import snowballstemmer
from django.db import connection
from django.db.models import F
from django.db.models.expressions import RawSQL
from django.db.models.sql.compiler import SQLCompiler
from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq

from .extraction.text import sentences, words
from .models import Fingerprint, Person, Printing, Quote
from .names import may_be_one

SHINGLE = 3
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
# Candidates sharing fewer keys than this are not compared at all.
MIN_SHARED_KEYS = 2
MAX_CANDIDATES = 20
# A candidate quote's distinct sentences compared with a statement at most (its first, in
# listing order): what one statement costs to link is bounded, however many printings of
# look-alike sentences a quote has gathered.
MAX_COMPARED_SENTENCES = 100
# ...and the sentence pairs compared for one statement at most, over its candidates in the
# order they are read: about 25 ms of comparing, whatever look-alike quotes the archive holds.
MAX_COMPARED_PAIRS = 20_000
# The printings of its candidate quotes read for one statement at most, in their order: what
# the comparing above could use of them, whatever one quote has gathered.
MAX_CANDIDATE_PRINTINGS = 400
# The most sentences a statement's canonical text is built from: a longer one (a whole speech
# printed in parts) keeps its first sentences' wording and order for the rest.
MAX_CANONICAL_SENTENCES = 150
# A key printed in more printings than this is too common to pick candidates by.
COMMON_KEY_POSTINGS = 500
# No more keys than this are looked up in one query (SQLite allows 500 terms in a compound
# SELECT); a longer statement is looked up by its rarest.
MAX_LOOKUP_KEYS = 200

# Function words a translator adds, drops or swaps freely. Negations are not among them:
# "we will not" and "we will" are different statements.
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before
    being below between both but by could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is
    it its itself just me more most my myself of off on once only or other ought our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we
    were what when where which while who whom why will with would you your yours yourself
    yourselves also even still well us s t can may might must shall upon whether yet single
    whole entire within around nearly almost approximately
    """.split()
)
NEGATIONS = frozenset("not no never nobody nothing none neither nor cannot without".split())
NUMBERS = {
    word: str(n)
    for n, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
} | {"thirty": "30", "forty": "40", "fifty": "50", "hundred": "100", "thousand": "1000"}
# "wasn't" is folded to "wasnt" by `words`.
CONTRACTED_NEGATIONS = frozenset(
    "dont doesnt didnt cant couldnt wont wouldnt shouldnt isnt arent wasnt werent havent "
    "hasnt hadnt mustnt neednt aint".split()
)
CONTRACTIONS = frozenset(
    "im ive id ill youre youve theyre theyve weve wed itll thats theres lets hes shes".split()
)
_STEMMER = snowballstemmer.stemmer("english")

# Words that two translators of one statement swap for each other (from Ukrainian and Russian
# into English above all: a "hail"/"storm" of shelling, "permission"/"allowed", a "task" or a
# "mission"), folded to one stem. Only words of one sense go together; nothing that could
# turn one statement into another ("attack"/"defend" never).
SYNONYMS = [
    "storm hail barrage flurry",
    "attack assault offensive onslaught",
    "repel repulse",
    "destroy eliminate annihilate obliterate",
    "troops forces",
    "city town",
    "residents inhabitants",
    "task mission assignment",
    "realize understand understood",
    "allowed permission permitted permit authorized",
    "capture seize",
    "big large huge",
    "fight battle combat",
    "shelling bombardment",
    "weapons arms",
    "mother mom mum",
    "father dad",
    "children kids",
    "enemy foe adversary",
    "ask request",
    "begin start",
    "help assist",
    "want wish",
    "kill murder",
    "homes houses",
    "afraid scared frightened",
    "lie lies lying",
    "say tell",
    "anyone anybody",
    "everyone everybody",
    "someone somebody",
    "forest wood woods",
    "flee escape",
    "leave abandon",
    "captivity prison",
    "television tv",
    "village settlement",
    "send throw",
    "past last",
    "prisoner captive",
    "speak talk",
]

# Past forms that an English stemmer leaves apart from their verb ("held"/"hold"): two
# translators put one verb in different tenses as often as in different words.
IRREGULAR = dict(
    pair.split(":")
    for pair in """
    said:say told:tell held:hold gave:give given:give came:come ran:run fled:flee left:leave
    lost:lose sent:send took:take taken:take knew:know known:know thought:think
    brought:bring fought:fight began:begin begun:begin got:get gotten:get went:go gone:go
    saw:see seen:see made:make found:find kept:keep shot:shoot felt:feel stood:stand
    understood:understand spoke:speak spoken:speak wrote:write written:write met:meet
    paid:pay built:build burnt:burn caught:catch taught:teach sold:sell won:win led:lead
    fell:fall fallen:fall shown:show threw:throw thrown:throw drove:drive driven:drive
    hid:hide hidden:hide forgot:forget forgotten:forget chose:choose chosen:choose
    broke:break broken:break spent:spend struck:strike hung:hang sought:seek bought:buy
    heard:hear sat:sit slept:sleep fed:feed meant:mean laid:lay rode:ride rose:rise
    risen:rise wore:wear worn:wear tore:tear torn:tear flew:fly flown:fly grew:grow
    grown:grow drew:draw drawn:draw ate:eat eaten:eat withdrew:withdraw withdrawn:withdraw
    beaten:beat bit:bite bitten:bite stole:steal stolen:steal froze:freeze frozen:freeze
    blew:blow blown:blow sank:sink sunk:sink shook:shake shaken:shake overran:overrun
    bent:bend lent:lend swore:swear sworn:swear woke:wake
    """.split()
)


@lru_cache(maxsize=50_000)
def english_stem(word: str) -> str:
    """An English word's Snowball stem, British and American spellings folded
    ("realised"/"realized", "defence"/"defense", "honour"/"honor")."""
    s = _STEMMER.stemWord(IRREGULAR.get(word, word))
    if s.endswith("is") and len(s) > 4:
        s = s[:-2] + "iz"
    elif s.endswith("our") and len(s) > 4:
        s = s[:-3] + "or"
    elif s.endswith("nc") and len(s) > 4:
        s = s[:-1] + "s"
    return s


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, str]:
    table = {}
    for group in SYNONYMS:
        first, *others = (english_stem(w) for w in group.split())
        table.update((other, first) for other in others)
    return table


def content(ws) -> tuple[str, ...]:
    """The stems of the words that carry a sentence's meaning, in order: no function words;
    every negation is "not" and every small number a numeral."""
    out = []
    for w in ws:
        if w in NEGATIONS or w in CONTRACTED_NEGATIONS:
            out.append("not")
        elif w in NUMBERS:
            out.append(NUMBERS[w])
        elif w.isdigit():  # "7" is as much a number as "seven" or "17"
            out.append(w)
        elif w not in STOP_WORDS and w not in CONTRACTIONS and len(w) > 1:
            out.append(_synonyms().get(english_stem(w), english_stem(w)))
    return tuple(out)


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


def _key(gram: str) -> int:
    """A signed 32-bit hash: four bytes a row. Two grams of one key only bring one more
    candidate for `compare` to turn down."""
    return int.from_bytes(
        hashlib.blake2b(gram.encode(), digest_size=4).digest(), "big", signed=True
    )


def _pair_keys(ws: list[str]) -> set[int]:
    # Marked apart, so that a pair never collides with a two-word text's own key.
    stems = content(ws)
    return {_key(f"~{a} {b}") for a, b in zip(stems, stems[1:], strict=False)}


def _gram_keys(ws: list[str]) -> set[int]:
    grams = [ws[i : i + SHINGLE] for i in range(max(1, len(ws) - SHINGLE + 1))]
    return {_key(" ".join(gram)) for gram in grams}


# The fingerprint index (`Fingerprint`, table quotes_fingerprint): one row per distinct key of
# a printing, (key integer, printing_id bigint), primary key (key, printing_id), which is
# also the index a lookup reads, and an index on printing_id to rewrite or delete one
# printing's rows. No surrogate id. A bulk load (COPY) writes, for each printing,
#     [(key, printing.pk) for key in fingerprint_keys(printing.text)]
# and needs nothing else: key frequencies are read from the primary key itself, counted no
# further than COMMON_KEY_POSTINGS + 1 (see `_postings`), so there is no table to rebuild.
def fingerprint_keys(text: str) -> list[int]:
    """The keys a printing is found by, sorted: hashes of its pairs of neighbouring
    content-word stems, which a reprint keeps as a translation does (whatever it does with
    the little words), and, for a text of fewer than MIN_SHARED_KEYS such pairs, hashes of
    its word trigrams too (of the whole text when shorter), so that a short headline of
    function words has keys to be found by."""
    ws = words(text)
    keys = _pair_keys(ws)
    if len(keys) < MIN_SHARED_KEYS:
        keys |= _gram_keys(ws)
    return sorted(keys)


def shared_content(a: Sentence, b: Sentence) -> int | None:
    """How many content words two sentences share in order when they are one sentence as
    printed by two outlets; None when they are not."""
    found = _match(a, b)
    return None if found is None else found[0]


# How two printings of one sentence relate, from closest: one printed whole (the same words,
# or all of one inside the other), a copy with words changed, a translation.
WHOLE, INSIDE, COPY, TRANSLATION = "whole", "inside", "copy", "translation"
# Sentences this alike (0-100) are the same words, whatever typography and a word or two.
WHOLE_SENTENCE = 97


def _match(a: Sentence, b: Sentence, *, loose: bool = False) -> tuple[int, str] | None:
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

    def record(i, j, found):
        for side, k, other in ((new_found, i, j), (old_found, j, i)):
            match = _Found(*found, at=other)
            best = side[k]
            if best is None or (match.how != TRANSLATION, match.shared) > (
                best.how != TRANSLATION,
                best.shared,
            ):
                side[k] = match

    for i, n in enumerate(new):
        for j, o in enumerate(old):
            found = _match(n, o)
            if found is not None:
                record(i, j, found)
    anchored = any(m is not None and _anchor(m) for m in new_found)
    for i, n in enumerate(new):
        for j, o in enumerate(old):
            if new_found[i] is None or old_found[j] is None:
                found = _match(n, o, loose=True)
                if found is not None:
                    record(i, j, found)
    # Without one such sentence, short sentences tie two statements only when every
    # sentence of one side is found in the other ("The children did not even cry. They are
    # used to the sirens by now." / "The kids didn't even cry. They're used to sirens.").
    if not anchored and sum(f.shared for f in new_found if f) >= SURE_MIN_SHARED:
        anchored = any(
            len(side) >= 2 and all(side_found)
            for side, side_found in ((new, new_found), (old, old_found))
        )
    # ...or when several of them follow one another in the same order on both sides.
    if not anchored:
        order = [f.at for f in new_found if f is not None]
        anchored = (
            len(order) >= ORDERED_MIN_SENTENCES
            and order == sorted(order)
            and len(set(order)) == len(order)
            and sum(f.shared for f in new_found if f) >= ORDERED_MIN_SHARED
        )
    if not anchored:  # loose matches count for nothing alone
        new_found = [f if f is None or not f.loose else None for f in new_found]
        old_found = [f if f is None or not f.loose else None for f in old_found]
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


def compatible(person, quote: Quote) -> bool:
    """A named speaker's printing joins another named speaker's quote only when the words
    are strongly one statement (see `Comparison.strong`), or when the two names may be one
    person printed two ways (`names.may_be_one`: "Justice Goss", "Justice Gross"); the
    archivist is told either way, by the attribution conflict."""
    if person is None or quote.person_id is None or quote.person_id == person.pk:
        return True
    other = Person.objects.filter(pk=quote.person_id).values_list("name", flat=True).first()
    return other is not None and may_be_one(person.name, other)


def _postings(keys) -> dict[int, int]:
    """How many printings carry each of `keys` (those carried by none left out), counted no
    further than COMMON_KEY_POSTINGS + 1: each count reads at most that many entries of the
    primary key's index, so a common key costs what a rare one does however large the
    archive grows. This is the index's key-frequency table, kept by the index itself."""
    keys = sorted(keys)
    table, column = map(connection.ops.quote_name, (Fingerprint._meta.db_table, "key"))
    found = {}
    with connection.cursor() as cursor:
        for first in range(0, len(keys), MAX_LOOKUP_KEYS):
            chunk = keys[first : first + MAX_LOOKUP_KEYS]
            counts = " UNION ALL ".join(
                # Only the table's and column's quoted names are formatted in.
                f"SELECT %s, (SELECT COUNT(*) FROM (SELECT 1 FROM {table} WHERE {column} = %s "  # noqa: S608
                "LIMIT %s) c)"
                for _ in chunk
            )
            cursor.execute(counts, [p for k in chunk for p in (k, k, COMMON_KEY_POSTINGS + 1)])
            found.update((key, n) for key, n in cursor.fetchall() if n)
    return found


def _short(texts: list[str]) -> list[int]:
    """A short text's stem pairs (fewer than MIN_SHARED_KEYS), any one of which is enough for
    a printing to share; none for a longer text."""
    pairs = set().union(*(_pair_keys(words(t)) for t in texts))
    return sorted(pairs) if len(pairs) < MIN_SHARED_KEYS else []


def _chosen(keys: set[int], texts: list[str]) -> list[int]:
    """The ids of the quotes whose printings share the most keys with `texts` (at least
    MIN_SHARED_KEYS of them, or as many as a short text has), the first MAX_CANDIDATES by the
    most one printing shares (ties: the one printed last first)."""
    # Keys that many printings share ("we will not") say little about which quote this
    # is; counting only the rarer ones keeps the true match at the top of the list as the
    # archive grows. When too few are rare, the rarest common ones are read as well, each
    # no further than its newest COMMON_KEY_POSTINGS + 1 printings. A printing of
    # MIN_SHARED_KEYS stem pairs or more is indexed by them alone, so a short text (a
    # headline, a clause) finds it by its one pair.
    best = {}
    for quote, shared in _shared(keys, _short(texts)):
        best[quote] = max(best.get(quote, 0), shared)
    return sorted(best, key=best.get, reverse=True)[:MAX_CANDIDATES]


def _shared(keys: set[int], short: list[int]) -> list[tuple[int, int]]:
    """(quote id, keys shared) of the printings sharing the most of the rarer `keys`, the
    most first, in two queries: the keys' postings counted, then the rarer ones read. A
    key of `short` (a short text's pairs) among the rarer ones is enough alone."""
    postings = _postings(keys)
    by_rarity = sorted(postings, key=lambda k: (postings[k], k))
    rare = [k for k in by_rarity if postings[k] <= COMMON_KEY_POSTINGS][:MAX_LOOKUP_KEYS]
    if len(rare) < MIN_SHARED_KEYS:
        rare = by_rarity[: MIN_SHARED_KEYS * 4]
    if not rare:
        return []
    least = 1 if set(short) & set(rare) else min(MIN_SHARED_KEYS, len(rare))
    table, column = map(connection.ops.quote_name, (Fingerprint._meta.db_table, "key"))
    read = " UNION ALL ".join(
        f"SELECT * FROM (SELECT printing_id FROM {table} WHERE {column} = %s "  # noqa: S608
        "ORDER BY printing_id DESC LIMIT %s) p"
        for _ in rare
    )
    printings = connection.ops.quote_name(Printing._meta.db_table)
    sql = (
        f"SELECT a.quote_id, s.shared FROM (SELECT printing_id, COUNT(*) AS shared "  # noqa: S608
        f"FROM ({read}) r GROUP BY printing_id HAVING COUNT(*) >= %s "
        "ORDER BY COUNT(*) DESC, printing_id DESC LIMIT %s) s "
        f"JOIN {printings} a ON a.id = s.printing_id "
        # Quotes sharing as many keys: the one printed last first, whatever the join does.
        "ORDER BY s.shared DESC, s.printing_id DESC"
    )
    params = [p for k in rare for p in (k, COMMON_KEY_POSTINGS + 1)]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, least, MAX_CANDIDATES * 5])
        return cursor.fetchall()


# What `_chosen` does, in one statement over an array of keys, a subquery of the query
# reading the candidates (`_found_candidates_query`): one round trip, where `_shared`'s two
# queries of a subquery or two per key took longer to plan than to run, and the candidates
# were read by a third. `counted` reads no key further than COMMON_KEY_POSTINGS + 1 entries
# of the primary key's index, as `shared` reads no chosen key further; `chosen` keeps the
# rarest keys by `_shared`'s rules, and `least` is how many of them a printing must share.
# Then each quote with the most keys one of its printings shares, the first MAX_CANDIDATES
# in `_chosen`'s order.
CHOSEN_SQL = """
WITH counted AS (
    SELECT k.key, c.n FROM unnest(%(keys)s::integer[]) AS k(key) CROSS JOIN LATERAL (
        SELECT COUNT(*) AS n FROM (
            SELECT 1 FROM quotes_fingerprint f WHERE f.key = k.key LIMIT %(cap)s
        ) p
    ) c
), ranked AS (
    SELECT key, n, row_number() OVER (ORDER BY n, key) AS rarity,
        COUNT(*) FILTER (WHERE n <= %(common)s) OVER () AS rare
    FROM counted WHERE n > 0
), chosen AS (
    SELECT key FROM ranked
    WHERE rarity <= CASE WHEN rare >= %(min_shared)s THEN LEAST(rare, %(max_keys)s)
        ELSE %(fallback)s END
), least AS (
    SELECT CASE WHEN bool_or(key = ANY(%(short)s::integer[])) THEN 1
        ELSE LEAST(%(min_shared)s, COUNT(*)) END AS n
    FROM chosen
), shared AS (
    SELECT p.printing_id, COUNT(*) AS shared
    FROM chosen CROSS JOIN LATERAL (
        SELECT printing_id FROM quotes_fingerprint f WHERE f.key = chosen.key
        ORDER BY printing_id DESC LIMIT %(cap)s
    ) p
    GROUP BY p.printing_id HAVING COUNT(*) >= (SELECT n FROM least)
    ORDER BY COUNT(*) DESC, p.printing_id DESC LIMIT %(limit)s
)
SELECT quote_id FROM (
    SELECT DISTINCT ON (a.quote_id) a.quote_id, s.shared, s.printing_id
    FROM shared s JOIN quotes_printing a ON a.id = s.printing_id
    ORDER BY a.quote_id, s.shared DESC, s.printing_id DESC
) best
ORDER BY shared DESC, printing_id DESC LIMIT %(candidates)s
"""


def _chosen_parameters(keys: set[int], short: list[int]) -> dict:
    """CHOSEN_SQL's parameters, by name."""
    return {
        "keys": sorted(keys),
        "short": short,
        "cap": COMMON_KEY_POSTINGS + 1,
        "common": COMMON_KEY_POSTINGS,
        "min_shared": MIN_SHARED_KEYS,
        "max_keys": MAX_LOOKUP_KEYS,
        "fallback": MIN_SHARED_KEYS * 4,
        "limit": MAX_CANDIDATES * 5,
        "candidates": MAX_CANDIDATES,
    }


class _Slot(NamedTuple):
    """A parameter of a query compiled once, filled at each call: by its place among the
    chosen candidates' ids (`_candidates_query(n)`), or by its name in CHOSEN_SQL's."""

    at: int | str


class _CandidatesQuery(NamedTuple):
    sql: str
    params: tuple
    columns: list[str]  # the quote's, before the printing's text
    compiler: SQLCompiler  # converts the rows' values as a queryset's iteration would
    converters: dict

    def rows(self, values) -> list[tuple]:
        """Its rows, each slot filled with `values[slot.at]`."""
        params = [values[p.at] if isinstance(p, _Slot) else p for p in self.params]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.converters:
            rows = self.compiler.apply_converters(rows, self.converters)
        return rows


def _compiled(among) -> _CandidatesQuery:
    """The query reading the candidate quotes `among` (ids, or a subquery of them) with
    their printings' words: a row a printing, each with its whole quote but its search data
    (the caller links, merges and publishes it), then the printing's text; quotes in their
    listing order, then each quote's printings in theirs, which `compare` reads sentences
    in. Compiled once for each shape, with slots for the values: Django took longer to
    compile it than the database to run it, once for every statement an import links. Its
    rows are read by a cursor, each quote made once from its first: RawQuerySet, which made
    a quote of every row, took 0.97 against 0.62 ms a lookup on the bench archive."""
    columns = [f.attname for f in Quote._meta.concrete_fields if f.name != "search_vector"]
    queryset = (
        Quote.objects.live()
        .exclude(status=Quote.Status.REJECTED)
        .filter(pk__in=among)
        .annotate(printed=F("printings__text"))
        .order_by(
            *Quote._meta.ordering,
            "pk",
            *(f"printings__{field}" for field in Printing._meta.ordering),
        )
        .values_list(*columns, "printed")
    )[:MAX_CANDIDATE_PRINTINGS]
    compiler = queryset.query.get_compiler(connection=connection)
    sql, params = compiler.as_sql()
    converters = compiler.get_converters([column for column, _, _ in compiler.select])
    return _CandidatesQuery(sql, params, columns, compiler, converters)


@lru_cache(maxsize=MAX_CANDIDATES)
def _candidates_query(n: int) -> _CandidatesQuery:
    """The candidate quotes of `n` ids given: compiled with ids no quote has, -1 to -n, which
    then become the slots of the ids' places."""
    query = _compiled([-(i + 1) for i in range(n)])
    slots = {-(i + 1): _Slot(i) for i in range(n)}
    return query._replace(params=tuple(slots.get(p, p) for p in query.params))


@lru_cache(maxsize=1)
def _found_candidates_query() -> _CandidatesQuery:
    """(PostgreSQL) The candidate quotes CHOSEN_SQL picks, in the same statement: one round
    trip a lookup rather than two."""
    names = re.findall(r"%\((\w+)\)s", CHOSEN_SQL)
    sql = re.sub(r"%\(\w+\)s", "%s", CHOSEN_SQL)  # our own statement, values as parameters
    chosen = RawSQL(sql, [_Slot(name) for name in names])  # noqa: S611
    return _compiled(chosen)


def find_matches(
    texts: list[str], *, person, reading=None, apart=frozenset()
) -> tuple[list[Quote], list[tuple[Quote, float]]]:
    """Quotes that the statement printed as `texts` surely repeats, best first, and quotes it
    may repeat, with a score, for an archivist to decide. `reading`, if given, is called with
    the ids of the candidate quotes before their printings are compared, and says whether it
    wrote printings of theirs (an import writes the printings it holds back for them), which
    are then read again.

    A sure match with another named person's quote counts only when the words are strongly
    one statement (an outlet that credited the wrong person, or the agency); the caller
    keeps the quote's person and records the conflict.

    `apart`: ids of quotes the statement is another statement than, unless one prints the
    other's words again whole (an article's other statements: the article told them apart). Each
    sure quote says, as `found_sentences`, which of the new statement's sentences it holds."""
    keys = set().union(*(fingerprint_keys(t) for t in texts))
    if not keys:
        return [], []
    if connection.vendor == "postgresql":
        query = _found_candidates_query()
        rows = query.rows(_chosen_parameters(keys, _short(texts)))
        chosen = list(dict.fromkeys(row[0] for row in rows))  # the live ones
    else:
        chosen, query = _chosen(keys, texts), None
    if not chosen:
        return [], []
    if (reading is not None and reading(chosen)) or query is None:
        query = _candidates_query(len(chosen))
        rows = query.rows(chosen)
    candidates = {}  # id -> (quote, the sentences of its printings)
    for *row, printed in rows:
        if row[0] not in candidates:
            candidates[row[0]] = (Quote.from_db(connection.alias, query.columns, row), [])
        if printed is not None:
            candidates[row[0]][1].extend(sentence_list(printed))
    new = [s for t in texts for s in sentence_list(t)]
    sure, possible = [], []
    budget = MAX_COMPARED_PAIRS
    for quote, printed in candidates.values():
        old = list(dict.fromkeys(printed))[:MAX_COMPARED_SENTENCES]
        budget -= len(new) * len(old)
        if budget < 0:
            break
        if quote.pk in apart:
            if printed_again(new, old):  # only then is it compared
                result = compare(new, old)
                sure.append((True, True, result.matched_words, -quote.pk, result, quote))
            continue
        result = compare(new, old)
        # (Only surely one statement asks whether two names may be one person.)
        same_speaker = result.anchored and compatible(person, quote)
        # The same named person's quote needs only a sentence that ties the two: an outlet
        # may print one sentence of a long statement, another translate the rest apart.
        own = (
            person is not None
            and quote.person_id == person.pk
            and result.anchored
            and result.matched_words >= SURE_MIN_WORDS
        )
        if (result.sure or own) and (same_speaker or result.strong):
            # The speaker's own quote first, then the most words in common.
            theirs = person is not None and quote.person_id == person.pk
            sure.append((theirs, same_speaker, result.matched_words, -quote.pk, result, quote))
        elif result.possible:
            possible.append((quote, result.score))
    sure.sort(key=lambda item: item[:4], reverse=True)
    for *_, result, quote in sure:
        quote.found_sentences = result.matched  # which of the new sentences it holds
    return [quote for *_, quote in sure], possible


def printed_again(new: list[Sentence], old: list[Sentence]) -> bool:
    """One side's sentences are each printed word for word inside a sentence of the other:
    an article quoting again words it quoted before (a headline's words, then the sentence
    they are cut from). Exact, not alike: look-alike sentences ("Convoy 7 crossed at dawn",
    "Convoy 8 crossed at dawn") are other statements."""

    def inside(these, those):
        return all(any(f" {a.text} " in f" {b.text} " for b in those) for a in these)

    return bool(new and old) and (inside(new, old) or inside(old, new))


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


# Marks that end nothing when a text stops at them: a printing cut off by its attribution
# ("... the pier," she said) or at a semicolon or colon. Citations drop them too.
DANGLING_MARKS = ",;:"


def canonical_text(printings: list[list[str]]) -> str:
    """The fullest wording of a statement from its printings (each article's quotations of
    it, in order): the longest printing, with the sentences that only other printings carry
    inserted where they stood in those printings."""
    texts = [joined(pieces) for pieces in printings if pieces]
    # Fullest first; printings as full as each other by their text, so that the wording does
    # not depend on which article was archived first.
    ordered = sorted(texts, key=lambda t: (-len(words(t)), t))
    base = [(t[s:e], words(t[s:e])) for t in ordered[:1] for s, e in sentences(t)]
    for text in ordered[1:]:
        position = 0
        for s, e in sentences(text):
            if len(base) >= MAX_CANONICAL_SENTENCES:
                break
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
    # (Each sentence's words as one string, spaced around, all of them in one: the words of
    # one inside a longer one's are a substring found there more often than it is printed
    # itself, counted at C speed among a long statement's sentences.)
    spaced = [f" {' '.join(ws)} " for _, ws in base]
    together = "\n".join(spaced)
    printed = Counter(spaced)
    longest = max((len(ws) for _, ws in base), default=0)
    base = [
        (sentence, ws)
        for (sentence, ws), alone in zip(base, spaced, strict=True)
        if not (together.count(alone) > printed[alone] if ws else longest > 0)
    ]
    text = " ".join(sentence for sentence, _ in base)
    # A printing stopped at a dangling mark: the statement ends there. A sentence takes the
    # full stop the attribution displaced (as `joined` does between pieces), a fragment ("a
    # disaster,") just loses the mark.
    ended = text.rstrip(DANGLING_MARKS + " ")
    if ended != text.rstrip() and ended[:1].isupper():
        ended += "."
    return ended
