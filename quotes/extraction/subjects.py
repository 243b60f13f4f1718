"""The subject of a speech verb, read from the words before it: a person named (or named as a
descriptor's name), a pronoun, a unit or institution speaking as itself, or an unnamed
speaker described ("one soldier", "the commander")."""

from dataclasses import dataclass

import regex as re

from .cyrillic import ACCORDING, ADVERB, PRONOUN_BEFORE
from .descriptors import (
    APPOSED,
    DESCRIPTOR,
    DOCUMENT,
    INSTITUTION,
    ORG,
    PERSON_HEAD,
    institution,
    is_outlet,
    is_publication,
    one_person,
)
from .memberships import ANY_UNIT, UNIT_AFTER
from .mentions import Mention
from .people import Names
from .speech import MASK, SentenceStarts
from .units import UNIT

# Where something is posted, never who posts it.
_PLATFORMS = frozenset("Telegram Facebook Twitter X Instagram YouTube TikTok Viber".split())
# A unit as the subject of a speech verb, or after an inverted one: it speaks as itself.
_UNIT_SUBJECT = re.compile(
    r"(?:^|[,;:\u2013\u2014]|\bthat|\b[Aa]s)\s*(?:[Tt]he\s+)?(?P<unit>" + UNIT + r")"
    r"(?:['’]s\s+(?:press\s+service|[Tt]elegram\s+channel|statement|post))?"
    r"(?:\s+(?:also|then|later|again|\w+ly))?\s*,?\s*$"
)
PRONOUN = re.compile(
    r"\b([Hh]e|[Ss]he)\b(?:\s+[a-z]+ly|\s+also|\s+then|\s+later)?\s*,?\s*$"
    # "Він наголосив:", "Она также добавила"
    r"|(?<![\p{L}])(" + PRONOUN_BEFORE + r")(?:\s+" + ADVERB + r")?\s*$"
)


# A restrictive relative clause between a subject and its verb: "A paramedic who asked not to
# be named said", "One soldier whose unit was shelled told". Its own verb ("asked") is not the
# sentence's, and the description stops before it. "that" only after a person's noun, as it
# is more often a conjunction ("told the court that").
_RELATIVE = re.compile(
    r"(?:(?<=\p{L})\s+(?:who|whom|whose)\b"
    r"|(?<=\b(?:" + PERSON_HEAD + r"))\s+that\b)[^,;:.!?\n" + MASK + r"]*$"
)
# A verb right after a relative pronoun: the clause's own ("who asked not to be named").
IN_RELATIVE = re.compile(r"\b(?:who|whom|which|that)\s+(?:\w+ly\s+)?$")


