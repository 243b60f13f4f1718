"""Who said it: attributions around quotations, and who each narrative sentence is about."""

from dataclasses import dataclass

import regex as re

from .descriptors import (
    APPOSED,
    DESCRIPTOR,
    DOCUMENT,
    INSTITUTION,
    INSTITUTION_AFTER,
    NEW_SUBJECT,
    ORG,
    PERSON_HEAD,
    RELATIVE_PRONOUN,
    TITLE_BEFORE,
    institution,
    is_outlet,
    is_publication,
    one_person,
    title_before,
)
from .memberships import ANY_UNIT, ROLE_LEAD, UNIT_AFTER
from .mentions import NOT_PERSON, PERSON_NOUN, Mention
from .people import Names
from .ranks import ROLE
from .speech import MASK, SPEECH_VERB, SentenceStarts
from .text import TITLE_ABBREVIATIONS
from .units import UNIT

# Where something is posted, never who posts it.
_PLATFORMS = frozenset("Telegram Facebook Twitter X Instagram YouTube TikTok Viber".split())
# A unit as the subject of a speech verb, or after an inverted one: it speaks as itself.
_UNIT_SUBJECT = re.compile(
    r"(?:^|[,;:\u2013\u2014]|\bthat|\b[Aa]s)\s*(?:[Tt]he\s+)?(?P<unit>" + UNIT + r")"
    r"(?:['’]s\s+(?:press\s+service|[Tt]elegram\s+channel|statement|post))?"
    r"(?:\s+(?:also|then|later|again|\w+ly))?\s*,?\s*$"
)
_UNIT_AFTER_VERB = re.compile(r"\s+(?:the\s+)?(?P<unit>" + UNIT + r")(?=\s*(?:[,.;:!?\n]|$))")
_TITLE_WORDS = re.compile(r"\s*(?:\p{Lu}\p{Ll}+\s+){1,2}")
_PRONOUN = re.compile(r"\b([Hh]e|[Ss]he)\b(?:\s+[a-z]+ly|\s+also|\s+then|\s+later)?\s*,?\s*$")


# A sentence that opens with a role before the name ("Harbour master Ilse Vantongeren
# said", "Defence minister Ana Ruiz visited") is about that person: a few words, none of
# them a preposition or verb that would make the name an object.
_ROLE_PREFIX = re.compile(
    r"(?:(?!(?:of|to|by|with|for|from|at|in|on|about|against|and|but|than)\b)"
    r"[A-Za-z][\w'’-]*(?<!ed)(?<!ing)\s+){1,4}"
)


# A verb in the passive: "The building was described as ...", whose subject spoke nowhere.
_PASSIVE = re.compile(r"\b(?:was|were|is|are|been|being)\s+$")


