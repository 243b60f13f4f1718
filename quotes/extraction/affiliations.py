"""What an article states with each person it names: the unit, rank and role in an apposition
or before the name (the patterns are memberships.py's), and the units it states anywhere, found
by position and in their fullest printed form."""

from bisect import bisect_left

import regex as re

from .memberships import (
    ANY_UNIT,
    DUTY_AFTER,
    DUTY_BEFORE,
    ITS_ROLE_BEFORE,
    RANK_I,
    SAME_UNIT,
    SERVICE_BEFORE,
    UNIT_AFTER,
    UNIT_BEFORE,
    UNIT_OWNED,
    UNIT_OWNED_BEFORE,
    UNIT_POSSESSED,
    UNIT_ROLE_BEFORE,
)
from .mentions import PERSON_NOUN, Mention
from .ranks import duty_name, leading_rank, rank_title
from .speech import MASK
from .units import UNIT_NOUNS, StatedUnits, unit_key

# The head of a regional or city (military) administration, after the name ("X, who heads the
# Zaporizhzhia regional administration") or before it ("head of the Kharkiv regional military
# administration X"): the article's "governor" or "mayor".
_ADMINISTRATION = (
    r"(?:the\s+)?(?:[\w'’-]+\s+){0,3}?(?P<level>regional|oblast|[Cc]ity)\s+"
    r"(?:(?:military|state|military-civil)\s+)?administration"
)
_HEADS_AFTER = re.compile(
    r"\s*,\s*(?:who\s+(?:heads|headed|leads|led)|(?:the\s+)?head\s+of)\s+" + _ADMINISTRATION
)
_HEADS_BEFORE = re.compile(r"\b[Hh]ead\s+of\s+" + _ADMINISTRATION + r"(?:\s*,)?\s+$")


# A role printed in lower case right before a name: "the city head X", "war correspondent X"
# (no preposition or verb among its words, which would make the name their object).
_LOWER_TITLE = re.compile(
    r"(?<![\w'’-])(?P<title>(?:(?!(?:of|to|by|with|for|from|at|in|on|and|or|the|a|an|as|said|"
    r"says|told|that|who)\b)[a-z][\w'’-]*[ \u00a0]+){1,3})"
    r"(?:with\s+(?:the\s+)?call\s+sign\s+\x01+[ \u00a0]+)?$"  # "... with call sign «Lys» X"
)


# What each verb of leading a unit makes a person: "who heads the Y" is its head.
_LEADS = {
    "comm": "commander",
    "lead": "commander",
    "led": "commander",
    "head": "head",
    "found": "founder",
}
# A quoted name right after a unit's noun, masked: 'brigade "Khartiia"'.
_MASKED_NAME = re.compile(r"[ \u00a0]*(?P<name>\x01{3,60})")
_QUOTED_NAME = re.compile(
    r"[\"“«'‘](?P<words>\p{Lu}[\w'’-]*(?:[ \u00a0-]\p{Lu}?[\w'’-]+){0,2})[\"”»'’]"
)


_QUOTED_TAIL = re.compile(r"\s*[\"“«'‘][^\"”»'’]*[\"”»'’]$")


def _names_unit(name: str, noun: str) -> bool:
    """Whether a unit's name as printed ends with `noun` ('brigade'; 'unit' for any). "The
    Brigade" at a sentence's start is no unit's name."""
    named = re.search(r"\d", name) or len(name.split()) > 2 or not name.startswith("The")
    kind = _QUOTED_TAIL.sub("", name).lower().rstrip("s")  # '14th Brigade "Vatra"': a brigade
    return bool(named) and (noun == "unit" or kind.endswith(noun))


_NOT_BLANK = re.compile(r"\S")
_UNIT_NOUN_LIST = UNIT_NOUNS.split("|")
_THE = re.compile(r"^[Tt]he\s+")
_NAMES_SOMETHING = re.compile(r"[\p{Lu}\d]")