# Ends before its closing comma, so that ", 61, whose house ..., said" hides both clauses.
_APPOSITIVE = re.compile(
    r",\s*(?:who|which|whose|a|an|the|aged|himself|herself|\d+|at|in|on|during|from|after"
    r"|before|speaking|while|when|via|through|outside|inside|near)\b[^,]*(?=,)"
)
# A name right after one of these is its object ("a press conference in Kyiv"), never the
# subject of the verb that follows.
_GOVERNED = re.compile(
    r"\b(?:in|at|from|to|of|near|outside|inside|into|on|by|with|for|across|around|towards?"
    r"|through|over|under|about|against|between|among|via)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "the pilot, who gave his name as X", "a soldier who identified himself as X", "the officer,
# named as X,": the descriptor's own name.
# Who a naming sentence may name: "The prisoner is X".
_ONE_OF_THEM = (
    r"(?:prisoner|soldier|captive|man|woman|serviceman|servicewoman|fighter|officer|pilot"
    r"|detainee|conscript|marine|paratrooper|occupier)"
)
NAMED_AS = re.compile(
    r"(?:\b(?:gave|giving|gives)\s+(?:his|her|their)\s+(?:full\s+)?name\s+(?:only\s+)?as"
    r"|\b(?:identified|identifying|identifies|introduced|introducing|introduces|named|calls|called)"
    r"\s+(?:himself|herself)(?:\s+as)?|\b(?:named|identified|named\s+only)\s+as|\bnamed"
    # "The SBU later identified him as X"
    r"|\b(?:identified|named|introduced)\s+(?:him|her)\s+as"
    # "named by Ukrainian officials as X", "identified by the SBU as X"
    r"|\b(?:named|identified)\s+by\s+[^,.;:\n\x01]{1,60}?\s+as"
    # "He is Private X", "The prisoner is X", "His name is X": a person in focus named
    r"|^(?:(?:[Hh]e|[Ss]he)|(?:[Tt]he|[Tt]his)\s+(?:[a-z][\w-]*\s+){0,2}?" + _ONE_OF_THEM + r")"
    r"\s+is|\b(?:[Hh]is|[Hh]er)\s+name\s+is)\s+$"
)

# Verbs with which an outlet credits its source of a story: "Ukrinform reports".
CREDIT = re.compile(
    r"^(?:reports|reported|writes|wrote|[Aa]ccording\s+to|пишет|пише|" + ACCORDING + r")$"
)
_COMMA = re.compile(r"\s*,")


@dataclass
class Found:
    """An attribution: who, the words as printed, and where its subject was read."""

    kind: str  # "name", "pronoun", "unnamed"
    pos: int
    words: str
    mention: Mention | None = None
    description: str = ""
    definite: bool = False
    institution: bool = False  # a body or its document ("the SBU"), never who "he" is
    unit: str = ""  # a unit stated for an unnamed speaker: "one soldier, a gunner of the ..."
    role: str = ""  # their apposition: "a gunner"
    # The definite descriptor a name is given to ("The soldier, named by officials as X,"):
    # X is the unnamed speaker the article was about.
    descriptor: str = ""
    # A name given to "he" or "him" ("The SBU identified him as X"): the unnamed person in focus.
    by_pronoun: bool = False
    verb: int = -1  # where its speech verb starts: one verb is one attribution


class SubjectReader:
    """Reads the subjects of speech verbs in an article's masked text."""

    def __init__(self, masked: str, names: Names):
        self.text = masked
        self.names = names
        # Names reads the same masked text (pipeline.extract): its sentence starts serve here too.
        self.sentences = names.sentences if names.text == masked else SentenceStarts(masked)

    def mentions_in(self, start: int, end: int) -> list[Mention]:
        return self.names.mentions_in(start, end)

    def has_word(self, word: str) -> bool:
        if self.names.text == self.text:
            return self.names.has_word(word)
        return bool(re.search(r"\b" + re.escape(word) + r"\b", self.text))

    def owner(self, phrase: str, pos: int) -> str:
        """The organisation a document speaks for ('the report' after 'The SBU report notes',
        'the statement' after 'The Security Service of Ukraine released a video'): the last
        one named in the 600 characters before `pos`, or ''."""
        if not DOCUMENT.match(phrase):
            return ""
        window = self.text[max(0, pos - 600) : pos]
        found, at = "", -1
        for match in re.finditer(r"(?<![\p{L}'’])(?:[Tt]he\s+)?" + ORG, window):
            candidate = institution(match.group())
            if not candidate or candidate.split()[-1] in _PLATFORMS:
                continue  # "announced this on Telegram": where, not who
            if not self.names.covers(pos - len(window) + match.start()):
                found, at = candidate, match.start()
        for match in ANY_UNIT.finditer(window):
            if match.start() > at:  # a unit named later: "The Khortytsia group ... announced"
                found, at = self.names.units.fullest(match.group()), match.start()
        return found

    def named_as(self, start: int, end: int) -> Mention | None:
        """A person named in text[start:end] as a descriptor's name: 'who gave his name as X'."""
        for mention in self.mentions_in(start, end):
            if NAMED_AS.search(self.text[max(start, mention.start - 100) : mention.start]):
                return mention
        return None

    def naming_descriptor(self, start: int, named: Mention) -> str:
        """The definite descriptor text[start:] opens with, which `named` names: 'the soldier'
        in 'The soldier, named by officials as X,' or '..., said the pilot, who gave his name
        as X'; '' for any other subject."""
        before = self.text[start : named.start].lstrip(" ,\u00a0")
        cut = re.search(r"\s*(?:,|\b(?:who|whom|named|identified)\b)", before)
        if cut is None:
            return ""
        match = re.fullmatch(
            r"(?:(?:Later|Then|Meanwhile|Finally|Lastly),?\s+)?"
            r"((?:[Tt]he|[Tt]his|[Tt]hat)(?:\s+[a-z][\w-]*){1,4})",
            before[: cut.start()],
        )
        if match is None or not one_person(match.group(1)):
            return ""
        phrase = " ".join(match.group(1).split())
        return phrase[0].lower() + phrase[1:]

    def apposed_descriptor(self, start: int, mention: Mention) -> str:
        """The definite descriptor a full name stands in commas after, from `start`: 'the
        medic' in 'The medic, Olena Hrytsak, said' or '"...," the medic, Olena Hrytsak, said';
        '' for any other name."""
        if len(mention.tokens) < 2 or not _COMMA.match(self.text, mention.end):
            return ""
        match = APPOSED.fullmatch(self.text, start, mention.start)
        if match is None or not one_person(match.group(1)):
            return ""
        phrase = " ".join(match.group(1).split())
        return phrase[0].lower() + phrase[1:]

    def apposition(self, description: str, end: int) -> tuple[str, str]:
        """The unit and role stated for an unnamed speaker, in their description ('a gunner of
        the 5th Brigade') or in an apposition after it ('one soldier, a gunner of the 5th
        Brigade,')."""
        stated = ANY_UNIT.search(description)
        if stated:
            return " ".join(stated.group().split()), ""
        match = UNIT_AFTER.match(self.text, end)
        if match is None:
            return "", ""
        return " ".join(match.group("unit").split()), " ".join((match.group("role") or "").split())

    def subject(self, start: int, end: int, verb_end: int) -> Found | None:
        """The subject of a speech verb read from text[start:end], the words before the verb."""
        found = self._subject(start, end, verb_end)
        if found is not None:
            found.verb = end
        return found

    def _subject(self, start: int, end: int, verb_end: int) -> Found | None:
        text = self.text
        region = text[start:end]
        named = self.named_as(start, end)
        if named is not None:
            verb = text[end:verb_end].strip()
            found = Found("name", named.start, f"{named.printed} {verb}", named)
            found.descriptor = self.naming_descriptor(start, named)
            return found
        if IN_RELATIVE.search(region):
            return None  # "a paramedic who asked ...": the clause's verb, not the sentence's
        hidden = [(m.start() + start, m.end() + start) for m in _APPOSITIVE.finditer(region)]
        relative = _RELATIVE.search(text, start, end)
        if relative:
            hidden = sorted([*hidden, (relative.start(), end)])
        found = self._named_subject(start, end, verb_end, hidden)
        if found is not None:
            return found
        # Appositives closing the subject ("One soldier, who did not give his name, said") are
        # left out, so that the pronoun or description before them is read as the subject.
        cut = end
        for opened, closed in reversed(hidden):
            if not text[closed:cut].strip(" ,\u00a0"):
                cut = opened
        return self._unnamed_subject(start, end, verb_end, cut)

    def _named_subject(self, start: int, end: int, verb_end: int, hidden) -> Found | None:
        """The person last named in text[start:end] outside the `hidden` clauses and not as an
        object, or None."""
        text = self.text
        candidates = [
            m
            for m in self.mentions_in(start, end)
            if not m.possessive
            and not any(s <= m.start < e for s, e in hidden)
            and not _GOVERNED.search(text[max(start, m.start - 40) : m.start])
        ]
        known = [m for m in candidates if m.person is not None]
        if candidates and candidates[-1].person is None:
            # An unknown lone word is a name only right before the verb: "Smith said".
            tail = "".join(
                text[i]
                for i in range(candidates[-1].end, end)
                if not any(s <= i < e for s, e in hidden)
            )
            credit = CREDIT.match(" ".join(text[end:verb_end].split()))
            if credit is None and re.fullmatch(
                r"(?:[\s,]|\b(?:also|then|later|again|\w+ly)\b)*", tail
            ):
                known = candidates
        if not known:
            return None
        mention = known[-1]
        # The name and its verb, without the appositive between: "Wielgus said".
        verb = text[end:verb_end].strip()
        found = Found("name", mention.start, f"{mention.printed} {verb}", mention)
        found.descriptor = self.apposed_descriptor(start, mention)
        return found

    def _unnamed_subject(self, start: int, end: int, verb_end: int, cut: int) -> Found | None:
        """A subject that names nobody, read from text[start:cut]: a pronoun, a unit or an
        institution speaking as itself, or a description of an unnamed speaker."""
        text = self.text

        def words(pos: int) -> str:
            if cut == end:
                return text[pos:verb_end]
            return text[pos:cut].rstrip(" ,\u00a0") + " " + text[end:verb_end].strip()

        match = PRONOUN.search(text[start:cut])
        if match:
            return Found("pronoun", start + match.start(), words(start + match.start()))
        unit = _UNIT_SUBJECT.search(text[start:cut])
        if unit:
            # "the 101st Airborne Division, the only ..., announced": the unit speaks itself.
            pos = start + unit.start("unit")
            body = self.names.units.fullest(unit.group("unit"))
            return Found("unnamed", pos, words(pos), None, body, True, institution=True)
        match = INSTITUTION.search(text[start:cut])
        whole = match and re.search(
            r"(?:^|[,;:\u2013\u2014]|\bthat|\b[Aa]s)\s*$", text[start : start + match.start(1)]
        )
        if whole and (body := institution(match.group(1))):
            pos = start + match.start(1)
            credit = CREDIT.match(" ".join(text[end:verb_end].split()))
            if is_outlet(body) or (credit and len(body.split()) == 1):
                return None  # an outlet crediting its source: "..., The Gazette reports."
            return Found("unnamed", pos, words(pos), None, body, True, institution=True)
        match = DESCRIPTOR.search(text[start:cut])
        if match:
            phrase = " ".join(match.group(1).split())
            if is_publication(phrase):
                return None  # "This is informed by the Ukrainian edition, reports ..."
            if len(phrase.split()) >= 2 or phrase.lower() == "another":
                definite = phrase.split()[0].lower() in ("the", "this", "that")
                phrase = phrase[0].lower() + phrase[1:]
                pos = start + match.start(1)
                owner = self.owner(phrase, pos)
                if owner:
                    return Found("unnamed", pos, words(pos), None, owner, True, institution=True)
                found = Found("unnamed", pos, words(pos), None, phrase, definite)
                found.unit, found.role = self.apposition(phrase, start + match.end(1))
                return found
        return None
