"""The extraction steps in order: spans, kinds, attribution, statements, speakers."""

import regex as re

from archive.text import paragraph_spans

from .attribution import Attributor
from .candidates import Cast, Situation
from .cyrillic import is_cyrillic
from .entities import Entity, Resolver
from .memberships import UNIT_SPOKEN
from .narrative import narrative
from .people import Names
from .quotations import Extraction, Quotation, Speaker, TitleQuotation
from .ranking import current
from .spans import MARKS, Span, find_spans, is_boilerplate, is_headline_like
from .speech import mask
from .subjects import Found
from .text import fold_typography, words
from .units import unit_key


def _headlines(body: str, paras, title: str) -> set[int]:
    """Indexes of the title lines at the top of the body."""
    out = set()
    if len(paras) > 1 and is_headline_like(body[paras[0][0] : paras[0][1]]):
        out.add(0)
    if title:
        for index, (s, e) in enumerate(paras[:3]):
            if fold_typography(body[s:e]) == fold_typography(title):
                out.add(index)
    return out


# A comma, end mark or dash right after a closing mark, before the attribution.
_CLAUSE_AFTER = re.compile(r"[ \u00a0]*(?:[,!?][ \u00a0]*)?[\u2014\u2013-][ \u00a0]")


def _text(source: str, span: Span) -> str:
    return "\n".join(source[s:e] for s, e in span.segments)


def _kind(source: str, span: Span, para_start: int) -> str | None:
    """'quote', 'partial' or 'headline'; None for a scare quote of one to three words."""
    text = _text(source, span)
    count = len(words(text))
    before = source[para_start : span.opened].rstrip()
    if span.headline:
        return "headline" if count >= 4 else None
    first = next((c for c in text if c.isalpha()), "")
    if count <= 3:
        # "Never," he said. is a short sentence, not a scare quote; so is «Ніколи», — сказав
        # він, whose comma Russian and Ukrainian print after the mark.
        opens_sentence = not before or before[-1] in ":,"
        ends = text.rstrip()[-1:] in ".!?," or (
            is_cyrillic(text) and _CLAUSE_AFTER.match(source, span.closed)
        )
        sentence = first.isupper() and ends and opens_sentence
        return "quote" if sentence else None
    if first.islower() and before[-1:].isalnum():
        return "partial"  # a clause woven into reported speech: said the mayor "has failed us all"
    return "quote"


def _chosen(quotation, situation, cast, names, decide) -> Entity:
    """The entity the ranking credits with `quotation`; its confidence, doubt and the
    runner-up are noted on the quotation."""
    rule = situation.rule
    found = situation.found
    candidates = cast.candidates(
        situation, lambda person: rule if rule.person == person else Entity(person=person)
    )
    none = candidates[-1]
    if none.entity is None:  # the rules credit a person: "no person" is what else they read
        if found is not None and found.kind == "unnamed":
            # An ident of its own (the unnamed speakers' are positive), by where it was read.
            none.entity = Entity(
                description=found.description, ident=-2 - found.pos, institution=found.institution
            )
        else:
            none.entity = Entity(ident=-1)
    choice = decide(candidates, quotation)
    quotation.confidence = round(choice.confidence, 4)
    if not choice.sure:
        other = choice.runner_up
        if other is not None and other.person is not None:
            quotation.alternatives = [names.people[other.person].name]
        quotation.doubt = doubt(choice, situation) or (
            f"the ranking is unsure (confidence {choice.confidence:.2f})"
        )
    return choice.candidate.entity


def doubt(choice, situation) -> str:
    """Why the ranking may be wrong, in an archivist's words, read from the candidates'
    features, or '' when none says why."""
    chosen, other = choice.candidate.features, choice.runner_up
    found = situation.found
    if other is not None and other.person is not None and choice.candidate.person is not None:
        if chosen.get("same_paragraph") and other.features.get("same_paragraph"):
            return "two people named in the paragraph"
    if found is not None and found.kind == "unnamed" and found.definite:
        if choice.candidate.person is None:
            return f"description not resolved: '{found.description}'"
        return f"description '{found.description}' resolved to a person named earlier"
    if found is not None and found.kind == "pronoun":
        return f"'{found.words.split()[0]}' may be more than one person"
    if chosen.get("publisher"):
        return "credited to whoever posted or reported the words"
    if found is None and not chosen.get("continues"):
        return "no attribution next to the quotation"
    return ""


def _next_para(body: str, paras, index: int) -> int:
    index += 1
    while index < len(paras) and is_boilerplate(body[paras[index][0] : paras[index][1]]):
        index += 1
    return index


