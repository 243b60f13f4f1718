"""Unnamed speakers, roles, institutions and publications: who a subject is when not a name."""

import regex as re

from .mentions import NOT_PERSON
from .people import Person
from .places import is_demonym, is_place
from .ranks import ENLISTED_RANKS, OFFICER_RANKS, RANK, ROLE, rank_noun
from .speech import MASK, SPEECH_VERB

_PREPOSITION = r"(?:of|for|from|at|in|with|to)"
# "one soldier", "the captured soldier", "a spokesperson for the agency": an unnamed speaker.
RELATIVE_PRONOUN = r"(?:who|whom|whose|which|that)\b"
DESCRIPTOR = re.compile(
    r"\b((?:[Oo]ne|[Aa]nother|[Aa]n?|[Tt]he|[Tt]his|[Tt]hat)"
    r"(?:[ \u00a0]+(?!"
    + _PREPOSITION
    + r"\b|"
    + RELATIVE_PRONOUN
    + r"|(?:also|then|later|again)\b)"
    r"(?:[a-z][\w-]*|\p{Lu}\p{Ll}+|\d[\w-]*|POW)){0,3}"
    r"(?:[ \u00a0]+" + _PREPOSITION + r"(?:[ \u00a0]+(?:the|a|an|his|her|their))?"
    r"(?:[ \u00a0]+(?!" + RELATIVE_PRONOUN + r")[\p{L}\d][\w'’-]*){1,12})?)"
    r"(?:\s+(?:also|then|later|again|had|has|have|was|were|\w+ly))?\s*,?\s*$"
)
# Heads of speech-verb subjects that are not one person: documents, bodies, groups.
_NOT_ONE_PERSON = set(
    "report statement study survey video footage document documents letter ministry government "
    "agency office army military command council committee court newspaper paper website post "
    "message note decree order plan data figures analysis channel source sources people men "
    "women children police crew staff team group family programme program show broadcast "
    "interview podcast episode documentary film clip recording caption club".split()
)

# Publications called by their kind ("the Ukrainian edition", "the outlet", "local media"):
# they report what others said, so they are never a quotation's speaker nor who "he" is.
# ("The agency" is left out: as often a government body speaking as a news agency reporting.)
_PUBLICATIONS = set(
    "edition publication outlet newspaper paper portal channel broadcaster website site "
    "media magazine tabloid newsletter blog resource daily weekly newsroom".split()
)


def is_publication(description: str) -> bool:
    """'the Ukrainian edition', 'the news site', 'the publication': a publication's kind."""
    return head_noun(description) in _PUBLICATIONS


# A title printed in lower case before a name, its words as printed: "said harbour master X",
# "said Defence Ministry spokesman X", "military spokesman X said".
TITLE_BEFORE = re.compile(
    r"\s*,?\s*(?:(?:the|a|an)\s+)?(?P<role>(?:[\p{L}][\w'’-]*\s+){0,3}[a-z][\w'’-]*)\s+$"
)
_NOT_TITLE = set(
    "of to by with for from at in on about against and but than or as who which that he she "
    "they it we i you his her their its our there then now also later again yesterday today "
    "tomorrow here".split()
)


def title_before(text: str) -> str:
    """The lower-case title `text` ends with, right before a name ('said harbour master '
    -> 'harbour master'), or '' when the words before the name are not a title."""
    match = TITLE_BEFORE.search(text)
    if not match:
        return ""
    role = " ".join(match.group("role").split())
    for word in role.lower().split():
        if word in _NOT_TITLE or MASK in word or SPEECH_VERB.fullmatch(word):
            return ""
        if word.endswith(("ed", "ly")) or (word.endswith("ing") and word != "acting"):
            return ""
    return role


def head_noun(description: str) -> str:
    """'a spokesperson for the agency' -> 'spokesperson'."""
    before = re.split(r"\s" + _PREPOSITION + r"\s", description)[0]
    return before.split()[-1].lower()


def one_person(description: str) -> bool:
    head = head_noun(description)
    if head == "another":
        return True
    plural = head.endswith("s") and not head.endswith(("ss", "us", "is"))
    return not plural and head not in _NOT_ONE_PERSON