class TextUnits:
    """The units a text states, as printed, looked up by position and by the fuller forms the
    text prints of them. `text` is masked (quoted words hidden), `body` is not."""

    def __init__(self, text: str, body: str):
        self.text = text
        self.body = body
        self._units_found: list[tuple[int, str]] | None = None  # every unit stated, in order
        self._units_ending: dict[str, tuple[list[int], list[str]]] = {}  # for stated()
        self._stated_units: StatedUnits | None = None

    def named(self, match, group: str | int = 0) -> str:
        """A unit's name as printed, from the body (the masked text hides a name in
        quotation marks: 'the «Lelka» medical evacuation company'), with the quoted name that
        follows its noun ('13th Brigade "Khartiia"', 'group of troops "Khortytsia"')."""
        start, end = match.span(group)
        trailing = _MASKED_NAME.match(self.text, end)
        if trailing and _QUOTED_NAME.fullmatch(
            self.body, trailing.start("name"), trailing.end("name")
        ):
            end = trailing.end("name")
        unit = " ".join(self.body[start:end].split())
        if MASK in self.text[start:end] and not _QUOTED_NAME.search(unit):
            return ""  # what the marks held is no name: 'the company "We will..."'
        # "the operational-strategic group" with no name is which group, nobody knows.
        return unit if _NAMES_SOMETHING.search(unit) else ""

    def stated(self, noun: str, pos: int) -> str:
        """The last unit stated before `pos` whose name ends with `noun` ('brigade'; 'unit'
        for any), as printed, or ''. A unit an article cites as a source counts too."""
        noun = noun.lower()
        # What a scan of the text up to `pos` finds: the units the whole text's scan finds
        # before the last line that holds anything before `pos`'s own line, since no unit's
        # name nor what the pattern looks ahead at reaches past that (a name stays on its line;
        # the look past "brigade 21" for punctuation crosses only blank space); then a scan of
        # those two lines up to `pos`.
        floor = self._line_before(pos)
        found = ""
        for match in ANY_UNIT.finditer(self.text, floor, pos):
            name = self.named(match)
            if name and _names_unit(name, noun):
                found = name
        if found:
            return found
        if noun not in self._units_ending:
            stated = [(s, name) for s, name in self._units_stated() if _names_unit(name, noun)]
            self._units_ending[noun] = ([s for s, _ in stated], [name for _, name in stated])
        starts, names = self._units_ending[noun]
        i = bisect_left(starts, floor) - 1
        return names[i] if i >= 0 else ""

    def _units_stated(self) -> list[tuple[int, str]]:
        """Where each unit the text states starts, and its name as printed, in order."""
        if self._units_found is None:
            found = ((m.start(), self.named(m)) for m in ANY_UNIT.finditer(self.text))
            self._units_found = [(start, name) for start, name in found if name]
        return self._units_found

    def _line_before(self, pos: int) -> int:
        """The start of the last line before `pos`'s line that holds more than blank space,
        or 0."""
        text = self.text
        line = text.rfind("\n", 0, pos)
        while line > 0:
            previous = text.rfind("\n", 0, line)
            if _NOT_BLANK.search(text, previous + 1, line):
                return previous + 1
            line = previous
        return 0

    def fullest(self, unit: str) -> str:
        """A unit as printed, in the fullest form the article states it: 'the Airborne
        Division' after the '101st Airborne Division'; a numbered form of a named one
        counts ('Airborne Division' is in '101st Airborne Division')."""
        unit = " ".join(_THE.sub("", unit).split())
        if self._stated_units is None:
            self._stated_units = StatedUnits([name for _, name in self._units_stated()])
        fullest = self._stated_units.fullest(unit)
        if fullest != unit:
            return fullest
        words = set(unit_key(unit).split())
        longer = [n for _, n in self._units_stated() if words < set(unit_key(n).split())]
        return longer[-1] if longer and words else unit

    def as_stated(self, unit: str) -> str:
        """`unit` in the fullest form the text prints it in, with no leading 'the': '21st
        Separate Marine Brigade' for '21st Marine Brigade' where it prints both."""
        if self._stated_units is None:
            self._stated_units = StatedUnits([name for _, name in self._units_stated()])
        return _THE.sub("", self._stated_units.fullest(unit))


def read_affiliations(text: str, ordered: list[Mention], units: TextUnits) -> None:
    """Units, ranks and roles stated with each mention (`ordered`: in the text's order), in an
    apposition after the name ("X, a lieutenant colonel and deputy commander of the 47th
    Aviation Regiment,") or before it ("deputy commander of Russia's 47th aviation regiment,
    Lieutenant Colonel X"); then a role stated with no unit for those still without one."""
    # The last unit stated so far, and the last of each kind ("brigade"), for "the same".
    seen = {}
    for mention in ordered:
        _read_unit(text, mention, units, seen)
    for mention in ordered:
        if not mention.duty and not mention.possessive:
            _read_duty(text, mention)


def _state(seen: dict[str, str], unit: str) -> None:
    seen["unit"] = unit
    for noun in _UNIT_NOUN_LIST:
        if unit.lower().endswith(noun):
            seen[noun] = unit


