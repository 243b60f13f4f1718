"""Who said it: the attribution around a quotation, after its closing mark (', he said.',
', said Mr X.') or in the sentence leading up to it ('X, who ..., said:')."""

import regex as re

from .cyrillic import (
    ACCORDING_PRONOUN,
    ACCORDING_START,
    BODY_BEFORE,
    CYRILLIC_PRONOUN,
    DOCUMENT_SAYS,
    ONE_OF,
    QUOTED_NAME,
    is_cyrillic,
    read_lead,
    same_role,
)
from .descriptors import (
    INSTITUTION_AFTER,
    RELATIVE_PRONOUN,
    TITLE_BEFORE,
    institution,
    is_outlet,
    is_publication,
    one_person,
    title_before,
)
from .memberships import ROLE_LEAD
from .mentions import NOT_PERSON, Mention
from .speech import MASK, SPEECH_VERB
from .subjects import CREDIT, IN_RELATIVE, PRONOUN, Found, SubjectReader
from .text import TITLE_ABBREVIATIONS
from .units import UNIT

_UNIT_AFTER_VERB = re.compile(r"\s+(?:the\s+)?(?P<unit>" + UNIT + r")(?=\s*(?:[,.;:!?\n]|$))")
_TITLE_WORDS = re.compile(r"\s*(?:\p{Lu}\p{Ll}+\s+){1,2}")
# Where an attribution after a quotation ends: a sentence's end (not a title's full stop, as
# in "said Maj. Gen. X") or the next quotation.
_CLAUSE_STOP = re.compile(
    r"(?<!\b(?:" + TITLE_ABBREVIATIONS + r"|\p{Lu}))\.|[!?\u2026]|" + MASK
)  # nor an initial's: "the U.S. Army announced"


