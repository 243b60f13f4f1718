"""People named in an article: capitalised runs that are names, and what is stated for them."""

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

import regex as re

from .memberships import (
    ANY_UNIT,
    DUTY_AFTER,
    DUTY_BEFORE,
    ITS_ROLE_BEFORE,
    LEAD_DUTY,
    RANK_I,
    SAME_UNIT,
    SERVICE_BEFORE,
    UNIT_AFTER,
    UNIT_BEFORE,
    UNIT_LATER,
    UNIT_OWNED,
    UNIT_OWNED_BEFORE,
    UNIT_POSSESSED,
    UNIT_ROLE_BEFORE,
)
from .places import is_country, is_demonym, is_place
from .ranks import ROLE, duty_name, leading_rank, rank_before, rank_title
from .speech import MASK, SPEECH_VERB, SentenceStarts
from .text import TITLE_ABBREVIATIONS
from .units import SERVICE, UNIT_NOUNS, StatedUnits, unit_key

# Words that start capitalised word runs without being part of a name.
_STOP = set(
    "The A An In On At Of For But And Or As If When While After Before It Its This That These "
    "Those He She They We I You His Her Their Our My Your One Two Three Four Five Six Seven "
    "Eight Nine Ten Another Some Many Most More Now Then Yet So Not No Yes Also There Here "
    "What Who Why How Where Which Meanwhile Lastly Finally Later Earlier Yesterday Today "
    "Tomorrow Speaking Asked According Last Next Every Each All Both Neither Either".split()
)
_TITLES = set(
    "Mr Mrs Ms Miss Dr Prof President General Gen Colonel Col Lieutenant Lt Major Maj Captain "
    "Capt Sergeant Sgt Private Pte Corporal Cpl Governor Minister Senator Sir Lord Lady King "
    "Queen Prince Princess Pope Mayor Chancellor Premier Commander Admiral Marshal Father "
    "Rev Judge".split()
)
# Titles that state no role: "Mr", "Dr".
CIVIL_TITLES = set("Mr Mrs Ms Miss Dr Sir Lord Lady Rev Father".split())
# Roles printed capitalised before a name, with what qualifies them ("Kharkiv Mayor Ihor
# Teren", "South African President X", "Kentucky Gov. X", "Chief Executive X"): the role and
# its qualifiers are no part of the name, and a run of them alone names nobody.
ROLE_TITLES = set(
    "Mayor President Minister Chairman Chairwoman Chair Chief Head Director Deputy Vice Acting "
    "Secretary Spokesman Spokeswoman Spokesperson Ambassador Envoy Governor Gov Sen Senator Rep "
    "Representative Justice Judge Prosecutor Attorney Coach Manager Observer Analyst "
    "Commissioner Inspector Detective Superintendent Supt Sheriff Constable Officer Commander "
    "Adviser Advisor Councillor Councilman Councilwoman Chancellor Premier CEO Founder "
    "Executive Leader Speaker Presenter Correspondent Journalist Reporter Editor Professor "
    "Ombudsman Ombudswoman Principal Dean Bishop Archbishop Imam Rabbi Chairperson "
    "Administrator Controller Auditor Treasurer Lawmaker MP Minister-President Det Insp DI DCI "
    "DS PC Coroner Magistrate Recorder Striker Midfielder Defender Goalkeeper Manager".split()
)


# A run holding one of these names a place, an organisation, a publication or a date (months
# that are also first names, April, May, June, August, are left out).
NOT_PERSON = set(
    "Service Agency News Council Ministry Department Office Committee Republic Region Oblast "
    "Province State States Union Nations Forces Army Navy Guard Police Party Times Post Press "
    "Mail Sun Telegraph Herald Journal Gazette Tribune Street Square Avenue Road City Town "
    "Village District County University College School Hospital Church Cross Appeal Fund "
    "Bank Company Group Corporation Network Channel Television Radio Institute Organisation "
    "Organization Association Federation Kingdom Airport Station Court Parliament Assembly "
    "Senate Congress Embassy Brigade Regiment Division Battalion Corps Fleet War Day Monday "
    "Tuesday Wednesday Thursday Friday Saturday Sunday January February March "
    "July September October November December North South East West Central Emergency "
    "Security Lane Drive River Island Islands Sea Ocean Centre Center Palace Cathedral Museum "
    "Stadium Harbour Facebook Twitter Instagram Telegram YouTube Online Weekly Daily Staff "
    "Headquarters Intelligence Guards Marines Troops Command Directorate Bureau Force "
    # companies, and what ministries and speeches are called
    "Corp Corporation Co Inc Ltd Plc LLC Holdings GmbH AG Industries Motors Airlines Bank "
    "Affairs Address Governance Development Resources Affair".split()
)

