"""Who may have said a quotation: the candidate sources an article offers, with the features
the learned ranking (ranking.py) weighs.

Where the grammar of the attribution settles it, the candidates are few: the person an
attribution names (and no person), or those a description fits (and no person); where it
does not (a pronoun, or no attribution at all), everyone named near the quotation.

The rules read the attribution next to a quotation and who the narrative is about (the
pipeline's timeline); what they read becomes features here, beside what the article says of
each person named in it (where and how often, whether they speak elsewhere, whether they are
the journalist who posted the video). "No person" is always a candidate: the unnamed
speaker or institution the attribution describes, or nobody.
"""

import math
from bisect import bisect_left, bisect_right, insort
from dataclasses import dataclass, field

import regex as re

from .cyrillic import FEMININE_PRONOUNS, is_cyrillic, name_gender
from .descriptors import describes
from .people import Names
from .text import words

# The features, in the order the model's weights are stored. A person's features are 0 on
# the "no person" candidate and the other way round.
PERSON_FEATURES = [
    "rule",  # the rules credit this person
    "named_here",  # the attribution next to the quotation names them
    "cue_after",  # ... after the quotation ('"...," said X')
    "cue_elsewhere",  # the attribution names or describes someone else ("one mother said")
    "pronoun_here",  # the attribution is "he"/"she" and the rules read it as them
    "pronoun_disagrees",  # that pronoun is not their gender as the article shows it
    "pronoun_nearest",  # the person named last whom that pronoun may be (gender, no publisher)
    "fits_description",  # the attribution is a definite description that fits them
    "focus",  # who the text was about when the quotation opened
    "previous",  # the speaker of the quotation before
    "continues",  # the quotation continues theirs from the paragraph before, unattributed
    "last_named",  # the person named last before the quotation
    "second_named",  # the one named before that
    "paragraphs_since",  # log of the paragraphs since they were last named before it
    "named_after_only",  # named only after the quotation
    "same_paragraph",  # named in the quotation's paragraph
    "mentions",  # log of how often the article names them
    "in_title",  # named in the title or headline
    "first_named",  # the first person the body names
    "speaks",  # log of the speech verbs they are the subject of in the article
    "spoke_near",  # the subject of a speech verb in this paragraph or the two before
    "publisher",  # a journalist, or the one who posted or published what is quoted
    "governed",  # last named as an object ("to X", "by X")
    "titled",  # a rank, role or title is stated for them
]
NONE_FEATURES = [
    "none",  # the "no person" candidate
    "none_rule",  # the rules credit no person
    "none_unnamed",  # the attribution describes an unnamed speaker ("one soldier said")
    "none_definite",  # ... with a definite description ("the commander said")
    "none_institution",  # the attribution is an institution ("the ministry said")
    "none_no_cue",  # no attribution next to the quotation
    "none_nobody_named",  # nobody is named before the quotation
    "none_fits_someone",  # the definite description fits someone named
    "none_pronoun",  # the attribution is "he"/"she" and the rules read it as an unnamed speaker
]
FEATURES = PERSON_FEATURES + NONE_FEATURES

# How many paragraphs before a quotation's own the people named are its candidates.
WINDOW = 6
# Counted mentions and speech verbs stop counting here: past it a person is simply named
# often, and a weight fitted on articles that name someone a few times says nothing of 700.
MANY = 50

