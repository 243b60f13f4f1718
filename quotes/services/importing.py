"""Turning an archived article's extraction into people, units, quotes and printings."""

import logging
from dataclasses import replace

from django.db import transaction

from archive import progress
from archive.languages import language_within
from archive.services import one_import_at_a_time

from ..extraction import Extraction, Quotation, Speaker
from ..matching import Postings, canonical_text, choose_candidates, find_matches, fingerprint_keys
from ..models import Membership, MergeSuggestion, Printing, Quote
from . import ahead, lifecycle
from .attribution import record_conflicts
from .decisions import PREVIEW_NOTE, apply_decisions
from .held import HeldPrintings, HeldStatement
from .people import institutions, person_for
from .translations import TranslationLinks
from .units import unit_for

logger = logging.getLogger(__name__)

# A queued import tells how far it has got (archive.progress) after this many quotations.
PROGRESS_EVERY = 50


def extract_from_article(sender, *, article, publish=False, user=None, decisions=None, **kwargs):
    """Receiver of `archive.signals.article_archived`: the article's extraction stored, as
    the archivist decided it in the preview where they did (`decisions`: apply_decisions)."""
    extraction = ahead.extraction_of(
        article.body, article.title, article.outlet.name if article.outlet_id else ""
    )
    decided = apply_decisions(extraction, decisions)
    import_extraction(
        article=article,
        extraction=decided.extraction,
        publish=publish,
        user=user,
        just_archived=True,
        units_given=decided.units_given,
    )


def credit(quotation: Quotation, speakers: dict[str, Speaker], people: dict) -> dict:
    """The fields of an Printing saying whom this article credits: the person, or the
    description of an unnamed speaker or institution, and the rank and role it prints."""
    person = people.get(quotation.speaker) if quotation.speaker else None
    speaker = speakers.get(quotation.speaker) if quotation.speaker else None
    title = ", ".join(t for t in (speaker.rank, speaker.role) if t) if speaker else ""
    description = "" if person else (quotation.speaker_description or quotation.speaker or "")
    return {
        "person": person,
        "speaker_description": description[:300],
        "speaker_title": title[:300],
        "confidence": quotation.confidence,
        "doubt": doubt_of(quotation, speaker if person else None)[:300],
        "alternatives": quotation.alternatives,
    }


def doubt_of(quotation: Quotation, speaker: Speaker | None) -> str:
    """Why the machine is unsure of whom a quotation is credited to, or of their unit: ''
    when it is sure, and the statement may then be published without review."""
    reasons = [quotation.doubt] if quotation.doubt else []
    if speaker is not None:
        reasons += [f"{unit}: {why}" for unit, why in speaker.unit_doubts.items()]
    return "; ".join(reasons)


def described(quotation: Quotation, people: dict) -> Quotation:
    """A quotation whose named speaker is no person (an outlet, a unit) keeps the name as its
    speaker's description, as a quote from an institution does."""
    if quotation.speaker and people.get(quotation.speaker) is None:
        return replace(quotation, speaker=None, speaker_description=quotation.speaker)
    return quotation


def valid(quotation: Quotation, body: str) -> bool:
    """The extractor's offsets must cut exactly its text out of the body."""
    if not quotation.segments or not quotation.text.strip():
        return False
    pieces = [body[s:e] for s, e in quotation.segments]
    return "\n".join(pieces) == quotation.text and all(
        0 <= s < e <= len(body) for s, e in quotation.segments
    )


def statements(quotations: list[Quotation]) -> list[list[Quotation]]:
    """Quotations grouped by the statement the extractor says they belong to, in order."""
    groups: dict[int, list[Quotation]] = {}
    for quotation in quotations:
        groups.setdefault(quotation.statement, []).append(quotation)
    return list(groups.values())


