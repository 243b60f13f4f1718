"""Running extraction, attribution and linking again on archived articles, after the rules
improve, without undoing an archivist's work.

What the machine suggested and nobody touched is redone from scratch. A curated quote (published,
rejected, corrected, merged, or holding merged quotes) stays as the archivist left it: where the
new rules read it differently, the difference is reported, and a different speaker becomes an
attribution conflict for the archivist to settle.
"""

import datetime
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from archive.models import Article
from archive.services import one_import_at_a_time

from ..extraction import extract
from ..matching import find_matches, index_printings
from ..models import (
    AttributionConflict,
    Membership,
    MergeSuggestion,
    Person,
    Printing,
    Quote,
)
from ..names import name_key
from . import lifecycle
from .importing import doubt_of, import_extraction
from .languages import label_article


@dataclass
class Report:
    """What re-extracting one article changed, and what it left for an archivist."""

    article: Article
    removed: int = 0  # machine suggestions of the old rules taken away
    added: int = 0  # printings the new rules found and stored (new or linked quotes)
    kept: int = 0  # curated printings left as they were
    conflicts: int = 0  # curated quotes whose speaker the new rules read differently
    relinked: int = 0  # untouched suggestions the current linking joins to another quote
    notes: list[str] = field(default_factory=list)
    started: datetime.datetime = field(default_factory=timezone.now)

    @property
    def changed(self) -> bool:
        return bool(self.removed or self.added or self.conflicts or self.relinked or self.notes)

    def __str__(self):
        head = (
            f"article {self.article.pk} ({self.article.source_file or self.article.title}): "
            f"{self.removed} suggestions removed, {self.added} printings stored, "
            f"{self.kept} curated kept, {self.conflicts} speaker conflicts, "
            f"{self.relinked} relinked"
        )
        return "\n".join([head, *(f"  - {note}" for note in self.notes)])


def curated(quote: Quote) -> bool:
    """An archivist has decided something about this quote: it is not the machine's to redo."""
    return (
        quote.status != Quote.Status.SUGGESTED
        or quote.text_edited
        or quote.merged_into_id is not None
        or quote.merged_quotes.exists()
    )


def reextract_article(*, article: Article) -> Report:
    """Redo the machine's reading of `article`, keeping every curated record as it is."""
    report = Report(article)
    outlet = article.outlet.name if article.outlet_id else ""
    extraction = extract(article.body, title=article.title, outlet=outlet)
    with transaction.atomic():
        one_import_at_a_time()
        printings = list(
            article.printings.select_related("quote__person", "person")
            .prefetch_related("person__alias_set")
            .order_by("start")
        )
        index_printings(printings)  # the index as the current linking rules read it
        if _same_reading(printings, extraction):
            _reassess(printings, extraction)
            report.kept = sum(curated(a.quote) for a in printings)
            for quote in {a.quote for a in printings if not curated(a.quote)}:
                report.relinked += _relink(quote, article)
            label_article(article)  # an archive made before languages were kept gets them
            return report
        kept, redo = [], []
        for printing in printings:
            (kept if curated(printing.quote) else redo).append(printing)
        report.kept = len(kept)

        touched_people = {a.person_id for a in redo} | {a.quote.person_id for a in redo}
        touched_people |= set(article.memberships.values_list("person_id", flat=True))
        quotes = {a.quote for a in redo}
        for printing in redo:
            printing.delete()
        report.removed = len(redo)
        for quote in quotes:
            if quote.printings.exists():
                lifecycle.refresh(quote)
            else:
                quote.delete()
        Membership.objects.filter(article=article).delete()
        _drop_orphans(touched_people - {None})

        import_extraction(article=article, extraction=extraction, curated=kept)
        report.added = article.printings.count() - len(kept)
        _compare_kept(article, extraction, kept, report)
        label_article(article)  # the curated printings kept, and the article itself
    return report