# Whose work is to report or pass on what others said: the journalist who posted the video.
_MEDIA_ROLE = re.compile(
    r"\b(?:journalist|correspondent|reporter|blogger|presenter|anchor|host|interviewer|editor"
    r"|columnist|videographer|photographer|war\s+correspondent)s?\b",
    re.IGNORECASE,
)
# The agent of posting or publishing ("a video posted by X"): who passed the words on. (The
# subject of "posted a video" is as often the speaker, posting their own words.)
_PUBLISH_BEFORE = re.compile(
    r"\b(?:posted|published|shared|released|uploaded|filmed|broadcast|aired|obtained"
    r"|interviewed|quoted|cited)\s+by\s+(?:[\w'’-]+\s+){0,4}$"
)
# What shows a person's gender: a title or role word, or the pronoun that follows their name.
_ROLE_MAN = r"(?:spokes|chair|congress|council|business|sports|police|service|fire|camera)"
_FEMININE = re.compile(r"\b(?:Mrs|Ms|Miss|Lady|Madam|actress|" + _ROLE_MAN + r"woman)\b", re.I)
_MASCULINE = re.compile(r"\b(?:Mr|Sir|Lord|" + _ROLE_MAN + r"man)\b", re.I)
_PRONOUN = re.compile(r"\b(?:[Hh]e|[Hh]is|[Hh]im|[Hh]imself|[Ss]he|[Hh]er|[Hh]erself)\b")
_GOVERNED = re.compile(
    r"\b(?:to|by|with|from|for|of|about|against|at|on|in|told|asked|thanked|called|met"
    r"|urged|accused|blamed|criticised|criticized)\s+(?:the\s+)?(?:[a-z][\w'’-]*\s+){0,2}$"
)


@dataclass
class Candidate:
    """One possible source of a quotation: a person (index into Names.people) or none."""

    person: int | None
    features: dict[str, float] = field(default_factory=dict)
    entity: object = None  # the pipeline's Entity it stands for
    names: list[str] = field(default_factory=list)  # the person's name and aliases


@dataclass
class Situation:
    """What the rules read around one quotation, for its candidates' features."""

    start: int  # where the quotation opens
    paragraph: int  # the paragraph it opens in
    rule: object  # the Entity the rules credit
    found: object = None  # the attribution read next to it (attribution.Found), or None
    focus: object = None  # the Entity the text was about when it opened
    previous: object = None  # the Entity credited with the quotation before
    continues: bool = False  # it continues the quotation before, with no attribution
    introduced: int = -1  # where the unnamed speaker the rules credit was introduced


@dataclass
class _Cue:
    """What the attribution next to a quotation, and the rules' reading of it, say: read once
    for all its candidates (people by their index, None for none)."""

    rule: int | None  # whom the rules credit
    named: int | None  # whom the attribution names
    after: bool  # the attribution follows the quotation
    pronoun: str  # "m" or "f" for an attribution by "he" or "she", else ""
    describing: str  # a definite description of an unnamed person ("the commander"), or ""
    focus: int | None
    previous: int | None

    @classmethod
    def of(cls, situation: Situation) -> "_Cue":
        found = situation.found
        named = None
        if found is not None and found.kind == "name" and found.mention is not None:
            named = found.mention.person
        pronoun = ""
        if found is not None and found.kind == "pronoun":
            pronoun = "f" if found.words.split()[0].lower() == "she" else "m"
        describing = ""
        if found is not None and found.kind == "unnamed" and found.definite:
            describing = "" if found.institution else found.description
        return cls(
            rule=situation.rule.person,
            named=named,
            after=found is not None and found.pos > situation.start,
            pronoun=pronoun,
            describing=describing,
            focus=situation.focus.person if situation.focus is not None else None,
            previous=situation.previous.person if situation.previous is not None else None,
        )


