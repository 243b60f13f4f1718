"""An article's people: its mentions resolved to persons, the shorter forms that refer back to
them, and the units, ranks and roles it states for each."""

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

import regex as re

from . import cyrillic
from .affiliations import TextUnits, read_affiliations
from .memberships import LEAD_DUTY, UNIT_LATER
from .mentions import PERSON_NOUN, Mention, MentionReader
from .ranks import ROLE, duty_name, rank_title
from .speech import SPEECH_VERB, SentenceStarts
from .units import SERVICE

_SERVICE = re.compile(SERVICE)
_WORD_RUN = re.compile(r"\w+")


# An unnamed speaker quoted or introduced: "one soldier said", "said a captured pilot",
# "Another soldier, who ..., told".
_UNNAMED_SPEAKER = re.compile(
    r"\b(?:[Oo]ne|[Aa]nother|[Aa]n?)(?:[ \u00a0]+[\w-]+){1,4}(?:,[^,.\n]*,)?\s+"
    + SPEECH_VERB.pattern
    + r"|\b(?:said|says|added|adds|explained|recalled|admitted|continued)\s+"
    r"(?:one|another|a|an)\s+[a-z]"
)


# Slavic case endings printed on a transliterated surname: genitive -a, dative -u/-ovi/-evi,
# instrumental -om/-em (Marchuk: Marchuka, Marchuku, Marchukom, Marchukovi).
_CASE_ENDINGS = ("a", "u", "om", "em", "ovi", "evi")


_DOUBLED = re.compile(r"(.)\1+")


def _spelt(token: str) -> str:
    """A name word with the commonest romanisation differences folded: y as i, letters
    doubled once ("Voloshyn", "Voloshin"; "Cherevatyy", "Cherevatyi")."""
    return _DOUBLED.sub(r"\1", token.lower().replace("y", "i"))


def inflects(token: str, name: str) -> bool:
    """Whether `token` is `name` with a case ending: 'Marchuka' and 'Marchuku' of 'Marchuk',
    'Shevchenka' and 'Shevchenkom' of 'Shevchenko'."""
    if len(name) < 4 or token == name or not token.startswith(name[:3]):
        return False
    stem = name[:-1] if name[-1] in "aeiouy" else name
    return any(token == stem + ending for ending in _CASE_ENDINGS if stem + ending != name)


@dataclass
class Person:
    """A person the article names: the fullest form of the name, its words, and what the
    article states of them."""

    name: str
    tokens: set[str]
    aliases: list[str] = field(default_factory=list)
    units: list[str] = field(default_factory=list)
    description: str = ""
    rank: str = ""
    role: str = ""
    heads: str = ""  # the administration the person heads: "regional", "city"
    unit_doubts: dict[str, str] = field(default_factory=dict)  # unit -> why it is unsure


