"""A statement's printings read side by side: its sentences matched across printings, the
wording most of them print, and what each printing does differently (its readings).

What copying leaves behind is a printing's departures from the common wording: the sentences
it leaves out, the words it trims off a sentence, the words it changes. Two printings sharing
a rare departure are likely to be one copied from the other; this module finds the
departures, inference.py weighs them and alterations.py asks which change the meaning."""

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from difflib import SequenceMatcher

from quotes.extraction.text import sentences, words

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")

# Two sentences are one when this share of the shorter one's words is in the other.
SAME_SENTENCE = 0.6


@dataclass(frozen=True)
class PrintingIn:
    """One article's printing of a statement, as lineage reads it. `key` names it (an article
    id, a gold id); `printed` is the day it was printed (None: undated); `order` (the order
    archived) only breaks ties between printings of one day; `speaker` is whom it
    credits."""

    key: object
    text: str
    printed: date | None
    outlet: str = ""
    language: str = ""
    speaker: str = ""
    order: int = 0


@dataclass(frozen=True)
class Token:
    key: str
    surface: str
    capital: bool


@dataclass
class Reading:
    """A printing's sentences by cluster (cluster index -> its tokens) and its departures
    from the common wording (`features`, hashable tuples; see `departures`)."""

    printing: PrintingIn
    clusters: dict[int, list[Token]] = field(default_factory=dict)
    features: set = field(default_factory=set)
    # Each departure's words as printed (the common wording's, this printing's), to say it.
    shown: dict = field(default_factory=dict)


@dataclass
class Group:
    """The printings of a statement in one language, read against each other."""

    language: str
    readings: list[Reading]
    reference: dict[int, list[Token]]  # the common wording of each sentence
    fullest: dict[int, list[Token]]  # the longest printed wording of each sentence
    holders: dict[int, int]  # how many printings hold each sentence
    counts: Counter  # how many printings share each departure


def tokens(text: str) -> list[Token]:
    """`text` as Tokens: each word's comparison key (extraction.text.words) and its surface."""
    found = []
    for match in _WORD.finditer(text):
        key = "".join(words(match.group()))
        if key:
            found.append(Token(key, match.group(), match.group()[:1].isupper()))
    return found


def keys(tokens_: list[Token]) -> tuple[str, ...]:
    return tuple(t.key for t in tokens_)