class Attributor(SubjectReader):
    """Reads attributions around quotations in an article's masked text."""

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
        stop = self._clause_stop(close, para_end)
        verb = SPEECH_VERB.search(text, close, stop)
        while verb is not None and IN_RELATIVE.search(text, close, verb.start()):
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
            return self._inverted(verb, stop)
        if re.match(r"\s*,?\s*[a-z]", lead) and not PRONOUN.match(lead.strip(" ,")):
            named = [m for m in self.mentions_in(close, verb.start()) if not m.possessive]
            titled = named and not text[named[-1].end : verb.start()].strip(" ,\u00a0")
            if titled and title_before(text[close : named[-1].start]):
                # '"...," military spokesman X said.'
                self.names.titles[named[-1].start] = title_before(text[close : named[-1].start])
            elif not re.match(r"\s*,?\s*(?:one|another|a|an|the)\b", lead):
                return None
        return self.subject(close, verb.start(), verb.end())

    def _clause_stop(self, start: int, end: int) -> int:
        """Where the clause from `start` ends: a sentence's end or the next quotation, but
        not a unit's name in «» ("бригади «Лелека» Остап X", in Cyrillic text)."""
        while (match := _CLAUSE_STOP.search(self.text, start, end)) is not None:
            name = self.names.language and QUOTED_NAME.match(self.names.body, match.start())
            if not name:
                return match.start()
            start = name.end()
        return end

    def _inverted(self, verb, stop: int) -> Found | None:
        """The subject after an inverted verb: "said Mr X", "said the soldier", "added the
        Khortytsia group of forces"."""
        text = self.text
        # A Cyrillic title with its unit may stand between the verb and the name.
        rest_end = min(stop, verb.end() + (160 if is_cyrillic(verb.group()) else 60))
        credit = CREDIT.match(" ".join(verb.group().split()))
        chosen = self._named_after(verb.end(), rest_end)
        if chosen is None:
            chosen = self._after_role(verb.end(), stop)
        if chosen is not None:
            if credit and chosen.person is None:
                return None  # "according to Reuters": the outlet, not the speaker
            return Found("name", chosen.start, text[verb.start() : chosen.end], chosen)
        if is_cyrillic(verb.group()):
            return self._cyrillic_after(verb, stop)
        found = self._body_after(verb, stop, credit)
        if found is None:
            found = self._described_after(verb, stop, rest_end)
        return found

    def _cyrillic_after(self, verb, stop: int) -> Found | None:
        """Who follows a Russian or Ukrainian verb when no name does: a pronoun ("сказала
        вона"), or a role that refers back to the person given it earlier ("сказав міський
        голова", "уверен командир полка"), else an unnamed speaker so described ("розповів
        військовий")."""
        text, names = self.text, self.names
        pronoun = CYRILLIC_PRONOUN.match(text, verb.end(), stop)
        if pronoun is not None:
            return Found("pronoun", pronoun.start(1), pronoun.group(1))
        one = ONE_OF.match(text, verb.end(), stop)
        if one is not None:  # "сказала одна из жительниц": someone unnamed
            words = " ".join(text[verb.start() : one.end()].split())
            return Found("unnamed", verb.start(), words, None, " ".join(one.group(1).split()))
        after = names.body[verb.end() : stop]
        if re.fullmatch(DOCUMENT_SAYS, verb.group()):
            # "говорится в заявлении администрации": the document's author, no person.
            body = " ".join(re.sub(r"^\s*(?:в|у|во)\s+", "", after).split())
            words = " ".join(text[verb.start() : stop].split())
            return Found("unnamed", verb.start(), words, None, body, True, institution=True)
        lead = read_lead(after + " ", names.language)
        if lead is None or after[: lead.start].strip() or not lead.title:
            return None
        words = " ".join(text[verb.start() : stop].split())
        for mention in reversed(names.mentions_in(0, verb.start())):
            person = mention.person
            said = names.people[person] if person is not None else None
            if said is not None and same_role(f"{said.role} {said.rank}", lead.title):
                found = Found("name", mention.start, words, mention)
                found.verb = verb.start()
                return found
        return Found("unnamed", verb.start(), words, None, lead.title, True)

    def cyrillic_subject(self, start: int, verb) -> Found | None:
        """Who a Russian or Ukrainian verb in a narrative sentence starting at `start`
        credits when no subject stands before it: a body in the locative, or whoever follows
        the verb ("За словами Волошина, ...", "Як повідомила речниця X, ...")."""
        line_end = self.text.find("\n", verb.end())
        line_end = len(self.text) if line_end < 0 else line_end
        stop = self._clause_stop(verb.end(), line_end)
        comma = self.text.find(",", verb.end(), stop)
        return self._cyrillic_body_before(start, verb) or self._inverted(
            verb, comma if comma >= 0 else stop
        )

    def _cyrillic_body_before(self, start: int, verb) -> Found | None:
        """An institution speaking, named in the locative before the verb ("В министерстве
        обороны заявили", "У Генштабі повідомили")."""
        if not verb.group().endswith(("ли", "ют", "ят", "ють", "ять")):
            return None  # a body speaks in the plural: "заявили", "повідомляють"
        text = self.names.body[start : verb.start()]
        match = BODY_BEFORE.match(text)
        if match is None:
            return None
        body = " ".join(match.group("body").split())
        words = " ".join(self.names.body[start + match.start() : verb.end()].split())
        return Found("unnamed", start + match.start(), words, None, body, True, institution=True)

    def _named_after(self, verb_end: int, rest_end: int) -> Mention | None:
        """The person named right after a verb, perhaps after their title, or None."""
        text = self.text
        chosen = None
        for mention in self.mentions_in(verb_end, rest_end):
            between = text[verb_end : mention.start]
            if mention.possessive:
                break
            # "said South Arvelian President X": words of the title the name left out.
            if not between.strip() or (mention.duty and _TITLE_WORDS.fullmatch(between)):
                chosen = mention
                if mention.person is not None or mention.titled:
                    break
                continue  # a lone unknown word, perhaps a body before a title: "Kremlin"
            if self._cyrillic_lead(verb_end, mention) or self._cyrillic_gap(verb_end, mention):
                chosen = mention  # "заявив речник 419-ї бригади «Лелека» Остап X"
                break
            role = title_before(between)
            if role and TITLE_BEFORE.fullmatch(between):
                # "said harbour master X": the title stays out of the name.
                self.names.titles[mention.start] = role
                chosen = mention
            break
        return chosen

    def _cyrillic_lead(self, start: int, mention: Mention) -> bool:
        """Whether the words from `start` to a Cyrillic name are all its title, rank and unit
        (read from the unmasked text, where a unit's name in «» is printed)."""
        names = self.names
        if not names.language or not is_cyrillic(mention.name):
            return False
        between = names.body[start : mention.start]
        lead = read_lead(between, names.language)
        return lead is not None and not between[: lead.start].strip(" ,\u00a0")

    def _cyrillic_gap(self, start: int, mention: Mention) -> bool:
        """Whether a Cyrillic name that ends its clause follows a verb after a few words of
        where or to whom ("заявил в интервью РБК Песков.", "сказал журналистам Песков,")."""
        names = self.names
        if not names.language or not is_cyrillic(mention.name):
            return False
        between = names.body[start : mention.start].split()
        ends = re.match(r"\s*(?:[,.;:!?\n]|$)", names.body[mention.end : mention.end + 2])
        return (
            0 < len(between) <= 4
            and ends is not None
            and not any(w[:1].isupper() and not w.isupper() for w in between)
        )

    def _after_role(self, verb_end: int, stop: int) -> Mention | None:
        """The person named after a role and its unit that follow a verb ('- told the drone
        operator of the 139th brigade Petrenko Bohdan'), or None."""
        for mention in self.mentions_in(verb_end, min(stop, verb_end + 200)):
            if not mention.possessive and ROLE_LEAD.fullmatch(self.text, verb_end, mention.start):
                self.names.give_duty(mention, self.text[verb_end : mention.start])
                return mention
        return None

    def _body_after(self, verb, stop: int, credit) -> Found | None:
        """A unit or an institution after a verb, speaking as itself, or None. `credit`: the
        verb is one with which an outlet credits its source."""
        text = self.text
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
        return None

    def _described_after(self, verb, stop: int, rest_end: int) -> Found | None:
        """An unnamed speaker described after a verb ("said one soldier", "said the pilot, who
        gave his name as X"), or None."""
        text = self.text
        match = re.match(
            r"\s+((?:one|another|a|an|the)(?:\s+(?!" + RELATIVE_PRONOUN + r")[a-z][\w-]*){1,3})",
            text[verb.end() : rest_end],
        )
        if match is None:
            return None
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
        return Found("unnamed", verb.start(), text[verb.start() : end], None, phrase, definite)

    def before(self, opened: int, para_start: int) -> Found | None:
        """An attribution in the sentence leading up to an opening mark: 'X, who ..., said:'."""
        text = self.text
        start = self.sentences.start(opened, para_start)
        for verb in SPEECH_VERB.finditer(text, start, opened):
            pronoun = ACCORDING_PRONOUN.search(verb.group())
            if pronoun is not None:  # "По его словам, «...»": whom the text is about
                return Found("pronoun", verb.start() + pronoun.start(1), pronoun.group(1))
            if verb.group().lower().startswith("according") or ACCORDING_START.match(verb.group()):
                # "According to X, spokesman for ..., "...": the source follows the words.
                after = self.mentions_in(verb.end(), opened)
                if after and not text[verb.end() : after[0].start].strip():
                    mention = after[0]
                    if not mention.possessive and (mention.person is not None or mention.titled):
                        words = text[verb.start() : mention.end]
                        return Found("name", mention.start, words, mention)
                continue
            found = self.subject(start, verb.start(), verb.end())
            if found is None and is_cyrillic(verb.group()):
                # "Як повідомила речниця X, «...»": the subject after the verb.
                found = self._cyrillic_body_before(start, verb) or self._inverted(verb, opened)
            if found is not None:
                return found
        return None
