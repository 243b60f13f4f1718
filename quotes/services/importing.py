"""Turning an archived article's extraction into people, units, quotes and printings."""

import logging
from collections import Counter, defaultdict
from dataclasses import replace

from django.db import transaction

from archive.services import one_import_at_a_time
from verbatim import pagecache

from ..extraction import Extraction, Quotation, Speaker
from ..matching import (
    MIN_SHARED_KEYS,
    canonical_text,
    choose_candidates,
    find_matches,
    fingerprint_keys,
    index_printings,
    printed_again,
    sentence_list,
)
from ..models import (
    Membership,
    MergeSuggestion,
    Printing,
    Quote,
)
from . import ahead, lifecycle
from .attribution import record_conflicts
from .people import institutions, person_for
from .units import unit_for

logger = logging.getLogger(__name__)

# A fingerprint key printed by more of an article's new statements than this is too common to
# tell by which of them a later statement repeats (look-alike sentences share most keys).
HELD_POSTINGS = 20


def extract_from_article(sender, *, article, publish=False, user=None, **kwargs):
    """Receiver of `archive.signals.article_archived`."""
    import_extraction(
        article=article,
        extraction=ahead.extraction_of(
            article.body, article.title, article.outlet.name if article.outlet_id else ""
        ),
        publish=publish,
        user=user,
        new=True,
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
    *, article, extraction: Extraction, publish: bool = False, user=None, keep=(), new=False
) -> None:
    """Store the article's quotations, linking each statement to the quote it repeats.

    Unless `publish` (an editor's import, or one run with --publish, by `user`), what the
    machine found waits for review: new quotes are suggested, and a new printing of a
    published quote becomes a suggested quote with a sure merge suggestion into it. With
    `publish`, so does every statement the machine is unsure of (a printing with a doubt:
    doubt_of), which waits with the reason and the alternatives on its printings.

    `keep` are printings of this article an archivist has curated (when it is read again):
    quotations overlapping one of them are not stored again.

    `new`: the article was stored a moment ago in this transaction (article_archived is sent
    so), which holds the import lock: nothing of it is stored yet, and no lock is needed."""
    if not new:
        one_import_at_a_time()  # the callers take it first in their transactions: see there
        if article.printings.exclude(pk__in=[a.pk for a in keep]).exists():
            return  # already imported: importing again changes nothing
    # Read before any unit is made below, and no person_for makes one.
    outlets, unit_keys = institutions(article, [s.name for s in extraction.speakers.values()])
    units = {}  # known_unit's answers for this article
    people = {
        name: person_for(
            speaker, article=article, outlets=outlets, units=units, unit_keys=unit_keys
        )
        for name, speaker in extraction.speakers.items()
    }
    for name, speaker in extraction.speakers.items():
        if people[name] is None:
            continue
        for printed in speaker.units:
            Membership.objects.get_or_create(
                person=people[name],
                unit=unit_for(printed, memo=units),
                article=article,
                defaults={
                    "rank": speaker.rank[:100],
                    "role": speaker.role[:200],
                    "doubt": speaker.unit_doubts.get(printed, "")[:300],
                },
            )

    # A headline printed only in the title has no place in the body to point at.
    in_body = [q for q in extraction.quotations if not getattr(q, "in_title", False)]
    quotations = [described(q, people) for q in in_body if valid(q, article.body)]
    dropped = len(in_body) - len(quotations)
    if dropped:
        logger.warning("article %s: %d quotations with bad offsets dropped", article.pk, dropped)

    # Whom the article credits is read from its text, so a curated printing gets the new
    # reading of it too; whether that contradicts its quote is the archivist's to settle.
    kept_at = {a.start: a for a in keep}
    for quotation in quotations:
        if quotation.start in kept_at:
            printing = kept_at[quotation.start]
            fields = credit(quotation, extraction.speakers, people)
            for name, value in fields.items():
                setattr(printing, name, value)
            printing.save(update_fields=list(fields))
            record_conflicts(quote=printing.quote, printings=[printing])

    to_publish = []  # the statements the machine is sure of, published with `publish`
    # Quotes whose derived data wait to be refreshed together (lifecycle.refresh_all), before
    # anything that reads or changes them again: linking a later statement to a quote already
    # in the archive, publishing, returning.
    pending = []
    # New quotes and the printings of every statement wait to be written together, in one
    # insert each (quotes, their history and suggestions; printings, their history, their
    # fingerprints), until something could read them: matching a later statement that shares
    # a fingerprint key with an older quote's printings among them, or that prints a new
    # quote's words again (`repeats_held`: the only way a later statement of the article
    # joins a new quote), comparing a later statement with an older quote they are printings
    # of (`reading`), refreshing or changing their quotes.
    unwritten = []  # (quote, person, printings, their keys, whether the quote is new)
    # The keys of the held-back printings of older quotes, which a later statement may
    # repeat; and, for each key, the held-back new quotes (their places in `unwritten`) that
    # print it, which a later statement repeats only by printing their words again or theirs
    # its own (see made_here). A key more of them print is too common to tell by.
    unwritten_keys = set()
    held = defaultdict(list)
    suggestions = []  # the new quotes' MergeSuggestions
    # The quotes this article's earlier statements made: a later statement is another one
    # (the extraction told them apart) unless it prints their words again whole. So the cost
    # of a statement stays bounded whatever the article: 700 look-alike sentences of one
    # speaker do not grow into one quote that every next sentence is compared with.
    made_here = set()

    def write_printings():
        if not unwritten:
            return
        quotes = [quote for quote, *_, created in unwritten if created]
        if quotes:
            Quote.objects.bulk_create(quotes)
            made_here.update(quote.pk for quote in quotes)
            # No reason given, as save() records it (bulk_history_create's default is "").
            Quote.history.bulk_history_insert(quotes, default_change_reason=None)
            MergeSuggestion.objects.bulk_create(suggestions)
            suggestions.clear()
        printings = [a for _, _, group, _, _ in unwritten for a in group]
        for printing in printings:
            printing.copy_article_fields()  # as save() would; bulk_create calls no save()
        Printing.objects.bulk_create(printings)
        # No reason given, as save() records it (bulk_history_create's default is "").
        Printing.history.bulk_history_insert(printings, default_change_reason=None)
        index_printings(
            printings, unindexed=True, keys=[k for *_, keys, _ in unwritten for k in keys]
        )
        # An older quote's printings in the article, with those an earlier statement or an
        # archivist gave it here, as when each statement's printings were written in turn: a
        # later one's are theirs to check, with their own speaker. Read once for them all.
        older = [(quote, group) for quote, _, group, _, created in unwritten if not created]
        here = defaultdict(list)
        if any(quote.person_id for quote, _ in older):
            last = max(group[-1].pk for _, group in older)
            ids = {quote.pk for quote, _ in older if quote.person_id}
            for printing in article.printings.filter(quote__in=ids, pk__lte=last):
                here[printing.quote_id].append(printing)
        for quote, person, group, _, created in unwritten:
            if created:  # its printings in the article are these
                printed = sorted(group, key=lambda a: a.start)
            else:
                printed = [a for a in here[quote.pk] if a.pk <= group[-1].pk]
            record_conflicts(quote=quote, printings=printed, person=person)
        unwritten.clear()
        unwritten_keys.clear()
        held.clear()
        pagecache.changed()  # bulk_create sends no post_save

    def repeats_held(group, keys):
        # Whether the statement prints again a held-back new quote's words, or it the
        # statement's: then it is written, for find_matches to find.
        shared = Counter(
            place
            for key in set().union(*keys)
            if len(held.get(key, ())) <= HELD_POSTINGS
            for place in held.get(key, ())
        )
        new = [s for q in group for s in sentence_list(q.text)]
        for place, count in shared.items():
            if count >= MIN_SHARED_KEYS:
                old = [s for a in unwritten[place][2] for s in sentence_list(a.text)]
                if printed_again(new, old):
                    return True
        return False

    def reading(quote_ids):
        # A later statement is compared with every printing of the older quotes it may repeat:
        # whether any was held back, and is written now (find_matches reads them again).
        if any(quote.pk in quote_ids for quote, *_, created in unwritten if not created):
            write_printings()
            return True
        return False

    def refresh_pending(needed=None):
        # Only when one of the `needed` quotes waits: the others are not read or changed.
        if needed is None or {q.pk for q in needed} & {q.pk for q in pending}:
            write_printings()
            # Each quote once (the last object of it: the statements that linked to it
            # after another gave it its printings hold one each).
            lifecycle.refresh_all(list({quote.pk: quote for quote in pending}.values()))
            pending.clear()

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
        keys = [fingerprint_keys(q.text) for q in group]
        if any(not unwritten_keys.isdisjoint(k) for k in keys) or repeats_held(group, keys):
            write_printings()
        person = people.get(group[0].speaker) if group[0].speaker else None
        quote, created, suggested = link_statement(
            group,
            person=person,
            publish=publish,
            before=refresh_pending,
            reading=reading,
            article=article,
            apart=made_here,
        )
        suggestions.extend(suggested)
        printings = [
            Printing(
                quote=quote,
                article=article,
                text=quotation.text,
                start=quotation.start,
                end=quotation.end,
                segments=[list(s) for s in quotation.segments],
                attribution=quotation.attribution[:500],
                **credit(quotation, extraction.speakers, people),
            )
            for quotation in group
        ]
        unwritten.append((quote, person, printings, keys, created))
        if created:
            for key in set().union(*keys):
                if len(held[key]) <= HELD_POSTINGS:
                    held[key].append(len(unwritten) - 1)
        else:
            unwritten_keys.update(*keys)
        pending.append(quote)
        # Only what the machine is sure of is published unreviewed: a statement one of whose
        # printings it is sure credits the quote's speaker. The rest waits, with its doubt.
        speaker = extraction.speakers.get(group[0].speaker) if person else None
        sure = not any(doubt_of(q, speaker) for q in group)
        if sure and quote.person_id == (person.pk if person else None):
            to_publish.append(quote)
    refresh_pending()
    if publish:
        lifecycle.publish(to_publish, user=user, note="imported for publication")


