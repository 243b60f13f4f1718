"""Military units: the matching key that folds spelling variants of one unit's name."""

import re

from .text import fold_typography
from .unit_words import in_english

# British and American spellings of words common in unit names, folded to one form.
_VARIANTS = {
    "motorised": "motorized",
    "mechanised": "mechanized",
    "armoured": "armored",
    "defence": "defense",
    "organisation": "organization",
    "centre": "center",
    "honour": "honor",
    "separate": "separate",
}

_ORDINAL = re.compile(r"\b(\d+)-?(?:st|nd|rd|th)\b")


def unit_key(name: str) -> str:
    """'12th Separate Engineer Defence Brigade' and '12 separate engineer defense brigade'
    give the same key, and so does '12th Brigade "Vatra"' the 12th Brigade's (a quoted name
    is a numbered unit's nickname; without a number it is the name). A name printed in
    Cyrillic is keyed in the English words it has ("47-ма окрема механізована бригада" as
    "47 separate mechanized brigade"), its own name romanised (unit_words)."""
    text = fold_typography(in_english(name)).lower()
    if re.search(r"\d", re.sub(r'"[^"]*"', "", text)):
        # '164th Brigade "Zhuravel"' is the 164th Brigade: the number says which.
        text = re.sub(r'"[^"]*"', " ", text)
    text = _ORDINAL.sub(r"\1", text)
    text = re.sub(r"^the\s+", "", text)
    text = re.sub(r"'s\b", "", text)
    tokens = [_VARIANTS.get(t, t) for t in re.findall(r"[a-z0-9]+", text)]
    # "Russia's 47th Aviation Regiment", "the Russian 47th ...": what stands before the
    # number says whose unit it is, not which; the name starts at the number.
    first = next((i for i, t in enumerate(tokens) if t.isdigit()), 0)
    # "Brigade No. 21" is the "21st Brigade": the number first, then the noun.
    if first and tokens[first - 1] == "no":
        tokens.pop(first - 1)
        first -= 1
    if first and re.fullmatch(_NUMBERED, tokens[first - 1]):
        return " ".join([tokens[first], tokens[first - 1], *tokens[first + 1 :]])
    return " ".join(tokens[first:])


# The noun a unit's name ends with; the name as printed stops there.
UNIT_NOUNS = (
    "brigade|regiment|division|battalion|army|corps|company|squadron|fleet|flotilla|group"
    "|detachment|platoon|battery|troop|wing|unit|command|guards|battlegroup|grouping"
)

# Unit nouns that may stand before their number: "Brigade No. 21".
_NUMBERED = "brigade|regiment|division|battalion|corps|squadron|detachment"

