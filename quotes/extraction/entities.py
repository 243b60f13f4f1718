"""Who a quotation is pinned on: a named person or an unnamed speaker, and the resolver that
turns attributions into them, following who the text is about."""

import re
from dataclasses import dataclass, field

import regex

from .descriptors import describes, head_noun
from .people import Names
from .places import is_demonym
from .ranks import ENLISTED_RANKS, OFFICER_RANKS
from .subjects import Found


@dataclass
class Entity:
    """Who a quotation is pinned on: a named person (index) or an unnamed speaker (description)."""

    person: int | None = None  # set on an unnamed speaker once the article names them
    description: str = ""
    ident: int = 0  # distinguishes unnamed speakers with the same words
    units: list[str] = field(default_factory=list)  # stated for an unnamed speaker
    role: str = ""  # an unnamed speaker's apposition: "a 22-year-old junior sergeant"
    institution: bool = False  # a body ("the SBU"), never who "he" is

    @property
    def key(self):
        return ("person", self.person) if self.person is not None else ("unnamed", self.ident)


# What content farms call a captured soldier ("the occupier said"): never a civilian.
_ENEMY = frozenset("occupier invader".split())
# Words that may all stand for one captured or serving soldier: "the soldier" after "one of
# the prisoners" or "a junior sergeant".
_MILITARY = (
    frozenset(
        "soldier serviceman servicewoman prisoner captive detainee conscript recruit fighter "
        "pow paratrooper marine sailor tankman airman infantryman mercenary".split()
    )
    | OFFICER_RANKS
    | ENLISTED_RANKS
    | _ENEMY
)
_HUMAN = frozenset("man woman person".split())


def _singular(word: str) -> str:
    if word.endswith("men"):
        return word[:-3] + "man"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def refers(descriptor: str, entity: Entity) -> bool:
    """Whether a definite descriptor ('the soldier', 'the man') can be the unnamed speaker
    `entity` was introduced as ('one of the captured men, a junior sergeant')."""
    if not entity.description:
        return False
    head = head_noun(descriptor)
    said = {
        _singular(w)
        for w in regex.findall(r"[a-z][\w-]*", f"{entity.description} {entity.role}".lower())
    }
    if head in said:
        return True
    if head in _MILITARY | _HUMAN and said & _MILITARY:
        return True
    return head in _MILITARY - _ENEMY and bool(said & _HUMAN)


def _epithet(description: str) -> bool:
    """A description that names no role, only what the person in focus is: their age or
    nationality ("the 29-year-old midfielder", "the Croatian")."""
    words = description.split()
    if len(words) < 2 or words[0].lower() != "the":
        return False
    return bool(re.match(r"\d+-year-old$", words[1])) or is_demonym(words[1])


# How far back (characters) a definite description looks for the person it may describe.
LOOK_BACK = 3000


class Resolver:
    """Turns attributions into entities, following who the text is about."""

    def __init__(self, names: Names):
        self.names = names
        self.focus: Entity | None = None
        self.unnamed: dict[int, Entity] = {}  # by the offset of the words that introduced them

    def _fits(self, found: Found) -> int | None:
        """The one person named before `found` whom its definite description fits ('the
        mayor' after 'Mayor X' and others), the most recently named if several do."""
        # The people of the last mentions before it (a bounded look back, for long texts).
        before = self.names.mentions_in(max(0, found.pos - LOOK_BACK), found.pos)
        for mention in reversed(before):
            person = mention.person
            if person is not None and describes(self.names.people[person], found.description):
                return person
        return None

    def entity(self, found: Found) -> Entity:
        focus = self.focus
        if found.kind == "name":
            person = self.names.person_for(found.mention)
            if (
                (found.descriptor or found.by_pronoun)
                and focus is not None
                and focus.person is None
            ):
                if (found.by_pronoun and focus.description) or refers(found.descriptor, focus):
                    # "The soldier, named by officials as X,", "The SBU identified him as X":
                    # the unnamed speaker was X all along; extract() credits X with what they
                    # said before.
                    focus.person = person
                    self.names.give_units(person, focus.units)
                    return focus
            return Entity(person=person)
        if found.kind == "pronoun":
            return focus if focus is not None else Entity(ident=-1)
        if found.pos in self.unnamed:
            return self.unnamed[found.pos]
        if (
            found.definite
            and not found.institution
            and focus is not None
            and refers(found.description, focus)
        ):
            entity = focus  # "the soldier" after "a captured soldier": the same man
        elif (
            found.definite
            and not found.institution
            and focus is not None
            and focus.person is not None
            and describes(self.names.people[focus.person], found.description)
        ):
            entity = focus  # "the commander" after "X, commander of the ...": X
        elif (
            found.definite
            and not found.institution
            and focus is not None
            and focus.person is not None
            and _epithet(found.description)
        ):
            entity = focus  # "the Croatian wrote", "the 29-year-old told" after "X, 51, said"
        elif found.definite and not found.institution and (fits := self._fits(found)) is not None:
            entity = Entity(person=fits)  # "the mayor also noted" after "Mayor X" and others
        else:
            entity = Entity(
                description=found.description,
                ident=len(self.unnamed) + 1,
                units=[found.unit] if found.unit else [],
                role=found.role,
                institution=found.institution,
            )
        self.unnamed[found.pos] = entity
        return entity