def _decide_by_model(candidates, quotation):
    return current().choose(candidates)


def extract(body: str, *, title: str = "", outlet: str = "", decide=None) -> Extraction:
    """All direct quotations in `body` (and a quoted headline in `title`), attributed.
    `outlet`: the name of the outlet that printed it, whose words name nobody in it.
    `decide(candidates, quotation)` picks each quotation's source; by default the learned
    ranking does."""
    paras = paragraph_spans(body)
    headlines = _headlines(body, paras, title)
    spans = sorted(find_spans(body, headlines), key=lambda s: s.opened)
    boiler = {i for i, (s, e) in enumerate(paras) if is_boilerplate(body[s:e])}
    masked = mask(body, spans)
    names = Names(masked, paras, headlines | boiler, body, outlet=outlet)
    reader = Attributor(masked, names)
    cast = Cast(names, paras, title, headlines, body)
    crediting = _Crediting(body, paras, names, reader, cast, decide or _decide_by_model)

    quotations = _title_quotations(body, paras, title)
    # One timeline: narrative events move the focus; quotations are read in place.
    for _pos, is_span, item in _timeline(narrative(reader, paras, headlines | boiler), spans, cast):
        if not is_span:
            crediting.event(item)
        elif (quotation := crediting.quotation(item)) is not None:
            quotations.append(quotation)
    crediting.name_the_unnamed()
    names.give_titles()
    for quotation in quotations:
        if quotation.speaker is not None:
            _spoken_unit(quotation, names)
    return Extraction(quotations, _speakers(quotations, names))


def _title_quotations(body: str, paras, title: str) -> list[Quotation]:
    """The quoted headline of a `title` the body does not print at its top."""
    quotations: list[Quotation] = []
    if title and not any(
        fold_typography(body[s:e]) == fold_typography(title) for s, e in paras[:3]
    ):
        for span in find_spans(title, {0}):
            span.headline = True
            if _kind(title, span, 0):
                quotations.append(
                    TitleQuotation(_text(title, span), span.segments, kind="headline")
                )
    return quotations


def _timeline(events: list[tuple[int, Found]], spans: list[Span], cast: Cast) -> list[tuple]:
    """The narrative events and the quotation spans as (position, 0 or 1, event or span), in
    the order of the text, an event before a span at the same place. The cast learns who is
    the subject of the narrative's speech verbs."""
    timeline = [(pos, 0, found) for pos, found in events]
    for pos, _, found in timeline:
        if found.kind == "name" and found.words and found.mention.person is not None:
            cast.spoke(found.mention.person, pos)
    timeline += [(span.opened, 1, span) for span in spans]
    timeline.sort(key=lambda item: (item[0], item[1]))
    return timeline


