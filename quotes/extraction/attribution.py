"""Who said it: names, pronouns and unnamed speakers around quotations, and their units."""

from dataclasses import dataclass, field

import regex as re

from .units import UNIT, UNIT_NOUNS

MASK = "\x01"  # stands in for quoted text, so that names inside quotations are never speakers

SPEECH_VERB = re.compile(
    r"\b(?:said|says|say|told|tells|added|adds|adding|urged|urges|pleaded|pleads|pleading"
    r"|asked|asks|insisted|insists|warned|warns|explained|explains|claimed|claims|stated"
    r"|states|continued|continues|went\s+on|goes\s+on|vowed|vows|declared|declares|replied"
    r"|replies|admitted|admits|recalled|recalls|wrote|writes|shouted|begged|begs|demanded"
    r"|noted|notes|remarked|announced|announces|confirmed|revealed|reported|reports"
    r"|saying|telling|stressed|argued|argues|agreed|conceded|cautioned|sobbed|whispered"
    r"|according\s+to)\b"
)

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
_NOT_PERSON = set(
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
    "Stadium Harbour Facebook Twitter Instagram Telegram YouTube Online Weekly Daily".split()
)

_TOKEN = re.compile(r"\p{Lu}\p{Ll}+(?:-\p{L}+)*(?:['’]\p{Lu}\p{Ll}+)?|\p{Lu}\p{Ll}*\.?(?=\s)")
# Between two words of one name: a space, and perhaps particles (Ursula von Arnim).
_GAP = re.compile(
    r"[ \u00a0](?:(?:von|van|de|der|den|del|della|da|di|du|la|le|bin|al|ibn|dos)[ \u00a0])*"
)
_POSSESSIVE = re.compile(r"['’]s?(?!\p{L})")
_PRONOUN = re.compile(r"\b([Hh]e|[Ss]he)\b(?:\s+[a-z]+ly|\s+also|\s+then|\s+later)?\s*,?\s*$")
_PREPOSITION = r"(?:of|for|from|at|in|with|to)"
# "one soldier", "the captured soldier", "a spokesperson for the agency": an unnamed speaker.
_DESCRIPTOR = re.compile(
    r"\b((?:[Oo]ne|[Aa]nother|[Aa]n?|[Tt]he|[Tt]his|[Tt]hat)"
    r"(?:[ \u00a0]+(?!" + _PREPOSITION + r"\b)(?:[a-z][\w-]*|\p{Lu}\p{Ll}+ians?|\d[\w-]*)){0,3}"
    r"(?:[ \u00a0]+" + _PREPOSITION + r"(?:[ \u00a0]+(?:the|a|an|his|her|their))?"
    r"(?:[ \u00a0]+[\p{L}\d][\w'-]*){1,3})?)"
    r"(?:\s+(?:also|then|later|again|had|has|have|was|were|\w+ly))?\s*,?\s*$"
)
# Heads of speech-verb subjects that are not one person: documents, bodies, groups.
_NOT_ONE_PERSON = set(
    "report statement study survey video footage document documents letter ministry government "
    "agency office army military command council committee court newspaper paper website post "
    "message note decree order plan data figures analysis channel source sources people men "
    "women children police crew staff team group family".split()
)


# A sentence that opens with a role before the name ("Harbour master Ilse Vantongeren
# said", "Defence minister Ana Ruiz visited") is about that person: a few words, none of
# them a preposition or verb that would make the name an object.
_ROLE_PREFIX = re.compile(
    r"(?:(?!(?:of|to|by|with|for|from|at|in|on|about|against|and|but|than)\b)"
    r"[A-Za-z][\w'’-]*(?<!ed)(?<!ing)\s+){1,4}"
)


def head_noun(description: str) -> str:
    """'a spokesperson for the agency' -> 'spokesperson'."""
    before = re.split(r"\s" + _PREPOSITION + r"\s", description)[0]
    return before.split()[-1].lower()