def link_statement(
    group: list[Quotation],
    *,
    person,
    publish: bool,
    before=None,
    reading=None,
    article=None,
    apart=frozenset(),
) -> tuple[Quote, bool, list[MergeSuggestion]]:
    """The quote this statement repeats (merging quotes it shows to be one), or a new,
    suggested one; whether it is new; and a new quote's suggestions. A new quote and its
    suggestions are not saved yet: the caller writes them, with its printings.

    A quote keeps its person when an outlet credits the same words to someone else (the
    caller records the conflict); a quote with no person takes the new printing's.
    `before` is called with the quotes already in the archive this statement repeats
    before any of them is changed (merged or given a speaker), and
    `reading` with the ids of the quotes it may repeat before their printings are compared,
    and `apart` are the quotes it is surely not (see find_matches). A new
    quote is made with what its refresh would derive from its printings in `article` (the
    only ones it has), so that the refresh finds nothing to write."""
    texts = [q.text for q in group]
    candidates = choose_candidates(texts)
    if candidates.ids and reading is not None and reading(candidates.ids):
        candidates = candidates.read_again()
    sure, possible = find_matches(texts, person=person, apart=apart, candidates=candidates)
    if sure:
        # Only a quote that is merged or given a speaker needs `before`: a quote that just
        # gains a printing is refreshed with the others later, once.
        ready = before is None

        def changing():
            nonlocal ready
            if not ready:
                before(sure)
                ready = True

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
                changing()
                quote = lifecycle.merge(
                    source=other, target=quote, note="one statement, as a new printing shows"
                )
        if quote.is_public and not publish:
            possible = [(quote, 1.0)]  # the new printing waits for review beside it
        else:
            if quote.person_id is None and person is not None:
                changing()
                quote = lifecycle.change_speaker(
                    quote, person=person, note="named by a newly imported printing"
                )
            return quote, False, []
    derived = {}
    if article is not None:
        in_order = sorted(group, key=lambda q: q.start)
        derived = {
            "text": canonical_text([[q.text for q in in_order]]),
            "first_published": article.published,
            "reach": 1 if article.outlet_id else 0,
        }
    quote = Quote(
        **{"text": group[0].text, **derived},
        person=person,
        speaker_description="" if person else group[0].speaker_description[:300],
    )
    # A new quote has no suggestions yet, and `possible` names each candidate once.
    suggested = [
        MergeSuggestion(quote=quote, candidate=candidate, score=score)
        for candidate, score in possible
    ]
    return quote, True, suggested