@transaction.atomic(savepoint=False)  # within the article's own, as one: no savepoint to write
def import_extraction(
    *,
    article,
    extraction: Extraction,
    publish: bool = False,
    user=None,
    curated=(),
    just_archived: bool = False,
    units_given=(),
) -> None:
    """Store the article's quotations, linking each statement to the quote it repeats.

    Unless `publish` (an editor's import, or one run with --publish, by `user`), what the
    machine found waits for review: new quotes are suggested, and a new printing of a
    published quote becomes a suggested quote with a sure merge suggestion into it. With
    `publish`, so does every statement the machine is unsure of (a printing with a doubt:
    doubt_of), which waits with the reason and the alternatives on its printings.

    `curated` are printings of this article an archivist has curated (when it is read
    again): quotations overlapping one of them are not stored again.

    `just_archived`: the article was stored a moment ago in this transaction
    (article_archived is sent so), which holds the import lock: nothing of it is stored yet,
    and no lock is needed.

    `units_given`: the speakers whose units the archivist gave in the preview
    (decisions.apply_decisions), recorded as theirs."""
    if not just_archived:
        one_import_at_a_time()  # the callers take it first in their transactions: see there
        if article.printings.exclude(pk__in=[a.pk for a in curated]).exists():
            return  # already imported: importing again changes nothing
    ArticleImport(
        article=article, extraction=extraction, publish=publish, user=user, curated=curated
    ).run(units_given=set(units_given))