def _one_person(description: str) -> bool:
    head = head_noun(description)
    if head == "another":
        return True
    plural = head.endswith("s") and not head.endswith(("ss", "us", "is"))
    return not plural and head not in _NOT_ONE_PERSON


# Ends before its closing comma, so that ", 61, whose house ..., said" hides both clauses.
_APPOSITIVE = re.compile(r",\s*(?:who|which|whose|a|an|the|aged|himself|herself|\d+)\b[^,]*(?=,)")
_SENTENCE_START = re.compile(r"(?:[.!?\u2026]['\"’”]?\s+|\n|^)(?=\S)")


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


@dataclass
class Person:
    name: str
    tokens: set[str]
    aliases: list[str] = field(default_factory=list)
    units: list[str] = field(default_factory=list)
    description: str = ""


@dataclass
class Entity:
    """Who a quotation is pinned on: a named person (index) or an unnamed speaker (description)."""

    person: int | None = None
    description: str = ""
    ident: int = 0  # distinguishes unnamed speakers with the same words

    @property
    def key(self):
        return ("person", self.person) if self.person is not None else ("unnamed", self.ident)


def mask(body: str, spans) -> str:
    """`body` with every quotation, marks included, replaced by MASK (line breaks kept)."""
    chars = list(body)
    for span in spans:
        for i in range(span.opened, span.closed):
            if chars[i] != "\n":
                chars[i] = MASK
    return "".join(chars)


def _sentence_start(text: str, pos: int, floor: int) -> int:
    start = floor
    # One character past `pos`, so that a sentence starting right at `pos` is seen.
    for match in _SENTENCE_START.finditer(text, floor, min(pos + 1, len(text))):
        if match.end() <= pos and not re.search(
            r"\b(?:Mr|Mrs|Ms|Dr|St)\.\s*$", text[max(0, match.end() - 8) : match.end()]
        ):
            start = match.end()
    return start


class Names:
    """People named in an article, with the shorter forms that refer back to them."""

    def __init__(self, text: str, paras, skip: set[int]):
        self.text = text
        self.people: list[Person] = []
        self.mentions: list[Mention] = []
        for index, (ps, pe) in enumerate(paras):
            if index not in skip:
                self.mentions.extend(self._runs(ps, pe))
        for mention in sorted(self.mentions, key=lambda m: -len(m.tokens)):
            if len(mention.tokens) >= 2:
                mention.person = self._cluster(mention)
        for mention in self.mentions:
            if mention.person is None:
                mention.person = self.resolve(mention.tokens[0], mention.start)
            if mention.person is None and mention.titled:
                mention.person = self._new(mention)
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
        printed = " ".join(mention.printed.split())
        if printed != person.name and printed not in person.aliases:
            person.aliases.append(printed)

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
        return best

    def person_for(self, mention: Mention) -> int:
        """The person a mention names, made a person now if it was a lone unknown word."""
        if mention.person is None:
            same = [m for m in self.mentions if m.person is None and m.name == mention.name]
            mention.person = self._new(mention)
            for other in same:
                other.person = mention.person
                self._alias(other)
                self._give_unit(other)
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
        if any(t in _NOT_PERSON for t in tokens):
            return []
        first = run[0]
        if _sentence_start(text, first.start(), 0) == first.start() and len(tokens) > 1:
            word = tokens[0]
            common = re.search(r"\b" + re.escape(word.lower()) + r"\b", text)
            if word.endswith(("ing", "ed", "ly")) or common:
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
        titled = 0
        while titled < len(names) and names[titled] in _TITLES:
            titled += 1
        if titled == len(names):
            return None
        start, end = run[part[0]].start(), run[part[-1]].end()
        possessive = bool(_POSSESSIVE.match(text, end))
        name = " ".join(text[run[part[titled]].start() : end].split())
        return Mention(start, end, names[titled:], text[start:end], titled > 0, possessive, name)

    def _units(self) -> None:
        """Units (and an appositive role) printed right after a person's name."""
        text = self.text
        seen: list[str] = []  # units stated so far, in order
        role = r",\s*(?P<role>(?:a|an)\s+[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:of|from|in|with)\s+"
        served = r",?\s*who\s+(?:served|serves|fought|fights|was|is)\s+(?:with|in)\s+"
        patterns = [
            re.compile(
                r"\s*(?:" + role + r"|" + served + r"|,?\s*(?:of|from)\s+)(?:the\s+)?"
                r"(?P<unit>" + UNIT + r")"
            ),
            # "who served with the same unit", "who commands a company of the same brigade":
            # the same unit as the one stated before.
            re.compile(
                r"\s*,?\s*(?:who\s+[^,.;:\n]*?\s+)?(?:of|with|in|from)\s+the\s+same\s+"
                r"(?P<noun>" + UNIT_NOUNS + r")\b"
            ),
        ]
        for mention in sorted(self.mentions, key=lambda m: m.start):
            if mention.possessive:
                continue
            match = patterns[0].match(text, mention.end)
            if match:
                mention.unit = " ".join(match.group("unit").split())
                mention.role = match.group("role") or ""
                seen.append(mention.unit)
                continue
            match = patterns[1].match(text, mention.end)
            if match:
                # The last unit stated of that kind ("the same brigade": the last brigade).
                noun = match.group("noun").lower()
                same = [u for u in seen if noun == "unit" or u.lower().endswith(noun)]
                if same:
                    mention.unit = same[-1]
        for mention in self.mentions:
            if mention.person is not None:
                self._give_unit(mention)

    def _give_unit(self, mention: Mention) -> None:
        person = self.people[mention.person]
        if mention.unit and mention.unit not in person.units:
            person.units.append(mention.unit)
        if mention.role and not person.description:
            person.description = mention.role