# Words that end the name of a unit, a service or a command, which a person's name may follow
# with no comma between.
_FORCE_WORDS = set(
    "Navy Force Forces Guard Guards Command Brigade Regiment Division Battalion Corps Fleet Army "
    "Marines Troops Staff Service Directorate Headquarters North South East West".split()
)

# Not after a letter and a full stop: "Censor.NET" holds no name "NET".
_TOKEN = re.compile(
    r"(?<![\p{L}\d])(?<!\p{L}\.)(?:\p{Lu}\p{Ll}+(?:-\p{L}+)*(?:['’]\p{Lu}\p{Ll}+)?|\p{Lu}\p{Ll}*\.?(?=\s))"
)
# Between two words of one name: a space, and perhaps particles (Ursula von Arnim).
_GAP = re.compile(
    r"[ \u00a0](?:(?:von|van|de|der|den|del|della|da|di|du|la|le|bin|al|ibn|dos)[ \u00a0])*"
)
_ABBREVIATED = frozenset(TITLE_ABBREVIATIONS.split("|"))
_POSSESSIVE = re.compile(r"['’]s?(?!\p{L})")


# Nouns that name what a person is, so that the words before a name can be kept as their
# description.
PERSON_NOUN = re.compile(
    r"(?:" + ROLE + r"|\b(?:master|minister|mayor|governor|official|adviser|advisor|secretary"
    r"|director|manager|analyst|expert|lawyer|prosecutor|judge|doctor|surgeon|nurse|teacher"
    r"|resident|witness|activist|volunteer|journalist|reporter|correspondent|ombudsman|envoy"
    r"|ambassador|diplomat|negotiator|coordinator|chair|chairman|chairwoman|president"
    r"|representative|deputy|lawmaker|mp|captain))$",
    re.IGNORECASE,
)


_SERVICE = re.compile(SERVICE)
_WORD_RUN = re.compile(r"\w+")
_NOT_BLANK = re.compile(r"\S")
_UNIT_NOUN_LIST = UNIT_NOUNS.split("|")


_ARTICLES = {"A", "An", "The", "One", "Another"}
# Nationality words without the usual endings (-ian, -ese, -ish, -ean, -ican).
_DEMONYMS = set(
    "Dutch French Greek Thai Swiss Czech Welsh Scots Arab Afghan Iraqi Israeli Pakistani "
    "Saudi Yemeni Somali Kazakh Uzbek Tajik Kyrgyz Chechen Moldovan Turk Filipino".split()
)
_ARTICLE_BEFORE = re.compile(
    r"\b(?:[Aa]n?|[Tt]he|[Oo]ne|[Aa]nother)(?P<words>(?:\s+[a-z][\w-]*){0,3})\s+$"
)


# An unnamed speaker quoted or introduced: "one soldier said", "said a captured pilot",
# "Another soldier, who ..., told".
_UNNAMED_SPEAKER = re.compile(
    r"\b(?:[Oo]ne|[Aa]nother|[Aa]n?)(?:[ \u00a0]+[\w-]+){1,4}(?:,[^,.\n]*,)?\s+"
    + SPEECH_VERB.pattern
    + r"|\b(?:said|says|added|adds|explained|recalled|admitted|continued)\s+"
    r"(?:one|another|a|an)\s+[a-z]"
)


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


# Slavic case endings printed on a transliterated surname: genitive -a, dative -u/-ovi/-evi,
# instrumental -om/-em (Marchuk: Marchuka, Marchuku, Marchukom, Marchukovi).
_CASE_ENDINGS = ("a", "u", "om", "em", "ovi", "evi")


_DOUBLED = re.compile(r"(.)\1+")
_THE = re.compile(r"^[Tt]he\s+")
_NAMES_SOMETHING = re.compile(r"[\p{Lu}\d]")


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


