"""Printings whose words change the meaning against the statement's other printings.

Each flag names its kind and the words on both sides: what the other printings print
(`others`) and what this one prints (`printed`). Only printings in one language are compared
(a translation's words are not the original's); a change of spelling or of an unremarkable
word is not flagged, only the kinds below."""

from dataclasses import dataclass
from difflib import SequenceMatcher

from quotes.extraction.text import sentences

from .readings import Group, Reading, Token, keys, overlap, read_groups, spans, surface, tokens

NEGATION_DROPPED = "negation_dropped"
NEGATION_ADDED = "negation_added"
NUMBER_CHANGED = "number_changed"
DATE_CHANGED = "date_changed"
PLACE_CHANGED = "place_changed"
QUALIFIER_DROPPED = "qualifier_dropped"
SPLICE = "splice"
CUT_TO_OPPOSITE = "cut_to_opposite"
WRONG_SPEAKER = "wrong_speaker"

KINDS = (
    NEGATION_DROPPED,
    NEGATION_ADDED,
    NUMBER_CHANGED,
    DATE_CHANGED,
    PLACE_CHANGED,
    QUALIFIER_DROPPED,
    SPLICE,
    CUT_TO_OPPOSITE,
    WRONG_SPEAKER,
)

# Comparison keys (extraction.text.words: lower case, apostrophes dropped).
NEGATIONS = frozenset(
    "not no never nothing nobody none nor neither cannot dont doesnt didnt isnt arent wasnt "
    "werent wont cant couldnt shouldnt wouldnt havent hasnt hadnt mustnt aint "
    "не ні ніколи нічого ніхто нет ни никогда ничего никто".split()
)
QUALIFIERS = frozenset(
    "some may might could reportedly allegedly possibly probably perhaps likely about around "
    "nearly almost approximately roughly apparently presumably "
    "деякі можливо нібито ймовірно близько майже приблизно "
    "некоторые возможно якобы вероятно около почти примерно".split()
)
QUALIFYING_PAIRS = frozenset({("at", "least"), ("up", "to"), ("more", "or"), ("as", "many")})
DENIALS = frozenset(
    "wrong false untrue lie lies nonsense deny denies denied rumour rumours rumor rumors "
    "myth fake неправда брехня фейк вигадка неправда ложь вранье выдумка".split()
)
MONTHS_AND_DAYS = frozenset(
    "january february march april may june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday yesterday today tomorrow "
    "січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня "
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря "
    "вчора сьогодні завтра вчера сегодня".split()
)
NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety "
    "hundred thousand million dozen dozens hundreds thousands "
    "один два три чотири пять пʼять шість сім вісім девять десять сто тисяча тысяча".split()
)
# Words of context kept on each side of a flagged change.
CONTEXT = 2


@dataclass(frozen=True)
class Flag:
    """`printing` (its key) changes the meaning: `kind`, with the other printings' words
    and its own."""

    printing: object
    kind: str
    others: str
    printed: str


def _count(ks, vocabulary) -> int:
    return sum(1 for k in ks if k in vocabulary)


def _numbers(ks) -> list[str]:
    return [k for k in ks if k.isdigit() or k in NUMBER_WORDS]


def _has_qualifier(ks) -> bool:
    return _count(ks, QUALIFIERS) > 0 or any(
        p in QUALIFYING_PAIRS for p in zip(ks, ks[1:], strict=False)
    )


def _with_context(sentence: list[Token], run: list[Token], before: int) -> str:
    """`run` shown with a few words of `sentence` around it (`before`: where it starts)."""
    start = max(0, before - CONTEXT)
    end = min(len(sentence), before + len(run) + CONTEXT)
    return surface(sentence[start:end])


def _is_spelling(a: list[Token], b: list[Token]) -> bool:
    return (
        len(a) == len(b) == 1
        and SequenceMatcher(None, a[0].key, b[0].key).ratio() >= 0.7
        and not (a[0].key.isdigit() or b[0].key.isdigit())
    )


def word_kind(ref: list[Token], mine: list[Token], around=()) -> str | None:
    """The kind of meaning a changed run of words alters, or None; `around` holds the keys
    of the words next to it (a changed "14" next to "July" is a date)."""
    rk, mk = keys(ref), keys(mine)
    if _count(rk, NEGATIONS) > _count(mk, NEGATIONS):
        return NEGATION_DROPPED
    if _count(rk, NEGATIONS) < _count(mk, NEGATIONS):
        return NEGATION_ADDED
    if _has_qualifier(rk) and not _has_qualifier(mk):
        return QUALIFIER_DROPPED
    rn, mn = _numbers(rk), _numbers(mk)
    dated = _count(rk, MONTHS_AND_DAYS) or _count(mk, MONTHS_AND_DAYS)
    near = _count(around, MONTHS_AND_DAYS)
    if dated and set(rk) & MONTHS_AND_DAYS != set(mk) & MONTHS_AND_DAYS:
        return DATE_CHANGED
    if rn and mn and rn != mn:
        return DATE_CHANGED if dated or near else NUMBER_CHANGED
    if ref and mine and not _is_spelling(ref, mine):
        if any(t.capital for t in ref) and any(t.capital for t in mine):
            return PLACE_CHANGED
    return None


