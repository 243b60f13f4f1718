"""Which printing each printing of a statement most likely took its words from.

A copy shares its source's departures from the common wording (the same cut, the same
changed word, the same misspelling, the same wrong speaker) and was printed no earlier. A
printing may only hang from one printed before it, or on the same day when the words alone
show the direction (it holds every departure of the other and some of its own). Where
nothing decides, it hangs from the statement itself: independent or unknown."""

import math
from dataclasses import dataclass
from difflib import SequenceMatcher

from .readings import Group, Reading, keys, read_groups

# A source needs at least this weight of shared departures (one rare departure is 1.0).
ENOUGH = 0.9
# A copy's words agree with its source's at least this much where both print a sentence.
SIMILAR = 0.7
# Weight of a shared departure by kind, before its rarity.
WEIGHT = {"cut": 0.7, "trim": 0.8, "word": 1.0, "spelling": 1.5, "speaker": 1.5}
# What a source's departure that its copy lacks costs (the copy would have undone it).
UNDONE = 0.75
# The strength of an edge from identical or near-identical words alone.
IDENTICAL = 0.4
KEPT = 0.3


@dataclass(frozen=True)
class Edge:
    """`copy` took its words from `source` (None: independent or unknown), with the
    evidence in words and a strength from 0 to 1."""

    copy: object
    source: object
    evidence: str
    strength: float


def is_spelling(feature) -> bool:
    """A one-word change that keeps most of the word's letters ('Kharkiv' -> 'Kharkov')."""
    if feature[0] != "word" or len(feature[2]) != 1 or len(feature[3]) != 1:
        return False
    a, b = feature[2][0], feature[3][0]
    return not (a.isdigit() or b.isdigit()) and SequenceMatcher(None, a, b).ratio() >= 0.7


def weight(feature, count: int, size: int) -> float:
    """A shared departure's weight: by kind, and the rarer the heavier (shared by two of
    many printings counts fully; shared by nearly all, hardly)."""
    kind = "spelling" if is_spelling(feature) else feature[0]
    if size <= 2 or count < 2:
        return WEIGHT[kind]
    rarity = math.log((size + 1) / count) / math.log((size + 1) / 2)
    return WEIGHT[kind] * max(rarity, 0.0)


def _impossible(copy: Reading, source: Reading) -> bool:
    """Whether `copy` prints words `source` left out, which it cannot have taken from it."""
    for feature in source.features - copy.features:
        if feature[0] == "cut" and feature[1] in copy.clusters:
            return True
        if feature[0] == "trim" and feature[1] in copy.clusters:
            own = [
                f for f in copy.features if f[:3] == feature[:3] and len(f[3]) >= len(feature[3])
            ]
            if not own:
                return True
    return False


def similarity(copy: Reading, source: Reading) -> float:
    """How much of the copy's words the source prints, where both print a sentence (0 if
    they share none)."""
    both = sorted(set(copy.clusters) & set(source.clusters))
    if not both:
        return 0.0
    a = [k for i in both for k in keys(copy.clusters[i])]
    b = [k for i in both for k in keys(source.clusters[i])]
    # The share of the copy's words found in order in the source: a cut copy is all source.
    matched = SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    return sum(block.size for block in matched) / len(a) if a else 0.0


def in_time(copy: Reading, source: Reading) -> bool:
    """Whether `source` may be `copy`'s source by date: printed before it, or on the same
    day when the words show the direction: `copy` prints fewer of the statement's sentences
    (a copy cuts far more often than it adds), or the same ones with all of `source`'s
    departures and more. Never when either is undated."""
    c, s = copy.printing.printed, source.printing.printed
    if c is None or s is None or s > c:
        return False
    if s < c:
        return True
    held, holds = set(copy.clusters), set(source.clusters)
    return held < holds or (held == holds and source.features < copy.features)


def score(copy: Reading, source: Reading, group: Group) -> tuple[float, list]:
    """The weight of the departures the two share, less what the source departs in that
    the copy does not, and the shared departures, heaviest first."""
    size = len(group.readings)
    shared = sorted(
        copy.features & source.features,
        key=lambda f: -weight(f, group.counts[f], size),
    )
    total = sum(weight(f, group.counts[f], size) for f in shared)
    for feature in source.features - copy.features:
        if feature[0] in ("word", "speaker") and (
            feature[0] == "speaker" or feature[1] in copy.clusters
        ):
            total -= UNDONE
    return total, [f for f in shared if weight(f, group.counts[f], size) > 0]


