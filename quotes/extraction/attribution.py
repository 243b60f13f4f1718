"""Who said it: names, pronouns and unnamed speakers around quotations, and their units."""

from dataclasses import dataclass, field

import regex as re

from .places import is_country, is_demonym, is_place
from .ranks import (
    ENLISTED_RANKS,
    OFFICER_RANKS,
    RANK,
    ROLE,
    duty_name,
    leading_rank,
    rank_before,
    rank_noun,
    rank_title,
)
from .text import TITLE_ABBREVIATIONS
from .units import SERVICE, SERVICE_OWNER, UNIT, UNIT_NOUNS, fullest

MASK = "\x01"  # stands in for quoted text, so that names inside quotations are never speakers

SPEECH_VERB = re.compile(
    # Not the end of a compound: "well-informed", "self-described".
    r"(?<![-\u2010\u2011])\b(?:informs|informed|underlined|underlines|emphasi[sz]ed"
    r"|emphasi[sz]es|stresses|said|says|say|told|tells|added|adds|adding|urged|urges|pleaded|pleads|pleading"
    r"|asked|asks|insisted|insists|warned|warns|explained|explains|claimed|claims|stated"
    r"|states|continued|continues|went\s+on|goes\s+on|vowed|vows|declared|declares|replied"
    r"|replies|admitted|admits|recalled|recalls|wrote|writes|shouted|begged|begs|demanded"
    r"|noted|notes|remarked|announced|announces|confirmed|revealed|reported|reports"
    r"|saying|telling|stressed|argued|argues|agreed|conceded|cautioned|sobbed|whispered"
    r"|reads|spoke|speaks|speak|speaking|appealed|appeals|complained|complains|described"
    r"|describes|describing|recounted|recounts|joked|jokes|wept|weeps|laughed|sighed|boasted"
    r"|testified|confessed|lamented|muttered|exclaimed|commented|responded|responds"
    r"|(?:called|calls|calling)\s+on|[Aa]ccording\s+to)\b"
    # A title-cased line: 'A Captured Soldier Said: "..."' (only before a colon, so that a
    # name such as Said stays a name).
    r"|(?<=\p{Lu}\p{Ll}*[ \u00a0])(?:Said|Says|Told|Added|Adds)(?=:)"
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
_PRONOUN = re.compile(r"\b([Hh]e|[Ss]he)\b(?:\s+[a-z]+ly|\s+also|\s+then|\s+later)?\s*,?\s*$")
_PREPOSITION = r"(?:of|for|from|at|in|with|to)"
# "one soldier", "the captured soldier", "a spokesperson for the agency": an unnamed speaker.
_RELATIVE_PRONOUN = r"(?:who|whom|whose|which|that)\b"
_DESCRIPTOR = re.compile(
    r"\b((?:[Oo]ne|[Aa]nother|[Aa]n?|[Tt]he|[Tt]his|[Tt]hat)"
    r"(?:[ \u00a0]+(?!" + _PREPOSITION + r"\b|" + _RELATIVE_PRONOUN + r")"
    r"(?:[a-z][\w-]*|\p{Lu}\p{Ll}+|\d[\w-]*)){0,3}"
    r"(?:[ \u00a0]+" + _PREPOSITION + r"(?:[ \u00a0]+(?:the|a|an|his|her|their))?"
    r"(?:[ \u00a0]+(?!" + _RELATIVE_PRONOUN + r")[\p{L}\d][\w'’-]*){1,6})?)"
    r"(?:\s+(?:also|then|later|again|had|has|have|was|were|\w+ly))?\s*,?\s*$"
)
# Heads of speech-verb subjects that are not one person: documents, bodies, groups.
_NOT_ONE_PERSON = set(
    "report statement study survey video footage document documents letter ministry government "
    "agency office army military command council committee court newspaper paper website post "
    "message note decree order plan data figures analysis channel source sources people men "
    "women children police crew staff team group family".split()
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


# A sentence that opens with a role before the name ("Harbour master Ilse Vantongeren
# said", "Defence minister Ana Ruiz visited") is about that person: a few words, none of
# them a preposition or verb that would make the name an object.
_ROLE_PREFIX = re.compile(
    r"(?:(?!(?:of|to|by|with|for|from|at|in|on|about|against|and|but|than)\b)"
    r"[A-Za-z][\w'’-]*(?<!ed)(?<!ing)\s+){1,4}"
)


# A title printed in lower case before a name, its words as printed: "said harbour master X",
# "said Defence Ministry spokesman X", "military spokesman X said".
_TITLE_BEFORE = re.compile(
    r"\s*,?\s*(?:(?:the|a|an)\s+)?(?P<role>(?:[\p{L}][\w'’-]*\s+){0,3}[a-z][\w'’-]*)\s+$"
)
_NOT_TITLE = set(
    "of to by with for from at in on about against and but than or as who which that he she "
    "they it we i you his her their its our there then now also later again yesterday today "
    "tomorrow here".split()
)
# Nouns that name what a person is, so that the words before a name can be kept as their
# description.
_PERSON_NOUN = re.compile(
    r"(?:" + ROLE + r"|\b(?:master|minister|mayor|governor|official|adviser|advisor|secretary"
    r"|director|manager|analyst|expert|lawyer|prosecutor|judge|doctor|surgeon|nurse|teacher"
    r"|resident|witness|activist|volunteer|journalist|reporter|correspondent|ombudsman|envoy"
    r"|ambassador|diplomat|negotiator|coordinator|chair|chairman|chairwoman|president"
    r"|representative|deputy|lawmaker|mp|captain))$",
    re.IGNORECASE,
)


def title_before(text: str) -> str:
    """The lower-case title `text` ends with, right before a name ('said harbour master '
    -> 'harbour master'), or '' when the words before the name are not a title."""
    match = _TITLE_BEFORE.search(text)
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


def _one_person(description: str) -> bool:
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
_PERSON_HEAD = r"(?:" + ROLE + r"|" + _PEOPLE + r"|(?i:" + RANK + r"))"
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
_NEW_SUBJECT = re.compile(
    r"(?:(?:Later|Then|Next|Meanwhile|Finally|Lastly|But|And|Yet|Still|However|Also),?\s+)?"
    # A sentence-opening adverbial: "Outside,", "At a field hospital two streets away,".
    r"(?:(?:" + _ADVERBIAL + r"),\s+)?"
    r"(?P<desc>(?i:a|an|another|one)(?:\s+of\s+the)?"
    r"(?:\s+(?:[a-z\d][\w-]*|\p{Lu}\p{Ll}+)){0,3}?\s+" + _PERSON_HEAD + r"(?:s|es)?)(?![\w'’-])"
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
# A verb in the passive: "The building was described as ...", whose subject spoke nowhere.
_PASSIVE = re.compile(r"\b(?:was|were|is|are|been|being)\s+$")

# A restrictive relative clause between a subject and its verb: "A paramedic who asked not to
# be named said", "One soldier whose unit was shelled told". Its own verb ("asked") is not the
# sentence's, and the description stops before it. "that" only after a person's noun, as it
# is more often a conjunction ("told the court that").
_RELATIVE = re.compile(
    r"(?:(?<=\p{L})\s+(?:who|whom|whose)\b"
    r"|(?<=\b(?:" + _PERSON_HEAD + r"))\s+that\b)[^,;:.!?\n" + MASK + r"]*$"
)
# A verb right after a relative pronoun: the clause's own ("who asked not to be named").
_IN_RELATIVE = re.compile(r"\b(?:who|whom|which|that)\s+(?:\w+ly\s+)?$")


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
_NAMED_AS = re.compile(
    r"(?:\b(?:gave|giving|gives)\s+(?:his|her|their)\s+(?:full\s+)?name\s+(?:only\s+)?as"
    r"|\b(?:identified|identifying|identifies|introduced|introducing|introduces|named|calls|called)"
    r"\s+(?:himself|herself)(?:\s+as)?|\b(?:named|identified|named\s+only)\s+as|\bnamed"
    # "named by Ukrainian officials as X", "identified by the SBU as X"
    r"|\b(?:named|identified)\s+by\s+[^,.;:\n\x01]{1,60}?\s+as)\s+$"
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
_INSTITUTION = re.compile(
    r"(?<![\p{L}'’])((?:[Tt]he\s+)?(?:\p{Lu}\p{Ll}+['’]s\s+)?" + ORG + _ORG_TAIL + r")"
    r"(?:['’]s)?(?:\s+(?P<doc>(?:press\s+)?(?:report|statement|service|office|message|post))s?)?"
    r"(?:\s+(?:also|then|later|again|\w+ly))?\s*,?\s*$"
)
# A definite descriptor and a comma before a name in apposition: "The volunteer, X, 41, ...".
_APPOSED = re.compile(
    r"[\s,\u00a0]*(?:(?:Later|Then|Meanwhile|Finally|Lastly|But|And),?\s+)?"
    r"((?:[Tt]he|[Tt]his|[Tt]hat)(?:\s+[a-z][\w-]*){1,4})\s*,\s*"
)
# A body after an inverted verb: '"...," informs the Headquarters.'
_INSTITUTION_AFTER = re.compile(
    r"\s+((?:[Tt]he\s+)?" + ORG + _ORG_TAIL + r")(?=\s*(?:[,.;:!?\n]|$))"
)
# Documents whose words are their author's: "the report says" after "The SBU report notes".
_DOCUMENT = re.compile(r"^(?:the|this|that)\s+(?:report|statement|message|post|comment|note)\b")
_ACRONYM = re.compile(r"\b\p{Lu}{2,}\b")
# Verbs with which an outlet credits its source of a story: "Ukrinform reports".
_CREDIT = re.compile(r"^(?:reports|reported|writes|wrote|[Aa]ccording\s+to)$")


# Words in the names of newspapers, agencies and channels, which report what others said.
_OUTLET_WORDS = set(
    "Times Post Press News Telegraph Gazette Herald Journal Tribune Mail Daily Weekly Sun "
    "Guardian Observer Independent Express Standard Chronicle Review Agency Newsweek Radio "
    "Television TV Channel Network Inform Media Wire Insider Monitor Courier Pravda".split()
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
    if not body or is_place(" ".join(body)):
        return ""
    if definite or _ACRONYM.search(phrase) or any(w in _NOT_PERSON for w in body):
        return ("the " + " ".join(body)) if definite else phrase
    return ""


_SENTENCE_START = re.compile(r"(?:[.!?\u2026]['\"’”]?\s+|\n|^)(?=\S)")


# The unit's owner country, left out of the unit's name: "Russia's 47th aviation regiment".
_OWNER = r"(?:(?:\p{Lu}\p{Ll}+[ \u00a0]){0,2}\p{Lu}\p{Ll}+['’]s?[ \u00a0]+)?"
# A unit, or a service or command ("the Ukrainian Navy", "Operational Command South") where a
# role apposition states it as the person's.
_STATED_UNIT = r"(?:" + SERVICE_OWNER + r"(?P<unit>" + SERVICE + r")|(?P<unit>" + UNIT + r"))"
_IN_UNIT = r"\s+(?:of|from|in|with|for|at)\s+" + _OWNER + r"(?:the\s+)?" + _STATED_UNIT
_RANK_I = r"(?i:" + RANK + r")"
# A role narrowed to a part of the unit: "head of the press service (of the 10th Army Corps)",
# "commander of the reconnaissance company (of the 5th Brigade)".
_DUTY = (
    ROLE + r"(?:\s+of\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?"
    r"(?=\s+(?:of|from|in|with|for|at)\s+(?:the\s+)?[\p{Lu}\d]))?"
)
# A person's age between their name and an apposition: "X, 27, of the ...", "X, aged 27, a ...".
_AGE = r"(?:\s*,\s*(?:aged\s+)?\d{1,3}(?=\s*,))?"
# ", a lieutenant colonel and deputy commander of the ...", ", commander of the ...",
# ", a radio operator of the ...", ", who serves in the ...", " of the ...".
_UNIT_AFTER = re.compile(
    _AGE
    + r"\s*(?:,\s*(?P<role>(?:(?:a|an|the)\s+)?(?:(?P<rank>"
    + _RANK_I
    + r")(?:\s+and|\s*,)?\s+)?"
    r"(?:(?P<duty>"
    + _DUTY
    + r")|(?<=\b(?:a|an)\s+)[\w-]+(?:\s+[\w-]+){0,2}?))"
    + _IN_UNIT
    + r"|,?\s*who\s+(?:(?:served|serves|is\s+serving|fought|fights|was|is)"
    r"(?:\s+as\s+(?:(?:a|an|the)\s+)?(?P<duty>" + ROLE + r"))?"
    # "who is a member of", "who commands a company in", "who heads the press service of"
    r"|(?:is|was)\s+(?:a\s+)?member"
    r"|(?P<leads>commands|commanded|leads|led|heads|headed)\s+(?:a|an|the|his|her)\s+"
    r"(?P<part>[a-z][\w-]*(?:\s+[a-z][\w-]*)?))"
    r"\s+(?:with|in|of|from)\s+"
    + _OWNER
    + r"(?:the\s+)?"
    + _STATED_UNIT
    # "X was introduced as the spokesman of the Navy"
    + r"|\s+(?:was|is|had\s+been)\s+(?:introduced|presented|identified)\s+as\s+(?:(?:a|an|the)\s+)?"
    r"(?P<duty>"
    + _DUTY
    + r")"
    + _IN_UNIT
    # "of the 59th Brigade", "of a neighboring unit known as the Sokil Regiment"
    + r"|,?\s*(?:of|from)\s+(?:(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:known\s+as|called|named)\s+)?"
    + _OWNER
    + r"(?:the\s+)?(?P<unit>"
    + UNIT
    + r"))"
)
# "deputy commander of Russia's 47th aviation regiment, Lieutenant Colonel X": the mention
# starts at the rank.
# Without the comma too: "- told the drone operator of the 139th brigade Petrenko Bohdan".
_UNIT_BEFORE = re.compile(r"\b(?P<duty>" + _DUTY + r")" + _IN_UNIT + r"(?:\s*,)?\s*$")
# "Navy spokesman X", "the Air Force's spokesman, X": a service named by its role's holder.
_SERVICE_BEFORE = re.compile(
    r"(?<![\w-])(?:(?:the|The)\s+)?"
    + SERVICE_OWNER
    + r"(?P<unit>"
    + SERVICE
    + r")(?:['’]s)?\s+(?P<duty>"
    + ROLE
    + r")\s*,?\s*$"
)
# A unit called by its noun is the last one of that kind stated before: "X, the brigade's
# commander,", "X, brigade spokesman,", "X, a spokesman for the brigade,", "the brigade's
# commander, X,", "said brigade spokesman X".
_NOUN = r"(?P<noun>(?i:" + UNIT_NOUNS + r"))"
_UNIT_OWNED = re.compile(
    _AGE + r"(?:\s*,\s*(?:(?:the|its|their)\s+" + _NOUN + r"['’]s?|(?:the\s+)?" + _NOUN + r")"
    r"\s+(?P<duty>" + _DUTY + r")\b"
    r"|\s*,\s*(?:(?:a|an|the)\s+)?(?:" + _RANK_I + r"(?:\s+and|\s*,)?\s+)?(?P<duty>" + _DUTY + r")"
    r"\s+(?:of|for|in|with|at)\s+(?:the|this|that)\s+"
    + _NOUN
    + r"\b(?!['’]|[ \u00a0]*(?:No\b|\u2116|\d)))"
)
_UNIT_OWNED_BEFORE = re.compile(
    r"(?:\b(?P<duty>" + _DUTY + r")\s+(?:of|for)\s+the\s+" + _NOUN + r"\s*,"
    # Not "a brigade commander" nor "Russian army officer": some unit of that kind.
    r"|(?<!\b(?:[Aa]n?|\d\w*|\p{Lu}\w*)\s+)\b(?:(?:the|its|The|Its)\s+)?" + _NOUN + r"(?:['’]s)?"
    r"\s+(?P<duty>" + _DUTY + r")\s*,?)\s*$"
)
_ANY_UNIT = re.compile(UNIT)
_SERVICE = re.compile(SERVICE)
# Content-farm word order, the verb before its subject: "As said the commander of the company
# of the 214th brigade X, ...", "According to the head of the press service X, ...".
_VERB_FIRST = re.compile(
    r"(?:(?:But|And|However|Meanwhile),?\s+)?"
    r"(?:As\s+(?:said|told|informed|reported|noted|stated|explained|added|emphasi[sz]ed"
    r"|stressed|clarified|specified|announced|claimed)|According\s+to)\s+"
    r"(?:(?:(?:the|a|an)\s+)?(?:[\w'’-]+\s+){0,2}?(?i:" + ROLE + r")"
    r"(?:\s+(?:of|for|from|in|with|at)\s+[^,;:.!?\n\x01]{1,120}?)?\s+)?"
)
_CLAUSE_END = re.compile(r"\s*[,:]")
# Where an attribution after a quotation ends: a sentence's end (not a title's full stop, as
# in "said Maj. Gen. X") or the next quotation.
_CLAUSE_STOP = re.compile(r"(?<!\b(?:" + TITLE_ABBREVIATIONS + r"))\.|[!?\u2026]|" + MASK)
# A role and perhaps its unit between a verb and the name it precedes: " the drone operator
# of the 139th brigade ".
_ROLE_LEAD = re.compile(
    r"\s+(?:(?:the|a|an)\s+)?(?:[\w'’-]+\s+){0,2}?(?i:" + ROLE + r")"
    r"(?:\s+(?:of|for|from|in|with|at)\s+[^,;:.!?\n\x01]{1,120}?)?(?:\s*,)?\s+"
)
# The role in such words, up to the unit: "head of the press service", "drone operator".
_LEAD_DUTY = re.compile(
    r"(?<![\w-])(?P<duty>(?:(?!(?:the|an?|to|of|as|for|in|at)\b)[a-z][\w-]*\s+){0,2}?"
    + ROLE
    + r"(?:\s+of\s+(?:the\s+)?[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)?)(?=\s+(?:(?:of|for|from|in|with|at)\s+\S|\p{Lu})|\s*,?\s*$)"
)
# "who served with the same unit", "who commands a company of the same brigade".
_SAME_UNIT = re.compile(
    _AGE + r"\s*,?\s*(?:who\s+[^,.;:\n]*?\s+)?(?:of|with|in|from)\s+the\s+same\s+"
    r"(?P<noun>" + UNIT_NOUNS + r")\b"
)
_UNIT_LATER = re.compile(
    r"(?:\b(?:He|She)\s+(?:serves|served|is\s+serving|fought|fights|was|is)\s+"
    r"(?:(?:a|an|the)\s+)?(?:(?P<rank>"
    + _RANK_I
    + r")(?:\s+and)?\s+)?(?:(?P<duty>"
    + ROLE
    + r")\s+)?(?:in|with|of|for)\s+"
    + _OWNER
    + r"(?:the\s+)?(?P<unit>"
    + UNIT
    + r")"
    r"|\b(?:His|Her)\s+unit,\s+(?:the\s+)?(?P<unit>" + UNIT + r"))"
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


@dataclass
class Person:
    name: str
    tokens: set[str]
    aliases: list[str] = field(default_factory=list)
    units: list[str] = field(default_factory=list)
    description: str = ""
    rank: str = ""
    role: str = ""


# Words that make a role another one: a deputy commander is not "the commander".
_QUALIFIERS = frozenset("deputy acting assistant former first vice chief senior junior".split())
_SOLDIERS = frozenset("soldier serviceman servicewoman".split())


# Words for one role: machine-translated copy calls a spokesman "the speaker".
_SAME_ROLE = {"spokeswoman": "spokesman", "spokesperson": "spokesman", "speaker": "spokesman"}
# Roles that make an officer, so that "the officer" fits a company commander.
_OFFICER_ROLES = frozenset("commander officer".split())


def _role_words(phrase: str) -> tuple[str, frozenset[str]]:
    """'the deputy brigade commander of the ...' -> ('commander', {'deputy'}); 'the speaker'
    -> ('spokesman', {})."""
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
    rank = rank_noun(person.rank)
    if rank and not qualifiers:
        if head == rank:
            return True
        if head == "officer" and rank in OFFICER_RANKS:
            return True
        if head in _SOLDIERS and rank in ENLISTED_RANKS:
            return True
    return False


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


# Words that may all stand for one captured or serving soldier: "the soldier" after "one of
# the prisoners" or "a junior sergeant".
_MILITARY = (
    frozenset(
        "soldier serviceman servicewoman prisoner captive detainee conscript recruit fighter "
        "pow paratrooper marine sailor tankman airman infantryman mercenary".split()
    )
    | OFFICER_RANKS
    | ENLISTED_RANKS
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
        for w in re.findall(r"[a-z][\w-]*", f"{entity.description} {entity.role}".lower())
    }
    if head in said:
        return True
    if head in _MILITARY | _HUMAN and said & _MILITARY:
        return True
    return head in _MILITARY and bool(said & _HUMAN)


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
            r"\b(?:" + TITLE_ABBREVIATIONS + r")\.\s+\S$"
            r"|\bNo\.\s*(?=\d)",
            text[max(0, match.end() - 8) : match.end() + 1],
        ):
            start = match.end()
    return start


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
            if mention.person is None or not _PERSON_NOUN.search(title):
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
        last = max((i for i, t in enumerate(tokens) if t in _NOT_PERSON), default=-1)
        if last >= 0 and tokens[last] in _FORCE_WORDS and len(tokens) - last > 2:
            # "the speaker of the Navy Ivan Petrenko": a unit's name glued to a person's.
            run, tokens = run[last + 1 :], tokens[last + 1 :]
        if any(t in _NOT_PERSON for t in tokens):
            return []
        first = run[0]
        if _sentence_start(text, first.start(), 0) == first.start() and len(tokens) > 1:
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
                _PERSON_NOUN.search(w) for w in match.group("words").split()
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
            match = _UNIT_AFTER.match(text, mention.end)
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
                    r"(?:(?:a|an|the)\s+)?(?:\d+-year-old\s+)?(?P<rank>" + _RANK_I + r")"
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
            match = _UNIT_BEFORE.search(
                text, max(0, mention.start - 200), mention.start
            ) or _SERVICE_BEFORE.search(text, max(0, mention.start - 80), mention.start)
            if match:
                mention.unit = " ".join(match.group("unit").split())
                mention.duty = duty_name(match.group("duty"))
                seen.append(mention.unit)
                continue
            match = _UNIT_OWNED.match(text, mention.end) or _UNIT_OWNED_BEFORE.search(
                text, max(0, mention.start - 120), mention.start
            )
            if match:
                mention.duty = " ".join(match.group("duty").split())
                mention.unit = self.stated(match.group("noun"), mention.start)
                if mention.unit:
                    seen.append(mention.unit)
                continue
            match = _SAME_UNIT.match(text, mention.end)
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
        for match in _UNIT_LATER.finditer(text):
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
        for match in _ANY_UNIT.finditer(self.text, 0, pos):
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
            self._stated_units = [
                " ".join(m.group().split()) for m in _ANY_UNIT.finditer(self.text)
            ]
        unit = fullest(unit, self._stated_units)
        if unit not in person.units:
            person.units.append(unit)

    def give_duty(self, mention: Mention, lead: str) -> None:
        """Gives the person `mention` names the role printed in `lead`, the words before the
        name ('As said the head of the press service '), unless one is known."""
        if mention.person is None or self.people[mention.person].role:
            return
        match = _LEAD_DUTY.search(lead)
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
        if mention.duty and not person.role:
            person.role = mention.duty


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


class Attributor:
    """Reads attributions around quotations in an article's masked text."""

    def __init__(self, masked: str, names: Names):
        self.text = masked
        self.names = names

    def _mentions_in(self, start: int, end: int) -> list[Mention]:
        return [m for m in self.names.mentions if start <= m.start and m.end <= end]

    def owner(self, phrase: str, pos: int) -> str:
        """The organisation a document speaks for ('the report' after 'The SBU report notes',
        'the statement' after 'The Security Service of Ukraine released a video'): the last
        one named in the 600 characters before `pos`, or ''."""
        if not _DOCUMENT.match(phrase):
            return ""
        window = self.text[max(0, pos - 600) : pos]
        found = ""
        for match in re.finditer(r"(?<![\p{L}'’])(?:[Tt]he\s+)?" + ORG, window):
            candidate = institution(match.group())
            if candidate and not any(
                m.start <= pos - len(window) + match.start() < m.end for m in self.names.mentions
            ):
                found = candidate
        return found

    def named_as(self, start: int, end: int) -> Mention | None:
        """A person named in text[start:end] as a descriptor's name: 'who gave his name as X'."""
        for mention in self._mentions_in(start, end):
            if _NAMED_AS.search(self.text[max(start, mention.start - 100) : mention.start]):
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
        if match is None or not _one_person(match.group(1)):
            return ""
        phrase = " ".join(match.group(1).split())
        return phrase[0].lower() + phrase[1:]

    def apposed_descriptor(self, start: int, mention: Mention) -> str:
        """The definite descriptor a full name stands in commas after, from `start`: 'the
        medic' in 'The medic, Olena Hrytsak, said' or '"...," the medic, Olena Hrytsak, said';
        '' for any other name."""
        if len(mention.tokens) < 2 or not re.match(r"\s*,", self.text[mention.end :]):
            return ""
        match = _APPOSED.fullmatch(self.text, start, mention.start)
        if match is None or not _one_person(match.group(1)):
            return ""
        phrase = " ".join(match.group(1).split())
        return phrase[0].lower() + phrase[1:]

    def apposition(self, description: str, end: int) -> tuple[str, str]:
        """The unit and role stated for an unnamed speaker, in their description ('a gunner of
        the 5th Brigade') or in an apposition after it ('one soldier, a gunner of the 5th
        Brigade,')."""
        stated = _ANY_UNIT.search(description)
        if stated:
            return " ".join(stated.group().split()), ""
        match = _UNIT_AFTER.match(self.text, end)
        if match is None:
            return "", ""
        return " ".join(match.group("unit").split()), " ".join((match.group("role") or "").split())

    def subject(self, start: int, end: int, verb_end: int) -> Found | None:
        """The subject of a speech verb read from text[start:end], the words before the verb."""
        text = self.text
        region = text[start:end]
        named = self.named_as(start, end)
        if named is not None:
            verb = text[end:verb_end].strip()
            found = Found("name", named.start, f"{named.printed} {verb}", named)
            found.descriptor = self.naming_descriptor(start, named)
            return found
        if _IN_RELATIVE.search(region):
            return None  # "a paramedic who asked ...": the clause's verb, not the sentence's
        hidden = [(m.start() + start, m.end() + start) for m in _APPOSITIVE.finditer(region)]
        relative = _RELATIVE.search(text, start, end)
        if relative:
            hidden = sorted([*hidden, (relative.start(), end)])
        candidates = [
            m
            for m in self._mentions_in(start, end)
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
            credit = _CREDIT.match(" ".join(text[end:verb_end].split()))
            if credit is None and re.fullmatch(
                r"(?:[\s,]|\b(?:also|then|later|again|\w+ly)\b)*", tail
            ):
                known = candidates
        if known:
            mention = known[-1]
            # The name and its verb, without the appositive between: "Wielgus said".
            verb = text[end:verb_end].strip()
            found = Found("name", mention.start, f"{mention.printed} {verb}", mention)
            found.descriptor = self.apposed_descriptor(start, mention)
            return found
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
        match = _INSTITUTION.search(text[start:cut])
        whole = match and re.search(
            r"(?:^|[,;:\u2013\u2014]|\bthat|\b[Aa]s)\s*$", text[start : start + match.start(1)]
        )
        if whole and (body := institution(match.group(1))):
            pos = start + match.start(1)
            credit = _CREDIT.match(" ".join(text[end:verb_end].split()))
            if is_outlet(body) or (credit and len(body.split()) == 1):
                return None  # an outlet crediting its source: "..., The Gazette reports."
            return Found("unnamed", pos, words(pos), None, body, True, institution=True)
        match = _DESCRIPTOR.search(text[start:cut])
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

    def after(self, close: int, para_end: int) -> Found | None:
        """An attribution right after a closing mark: ', he said.' or ', said Mr X.'"""
        text = self.text
        stop = para_end
        match = _CLAUSE_STOP.search(text, close, para_end)
        if match:
            stop = match.start()
        verb = SPEECH_VERB.search(text, close, stop)
        while verb is not None and _IN_RELATIVE.search(text, close, verb.start()):
            verb = SPEECH_VERB.search(text, verb.end(), stop)
        if verb is None:
            return None
        lead = text[close : verb.start()]
        # '"...", - said X.': machine-translated copy puts a dash before the verb.
        dash = re.match(r"\s*,?\s*[-\u2013\u2014]\s+", lead)
        if dash:
            close += dash.end()
            lead = lead[dash.end() :]
        if not lead.strip(" ,\u00a0"):
            # Inverted: "said Mr X", "said the soldier".
            rest_end = min(stop, verb.end() + 60)
            credit = _CREDIT.match(" ".join(verb.group().split()))
            chosen = None
            for mention in self._mentions_in(verb.end(), rest_end):
                between = text[verb.end() : mention.start]
                if mention.possessive:
                    break
                if not between.strip():
                    chosen = mention
                    if mention.person is not None or mention.titled:
                        break
                    continue  # a lone unknown word, perhaps a body before a title: "Kremlin"
                role = title_before(between)
                if role and _TITLE_BEFORE.fullmatch(between):
                    # "said harbour master X": the title stays out of the name.
                    self.names.titles[mention.start] = role
                    chosen = mention
                break
            if chosen is None:
                chosen = self._after_role(verb.end(), stop)
            if chosen is not None:
                if credit and chosen.person is None:
                    return None  # "according to Reuters": the outlet, not the speaker
                return Found("name", chosen.start, text[verb.start() : chosen.end], chosen)
            org = _INSTITUTION_AFTER.match(text, verb.end(), min(stop, verb.end() + 200))
            body = org and institution(org.group(1))
            if body and not is_outlet(body):
                # '"...," informs the Headquarters.': the body's words, with no person. A verb
                # an outlet credits its source with needs a body's word ("reports Reuters").
                if not credit or any(w in _NOT_PERSON for w in body.split()):
                    words = text[verb.start() : org.end()]
                    return Found("unnamed", verb.start(), words, None, body, True, institution=True)
            match = re.match(
                r"\s+((?:one|another|a|an|the)(?:\s+(?!"
                + _RELATIVE_PRONOUN
                + r")[a-z][\w-]*){1,3})",
                text[verb.end() : rest_end],
            )
            if match:
                phrase = match.group(1)
                if is_publication(phrase):
                    return None  # '"...," said the publication.': an outlet, not a speaker
                definite = phrase.split()[0] == "the"
                end = verb.end() + match.end()
                named = self.named_as(end, min(stop, end + 80))
                if named is not None:
                    found = Found("name", named.start, text[verb.start() : named.end], named)
                    found.descriptor = phrase if definite and _one_person(phrase) else ""
                    return found
                return Found(
                    "unnamed", verb.start(), text[verb.start() : end], None, phrase, definite
                )
            return None
        if re.match(r"\s*,?\s*[a-z]", lead) and not _PRONOUN.match(lead.strip(" ,")):
            named = [m for m in self._mentions_in(close, verb.start()) if not m.possessive]
            titled = named and not text[named[-1].end : verb.start()].strip(" ,\u00a0")
            if titled and title_before(text[close : named[-1].start]):
                # '"...," military spokesman X said.'
                self.names.titles[named[-1].start] = title_before(text[close : named[-1].start])
            elif not re.match(r"\s*,?\s*(?:one|another|a|an|the)\b", lead):
                return None
        return self.subject(close, verb.start(), verb.end())

    def _after_role(self, verb_end: int, stop: int) -> Mention | None:
        """The person named after a role and its unit that follow a verb ('- told the drone
        operator of the 139th brigade Petrenko Bohdan'), or None."""
        for mention in self._mentions_in(verb_end, min(stop, verb_end + 200)):
            if not mention.possessive and _ROLE_LEAD.fullmatch(self.text, verb_end, mention.start):
                self.names.give_duty(mention, self.text[verb_end : mention.start])
                return mention
        return None

    def before(self, opened: int, para_start: int) -> Found | None:
        """An attribution in the sentence leading up to an opening mark: 'X, who ..., said:'."""
        text = self.text
        start = _sentence_start(text, opened, para_start)
        for verb in SPEECH_VERB.finditer(text, start, opened):
            if verb.group().lower().startswith("according"):
                # "According to X, spokesman for ..., "...": the source follows the words.
                after = self._mentions_in(verb.end(), opened)
                if after and not text[verb.end() : after[0].start].strip():
                    mention = after[0]
                    if not mention.possessive and (mention.person is not None or mention.titled):
                        words = text[verb.start() : mention.end]
                        return Found("name", mention.start, words, mention)
                continue
            found = self.subject(start, verb.start(), verb.end())
            if found is not None:
                return found
        return None

    def new_subject(self, pos: int) -> Found | None:
        """The subject of a sentence at `pos` that is a new unnamed person ('A third prisoner,
        who did not give his name, spoke only briefly.'), or None."""
        match = _NEW_SUBJECT.match(self.text, pos)
        if match is None:
            return None
        phrase = " ".join(match.group("desc").split())
        phrase = phrase[0].lower() + phrase[1:]
        found = Found("unnamed", match.start("desc"), match.group(), None, phrase)
        found.unit, found.role = self.apposition(phrase, match.end("desc"))
        return found

    def narrative(self, paras, skip: set[int]) -> list[tuple[int, Found]]:
        """Who each narrative sentence is about, in order: subjects of speech verbs and people
        named at the head of a clause (not objects: 'said Zalewski', 'blamed Zalewski')."""
        text = self.text
        events = []
        for index, (ps, pe) in enumerate(paras):
            if index in skip:
                continue
            for mention in self._mentions_in(ps, pe):
                if mention.possessive:
                    continue
                sentence = _sentence_start(text, mention.start, ps)
                named = mention.person is not None or len(mention.tokens) > 1
                if named and _NAMED_AS.search(
                    text[max(sentence, mention.start - 100) : mention.start]
                ):
                    # "The soldier, named by officials as X, surrendered": X is the soldier.
                    found = Found("name", mention.start, "", mention)
                    found.descriptor = self.naming_descriptor(sentence, mention)
                    events.append((mention.start, found))
                    continue
                descriptor = self.apposed_descriptor(sentence, mention)
                if descriptor:
                    # "The volunteer, X, 41, ...": the volunteer in focus was X all along.
                    self.names.person_for(mention)
                    found = Found("name", mention.start, "", mention)
                    found.descriptor = descriptor
                    events.append((mention.start, found))
                    continue
                if _VERB_FIRST.fullmatch(text, sentence, mention.start) and _CLAUSE_END.match(
                    text, mention.end
                ):
                    # "As said the commander of the ... X, the village is ...": X is the source.
                    self.names.person_for(mention)
                    self.names.give_duty(mention, text[sentence : mention.start])
                    events.append((mention.start, Found("name", mention.start, "", mention)))
                    continue
                if mention.person is None:
                    continue
                before = text[ps : mention.start]
                head = re.search(
                    r"(?:^|[,;:\u2013\u2014-]\s*|\b(?:also|was|were|and|but|as|while|when|after"
                    r"|meanwhile|lastly|finally|[Aa]ccording\s+to)\s+)$",
                    before,
                )
                prefix = text[sentence : mention.start]
                title = title_before(" " + prefix)
                if _ROLE_PREFIX.fullmatch(prefix) and title:
                    # "Harbour master X said": the sentence's capital is not the title's.
                    first = title.split()[0]
                    if _PERSON_NOUN.search(first) or re.search(
                        r"\b" + re.escape(first.lower()) + r"\b", text
                    ):
                        title = first.lower() + title[len(first) :]
                    self.names.titles.setdefault(mention.start, title)
                if head or sentence == mention.start or _ROLE_PREFIX.fullmatch(prefix):
                    events.append((mention.start, Found("name", mention.start, "", mention)))
            for verb in SPEECH_VERB.finditer(text, ps, pe):
                start = _sentence_start(text, verb.start(), ps)
                found = self.subject(start, verb.start(), verb.end())
                if found is None or found.kind == "pronoun":
                    continue
                if found.institution:
                    # A body's statement moves no focus, but stands between a speaker and
                    # an unattributed quotation that follows.
                    events.append((found.pos, found))
                    continue
                if found.kind == "unnamed" and not _one_person(found.description):
                    continue  # "the report said", "the men said": not who "he" will be
                if found.kind == "unnamed" and _PASSIVE.search(text[found.pos : verb.start()]):
                    continue  # "The attack was described as ...": nobody spoke
                events.append((found.pos, found))
            for opened in re.finditer(
                r"(?:^|(?<=[.!?\u2026" + MASK + r"]['\"’”]?\s+))(?=\S)", text[ps:pe]
            ):
                found = self.new_subject(ps + opened.start())
                if found is not None:
                    events.append((found.pos, found))
        events.sort(key=lambda e: e[0])
        return events