def _relink(quote: Quote, article: Article) -> int:
    """Join an untouched suggestion to the quote the current linking rules say it repeats
    (its permalink then redirects there); 1 if it was joined, else 0."""
    texts = list(quote.printings.filter(article=article).values_list("text", flat=True))
    sure, _ = find_matches(texts, person=quote.person)
    for target in sure:
        if target.pk == quote.pk or target.printings.filter(article=article).exists():
            continue
        if target.is_public:
            # An unreviewed printing joins a published quote only when an editor says so.
            MergeSuggestion.objects.get_or_create(
                quote=quote, candidate=target, defaults={"score": 1.0}
            )
            continue
        try:
            lifecycle.merge(source=quote, target=target, note="re-extraction: one statement")
        except ValueError:
            continue  # another person's quote: linking never joins two named people's quotes
        return 1
    return 0


def _same_reading(printings, extraction) -> bool:
    """The new rules find the same printings, credited to the same speakers."""
    found = [q for q in extraction.quotations if not getattr(q, "in_title", False)]
    if [(a.start, a.text) for a in printings] != sorted((q.start, q.text) for q in found):
        return False
    by_start = {q.start: q for q in found}
    for printing in printings:
        quotation = by_start[printing.start]
        person = printing.person
        if person is None or quotation.speaker is None:
            if person is not None or quotation.speaker is not None:
                return False
            if printing.speaker_description != quotation.speaker_description[:300]:
                return False
            continue
        names = {name_key(n) for n in [person.name, *person.aliases]}
        if name_key(quotation.speaker) not in names:
            return False
    return True


def _reassess(printings, extraction) -> None:
    """How sure the machine now is of each printing it reads the same way: its confidence,
    doubt and alternatives, derived from the current model (an archive made before them, or
    by another model, gets them)."""
    by_start = {q.start: q for q in extraction.quotations if not getattr(q, "in_title", False)}
    changed = []
    for printing in printings:
        quotation = by_start[printing.start]
        speaker = extraction.speakers.get(quotation.speaker) if quotation.speaker else None
        fresh = {
            "confidence": quotation.confidence,
            "doubt": doubt_of(quotation, speaker if printing.person_id else None)[:300],
            "alternatives": quotation.alternatives,
        }
        if any(getattr(printing, name) != value for name, value in fresh.items()):
            for name, value in fresh.items():
                setattr(printing, name, value)
            changed.append(printing)
    if changed:
        Printing.objects.bulk_update(changed, ["confidence", "doubt", "alternatives"])


def _drop_orphans(person_ids):
    """People the old rules made up from this article that nothing refers to any more (a
    place read as a speaker, say): gone with the suggestions that held them."""
    for person in Person.objects.filter(pk__in=person_ids, merged_into__isnull=True):
        if (
            person.quotes.exists()
            or person.credited_printings.exists()
            or person.memberships.exists()
            or person.merged_people.exists()
        ):
            continue
        person.delete()


def _compare_kept(article, extraction, kept, report):
    """Where the new rules read a curated printing differently, say so. (The import has
    already given each kept printing the new reading of whom it credits, and opened an
    attribution conflict where that is not the quote's person.)"""
    by_start = {q.start: q for q in extraction.quotations if not getattr(q, "in_title", False)}
    for printing in kept:
        printing.refresh_from_db()
        quote = printing.quote
        quotation = by_start.get(printing.start)
        if quotation is None:
            report.notes.append(
                f"quote {quote.short_id} ({quote.get_status_display().lower()}): the new rules "
                f"no longer find the printing at {printing.start}; kept as it is"
            )
            continue
        if quotation.text != printing.text:
            report.notes.append(
                f"quote {quote.short_id}: the new rules read the printing at "
                f"{printing.start} as {len(quotation.text)} characters instead of "
                f"{len(printing.text)}; kept as it is"
            )
        conflict = printing.conflicts.filter(
            quote=quote, status=AttributionConflict.Status.OPEN
        ).first()
        if conflict is not None and conflict.created_at >= report.started:
            report.conflicts += 1
            report.notes.append(
                f"quote {quote.short_id}: this article credits {printing.person.name}, the "
                f"quote {quote.person.name}; left for an archivist (attribution conflict)"
            )