class Cast:
    """The people an article names, and what it says of each, read once for all quotations."""

    def __init__(self, names: Names, paras, title: str, headlines: set[int], body: str):
        self.names = names
        self.para_starts = [s for s, _ in paras]
        self.title_words = set(words(title))
        for index in headlines:
            self.title_words |= set(words(body[paras[index][0] : paras[index][1]]))
        self.speech: dict[int, list[int]] = {}  # person -> positions they speak at
        self._mentions: dict[int, list] = {}  # person -> their mentions, in order
        self._starts: dict[int, list[int]] = {}  # ... and where each starts
        self._first = None  # the person the body names first
        self._titled: set[int] = set()  # the people the title or headline names
        self._publisher_of: dict[int, bool] = {}
        self._gender_of: dict[int, str] = {}
        self._built = -1

    def paragraph(self, pos: int) -> int:
        return max(0, bisect_right(self.para_starts, pos) - 1)

    def _spoke_between(self, spoken: list[int], first: int, last: int) -> bool:
        """Whether one of the (sorted) positions `spoken` lies in paragraphs first..last."""
        starts = self.para_starts
        low = starts[first] if 0 < first < len(starts) else -math.inf
        high = starts[last + 1] if last + 1 < len(starts) else math.inf
        i = bisect_left(spoken, low)
        return i < len(spoken) and spoken[i] < high

    def spoke(self, person: int, pos: int) -> None:
        """`person` is the subject of a speech verb at `pos`."""
        insort(self.speech.setdefault(person, []), pos)

    def _refresh(self):
        # Mentions become people as attributions are read (a lone "Smith said"), so the
        # index of who is named where is rebuilt when the people grow.
        if self._built == len(self.names.people):
            return
        self._mentions = {}
        for mention in sorted(self.names.mentions, key=lambda m: m.start):
            if mention.person is not None:
                self._mentions.setdefault(mention.person, []).append(mention)
        self._starts = {p: [m.start for m in ms] for p, ms in self._mentions.items()}
        self._first = min(self._mentions, key=lambda p: self._starts[p][0], default=None)
        self._titled = {
            p
            for p, info in enumerate(self.names.people)
            if p in self._mentions and {t.lower() for t in info.tokens} & self.title_words
        }
        self._publisher_of = {}
        self._gender_of = {}
        self._built = len(self.names.people)

    def _near(self, situation: Situation) -> list[int]:
        """The people named within WINDOW paragraphs before the quotation's paragraph or in
        the one after, and those the rules' reading points at, in the order first named: the
        candidates. (Every person of a long text for every quotation would make extraction
        grow with the square of the text.)"""
        k = situation.paragraph
        starts = self.para_starts
        lo = starts[max(0, k - WINDOW)] if starts else 0
        hi = starts[k + 2] if k + 2 < len(starts) else len(self.names.text)
        near = {m.person for m in self.names.mentions_in(lo, hi) if m.person is not None}
        found = situation.found
        for entity in (situation.rule, situation.focus, situation.previous):
            if entity is not None and entity.person is not None:
                near.add(entity.person)
        if found is not None and found.mention is not None and found.mention.person is not None:
            near.add(found.mention.person)
        near |= self._titled
        return sorted(near, key=lambda p: self._mentions[p][0].start if p in self._mentions else 0)

    def candidates(self, situation: Situation, entity_of) -> list[Candidate]:
        """The candidates for one quotation: the people named near it (see _near) that the
        grammar of its attribution leaves (see _settled), and no person. `entity_of(person)`
        is the Entity a chosen person becomes."""
        self._refresh()
        cue = _Cue.of(situation)
        near = self._near(situation)
        nobody_before = not any(
            bisect_left(self._starts.get(p, []), situation.start) > 0 for p in near
        )
        people = self._settled(situation, cue, near)
        # Who was named last before the quotation, most recent first.
        last_before = {}
        for person in people:
            starts = self._starts.get(person, [])
            i = bisect_left(starts, situation.start)
            if i:
                last_before[person] = starts[i - 1]
        recency = sorted(last_before, key=lambda p: -last_before[p])
        nearest = None
        if cue.pronoun and cue.rule is not None:
            # (Where the rules read "he" as an unnamed speaker just introduced, nobody named.)
            nearest = next(
                (
                    p
                    for p in recency
                    if self._gender(p) in ("", cue.pronoun) and not self._publishes(p)
                ),
                None,
            )
        out = [
            self._person(person, situation, cue, last_before, recency, nearest, entity_of)
            for person in people
        ]
        fits_someone = any(c.features["fits_description"] for c in out)
        out.append(self._nobody(situation, cue, nobody_before, fits_someone))
        return out

    def _settled(self, situation: Situation, cue: "_Cue", people: list[int]) -> list[int]:
        """What grammar settles stays settled: an attribution that names a person leaves them
        and "no person" (an outlet read as a name, say); "he" that the rules read as the
        unnamed person introduced last, with nobody named since, leaves "no person"; one that
        describes an unnamed speaker or an institution leaves "no person", whoever the
        description fits, and whom the rules read it as ("the soldier" after "the SBU
        identified him as X")."""
        found = situation.found
        if cue.named is not None:
            return [cue.named]
        if (
            cue.pronoun
            and cue.rule is None
            and situation.introduced >= 0
            and not self.names.mentions_in(situation.introduced, situation.start)
        ):
            return []  # "A medic from his unit was less sure. "...," he said."
        if found is not None and found.kind == "unnamed":
            return [p for p in people if p == cue.rule or self._fits(p, cue)]
        return people

    def _fits(self, person: int, cue: "_Cue") -> bool:
        return bool(cue.describing) and describes(self.names.people[person], cue.describing)

    def _person(self, person, situation, cue, last_before, recency, nearest, entity_of):
        """A person's candidacy with its features."""
        info = self.names.people[person]
        starts = self._starts.get(person, [])
        s, k, found = situation.start, situation.paragraph, situation.found
        f = dict.fromkeys(FEATURES, 0.0)
        f["rule"] = float(cue.rule == person)
        f["named_here"] = float(cue.named == person)
        f["cue_after"] = float(cue.named == person and cue.after)
        fits = self._fits(person, cue)
        f["cue_elsewhere"] = float(
            found is not None and found.kind != "pronoun" and cue.named != person and not fits
        )
        f["pronoun_here"] = float(bool(cue.pronoun) and cue.rule == person)
        if cue.pronoun:
            gender = self._gender(person)
            f["pronoun_disagrees"] = float(bool(gender) and gender != cue.pronoun)
            f["pronoun_nearest"] = float(person == nearest)
        f["fits_description"] = float(fits)
        f["focus"] = float(cue.focus == person)
        f["previous"] = float(cue.previous == person)
        f["continues"] = float(situation.continues and cue.previous == person)
        if person in last_before:
            rank = recency.index(person)
            f["last_named"] = float(rank == 0)
            f["second_named"] = float(rank == 1)
            last = last_before[person]
            f["paragraphs_since"] = math.log1p(max(0, k - self.paragraph(last)))
            f["governed"] = float(bool(_GOVERNED.search(self.names.text, max(0, last - 60), last)))
        else:
            f["named_after_only"] = 1.0
            after = starts[0] if starts else s
            f["paragraphs_since"] = math.log1p(max(0, self.paragraph(after) - k))
        i = bisect_left(starts, self.para_starts[k] if self.para_starts else 0)
        f["same_paragraph"] = float(i < len(starts) and self.paragraph(starts[i]) == k)
        f["mentions"] = math.log1p(min(len(starts), MANY))
        f["in_title"] = float(person in self._titled)
        f["first_named"] = float(person == self._first)
        spoken = self.speech.get(person, [])
        f["speaks"] = math.log1p(min(len(spoken), MANY))
        f["spoke_near"] = float(self._spoke_between(spoken, k - 2, k))
        f["publisher"] = float(self._publishes(person))
        f["titled"] = float(bool(info.rank or info.role or info.description))
        return Candidate(person, f, entity_of(person), [info.name, *info.aliases])

    def _nobody(self, situation, cue, nobody_before: bool, fits_someone: bool) -> Candidate:
        """The "no person" candidacy: the unnamed speaker or institution the rules read, or
        nobody; its entity is the rules' when they credit no person (else pipeline makes
        it)."""
        found, rule = situation.found, situation.rule
        f = dict.fromkeys(FEATURES, 0.0)
        f["none"] = 1.0
        f["none_rule"] = float(cue.rule is None)
        if found is not None and found.kind == "unnamed":
            f["none_unnamed"] = float(not found.definite and not found.institution)
            f["none_definite"] = float(found.definite and not found.institution)
        # An institution's words: its own attribution, or a body named since the last
        # speaker ("As the Headquarters noted, ... "..."").
        f["none_institution"] = float(
            (found is not None and found.kind == "unnamed" and found.institution)
            or (cue.rule is None and rule.institution)
        )
        f["none_no_cue"] = float(found is None)
        f["none_nobody_named"] = float(nobody_before)
        f["none_fits_someone"] = float(fits_someone)
        f["none_pronoun"] = float(bool(cue.pronoun) and cue.rule is None and bool(rule.description))
        return Candidate(None, f, rule if cue.rule is None else None)

    def pronoun_person(self, pronoun: str, person: int | None, pos: int) -> int | None:
        """Whom 'he' or 'she' at `pos` is, given the person the text is about (`person`):
        them, unless the article shows them of the other gender or as who passed the words
        on (the journalist who posted the video); then the person named last before `pos`
        who is neither, if any."""
        self._refresh()
        said = "f" if pronoun.lower() in FEMININE_PRONOUNS else "m"

        def fits(p):
            return self._gender(p) in ("", said) and not self._publishes(p)

        if person is None or fits(person):
            return person
        k = self.paragraph(pos)
        lo = self.para_starts[max(0, k - WINDOW)] if self.para_starts else 0
        before = [m for m in self.names.mentions_in(lo, pos) if m.person is not None]
        for mention in reversed(before):
            if mention.person != person and fits(mention.person):
                return mention.person
        return person

    def _gender(self, person: int) -> str:
        """'m', 'f' or '' as the article shows it: titles and role words in the name and
        description, and the first pronoun after each mention, before anyone else is named."""
        if person in self._gender_of:
            return self._gender_of[person]
        info = self.names.people[person]
        if self.names.language and is_cyrillic(info.name):
            # Russian and Ukrainian names say their gender (Воронцова, Вербицький).
            self._gender_of[person] = name_gender(info.name, self.names.language)
            return self._gender_of[person]
        text = self.names.text
        votes = {"m": 0, "f": 0}
        stated = f"{info.role} {info.description}"
        for mention in self._mentions.get(person, []):
            stated += " " + text[max(0, mention.start - 12) : mention.start] + mention.printed
            stop = min(len(text), mention.end + 200)
            others = [m.start for m in self.names.mentions_in(mention.end, stop)]
            if others:
                stop = min(others)
            pronoun = _PRONOUN.search(text, mention.end, stop)
            if pronoun:
                word = pronoun.group().lower()
                votes["f" if word in ("she", "her", "herself") else "m"] += 1
        votes["f"] += 2 * len(_FEMININE.findall(stated))
        votes["m"] += 2 * len(_MASCULINE.findall(stated))
        gender = "" if votes["m"] == votes["f"] else max(votes, key=votes.get)
        self._gender_of[person] = gender
        return gender

    def _publishes(self, person: int) -> bool:
        if person not in self._publisher_of:
            info = self.names.people[person]
            self._publisher_of[person] = self._publisher(info, self._mentions.get(person, []))
        return self._publisher_of[person]

    def _publisher(self, info, mentions) -> bool:
        """Whether the article presents the person as who passed the words on: a journalist,
        or the one a video or post was posted or published by."""
        if _MEDIA_ROLE.search(f"{info.role} {info.description}"):
            return True
        text = self.names.text
        for mention in mentions:
            before = text[max(0, mention.start - 60) : mention.start]
            if _MEDIA_ROLE.search(before[-40:]) or _PUBLISH_BEFORE.search(before):
                return True
        return False