# Nouns that stand for a person, beyond ranks and roles: "a third prisoner", "an old man".
_PEOPLE = (
    r"man|woman|boy|girl|person|prisoner|captive|detainee|conscript|recruit|veteran|survivor"
    r"|resident|villager|refugee|civilian|mother|father|son|daughter|wife|husband|brother"
    r"|sister|widow|paratrooper|marine|sailor|mercenary|volunteer|doctor|nurse|guard|witness"
    r"|eyewitness|official|journalist|teacher|priest|farmer|worker|student|neighbou?r"
    r"|defender|POW|serviceman|servicewoman|soldier|tankman|airman|infantryman|fighter|men"
    r"|paramedic|rescuer|firefighter|policeman|policewoman"
    r"|women"
)
PERSON_HEAD = r"(?:" + ROLE + r"|" + _PEOPLE + r"|(?i:" + RANK + r"))"
# Words that open a sentence before its subject: an adverb ("Outside", "Nearby", "Slowly")
# or a prepositional phrase of place or time ("At a field hospital two streets away").
_ADVERBIAL = (
    r"(?:Outside|Inside|Nearby|Elsewhere|Downstairs|Upstairs|Afterwards|Earlier|Today"
    r"|Yesterday|Here|There|\p{Lu}\p{Ll}+ly)"
    r"|(?:At|In|On|Near|Outside|Inside|Behind|Beside|Across|Along|Under|By|From|Around"
    r"|Through|After|Before|During|Throughout|Within|Down|Up|Back)\s+[^,.;:!?\n" + MASK + r"]{1,60}"
)
# A sentence whose subject is a new unnamed person, whatever its verb: "A third prisoner, who
# did not give his name, spoke only briefly.", "An older man in uniform shook his head.",
# "One of the wounded soldiers sat apart." It is about that person: "he" is them next.
NEW_SUBJECT = re.compile(
    r"(?:(?:Later|Then|Next|Meanwhile|Finally|Lastly|But|And|Yet|Still|However|Also),?\s+)?"
    # A sentence-opening adverbial: "Outside,", "At a field hospital two streets away,".
    r"(?:(?:" + _ADVERBIAL + r"),\s+)?"
    r"(?P<desc>(?i:a|an|another|one)(?:\s+of\s+the)?"
    # ("A TEARFUL Russian soldier": a tabloid's capitals)
    r"(?:\s+(?:[a-z\d][\w-]*|\p{Lu}\p{Ll}+|\p{Lu}{2,})){0,3}?\s+"
    + PERSON_HEAD
    + r"(?:s|es)?)(?![\w'’-])"
    # "in a torn jacket", "from the same unit", "sitting beside him"
    r"(?:\s+(?:(?:in|with|from|of)|[a-z]+ing)(?:\s+[\w'’-]+){1,4}?(?=[\s,]))?"
    # "who asked not to be named": a relative clause with no commas, up to a known verb.
    r"(?:\s+who\s+[^,.;:\n" + MASK + r"]{1,60}?(?=\s+" + SPEECH_VERB.pattern + r"))?"
    r"(?:\s*,[^,.;:\n" + MASK + r"]*,)?\s+"
    r"(?!(?:of|in|at|on|to|for|from|with|by|and|or|but|who|whom|whose|which|that|named"
    r"|called|identified|as)\b)"
    # Not one killed, wounded or held ("One soldier was killed"), whom "he" never is next.
    r"(?!(?:was|were|is|are|has\s+been|had\s+been|have\s+been)\s+(?:\w+ly\s+)?"
    r"(?:\w+(?:ed|en)|shot|hit|hurt|held|caught|taken|found|seen|sent|left|lost)\b"
    r"|(?:died|dies|perished)\b)[a-z]+\b"
)