# A unit noun that is a qualifier of a later one ("5th Guards Tank Brigade") does not end it.
_MORE = (
    r"(?![ \u00a0](?:(?!(?i:and|or|the|of|in|with|from|near|at)\b)[\w-]+[ \u00a0]){0,3}"
    r"(?i:brigade|regiment|division|battalion|army|corps|squadron)\b)"
)
# Words that name no unit before a unit's noun: "The Brigade", "Ukrainian army unit".
_NOT_A_NAME = (
    r"(?!(?:The|A|An|This|That|These|Its|His|Her|Their|Our|Every|Each|One|Another|Some)\b"
    r"|\w+ians?\b|\w+ese\b|\w+ish\b)"
)
# A lower-case word of a unit's description: no article, preposition or speech verb.
_PLAIN = (
    r"(?!(?:the|a|an|of|and|with|in|for|from|to|said|says|told|added|his|her|their|its)\b)"
    r"[a-z][\w-]*"
)
# Unit nouns whose unit may be named only by a name in quotation marks.
_QUOTED_NOUNS = "brigade|regiment|battalion|company|detachment|unit|squadron|battery|group"
# Unit nouns printed in lower case after a unit's own name: "the Vostok battalion", "the
# Khortytsia operational and strategic group of troops", "the Kraken unit".
_NAMED_NOUNS = (
    r"brigade|regiment|battalion|division|corps|battlegroup|detachment|squadron|unit"
    r"|group[ \u00a0]of[ \u00a0](?:forces|troops)|grouping[ \u00a0]of[ \u00a0](?:forces|troops)"
)
# "57th separate mountain rifle brigade", "Northern Tank Division", "Southern Battlegroup": a
# number or capitalised words, a few more words, then the unit noun.
UNIT = (
    # ("the 101st. Airborne Division": a stray full stop after the ordinal)
    r"(?:\d+(?:-?(?:st|nd|rd|th))?(?:\.(?=[ \u00a0][A-Z]))?(?:[ \u00a0][\w-]+){0,6}?[ \u00a0](?i:"
    + UNIT_NOUNS
    + r")s?"
    + _MORE
    + r"|(?:[A-Z][\w-]+[ \u00a0]){1,5}(?:"
    + UNIT_NOUNS.title()
    + r")"
    # "Vostok battalion", "Kraken unit": one to three capitalised words of a name, then a
    # few lower-case words and a unit noun.
    + r"|"
    + _NOT_A_NAME
    + r"(?:[A-Z][\w'’-]+[ \u00a0]){1,3}(?:[a-z][\w-]*[ \u00a0]){0,4}?(?:"
    + _NAMED_NOUNS
    + r")(?![\w-]))"
    # "Northern Group of Forces", "Group of Troops"
    r"(?:[ \u00a0]of[ \u00a0](?i:forces|troops))?\b"
    # A name in quotation marks (masked: \x01) before or after a lower-case unit noun: 'the
    # «Lelka» medical evacuation company', 'the medical evacuation company «Lelka»'.
    r"|(?:(?<=the )|(?<=of )|(?<=with ))\x01{3,40}[ \u00a0](?:" + _PLAIN + r"[ \u00a0]){0,3}?"
    r"(?:" + _QUOTED_NOUNS + r")\b"
    r"|(?<![\w-])(?:" + _PLAIN + r"[ \u00a0]){0,3}?(?:" + _QUOTED_NOUNS + r")"
    r"(?=[ \u00a0]*\x01{3,40})"
    # "commander of brigade Kryha": the noun, then the name (after "of", where a person's
    # name cannot follow in its place).
    r"|(?:(?<=of )|(?<=of the ))(?i:brigade|regiment|battalion|division)[ \u00a0][A-Z][a-z][\w'’-]+"
    r"(?=\s*[,.;:)]|\s+[a-z])"
    # "Brigade No. 21", "brigade No 21", "Regiment \u2116 21", and "brigade 21" where nothing
    # but punctuation follows the number (so not "brigade 21 soldiers").
    r"|(?i:" + _NUMBERED + r")[ \u00a0](?:(?:No\.?|\u2116)[ \u00a0]?\d+\b"
    r"|\d+(?![\w-])(?=\s*[,.;:)]|\s*$))"
)
_UNIT = re.compile(UNIT)


def find_unit(text: str) -> str | None:
    """The first unit name in `text` as printed, or None."""
    match = _UNIT.search(text)
    return match.group() if match else None


def _is_shortening(short: list[str], full: list[str]) -> bool:
    """Whether the key words `short` are `full` with words left out, in order, the number and
    the noun kept: '21 marine brigade' of '21 separate marine brigade'."""
    if len(short) >= len(full) or short[:1] != full[:1] or short[-1:] != full[-1:]:
        return False
    rest = iter(full)
    return all(word in rest for word in short)


def fullest(name: str, stated: list[str]) -> str:
    """The fullest form among `stated` of the unit printed as `name` ('21st Marine Brigade' ->
    '21st Separate Marine Brigade' where the article printed both), else `name`."""
    return StatedUnits(stated).fullest(name)


# The words of a unit's name that say what kind of unit it is, not which: what is left is its
# own name ("Eastern Group of Forces" and "East Grouping" are both "east").
_KIND_WORDS = frozenset(
    "the of and separate operational strategic tactical operative group grouping troops forces "
    "brigade regiment battalion division corps company squadron detachment platoon battery "
    "unit units military battlegroup battle wing command army guards guard national territorial "
    "defense assault mechanized motorized rifle marine marines tank artillery airborne air "
    "infantry special purpose mountain jaeger uav drone strike task force volunteer terrorist "
    "dpr lpr".split()
)
_DIRECTIONS = {"eastern": "east", "western": "west", "northern": "north", "southern": "south"}


