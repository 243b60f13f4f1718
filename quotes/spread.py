"""The lineage of public quotes as every surface reads it (the permalink, the API, the
downloads, the feed and the quote list's filter): the standing edges (inferred or confirmed,
never dismissed) and the standing alterations of each article's printing."""

from django.db.models import Exists, OuterRef

from . import public
from .models import Alteration, Decision, Derivation


def standing(model):
    return model.objects.exclude(decision=Decision.DISMISSED)


def derivations(quote_ids) -> dict[tuple[int, int], Derivation]:
    """{(quote id, article id): its standing Derivation}, each with its source article and
    that article's outlet."""
    rows = standing(Derivation).filter(quote__in=quote_ids).select_related("source__outlet")
    return {
        (row.quote_id, row.article_id): row for row in rows.defer("source__raw", "source__body")
    }


def alterations(quote_ids) -> dict[tuple[int, int], list[Alteration]]:
    """{(quote id, article id): its standing Alterations, in the order they were found}."""
    found: dict[tuple[int, int], list[Alteration]] = {}
    for row in standing(Alteration).filter(quote__in=quote_ids).order_by("pk"):
        found.setdefault((row.quote_id, row.article_id), []).append(row)
    return found


def altered(quotes):
    """`quotes` that have a printing with a standing alteration."""
    return quotes.filter(Exists(standing(Alteration).filter(quote=OuterRef("pk"))))


def recent_alterations(limit=50):
    """The newest standing alterations of public quotes, newest first, for the feed."""
    return (
        standing(Alteration)
        .filter(quote__in=public.quotes())
        .select_related("quote__person", "article__outlet")
        .defer("article__raw", "article__body")
        .order_by("-created_at", "-pk")[:limit]
    )


def lineage_fields(derivation, found, article_fields) -> dict:
    """A printing's `derived_from` and `alterations` as the API and the downloads give
    them: `article_fields` writes the source article in the surface's own shape."""
    return {
        "derived_from": None
        if derivation is None or derivation.source_id is None
        else {
            "article": article_fields(derivation.source),
            "evidence": derivation.evidence,
            "strength": derivation.strength,
        },
        "alterations": [
            {"kind": a.kind, "others": a.others, "printed": a.printed} for a in found or []
        ],
    }
