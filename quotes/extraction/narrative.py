"""Who the narrative is about, sentence by sentence: the people named at the head of a clause,
the subjects of speech verbs, and unnamed people a sentence introduces. The pipeline's
timeline reads these events in order to follow whom "he" or "the soldier" means."""

import regex as re

from .cyrillic import is_cyrillic
from .descriptors import NEW_SUBJECT, one_person, title_before
from .mentions import PERSON_NOUN, Mention
from .ranks import ROLE
from .speech import MASK, SPEECH_VERB
from .subjects import NAMED_AS, Found, SubjectReader

# A sentence that opens with a role before the name ("Harbour master Ilse Vantongeren
# said", "Defence minister Ana Ruiz visited") is about that person: a few words, none of
# them a preposition or verb that would make the name an object.
_ROLE_PREFIX = re.compile(
    r"(?:(?!(?:of|to|by|with|for|from|at|in|on|about|against|and|but|than)\b)"
    r"[A-Za-z][\w'’-]*(?<!ed)(?<!ing)\s+){1,4}"
)


# A verb in the passive: "The building was described as ...", whose subject spoke nowhere.
_PASSIVE = re.compile(r"\b(?:was|were|is|are|been|being)\s+$")


# A name given to "he" or "him", the unnamed person in focus: "The SBU later identified him as
# X", "He was later named as X", "She gave her name as X".
_NAMED_BY_PRONOUN = re.compile(
    r"(?:\b(?:him|her)\s+as"
    r"|^(?:(?:Later|Then|Meanwhile|Finally|Lastly)(?:\s+[^,.;:\n\x01]{1,30}?)?,?\s+)?"
    r"(?:He|She|he|she)\s+"
    r"(?:(?:was|has\s+been|had\s+been)\s+(?:\w+ly\s+|later\s+)?(?:named|identified)"
    r"(?:\s+by\s+[^,.;:\n\x01]{1,60}?)?"
    r"|(?:later\s+)?(?:identifies|identified|introduces|introduced)\s+(?:himself|herself)"
    r"|(?:later\s+)?(?:gave|gives)\s+(?:his|her)\s+(?:full\s+)?name)\s+as"
    # "He is Private X.", "His name is X."
    r"|(?:He|She|he|she)\s+is|(?:His|Her|his|her)\s+name\s+is)\s+$"
)


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


def narrative(reader: SubjectReader, paras, skip: set[int]) -> list[tuple[int, Found]]:
    """Who each narrative sentence is about, in order: subjects of speech verbs and people
    named at the head of a clause (not objects: 'said Zalewski', 'blamed Zalewski'), paragraph
    by paragraph, those in `skip` left out."""
    text = reader.text
    events = []
    for index, (ps, pe) in enumerate(paras):
        if index in skip:
            continue
        for mention in reader.mentions_in(ps, pe):
            found = _named(reader, mention, ps)
            if found is not None:
                events.append((mention.start, found))
        for verb in SPEECH_VERB.finditer(text, ps, pe):
            found = _speaker(reader, verb, ps)
            if found is not None:
                events.append((found.pos, found))
        for opened in re.finditer(
            r"(?:^|(?<=[.!?\u2026" + MASK + r"]['\"’”]?\s+))(?=\S)", text[ps:pe]
        ):
            found = new_subject(reader, ps + opened.start())
            if found is not None:
                events.append((found.pos, found))
    events.sort(key=lambda e: e[0])
    return events


def _named(reader: SubjectReader, mention: Mention, ps: int) -> Found | None:
    """The event a mention in the paragraph starting at `ps` makes: a name given to a
    descriptor or to "he", a name in apposition to a descriptor, the source of content-farm
    word order, or a person at the head of a clause; None for a name in any other place."""
    text = reader.text
    if mention.possessive:
        return None
    sentence = reader.sentences.start(mention.start, ps)
    named = mention.person is not None or len(mention.tokens) > 1
    if named and NAMED_AS.search(text[max(sentence, mention.start - 100) : mention.start]):
        # "The soldier, named by officials as X, surrendered": X is the soldier.
        found = Found("name", mention.start, "", mention)
        found.descriptor = reader.naming_descriptor(sentence, mention)
        found.by_pronoun = bool(_NAMED_BY_PRONOUN.search(text[sentence : mention.start]))
        return found
    descriptor = reader.apposed_descriptor(sentence, mention)
    if descriptor:
        # "The volunteer, X, 41, ...": the volunteer in focus was X all along.
        reader.names.person_for(mention)
        found = Found("name", mention.start, "", mention)
        found.descriptor = descriptor
        return found
    if _VERB_FIRST.fullmatch(text, sentence, mention.start) and _CLAUSE_END.match(
        text, mention.end
    ):
        # "As said the commander of the ... X, the village is ...": X is the source.
        reader.names.person_for(mention)
        reader.names.give_duty(mention, text[sentence : mention.start])
        return Found("name", mention.start, "", mention)
    if mention.person is None:
        return None
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
        if PERSON_NOUN.search(first) or reader.has_word(first.lower()):
            title = first.lower() + title[len(first) :]
        reader.names.titles.setdefault(mention.start, title)
    if head or sentence == mention.start or _ROLE_PREFIX.fullmatch(prefix):
        return Found("name", mention.start, "", mention)
    return None


def _speaker(reader: SubjectReader, verb, ps: int) -> Found | None:
    """The event a speech verb in the paragraph starting at `ps` makes: its subject, unless
    that is a pronoun, no one person, or the subject of a verb in the passive."""
    start = reader.sentences.start(verb.start(), ps)
    found = reader.subject(start, verb.start(), verb.end())
    if found is None and is_cyrillic(verb.group()) and hasattr(reader, "cyrillic_subject"):
        found = reader.cyrillic_subject(start, verb)  # "За словами X, ...", "Як повідомив X"
    if found is None or found.kind == "pronoun":
        return None
    if found.institution:
        # A body's statement moves no focus, but stands between a speaker and
        # an unattributed quotation that follows.
        return found
    if found.kind == "unnamed" and not one_person(found.description):
        return None  # "the report said", "the men said": not who "he" will be
    if found.kind == "unnamed" and _PASSIVE.search(reader.text[found.pos : verb.start()]):
        return None  # "The attack was described as ...": nobody spoke
    return found


def new_subject(reader: SubjectReader, pos: int) -> Found | None:
    """The subject of a sentence at `pos` that is a new unnamed person ('A third prisoner,
    who did not give his name, spoke only briefly.'), or None."""
    match = NEW_SUBJECT.match(reader.text, pos)
    if match is None:
        return None
    phrase = " ".join(match.group("desc").split())
    phrase = phrase[0].lower() + phrase[1:]
    found = Found("unnamed", match.start("desc"), match.group(), None, phrase)
    found.unit, found.role = reader.apposition(phrase, match.end("desc"))
    return found