def overlap(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """The share of the shorter sentence's words found in the other."""
    sa, sb = set(a), set(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / min(len(sa), len(sb))


def time_order(printings: list[PrintingIn]) -> list[PrintingIn]:
    """Earliest first, undated last, then by `order`."""
    return sorted(printings, key=lambda p: (p.printed is None, p.printed or date.min, p.order))


def _cluster(ordered: list[PrintingIn]) -> list[Reading]:
    """Each printing's sentences assigned to the statement's sentences, in the order they
    are first seen (the earliest printings first)."""
    representatives: list[tuple[str, ...]] = []
    readings = []
    for printing in ordered:
        reading = Reading(printing)
        for start, end in sentences(printing.text):
            found = tokens(printing.text[start:end])
            if not found:
                continue
            ks = keys(found)
            scores = [(overlap(ks, rep), i) for i, rep in enumerate(representatives)]
            best = max(scores, default=(0.0, -1))
            if best[0] >= SAME_SENTENCE and best[1] not in reading.clusters:
                reading.clusters[best[1]] = found
            else:
                representatives.append(ks)
                reading.clusters[len(representatives) - 1] = found
        readings.append(reading)
    return readings


def _common(readings: list[Reading]) -> tuple[dict, dict, dict]:
    """Each sentence's most printed wording (ties: the earliest), its longest, and how many
    printings hold it."""
    wordings: dict[int, list[list[Token]]] = {}
    # Between wordings printed as often, the earliest printing's; on one day, the fullest's
    # (a printing holding more of the statement is the likelier to be its source).
    rank = sorted(
        range(len(readings)),
        key=lambda n: (
            readings[n].printing.printed is None,
            readings[n].printing.printed or date.min,
            -len(readings[n].clusters),
            readings[n].printing.order,
        ),
    )
    for n in rank:
        for index, found in readings[n].clusters.items():
            wordings.setdefault(index, []).append(found)
    reference, fullest, holders = {}, {}, {}
    for index, printed in wordings.items():
        tally = Counter(keys(p) for p in printed)
        top = max(tally.values())
        reference[index] = next(p for p in printed if tally[keys(p)] == top)
        fullest[index] = max(printed, key=len)
        holders[index] = len(printed)
    return reference, fullest, holders


def spans(reference: list[Token], printed: list[Token]):
    """The differing runs between a sentence's common wording and a printing's, as
    (tag, reference tokens, printed tokens, where): `where` is "head" or "tail" for words of
    the sentence left unprinted before or after the printed ones, "inside" otherwise."""
    matcher = SequenceMatcher(None, keys(reference), keys(printed), autojunk=False)
    codes = matcher.get_opcodes()
    out = []
    for n, (tag, i1, i2, j1, j2) in enumerate(codes):
        if tag == "equal":
            continue
        where = "inside"
        if tag == "delete" and n == 0:
            where = "head"
        elif tag == "delete" and n == len(codes) - 1:
            where = "tail"
        out.append((tag, reference[i1:i2], printed[j1:j2], where))
    return out


def departures(reading: Reading, group_reference: dict, holders: dict) -> set:
    """What `reading` prints differently from the common wording: ("cut", sentence) for a
    sentence of the statement it leaves out (one at least two others print: leaving out what
    one printing alone holds says nothing), ("trim",
    sentence, where, words) for words trimmed off a sentence's head or tail, and ("word",
    sentence, common words, printed words) for changed, added or dropped words
    (read_groups adds ("speaker", name) for a printing crediting someone else)."""
    found = set()
    for index in group_reference:
        if index not in reading.clusters and holders[index] >= 2:
            found.add(("cut", index))
            reading.shown[("cut", index)] = (surface(group_reference[index]), "")
    for index, printed in reading.clusters.items():
        for _, ref, mine, where in spans(group_reference[index], printed):
            if where != "inside":
                feature = ("trim", index, where, keys(ref))
            else:
                feature = ("word", index, keys(ref), keys(mine))
            found.add(feature)
            reading.shown[feature] = (surface(ref), surface(mine))
    return found


def surface(tokens_: list[Token]) -> str:
    return " ".join(t.surface for t in tokens_)


def _speaker_key(name: str) -> str:
    return " ".join(words(name))


def majority_speaker(printings: list[PrintingIn]) -> str:
    """The speaker most printings credit (folded), or "" when none or a tie."""
    tally = Counter(_speaker_key(p.speaker) for p in printings if p.speaker.strip())
    if not tally:
        return ""
    (top, n), *rest = tally.most_common()
    return "" if rest and rest[0][1] == n else top


def read_groups(printings: list[PrintingIn]) -> list[Group]:
    """The statement's printings in groups by language (an unknown language joins the
    statement's first), each read against the others."""
    ordered = time_order(printings)
    first_language = next((p.language for p in ordered if p.language), "")
    by_language: dict[str, list[PrintingIn]] = {}
    for printing in ordered:
        by_language.setdefault(printing.language or first_language, []).append(printing)
    speaker = majority_speaker(printings)
    shown_speaker = next((p.speaker for p in ordered if _speaker_key(p.speaker) == speaker), "")
    groups = []
    for language, members in by_language.items():
        readings = _cluster(members)
        reference, fullest, holders = _common(readings)
        for reading in readings:
            reading.features = departures(reading, reference, holders)
            credited = _speaker_key(reading.printing.speaker)
            if speaker and credited and credited != speaker:
                reading.features.add(("speaker", credited))
                reading.shown[("speaker", credited)] = (shown_speaker, reading.printing.speaker)
        counts = Counter(f for r in readings for f in r.features)
        groups.append(Group(language, readings, reference, fullest, holders, counts))
    return groups