# A restrictive relative clause between a subject and its verb: "A paramedic who asked not to
# be named said", "One soldier whose unit was shelled told". Its own verb ("asked") is not the
# sentence's, and the description stops before it. "that" only after a person's noun, as it
# is more often a conjunction ("told the court that").
_RELATIVE = re.compile(
    r"(?:(?<=\p{L})\s+(?:who|whom|whose)\b"
    r"|(?<=\b(?:" + PERSON_HEAD + r"))\s+that\b)[^,;:.!?\n" + MASK + r"]*$"
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
# Who a naming sentence may name: "The prisoner is X".
_ONE_OF_THEM = (
    r"(?:prisoner|soldier|captive|man|woman|serviceman|servicewoman|fighter|officer|pilot"
    r"|detainee|conscript|marine|paratrooper|occupier)"
)
_NAMED_AS = re.compile(
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

# Verbs with which an outlet credits its source of a story: "Ukrinform reports".
_CREDIT = re.compile(r"^(?:reports|reported|writes|wrote|[Aa]ccording\s+to)$")


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
_COMMA = re.compile(r"\s*,")
# Where an attribution after a quotation ends: a sentence's end (not a title's full stop, as
# in "said Maj. Gen. X") or the next quotation.
_CLAUSE_STOP = re.compile(
    r"(?<!\b(?:" + TITLE_ABBREVIATIONS + r"|\p{Lu}))\.|[!?\u2026]|" + MASK
)  # nor an initial's: "the U.S. Army announced"


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


class Attributor:
    """Reads attributions around quotations in an article's masked text."""

    def __init__(self, masked: str, names: Names):
        self.text = masked
        self.names = names
        # Names reads the same masked text (pipeline.extract): its sentence starts serve here too.
        self.sentences = names.sentences if names.text == masked else SentenceStarts(masked)

    def _mentions_in(self, start: int, end: int) -> list[Mention]:
        return self.names.mentions_in(start, end)

    def _has_word(self, word: str) -> bool:
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
            credit = _CREDIT.match(" ".join(text[end:verb_end].split()))
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

    def after(self, close: int, para_end: int) -> Found | None:
        """An attribution right after a closing mark: ', he said.' or ', said Mr X.'"""
        found = self._after(close, para_end)
        if found is not None and found.verb < 0:
            verb = SPEECH_VERB.search(self.text, close, para_end)
            found.verb = verb.start() if verb else -1
        return found

    def _after(self, close: int, para_end: int) -> Found | None:
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
                # "said South Arvelian President X": words of the title the name left out.
                if not between.strip() or (mention.duty and _TITLE_WORDS.fullmatch(between)):
                    chosen = mention
                    if mention.person is not None or mention.titled:
                        break
                    continue  # a lone unknown word, perhaps a body before a title: "Kremlin"
                role = title_before(between)
                if role and TITLE_BEFORE.fullmatch(between):
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
            org = INSTITUTION_AFTER.match(text, verb.end(), min(stop, verb.end() + 200))
            body = org and institution(org.group(1))
            unit = _UNIT_AFTER_VERB.match(text, verb.end(), min(stop, verb.end() + 200))
            if unit and not body:
                # '"...," added the Khortytsia group of forces.': the unit's own words.
                body = self.names.units.fullest(unit.group("unit"))
                words = text[verb.start() : unit.end()]
                return Found("unnamed", verb.start(), words, None, body, True, institution=True)
            if body and not is_outlet(body):
                # '"...," informs the Headquarters.': the body's words, with no person. A verb
                # an outlet credits its source with needs a body's word ("reports Reuters").
                if not credit or any(w in NOT_PERSON for w in body.split()):
                    words = text[verb.start() : org.end()]
                    return Found("unnamed", verb.start(), words, None, body, True, institution=True)
            match = re.match(
                r"\s+((?:one|another|a|an|the)(?:\s+(?!"
                + RELATIVE_PRONOUN
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
                    found.descriptor = phrase if definite and one_person(phrase) else ""
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
            if not mention.possessive and ROLE_LEAD.fullmatch(self.text, verb_end, mention.start):
                self.names.give_duty(mention, self.text[verb_end : mention.start])
                return mention
        return None

    def before(self, opened: int, para_start: int) -> Found | None:
        """An attribution in the sentence leading up to an opening mark: 'X, who ..., said:'."""
        text = self.text
        start = self.sentences.start(opened, para_start)
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
        match = NEW_SUBJECT.match(self.text, pos)
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
                sentence = self.sentences.start(mention.start, ps)
                named = mention.person is not None or len(mention.tokens) > 1
                if named and _NAMED_AS.search(
                    text[max(sentence, mention.start - 100) : mention.start]
                ):
                    # "The soldier, named by officials as X, surrendered": X is the soldier.
                    found = Found("name", mention.start, "", mention)
                    found.descriptor = self.naming_descriptor(sentence, mention)
                    found.by_pronoun = bool(
                        _NAMED_BY_PRONOUN.search(text[sentence : mention.start])
                    )
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
                    if PERSON_NOUN.search(first) or self._has_word(first.lower()):
                        title = first.lower() + title[len(first) :]
                    self.names.titles.setdefault(mention.start, title)
                if head or sentence == mention.start or _ROLE_PREFIX.fullmatch(prefix):
                    events.append((mention.start, Found("name", mention.start, "", mention)))
            for verb in SPEECH_VERB.finditer(text, ps, pe):
                start = self.sentences.start(verb.start(), ps)
                found = self.subject(start, verb.start(), verb.end())
                if found is None or found.kind == "pronoun":
                    continue
                if found.institution:
                    # A body's statement moves no focus, but stands between a speaker and
                    # an unattributed quotation that follows.
                    events.append((found.pos, found))
                    continue
                if found.kind == "unnamed" and not one_person(found.description):
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