# An organisation printed as a speech verb's subject: an acronym or capitalised words, after
# "the" or holding an acronym or an organisation's word: "the SBU", "the General Staff",
# "the Security Service of Ukraine", "Ukraine's SBU".
_ORG_WORD = r"(?:\p{Lu}{2,}\p{Ll}?|\p{Lu}\p{Ll}+)"
ORG = _ORG_WORD + r"(?:\s+(?:of\s+the\s+|of\s+|for\s+|and\s+)?" + _ORG_WORD + r"){0,6}"
# What a body is for, in lower case after its name: "the Coordination Headquarters for the
# treatment of prisoners of war".
_ORG_TAIL = (
    r"(?:\s+(?:for|of)\s+(?:the\s+)?[a-z][\w'’-]*"
    r"(?:\s+(?:(?:of|for|and|on)\s+(?:the\s+)?)?[a-z][\w'’-]*){0,5}?)?"
)
INSTITUTION = re.compile(
    r"(?<![\p{L}'’])((?:[Tt]he\s+)?(?:\p{Lu}\p{Ll}+['’]s\s+)?" + ORG + _ORG_TAIL + r")"
    r"(?:['’]s)?(?:\s+(?P<doc>(?:press\s+)?(?:report|statement|service|office|message|post))s?)?"
    r"(?:\s+(?:also|then|later|again|\w+ly))?\s*,?\s*$"
)
# A definite descriptor and a comma before a name in apposition: "The volunteer, X, 41, ...".
APPOSED = re.compile(
    r"[\s,\u00a0]*(?:(?:Later|Then|Meanwhile|Finally|Lastly|But|And),?\s+)?"
    r"((?:[Tt]he|[Tt]his|[Tt]hat)(?:\s+[a-z][\w-]*){1,4})\s*,\s*"
)
# A body after an inverted verb: '"...," informs the Headquarters.'
INSTITUTION_AFTER = re.compile(
    r"\s+((?:[Tt]he\s+)?" + ORG + _ORG_TAIL + r")(?=\s*(?:[,.;:!?\n]|$))"
)
# Documents whose words are their author's: "the report says" after "The SBU report notes".
DOCUMENT = re.compile(r"^(?:the|this|that)\s+(?:report|statement|message|post|comment|note)\b")
_ACRONYM = re.compile(r"\b\p{Lu}{2,}\b")
# Acronyms that stand for one person, not a body: "the POW said".
_PERSON_ACRONYMS = frozenset({"POW"})


# Words in the names of newspapers, agencies and channels, which report what others said.
_OUTLET_WORDS = set(
    "Times Post Press News Telegraph Gazette Herald Journal Tribune Mail Daily Weekly Sun "
    "Guardian Observer Independent Express Standard Chronicle Review Agency Newsweek Radio "
    "Television TV Channel Network Inform Media Wire Insider Monitor Courier Pravda Online "
    # The wire services and broadcasters every outlet credits: "..., the BBC reported."
    "BBC CNN Reuters AFP AP TASS RIA Interfax Ukrinform UNIAN Xinhua Bloomberg Sky NBC CBS "
    "Euronews Yonhap Kyodo Jiji NET".split()
)


def is_outlet(phrase: str) -> bool:
    """'The Gazette', 'the Kyiv Post', 'Radio Liberty': a publication or broadcaster."""
    words = phrase.split()
    return any(re.sub(r"['’]s$", "", w) in _OUTLET_WORDS for w in words[1:] or words)


def institution(phrase: str) -> str:
    """'The SBU' -> 'the SBU' when `phrase` names an organisation, else ''."""
    phrase = " ".join(phrase.split())
    words = phrase.split()
    definite = words[0].lower() == "the"
    body = words[1:] if definite else words
    if not body or is_place(" ".join(body)) or body[-1].upper() in _PERSON_ACRONYMS:
        return ""
    if len(body) == 1 and is_demonym(body[0]):
        return ""  # "the Croatian wrote": a person called by their nationality
    if definite or _ACRONYM.search(phrase) or any(w in NOT_PERSON for w in body):
        return ("the " + " ".join(body)) if definite else phrase
    return ""