def _read_unit(text: str, mention: Mention, units: TextUnits, seen: dict[str, str]) -> None:
    """The unit stated with one mention, with the rank, role and administration stated with
    it; the first pattern that reads one decides."""
    if mention.possessive:
        # "X's Vostok battalion": the unit is theirs.
        match = UNIT_POSSESSED.match(text, mention.end)
        if match:
            mention.unit = units.named(match, "unit")
            _state(seen, mention.unit)
        return
    heads = _HEADS_AFTER.match(text, mention.end) or _HEADS_BEFORE.search(
        text, max(0, mention.start - 120), mention.start
    )
    if heads:
        mention.heads = "city" if heads.group("level").lower() == "city" else "regional"
    match = UNIT_AFTER.match(text, mention.end)
    if match:
        _read_apposition(mention, match, units)
        _state(seen, mention.unit)
        return
    match = (
        UNIT_BEFORE.search(text, max(0, mention.start - 200), mention.start)
        or SERVICE_BEFORE.search(text, max(0, mention.start - 80), mention.start)
        or UNIT_ROLE_BEFORE.search(text, max(0, mention.start - 120), mention.start)
    )
    if match:
        mention.unit = units.named(match, "unit")
        duty = " ".join(match.group("duty").split())
        if leading_rank(duty).strip() == duty:
            mention.rank = mention.rank or rank_title(duty)  # "sergeant of the ..."
        else:
            mention.duty = duty_name(duty)
        _state(seen, mention.unit)
        return
    match = UNIT_OWNED.match(text, mention.end) or UNIT_OWNED_BEFORE.search(
        text, max(0, mention.start - 120), mention.start
    )
    if match:
        mention.duty = " ".join(match.group("duty").split())
        mention.unit = units.stated(match.group("noun"), mention.start)
        if mention.unit:
            _state(seen, mention.unit)
        return
    match = ITS_ROLE_BEFORE.search(text, max(0, mention.start - 60), mention.start)
    if match:
        # "Its spokesman, Captain X": the unit the text named last.
        mention.duty = duty_name(match.group("duty"))
        mention.unit = units.stated("unit", mention.start)
        if mention.unit:
            _state(seen, mention.unit)
        return
    match = SAME_UNIT.match(text, mention.end)
    if match:
        # The last unit stated of that kind ("the same brigade": the last brigade
        # stated for someone, or else the last stated at all).
        noun = match.group("noun").lower()
        mention.unit = seen.get(noun) or units.stated(noun, mention.start)


def _read_apposition(mention: Mention, match, units: TextUnits) -> None:
    """The unit, role, duty and rank of an apposition after the name (UNIT_AFTER's `match`)."""
    mention.unit = units.named(match, "unit")
    mention.role = " ".join((match.group("role") or "").split())
    mention.duty = duty_name(match.group("duty") or "") or mention.duty
    if match.group("leads"):
        part = " ".join(match.group("part").split())
        head = match.group("leads").startswith("head")
        mention.duty = f"head of the {part}" if head else f"{part} commander"
    if match.group("commands"):
        mention.duty = _LEADS[match.group("commands")[:4]]
    # The rank goes to the rank, not the description: "a lieutenant colonel and
    # deputy commander" -> "deputy commander"; "a captain" -> no description.
    lead = re.match(
        r"(?:(?:a|an|the)\s+)?(?:\d+-year-old\s+)?(?P<rank>" + RANK_I + r")"
        r"(?:\s+and|\s*,)?\s*",
        mention.role,
    )
    alone = lead and lead.end() == len(mention.role) and not mention.duty
    if lead and (match.group("rank") or alone):
        if not mention.rank:
            mention.rank = rank_title(lead.group("rank"))
        mention.role = mention.role[lead.end() :]


def _read_duty(text: str, mention: Mention) -> None:
    """A role stated with a mention and no unit: "X, a spokeswoman for the port authority,",
    "Commander of the Ground Forces, Colonel-General X", or in lower case before the name."""
    match = DUTY_AFTER.match(text, mention.end) or DUTY_BEFORE.search(
        text, max(0, mention.start - 120), mention.start
    )
    if match:
        mention.duty = duty_name(match.group("duty"))
        return
    # "informed the city head Taras Kovalchuk": a role in lower case before it.
    lower = _LOWER_TITLE.search(text, max(0, mention.start - 60), mention.start)
    if lower and PERSON_NOUN.search(lower.group("title").rstrip()):
        mention.duty = " ".join(lower.group("title").split())
