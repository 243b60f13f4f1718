"""Who said it: the attribution around a quotation, after its closing mark (', he said.',
', said Mr X.') or in the sentence leading up to it ('X, who ..., said:')."""

import regex as re

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
        match = _CLAUSE_STOP.search(text, close, para_end)
        if match:
            stop = match.start()
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

    def _inverted(self, verb, stop: int) -> Found | None:
        """The subject after an inverted verb: "said Mr X", "said the soldier", "added the
        Khortytsia group of forces"."""
        text = self.text
        rest_end = min(stop, verb.end() + 60)
        credit = CREDIT.match(" ".join(verb.group().split()))
        chosen = self._named_after(verb.end(), rest_end)
        if chosen is None:
            chosen = self._after_role(verb.end(), stop)
        if chosen is not None:
            if credit and chosen.person is None:
                return None  # "according to Reuters": the outlet, not the speaker
            return Found("name", chosen.start, text[verb.start() : chosen.end], chosen)
        found = self._body_after(verb, stop, credit)
        if found is None:
            found = self._described_after(verb, stop, rest_end)
        return found

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
            role = title_before(between)
            if role and TITLE_BEFORE.fullmatch(between):
                # "said harbour master X": the title stays out of the name.
                self.names.titles[mention.start] = role
                chosen = mention
            break
        return chosen

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
            if verb.group().lower().startswith("according"):
                # "According to X, spokesman for ..., "...": the source follows the words.
                after = self.mentions_in(verb.end(), opened)
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
