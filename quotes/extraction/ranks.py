"""Military ranks and roles as articles print them, so that they stay out of people's names."""

import regex as re

# Longest forms first within each group, so that "Lieutenant Colonel" wins over "Lieutenant".
_RANK_WORDS = [
    # compound ranks (Russian and Ukrainian ranks as English-language outlets render them)
    r"colonel[- ]general",
    r"lieutenant[- ]general",
    r"lieutenant[- ]colonel",
    r"major[- ]general",
    r"brigadier[- ]general",
    r"sergeant[- ]major",
    r"(?:senior|junior|first|second|chief)[- ]lieutenant",
    r"(?:senior|junior|staff|master|chief|lance|first)[- ]sergeant",
    r"lance[- ]corporal",
    r"(?:senior[- ]|chief[- ])?warrant[- ]officer",
    r"(?:chief[- ])?petty[- ]officer",
    r"(?:rear|vice)[- ]admiral",
    r"captain[- ]lieutenant",
    r"captain(?:\s+(?:of\s+the\s+)?(?:1st|2nd|3rd|first|second|third)\s+rank)",
    r"(?:senior[- ])?(?:praporshchik|michman|starshyna|starshina)",
    # British abbreviations, with or without full stops: "Snr Lt", "Jnr. Sgt", "L/Cpl", "S/Sgt"
    r"(?:snr|jnr|sr|jr|sen|jun)\.?[- \u00a0]?(?:lt\.?|lieutenant|sgt\.?|sergeant)",
    r"(?:1st|2nd)[- \u00a0]?lt\.?",
    r"(?:l|s)/(?:cpl|sgt)\.?",
    r"(?:lance|staff)[- \u00a0](?:cpl|sgt)\.?",
    r"sgt\.?[- \u00a0]?maj\.?",
    r"lt\.?[- ]?col\.?",
    r"lt\.?[- ]?gen\.?",
    r"maj\.?[- ]?gen\.?",
    r"brig\.?[- ]?gen\.?",
    r"col\.?[- ]gen\.?",
    # single words
    r"general|colonel|major|captain|lieutenant|sergeant|corporal|private|ensign|admiral"
    r"|marshal|brigadier|commander|gen\.?|col\.?|maj\.?|capt\.?|lt\.?|sgt\.?|cpl\.?|pte\.?|pvt\.?",
]
RANK = r"(?:" + "|".join(_RANK_WORDS) + r")(?![\w-])"
_RANK_AT_START = re.compile(r"(?i:" + RANK + r")\s*")

# What a person does in a unit or an organisation, as printed in an apposition.
ROLE = (
    r"(?:(?:deputy|acting|first\s+deputy|assistant|former|chief)\s+)?"
    r"(?:(?:platoon|company|battalion|brigade|regiment|squad|tank|unit|division|drone)\s+)?"
    # "speaker" is how machine-translated copy renders a spokesman.
    r"(?:commander|commanding\s+officer|chief\s+of\s+staff|head|chief|spokes(?:man|woman|person)"
    r"|speaker|operator"
    r"|press\s+(?:officer|secretary)|leader|officer|pilot|navigator|gunner|driver|medic"
    r"|soldier|serviceman|servicewoman|member|fighter|sniper|scout|radio\s+operator)"
)


# A rank printed right before a name, perhaps in pieces the name's words do not join
# ("Captain 2nd Rank", "Maj. Gen."): capitalised, and ending where the name starts.
_RANK_BEFORE = re.compile(r"(?<![\w.-])(?=\p{Lu})(?i:" + RANK + r")[ \u00a0]+$")


def rank_before(text: str) -> re.Match | None:
    """The rank `text` ends with, right before a name ('... Captain 2nd Rank '), or None."""
    return _RANK_BEFORE.search(text)


# "commander of the company": the part of a unit a person leads, said the other way round.
_DUTY_OF_PART = re.compile(
    r"(?i)(?P<duty>(?:(?:deputy|acting|assistant|chief)\s+)?(?:commander|head|chief|leader))"
    r"\s+of\s+(?:the\s+|a\s+|an\s+)?(?P<part>platoon|company|battalion|squad|battery|detachment)$"
)


def duty_name(duty: str) -> str:
    """A duty as a title: 'commander of the company' -> 'company commander'; others as printed."""
    duty = " ".join(duty.split())
    match = _DUTY_OF_PART.fullmatch(duty)
    if match is None:
        return duty
    words = match.group("duty").split()
    return " ".join([*words[:-1], match.group("part").lower(), words[-1]])


def leading_rank(text: str) -> str:
    """The rank `text` starts with, as printed ('Lieutenant Colonel'), or ''."""
    match = _RANK_AT_START.match(text)
    if not match:
        return ""
    return " ".join(match.group().split())


def rank_title(rank: str) -> str:
    """A rank printed in lower case in an apposition, as it stands before a name:
    'lieutenant colonel' -> 'Lieutenant Colonel'."""
    return "-".join(" ".join(w[:1].upper() + w[1:] for w in p.split()) for p in rank.split("-"))


# The word a rank is called by on its own ("the colonel" for a lieutenant colonel, "the general"
# for a colonel-general), and which ranks make an officer.
_RANK_BASE = [
    (re.compile(r"(?i)sergeant[- ]major|sgt\.?[- \u00a0]?maj"), "sergeant"),
    (re.compile(r"(?i)captain[- ]lieutenant|^captain\b"), "captain"),
    (re.compile(r"(?i)warrant[- ]officer"), "officer"),
    (re.compile(r"(?i)petty[- ]officer"), "petty officer"),
]
_ABBREVIATED = {
    "gen": "general",
    "col": "colonel",
    "maj": "major",
    "capt": "captain",
    "lt": "lieutenant",
    "sgt": "sergeant",
    "cpl": "corporal",
    "pte": "private",
    "pvt": "private",
    "brig": "brigadier",
}
OFFICER_RANKS = frozenset(
    "lieutenant captain major colonel general brigadier admiral marshal commander".split()
)
ENLISTED_RANKS = frozenset(
    "private corporal sergeant praporshchik michman starshyna starshina ensign".split()
)


def rank_noun(rank: str) -> str:
    """The word a person of `rank` is called by: 'Lieutenant Colonel' -> 'colonel',
    'Colonel-General' -> 'general', 'Lt. Col.' -> 'colonel'; '' for no rank."""
    for pattern, noun in _RANK_BASE:
        if pattern.search(rank):
            return noun
    words = re.findall(r"[a-z]+", rank.lower())
    if not words:
        return ""
    return _ABBREVIATED.get(words[-1], words[-1])