# Words that make a role another one: a deputy commander is not "the commander".
_QUALIFIERS = frozenset("deputy acting assistant former first vice chief senior junior".split())
_SOLDIERS = frozenset("soldier serviceman servicewoman".split())
# What content farms and tabloids call a captured soldier: "- tells the occupier", "the POW
# said". They fit a person presented with a rank or as a soldier or prisoner.
_CAPTIVE = _SOLDIERS | frozenset("occupier invader prisoner captive pow".split())
_MILITARY_WORDS = _CAPTIVE | frozenset(
    "captured conscript recruit paratrooper marine sailor tankman airman infantryman "
    "mercenary gunner sniper operator pilot medic scout".split()
)
# Roles stated without a role's noun: "X, who heads the Zaporizhzhia regional administration"
# is "the governor"; the head of a city's administration is "the mayor".
_HEADS = {"governor": "regional", "mayor": "city"}


# Words for one role: machine-translated copy calls a spokesman "the speaker".
_SAME_ROLE = {
    "spokeswoman": "spokesman",
    "spokesperson": "spokesman",
    "speaker": "spokesman",
    "justice": "judge",  # "Mr Justice X" is "the judge"
    "gov": "governor",
    "chairwoman": "chairman",
    "chairperson": "chairman",
    "chair": "chairman",
}
# Roles that make an officer, so that "the officer" fits a company commander.
_OFFICER_ROLES = frozenset("commander officer".split())


# Roles said as the head of a place: "the head of the city", "the city head" is its mayor.
_HEAD_OF = re.compile(
    r"\b(?:head\s+of\s+(?:the\s+)?(?P<of>city|town|region|oblast|province|district)"
    r"|(?P<before>city|town|regional|oblast|provincial|district)\s+head)\b"
)
_HEADED = {"city": "mayor", "town": "mayor", "region": "governor", "regional": "governor",
           "oblast": "governor", "province": "governor", "provincial": "governor",
           "district": "governor"}  # fmt: skip


def _role_words(phrase: str) -> tuple[str, frozenset[str]]:
    """'the deputy brigade commander of the ...' -> ('commander', {'deputy'}); 'the speaker'
    -> ('spokesman', {}); 'the head of the city' -> ('mayor', {})."""
    headed = _HEAD_OF.search(phrase.lower())
    if headed:
        return _HEADED[headed.group("of") or headed.group("before")], frozenset()
    if re.search(r"\bmilitary\s+(?:man|woman)\b", phrase.lower()):
        return "soldier", frozenset()  # "the military man" of translated copy
    before = re.split(r"\s" + _PREPOSITION + r"\s", phrase.lower())[0]
    words = re.findall(r"[a-z][a-z-]*", before)
    if not words:
        return "", frozenset()
    head = _SAME_ROLE.get(words[-1], words[-1])
    return head, frozenset(w for w in words[:-1] if w in _QUALIFIERS)


def describes(person: Person, description: str) -> bool:
    """Whether a definite descriptor ('the commander', 'the colonel', 'the pilot') fits what
    the article stated about `person`: their role, their rank or their description. A
    generic 'the officer' fits an officer's rank, 'the soldier' an enlisted rank."""
    head, qualifiers = _role_words(description)
    if not head:
        return False
    numbers = re.findall(r"\d+", description)
    if numbers and not any(n in re.findall(r"\d+", unit) for n in numbers for unit in person.units):
        return False  # "the commander of the 9th Brigade" is some other brigade's
    for stated in (person.role, person.description):
        if stated and _role_words(stated) == (head, qualifiers):
            return True
        if stated and head == "officer" and not qualifiers:
            if _role_words(stated)[0] in _OFFICER_ROLES:
                return True
    if not qualifiers and _HEADS.get(head) and _HEADS[head] == person.heads:
        return True
    stated = re.findall(r"[a-z]+", f"{person.description} {person.role}".lower())
    if head in _CAPTIVE and not qualifiers and _MILITARY_WORDS.intersection(stated):
        return True  # "the prisoner" after "X, a captured soldier of the ..."
    rank = rank_noun(person.rank)
    if rank and head in _CAPTIVE - _SOLDIERS and not qualifiers:
        return True  # "the occupier" after "Private X"
    if rank and not qualifiers:
        if head == rank:
            return True
        if head == "officer" and rank in OFFICER_RANKS:
            return True
        if head in _SOLDIERS and rank in ENLISTED_RANKS:
            return True
    return False