def _inside(reading: Reading, group: Group) -> list[Flag]:
    """Flags for words changed, added or dropped within the sentences it prints."""
    flags = []
    for index, printed in reading.clusters.items():
        reference = group.reference[index]
        if keys(reference) == keys(printed):
            continue
        matcher = SequenceMatcher(None, keys(reference), keys(printed), autojunk=False)
        codes = matcher.get_opcodes()
        for n, (tag, i1, i2, j1, j2) in enumerate(codes):
            # Words trimmed off a sentence's head or tail are a cut (see _cut), unless they
            # are one or two: "Some" or "reportedly" left off.
            trimmed = tag == "delete" and n in (0, len(codes) - 1)
            if tag == "equal" or (trimmed and i2 - i1 > 2):
                continue
            around = keys(reference[max(0, i1 - CONTEXT) : i1] + reference[i2 : i2 + CONTEXT])
            kind = word_kind(reference[i1:i2], printed[j1:j2], around)
            # A capitalised first word of a sentence is no proper name.
            if kind == PLACE_CHANGED and (i1 == 0 or j1 == 0):
                continue
            if kind:
                flags.append(
                    Flag(
                        reading.printing.key,
                        kind,
                        _with_context(reference, reference[i1:i2], i1),
                        _with_context(printed, printed[j1:j2], j1),
                    )
                )
    return flags


# Words that close a denial put before what it denies ("It is not true THAT ...").
COMPLEMENTS = frozenset("that true що правда что правда".split())


def _denies(ks) -> bool:
    """Whether words trimmed off a sentence's head deny what follows: a negation closed by
    "that" or "true" ("It is simply not true that"), not any negation ("We will not leave
    this dam" before another sentence)."""
    return _count(ks, NEGATIONS) > 0 and (ks[-1] in COMPLEMENTS or "true" in ks)


def _cut(reading: Reading, group: Group) -> list[Flag]:
    """A quotation cut so that it says the opposite: the words trimmed off a sentence deny
    what is left (a head "It is a lie that ...", a tail "... is not true"), or the sentence
    after the last one printed is a short denial of it ("That is a lie.")."""
    flags = []
    for index, printed in reading.clusters.items():
        full = group.fullest[index]
        for _, ref, _, where in spans(full, printed):
            denied = _count(keys(ref), DENIALS) or (where == "head" and _denies(keys(ref)))
            if where in ("head", "tail") and len(ref) > 2 and denied:
                flags.append(
                    Flag(reading.printing.key, CUT_TO_OPPOSITE, surface(full), surface(printed))
                )
                break
    held = sorted(reading.clusters)
    if held:
        after = held[-1] + 1
        denial = group.reference.get(after)
        if denial and after not in reading.clusters and len(denial) <= 8:
            if _count(keys(denial), DENIALS):
                last = reading.clusters[held[-1]]
                flags.append(
                    Flag(
                        reading.printing.key,
                        CUT_TO_OPPOSITE,
                        f"{surface(group.reference[held[-1]])} {surface(denial)}",
                        surface(last),
                    )
                )
    return flags


def _spliced(reading: Reading, group: Group, elsewhere: list[list[Token]]) -> list[Flag]:
    """A sentence no other printing of the statement holds, which the speaker is printed
    saying in another statement: two statements spliced into one quotation."""
    if len(group.readings) < 2:
        return []
    flags = []
    for index, printed in reading.clusters.items():
        if group.holders[index] > 1:
            continue
        for other in elsewhere:
            if len(printed) >= 3 and overlap(keys(printed), keys(other)) >= 0.6:
                flags.append(Flag(reading.printing.key, SPLICE, surface(other), surface(printed)))
                break
    return flags


def _speaker(reading: Reading) -> list[Flag]:
    for feature in reading.features:
        if feature[0] == "speaker":
            common, credited = reading.shown[feature]
            return [Flag(reading.printing.key, WRONG_SPEAKER, common, credited)]
    return []


def flag(printings, *, elsewhere=()) -> list[Flag]:
    """The Flags of a statement's printings (PrintingIn). `elsewhere` holds texts of the
    speaker's other statements, to find splices."""
    other_sentences = []
    for text in elsewhere:
        for start, end in sentences(text):
            found = tokens(text[start:end])
            if found:
                other_sentences.append(found)
    flags = []
    for group in read_groups(list(printings)):
        for reading in group.readings:
            flags.extend(_speaker(reading))
            if len(group.readings) < 2:
                continue
            found = _inside(reading, group) + _cut(reading, group)
            found += _spliced(reading, group, other_sentences)
            seen = set()
            for item in found:
                if (item.kind, item.others, item.printed) not in seen:
                    seen.add((item.kind, item.others, item.printed))
                    flags.append(item)
    return flags