def _when(copy: Reading, source: Reading) -> str:
    days = (copy.printing.printed - source.printing.printed).days
    if days == 0:
        return "printed the same day"
    return f"printed {days} day{'s' if days != 1 else ''} later"


def _quoted(text: str, limit: int = 8) -> str:
    parts = text.split()
    short = " ".join(parts[:limit]) + (" …" if len(parts) > limit else "")
    return f"“{short}”"


def describe(feature, reading: Reading) -> str:
    """A shared departure in words."""
    common, printed = reading.shown.get(feature, ("", ""))
    if feature[0] == "cut":
        return f"the same cut (both leave out {_quoted(common)})"
    if feature[0] == "trim":
        return f"the same words trimmed off ({_quoted(common)})"
    if feature[0] == "speaker":
        return f"the same speaker credited, {printed}, against {common} in the others"
    if is_spelling(feature):
        return f"the same misspelling {_quoted(printed)}"
    if not common:
        return f"the same added words {_quoted(printed)}"
    if not printed:
        return f"the same words left out ({_quoted(common)})"
    return f"the same change {_quoted(common)} → {_quoted(printed)}"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


LANGUAGE_NAMES = {"en": "English", "uk": "Ukrainian", "ru": "Russian"}


def _translation(group: Group, original: str) -> str:
    if group.language and original and group.language != original:
        return f" (the same translation from the {LANGUAGE_NAMES.get(original, original)} original)"
    return ""


def choose(copy: Reading, group: Group, refused=frozenset(), original="") -> Edge:
    """`copy`'s most likely source in `group`, or an edge to None saying why none."""
    key = copy.printing.key
    if copy.printing.printed is None:
        return Edge(key, None, "undated: who copied whom cannot be told", 0.0)
    plausible = [
        s
        for s in group.readings
        if s is not copy
        and (key, s.printing.key) not in refused
        and in_time(copy, s)
        and not _impossible(copy, s)
        and similarity(copy, s) >= SIMILAR
    ]
    scored = [(score(copy, s, group), s) for s in plausible]
    # The heaviest evidence; between equals, the earliest (the first to print those words).
    best = min(scored, key=lambda x: (-x[0][0], _rank(x[1])), default=None)
    if best and best[0][0] >= ENOUGH:
        (total, shared), source = best
        evidence = _join([describe(f, copy) for f in shared[:3]])
        evidence = f"{evidence}{_translation(group, original)}, {_when(copy, source)}"
        return Edge(key, source.printing.key, evidence, round(min(0.95, 1 - 0.5**total), 2))
    # No shared departure: a printing whose words are another's, plus changes of its own,
    # most likely took them from the earliest such.
    holders = [s for s in plausible if s.features <= copy.features]
    if holders and similarity(copy, holders[0]) >= 0.8:
        source = min(holders, key=_rank)
        same = source.features == copy.features
        words = "word for word the same" if same else "the same words, with changes of its own"
        evidence = f"{words}{_translation(group, original)}, {_when(copy, source)}"
        return Edge(key, source.printing.key, evidence, IDENTICAL if same else KEPT)
    if _translation(group, original):
        name = LANGUAGE_NAMES.get(original, original)
        said = f"a translation from the {name} original: which printing it was made from"
        return Edge(key, None, f"{said} cannot be told", 0.0)
    if not any(in_time(copy, s) for s in group.readings if s is not copy):
        return Edge(key, None, "no printing of these words is known to be earlier", 0.0)
    return Edge(key, None, "no earlier printing shares its changes: independent or unknown", 0.0)


def _rank(reading: Reading):
    return (reading.printing.printed, reading.printing.order)


def infer(printings, *, fixed=None, refused=frozenset()) -> list[Edge]:
    """An Edge for each printing of a statement (PrintingIn). `fixed` maps a printing's key
    to the source an archivist confirmed (kept whatever the words say); `refused` holds
    (copy, source) pairs an archivist dismissed, never inferred again."""
    fixed = fixed or {}
    groups = read_groups(list(printings))
    original = groups[0].language if groups else ""
    edges = []
    for group in groups:
        for reading in group.readings:
            key = reading.printing.key
            if key in fixed:
                edges.append(Edge(key, fixed[key], "confirmed by an archivist", 1.0))
                continue
            edges.append(choose(reading, group, refused, original))
    return edges