class _Crediting:
    """The timeline read in order: narrative events move who the text is about; each
    quotation is credited where it stands and numbered into statements."""

    def __init__(self, body: str, paras, names: Names, reader: Attributor, cast: Cast, decide):
        self.body = body
        self.paras = paras
        self.names = names
        self.reader = reader
        self.cast = cast
        self.decide = decide
        self.resolver = Resolver(names)
        self.previous = None  # (Quotation, Entity, last paragraph index)
        self.credited: list[tuple[Quotation, Entity]] = []
        self.statement = 0
        # Someone other than the previous speaker introduced since their quotation: a
        # quotation with no attribution of its own is then not theirs.
        self.between: Entity | None = None
        self.attributing = set()  # the verbs of the attributions read at quotations

    def event(self, found: Found) -> None:
        """A narrative event: the text is now about whom it names or describes."""
        if found.verb in self.attributing:
            return  # the subject of a quotation's own attribution, read again
        entity = self.resolver.entity(found)
        if not found.institution:
            self.resolver.focus = entity  # "he" is never an institution
        if self.previous is not None and entity.key != self.previous[1].key:
            self.between = entity

    def quotation(self, span: Span) -> Quotation | None:
        """The quotation `span` holds, credited and numbered; None for a scare quote."""
        first = span.paragraphs[0]
        kind = _kind(self.body, span, self.paras[first][0])
        if kind is None:
            return None
        quotation = Quotation(_text(self.body, span), span.segments, kind=kind)
        if kind == "headline":
            self.statement += 1
            quotation.statement = self.statement
            return quotation
        found = self._attribution(span)
        previous = self.previous
        adjacent = (
            previous is not None
            and self.between is None
            and (previous[2] == first or _next_para(self.body, self.paras, previous[2]) == first)
        )
        focus = self.resolver.focus
        entity = self._rule(quotation, found, adjacent)
        situation = Situation(
            start=span.opened,
            paragraph=first,
            rule=entity,
            found=found,
            focus=focus,
            previous=previous[1] if previous is not None else None,
            continues=found is None and adjacent,
            introduced=next((p for p, e in self.resolver.unnamed.items() if e is entity), -1),
        )
        entity = _chosen(quotation, situation, self.cast, self.names, self.decide)
        self._credit(quotation, entity, found)
        # One statement: the same speaker's quotations in one paragraph, or a quotation in the
        # next paragraph that carries no attribution of its own. A new paragraph that credits
        # the speaker again ("..., Khomenko added") is a statement of its own, as outlets
        # reprint such paragraphs apart.
        same = (
            adjacent
            and (previous[2] == first or found is None)
            and kind == "quote"
            and previous[0].kind == "quote"
            and previous[1].key == entity.key
        )
        if not same:
            self.statement += 1
        quotation.statement = self.statement
        self.credited.append((quotation, entity))
        self.previous = (quotation, entity, span.paragraphs[-1])
        self.between = None
        return quotation

    def _attribution(self, span: Span) -> Found | None:
        """The attribution after the quotation's closing mark, else in the sentence that
        leads up to it."""
        body = self.body
        found = None
        inside = body[span.segments[-1][1] - 1]
        if (body[span.closed - 1] in MARKS or span.dash) and inside != ".":
            found = self.reader.after(span.closed, self.paras[span.paragraphs[-1]][1])
        if found is None:
            found = self.reader.before(span.opened, self.paras[span.paragraphs[0]][0])
        return found

    def _rule(self, quotation: Quotation, found: Found | None, adjacent: bool) -> Entity:
        """Whom the rules credit: whom the attribution names or describes; with none, the
        speaker of the quotation it continues, a body named since, or who the text is about."""
        if found is not None:
            self.attributing.add(found.verb)
            entity = self.resolver.entity(found)
            quotation.attribution = " ".join(found.words.split())
            if found.kind == "name":
                self.cast.spoke(entity.person, found.pos)
            if found.kind == "pronoun":
                # "he" is not the woman named last, nor the journalist who posted the video.
                person = self.cast.pronoun_person(found.words.split()[0], entity.person, found.pos)
                if person != entity.person:
                    entity = Entity(person=person)
            return entity
        if adjacent:
            return self.previous[1]
        between = self.between
        if between is not None and between.person is None and between.institution:
            return between  # "As the Headquarters noted, ... "...".": the body's words
        return self.resolver.focus if self.resolver.focus is not None else Entity(ident=-1)

    def _credit(self, quotation: Quotation, entity: Entity, found: Found | None) -> None:
        """Notes the chosen speaker on the quotation; the text is now about them."""
        if found is not None and found.kind == "unnamed" and entity.person is None:
            quotation.speaker_description = found.description
        if not entity.institution:
            self.resolver.focus = entity  # "he" is never an institution
        if entity.person is not None:
            quotation.speaker = self.names.people[entity.person].name
        elif not quotation.speaker_description:
            quotation.speaker_description = entity.description

    def name_the_unnamed(self) -> None:
        """An unnamed speaker named later in the article ("The soldier, named as X,") said it
        all."""
        for quotation, entity in self.credited:
            if quotation.speaker is None and entity.person is not None:
                quotation.speaker = self.names.people[entity.person].name
                quotation.speaker_description = ""


def _speakers(quotations: list[Quotation], names: Names) -> dict[str, Speaker]:
    """The speakers of the quotations, by name, as the article presents them."""
    named = {}  # the first person of each name
    for person in names.people:
        named.setdefault(person.name, person)
    speakers = {}
    for quotation in quotations:
        if quotation.speaker and quotation.speaker not in speakers:
            person = named[quotation.speaker]
            speakers[person.name] = Speaker(
                person.name,
                list(person.aliases),
                list(person.units),
                person.description,
                rank=person.rank,
                role=person.role,
                unit_doubts=dict(person.unit_doubts),
            )
    return speakers


def _spoken_unit(quotation: Quotation, names: Names) -> None:
    """A unit the speaker states in their own words ("I am serving in the 36th Marine
    Brigade") is theirs, less surely than one the article states with their name."""
    match = UNIT_SPOKEN.search(quotation.text)
    if match is None:
        return
    person = next(p for p in names.people if p.name == quotation.speaker)
    unit = " ".join(match.group("unit").split())
    if unit_key(unit) in {unit_key(u) for u in person.units}:
        return
    names.add_unit(person, unit)
    person.unit_doubts.setdefault(person.units[-1], "unit stated only inside the quotation")