def own_name(name: str) -> frozenset[str]:
    """The words that name a unit with no number, spelling folded ("y" as "i", doubled
    letters as one, "Eastern" as "east"): 'Khortytsya military unit', 'operational-strategic
    group of troops "Khortytsia"' and «Хортиця» all give {'khortitsia'}; empty for a
    numbered unit or a bare kind."""
    tokens = unit_key(name).split()
    if not tokens or any(t.isdigit() for t in tokens):
        return frozenset()
    # Doubled letters as one: "Tavriya", "Tavriia" (Таврія romanised) and "Tavria".
    words = {
        re.sub(r"(.)\1+", r"\1", _DIRECTIONS.get(t, t).replace("y", "i"))
        for t in tokens
        if t not in _KIND_WORDS
    }
    return frozenset(words)


def same_named_unit(a: str, b: str) -> bool:
    """Whether two names with no number are one unit printed longer and shorter, or in other
    spellings: the same own name, and the one kind word "unit" or a shared one."""
    own = own_name(a)
    if not own or own != own_name(b):
        return False
    kinds = [set(unit_key(n).split()) & _KIND_WORDS - {"the", "of", "and"} for n in (a, b)]
    return (
        bool(kinds[0] & kinds[1]) or not kinds[0] or not kinds[1] or "unit" in kinds[0] | kinds[1]
    )


class StatedUnits:
    """The units an article states, for fullest() over and over: each distinct name once (the
    first printing wins a tie), filed by the number and noun its key starts and ends with,
    since only those can be a fuller form of a unit; units with no number by their own name."""

    def __init__(self, stated: list[str]):
        self._by_ends: dict[tuple[str, str], list[tuple[str, list[str]]]] = {}
        self._by_name: dict[frozenset, list[str]] = {}
        for other in dict.fromkeys(stated):
            full = unit_key(other).split()
            if full:
                self._by_ends.setdefault((full[0], full[-1]), []).append((other, full))
            if own_name(other):
                self._by_name.setdefault(own_name(other), []).append(other)

    def fullest(self, name: str) -> str:
        """The fullest form stated of the unit printed as `name`, else `name`."""
        short = unit_key(name).split()
        if short and not short[0].isdigit():
            # "Eastern Group" after "Eastern Group of Forces": the longest form of that name.
            forms = [o for o in self._by_name.get(own_name(name), ()) if same_named_unit(name, o)]
            return max([name, *forms], key=lambda n: len(unit_key(n).split()))
        if not short:
            return name
        best, best_len = name, len(short)
        for other, full in self._by_ends.get((short[0], short[-1]), ()):
            if len(full) > best_len and _is_shortening(short, full):
                best, best_len = other, len(full)
        return best


# Services and commands that are a person's unit when a role apposition states them ("a
# spokesman for the Air Force", "Navy spokesman X"), but are institutions as a verb's subject.
# "Defence Forces" only with a qualifier that names which: "Southern Defence Forces".
# (\p{Lu}: these patterns are for the `regex` module, as attribution.py compiles them.)
_NOT_QUALIFIER = r"(?!(?:Ukrainian|Russian|Ukraine|Russia|The|Armed)\b)"
SERVICE = (
    r"(?:Navy|Air[ \u00a0]Force|National[ \u00a0]Guard|Marine[ \u00a0]Corps"
    r"|(?:" + _NOT_QUALIFIER + r"\p{Lu}[\w-]+[ \u00a0]){1,2}Defen[cs]e[ \u00a0]Forces"
    r"|Operational[ \u00a0]Command[ \u00a0]\p{Lu}[\w-]+"
    r"|(?i:operational(?:[- ]|[ \u00a0]and[ \u00a0])(?:tactical|strategic)[ \u00a0]group"
    r"(?:[ \u00a0]of[ \u00a0](?:troops|forces))?)[ \u00a0]\p{Lu}[\w-]+)\b"
    # ... with its name in quotation marks, which the masked text hides: 'operational-
    # strategic group of troops "Khortytsia"' (affiliations.TextUnits.named reads the name
    # from the body).
    r"|(?i:operational(?:[- ]|[ \u00a0]and[ \u00a0])(?:tactical|strategic)[ \u00a0]group"
    r"(?:[ \u00a0]of[ \u00a0](?:troops|forces))?)(?=[ \u00a0]*\x01)"
)
# What stands before a service's name says whose it is, not which: "the Ukrainian Navy",
# "Ukraine's Air Force".
SERVICE_OWNER = r"(?:(?:\p{Lu}\p{Ll}+ian|\p{Lu}\p{Ll}+['’]s)[ \u00a0]+)?"
