"""People named in an article: capitalised runs that are names, and what is stated for them."""

from dataclasses import dataclass, field

import regex as re

from .memberships import (
    ANY_UNIT,
    LEAD_DUTY,
    RANK_I,
    SAME_UNIT,
    SERVICE_BEFORE,
    UNIT_AFTER,
    UNIT_BEFORE,
    UNIT_LATER,
    UNIT_OWNED,
    UNIT_OWNED_BEFORE,
)
from .places import is_country, is_demonym, is_place
from .ranks import ROLE, duty_name, leading_rank, rank_before, rank_title
from .speech import SPEECH_VERB, sentence_start
from .units import SERVICE, fullest

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
    "Headquarters Intelligence Guards Marines Troops Command Directorate Bureau Force".split()
)

# Words that end the name of a unit, a service or a command, which a person's name may follow
# with no comma between.
_FORCE_WORDS = set(
    "Navy Force Forces Guard Guards Command Brigade Regiment Division Battalion Corps Fleet Army "
    "Marines Troops Staff Service Directorate Headquarters North South East West".split()
)

_TOKEN = re.compile(
    r"(?<![\p{L}\d])(?:\p{Lu}\p{Ll}+(?:-\p{L}+)*(?:['’]\p{Lu}\p{Ll}+)?|\p{Lu}\p{Ll}*\.?(?=\s))"
)
# Between two words of one name: a space, and perhaps particles (Ursula von Arnim).
_GAP = re.compile(
    r"[ \u00a0](?:(?:von|van|de|der|den|del|della|da|di|du|la|le|bin|al|ibn|dos)[ \u00a0])*"
)
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


def inflects(token: str, name: str) -> bool:
    """Whether `token` is `name` with a case ending: 'Marchuka' and 'Marchuku' of 'Marchuk',
    'Shevchenka' and 'Shevchenkom' of 'Shevchenko'."""
    if len(name) < 4 or token == name or not token.startswith(name[:3]):
        return False
    stem = name[:-1] if name[-1] in "aeiouy" else name
    return any(token == stem + ending for ending in _CASE_ENDINGS if stem + ending != name)


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