@dataclass
class Mention:
    """A capitalised run that names a person, as printed."""

    start: int
    end: int
    tokens: list[str]  # the name without a title: ["Oleg", "Timofeevich"]
    printed: str  # as printed, title included: "Mr Timofeevich"
    titled: bool = False
    possessive: bool = False
    name: str = ""  # the name without a title, particles kept: "Ursula von Arnim"
    person: int | None = None  # index into Names.people once resolved
    unit: str = ""  # a unit printed right after the name, as printed
    role: str = ""  # an appositive role printed with the unit: "a radio operator"
    rank: str = ""  # a military rank printed before the name or in its apposition
    duty: str = ""  # what the person does, from an apposition: "deputy commander"
    place: bool = False  # a lone word that is also a place's name: "Kyiv", "Jackson"
    common: bool = False  # a capitalised noun after an article: "a captured Russian Soldier"
    heads: str = ""  # the administration the person heads: "regional", "city"


@dataclass
class Person:
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
        self.people: list[Person] = []
        self.mentions: list[Mention] = []
        # Lower-case titles read before names by the attributor, by mention start.
        self.titles: dict[int, str] = {}
        self.sentences = SentenceStarts(text)
        self._words: set[str] | None = None  # the text's words, for has_word()
        self._has_word: dict[str, bool] = {}
        self._units_found: list[tuple[int, str]] | None = None  # every unit stated, in order
        self._units_ending: dict[str, tuple[list[int], list[str]]] = {}  # for stated()
        self._stated_units: StatedUnits | None = None
        self._by_token: dict[str, list[int]] = {}  # people with each name token, in order
        self._by_spelling: dict[str, list[int]] = {}  # ... by the token's spelling folded
        for index, (ps, pe) in enumerate(paras):
            if index not in skip:
                self.mentions.extend(self._runs(ps, pe))
        # A lone place name is no person, unless it is the surname of someone named in full.
        full = {t for m in self.mentions if len(m.tokens) > 1 and not m.common for t in m.tokens}
        # Nor is a word of a service's or command's name: "operational-tactical group Dniester".
        services = [m.span() for m in _SERVICE.finditer(text)]
        service_starts = [s for s, _ in services]

        def in_service(m: Mention) -> bool:
            # Services' spans do not overlap: only the last one starting at or before the
            # mention can hold it.
            i = bisect_right(service_starts, m.start) - 1
            return i >= 0 and m.end <= services[i][1]

        # Nor the outlet's own name: "Frontline Dispatch reports", "NET" of "Censor.NET".
        printer = {w.lower() for w in _WORD_RUN.findall(outlet)}
        self.mentions = [
            m
            for m in self.mentions
            if not (printer and {t.lower() for t in m.tokens} <= printer)
            and (not m.place or m.tokens[0] in full)
            and (not m.common or m.tokens[-1] in full)
            and not in_service(m)
        ]
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
        # Mentions by start and by name, for mentions_in(), covers() and person_for().
        self._ordered = sorted(range(len(self.mentions)), key=lambda i: self.mentions[i].start)
        self._starts = [self.mentions[i].start for i in self._ordered]
        self._reach = []  # the furthest end of the mentions starting so far, in that order
        for i in self._ordered:
            self._reach.append(max(self._reach[-1] if self._reach else 0, self.mentions[i].end))
        self._by_name: dict[str, list[Mention]] = {}
        for mention in self.mentions:
            self._by_name.setdefault(mention.name, []).append(mention)
        self._units()

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
            if mention.person is None or not PERSON_NOUN.search(title):
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

    def _runs(self, ps: int, pe: int) -> list[Mention]:
        """Capitalised runs in one paragraph that can be people's names."""
        text = self.text
        out = []
        run: list[re.Match] = []

        def flush():
            if run:
                out.extend(self._mention(run))
            run.clear()

        pos = ps
        for match in _TOKEN.finditer(text, ps, pe):
            gap = text[pos : match.start()]
            if run and gap[:1] == "." and run[-1].group() in _ABBREVIATED:
                gap = gap[1:]  # "Kentucky Gov. Ann Bolsh" is one run
            if run and not _GAP.fullmatch(gap):
                flush()
            run.append(match)
            pos = match.end()
            if _POSSESSIVE.match(text, pos):
                flush()
        flush()
        return out

    def _mention(self, run) -> list[Mention]:
        tokens = [m.group().rstrip(".") for m in run]
        last = max((i for i, t in enumerate(tokens) if t in NOT_PERSON), default=-1)
        if last >= 0 and tokens[last] in _FORCE_WORDS and len(tokens) - last > 2:
            # "the speaker of the Navy Ivan Petrenko": a unit's name glued to a person's.
            run, tokens = run[last + 1 :], tokens[last + 1 :]
        if any(t in NOT_PERSON for t in tokens):
            return []
        first = run[0]
        if self.sentences.start(first.start(), 0) == first.start() and len(tokens) > 1:
            word = tokens[0]
            common = self.has_word(word.lower())
            titled = word in _TITLES or leading_rank(word)
            if word.endswith(("ing", "ed", "ly")) or (common and not titled):
                run = run[1:]
                tokens = tokens[1:]
        out = []
        part: list[int] = []
        for i, token in enumerate(tokens + ["The"]):
            if token in _STOP or token.endswith("ians") or i == len(tokens):
                if part:
                    out.append(self._make(run, part))
                part = []
            else:
                part.append(i)
        return [m for m in out if m is not None]

    def _make(self, run, part: list[int]) -> Mention | None:
        text = self.text
        names = [run[i].group().rstrip(".") for i in part]
        if len(names) == 1 and is_demonym(names[0]):
            return None  # "Russian claims": a nationality, not someone called Russian
        # A country glued to the name ("Ukraine Serhii Kovalenkyi") is no part of it.
        lead = 0
        while len(names) - lead > 2 and is_country(names[lead]):
            lead += 1
        start, end = run[part[lead]].start(), run[part[-1]].end()
        # A rank of one or more words ("Senior Lieutenant", "Colonel-General"), then titles.
        rank = leading_rank(text[start:end])
        rank_end = start + len(rank)
        titled = lead
        if rank:
            while titled < len(names) and run[part[titled]].end() <= rank_end + 1:
                titled += 1
        # A rank the name's run does not hold, or holds only the end of: "Maj. Gen. X",
        # "Captain 2nd Rank X" (whose "Rank" would otherwise start the name), "L/Cpl X" (whose
        # run starts at "Cpl").
        floor = max(0, start - 40)
        for k in range(len(names) - 1, lead - 1, -1):
            before = rank_before(text[floor : run[part[k]].start()])
            if before and floor + before.start() < start + (not rank):
                rank = " ".join(before.group().split())
                start, rank_end, titled = floor + before.start(), floor + before.end(), k
                break
        civil = titled
        while titled < len(names) and names[titled] in _TITLES:
            titled += 1
        while civil < titled and names[civil] in CIVIL_TITLES:
            civil += 1
        # "President X", "Mr Justice X": the role it states ("the president", "the judge").
        duty = " ".join(names[civil:titled])
        roles = [i for i in range(titled, len(names) - 1) if names[i] in ROLE_TITLES]
        if roles:
            # "Kharkiv Mayor Ihor Teren": the role with its qualifiers stays out of the name.
            duty = " ".join(text[run[part[civil]].start() : run[part[roles[-1]]].end()].split())
            titled = roles[-1] + 1
        rest = names[titled:]
        if not rest or all(w in ROLE_TITLES or w in _TITLES or is_demonym(w) for w in rest):
            return None  # "Deputy Commander", "Ukrainian Deputy Minister": a role, no name
        possessive = bool(_POSSESSIVE.match(text, end))
        name = " ".join(text[run[part[titled]].start() : end].split())
        bare = titled == lead and not rank
        if bare and len(names) - lead > 1 and is_place(name):
            return None
        # Aliases keep a civil title ("Mr Alekseevich") but never a rank.
        printed = text[rank_end:end].strip() if rank else text[start:end]
        if duty:
            printed = " ".join(text[run[part[titled]].start() : end].split())
        mention = Mention(start, end, names[titled:], printed, not bare, possessive, name)
        mention.rank = rank
        mention.duty = duty
        mention.place = bare and is_place(name)
        mention.common = self._noun_phrase(run, part, names[titled:])
        return mention

    def _noun_phrase(self, run, part: list[int], names: list[str]) -> bool:
        """A run after an article ('A Captured Russian Soldier Said', 'a captured Russian
        Soldier', 'The Pilot') holding at most one word that could be a name: a capitalised
        common noun, not a person. 'the spokesman Peskov' keeps its name."""
        first = part[0]
        if first > 0:
            after_article = run[first - 1].group() in _ARTICLES
        else:
            before = self.text[max(0, run[0].start() - 60) : run[0].start()]
            match = _ARTICLE_BEFORE.search(before)
            after_article = bool(match) and not any(
                PERSON_NOUN.search(w) for w in match.group("words").split()
            )
        if not after_article:
            return False
        nameish = [
            w
            for w in names
            if not w.endswith(("ed", "ing", "ian", "ican", "ean", "ese", "ish"))
            and w not in _DEMONYMS
            and not SPEECH_VERB.fullmatch(w.lower())
            and w not in _TITLES
            and not leading_rank(w)
        ]
        return len(nameish) <= 1 or bool(SPEECH_VERB.fullmatch(names[-1]))

    def _units(self) -> None:
        """Units, ranks and roles stated for a person: in an apposition after the name
        ("X, a lieutenant colonel and deputy commander of the 47th Aviation Regiment,"), before
        it ("deputy commander of Russia's 47th aviation regiment, Lieutenant Colonel X"), or in
        a later sentence about them ("He serves in the 12th Brigade")."""
        text = self.text
        # The last unit stated so far, and the last of each kind ("brigade"), for "the same".
        seen = {}

        def state(unit: str) -> None:
            seen["unit"] = unit
            for noun in _UNIT_NOUN_LIST:
                if unit.lower().endswith(noun):
                    seen[noun] = unit

        ordered = [self.mentions[i] for i in self._ordered]
        for mention in ordered:
            if mention.possessive:
                # "X's Vostok battalion": the unit is theirs.
                match = UNIT_POSSESSED.match(text, mention.end)
                if match:
                    mention.unit = self._named(match, "unit")
                    state(mention.unit)
                continue
            heads = _HEADS_AFTER.match(text, mention.end) or _HEADS_BEFORE.search(
                text, max(0, mention.start - 120), mention.start
            )
            if heads:
                mention.heads = "city" if heads.group("level").lower() == "city" else "regional"
            match = UNIT_AFTER.match(text, mention.end)
            if match:
                mention.unit = self._named(match, "unit")
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
                state(mention.unit)
                continue
            match = (
                UNIT_BEFORE.search(text, max(0, mention.start - 200), mention.start)
                or SERVICE_BEFORE.search(text, max(0, mention.start - 80), mention.start)
                or UNIT_ROLE_BEFORE.search(text, max(0, mention.start - 120), mention.start)
            )
            if match:
                mention.unit = self._named(match, "unit")
                duty = " ".join(match.group("duty").split())
                if leading_rank(duty).strip() == duty:
                    mention.rank = mention.rank or rank_title(duty)  # "sergeant of the ..."
                else:
                    mention.duty = duty_name(duty)
                state(mention.unit)
                continue
            match = UNIT_OWNED.match(text, mention.end) or UNIT_OWNED_BEFORE.search(
                text, max(0, mention.start - 120), mention.start
            )
            if match:
                mention.duty = " ".join(match.group("duty").split())
                mention.unit = self.stated(match.group("noun"), mention.start)
                if mention.unit:
                    state(mention.unit)
                continue
            match = ITS_ROLE_BEFORE.search(text, max(0, mention.start - 60), mention.start)
            if match:
                # "Its spokesman, Captain X": the unit the text named last.
                mention.duty = duty_name(match.group("duty"))
                mention.unit = self.stated("unit", mention.start)
                if mention.unit:
                    state(mention.unit)
                continue
            match = SAME_UNIT.match(text, mention.end)
            if match:
                # The last unit stated of that kind ("the same brigade": the last brigade
                # stated for someone, or else the last stated at all).
                noun = match.group("noun").lower()
                mention.unit = seen.get(noun) or self.stated(noun, mention.start)
        for mention in ordered:
            if not mention.duty and not mention.possessive:
                match = DUTY_AFTER.match(text, mention.end) or DUTY_BEFORE.search(
                    text, max(0, mention.start - 120), mention.start
                )
                if match:
                    mention.duty = duty_name(match.group("duty"))
                    continue
                # "informed the city head Taras Kovalchuk": a role in lower case before it.
                lower = _LOWER_TITLE.search(text, max(0, mention.start - 60), mention.start)
                if lower and PERSON_NOUN.search(lower.group("title").rstrip()):
                    mention.duty = " ".join(lower.group("title").split())
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

    def _named(self, match, group: str | int = 0) -> str:
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
            name = self._named(match)
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
            found = ((m.start(), self._named(m)) for m in ANY_UNIT.finditer(self.text))
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

    def fullest_unit(self, unit: str) -> str:
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

    def add_unit(self, person: Person, unit: str) -> None:
        """Gives `person` the unit in the fullest form the article prints it in, so that '21st
        Marine Brigade' after '21st Separate Marine Brigade' keeps the full name."""
        if self._stated_units is None:
            self._stated_units = StatedUnits([name for _, name in self._units_stated()])
        unit = _THE.sub("", self._stated_units.fullest(unit))
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
