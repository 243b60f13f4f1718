"""Mentions: the capitalised runs of a paragraph that can be people's names, with the rank and
titles printed before them (which people they name is people.py's to decide)."""

from dataclasses import dataclass

import regex as re

from . import cyrillic
from .cyrillic import is_cyrillic
from .places import is_country, is_demonym, is_place
from .ranks import ROLE, leading_rank, rank_before
from .speech import SPEECH_VERB
from .text import TITLE_ABBREVIATIONS

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


_ARTICLES = {"A", "An", "The", "One", "Another"}
# Nationality words without the usual endings (-ian, -ese, -ish, -ean, -ican).
_DEMONYMS = set(
    "Dutch French Greek Thai Swiss Czech Welsh Scots Arab Afghan Iraqi Israeli Pakistani "
    "Saudi Yemeni Somali Kazakh Uzbek Tajik Kyrgyz Chechen Moldovan Turk Filipino".split()
)
_ARTICLE_BEFORE = re.compile(
    r"\b(?:[Aa]n?|[Tt]he|[Oo]ne|[Aa]nother)(?P<words>(?:\s+[a-z][\w-]*){0,3})\s+$"
)


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


class MentionReader:
    """Reads the mentions in a text's paragraphs: `sentences` says where a sentence starts (a
    run's first word may be capitalised only for that), `has_word(word)` whether the text
    prints a word in lower case too."""

    def __init__(self, text: str, sentences, has_word, language: str = ""):
        self.text = text
        self.sentences = sentences
        self.has_word = has_word
        self.language = language  # "ru" or "uk" for Cyrillic text: names are declined

    def read(self, ps: int, pe: int) -> list[Mention]:
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
        if self.language and is_cyrillic(run[0].group()):
            return self._cyrillic(run)
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

    def _cyrillic(self, run) -> list[Mention]:
        """A run of Cyrillic words: the words that cannot be part of a name dropped from its
        start (a word no person is called, "Нагадаємо", "Повітряних", a place before a name,
        "голова Стрия Тарас X"; a common noun opening the sentence, "Бійці"), the rest
        brought to the nominative."""
        language = self.language
        at_start = self.sentences.start(run[0].start(), 0) == run[0].start()
        kinds = [cyrillic.name_kind(m.group(), language) for m in run] + [""]
        first = 0
        # A known word that is no name goes before a given name ("Стрия Тарас X"), or opens
        # the sentence without a surname after it ("Бійці", but "Богдан X").
        while kinds[first] == "none" or (
            kinds[first] == "other"
            and (kinds[first + 1] == "given" or (at_start and kinds[first + 1] != "surname"))
        ):
            first += 1
        run = run[first:]
        tokens = [m.group() for m in run]
        if not run or any(t in NOT_PERSON or cyrillic.is_role(t, language) for t in tokens):
            return []
        start, end = run[0].start(), run[-1].end()
        nominal = cyrillic.nominative(tokens, language)
        name = " ".join(nominal)
        return [Mention(start, end, nominal, name, False, False, name)]

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