class ArticleImport:
    """The import of one article's extraction: its speakers' people and memberships, then
    each statement linked to the quote it repeats (or a new one), its printings held back to
    be written together (HeldPrintings), and the quotes it touched refreshed together."""

    def __init__(self, *, article, extraction: Extraction, publish: bool, user, curated):
        self.article = article
        self.extraction = extraction
        self.publish = publish
        self.user = user
        self.curated = list(curated)
        self.curated_spans = [(a.start, a.end) for a in self.curated]
        self.people = {}  # each speaker's person by their name; None for an institution
        self.units = {}  # known_unit's answers for this article
        self.held = HeldPrintings(article)
        # Quotes whose derived data wait to be refreshed together (lifecycle.refresh_all),
        # before anything that reads or changes them again: linking a later statement to a
        # quote already in the archive, publishing, returning.
        self.pending: list[Quote] = []
        # The quotes this article's earlier statements made: a later statement is another one
        # (the extraction told them apart) unless it prints their words again whole. So the
        # cost of a statement stays bounded whatever the article: 700 look-alike sentences of
        # one speaker do not grow into one quote that every next sentence is compared with.
        self.made_here: set[int] = set()
        self.taken: set[int] = set()  # where the quotations stored start
        self.to_publish: list[Quote] = []  # the statements the machine is sure of
        # The statement being linked across languages: its language and the evidence.
        self.translations = TranslationLinks(article)
        # Each quotation's fingerprint keys (by id(): the quotations live as long as this),
        # and their postings in the index, read once for the whole article.
        self.keys: dict[int, list[int]] = {}
        self.postings = Postings()

    def run(self, units_given=frozenset()) -> None:
        """Import the article: its people, then its statements, one after another.
        `units_given`: as import_extraction takes it."""
        self.resolve_people()
        self.record_memberships(units_given)
        quotations = self.quotations()
        self.recredit_curated(quotations)
        self.translations.read_article(quotations)
        self.keys = {id(q): fingerprint_keys(q.text) for q in quotations}
        self.postings.read(key for keys in self.keys.values() for key in keys)
        done, reported = 0, 0
        progress.report(0, len(quotations))
        for group in statements(quotations):
            done += len(group)
            group = self.untaken(group)
            if group:
                self.import_statement(group)
            if done - reported >= PROGRESS_EVERY:
                progress.report(done, len(quotations))
                reported = done
        self.refresh_pending()
        if self.publish:
            lifecycle.publish(self.to_publish, user=self.user, note="imported for publication")

    def resolve_people(self) -> None:
        """Each speaker's person: found, or made (person_for)."""
        speakers = self.extraction.speakers
        # Read before any unit is made below, and no person_for makes one.
        outlets, unit_keys = institutions(self.article, [s.name for s in speakers.values()])
        self.people = {
            name: person_for(
                speaker,
                article=self.article,
                outlets=outlets,
                units=self.units,
                unit_keys=unit_keys,
            )
            for name, speaker in speakers.items()
        }

    def record_memberships(self, units_given=frozenset()) -> None:
        """Each person's units, as this article states them, with the rank and role; those
        the archivist gave (`units_given`, by the speaker's name) as an archivist's are, by
        lifecycle.add_membership."""
        for name, speaker in self.extraction.speakers.items():
            if self.people[name] is None:
                continue
            if name in units_given:
                self.record_given(self.people[name], speaker)
                continue
            for printed in speaker.units:
                Membership.objects.get_or_create(
                    person=self.people[name],
                    unit=unit_for(printed, memo=self.units),
                    article=self.article,
                    defaults={
                        "rank": speaker.rank[:100],
                        "role": speaker.role[:200],
                        "doubt": speaker.unit_doubts.get(printed, "")[:300],
                    },
                )

    def record_given(self, person, speaker: Speaker) -> None:
        """The units the archivist gave a person in the preview, each once."""
        stated = set(
            Membership.objects.filter(person=person, article=self.article).values_list(
                "unit", flat=True
            )
        )
        for printed in speaker.units:
            unit = unit_for(printed, memo=self.units)
            if unit.pk not in stated:
                stated.add(unit.pk)
                lifecycle.add_membership(
                    person=person,
                    unit=unit,
                    article=self.article,
                    rank=speaker.rank[:100],
                    role=speaker.role[:200],
                    user=self.user,
                    note=PREVIEW_NOTE,
                )

    def quotations(self) -> list[Quotation]:
        """The quotations to store: those in the body whose offsets cut out their text, an
        institution's credited to its name as a description."""
        # A headline printed only in the title has no place in the body to point at.
        in_body = [q for q in self.extraction.quotations if not getattr(q, "in_title", False)]
        quotations = [described(q, self.people) for q in in_body if valid(q, self.article.body)]
        dropped = len(in_body) - len(quotations)
        if dropped:
            logger.warning(
                "article %s: %d quotations with bad offsets dropped", self.article.pk, dropped
            )
        return quotations

    def recredit_curated(self, quotations: list[Quotation]) -> None:
        """Whom the article credits is read from its text, so a curated printing gets the new
        reading of it too; whether that contradicts its quote is the archivist's to settle."""
        curated_at = {a.start: a for a in self.curated}
        for quotation in quotations:
            if quotation.start in curated_at:
                printing = curated_at[quotation.start]
                fields = credit(quotation, self.extraction.speakers, self.people)
                for name, value in fields.items():
                    setattr(printing, name, value)
                printing.save(update_fields=list(fields))
                record_conflicts(quote=printing.quote, printings=[printing])

    def untaken(self, group: list[Quotation]) -> list[Quotation]:
        """The quotations of a statement not stored yet, nor overlapping a curated printing;
        they are taken."""
        group = [
            q
            for q in group
            if q.start not in self.taken
            and not any(s < q.end and q.start < e for s, e in self.curated_spans)
        ]
        self.taken.update(q.start for q in group)
        return group

    def import_statement(self, group: list[Quotation]) -> None:
        """Link one statement (its quotations) and hold its printings back."""
        keys = [self.keys[id(q)] for q in group]
        if self.held.needed_by(group, keys):
            self.write_held()
        person = self.people.get(group[0].speaker) if group[0].speaker else None
        self.translations.start()
        quote, created, suggested = self.link(group, person, keys)
        printings = [self.printing(quotation, quote) for quotation in group]
        self.translations.set_language(printings)
        self.held.hold(HeldStatement(quote, person, printings, keys, created), suggested)
        self.pending.append(quote)
        if self.publishable(group, person, quote):
            self.to_publish.append(quote)

    def printing(self, quotation: Quotation, quote: Quote) -> Printing:
        """The printing of `quote` that a quotation is (not saved)."""
        return Printing(
            quote=quote,
            article=self.article,
            text=quotation.text,
            start=quotation.start,
            end=quotation.end,
            segments=[list(s) for s in quotation.segments],
            attribution=quotation.attribution[:500],
            # The article's language, unless the quotation's own words are in another.
            language=language_within(quotation.text, self.article.language),
            **credit(quotation, self.extraction.speakers, self.people),
        )

    def publishable(self, group: list[Quotation], person, quote: Quote) -> bool:
        """Only what the machine is sure of is published unreviewed: a statement one of whose
        printings it is sure credits the quote's speaker. The rest waits, with its doubt."""
        speaker = self.extraction.speakers.get(group[0].speaker) if person else None
        sure = not any(doubt_of(q, speaker) for q in group)
        return sure and quote.person_id == (person.pk if person else None)

    def write_held(self) -> None:
        """Write what is held back (HeldPrintings.write), its keys counted in `postings`."""
        keys = [k for statement in self.held.statements for k in statement.keys]
        self.made_here.update(quote.pk for quote in self.held.write())
        self.postings.indexed(keys)

    def refresh_pending(self, needed=None) -> None:
        """Refresh the quotes waiting to be, with what is held back written first; with
        `needed`, only when one of those quotes waits: the others are not read or changed."""
        if needed is None or {q.pk for q in needed} & {q.pk for q in self.pending}:
            self.write_held()
            # Each quote once (the last object of it: the statements that linked to it
            # after another gave it its printings hold one each).
            lifecycle.refresh_all(list({quote.pk: quote for quote in self.pending}.values()))
            self.pending.clear()

    def link(
        self, group: list[Quotation], person, keys: list[list[int]]
    ) -> tuple[Quote, bool, list[MergeSuggestion]]:
        """The quote this statement repeats (merging quotes it shows to be one), or a new,
        suggested one; whether it is new; and a new quote's suggestions. A new quote and its
        suggestions are not saved yet: they are written with its printings.

        A quote keeps its person when an outlet credits the same words to someone else (the
        conflict is recorded with the printings); a quote with no person takes the new
        printing's. Only a quote already in the archive that is merged or given a speaker has
        the pending refresh done first (refresh_pending): a quote that just gains a printing
        is refreshed with the others later, once."""
        sure, possible = self.matches([q.text for q in group], person, keys)
        if not sure and person is not None:
            sure, possible = self.translations.link(
                [q.text for q in group], person, possible, apart=self.made_here
            )
        if sure:
            quote = self.join(sure)
            if quote.is_public and not self.publish:
                possible = [(quote, 1.0)]  # the new printing waits for review beside it
            else:
                if quote.person_id is None and person is not None:
                    self.refresh_pending(sure)
                    quote = lifecycle.change_speaker(
                        quote, person=person, note="named by a newly imported printing"
                    )
                    self.translations.speakers_changed()
                return quote, False, []
        quote, suggested = self.new_quote(group, person, possible)
        return quote, True, suggested

    def matches(
        self, texts: list[str], person, keys: list[list[int]]
    ) -> tuple[list[Quote], list[tuple[Quote, float]]]:
        """find_matches for a statement of this article, which is surely none of the quotes
        its earlier statements made (`made_here`). A later statement is compared with every
        printing of the older quotes it may repeat: those held back are written first, and
        the quotes read again. `keys`: each text's fingerprint keys."""
        candidates = choose_candidates(texts, keys=set().union(*keys), postings=self.postings)
        if self.held.holds_printings_of(candidates.ids):
            self.write_held()
            candidates = candidates.read_again()
        return find_matches(texts, person=person, apart=self.made_here, candidates=candidates)

    def join(self, sure: list[Quote]) -> Quote:
        """The first quote a statement surely repeats, with those of the others it shows to be
        the same statement merged into it."""
        quote = sure[0]
        covered = set(quote.found_sentences)
        for other in sure[1:]:
            # Two quotes are shown to be one statement by a printing that holds them both,
            # each of its sentences found in one of them; a quote that holds only sentences
            # found already is just alike (look-alike sentences of one speaker), not joined.
            if other.found_sentences <= covered:
                continue
            covered |= other.found_sentences
            if other.person_id in (None, quote.person_id) or quote.person_id is None:
                self.refresh_pending(sure)
                quote = lifecycle.merge(
                    source=other, target=quote, note="one statement, as a new printing shows"
                )
                self.translations.speakers_changed()
        return quote

    def new_quote(
        self, group: list[Quotation], person, possible: list[tuple[Quote, float]]
    ) -> tuple[Quote, list[MergeSuggestion]]:
        """A new quote for a statement, suggested for merging into each quote it may repeat
        (`possible`). It is made with what its refresh would derive from its printings in the
        article (the only ones it has), so that the refresh finds nothing to write."""
        in_order = sorted(group, key=lambda q: q.start)
        quote = Quote(
            text=canonical_text([[q.text for q in in_order]]),
            first_published=self.article.published,
            reach=1 if self.article.outlet_id else 0,
            person=person,
            speaker_description="" if person else group[0].speaker_description[:300],
        )
        # A new quote has no suggestions yet, and `possible` names each candidate once.
        suggested = [
            MergeSuggestion(
                quote=quote,
                candidate=candidate,
                score=score,
                evidence=self.translations.evidence.get(candidate.pk, {}),
            )
            for candidate, score in possible
        ]
        return quote, suggested
