"""The archive's unit for a unit's name as printed: spellings, and names printed with fewer
or more qualifiers, folded into one unit."""

import re

from archive.romanise import is_cyrillic
from archive.text import clean_name

from ..extraction.units import own_name, same_named_unit, unit_key
from ..models import Unit

SMALL_WORDS = {"of", "the", "and", "for", "in", "on", "at", "de", "du", "von"}


def unit_title(name: str) -> str:
    """A unit's name in title case, as unit names are written ("12th separate engineer
    brigade" -> "12th Separate Engineer Brigade"); words already capitalised are kept."""
    if is_cyrillic(name):
        return name  # Ukrainian and Russian write a unit's words in lower case
    words = name.split()
    return " ".join(
        w if (i and w in SMALL_WORDS) or not w[:1].islower() else w[:1].upper() + w[1:]
        for i, w in enumerate(words)
    )


def known_unit(printed_name: str, *, memo: dict | None = None) -> Unit | None:
    """The archive's unit for a name as printed, if it has one (nothing is created).

    `memo` (a dict an import keeps for one article) remembers the answers by key, so that a
    unit the article names twice, or names for a speaker and then for their membership, is
    looked up once; unit_for empties it when it creates a unit, which may change them."""
    key = unit_key(clean_name(printed_name))
    if memo is not None and key in memo:
        return memo[key]
    unit = Unit.objects.filter(key=key).first() or _unit_by_qualifiers(key)
    if memo is not None:
        memo[key] = unit
    return unit


def unit_for(printed_name: str, *, memo: dict | None = None) -> Unit:
    """The archive's unit for a name as printed; spelling variants fold into one unit, and so
    does a name printed with fewer or more qualifiers ("47th Regiment", "47th Aviation
    Regiment") when exactly one unit of that number and kind fits. `memo`: see known_unit."""
    name = clean_name(printed_name)
    unit = known_unit(name, memo=memo)
    if unit is None:
        unit = Unit.objects.create(name=unit_title(name))
        if memo is not None:
            memo.clear()
    if name != unit.name and name not in unit.aliases:
        unit.aliases = [*unit.aliases, name]
        fields = ["aliases"]
        longer = own_name(name) and len(unit_key(name).split()) > len(unit.key.split())
        fuller = longer or (_QUOTED.search(name) and not _QUOTED.search(unit.name))
        if _renames(name, unit.name, fuller):
            # The fullest form names the unit: "Eastern Group of Forces", not "Eastern Group";
            # '164th Brigade "Zhuravel"', not "164th Brigade".
            unit.name, unit.aliases = unit_title(name), [*unit.aliases[:-1], unit.name]
            fields += ["name", "key"]
        unit.save(update_fields=fields)
        if memo is not None and "key" in fields:
            memo.clear()
    return unit


def _renames(name: str, current: str, fuller: bool) -> bool:
    """Whether a unit called `current` takes the `name` printed as its own: a fuller name in
    the same script, or any name in Latin letters for a unit named in Cyrillic ("Tavria"
    for "Таврія"), never a Cyrillic one for a unit named in Latin letters: the archive is
    read in Latin letters, and the Cyrillic stays an alias."""
    if is_cyrillic(name) != is_cyrillic(current):
        return is_cyrillic(current)
    return bool(fuller)


def _unit_by_qualifiers(key: str) -> Unit | None:
    """The one unit with the same number and unit noun whose other words hold this name's,
    or are held by them; None when none or several fit."""
    tokens = key.split()
    if own_name(key):
        return _unit_by_own_name(key)
    if len(tokens) < 2 or not tokens[0].isdigit():
        return None
    words = set(tokens)
    fits = []
    for unit in Unit.objects.filter(key__startswith=f"{tokens[0]} ", key__endswith=tokens[-1]):
        # The unit's own name only: a shorter alias would bridge to units it is not.
        other = set(unit.key.split())
        if words <= other or other <= words:
            fits.append(unit)
    return fits[0] if len(fits) == 1 else None


# A unit's name in quotation marks: '164th Brigade "Zhuravel"'.
_QUOTED = re.compile(r"[\"“«][^\"”»]+[\"”»]")


def _unit_by_own_name(key: str) -> Unit | None:
    """The one unit with no number that has this name's own words, printed longer or shorter
    or spelt otherwise ("Eastern Group", "East Grouping of Forces"); None when none or several
    fit."""
    # The longest own word, cut to its first letters: the spellings differ further on.
    longest = max(own_name(key), key=len)
    stem = next(t for t in key.split() if _fold_unit_word(t) == longest)[:4]
    # y or i, as Ukrainian and Russian romanisations differ early in a name ("Lykhtarnia",
    # "Likhtarnya"), which own_name folds.
    stem = re.sub(r"[iy]", "[iy]", stem)  # a key's letters and digits: nothing to escape
    fits = [unit for unit in Unit.objects.filter(key__regex=stem) if same_named_unit(unit.key, key)]
    return fits[0] if len(fits) == 1 else None


def _fold_unit_word(token: str) -> str:
    return next(iter(own_name(token)), "")