class Names:
    """People named in an article, with the shorter forms that refer back to them."""

    def __init__(self, text: str, paras, skip: set[int], body: str | None = None, outlet: str = ""):
        self.text = text
        self.body = text if body is None else body  # unmasked, for names in quotation marks
        self.language = cyrillic.language_of(self.body)  # "ru", "uk" or "" (no Cyrillic)
        self.people: list[Person] = []
        # Lower-case titles read before names by the attributor, by mention start.
        self.titles: dict[int, str] = {}
        self.sentences = SentenceStarts(text)
        self.units = TextUnits(text, self.body)  # the units the text states
        self._words: set[str] | None = None  # the text's words, for has_word()
        self._has_word: dict[str, bool] = {}
        self._by_token: dict[str, list[int]] = {}  # people with each name token, in order
        self._by_spelling: dict[str, list[int]] = {}  # ... by the token's spelling folded
        self.mentions: list[Mention] = self._find(paras, skip, outlet)
        self._resolve()
        self._index()
        self._give_stated()

    def _find(self, paras, skip: set[int], outlet: str) -> list[Mention]:
        """The mentions of the paragraphs not in `skip` that may name a person."""
        reader = MentionReader(self.text, self.sentences, self.has_word, self.language)
        mentions = []
        for index, (ps, pe) in enumerate(paras):
            if index not in skip:
                mentions.extend(reader.read(ps, pe))
        # A lone place name is no person, unless it is the surname of someone named in full.
        full = {t for m in mentions if len(m.tokens) > 1 and not m.common for t in m.tokens}
        # Nor is a word of a service's or command's name: "operational-tactical group Dniester".
        services = [m.span() for m in _SERVICE.finditer(self.text)]
        service_starts = [s for s, _ in services]

        def in_service(m: Mention) -> bool:
            # Services' spans do not overlap: only the last one starting at or before the
            # mention can hold it.
            i = bisect_right(service_starts, m.start) - 1
            return i >= 0 and m.end <= services[i][1]

        # Nor the outlet's own name: "Frontline Dispatch reports", "NET" of "Censor.NET".
        printer = {w.lower() for w in _WORD_RUN.findall(outlet)}
        return [
            m
            for m in mentions
            if not (printer and {t.lower() for t in m.tokens} <= printer)
            and (not m.place or m.tokens[0] in full)
            and (not m.common or m.tokens[-1] in full)
            and not in_service(m)
        ]

    def _resolve(self) -> None:
        """Each mention's person: those of two words or more clustered by their words, the
        longest first; then lone names, by the person named with them last."""
        for mention in sorted(self.mentions, key=lambda m: -len(m.tokens)):
            if len(mention.tokens) >= 2:
                mention.person = self._cluster(mention)
        self._resolve_all(create=True)
        # A lone name printed before the titled form that made it a person ("according to
        # Marchuk, ..." then "Major Marchuk said") is that person too.
        self._resolve_all(create=False)
        # A lone unknown word stays unresolved (person None): it is a person only where it is
        # the subject of a speech verb ("Smith said"), decided when attributions are read.
        for mention in self.mentions:
            if mention.person is not None:
                self._alias(mention)

    def _index(self) -> None:
        """Mentions by start and by name, for mentions_in(), covers() and person_for()."""
        self._ordered = sorted(range(len(self.mentions)), key=lambda i: self.mentions[i].start)
        self._starts = [self.mentions[i].start for i in self._ordered]
        self._reach = []  # the furthest end of the mentions starting so far, in that order
        for i in self._ordered:
            self._reach.append(max(self._reach[-1] if self._reach else 0, self.mentions[i].end))
        self._by_name: dict[str, list[Mention]] = {}
        for mention in self.mentions:
            self._by_name.setdefault(mention.name, []).append(mention)

    def _new(self, mention: Mention) -> int:
        self.people.append(Person(mention.name, set(mention.tokens)))
        index = len(self.people) - 1
        for token in self.people[index].tokens:
            self._by_token.setdefault(token, []).append(index)
            self._by_spelling.setdefault(_spelt(token), []).append(index)
        return index

    def _cluster(self, mention: Mention) -> int:
        """The first person whose name holds every token of `mention`, else a new person."""
        tokens = set(mention.tokens)
        having = [self._by_token.get(t, []) for t in tokens]
        for index in min(having, key=len):
            if tokens <= self.people[index].tokens:
                return index
        return self._new(mention)

    def mentions_in(self, start: int, end: int) -> list[Mention]:
        """The mentions wholly inside text[start:end], in the order of self.mentions."""
        lo, hi = bisect_left(self._starts, start), bisect_right(self._starts, end)
        inside = sorted(i for i in self._ordered[lo:hi] if self.mentions[i].end <= end)
        return [self.mentions[i] for i in inside]

    def covers(self, pos: int) -> bool:
        """Whether a mention spans `pos`."""
        i = bisect_right(self._starts, pos) - 1
        return i >= 0 and self._reach[i] > pos

    def has_word(self, word: str) -> bool:
        """Whether `word` stands in the text between word boundaries, case kept, from the
        text's words gathered once rather than a search of the text each time: every run of
        word characters in such a word is a whole word of the text."""
        if word not in self._has_word:
            if self._words is None:
                self._words = set(_WORD_RUN.findall(self.text))
            parts = _WORD_RUN.findall(word)
            if parts == [word]:
                found = word in self._words
            else:
                found = all(p in self._words for p in parts) and bool(
                    re.search(r"\b" + re.escape(word) + r"\b", self.text)
                )
            self._has_word[word] = found
        return self._has_word[word]

    def _alias(self, mention: Mention) -> None:
        person = self.people[mention.person]
        if mention.rank and not person.rank:
            person.rank = mention.rank
        if len(mention.tokens) == 1 and mention.tokens[0] not in person.tokens:
            return  # an inflected form ("Marchuka") says nothing the name does not
        printed = " ".join(mention.printed.split())
        if printed != person.name and printed not in person.aliases:
            person.aliases.append(printed)

    def give_titles(self) -> None:
        """Titles read before names ('harbour master X') become the person's description, and
        their role where the title ends in one, unless an apposition said more."""
        for mention in self.mentions:
            title = self.titles.get(mention.start, "")
            if mention.person is None or not (
                PERSON_NOUN.search(title) or cyrillic.is_cyrillic(title)
            ):
                continue
            person = self.people[mention.person]
            if not person.description:
                person.description = title
            if not person.role and re.search(r"\b" + ROLE + r"$", title, re.IGNORECASE):
                person.role = title

    def resolve(self, token: str, pos: int) -> int | None:
        """The person a lone surname or first name refers to: the last one named before `pos`
        with that name (or the first one named after it)."""
        best = None
        for mention in self.mentions:
            if mention.person is None or token not in self.people[mention.person].tokens:
                continue
            if mention.start < pos or best is None:
                best = mention.person
        if best is None:
            return self._anyone_named(token)
        return best

    def _anyone_named(self, token: str) -> int | None:
        """The first person with the name `token`, else the last whose name `token` is with a
        case ending."""
        if token in self._by_token:
            return self._by_token[token][0]
        # "according to Marchuka" after "Marchuk said": a case ending on a known name. The
        # names it can inflect are the token less an ending, perhaps with a final vowel back.
        best = None
        for ending in _CASE_ENDINGS:
            if not token.endswith(ending):
                continue
            stem = token[: len(token) - len(ending)]
            for name in (stem, *(stem + vowel for vowel in "aeiouy")):
                if name in self._by_token and inflects(token, name):
                    best = max(best if best is not None else -1, self._by_token[name][-1])
        if best is None and self.language and cyrillic.is_cyrillic(token):
            # "за словами Гнатишина" after "Тарас Гнатишин": another nominative the printed
            # form may have (the analyser's first guess was a woman's name).
            forms = cyrillic.nominatives(token, self.language)
            best = max((self._by_token[n][-1] for n in forms if n in self._by_token), default=None)
        if best is None and len(token) >= 5 and _spelt(token) in self._by_spelling:
            # "Voloshyn said" after "Nazar Voloshin": one name in another romanisation.
            best = self._by_spelling[_spelt(token)][0]
        return best

    def _resolve_all(self, *, create: bool) -> None:
        """Resolves each mention with no person yet, in order (as resolve() would, and, with
        `create`, makes a titled one a new person), keeping for each name token the person
        named last so far, so that the mentions are not read again for each one."""
        mentions = self.mentions
        if any(a.start >= b.start for a, b in zip(mentions, mentions[1:], strict=False)):
            for mention in mentions:  # not in the text's order: resolve() reads them all
                if mention.person is None:
                    mention.person = self.resolve(mention.tokens[0], mention.start)
                if mention.person is None and create and mention.titled:
                    mention.person = self._new(mention)
            return
        # Mentions after the one being resolved keep the person they had when this pass began.
        later: dict[str, list[int]] = {}
        for i, mention in enumerate(mentions):
            if mention.person is not None:
                for token in self.people[mention.person].tokens:
                    later.setdefault(token, []).append(i)
        last: dict[str, int] = {}  # the person of the last mention so far with each token
        for i, mention in enumerate(mentions):
            if mention.person is None:
                token = mention.tokens[0]
                person = last.get(token)
                if person is None and token in later:
                    after = later[token]
                    j = bisect_right(after, i)
                    if j < len(after):
                        person = mentions[after[j]].person
                if person is None:
                    person = self._anyone_named(token)
                mention.person = person
            if mention.person is None and create and mention.titled:
                mention.person = self._new(mention)
            if mention.person is not None:
                for token in self.people[mention.person].tokens:
                    last[token] = mention.person

    def person_for(self, mention: Mention) -> int:
        """The person a mention names, made a person now if it was a lone unknown word."""
        if mention.person is None:
            same = [m for m in self._by_name.get(mention.name, []) if m.person is None]
            mention.person = self._new(mention)
            for other in same:
                other.person = mention.person
                self._alias(other)
                self.give_unit(other)
        return mention.person

    def _give_stated(self) -> None:
        """Units, ranks and roles stated for a person: in an apposition after the name ("X, a
        lieutenant colonel and deputy commander of the 47th Aviation Regiment,"), before it
        ("deputy commander of Russia's 47th aviation regiment, Lieutenant Colonel X"), both
        read by affiliations.py, or in a later sentence about them ("He serves in the 12th
        Brigade")."""
        text = self.text
        ordered = [self.mentions[i] for i in self._ordered]
        read_affiliations(text, ordered, self.units)
        if self.language:
            self._read_leads()
        for mention in self.mentions:
            if mention.person is not None:
                self.give_unit(mention)
        # "He serves in the 12th Brigade.", "His unit, the 5th Tank Brigade, ...": the person
        # named last before, in that paragraph or the one before.
        for match in UNIT_LATER.finditer(text):
            this_line = text.rfind("\n", 0, match.start())
            line_start = text.rfind("\n", 0, this_line) if this_line > 0 else -1
            last = None
            i = bisect_left(self._starts, match.start()) - 1
            while i >= 0 and self._starts[i] > line_start:
                if ordered[i].person is not None and not ordered[i].possessive:
                    last = ordered[i]
                    break
                i -= 1
            if last is None:
                continue
            if _UNNAMED_SPEAKER.search(text, last.end, match.start()):
                continue  # "one soldier said" in between: "he" may be that soldier
            person = self.people[last.person]
            self.add_unit(person, " ".join(match.group("unit").split()))
            if match.group("duty") and not person.role:
                person.role = " ".join(match.group("duty").split())
            if match.group("rank") and not person.rank:
                person.rank = rank_title(" ".join(match.group("rank").split()))

    def _read_leads(self) -> None:
        """The title, rank and unit printed before each Cyrillic name in its sentence
        ("речниця 27-го угруповання військ «Дубрава» Олена X", "командир полка полковник
        X"), read from the unmasked text, where a unit's name in «» is still printed."""
        for mention in self.mentions:
            if mention.possessive or not cyrillic.is_cyrillic(mention.name):
                continue
            start = self.sentences.start(mention.start, 0)
            lead = cyrillic.read_lead(self.body[start : mention.start], self.language)
            if lead is None:
                continue
            self.titles[mention.start] = lead.title
            mention.duty = mention.duty or lead.title
            mention.rank = mention.rank or lead.rank
            mention.unit = mention.unit or lead.unit
            if not mention.unit:
                # "Батальйон «Сокира» ... Його командир X": the unit named before.
                para = self.body.rfind("\n", 0, start) + 1
                mention.unit = cyrillic.unit_named_before(
                    self.body[para:start], self.body[start : mention.start], self.language
                )

    def add_unit(self, person: Person, unit: str) -> None:
        """Gives `person` the unit in the fullest form the article prints it in, so that '21st
        Marine Brigade' after '21st Separate Marine Brigade' keeps the full name."""
        unit = self.units.as_stated(unit)
        if unit not in person.units:
            person.units.append(unit)

    def give_duty(self, mention: Mention, lead: str) -> None:
        """Gives the person `mention` names the role printed in `lead`, the words before the
        name ('As said the head of the press service '), unless one is known."""
        if mention.person is None or self.people[mention.person].role:
            return
        match = LEAD_DUTY.search(lead)
        if match:
            mention.duty = mention.duty or duty_name(match.group("duty"))
            self.give_unit(mention)

    def give_units(self, index: int, units: list[str]) -> None:
        for unit in units:
            self.add_unit(self.people[index], unit)

    def give_unit(self, mention: Mention) -> None:
        person = self.people[mention.person]
        if mention.unit:
            self.add_unit(person, mention.unit)
        if mention.role and not person.description:
            person.description = mention.role
        if mention.rank and not person.rank:
            person.rank = mention.rank
        if mention.heads and not person.heads:
            person.heads = mention.heads
        if mention.duty and not person.role:
            person.role = mention.duty