class Names:
    """People named in an article, with the shorter forms that refer back to them."""

    def __init__(self, text: str, paras, skip: set[int]):
        self.text = text
        self.people: list[Person] = []
        self.mentions: list[Mention] = []
        # Lower-case titles read before names by the attributor, by mention start.
        self.titles: dict[int, str] = {}
        self._stated_units: list[str] | None = None  # every unit the article states, in order
        for index, (ps, pe) in enumerate(paras):
            if index not in skip:
                self.mentions.extend(self._runs(ps, pe))
        # A lone place name is no person, unless it is the surname of someone named in full.
        full = {t for m in self.mentions if len(m.tokens) > 1 and not m.common for t in m.tokens}
        # Nor is a word of a service's or command's name: "operational-tactical group Dniester".
        services = [m.span() for m in _SERVICE.finditer(text)]
        self.mentions = [
            m
            for m in self.mentions
            if (not m.place or m.tokens[0] in full)
            and (not m.common or m.tokens[-1] in full)
            and not any(s <= m.start and m.end <= e for s, e in services)
        ]
        for mention in sorted(self.mentions, key=lambda m: -len(m.tokens)):
            if len(mention.tokens) >= 2:
                mention.person = self._cluster(mention)
        for mention in self.mentions:
            if mention.person is None:
                mention.person = self.resolve(mention.tokens[0], mention.start)
            if mention.person is None and mention.titled:
                mention.person = self._new(mention)
        # A lone name printed before the titled form that made it a person ("according to
        # Marchuk, ..." then "Major Marchuk said") is that person too.
        for mention in self.mentions:
            if mention.person is None:
                mention.person = self.resolve(mention.tokens[0], mention.start)
        # A lone unknown word stays unresolved (person None): it is a person only where it is
        # the subject of a speech verb ("Smith said"), decided when attributions are read.
        for mention in self.mentions:
            if mention.person is not None:
                self._alias(mention)
        self._units()

    def _new(self, mention: Mention) -> int:
        self.people.append(Person(mention.name, set(mention.tokens)))
        return len(self.people) - 1

    def _cluster(self, mention: Mention) -> int:
        tokens = set(mention.tokens)
        for index, person in enumerate(self.people):
            if tokens <= person.tokens:
                return index
        return self._new(mention)

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
            for index, person in enumerate(self.people):
                if token in person.tokens:
                    return index
            # "according to Marchuka" after "Marchuk said": a case ending on a known name.
            for index in reversed(range(len(self.people))):
                if any(inflects(token, name) for name in self.people[index].tokens):
                    return index
        return best

    def person_for(self, mention: Mention) -> int:
        """The person a mention names, made a person now if it was a lone unknown word."""
        if mention.person is None:
            same = [m for m in self.mentions if m.person is None and m.name == mention.name]
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
            if run and not _GAP.fullmatch(text[pos : match.start()]):
                flush()
            run.append(match)
            pos = match.end()
            if _POSSESSIVE.match(text, pos):
                flush()
        flush()
        return out

    def _mention(self, run) -> list[Mention]:
        text = self.text
        tokens = [m.group().rstrip(".") for m in run]
        last = max((i for i, t in enumerate(tokens) if t in NOT_PERSON), default=-1)
        if last >= 0 and tokens[last] in _FORCE_WORDS and len(tokens) - last > 2:
            # "the speaker of the Navy Ivan Petrenko": a unit's name glued to a person's.
            run, tokens = run[last + 1 :], tokens[last + 1 :]
        if any(t in NOT_PERSON for t in tokens):
            return []
        first = run[0]
        if sentence_start(text, first.start(), 0) == first.start() and len(tokens) > 1:
            word = tokens[0]
            common = re.search(r"\b" + re.escape(word.lower()) + r"\b", text)
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
        while titled < len(names) and names[titled] in _TITLES:
            titled += 1
        if titled == len(names):
            return None
        possessive = bool(_POSSESSIVE.match(text, end))
        name = " ".join(text[run[part[titled]].start() : end].split())
        bare = titled == lead and not rank
        if bare and len(names) - lead > 1 and is_place(name):
            return None
        # Aliases keep a civil title ("Mr Alekseevich") but never a rank.
        printed = text[rank_end:end].strip() if rank else text[start:end]
        mention = Mention(start, end, names[titled:], printed, not bare, possessive, name)
        mention.rank = rank
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
        seen: list[str] = []  # units stated so far, in order
        ordered = sorted(self.mentions, key=lambda m: m.start)
        for mention in ordered:
            if mention.possessive:
                continue
            heads = _HEADS_AFTER.match(text, mention.end) or _HEADS_BEFORE.search(
                text, max(0, mention.start - 120), mention.start
            )
            if heads:
                mention.heads = "city" if heads.group("level").lower() == "city" else "regional"
            match = UNIT_AFTER.match(text, mention.end)
            if match:
                mention.unit = " ".join(match.group("unit").split())
                mention.role = " ".join((match.group("role") or "").split())
                mention.duty = duty_name(match.group("duty") or "")
                if match.group("leads"):
                    part = " ".join(match.group("part").split())
                    head = match.group("leads").startswith("head")
                    mention.duty = f"head of the {part}" if head else f"{part} commander"
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
                seen.append(mention.unit)
                continue
            match = UNIT_BEFORE.search(
                text, max(0, mention.start - 200), mention.start
            ) or SERVICE_BEFORE.search(text, max(0, mention.start - 80), mention.start)
            if match:
                mention.unit = " ".join(match.group("unit").split())
                mention.duty = duty_name(match.group("duty"))
                seen.append(mention.unit)
                continue
            match = UNIT_OWNED.match(text, mention.end) or UNIT_OWNED_BEFORE.search(
                text, max(0, mention.start - 120), mention.start
            )
            if match:
                mention.duty = " ".join(match.group("duty").split())
                mention.unit = self.stated(match.group("noun"), mention.start)
                if mention.unit:
                    seen.append(mention.unit)
                continue
            match = SAME_UNIT.match(text, mention.end)
            if match:
                # The last unit stated of that kind ("the same brigade": the last brigade
                # stated for someone, or else the last stated at all).
                noun = match.group("noun").lower()
                same = [u for u in seen if noun == "unit" or u.lower().endswith(noun)]
                mention.unit = same[-1] if same else self.stated(noun, mention.start)
        for mention in self.mentions:
            if mention.person is not None:
                self.give_unit(mention)
        # "He serves in the 12th Brigade.", "His unit, the 5th Tank Brigade, ...": the person
        # named last before, in that paragraph or the one before.
        for match in UNIT_LATER.finditer(text):
            this_line = text.rfind("\n", 0, match.start())
            line_start = text.rfind("\n", 0, this_line) if this_line > 0 else -1
            before = [
                m
                for m in ordered
                if line_start < m.start < match.start()
                and m.person is not None
                and not m.possessive
            ]
            if not before:
                continue
            if _UNNAMED_SPEAKER.search(text, before[-1].end, match.start()):
                continue  # "one soldier said" in between: "he" may be that soldier
            person = self.people[before[-1].person]
            self.add_unit(person, " ".join(match.group("unit").split()))
            if match.group("duty") and not person.role:
                person.role = " ".join(match.group("duty").split())
            if match.group("rank") and not person.rank:
                person.rank = rank_title(" ".join(match.group("rank").split()))

    def stated(self, noun: str, pos: int) -> str:
        """The last unit stated before `pos` whose name ends with `noun` ('brigade'; 'unit'
        for any), as printed, or ''. A unit an article cites as a source counts too."""
        noun = noun.lower()
        found = ""
        for match in ANY_UNIT.finditer(self.text, 0, pos):
            name = " ".join(match.group().split())
            # "The Brigade" at a sentence's start is no unit's name.
            named = re.search(r"\d", name) or len(name.split()) > 2 or not name.startswith("The")
            if named and (noun == "unit" or name.lower().rstrip("s").endswith(noun)):
                found = name
        return found

    def add_unit(self, person: Person, unit: str) -> None:
        """Gives `person` the unit in the fullest form the article prints it in, so that '21st
        Marine Brigade' after '21st Separate Marine Brigade' keeps the full name."""
        if self._stated_units is None:
            self._stated_units = [" ".join(m.group().split()) for m in ANY_UNIT.finditer(self.text)]
        unit = fullest(unit, self._stated_units)
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
