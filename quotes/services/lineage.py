"""Lineage kept with a statement's printings: which article each printing took its words from
(Derivation) and which printings alter what was said (Alteration), worked out by
quotes.lineage whenever a statement's printings change (lifecycle.refresh_all, which
linking, merging, splitting and re-extraction call), and an archivist's decision on each.

A decided edge or flag stays decided: a confirmed edge is kept whatever the words say, a
dismissed one is never inferred again, and a flag keeps its decision while its words stand."""

import hashlib

from django.utils import timezone

from quotes import lineage, public
from quotes.models import LIST_ORDER, Alteration, Decision, Derivation, Printing, Quote

# Other statements of a speaker read for splices, at most.
ELSEWHERE_LIMIT = 300


def _statements(quote_ids) -> dict[int, dict[int, dict]]:
    """Each quote's printings by article: {quote: {article: {text, day, ...}}}."""
    rows = (
        Printing.objects.filter(quote__in=quote_ids)
        .order_by("quote_id", "article__archived_at", "article_id", "start")
        .values_list(
            "quote_id",
            "article_id",
            "text",
            "printed_on",
            "language",
            "article__language",
            "article__outlet__name",
            "person__name",
        )
    )
    found: dict[int, dict[int, dict]] = {}
    for quote_id, article_id, text, day, language, article_language, outlet, person in rows:
        articles = found.setdefault(quote_id, {})
        entry = articles.setdefault(
            article_id,
            {
                "texts": [],
                "day": day,
                "language": language or article_language or "",
                "outlet": outlet or "",
                "speaker": person or "",
                "order": len(articles),
            },
        )
        entry["texts"].append(text)
    return found


def _elsewhere(quotes, excluded) -> dict[int, list[str]]:
    """The texts of each speaker's other public statements (for splices), by person id, not
    those of `excluded`: a splice's flag prints the other statement's words, so never an
    unpublished one's. The ELSEWHERE_LIMIT latest of each speaker in the list's order, which
    an index holds for each person: one query a speaker, each reading no more than that. (The
    latest of all the speakers together, by id, walked the whole table backwards for a
    speaker with few quotes: 16 ms an article at 1,000,000 printings.)"""
    texts: dict[int, list[str]] = {}
    for person_id in sorted({q.person_id for q in quotes if q.person_id}):
        theirs = public.quotes().filter(person=person_id).exclude(pk__in=excluded)
        rows = theirs.order_by(*LIST_ORDER).values_list("text", flat=True)[:ELSEWHERE_LIMIT]
        texts[person_id] = list(rows)
    return texts


def _key(article_id, flag) -> str:
    text = "\x1f".join([str(article_id), flag.kind, flag.others, flag.printed])
    return hashlib.sha256(text.encode()).hexdigest()


def _decisions(ids) -> tuple[dict, dict]:
    """The archivists' decisions on these quotes' edges: ({quote: {article: source}} of the
    confirmed, {quote: {(article, source)}} of the dismissed)."""
    fixed, refused = {}, {}
    decided = Derivation.objects.filter(quote__in=ids).exclude(decision=Decision.INFERRED)
    for row in decided.values_list("quote_id", "article_id", "source_id", "decision"):
        quote_id, article_id, source_id, decision = row
        if decision == Decision.CONFIRMED:
            fixed.setdefault(quote_id, {})[article_id] = source_id
        else:
            refused.setdefault(quote_id, set()).add((article_id, source_id))
    return fixed, refused


def _inputs(articles: dict[int, dict]) -> list:
    return [
        lineage.PrintingIn(
            key=article_id,
            # Each piece its own paragraph: a piece printed without a full stop (a headline's
            # words) must not run into the next as one sentence.
            text="\n".join(entry["texts"]),
            printed=entry["day"],
            outlet=entry["outlet"],
            language=entry["language"],
            speaker=entry["speaker"],
            order=entry["order"],
        )
        for article_id, entry in articles.items()
    ]


def refresh_lineage(quotes: list[Quote]) -> None:
    """Work out again the lineage and alterations of `quotes` from their printings, keeping
    every archivist's decision."""
    if not quotes:
        return
    ids = [q.pk for q in quotes]
    statements = _statements(ids)
    # Only a statement printed by two articles or more is compared (below).
    compared = [quote for quote in quotes if len(statements.get(quote.pk, {})) >= 2]
    elsewhere = _elsewhere(compared, ids)
    fixed, refused = _decisions(ids)
    Derivation.objects.filter(quote__in=ids, decision=Decision.INFERRED).delete()
    derivations, flags = [], {}
    for quote in quotes:
        articles = statements.get(quote.pk, {})
        if len(articles) < 2:
            continue
        printings = _inputs(articles)
        confirmed = fixed.get(quote.pk, {})
        edges = lineage.infer(
            printings, fixed=confirmed, refused=frozenset(refused.get(quote.pk, ()))
        )
        derivations += [
            Derivation(
                quote=quote,
                article_id=edge.copy,
                source_id=edge.source,
                evidence=edge.evidence[:500],
                strength=edge.strength,
            )
            for edge in edges
            if edge.copy not in confirmed
        ]
        for flag in lineage.flag(printings, elsewhere=elsewhere.get(quote.person_id, [])):
            flags[(quote.pk, flag.printing, _key(flag.printing, flag))] = (quote, flag)
    Derivation.objects.bulk_create(derivations)
    _write_alterations(ids, flags)


def _write_alterations(ids, flags: dict) -> None:
    """Store the flags found ({(quote, article, key): (quote, Flag)}): new ones added, the
    inferred ones no longer found removed, decided ones kept as they are."""
    kept = dict(
        ((q, a, k), d)
        for q, a, k, d in Alteration.objects.filter(quote__in=ids).values_list(
            "quote_id", "article_id", "key", "decision"
        )
    )
    for quote_id, article_id, key in [
        k for k, d in kept.items() if d == Decision.INFERRED and k not in flags
    ]:
        Alteration.objects.filter(quote_id=quote_id, article_id=article_id, key=key).delete()
    Alteration.objects.bulk_create(
        Alteration(
            quote=quote,
            article_id=flag.printing,
            kind=flag.kind,
            others=flag.others,
            printed=flag.printed,
            key=where[2],
        )
        for where, (quote, flag) in flags.items()
        if where not in kept
    )


def record_decision(record, *, confirm: bool, user=None) -> None:
    """An archivist's decision on an inferred edge (Derivation) or flag (Alteration), called
    by lifecycle.decide_lineage. Dismissing an edge works the statement out again without
    it, so that the next most likely source (or none) stands in its place."""
    model = type(record)
    record = model.objects.select_for_update().get(pk=record.pk)
    record.decision = Decision.CONFIRMED if confirm else Decision.DISMISSED
    record.decided_by = user
    record.decided_at = timezone.now()
    record.save(update_fields=["decision", "decided_by", "decided_at"])
    if model is Derivation and not confirm:
        refresh_lineage([record.quote])


def move_decisions(*, source: Quote, target: Quote) -> None:
    """Carry the decisions on a merged quote's lineage over to its survivor."""
    Derivation.objects.filter(quote=source, decision=Decision.INFERRED).delete()
    for model in (Derivation, Alteration):
        model.objects.filter(quote=source).exclude(decision=Decision.INFERRED).exclude(
            article__in=model.objects.filter(quote=target).values("article")
        ).update(quote=target)
