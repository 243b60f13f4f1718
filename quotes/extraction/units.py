"""Military units: the matching key that folds spelling variants of one unit's name."""

import re

from .text import fold

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

_ORDINAL = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")


def unit_key(name: str) -> str:
    """'12th Separate Engineer Defence Brigade' and '12 separate engineer defense brigade'
    give the same key."""
    text = fold(name).lower()
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
    "|detachment|platoon|battery|troop|wing|unit|command|guards"
)

# Unit nouns that may stand before their number: "Brigade No. 21".
_NUMBERED = "brigade|regiment|division|battalion|corps|squadron|detachment"

# A unit noun that is a qualifier of a later one ("5th Guards Tank Brigade") does not end it.
_MORE = (
    r"(?![ \u00a0](?:(?!(?i:and|or|the|of|in|with|from|near|at)\b)[\w-]+[ \u00a0]){0,3}"
    r"(?i:brigade|regiment|division|battalion|army|corps|squadron)\b)"
)
# "57th separate mountain rifle brigade" or "Northern Tank Division": a number or
# capitalised words, a few more words, then the unit noun.
UNIT = (
    r"(?:\d+(?:st|nd|rd|th)?(?:[ \u00a0][\w-]+){0,6}?[ \u00a0](?i:"
    + UNIT_NOUNS
    + r")s?"
    + _MORE
    + r"|(?:[A-Z][\w-]+[ \u00a0]){1,5}(?:"
    + UNIT_NOUNS.title()
    + r"))"
    # "Northern Group of Forces", "Group of Troops"
    r"(?:[ \u00a0]of[ \u00a0](?i:forces|troops))?\b"
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


class StatedUnits:
    """The units an article states, for fullest() over and over: each distinct name once (the
    first printing wins a tie), filed by the number and noun its key starts and ends with,
    since only those can be a fuller form of a unit."""

    def __init__(self, stated: list[str]):
        self._by_ends: dict[tuple[str, str], list[tuple[str, list[str]]]] = {}
        for other in dict.fromkeys(stated):
            full = unit_key(other).split()
            if full:
                self._by_ends.setdefault((full[0], full[-1]), []).append((other, full))

    def fullest(self, name: str) -> str:
        """The fullest form stated of the unit printed as `name`, else `name`."""
        short = unit_key(name).split()
        if not short or not short[0].isdigit():
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
    r"|(?i:operational[- ]tactical[ \u00a0]group)[ \u00a0]\p{Lu}[\w-]+)\b"
)
# What stands before a service's name says whose it is, not which: "the Ukrainian Navy",
# "Ukraine's Air Force".
SERVICE_OWNER = r"(?:(?:\p{Lu}\p{Ll}+ian|\p{Lu}\p{Ll}+['’]s)[ \u00a0]+)?"
