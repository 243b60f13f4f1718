"""Turning an archived article's extraction into people, units, quotes and appearances."""

import logging

from django.db import transaction

from ..extraction import Extraction, Quotation, Speaker, extract
from ..extraction.units import unit_key
from ..matching import canonical_text, find_matches, fingerprint_keys
from ..models import (
    Appearance,
    Fingerprint,
    Membership,
    MergeSuggestion,
    Person,
    Quote,
    Unit,
    name_key,
)
from ..search import refresh_search

logger = logging.getLogger(__name__)


def extract_from_article(sender, *, article, publish=False, **kwargs):
    """Receiver of `archive.signals.article_archived`."""
    import_extraction(
        article=article, extraction=extract(article.body, title=article.title), publish=publish
    )


def person_for(speaker: Speaker) -> Person:
    """The archive's person for a speaker the article names, created if new."""
    people = Person.objects.filter(merged_into__isnull=True)
    person = None
    for name in [speaker.name, *speaker.aliases]:
        person = people.named(name).first()
        if person:
            break
    if person is None:
        # The same person with a middle name or patronymic more or less; only when exactly
        # one person fits, so that two namesakes are never joined by guesswork.
        tokens = set(name_key(speaker.name).split())
        fits = [
            p
            for p in people.sharing_names(speaker.name)[:50]
            if tokens <= set(p.key.split()) or set(p.key.split()) <= tokens
        ]
        person = fits[0] if len(fits) == 1 else None
    if person is None:
        person = Person.objects.create(name=speaker.name, description=speaker.description[:500])
    elif not person.description and speaker.description:
        person.description = speaker.description[:500]
        person.save(update_fields=["description"])
    for name in [speaker.name, *speaker.aliases]:
        person.add_alias(name)
    return person


SMALL_WORDS = {"of", "the", "and", "for", "in", "on", "at", "de", "du", "von"}


def unit_title(name: str) -> str:
    """A unit's name in title case, as unit names are written ("12th separate engineer
    brigade" -> "12th Separate Engineer Brigade"); words already capitalised are kept."""
    words = name.split()
    return " ".join(
        w if (i and w in SMALL_WORDS) or not w[:1].islower() else w[:1].upper() + w[1:]
        for i, w in enumerate(words)
    )


def unit_for(printed_name: str) -> Unit:
    """The archive's unit for a name as printed; spelling variants fold into one unit, and so
    does a name printed with fewer or more qualifiers ("47th Regiment", "47th Aviation
    Regiment") when exactly one unit of that number and kind fits."""
    name = " ".join(printed_name.split())
    key = unit_key(name)
    unit = Unit.objects.filter(key=key).first()
    if unit is None:
        unit = _unit_by_qualifiers(key)
    if unit is None:
        unit = Unit.objects.create(name=unit_title(name))
    if name != unit.name and name not in unit.aliases:
        unit.aliases = [*unit.aliases, name]
        unit.save(update_fields=["aliases"])
    return unit


def _unit_by_qualifiers(key: str) -> Unit | None:
    """The one unit with the same number and unit noun whose other words hold this name's,
    or are held by them; None when none or several fit."""
    tokens = key.split()
    if len(tokens) < 2 or not tokens[0].isdigit():
        return None
    words = set(tokens)
    fits = []
    for unit in Unit.objects.filter(key__startswith=f"{tokens[0]} ", key__endswith=tokens[-1]):
        # The unit's own name only: a shorter alias would bridge to units it is not.
        other = set(unit.key.split())
        if words <= other or other <= words:
            fits.append(unit)
    return fits[0] if len(fits) == 1 else None


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


@transaction.atomic
def import_extraction(
    *, article, extraction: Extraction, publish: bool = False, keep=()
) -> list[Quote]:
    """Store the article's quotations, linking each statement to the quote it repeats.

    `keep` are printings of this article an archivist has curated (when it is read again):
    quotations overlapping one of them are not stored again."""
    if article.appearances.exclude(pk__in=[a.pk for a in keep]).exists():
        return []  # already imported: importing again changes nothing
    people = {name: person_for(speaker) for name, speaker in extraction.speakers.items()}
    for name, speaker in extraction.speakers.items():
        for printed in speaker.units:
            Membership.objects.get_or_create(
                person=people[name], unit=unit_for(printed), article=article
            )

    # A headline printed only in the title has no place in the body to point at.
    in_body = [q for q in extraction.quotations if not getattr(q, "in_title", False)]
    quotations = [q for q in in_body if valid(q, article.body)]
    dropped = len(in_body) - len(quotations)
    if dropped:
        logger.warning("article %s: %d quotations with bad offsets dropped", article.pk, dropped)

    touched = []
    taken = set()
    kept = [(a.start, a.end) for a in keep]
    for group in statements(quotations):
        group = [
            q
            for q in group
            if q.start not in taken and not any(s < q.end and q.start < e for s, e in kept)
        ]
        if not group:
            continue
        taken.update(q.start for q in group)
        person = people.get(group[0].speaker) if group[0].speaker else None
        quote = link_statement(group, person=person, publish=publish)
        for quotation in group:
            appearance = Appearance.objects.create(
                quote=quote,
                article=article,
                text=quotation.text,
                start=quotation.start,
                end=quotation.end,
                segments=[list(s) for s in quotation.segments],
                attribution=quotation.attribution[:500],
            )
            Fingerprint.objects.bulk_create(
                Fingerprint(appearance=appearance, key=key)
                for key in fingerprint_keys(quotation.text)
            )
        refresh_quote(quote)
        touched.append(quote)
    return touched


def refresh_quote(quote: Quote) -> None:
    """Recompute what a quote derives from its printings (canonical text unless an archivist
    corrected it, search index, first publication date) after they change."""
    if not quote.text_edited:
        printings = {}
        for printed in quote.appearances.order_by("article_id", "start"):
            printings.setdefault(printed.article_id, []).append(printed.text)
        quote.text = canonical_text(list(printings.values()))
        quote.save(update_fields=["text", "updated_at"])
    refresh_search([quote])
    quote.refresh_dates()


def link_statement(group: list[Quotation], *, person, publish: bool) -> Quote:
    """The quote this statement repeats (merging quotes it shows to be one), or a new one."""
    from .merging import merge_quotes

    sure, possible = find_matches([q.text for q in group], person=person)
    if sure:
        quote = sure[0]
        for other in sure[1:]:
            if other.person_id in (None, quote.person_id) or quote.person_id is None:
                quote = merge_quotes(source=other, target=quote)
        if quote.person_id is None and person is not None:
            quote.person = person
            quote.speaker_description = ""
        if publish and quote.status == Quote.Status.SUGGESTED:
            quote.status = Quote.Status.PUBLISHED
        quote.save()
        return quote
    quote = Quote.objects.create(
        text=group[0].text,
        person=person,
        speaker_description="" if person else group[0].speaker_description[:300],
        status=Quote.Status.PUBLISHED if publish else Quote.Status.SUGGESTED,
    )
    for candidate, score in possible:
        MergeSuggestion.objects.get_or_create(
            quote=quote, candidate=candidate, defaults={"score": score}
        )
    return quote