@dataclass
class Found:
    """An attribution: who, the words as printed, and where its subject was read."""

    kind: str  # "name", "pronoun", "unnamed"
    pos: int
    words: str
    mention: Mention | None = None
    description: str = ""
    definite: bool = False


class Attributor:
    """Reads attributions around quotations in an article's masked text."""

    def __init__(self, masked: str, names: Names):
        self.text = masked
        self.names = names

    def _mentions_in(self, start: int, end: int) -> list[Mention]:
        return [m for m in self.names.mentions if start <= m.start and m.end <= end]

    def subject(self, start: int, end: int, verb_end: int) -> Found | None:
        """The subject of a speech verb read from text[start:end], the words before the verb."""
        text = self.text
        region = text[start:end]
        hidden = [(m.start() + start, m.end() + start) for m in _APPOSITIVE.finditer(region)]
        candidates = [
            m
            for m in self._mentions_in(start, end)
            if not m.possessive and not any(s <= m.start < e for s, e in hidden)
        ]
        known = [m for m in candidates if m.person is not None]
        if candidates and candidates[-1].person is None:
            # An unknown lone word is a name only right before the verb: "Smith said".
            tail = "".join(
                text[i]
                for i in range(candidates[-1].end, end)
                if not any(s <= i < e for s, e in hidden)
            )
            if re.fullmatch(r"(?:[\s,]|\b(?:also|then|later|again|\w+ly)\b)*", tail):
                known = candidates
        if known:
            mention = known[-1]
            # The name and its verb, without the appositive between: "Wielgus said".
            verb = text[end:verb_end].strip()
            return Found("name", mention.start, f"{mention.printed} {verb}", mention)
        # Appositives closing the subject ("One soldier, who did not give his name, said") are
        # left out, so that the pronoun or description before them is read as the subject.
        cut = end
        for opened, closed in reversed(hidden):
            if not text[closed:cut].strip(" ,\u00a0"):
                cut = opened

        def words(pos: int) -> str:
            if cut == end:
                return text[pos:verb_end]
            return text[pos:cut].rstrip(" ,\u00a0") + " " + text[end:verb_end].strip()

        match = _PRONOUN.search(text[start:cut])
        if match:
            return Found("pronoun", start + match.start(), words(start + match.start()))
        match = _DESCRIPTOR.search(text[start:cut])
        if match:
            phrase = " ".join(match.group(1).split())
            if len(phrase.split()) >= 2 or phrase.lower() == "another":
                definite = phrase.split()[0].lower() in ("the", "this", "that")
                phrase = phrase[0].lower() + phrase[1:]
                pos = start + match.start(1)
                return Found("unnamed", pos, words(pos), None, phrase, definite)
        return None

    def after(self, close: int, para_end: int) -> Found | None:
        """An attribution right after a closing mark: ', he said.' or ', said Mr X.'"""
        text = self.text
        stop = para_end
        match = re.compile(r"[.!?\u2026]|" + MASK).search(text, close, para_end)
        if match:
            stop = match.start()
        verb = SPEECH_VERB.search(text, close, stop)
        if verb is None:
            return None
        lead = text[close : verb.start()]
        if not lead.strip(" ,\u00a0"):
            # Inverted: "said Mr X", "said the soldier".
            rest_end = min(stop, verb.end() + 60)
            for mention in self._mentions_in(verb.end(), rest_end):
                if not text[verb.end() : mention.start].strip() and not mention.possessive:
                    return Found("name", mention.start, text[verb.start() : mention.end], mention)
                break
            match = re.match(
                r"\s+((?:one|another|a|an|the)(?:\s+[a-z][\w-]*){1,3})", text[verb.end() : rest_end]
            )
            if match:
                phrase = match.group(1)
                definite = phrase.split()[0] == "the"
                end = verb.end() + match.end()
                return Found(
                    "unnamed", verb.start(), text[verb.start() : end], None, phrase, definite
                )
            return None
        if re.match(r"\s*,?\s*[a-z]", lead) and not _PRONOUN.match(lead.strip(" ,")):
            if not re.match(r"\s*,?\s*(?:one|another|a|an|the)\b", lead):
                return None
        return self.subject(close, verb.start(), verb.end())

    def before(self, opened: int, para_start: int) -> Found | None:
        """An attribution in the sentence leading up to an opening mark: 'X, who ..., said:'."""
        text = self.text
        start = _sentence_start(text, opened, para_start)
        for verb in SPEECH_VERB.finditer(text, start, opened):
            found = self.subject(start, verb.start(), verb.end())
            if found is not None:
                return found
        return None

    def narrative(self, paras, skip: set[int]) -> list[tuple[int, Found]]:
        """Who each narrative sentence is about, in order: subjects of speech verbs and people
        named at the head of a clause (not objects: 'said Zalewski', 'blamed Zalewski')."""
        text = self.text
        events = []
        for index, (ps, pe) in enumerate(paras):
            if index in skip:
                continue
            for mention in self._mentions_in(ps, pe):
                if mention.possessive or mention.person is None:
                    continue
                before = text[ps : mention.start]
                head = re.search(
                    r"(?:^|[,;:\u2013\u2014-]\s*|\b(?:also|was|were|and|but|as|while|when|after"
                    r"|meanwhile|lastly|finally)\s+)$",
                    before,
                )
                sentence = _sentence_start(text, mention.start, ps)
                if (
                    head
                    or sentence == mention.start
                    or _ROLE_PREFIX.fullmatch(text[sentence : mention.start])
                ):
                    events.append((mention.start, Found("name", mention.start, "", mention)))
            for verb in SPEECH_VERB.finditer(text, ps, pe):
                start = _sentence_start(text, verb.start(), ps)
                found = self.subject(start, verb.start(), verb.end())
                if found is None or found.kind == "pronoun":
                    continue
                if found.kind == "unnamed" and not _one_person(found.description):
                    continue  # "the report said", "the men said": not who "he" will be
                events.append((found.pos, found))
        events.sort(key=lambda e: e[0])
        return events
